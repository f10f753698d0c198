import { describe, expect, it } from 'vitest';
import { assertNoSecret, findSecretLeaks, guardSecret, TEST_TOKEN } from './helpers/secrets.js';

describe('the token guard', () => {
  it('finds a registered token anywhere in a text', () => {
    expect(findSecretLeaks(`Authorization: Bearer ${TEST_TOKEN}\n`)).toEqual([TEST_TOKEN]);
    expect(findSecretLeaks('Authorization: Bearer ***')).toEqual([]);
    guardSecret('another-secret-value');
    expect(() => assertNoSecret('x another-secret-value y', 'a file')).toThrow('a token leaked into a file');
  });
});
