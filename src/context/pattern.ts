/**
 * Patterns given from outside (an input, an ignore file): what a compiled one is, the error of one that cannot be,
 * and the reader of an input of regexes. The engine (RE2, linear time) is in re2.ts, loaded only when there is a
 * pattern to compile: it is 260 KB a step without patterns should not pay for at start (issue 14).
 */
import { InputError } from '../errors/errors.js';
import type { InputReader } from './inputs.js';

/** What `expected` says for a list of user regexes. */
export const REGEX_FORM =
  'regular expressions in RE2 syntax (no lookahead, lookbehind, backreferences or possessive quantifiers), one per line';

export interface Pattern {
  /** The pattern as given. */
  readonly source: string;
  /** Whether the pattern matches anywhere in the text (unanchored, as `RegExp.prototype.test`). */
  test(text: string): boolean;
}

/**
 * A pattern RE2 cannot compile. `problem` names the construct and shows it, e.g. "lookahead (?= is not supported";
 * `construct` names it without quoting any of the pattern ("lookahead"), for a pattern read from a file.
 */
export class PatternError extends Error {
  readonly source: string;
  readonly problem: string;
  readonly construct: string;

  constructor(source: string, problem: string, construct: string = problem) {
    super(`'${source}': ${problem}`);
    this.name = 'PatternError';
    this.source = source;
    this.problem = problem;
    this.construct = construct;
  }
}

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
