/**
 * The one way a pattern given from outside (an input, an ignore file) becomes something that matches: compiled by
 * RE2 (re2js), whose matching takes time linear in the text whatever the pattern, so no pattern can hang a step the
 * way `^(a+)+$` hangs a backtracking engine. RE2 has no lookaround, no backreferences and no possessive or atomic
 * forms: a pattern that uses one is refused with the construct named, before anything is read or sent.
 */
import { RE2JS, RE2JSException, RE2JSSyntaxException } from 're2js';
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

/** A pattern RE2 cannot compile; `problem` names the construct, e.g. "lookahead (?= is not supported". */
export class PatternError extends Error {
  readonly source: string;
  readonly problem: string;

  constructor(source: string, problem: string) {
    super(`'${source}': ${problem}`);
    this.name = 'PatternError';
    this.source = source;
    this.problem = problem;
  }
}

/** Constructs of backtracking engines that RE2 refuses, by the text RE2 reports them with. */
const UNSUPPORTED: [RegExp, string][] = [
  [/^\(\?=/, 'lookahead'],
  [/^\(\?!/, 'negative lookahead'],
  [/^\(\?<=/, 'lookbehind'],
  [/^\(\?<!/, 'negative lookbehind'],
  [/^\(\?>/, 'atomic group'],
  [/^\\[1-9]/, 'backreference'],
  [/^\\k/, 'named backreference'],
  [/^(?:[*+?]|\{[\d,]*\})\+$/, 'possessive quantifier'],
];

function describe(error: RE2JSSyntaxException): string {
  const text = error.input ?? '';
  for (const [shape, construct] of UNSUPPORTED) {
    if (shape.test(text)) {
      // RE2 reports a whole lookbehind group; the opening is enough to point at it.
      const shown = construct.includes('lookbehind') ? text.slice(0, 4) : text;
      return `${construct} ${shown} is not supported (matching must take linear time)`;
    }
  }
  return text ? `${error.error}: ${text}` : error.error;
}

/** Compiles a pattern; throws PatternError with the construct named when RE2 cannot take it. */
export function compilePattern(source: string): Pattern {
  let re: RE2JS;
  try {
    re = RE2JS.compile(source);
  } catch (error) {
    if (error instanceof RE2JSSyntaxException) throw new PatternError(source, describe(error));
    if (error instanceof RE2JSException) throw new PatternError(source, error.message);
    throw error;
  }
  return { source, test: (text) => re.test(text) };
}

/** `compile()`, with a PatternError turned into the caller's own error (an InputError naming the input, ...). */
export function compiledOr<T>(compile: () => T, fail: (problem: string) => Error): T {
  try {
    return compile();
  } catch (error) {
    if (error instanceof PatternError) throw fail(error.problem);
    throw error;
  }
}

/**
 * An input of regular expressions, one per line (a comma may be part of one), compiled now: a pattern RE2 cannot run
 * is refused before anything is read, naming the input and the construct. Not an InputReader method, so that only
 * the actions that take patterns load the engine.
 */
export function readRegexList(inputs: InputReader, name: string): Pattern[] {
  return inputs
    .raw(name)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((source) =>
      compiledOr(
        () => compilePattern(source),
        (problem) =>
          new InputError(name, `'${source}' is not a usable regular expression: ${problem}`, REGEX_FORM),
      ),
    );
}
