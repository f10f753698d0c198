// What a compiled pattern is, and the error of one that cannot be compiled: shared by pattern.ts and re2.ts (loaded
// only when there is a pattern), so neither imports the other.
/** `test`: whether the pattern matches anywhere in the text (unanchored). */
export type Pattern = { readonly source: string; test(text: string): boolean };

/** A pattern RE2 cannot compile: `problem` shows the construct, `construct` names it without quoting the pattern. */
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
