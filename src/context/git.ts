/**
 * Commit information from the checked-out repository, through the real `git`.
 *
 * Not @actions/exec: its PATH lookup (@actions/io) loads node:assert and node:fs/promises, about a tenth of a step's
 * start (issue 14), for what node:child_process does as well here: `git` is found on PATH on every runner, and the
 * arguments are passed as a list, never through a shell. Synchronous: a `git log` of one commit takes a few ms, less
 * than setting up an asynchronous child's pipes and streams costs the step (measured, issue 14).
 */
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { patterns, type GitCommitInput } from '../api/schemas.js';

/** A commit's message is the largest part of the answer; past this, git's output is cut off (and the read fails). */
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;
/** git reads one commit in milliseconds; a git that hangs (a lock, a slow network filesystem) is given up on. */
const GIT_TIMEOUT_MS = 30_000;

function git(args: string[], cwd: string): string | undefined {
  // No git on the runner, cwd gone, not a repository, or too slow: undefined, and the caller falls back to the event.
  // `-C` instead of the child's cwd: on Windows a program is looked up in the child's cwd before PATH, and a checkout
  // may hold a `git.exe` of its own; Node's folder holds none.
  const result = spawnSync('git', ['-C', cwd, ...args], {
    cwd: dirname(process.execPath),
    encoding: 'utf8',
    maxBuffer: MAX_OUTPUT_BYTES,
    timeout: GIT_TIMEOUT_MS,
    windowsHide: true,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return result.error === undefined && result.status === 0 ? result.stdout : undefined;
}

/**
 * `git_commit_info` for a commit (default HEAD): sha1, trimmed message, `Name <email>`, the given branch (or the
 * checked-out branch), integer Unix seconds, parents, and the URL when `urlFor` gives one. Undefined outside a
 * repository or for an unknown commit.
 */
export function readCommit(
  cwd: string,
  options: { rev?: string; branch?: string; urlFor?: (sha: string) => string | undefined } = {},
): GitCommitInput | undefined {
  const SEP = '\u001f';
  const out = git(
    // --end-of-options: a revision can never be read as an option (`--output=<file>` would write a file).
    [
      'log',
      '-1',
      `--format=%H${SEP}%P${SEP}%an${SEP}%ae${SEP}%ct${SEP}%B`,
      '--end-of-options',
      options.rev ?? 'HEAD',
      '--',
    ],
    cwd,
  );
  if (!out) return undefined;
  const [sha1 = '', parents = '', name = '', email = '', seconds = '0', ...message] = out.split(SEP);
  if (!patterns.sha1.test(sha1)) return undefined;
  const branch = options.branch ?? checkedOutBranch(cwd);
  const url = options.urlFor?.(sha1);
  return {
    sha1,
    message: message.join(SEP).trim(),
    author: email ? `${name} <${email}>` : name,
    branch,
    timestamp: Number(seconds),
    parents: parents.trim() ? parents.trim().split(' ') : [],
    ...(url && { url }),
  };
}

/** The checked-out branch, or '' on a detached HEAD or when git cannot tell. */
function checkedOutBranch(cwd: string): string {
  const head = git(['rev-parse', '--abbrev-ref', 'HEAD'], cwd)?.trim();
  return head && head !== 'HEAD' ? head : '';
}

/**
 * How many commits `to` has that `from` has not (`git rev-list --count from..to`), in the checked-out repository;
 * undefined outside a repository, for a commit it does not have (a shallow clone), or for anything not a SHA.
 */
export function countCommits(cwd: string, from: string, to: string): number | undefined {
  if (!/^[0-9a-f]{7,40}$/.test(from) || !/^[0-9a-f]{7,40}$/.test(to)) return undefined;
  const out = git(['rev-list', '--count', '--end-of-options', `${from}..${to}`, '--'], cwd)?.trim();
  return out !== undefined && /^\d+$/.test(out) ? Number(out) : undefined;
}
