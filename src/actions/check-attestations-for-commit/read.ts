/**
 * What the gate reads: its inputs, the commits to check (the `commits` input, the pull request's commits, or
 * GITHUB_SHA) and their attestations (GET /attestations/{org}/list_attestations_for_criteria).
 */
import * as z from 'zod/mini';
import {
  AttestationName,
  AttestationType,
  expectedForms,
  Sha1,
  type AttestationsByCommit,
  type AttestationsForCommitsQuery,
  type CommitAttestation,
} from '../../api/schemas.js';
import type { ComplianceClient } from '../../api/client.js';
import { InputError } from '../../errors/errors.js';
import { commitFromEvent, commitUrl, type PullRequestRef } from '../../context/github.js';
import type { InputReader } from '../../context/inputs.js';
import { describeGitHubError } from '../../github/octokit.js';
import { listPullRequestCommits } from '../../github/pulls.js';
import { readCommon, type CommonInputs } from '../../runtime/context.js';
import { readPrComment, type PrCommentInputs } from '../../runtime/pr-comment.js';
import { firstLine } from '../../summary/cells.js';
import { log } from '../../trust/log.js';

/** Where the commits to check come from. */
export type CommitSource =
  | { kind: 'input'; commits: string[] }
  | { kind: 'pull-request'; pullRequest: PullRequestRef }
  | { kind: 'github-sha'; sha: string };

/** The service's query, without the commits. */
export type GateQuery = Omit<AttestationsForCommitsQuery, 'commit_list'>;

export interface GateInputs extends CommonInputs {
  source: CommitSource;
  query: GateQuery;
  /** Attestation names every commit needs; empty: at least one attestation, all compliant. */
  required: string[];
  failOnNonCompliant: boolean;
  /** Reads the pull request's commits. */
  githubToken: string | undefined;
  prComment: PrCommentInputs;
}

/** A SHA as git prints it or in capitals; checked lowercase, as the service keys its answer. */
const CommitSha = z.pipe(
  z.pipe(
    z.string(),
    z.transform((sha: string) => sha.toLowerCase()),
  ),
  Sha1,
);
const SHA_FORM = `${expectedForms.sha1}, one per line or comma-separated`;

export function readInputs(inputs: InputReader, cwd: string): GateInputs {
  // Both tokens are masked before any other input is read: github-token here, api-token first in readCommon.
  const githubToken = inputs.secret('github-token');
  const common = readCommon(inputs, cwd);
  const prComment = readPrComment(inputs, common, githubToken);
  const commits = inputs.checkedList('commits', CommitSha, expectedForms.sha1);
  const source = commitSource(commits, prComment.pullRequest, common);
  const attestationType = inputs.checked('attestation-type', AttestationType, expectedForms.attestationType);
  const attestationName = inputs.matching('attestation-name', 'attestationName');
  const flow = inputs.matching('flow', 'flowName');
  const required = inputs.checkedList('required', AttestationName, expectedForms.attestationName, {
    lines: true,
  });
  const unreachable = attestationName === undefined ? undefined : required.find((n) => n !== attestationName);
  if (unreachable !== undefined) {
    throw new InputError(
      'required',
      `'${unreachable}' can never be found: attestation-name narrows the search to '${attestationName ?? ''}'`,
      'only the name given in attestation-name, or no attestation-name',
    );
  }
  return {
    ...common,
    source,
    query: {
      ...(flow !== undefined && { flow_name: flow }),
      ...(attestationType !== undefined && { attestation_type: attestationType }),
      ...(attestationName !== undefined && { attestation_name: attestationName }),
    },
    required,
    failOnNonCompliant: inputs.boolean('fail-on-non-compliant', true),
    githubToken,
    prComment,
  };
}

function commitSource(
  commits: string[],
  pullRequest: PullRequestRef | undefined,
  { runner: { github } }: CommonInputs,
): CommitSource {
  if (commits.length > 0) return { kind: 'input', commits };
  if (pullRequest) return { kind: 'pull-request', pullRequest };
  if (github.eventName === 'pull_request' || github.eventName === 'pull_request_target') {
    // GITHUB_SHA is the merge commit here, which nobody attested: checking it would blame the wrong commit.
    throw new InputError(
      'commits',
      `is required: this ${github.eventName} event's payload does not name the pull request (GITHUB_EVENT_PATH), ` +
        'so its commits cannot be read and GITHUB_SHA is a merge commit no pipeline attested',
      `${SHA_FORM}, e.g. \${{ github.event.pull_request.head.sha }}`,
    );
  }
  if (github.sha !== undefined && Sha1.safeParse(github.sha).success)
    return { kind: 'github-sha', sha: github.sha };
  throw new InputError(
    'commits',
    github.sha === undefined
      ? 'is required outside GitHub Actions (no GITHUB_SHA)'
      : `is required: GITHUB_SHA ('${github.sha}') is not a commit SHA`,
    SHA_FORM,
  );
}

export interface CheckedCommit {
  sha: string;
  /** The first line of its message, where known. */
  title: string | undefined;
  url: string | undefined;
}

export interface CommitsRead {
  commits: CheckedCommit[];
  /** How they were found: the input, the pull request's list, its head alone, or GITHUB_SHA. */
  from: 'input' | 'pull-request' | 'pull-request-head' | 'github-sha';
  pullRequest?: number;
  /** Why the pull request's list was not used, or what it left out: a warning. */
  note?: string;
}

export async function readCommits(inputs: GateInputs): Promise<CommitsRead> {
  return log.group('Commits to check', async () => {
    const read = await findCommits(inputs);
    log.info(`${read.commits.length} commit(s) ${describeSource(read)}:`);
    for (const c of read.commits) log.info(`  ${c.sha}${c.title ? ` ${c.title}` : ''}`);
    return read;
  });
}

async function findCommits(inputs: GateInputs): Promise<CommitsRead> {
  const { source, runner } = inputs;
  const known = (sha: string, message?: string, url?: string): CheckedCommit => ({
    sha,
    title: message ?? firstLine(commitFromEvent(runner.event, sha, undefined)?.message),
    url: url ?? commitUrl(runner.github, sha),
  });
  if (source.kind === 'input') return { commits: source.commits.map((sha) => known(sha)), from: 'input' };
  if (source.kind === 'github-sha') return { commits: [known(source.sha)], from: 'github-sha' };

  const pr = source.pullRequest;
  const head = pr.headSha ?? runner.github.sha;
  const headOnly = (reason: string): CommitsRead => {
    if (head === undefined) {
      throw new InputError(
        'commits',
        `the commits of pull request #${pr.number} could not be read (${reason}) and the event names no head commit`,
        SHA_FORM,
      );
    }
    const note =
      `Could not read the commits of pull request #${pr.number} (${reason}): checking its head commit ${head} alone. ` +
      "Give the job the 'pull-requests: read' permission, or list the commits in the 'commits' input.";
    return { commits: [known(head)], from: 'pull-request-head', pullRequest: pr.number, note };
  };
  if (inputs.githubToken === undefined) return headOnly('no github-token');
  let listed;
  try {
    listed = await listPullRequestCommits({
      token: inputs.githubToken,
      apiUrl: runner.github.apiUrl,
      owner: pr.owner,
      repo: pr.repo,
      pullNumber: pr.number,
    });
  } catch (error) {
    return headOnly(describeGitHubError(error));
  }
  if (listed.commits.length === 0) return headOnly('GitHub listed none');
  const commits = listed.commits.map((c) => known(c.sha, firstLine(c.message), c.url));
  const total = pr.commits ?? 0;
  const listedCount = commits.length;
  if (!listed.truncated && total <= listedCount)
    return { commits, from: 'pull-request', pullRequest: pr.number };
  // GitHub lists the first 250: the newest commits, the head among them, would go unchecked.
  const headMissing = head !== undefined && !commits.some((c) => c.sha === head);
  if (headMissing) commits.push(known(head));
  const note =
    `Pull request #${pr.number} has ${total > listedCount ? total : `more than ${listedCount}`} commits; GitHub ` +
    `lists only the first ${listedCount}, so those${headMissing ? ' and the head commit' : ''} are ` +
    "checked. List every commit in the 'commits' input to check them all.";
  return { commits, from: 'pull-request', pullRequest: pr.number, note };
}

function describeSource(read: CommitsRead): string {
  switch (read.from) {
    case 'input':
      return 'from the commits input';
    case 'pull-request':
      return `of pull request #${read.pullRequest ?? ''}`;
    case 'pull-request-head':
      return `(the head of pull request #${read.pullRequest ?? ''})`;
    case 'github-sha':
      return '(GITHUB_SHA)';
  }
}

/** The attestations of every commit, narrowed by the query; every commit is a key, [] when it has none. */
export async function readAttestations(
  client: ComplianceClient,
  commits: CheckedCommit[],
  query: GateQuery,
): Promise<AttestationsByCommit> {
  return log.group('Read the attestations', async () => {
    const found = await client.listAttestationsForCommits({
      commit_list: commits.map((c) => c.sha),
      ...query,
    });
    for (const c of commits) {
      const names = (found[c.sha] ?? []).map((a) => `${a.attestation_name} (${verdict(a)})`);
      log.info(`${c.sha}: ${names.length === 0 ? 'no attestations' : names.join(', ')}`);
    }
    return found;
  });
}

function verdict(a: CommitAttestation): string {
  if (a.is_compliant === true) return 'compliant';
  if (a.is_compliant === false) return 'non-compliant';
  return 'no verdict';
}

/** The commits, with the messages the service knows for those GitHub did not describe. */
export function withTitles(commits: CheckedCommit[], found: AttestationsByCommit): CheckedCommit[] {
  return commits.map((commit) => {
    if (commit.title !== undefined) return commit;
    const info = (found[commit.sha] ?? [])
      .map((a) => a.git_commit_info)
      .find((i) => firstLine(i?.message) !== undefined);
    return info
      ? { ...commit, title: firstLine(info.message), url: commit.url ?? info.url ?? undefined }
      : commit;
  });
}
