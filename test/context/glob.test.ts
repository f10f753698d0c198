/**
 * The one glob dialect (src/context/glob.ts): its braces are counted before anything is expanded, every line is read
 * as a plain backtracking reading of the documented rules reads it, and no line makes matching depend on a name's
 * length more than linearly (RE2).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileGlob,
  globAlternatives,
  MAX_ALTERNATIVES,
  MAX_EXPANDED_CHARS,
  MAX_GLOB_CHARS,
} from '../../src/context/glob.js';
import { PatternError } from '../../src/context/pattern-error.js';
import { thrownBy } from '../helpers/inputs.js';

const patterns = (glob: string): string[] | string => {
  const result = globAlternatives(glob);
  return 'patterns' in result ? result.patterns : result.problem;
};

/** What is wrong with a line the dialect refuses. */
const refused = (glob: string) => thrownBy(() => compileGlob(glob), PatternError);
const problem = (glob: string) => refused(glob).problem;

/**
 * The rules of docs/configuration.md ("Globs"), read the slow and obvious way: braces expanded one group at a time,
 * then part against part, `**` trying every number of parts, `*` every length. Undefined for a line it refuses.
 */
function reference(glob: string, path: string, folder: boolean, hidden: boolean): boolean | undefined {
  const expandAll = (text: string): string[] => {
    // The innermost group first: a `{` whose options hold no other `{`.
    const open = text.lastIndexOf('{');
    if (open === -1) return [text];
    const close = text.indexOf('}', open);
    const options = text.slice(open + 1, close).split(',');
    return options.flatMap((option) => expandAll(text.slice(0, open) + option + text.slice(close + 1)));
  };
  const partMatches = (g: string, name: string, start: boolean): boolean => {
    if (g === '') return name === '';
    if (!hidden && start && name.startsWith('.') && !g.startsWith('.')) return false;
    const c = g[0];
    if (c === '*') {
      const rest = g.replace(/^\*+/, '');
      if (rest === '' && start) return name !== '';
      return [...Array(name.length + 1).keys()].some((i) => partMatches(rest, name.slice(i), false));
    }
    if (name === '') return false;
    if (c === '?') return partMatches(g.slice(1), name.slice(1), false);
    if (c === '[') {
      const negated = g[1] === '!' || g[1] === '^';
      const from = negated ? 2 : 1;
      const close = g.indexOf(']', g[from] === ']' ? from + 1 : from);
      if (close !== -1) {
        const body = g.slice(from, close);
        let member = false;
        for (let k = 0; k < body.length; k++) {
          const lo = body[k] ?? '';
          const hi = body[k + 1] === '-' && k + 2 < body.length ? (body[k + 2] ?? '') : lo;
          if (hi !== lo || body[k + 1] === '-') k += body[k + 1] === '-' && k + 2 < body.length ? 2 : 0;
          if (hi < lo) return false;
          if ((name[0] ?? '') >= lo && (name[0] ?? '') <= hi) member = true;
        }
        return member !== negated && partMatches(g.slice(close + 1), name.slice(1), false);
      }
    }
    return c === name[0] && partMatches(g.slice(1), name.slice(1), false);
  };
  const partsMatch = (gs: string[], ps: string[]): boolean => {
    if (gs.length === 0) return ps.length === 0;
    const [g = '', ...rest] = gs;
    if (g === '**') {
      return [...Array(ps.length + 1).keys()].some(
        (i) =>
          ps.slice(0, i).every((p) => hidden || !p.startsWith('.')) &&
          // `a/**` is what is below `a`, not `a` itself.
          (rest.length > 0 || i > 0 || gs.length === 0) &&
          partsMatch(rest, ps.slice(i)),
      );
    }
    return ps.length > 0 && partMatches(g, ps[0] ?? '', true) && partsMatch(rest, ps.slice(1));
  };
  const alternatives = expandAll(glob.replace(/\\/g, '/'));
  let matched = false;
  for (let alternative of alternatives) {
    alternative = alternative.replace(/\/{2,}/g, '/');
    while (alternative.startsWith('./')) alternative = alternative.slice(2);
    alternative = alternative.replace(/^\//, '');
    const onlyFolders = alternative.endsWith('/');
    alternative = alternative.replace(/\/$/, '');
    const parts = alternative.split('/');
    if (alternative === '' || parts.some((p) => p === '.' || p === '..')) return undefined;
    if (
      /\[[^\]]*-/.test(alternative) &&
      [...alternative.matchAll(/\[!?(.)-(.)/g)].some((m) => (m[2] ?? '') < (m[1] ?? ''))
    ) {
      return undefined;
    }
    const squeezed = parts.filter((p, i) => p !== '**' || parts[i - 1] !== '**');
    if ((folder || !onlyFolders) && partsMatch(squeezed, path.split('/'))) matched = true;
  }
  return matched;
}

describe('the glob dialect', () => {
  it('counts braces before it expands them: options add up, groups multiply, sequences count their values', () => {
    expect(patterns('dist/{linux,darwin}-{amd64,arm64}/*.{tar.gz,zip}')).toHaveLength(8);
    expect(patterns('{a,{b,c}}{d,e}')).toEqual(['ad', 'ae', 'bd', 'be', 'cd', 'ce']);
    expect(patterns('x{1..3}{a..b}')).toEqual(['x1a', 'x1b', 'x2a', 'x2b', 'x3a', 'x3b']);
    expect(patterns('{08..10}')).toEqual(['08', '09', '10']);
    expect(patterns('{1..1000}')).toHaveLength(MAX_ALTERNATIVES);
    // Counted, never expanded: 2^819 patterns, a sequence of 10^20 values.
    expect(patterns('{a,b}'.repeat(819))).toBe('expands to more than 10^18 patterns');
    expect(patterns('{1..99999999999999999999}')).toBe('expands to more than 10^18 patterns');
    expect(patterns(`${'x/'.repeat(40)}{1..1000}`)).toMatch(/^expands to patterns of \d+ characters in all$/);
    expect(MAX_EXPANDED_CHARS).toBe(65536);
    expect(patterns(`*${'x'.repeat(MAX_GLOB_CHARS)}`)).toBe(`is ${MAX_GLOB_CHARS + 1} characters long`);
  });

  // An extended glob, a reversed range, a .. part, too many patterns: the artifact lines refused in
  // test/actions/get-artifact/many-steps.test.ts and test/runtime/artifact.test.ts.
  it('refuses braces it could read two ways, and what it does not read, naming the place', () => {
    expect(problem('a/{b,c')).toBe('the { at character 3 has no }');
    expect(problem('a/b,c}')).toBe('the } at character 6 closes no {');
    expect(problem('a/{b}')).toMatch(/^the group at character 3 has one option/);
    expect(problem('[[:alpha:]]')).toMatch(/^has a POSIX class/);
    expect(problem('./')).toBe('names no path');
    // Over RE2's bound on the program: refused, never slow.
    expect(problem('release/{1..1000}*x?y')).toBe(
      'is too big to match: it compiles to 9122 instructions, at most 5000 (fewer alternatives or wildcards)',
    );
    // A file's line: the construct alone, never the line.
    expect(refused('[z-a]-s3cr3t').construct).toBe('a range whose end comes before its start');
  });

  // Each construct as documented: the reference reading above, over every construct and a small alphabet.
  it('matches exactly what the reference reading matches, for any glob and path over a small alphabet', () => {
    const token = fc.constantFrom(
      ...'a b . / * ** ? [ab] [!a] [.a] [a-b] []a] [ {a,b} {.a,b/a} {a,} \\ !'.split(' '),
    );
    const glob = fc.array(token, { maxLength: 6 }).map((tokens) => tokens.join(''));
    const part = fc
      .string({ unit: fc.constantFrom('a', 'b', '.', ']', '['), minLength: 1, maxLength: 3 })
      .filter((p) => p !== '.' && p !== '..');
    const path = fc.array(part, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/'));
    let compared = 0;
    fc.assert(
      fc.property(glob, path, fc.boolean(), fc.boolean(), (glob, path, folder, hidden) => {
        const expected = reference(glob, path, folder, hidden);
        if (expected === undefined) {
          expect(() => compileGlob(glob, { hidden }), glob).toThrow(PatternError);
          return;
        }
        compared++;
        expect(compileGlob(glob, { hidden }).matches(path, folder), `${glob} ${path}`).toBe(expected);
      }),
      { numRuns: 5000 },
    );
    // A property that compared nothing would pass however wrong the compiler.
    expect(compared).toBeGreaterThan(3000);
  });

  it('matches in one pass over the name, whatever the glob: no line makes a long name slow', () => {
    const hostile = ['*a*a*a*a*a*a*b', '**/**/**/**/*a*b', '{*a,*b}{*a,*b}{*a,*b}*c', '?*?*?*?*?*x'];
    const name = `${'a/'.repeat(50_000)}${'a'.repeat(100_000)}`;
    for (const line of hostile) {
      for (const hidden of [true, false]) {
        // A backtracking matcher takes time of the name's length to the sixth power here; RE2 takes one pass.
        expect(compileGlob(line, { hidden }).matches(name)).toBe(false);
      }
    }
    expect(compileGlob('**/*a*a*a*a*a*b').matches(`${name}b`)).toBe(true);
  });
});
