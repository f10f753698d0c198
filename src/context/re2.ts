/**
 * The one way a pattern given from outside becomes something that matches: compiled by RE2 (re2js), whose matching
 * takes time linear in the text whatever the pattern, so no pattern can hang a step the way `^(a+)+$` hangs a
 * backtracking engine. RE2 has no lookaround, no backreferences and no possessive or atomic forms: a pattern that uses
 * one is refused with the construct named, before anything is read or sent.
 */
import { RE2JS, RE2JSException, RE2JSSyntaxException } from 're2js';
import { PatternError, type Pattern } from './pattern.js';

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
