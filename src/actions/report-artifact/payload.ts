/**
 * The report of an artifact, gathered the way the official CLI does: the commit from the checked-out repository (else
 * the push event), the build and commit URLs, the repository, the pushed commits and the inputs' extras.
 */
import { log } from '../../trust/log.js';
import { InputError } from '../../errors/errors.js';
import { expectedForms, patterns, type GitCommitInput, type ReportArtifactBody } from '../../api/schemas.js';
import { readCommit } from '../../context/git.js';
import {
  branchOf,
  buildUrl,
  commitFromEvent,
  commitsFromPushEvent,
  commitUrl,
  repoInfo,
  repoUrl,
} from '../../context/github.js';
import type { Annotation } from '../../runtime/step.js';
import type { ReportArtifactInputs } from './inputs.js';

export interface Gathered {
  body: ReportArtifactBody;
  /** What the report lacks, to warn about. */
  annotations: Annotation[];
}

export function gatherPayload(inputs: ReportArtifactInputs, fingerprint: string, filename: string): Gathered {
  const { github } = inputs.runner;
  const branch = branchOf(github);
  const info = commitInfo(inputs, branch);
  const sha = info.sha1;
  const build = inputs.buildUrl ?? buildUrl(github);
  if (build === undefined) {
    throw new InputError(
      'build-url',
      'is required outside GitHub Actions (no GITHUB_REPOSITORY and GITHUB_RUN_ID)',
      'the URL of this build',
    );
  }
  const commit = commitLink(inputs, sha) ?? info.commit?.url;
  if (commit === undefined) {
    throw new InputError(
      'commit-url',
      'is required outside GitHub Actions (no GITHUB_REPOSITORY)',
      'the URL of the commit',
    );
  }
  const repo = repoInfo(github);
  const repository = inputs.repoUrl ?? repoUrl(github);
  const pushed = commitsFromPushEvent(inputs.runner.event, branch);
  const body: ReportArtifactBody = {
    fingerprint,
    filename,
    build_url: build,
    commit_url: commit,
    trail_name: inputs.trail ?? sha,
    git_commit: sha,
    ...(info.commit && { git_commit_info: info.commit }),
    ...(repo && { repo_info: repo }),
    ...(pushed.length > 0 && { commits_list: pushed }),
    ...(repository !== undefined && { repo_url: repository }),
    ...(inputs.templateReferenceName !== undefined && {
      template_reference_name: inputs.templateReferenceName,
    }),
    ...(inputs.description !== undefined && { description: inputs.description }),
    ...(inputs.compliant !== undefined && { is_compliant: inputs.compliant }),
    ...(Object.keys(inputs.annotations).length > 0 && { annotations: inputs.annotations }),
    ...(Object.keys(inputs.externalUrls).length > 0 && { external_urls: inputs.externalUrls }),
    ...(inputs.userData !== undefined && { user_data: inputs.userData }),
  };
  return { body, annotations: info.warning === undefined ? [] : [info.warning] };
}

/** The `commit-url` input, else the commit on GitHub. */
function commitLink(inputs: ReportArtifactInputs, sha: string): string | undefined {
  return inputs.commitUrl ?? commitUrl(inputs.runner.github, sha);
}

interface CommitInfo {
  sha1: string;
  /** Undefined when neither git nor the event knows the commit. */
  commit: GitCommitInput | undefined;
  warning?: Annotation;
}

/** From the checked-out repository, else the push event's head commit, else the SHA alone (with a warning). */
function commitInfo(inputs: ReportArtifactInputs, branch: string | undefined): CommitInfo {
  const { github, workspace, event } = inputs.runner;
  const rev = inputs.gitCommit ?? github.sha ?? 'HEAD';
  const fromGit = readCommit(workspace, {
    rev,
    ...(branch !== undefined && { branch }),
    urlFor: (sha) => commitLink(inputs, sha),
  });
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
  const message =
    `No commit information for ${rev}: ${workspace} is not a checkout of it and the event does not carry it. ` +
    'The artifact is reported with the SHA only; run actions/checkout before this step for the full record.';
  return { sha1: rev, commit: undefined, warning: { level: 'warning', message } };
}
