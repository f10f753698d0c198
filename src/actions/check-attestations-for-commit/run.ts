/**
 * check-attestations-for-commit, running the gate: reads the commits to check (the `commits` input, the pull
 * request's commits, or GITHUB_SHA) and their attestations (GET /attestations/{org}/list_attestations_for_criteria),
 * decides (decide.ts) and renders the verdict (render.ts).
 */
import type { ComplianceClient } from '../../api/client.js';
import type { AttestationsByCommit, CommitAttestation } from '../../api/schemas.js';
import { InputError } from '../../errors/errors.js';
import { commitFromEvent, commitUrl } from '../../context/github.js';
import { describeGitHubError } from '../../github/octokit.js';
import { listPullRequestCommits } from '../../github/pulls.js';
import { withClient } from '../../runtime/context.js';
import { GatheredFailure, type StepResult } from '../../runtime/step.js';
import { firstLine } from '../../summary/cells.js';
import { log } from '../../trust/log.js';
import { decide } from './decide.js';
import { SHA_FORM } from './inputs.js';
import { render } from './render.js';
import type { CheckedCommit, CommitsRead, GateInputs, GateQuery } from './types.js';

export async function run(inputs: GateInputs): Promise<StepResult> {
  // The client first: it is closed however the step ends, and nothing is asked of GitHub before it exists.
  return withClient(inputs.connection, async (client) => {
    const read = await readCommits(inputs);
    let found;
    try {
      found = await readAttestations(client, read.commits, inputs.query);
    } catch (error) {
      // What was read stays: the commits in the result file, and the note (only the head checked) as a warning.
      const { commits, from, pullRequest, note } = read;
      throw new GatheredFailure(error, {
        result: { commits, from, pullRequest, note },
        ...(note !== undefined && {
          details: (summary) => summary.paragraph(note),
          annotations: [{ level: 'warning', message: note }],
        }),
      });
    }
    const commits = withTitles(read.commits, found);
    const decision = decide(
      commits.map((c) => c.sha),
      found,
      inputs.required,
    );
    if (decision.compliant) log.info(`Compliance gate passed: ${commits.length} commit(s) checked.`);
    return render(inputs, { ...read, commits }, decision);
  });
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
