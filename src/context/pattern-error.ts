/**
 * What a compiled pattern is, and the error of one that cannot be compiled: shared by the reader of patterns
 * (pattern.ts) and the engine (re2.ts, loaded only when there is a pattern), so neither imports the other.
 */
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
