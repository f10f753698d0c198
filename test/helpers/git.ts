/**
 * Real git repositories in temp folders, with a fixed author and date so commit data is predictable; removed after
 * each test.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

export interface Repo {
  dir: string;
  git: (...args: string[]) => string;
}

export const AUTHOR = { name: 'Ann Example', email: 'ann@example.test', date: '2026-11-01T10:00:00Z' };

/** Returns a factory of repositories (on branch `main`) that are removed after each test; also makes plain folders. */
export function useTempDirs() {
  const temps: string[] = [];
  afterEach(() => {
    for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
  });
  const tempDir = (prefix = 'tmp-'): string => {
    const d = mkdtempSync(join(tmpdir(), prefix));
    temps.push(d);
    return d;
  };
  const repo = (): Repo => {
    const d = tempDir('git-');
    const env = {
      ...process.env,
      GIT_AUTHOR_NAME: AUTHOR.name,
      GIT_AUTHOR_EMAIL: AUTHOR.email,
      GIT_COMMITTER_NAME: AUTHOR.name,
      GIT_COMMITTER_EMAIL: AUTHOR.email,
      GIT_AUTHOR_DATE: AUTHOR.date,
      GIT_COMMITTER_DATE: AUTHOR.date,
    };
    const git = (...args: string[]) => execFileSync('git', args, { cwd: d, env, encoding: 'utf8' }).trim();
    git('init', '-q', '-b', 'main');
    return { dir: d, git };
  };
  return { tempDir, repo };
}
