// The commit a report is about, found as the official CLI finds it: from the checked-out repository, else the push
// event's head commit, else the SHA alone (with a warning).
import { expectedForms, patterns, type GitCommitInput } from '../api/schemas.js';
import { InputError } from '../errors/errors.js';
import { log } from '../trust/log.js';
import { readCommit } from './git.js';
import { commitFromEvent, type GitHubContext } from './github.js';

/** `rev` is the `git-commit` input, else GITHUB_SHA, else HEAD; `urlFor` gives the commit's URL. */
export function resolveCommit(
  { github, workspace, event }: { github: GitHubContext; workspace: string; event: unknown },
  gitCommit: string | undefined,
  branch: string | undefined,
  urlFor: (sha: string) => string | undefined,
): { sha1: string; commit: GitCommitInput | undefined; warning?: string } {
  const rev = gitCommit ?? github.sha ?? 'HEAD';
  const fromGit = readCommit(workspace, { rev, branch, urlFor });
  if (fromGit) {
    log.info(`Commit ${fromGit.sha1} on '${fromGit.branch}' (from git in ${workspace})`);
    return { sha1: fromGit.sha1, commit: fromGit };
  }
  if (!patterns.sha1.test(rev)) {
    throw new InputError(
      'git-commit',
      `cannot resolve '${rev}': ${workspace} is not a git repository with that commit`,
      `${expectedForms.sha1}, or a checkout (actions/checkout) before this step`,
    );
  }
  const fromEvent = commitFromEvent(event, rev, branch);
  if (fromEvent) {
    log.info(`Commit ${rev} (from the event payload: no checkout in ${workspace})`);
    return { sha1: rev, commit: fromEvent };
  }
  log.info(`Commit ${rev} (the SHA only: no checkout in ${workspace}, and not in the event payload)`);
  const warning =
    `No commit information for ${rev}: ${workspace} is not a checkout of it and the event does not carry it. ` +
    'The artifact is reported with the SHA only; run actions/checkout before this step for the full record.';
  return { sha1: rev, commit: undefined, warning };
}
