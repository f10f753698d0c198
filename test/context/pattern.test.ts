import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/api/index.js';
import { InputReader } from '../../src/context/inputs.js';
import { PatternError, readRegexList } from '../../src/context/pattern.js';
import { compilePattern } from '../../src/context/re2.js';
import { thrownBy } from '../helpers/inputs.js';

/** The PatternError compiling `source` throws. */
const refusal = (source: string) => thrownBy(() => compilePattern(source), PatternError);

describe('user patterns', () => {
  it('match unanchored, as RegExp.test does', () => {
    expect(compilePattern('team').test('my-team-a')).toBe(true);
    expect(compilePattern('^team-').test('my-team-a')).toBe(false);
    expect(compilePattern('^(prod|stage)-[a-z]+$').test('stage-eu')).toBe(true);
  });

  it('run a pattern that is exponential for a backtracking engine, with the right answer', () => {
    // ^(a+)+$ against 'aaa…a!' takes 2^n steps in V8's RegExp; RE2 answers at once.
    const evil = compilePattern('^(a+)+$');
    expect(evil.test(`${'a'.repeat(42)}!`)).toBe(false);
    expect(evil.test('a'.repeat(42))).toBe(true);
    expect(compilePattern('(x+x+)+y').test('x'.repeat(5000))).toBe(false);
  });

  it.each([
    ['(?=x)', 'lookahead (?='],
    ['a(?!b)', 'negative lookahead (?!'],
    ['(?<=x)a', 'lookbehind (?<='],
    ['(?<!x)a', 'negative lookbehind (?<!'],
    ['(a)\\1', 'backreference \\1'],
    ['(?<n>a)\\k<n>', 'named backreference \\k'],
    ['a++', 'possessive quantifier ++'],
    ['a{2}+', 'possessive quantifier {2}+'],
    ['(?>a)', 'atomic group (?>'],
  ])('refuses %s, naming the construct', (source, construct) => {
    expect(refusal(source).problem).toBe(`${construct} is not supported (matching must take linear time)`);
  });

  it('refuses an invalid pattern with what RE2 found', () => {
    expect(() => compilePattern('team-(')).toThrow("'team-(': missing closing ): team-(");
    expect(() => compilePattern('[z-a]')).toThrow('invalid character class range: z-a');
  });

  it('names the construct without quoting the pattern, for a pattern read from a file', () => {
    const construct = (source: string) => refusal(source).construct;
    expect(construct('s3cr3t(?=x)')).toBe('lookahead is not supported (matching must take linear time)');
    expect(construct('s3cr3t[z-a]')).toBe('invalid character class range');
    expect(construct('s3cr3t(')).toBe('missing closing )');
  });

  it('is bounded in size: compiling by its length, matching by its program', () => {
    // 100 copies of \pL{1000} compiled to 100,000 instructions: 90 ms for each namespace tested, for every pod.
    expect(() => compilePattern('\\pL{1000}'.repeat(100))).toThrow(
      'it compiles to 100002 instructions, at most 5000 (a repeat such as {1000} copies what it repeats)',
    );
    expect(compilePattern('\\pL{1000}'.repeat(4)).test('é'.repeat(4000))).toBe(true);
    expect(() => compilePattern('a'.repeat(4097))).toThrow('it is 4097 characters long, at most 4096');
    // What users write is far below: a namespace name is 129 instructions.
    expect(compilePattern('^[a-z0-9-]{1,63}$').test('team-a')).toBe(true);
  });
});

describe('readRegexList', () => {
  it('reads one pattern per line, a comma being part of a pattern', async () => {
    const inputs = new InputReader({ 'INPUT_NAMESPACES-REGEX': ' ^team-\n\n^a{1,3}$ ' });
    const list = await readRegexList(inputs, 'namespaces-regex');
    expect(list.map((p) => p.source)).toEqual(['^team-', '^a{1,3}$']);
    expect(list[1]?.test('aa')).toBe(true);
    expect(await readRegexList(new InputReader({}), 'namespaces-regex')).toEqual([]);
  });

  it('refuses a pattern RE2 cannot run as bad input, naming the input, the construct and the form', async () => {
    const inputs = new InputReader({ 'INPUT_EXCLUDE-NAMESPACES-REGEX': 'kube-\n^(a)\\1$' });
    await expect(readRegexList(inputs, 'exclude-namespaces-regex')).rejects.toThrow(InputError);
    await expect(readRegexList(inputs, 'exclude-namespaces-regex')).rejects.toThrow(
      "Invalid input 'exclude-namespaces-regex': '^(a)\\1$' is not a usable regular expression: backreference \\1 " +
        'is not supported (matching must take linear time). Expected regular expressions in RE2 syntax',
    );
  });
});
