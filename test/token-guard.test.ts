import { describe, expect, it } from 'vitest';
import {
  assertNoSecret,
  findSecretLeaks,
  guardSecret,
  TEST_TOKEN,
  withoutMaskCommands,
} from './helpers/secrets.js';

describe('the token guard', () => {
  it('finds a registered token anywhere in a text', () => {
    expect(findSecretLeaks(`Authorization: Bearer ${TEST_TOKEN}\n`)).toEqual([TEST_TOKEN]);
    expect(findSecretLeaks('Authorization: Bearer ***')).toEqual([]);
    guardSecret('another-secret-value');
    expect(() => assertNoSecret('x another-secret-value y', 'a file')).toThrow('a token leaked into a file');
  });

  it("lets through only the runner's mask command, nothing else on the same log", () => {
    const log = `::add-mask::${TEST_TOKEN}\nok\n::debug::Bearer ${TEST_TOKEN}\n`;
    expect(findSecretLeaks(withoutMaskCommands(log))).toEqual([TEST_TOKEN]);
    expect(findSecretLeaks(withoutMaskCommands(`::add-mask::${TEST_TOKEN}\nok\n`))).toEqual([]);
  });
});
