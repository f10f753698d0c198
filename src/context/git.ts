/**
 * Commit information from the checked-out repository, through the real `git`.
 *
 * Not @actions/exec: its PATH lookup (@actions/io) loads node:assert and node:fs/promises, about a tenth of a step's
 * start (issue 14), for what node:child_process does as well here: `git` is found on PATH on every runner, and the
 * arguments are passed as a list, never through a shell.
 */
import { execFile } from 'node:child_process';
import { patterns, type GitCommitInput } from '../api/schemas.js';

/** A commit's message is the largest part of the answer; past this, git's output is cut off (and the read fails). */
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

function git(args: string[], cwd: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    // No git on the runner, cwd gone, or not a repository: undefined, and the caller falls back to the event payload.
    execFile(
      'git',
      args,
      { cwd, encoding: 'utf8', maxBuffer: MAX_OUTPUT_BYTES, windowsHide: true },
      (error, stdout) => resolve(error ? undefined : stdout),
    );
  });
}

/**
 * `git_commit_info` for a commit (default HEAD): sha1, trimmed message, `Name <email>`, the given branch (or the
 * checked-out branch), integer Unix seconds, parents, and the URL when `urlFor` gives one. Undefined outside a
 * repository or for an unknown commit.
 */
export async function readCommit(
  cwd: string,
  options: { rev?: string; branch?: string; urlFor?: (sha: string) => string | undefined } = {},
): Promise<GitCommitInput | undefined> {
  const SEP = '\u001f';
  // Both at once when the branch must be asked too: each is a process start, the longest wait of a report.
  const asking = options.branch === undefined ? git(['rev-parse', '--abbrev-ref', 'HEAD'], cwd) : undefined;
  const out = await git(
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
  const head = (await asking)?.trim();
  if (!out) return undefined;
  const [sha1 = '', parents = '', name = '', email = '', seconds = '0', ...message] = out.split(SEP);
  if (!patterns.sha1.test(sha1)) return undefined;
  const branch = options.branch ?? (head && head !== 'HEAD' ? head : '');
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
