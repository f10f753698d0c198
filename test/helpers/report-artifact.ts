/**
 * What report-artifact's in-process tests share: a checkout with a build in it, and the
 * inputs of its report.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUTHOR, type Repo } from './git.js';
import { connection } from './sandbox.js';

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
  ...connection(url),
  flow: 'backend',
  artifact: 'app.bin',
  'artifact-type': 'file',
  ...extra,
});
