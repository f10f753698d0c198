// Commit information from the checked-out repository, through the real `git`: node:child_process rather than
// @actions/exec (its PATH lookup costs a tenth of a step's start), synchronous (cheaper than a child's pipes).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { patterns, type GitCommitInput } from '../api/schemas.js';

const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;
/** Between the fields of a commit in `git log`'s output. */
const SEP = '\u001f';
/** A git that hangs (a lock, a slow network filesystem) is given up on. */
const GIT_TIMEOUT_MS = 30_000;

/** git's exit status and output; undefined when it did not run to its end (no git, cwd gone, too slow, cut off). */
function runGit(args: string[], cwd: string, input?: string): { status: number; stdout: string } | undefined {
  // `-C`, not the child's cwd: Windows looks a program up there before PATH, and a checkout may hold a `git.exe`.
  const result = spawnSync('git', ['-C', cwd, ...args], {
    cwd: dirname(process.execPath),
    encoding: 'utf8',
    maxBuffer: MAX_OUTPUT_BYTES,
    timeout: GIT_TIMEOUT_MS,
    windowsHide: true,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'ignore'],
    ...(input !== undefined && { input }),
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

/** `git_commit_info` for a commit (default HEAD); undefined outside a repository or for an unknown commit. */
export function readCommit(
  cwd: string,
  options: { rev?: string; branch?: string | undefined; urlFor?: (sha: string) => string | undefined } = {},
): GitCommitInput | undefined {
  const format = `--format=%H${SEP}%P${SEP}%an${SEP}%ae${SEP}%ct${SEP}%B`;
  // --end-of-options: a revision can never be read as an option (`--output=<file>` would write a file).
  const out = git(['log', '-1', format, '--end-of-options', options.rev ?? 'HEAD', '--'], cwd);
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

function checkedOutBranch(cwd: string): string {
  const head = git(['rev-parse', '--abbrev-ref', 'HEAD'], cwd)?.trim();
  return head && head !== 'HEAD' ? head : '';
}

/** How many commits `to` has that `from` has not (`git rev-list --count`); undefined when git cannot tell. */
export function countCommits(cwd: string, from: string, to: string): number | undefined {
  const commits = resolveCommits(cwd, [from, to]);
  const [a, b] = [commits?.get(from.toLowerCase()), commits?.get(to.toLowerCase())];
  return a === undefined || b === undefined
    ? undefined
    : countWalk(cwd, { head: b, not: [a], includeMerges: true });
}

export function isShallowRepository(cwd: string): boolean | undefined {
  const out = git(['rev-parse', '--is-shallow-repository'], cwd)?.trim();
  return out === 'true' ? true : out === 'false' ? false : undefined;
}

/** The commit a revision names (a tag peeled), as a full SHA; undefined when the repository has none by that name. */
export function resolveRevision(cwd: string, revision: string): string | undefined {
  const out = git(
    ['rev-parse', '--verify', '--quiet', '--end-of-options', `${revision}^{commit}`],
    cwd,
  )?.trim();
  return out !== undefined && patterns.sha1.test(out) ? out : undefined;
}

/** The commit each SHA names, by object name only (never a ref named like it); undefined when git failed. */
export function resolveCommits(cwd: string, shas: readonly string[]): Map<string, string> | undefined {
  const candidates = new Map<string, string[]>();
  for (const sha of new Set(shas.map((s) => s.toLowerCase()))) {
    if (!patterns.commitSha.test(sha)) continue;
    if (patterns.sha1.test(sha)) {
      candidates.set(sha, [sha]);
      continue;
    }
    const out = git(['rev-parse', `--disambiguate=${sha}`], cwd);
    if (out === undefined) return undefined;
    candidates.set(
      sha,
      out.split('\n').filter((line) => patterns.sha1.test(line)),
    );
  }
  const objects = [...new Set([...candidates.values()].flat())];
  const commits = new Set<string>();
  if (objects.length > 0) {
    // Full object names on the standard input: git reads a 40-character name as the object, whatever refs exist.
    const out = runGit(
      ['cat-file', '--batch-check=%(objectname) %(objecttype)'],
      cwd,
      `${objects.join('\n')}\n`,
    );
    if (out?.status !== 0) return undefined;
    for (const line of out.stdout.split('\n')) {
      const [name = '', type] = line.split(' ');
      if (type === 'commit' && patterns.sha1.test(name)) commits.add(name);
    }
  }
  const resolved = new Map<string, string>();
  for (const [sha, names] of candidates) {
    const found = names.filter((name) => commits.has(name));
    if (found.length === 1 && found[0] !== undefined) resolved.set(sha, found[0]);
  }
  return resolved;
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

/** The best common ancestors of all `shas` (`git merge-base --octopus --all`); undefined when git failed. */
export function commonAncestors(cwd: string, shas: string[]): string[] | undefined {
  if (shas.some((sha) => !patterns.sha1.test(sha))) return undefined;
  const result = runGit(['merge-base', '--octopus', '--all', '--end-of-options', ...shas], cwd);
  // Status 1 with no output: no common ancestor.
  if (result?.status === 1 && result.stdout.trim() === '') return [];
  if (result?.status !== 0) return undefined;
  return result.stdout.split('\n').filter((line) => patterns.sha1.test(line));
}

/** What `git rev-list` walks for a range: every commit reachable from `head` and from none of `not`. */
export type RevisionWalk = { head: string; not: string[]; includeMerges: boolean };

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

export function countWalk(cwd: string, walk: RevisionWalk): number | undefined {
  const args = walkArgs(walk);
  const out = args && git(['rev-list', '--count', ...args], cwd)?.trim();
  return out !== undefined && /^\d+$/.test(out) ? Number(out) : undefined;
}

/** The commits of the walk, newest first in topological order (`git log --topo-order`); undefined when git failed. */
export function listWalk(cwd: string, walk: RevisionWalk) {
  const args = walkArgs(walk);
  // --no-show-signature: a `log.showSignature` setting would put gpg's output among the lines.
  const out =
    args && git(['log', '--no-show-signature', '--topo-order', `--format=%H${SEP}%s`, ...args], cwd);
  if (out === undefined) return undefined;
  const commits: { sha: string; subject: string }[] = [];
  for (const line of out.split('\n')) {
    const at = line.indexOf(SEP);
    const sha = line.slice(0, at);
    if (at === -1 || !patterns.sha1.test(sha)) continue;
    commits.push({ sha, subject: line.slice(at + 1) });
  }
  return commits;
}
