/**
 * Patterns given from outside (an input, an ignore file): what a compiled one is, the error of one that cannot be,
 * and the reader of an input of regexes. The engine (RE2, linear time) is in re2.ts, loaded only when there is a
 * pattern to compile: it is 260 KB a step without patterns should not pay for at start.
 */
import { InputError } from '../errors/errors.js';
import type { InputReader } from './inputs.js';
import { PatternError, type Pattern } from './pattern-error.js';

export { PatternError, type Pattern } from './pattern-error.js';

/** What `expected` says for a list of user regexes. */
export const REGEX_FORM =
  'regular expressions in RE2 syntax (no lookahead, lookbehind, backreferences or possessive quantifiers), one per line';

/**
 * `compile()`, with a PatternError turned into the caller's own error (an InputError naming the input, ...): `fail`
 * gets the problem as shown for a pattern the user wrote inline, and the construct alone for one read from a file.
 */
export function compiledOr<T>(compile: () => T, fail: (problem: string, construct: string) => Error): T {
  try {
    return compile();
  } catch (error) {
    if (error instanceof PatternError) throw fail(error.problem, error.construct);
    throw error;
  }
}

/**
 * An input of regular expressions, one per line (a comma may be part of one), compiled now: a pattern RE2 cannot run
 * is refused before anything is read, naming the input and the construct. The engine is loaded only when the input
 * has a pattern.
 */
export async function readRegexList(inputs: InputReader, name: string): Promise<Pattern[]> {
  const sources = inputs
    .raw(name)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (sources.length === 0) return [];
  const { compilePattern } = await import('./re2.js');
  return sources.map((source) =>
    compiledOr(
      () => compilePattern(source),
      (problem) =>
        new InputError(name, `'${source}' is not a usable regular expression: ${problem}`, REGEX_FORM),
    ),
  );
}
