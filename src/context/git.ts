/**
 * Commit information from the checked-out repository, through the real `git`.
 *
 * Not @actions/exec: its PATH lookup (@actions/io) loads node:assert and node:fs/promises, about a tenth of a step's
 * start (issue 14), for what node:child_process does as well here: `git` is found on PATH on every runner, and the
 * arguments are passed as a list, never through a shell. Synchronous: a `git log` of one commit takes a few ms, less
 * than setting up an asynchronous child's pipes and streams costs the step (measured, issue 14).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { patterns, type GitCommitInput } from '../api/schemas.js';

/** A commit's message is the largest part of the answer; past this, git's output is cut off (and the read fails). */
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;
/** git reads one commit in milliseconds; a git that hangs (a lock, a slow network filesystem) is given up on. */
const GIT_TIMEOUT_MS = 30_000;

/** git's exit status and output; undefined when it did not run to its end (no git, cwd gone, too slow, cut off). */
function runGit(args: string[], cwd: string): { status: number; stdout: string } | undefined {
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
  return result.error === undefined && result.status !== null
    ? { status: result.status, stdout: result.stdout }
    : undefined;
}

function git(args: string[], cwd: string): string | undefined {
  // No git on the runner, cwd gone, not a repository, or too slow: undefined, and the caller falls back to the event.
  const result = runGit(args, cwd);
  return result?.status === 0 ? result.stdout : undefined;
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
  if (![from, to].every((sha) => patterns.commitSha.test(sha) && sha === sha.toLowerCase())) return undefined;
  const out = git(['rev-list', '--count', '--end-of-options', `${from}..${to}`, '--'], cwd)?.trim();
  return out !== undefined && /^\d+$/.test(out) ? Number(out) : undefined;
}

/** Whether the checkout is a shallow clone; undefined outside a repository (or without git). */
export function isShallowRepository(cwd: string): boolean | undefined {
  const out = git(['rev-parse', '--is-shallow-repository'], cwd)?.trim();
  return out === 'true' ? true : out === 'false' ? false : undefined;
}

/**
 * The commit a revision names (a tag peeled to its commit), as a full SHA; undefined when the repository has no
 * commit by that name. The caller refuses a revision that starts with `-`; `--end-of-options` makes sure of it.
 */
export function resolveRevision(cwd: string, revision: string): string | undefined {
  const out = git(
    ['rev-parse', '--verify', '--quiet', '--end-of-options', `${revision}^{commit}`],
    cwd,
  )?.trim();
  return out !== undefined && patterns.sha1.test(out) ? out : undefined;
}

/** The commits a shallow clone's history is cut at (their parents are not in the clone); empty in a full clone. */
export function shallowBoundary(cwd: string): Set<string> {
  const path = git(['rev-parse', '--git-path', 'shallow'], cwd)?.trim();
  if (!path) return new Set();
  try {
    return new Set(
      readFileSync(resolve(cwd, path), 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => patterns.sha1.test(line)),
    );
  } catch {
    return new Set();
  }
}

/**
 * The best common ancestors of every one of `shas` (`git merge-base --octopus --all`): the commits reachable from
 * all of them are exactly those reachable from these. Empty when they share no history; undefined when git failed.
 */
export function commonAncestors(cwd: string, shas: string[]): string[] | undefined {
  if (shas.some((sha) => !patterns.sha1.test(sha))) return undefined;
  const result = runGit(['merge-base', '--octopus', '--all', '--end-of-options', ...shas], cwd);
  // Status 1 with no output: no common ancestor.
  if (result?.status === 1 && result.stdout.trim() === '') return [];
  if (result?.status !== 0) return undefined;
  const out = result.stdout.split('\n').filter((line) => patterns.sha1.test(line));
  return out;
}

/** What `git rev-list` walks for a range: every commit reachable from `head` and from none of `not`. */
export interface RevisionWalk {
  head: string;
  not: string[];
  /** false: `--no-merges`. */
  includeMerges: boolean;
}

function walkArgs({ head, not, includeMerges }: RevisionWalk): string[] | undefined {
  if (![head, ...not].every((sha) => patterns.sha1.test(sha))) return undefined;
  return [
    ...(includeMerges ? [] : ['--no-merges']),
    '--end-of-options',
    head,
    ...not.map((sha) => `^${sha}`),
    '--',
  ];
}

/** How many commits the walk has (`git rev-list --count`); undefined when git failed. */
export function countWalk(cwd: string, walk: RevisionWalk): number | undefined {
  const args = walkArgs(walk);
  const out = args && git(['rev-list', '--count', ...args], cwd)?.trim();
  return out !== undefined && /^\d+$/.test(out) ? Number(out) : undefined;
}

/** A commit of a walk: its SHA and subject line (untrusted text: a commit message). */
export interface WalkedCommit {
  sha: string;
  subject: string;
}

/**
 * The commits of the walk, newest first in topological order (a commit before its parents, each line of history
 * kept together: the order of `git log --topo-order`, stable for a given history); undefined when git failed.
 */
export function listWalk(cwd: string, walk: RevisionWalk): WalkedCommit[] | undefined {
  const args = walkArgs(walk);
  const SEP = '\u001f';
  // --no-show-signature: a `log.showSignature` setting would put gpg's output among the lines.
  const out =
    args && git(['log', '--no-show-signature', '--topo-order', `--format=%H${SEP}%s`, ...args], cwd);
  if (out === undefined) return undefined;
  const commits: WalkedCommit[] = [];
  for (const line of out.split('\n')) {
    const at = line.indexOf(SEP);
    const sha = line.slice(0, at);
    if (at === -1 || !patterns.sha1.test(sha)) continue;
    commits.push({ sha, subject: line.slice(at + 1) });
  }
  return commits;
}
