import { describe, expect, it } from 'vitest';
import { plural } from '../../src/trust/text.js';

describe('plural', () => {
  it('counts in words: one, else many, a verb given both forms', () => {
    expect([0, 1, 2].map((n) => `${n} ${plural(n, 'commit')} ${plural(n, 'is', 'are')}`)).toEqual([
      '0 commits are',
      '1 commit is',
      '2 commits are',
    ]);
  });
});
