import { describe, expect, it } from 'vitest';
import { jsonSyntaxProblem, plural, showInvisible } from '../../src/trust/text.js';

describe('text rules', () => {
  it('counts in words: one, else many, a verb given both forms', () => {
    expect([0, 1, 2].map((n) => `${n} ${plural(n, 'commit')} ${plural(n, 'is', 'are')}`)).toEqual([
      '0 commits are',
      '1 commit is',
      '2 commits are',
    ]);
  });

  it('places a JSON syntax error by line and column, never quoting the text', () => {
    const problem = (text: string) => {
      try {
        JSON.parse(text);
      } catch (error) {
        return jsonSyntaxProblem(error, text);
      }
    };
    expect(['  ', '{"a": 1}\n}', '[1,\n 2,\n x]'].map(problem)).toEqual([
      'it is empty',
      'it is not valid JSON (line 2, column 1)',
      'it is not valid JSON (line 3, column 2)',
    ]);
    // An engine whose message gives no position: found by halving.
    const silent = new Error('Unexpected token');
    expect(jsonSyntaxProblem(silent, '{"a": 1} x')).toBe('it is not valid JSON (line 1, column 10)');
    expect(jsonSyntaxProblem(silent, '{"a": tru')).toBe('it is not valid JSON (it ends too early)');
  });

  it('shows control, format and separator characters as escapes', () => {
    expect(showInvisible('a\u0000b\u202ec\u2028d\u{e0001}e\tf')).toBe(
      'a\\u0000b\\u202ec\\u2028d\\u{e0001}e\\u0009f',
    );
  });
});
