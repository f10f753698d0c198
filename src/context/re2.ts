// The one engine for a pattern given from outside: RE2 (re2js), linear in the text whatever the pattern, so none can
// hang a step; a construct RE2 lacks (lookaround, backreferences, possessive forms) is refused, named.
import { RE2JS, RE2JSException, RE2JSSyntaxException } from 're2js';
import { PatternError, type Pattern } from './pattern-error.js';

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

/** The problem as shown (quoting the construct), and the construct alone (quoting nothing, for a file's pattern). */
function describe(error: RE2JSSyntaxException): [problem: string, construct: string] {
  const text = error.input ?? '';
  for (const [shape, construct] of UNSUPPORTED) {
    if (shape.test(text)) {
      // RE2 reports a whole lookbehind group; the opening is enough to point at it.
      const shown = construct.includes('lookbehind') ? text.slice(0, 4) : text;
      const why = 'is not supported (matching must take linear time)';
      return [`${construct} ${shown} ${why}`, `${construct} ${why}`];
    }
  }
  return [text ? `${error.error}: ${text}` : error.error, error.error];
}

// A repeat copies what it repeats (`\pL{1000}` a hundred times is 100,000 instructions): compiling is bounded by the
// length, matching by the program's size (RE2's own measure; `[a-z0-9-]{1,63}` is 129).
const MAX_PATTERN_CHARS = 4096;
const MAX_PROGRAM_SIZE = 5000;

/** Compiles a pattern; a PatternError naming the construct when RE2 cannot take it. */
export function compilePattern(
  source: string,
  { maxChars = MAX_PATTERN_CHARS, sizeHint = 'a repeat such as {1000} copies what it repeats' } = {},
): Pattern {
  if (source.length > maxChars) {
    const problem = `it is ${source.length} characters long, at most ${maxChars}`;
    throw new PatternError(source, problem);
  }
  let re: RE2JS;
  try {
    re = RE2JS.compile(source);
  } catch (error) {
    if (error instanceof RE2JSSyntaxException) throw new PatternError(source, ...describe(error));
    if (error instanceof RE2JSException) {
      throw new PatternError(source, error.message, 'RE2 cannot compile it');
    }
    throw error;
  }
  const size = re.programSize();
  if (size > MAX_PROGRAM_SIZE) {
    const problem = `it compiles to ${size} instructions, at most ${MAX_PROGRAM_SIZE} (${sizeHint})`;
    throw new PatternError(source, problem);
  }
  return { source, test: (text) => re.test(text) };
}
