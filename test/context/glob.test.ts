/**
 * The bounds on a glob of get-artifact's `artifact` (issue 25): its alternatives are counted before anything is
 * expanded, and what is expanded is what Node's own glob makes of the braces. Node's expander is read from Node
 * itself (`--expose-internals`, the minimatch `fs.globSync` uses, with its options), in a child process.
 */
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  globAlternatives,
  globProblem,
  MAX_ALTERNATIVES,
  MAX_EXPANDED_CHARS,
  MAX_GLOB_CHARS,
} from '../../src/context/glob.js';

/** What Node's fs.globSync expands each glob to: minimatch's globSet, built with lib/internal/fs/glob.js's options. */
function nodeExpansions(globs: string[]): string[][] {
  const script = `
    const { Minimatch } = require('internal/deps/minimatch/index');
    const globs = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
    const options = { nocase: false, windowsPathsNoEscape: true, nonegate: true, nocomment: true,
      optimizationLevel: 2, platform: 'linux', nocaseMagicOnly: true };
    process.stdout.write(JSON.stringify(globs.map((glob) => new Minimatch(glob, options).globSet)));
  `;
  const out = execFileSync(process.execPath, ['--expose-internals', '-e', script], {
    input: JSON.stringify(globs),
    encoding: 'utf8',
  });
  return JSON.parse(out) as string[][];
}

const patterns = (glob: string): string[] | string => {
  const result = globAlternatives(glob);
  return 'patterns' in result ? result.patterns : result.problem;
};

describe('a glob of artifact', () => {
  it('is counted before it is expanded: options add up, groups multiply, sequences count their values', () => {
    expect(patterns('dist/{linux,darwin}-{amd64,arm64}/*.{tar.gz,zip}')).toHaveLength(8);
    expect(patterns('{a,{b,c}}{d,e}')).toEqual(['ad', 'ae', 'bd', 'be', 'cd', 'ce']);
    expect(patterns('x{1..3}{a..b}')).toEqual(['x1a', 'x1b', 'x2a', 'x2b', 'x3a', 'x3b']);
    expect(patterns('{1..1000}')).toHaveLength(MAX_ALTERNATIVES);
    expect(patterns('{1..1000}{a,b}')).toBe('expands to 2000 patterns');
    expect(patterns('{1..1001}')).toBe('expands to 1001 patterns');
    // Nested: 2 * (1 + 2 * 2) = 10 per repeat.
    expect(patterns('{a,b}{c,{d,e}{f,g}}'.repeat(3))).toHaveLength(10 ** 3);
    expect(patterns('{a,b}{c,{d,e}{f,g}}'.repeat(4))).toBe(`expands to ${10 ** 4} patterns`);
    // Counted, never expanded: 2^819 patterns, a sequence of 10^20 values.
    expect(patterns('{a,b}'.repeat(819))).toBe('expands to more than 10^18 patterns');
    expect(patterns('{1..99999999999999999999}')).toBe('expands to more than 10^18 patterns');
    // Their size counts too: Node compares them pairwise (1,000 patterns of 4,000 characters took it 15 s).
    expect(patterns(`${'x/'.repeat(40)}{1..1000}`)).toMatch(/^expands to patterns of \d+ characters in all$/);
    expect(patterns(`${'x/'.repeat(30)}{1..1000}`)).toHaveLength(1000);
    expect(MAX_EXPANDED_CHARS).toBe(65536);
    expect(patterns(`*${'x'.repeat(MAX_GLOB_CHARS)}`)).toBe(`is ${MAX_GLOB_CHARS + 1} characters long`);
  });

  it('has braces Node reads one way only: each { closed, each group two options or more, or a sequence', () => {
    expect(patterns('a/{b,c')).toBe('the { at character 3 has no }');
    expect(patterns('a/b,c}')).toBe('the } at character 6 closes no {');
    expect(patterns('a/{b}')).toMatch(/^the group at character 3 has one option/);
    expect(patterns('{}')).toMatch(/^the group at character 1 has one option/);
    // `${...}` is left as written by Node, nested braces and all.
    expect(patterns('${a,{b,c}}/{d,e}')).toEqual(['${a,{b,c}}/d', '${a,{b,c}}/e']);
  });

  it('expands its braces as Node does, pattern for pattern, in the same order', () => {
    // Groups nested in groups (two deep), sequences, and loose characters that may break them (a stray brace,
    // comma or `$`).
    const loose = fc.stringMatching(/^[ab1.*/\\${},-]{1,2}$/);
    const sequence = fc
      .oneof(
        fc.tuple(
          fc.integer({ min: -3, max: 12 }),
          fc.integer({ min: -3, max: 12 }),
          fc.integer({ min: -3, max: 3 }),
        ),
        fc.tuple(fc.constantFrom('a', 'Z', 'y'), fc.constantFrom('c', 'B', 'a'), fc.constant(1)),
      )
      .map(([from, to, step]) => `{${from}..${to}${step === 1 ? '' : `..${step}`}}`);
    const sequenceOf = (part: fc.Arbitrary<string>) =>
      fc.array(part, { maxLength: 4 }).map((parts) => parts.join(''));
    const groupOf = (option: fc.Arbitrary<string>) =>
      fc.array(option, { minLength: 2, maxLength: 3 }).map((options) => `{${options.join(',')}}`);
    const inner = sequenceOf(fc.oneof(loose, sequence));
    const middle = sequenceOf(fc.oneof(loose, sequence, groupOf(inner)));
    const glob = sequenceOf(fc.oneof(loose, sequence, groupOf(middle)));
    // Only the globs within the bounds go to Node: the others are what takes it minutes.
    const accepted = fc.sample(glob, 3000).flatMap((text) => {
      const mine = patterns(text);
      return typeof mine === 'string' ? [] : [{ text, mine }];
    });
    const expected = nodeExpansions(accepted.map(({ text }) => text));
    accepted.forEach(({ text, mine }, index) => {
      // Node drops duplicates; an empty pattern is not one (minimatch drops an empty top-level result).
      expect(
        [...new Set(mine)].filter((p) => p !== ''),
        text,
      ).toEqual((expected[index] ?? []).filter((p) => p !== ''));
    });
    const compared = accepted.length;
    const expanded = accepted.filter(({ mine }) => mine.length > 1).length;
    // A property that compared nothing, or only globs without braces, would pass however wrong the expansion.
    expect(compared).toBeGreaterThan(1000);
    expect(expanded).toBeGreaterThan(500);
  });

  it('refuses what Node would match in exponential time: an extended glob, or more than 3 * between two slashes', () => {
    expect(globProblem('release/*(a|aa)b')).toBe(
      'has an extended glob such as +(a|b), whose matching can take exponential time',
    );
    expect(globProblem('release/x@(a|b)*')).toMatch(/^has an extended glob/);
    expect(globProblem('release/*a*a*a*b')).toBe('has 4 * between two slashes');
    // Counted in each pattern the braces give: `*a**c*` has 4.
    expect(globProblem('release/*{a*,b}*c*')).toBe('has 4 * between two slashes');
    expect(globProblem('release/{*a,*b}*c*d')).toBeUndefined();
    expect(globProblem('**/dist/**/*-*-*.whl')).toBeUndefined();
    expect(globProblem('dist/{linux,darwin}/**/*.{tar.gz,zip}')).toBeUndefined();
    // A backslash is a separator for Node's glob, never an escape.
    expect(globProblem('a*b*\\c*d*')).toBeUndefined();
  });
});
