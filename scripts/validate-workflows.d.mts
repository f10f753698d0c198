// Types of scripts/validate-workflows.mjs, for the tests (TypeScript does not read the plain JS here).
export interface Problem {
  /** Relative to the root, with `/`. */
  file: string;
  line: number;
  /** actionlint, action-validator, yaml, runs (using and main) or inputs (this repository's actions in use). */
  tool: string;
  message: string;
}

export function formatProblem(problem: Problem): string;

export function validateRepo(root?: string): Promise<{ problems: Problem[]; checked: string[] }>;

/** The ```yaml blocks of a Markdown text: the line of each opening fence, and the block's text. */
export function yamlBlocks(markdown: string): { line: number; text: string }[];
