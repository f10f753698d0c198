// Patterns given from outside: the reader of an input of regexes, and the turn of a PatternError into an input error.
// The engine (re2.ts, 260 KB) is loaded only when there is a pattern to compile.
import { InputError } from '../errors/errors.js';
import type { InputReader } from './inputs.js';
import { PatternError, type Pattern } from './pattern-error.js';

export { PatternError, type Pattern } from './pattern-error.js';

export const REGEX_FORM =
  'regular expressions in RE2 syntax (no lookahead, lookbehind, backreferences or possessive quantifiers), one per line';

/** `compile()`, a PatternError turned into the caller's error: `fail` gets the problem and the construct alone. */
export function compiledOr<T>(compile: () => T, fail: (problem: string, construct: string) => Error): T {
  try {
    return compile();
  } catch (error) {
    if (error instanceof PatternError) throw fail(error.problem, error.construct);
    throw error;
  }
}

/** An input of regular expressions, one per line, compiled now: one RE2 cannot run is refused, naming the input. */
export async function readRegexList(inputs: InputReader, name: string): Promise<Pattern[]> {
  const sources = inputs.list(name, true);
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
