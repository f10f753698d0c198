/**
 * Commit information from the checked-out repository, through the real `git` (via @actions/exec).
 */
import { getExecOutput } from '@actions/exec';
import { patterns, type GitCommitInput } from '../api/schemas.js';

async function git(args: string[], cwd: string): Promise<string | undefined> {
  try {
    const result = await getExecOutput('git', args, { cwd, silent: true, ignoreReturnCode: true });
    return result.exitCode === 0 ? result.stdout : undefined;
  } catch {
    // No git on the runner, or cwd is gone: the caller falls back to the event payload.
    return undefined;
  }
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
