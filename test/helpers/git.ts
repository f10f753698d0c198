/**
 * Real git repositories in temp folders, with a fixed author and date so commit data is predictable; removed after
 * each test.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { cleanedAfterEach } from './server.js';

export interface Repo {
  dir: string;
  git: (...args: string[]) => string;
}

export const AUTHOR = { name: 'Ann Example', email: 'ann@example.test', date: '2026-11-01T10:00:00Z' };

/** Returns a factory of repositories (on branch `main`) that are removed after each test; also makes plain folders. */
export function useTempDirs() {
  const later = cleanedAfterEach();
  const tempDir = (prefix = 'tmp-'): string => {
    const d = mkdtempSync(join(tmpdir(), prefix));
    later(() => rmSync(d, { recursive: true, force: true }));
    return d;
  };
  return { tempDir, repo: () => repoIn(tempDir('git-')) };
}

/** A new repository (on branch `main`) in `dir`, whose git runs as AUTHOR at AUTHOR's date. */
export function repoIn(dir: string): Repo {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: AUTHOR.name,
    GIT_AUTHOR_EMAIL: AUTHOR.email,
    GIT_COMMITTER_NAME: AUTHOR.name,
    GIT_COMMITTER_EMAIL: AUTHOR.email,
    GIT_AUTHOR_DATE: AUTHOR.date,
    GIT_COMMITTER_DATE: AUTHOR.date,
  };
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8' }).trim();
  git('init', '-q', '-b', 'main');
  return { dir, git };
}

/**
 * Adds `count` empty commits by AUTHOR (or `author(i)`, `Name <email>`) to `branch` (default main) in one
 * `git fast-import` (a loop of `git commit` takes minutes), a second apart from `start`, messages `message(i)`, after
 * the tip. Their SHAs, oldest first.
 */
export function fastCommits(
  repo: Repo,
  count: number,
  options: {
    branch?: string;
    message?: (i: number) => string;
    start?: number;
    author?: (i: number) => string;
  } = {},
): string[] {
  if (count === 0) return [];
  const branch = options.branch ?? 'main';
  const message = options.message ?? ((i: number) => `Commit ${i}`);
  const start = options.start ?? 1793600000;
  const tip = repo.git('for-each-ref', '--format=%(objectname)', `refs/heads/${branch}`);
  const chunks: string[] = [];
  for (let i = 0; i < count; i++) {
    const text = message(i);
    chunks.push(
      `commit refs/heads/${branch}\n`,
      options.author ? `author ${options.author(i)} ${start + i} +0000\n` : '',
      `committer ${AUTHOR.name} <${AUTHOR.email}> ${start + i} +0000\n`,
      `data ${Buffer.byteLength(text)}\n${text}\n`,
      i === 0 && tip ? `from ${tip}\n` : '',
      '\n',
    );
  }
  execFileSync('git', ['fast-import', '--quiet'], { cwd: repo.dir, input: chunks.join('') });
  return repo.git('rev-list', `--max-count=${count}`, `refs/heads/${branch}`).split('\n').reverse();
}

/**
 * A `git` on PATH that records each call's arguments (one line per call) and runs the real git: for a test that counts
 * the git calls a bundle makes. `env` is the PATH to give the step.
 */
export function gitRecorder(dir: string): { env: { PATH: string }; calls: () => string[] } {
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const log = join(dir, 'git-calls.log');
  writeFileSync(log, '');
  writeFileSync(join(dir, 'git'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${real}' "$@"\n`, {
    mode: 0o755,
  });
  return {
    env: { PATH: `${dir}${delimiter}${process.env.PATH ?? ''}` },
    calls: () => readFileSync(log, 'utf8').split('\n').filter(Boolean),
  };
}
