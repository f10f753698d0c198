// The runner emulation lives in packages/runner, shared with the demo and the benchmarks; tests import it from here.
// Every step run through here has its job summary rendered as GitHub renders it: a summary that does not
// render as meant fails the test that ran the step.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import * as emulator from '@compliance-actions/runner/emulator';
import { renderProblems } from './gfm.js';

// What the tests read of the emulator; its way to run a step only through `runAction` below.
export {
  actionFile,
  actionNames,
  DEFAULT_GITHUB,
  outputFile,
  readActionYml,
  ROOT,
  type RunOptions,
  type RunResult,
} from '@compliance-actions/runner/emulator';

/** The result, its job summary checked as GitHub renders it (in-process runs are checked the same way). */
export function checked(result: emulator.RunResult): emulator.RunResult {
  if (result.summary !== '')
    expect(renderProblems(result.summary), 'the job summary, rendered by cmark-gfm').toEqual([]);
  return result;
}

/** The bundles compile once for the whole suite, not once per step (the start benchmark runs them cold). */
const COMPILE_CACHE = join(tmpdir(), 'compliance-actions-test-compile-cache');
const cached = (options: emulator.RunOptions): emulator.RunOptions => ({
  ...options,
  env: { NODE_COMPILE_CACHE: COMPILE_CACHE, ...options.env },
});

export async function runAction(
  name: string,
  options: emulator.RunOptions = {},
): Promise<emulator.RunResult> {
  return checked(await emulator.runAction(name, cached(options)));
}

/** The Markdown files directly in `dir` (relative to the root), in name order. */
export const markdownIn = (dir: string): string[] =>
  readdirSync(join(emulator.ROOT, dir))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `${dir}/${name}`);
