/**
 * What report-artifact's tests share, in-process and through the bundle: a checkout with a build in it, the inputs of
 * its report, and what a report that was not delivered must leave.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { AUTHOR, type Repo } from './git.js';
import { outputFile, type RunResult } from './runner.js';
import { DEMO_TOKEN } from './sandbox.js';
import { noLeak } from './step-result.js';

/** The fingerprint of app.bin (`hello world!`) in each checkout. */
export const APP_BIN_FP = '7509e5bda0c762d2bac7f90d758b5b2263fa01ccbc542ab5e3df163be08e6ca9';

/**
 * Two commits on main in `r` (README `one`, then `two` with a message that has a body), made by AUTHOR in one
 * `git fast-import` (a process each for two `git commit` costs more than the step), and app.bin built beside them.
 */
export function checkout(r: Repo): { dir: string; sha: string; parent: string } {
  const who = `${AUTHOR.name} <${AUTHOR.email}> ${Date.parse(AUTHOR.date) / 1000} +0000`;
  const commit = (message: string, readme: string) =>
    `commit refs/heads/main\nauthor ${who}\ncommitter ${who}\ndata ${Buffer.byteLength(message)}\n${message}\n` +
    `M 100644 inline README\ndata ${readme.length}\n${readme}\n\n`;
  const stream = commit('First\n', 'one') + commit('Add the build\n\nwith a body\n', 'two');
  execFileSync('git', ['fast-import', '--quiet'], { cwd: r.dir, input: stream });
  writeFileSync(join(r.dir, 'app.bin'), 'hello world!');
  const [sha = '', parent = ''] = r.git('rev-parse', 'HEAD', 'HEAD~1').split('\n');
  return { dir: r.dir, sha, parent };
}

/** The inputs of a report of app.bin to flow backend of the sandbox at `url`, `extra` over them. */
export const reportInputs = (url: string, extra: Record<string, string> = {}): Record<string, string> => ({
  'api-url': url,
  'api-token': DEMO_TOKEN,
  org: 'demo',
  flow: 'backend',
  artifact: 'app.bin',
  'artifact-type': 'file',
  ...extra,
});

/** What a failed delivery must leave: outcome error, the payload and the report in files, the failure saying where. */
export function expectKept(result: RunResult, sha: string): void {
  expect(result.code).toBe(1);
  expect(result.outputs.outcome).toBe('error');
  const path = result.outputs['payload-file'] ?? 'no payload-file';
  expect(result.stdout).toContain(
    `The report was not delivered. Its payload is kept in ${path} (output payload-file)`,
  );
  const kept = outputFile(result, 'payload-file');
  expect(kept).toMatchObject({ fingerprint: APP_BIN_FP, git_commit: sha, filename: 'app.bin' });
  // The result file has the report as built, the error, and where the payload is.
  expect(outputFile(result, 'result-file')).toMatchObject({
    outcome: 'error',
    fingerprint: APP_BIN_FP,
    payload: kept,
    payloadFile: path,
    error: { kind: 'undelivered' },
  });
  expect(result.summary).toContain('### ⚠️ Could not report the artifact to flow backend');
  expect(result.summary).toContain('The report was not delivered: see');
  expect(result.summary).toContain(APP_BIN_FP);
  noLeak(result.everything);
}
