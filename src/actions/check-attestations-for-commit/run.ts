/** check-attestations-for-commit, running: reads the commits and their attestations, decides, renders. */
import type { ComplianceClient } from '../../api/client.js';
import type { AttestationsByCommit } from '../../api/schemas.js';
import { baseRevisions, findDeployed, whyNoBase, type Deployed } from '../../compliance/deployed.js';
import { InputError } from '../../errors/errors.js';
import { readRange, type RangeRequest } from '../../context/commit-range.js';
import { commitFromEvent, commitUrl } from '../../context/github.js';
import { describeGitHubError, permissionsMayBeTheCause } from '../../github/octokit.js';
import { listPullRequestCommits } from '../../github/pulls.js';
import { withClient } from '../../runtime/context.js';
import { GatheredFailure, type StepResult } from '../../runtime/step.js';
import { firstLine } from '../../summary/cells.js';
import { log } from '../../trust/log.js';
import { plural } from '../../trust/text.js';
import {
  SHA_FORM,
  MAX_COMMITS,
  type GateInputs,
  type CheckedCommit,
  type CommitSource,
  type CommitsRead,
  type DeployedRead,
  type GateQuery,
} from './inputs.js';
import { render, renderReview, renderUnchecked, runningWords } from './render.js';
import { decide, decideReview } from './decide.js';

export async function run(inputs: GateInputs): Promise<StepResult> {
  // The client first: it is closed however the step ends, and nothing is asked of GitHub before it exists.
  return withClient(inputs.connection, async (client) => {
    const read = await readCommits(inputs, client);
    // Only a range, or since-deployed-in without a base, finds no commit: nothing is asked.
    if (read.commits.length === 0) return renderUnchecked(inputs, read);
    let found;
    try {
      found = await readAttestations(client, read.commits, inputs.query);
    } catch (error) {
      // What was read stays: the commits in the result file, and the note (only the head checked) as a warning.
      const { commits, from, pullRequest, note, range, deployed } = read;
      throw new GatheredFailure(error, {
        result: { commits, from, pullRequest, note, range, deployed },
        ...(note !== undefined && {
          details: (summary) => summary.paragraph(note),
          annotations: [{ level: 'warning', message: note }],
        }),
      });
    }
    const commits = withTitles(read.commits, found);
    const shas = commits.map((c) => c.sha);
    const checked = `passed: ${commits.length} ${plural(commits.length, 'commit')} checked.`;
    if (inputs.review) {
      const review = decideReview(shas, found, inputs.review.exemptAuthors.matches);
      if (review.compliant) log.info(`Review check ${checked}`);
      return renderReview(inputs, inputs.review, { ...read, commits }, review);
    }
    const decision = decide(shas, found, inputs.required);
    if (decision.compliant) log.info(`Compliance gate ${checked}`);
    return render(inputs, { ...read, commits }, decision);
  });
}

async function readCommits(inputs: GateInputs, client: ComplianceClient): Promise<CommitsRead> {
  // What runs in the environment is read first, in a group of its own.
  const { source } = inputs;
  const deployed = source.kind === 'since-deployed' ? await readDeployed(inputs, source, client) : undefined;
  return log.group('Commits to check', async () => {
    const read = deployed ? sinceDeployed(inputs, deployed) : await findCommits(inputs);
    log.info(`${read.commits.length} ${plural(read.commits.length, 'commit')} ${describeSource(read)}:`);
    for (const c of read.commits) log.info(`  ${c.sha}${c.title ? ` ${c.title}` : ''}`);
    if (read.commits.length === 0 && read.note !== undefined) log.info(read.note);
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
  if (source.kind === 'range') {
    const shown = `${source.base}..${source.head}`;
    return fromRange(inputs, 'range', {
      input: 'commits',
      shown,
      head: { revision: source.head },
      bases: [{ revision: source.base }],
      includeMerges: source.includeMerges,
    });
  }
  if (source.kind === 'since-deployed') throw new Error('since-deployed-in is read by readDeployed');

  const pr = source.pullRequest;
  const head = pr.headSha ?? runner.github.sha;
  const listThem = "list the commits in the 'commits' input";
  const headOnly = (reason: string, advice: string): CommitsRead => {
    if (head === undefined) {
      throw new InputError(
        'commits',
        `the commits of pull request #${pr.number} could not be read (${reason}) and the event names no head commit`,
        SHA_FORM,
      );
    }
    const note =
      `Could not read the commits of pull request #${pr.number} (${reason}): checking its head commit ${head} alone. ` +
      advice;
    return { commits: [known(head)], from: 'pull-request-head', pullRequest: pr.number, note };
  };
  if (inputs.githubToken === undefined)
    return headOnly('no github-token', `Set 'github-token', or ${listThem}.`);
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
    // The job's permissions are named only where they can be the cause: a refusal on a runner.
    const advice = permissionsMayBeTheCause(error, runner.github.onActions)
      ? `Give the job the 'pull-requests: read' permission, or ${listThem}.`
      : `To check them all, ${listThem}.`;
    return headOnly(describeGitHubError(error), advice);
  }
  if (listed.commits.length === 0) return headOnly('GitHub listed none', `To check them all, ${listThem}.`);
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

/** A range of the checkout, read with git (InputErrors on the input it came from), each commit linked. */
function fromRange(
  inputs: GateInputs,
  from: 'range' | 'since-deployed',
  request: Omit<RangeRequest, 'cwd' | 'max'>,
): CommitsRead {
  const { runner } = inputs;
  const read = readRange({ ...request, cwd: runner.workspace, max: MAX_COMMITS });
  return {
    commits: read.commits.map((c) => ({
      sha: c.sha,
      title: firstLine(c.subject),
      url: commitUrl(runner.github, c.sha),
    })),
    from,
    range: { shown: request.shown, head: read.head, bases: read.bases, includeMerges: request.includeMerges },
    ...(read.commits.length === 0 && {
      note:
        read.onlyMerges === undefined
          ? `${request.shown} has no commits: nothing was checked.`
          : `${request.shown} has only merge commits (${read.onlyMerges}), which include-merges: false leaves ` +
            'out: nothing was checked.',
    }),
  };
}

type SinceDeployed = Extract<CommitSource, { kind: 'since-deployed' }>;

/** What runs in the environment, of this repository (by flow and name), and the commits it was built from. */
async function readDeployed(
  inputs: GateInputs,
  source: SinceDeployed,
  client: ComplianceClient,
): Promise<{ source: SinceDeployed; found: Deployed }> {
  const { environment } = source;
  return log.group(`What runs in ${environment}`, async () => {
    const found = await findDeployed(client, {
      environment,
      flow: inputs.query.flow_name,
      names: source.names,
      repository: inputs.runner.github.repository,
    });
    log.info(`${runningWords({ ...found, environment })}; ${found.artifacts.length} of this repository:`);
    for (const a of found.artifacts) log.info(`  ${a.name}: ${a.commit ?? 'commit unknown'} (${a.why})`);
    return { source, found };
  });
}

/**
 * Every commit since what runs: the union of each base..head, so an older version running widens the range; no base:
 * on-no-base decides.
 */
function sinceDeployed(
  inputs: GateInputs,
  { source, found }: { source: SinceDeployed; found: Deployed },
): CommitsRead {
  const { environment, onNoBase, head } = source;
  const { snapshot, running, artifacts } = found;
  const deployed: DeployedRead = { environment, snapshot, running, artifacts };
  // What picked this repository's artifacts, for the reason there is no base.
  const matchedBy = [
    inputs.query.flow_name !== undefined && `flow ${inputs.query.flow_name}`,
    source.names.length > 0 && `name ${source.names.map((n) => n.source).join(', ')}`,
  ];
  const noBase = whyNoBase(found, environment, matchedBy.filter(Boolean).join(' and '));
  const described = head === 'HEAD' ? 'HEAD' : `the head commit ${head}`;
  const gathered = (error: unknown) =>
    new GatheredFailure(error, { result: { from: 'since-deployed', deployed } });
  if (noBase !== undefined && onNoBase === 'fail') {
    throw gathered(
      new InputError(
        'since-deployed-in',
        `found no base to check the commits since: ${noBase}`,
        'an environment that runs an artifact of this repository with a known commit (matched by flow or name), or ' +
          'on-no-base: all (check every commit of the head) or skip (check nothing)',
      ),
    );
  }
  const said = noBase === undefined ? undefined : `No base in ${environment}: ${noBase}`;
  if (said !== undefined && onNoBase === 'skip') {
    return {
      commits: [],
      from: 'since-deployed',
      deployed: { ...deployed, noBase: 'skip' },
      note: `${said}. Nothing was checked (on-no-base: skip).`,
    };
  }
  try {
    const read = fromRange(inputs, 'since-deployed', {
      input: said === undefined ? 'since-deployed-in' : 'on-no-base',
      shown: `${environment}..${head === 'HEAD' ? 'HEAD' : head.slice(0, 7)}`,
      head: { revision: head, described },
      bases: said === undefined ? baseRevisions(found, environment) : [],
      includeMerges: source.includeMerges,
    });
    if (said === undefined) return { ...read, deployed };
    const all = `${said}. Every commit of ${described} is checked (on-no-base: all).`;
    return { ...read, deployed: { ...deployed, noBase: 'all' }, note: all };
  } catch (error) {
    throw gathered(error);
  }
}

function describeSource(read: CommitsRead): string {
  const words: Record<CommitsRead['from'], string> = {
    input: 'from the commits input',
    range: `of ${read.range?.shown ?? 'the range'} (newest first)`,
    'since-deployed': `since what runs in ${read.deployed?.environment ?? ''} (newest first)`,
    'pull-request': `of pull request #${read.pullRequest ?? ''}`,
    'pull-request-head': `(the head of pull request #${read.pullRequest ?? ''})`,
    'github-sha': '(GITHUB_SHA)',
  };
  return words[read.from];
}

/** The attestations of every commit, narrowed by the query; every commit is a key, [] when it has none. */
async function readAttestations(
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
      const names = (found[c.sha] ?? []).map((a) => {
        const verdict =
          a.is_compliant === true ? 'compliant' : a.is_compliant === false ? 'non-compliant' : 'no verdict';
        return `${a.attestation_name} (${verdict})`;
      });
      log.info(`${c.sha}: ${names.length === 0 ? 'no attestations' : names.join(', ')}`);
    }
    return found;
  });
}

/** The commits, with the messages the service knows (of the commit, or of a pull request listing it). */
function withTitles(commits: CheckedCommit[], found: AttestationsByCommit): CheckedCommit[] {
  return commits.map((commit) => {
    if (commit.title !== undefined) return commit;
    const attestations = found[commit.sha] ?? [];
    const info = attestations.map((a) => a.git_commit_info).find((i) => firstLine(i?.message) !== undefined);
    if (info) return { ...commit, title: firstLine(info.message), url: commit.url ?? info.url ?? undefined };
    const listed = attestations
      .flatMap((a) => a.pull_requests ?? [])
      .flatMap((pr) => pr.commits ?? [])
      .find((c) => c.sha1 === commit.sha && firstLine(c.message) !== undefined);
    return listed ? { ...commit, title: firstLine(listed.message) } : commit;
  });
}
