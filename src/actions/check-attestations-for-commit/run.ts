/**
 * check-attestations-for-commit: the pull-request gate. Reads the attestations of a set of commits
 * (GET /attestations/{org}/list_attestations_for_criteria) and decides, per commit and required attestation name,
 * compliant, non-compliant or missing. A tripped gate fails the step; a gate that could not check fails too, with
 * `outcome: error`, so the two are told apart.
 */
import { log } from '../../trust/log.js';
import { ComplianceError, InputError } from '../../errors/errors.js';
import {
  AttestationType,
  expectedForms,
  patterns,
  type AttestationsByCommit,
  type AttestationsForCommitsQuery,
  type CommitAttestation,
} from '../../api/schemas.js';
import { commitFromEvent, commitUrl, type PullRequestRef } from '../../context/github.js';
import type { InputReader } from '../../context/inputs.js';
import type { StickyCommentResult } from '../../github/comment.js';
import { describeGitHubError } from '../../github/octokit.js';
import { listPullRequestCommits } from '../../github/pulls.js';
import { readCommon, withClient, type CommonInputs, type RunnerContext } from '../../runtime/context.js';
import { recordCouldNotCheck } from '../../runtime/outcome.js';
import { setOutputs, writeResultFile } from '../../runtime/legacy-output.js';
import {
  COMMENT_WRITER_OPTIONS,
  commentOnPullRequest,
  readGitHubToken,
  readPrComment,
  type PrCommentInputs,
} from '../../runtime/pr-comment.js';
import { firstLine } from '../../summary/cells.js';
import { SummaryWriter, type Cell } from '../../summary/writer.js';
import { redact } from '../../trust/redact.js';

const ACTION = 'check-attestations-for-commit';
/** GitHub shows 10 error and 10 warning annotations per step and drops the rest silently. */
const MAX_ANNOTATIONS = 10;

/** Where the commits to check come from. */
export type CommitSource =
  | { kind: 'input'; commits: string[] }
  | { kind: 'pull-request'; pullRequest: PullRequestRef }
  | { kind: 'github-sha'; sha: string };

/** `githubToken` also reads the pull request's commits. */
export interface CheckAttestationsInputs extends CommonInputs, PrCommentInputs {
  source: CommitSource;
  flow: string | undefined;
  attestationType: string | undefined;
  attestationName: string | undefined;
  /** Attestation names every commit needs; empty: at least one attestation, all compliant. */
  required: string[];
  failOnNonCompliant: boolean;
}

export function readInputs(inputs: InputReader, cwd: string): CheckAttestationsInputs {
  // Both tokens are masked before any other input is read.
  const githubToken = readGitHubToken(inputs);
  const common = readCommon(inputs, cwd);
  const { github } = common.runner;
  const comment = readPrComment(inputs, common, githubToken);
  const { pullRequest } = comment;
  const commits: string[] = [];
  for (const item of inputs.list('commits')) {
    const sha = item.toLowerCase();
    if (!patterns.sha1.test(sha)) {
      throw new InputError(
        'commits',
        `'${item}' is not a commit SHA`,
        `${expectedForms.sha1}, one per line or comma-separated`,
      );
    }
    if (!commits.includes(sha)) commits.push(sha);
  }
  let source: CommitSource;
  if (commits.length > 0) source = { kind: 'input', commits };
  else if (pullRequest) source = { kind: 'pull-request', pullRequest };
  else if (github.eventName === 'pull_request' || github.eventName === 'pull_request_target') {
    // GITHUB_SHA is the merge commit here, which nobody attested: checking it would blame the wrong commit.
    throw new InputError(
      'commits',
      `is required: this ${github.eventName} event's payload does not name the pull request (GITHUB_EVENT_PATH), ` +
        'so its commits cannot be read and GITHUB_SHA is a merge commit no pipeline attested',
      `${expectedForms.sha1}, one per line or comma-separated, e.g. \${{ github.event.pull_request.head.sha }}`,
    );
  } else if (github.sha !== undefined && patterns.sha1.test(github.sha))
    source = { kind: 'github-sha', sha: github.sha };
  else {
    throw new InputError(
      'commits',
      github.sha === undefined
        ? 'is required outside GitHub Actions (no GITHUB_SHA)'
        : `is required: GITHUB_SHA ('${github.sha}') is not a commit SHA`,
      `${expectedForms.sha1}, one per line or comma-separated`,
    );
  }

  const attestationType = inputs.optional('attestation-type');
  if (attestationType !== undefined && !AttestationType.safeParse(attestationType).success) {
    throw new InputError(
      'attestation-type',
      `'${attestationType}' is not valid`,
      expectedForms.attestationType,
    );
  }
  const attestationName = inputs.matching('attestation-name', 'attestationName');
  const required = readRequired(inputs);
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
    flow: inputs.matching('flow', 'flowName'),
    attestationType,
    attestationName,
    required,
    failOnNonCompliant: inputs.boolean('fail-on-non-compliant', true),
    ...comment,
  };
}

/** One name per line (a name may hold a comma, so commas do not split). */
function readRequired(inputs: InputReader): string[] {
  const names: string[] = [];
  inputs
    .raw('required')
    .split('\n')
    .forEach((line, index) => {
      const name = line.trim();
      if (name === '') return;
      if (!patterns.attestationName.test(name)) {
        throw new InputError(
          'required',
          `line ${index + 1} ('${name}') is not an attestation name`,
          `${expectedForms.attestationName}, one name per line`,
        );
      }
      if (!names.includes(name)) names.push(name);
    });
  return names;
}

/** Sets the outputs of a gate that could not check. The entry point calls it when reading the inputs fails. */
/** For a gate that could not even read its inputs: the outputs and result file of `outcome: error`. */
export async function setCouldNotCheck(runner: RunnerContext, error: unknown): Promise<void> {
  await recordCouldNotCheck(
    runner,
    ACTION,
    { compliant: 'false', missing: '[]', 'non-compliant': '[]' },
    { compliant: false, missing: [], nonCompliant: [] },
    error,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The decision

export type CellState = 'compliant' | 'non-compliant' | 'missing';
export type Outcome = 'compliant' | 'non-compliant' | 'error';

/** A missing or non-compliant attestation; `name` is null for a commit without any attestation (no `required`). */
export interface GateItem {
  commit: string;
  name: string | null;
}

export interface GateCell {
  state: CellState;
  /** The attestations that decided the cell: the newest of each flow, trail and artifact. */
  attestations: CommitAttestation[];
}

export interface GateRow {
  commit: string;
  state: CellState;
  /** By attestation name: every required name, or without `required`, the names found on this commit. */
  cells: Record<string, GateCell>;
}

export interface Decision {
  /** The columns of the matrix: the required names, or every name found. */
  names: string[];
  rows: GateRow[];
  missing: GateItem[];
  nonCompliant: GateItem[];
}

const STATE_RANK: Record<CellState, number> = { compliant: 0, missing: 1, 'non-compliant': 2 };

/**
 * Decides every commit. Several attestations of one name (re-runs, several flows or artifacts): the newest of each
 * flow, trail and artifact counts (see newestByName), and every one of those must be compliant. `is_compliant` other than true (false,
 * or no verdict) is non-compliant: a gate fails closed.
 */
export function decide(commits: string[], found: AttestationsByCommit, required: string[]): Decision {
  const rows: GateRow[] = [];
  const missing: GateItem[] = [];
  const nonCompliant: GateItem[] = [];
  const seen = new Set<string>();
  for (const commit of commits) {
    const byName = newestByName(found[commit] ?? []);
    for (const name of byName.keys()) seen.add(name);
    const names = required.length > 0 ? required : [...byName.keys()].sort();
    const cells: Record<string, GateCell> = {};
    for (const name of names) {
      const attestations = byName.get(name) ?? [];
      const state: CellState =
        attestations.length === 0
          ? 'missing'
          : attestations.every((a) => a.is_compliant === true)
            ? 'compliant'
            : 'non-compliant';
      cells[name] = { state, attestations };
      if (state === 'missing') missing.push({ commit, name });
      if (state === 'non-compliant') nonCompliant.push({ commit, name });
    }
    if (required.length === 0 && names.length === 0) missing.push({ commit, name: null });
    const states = Object.values(cells).map((c) => c.state);
    const state =
      names.length === 0
        ? 'missing'
        : states.reduce<CellState>(
            (worst, s) => (STATE_RANK[s] > STATE_RANK[worst] ? s : worst),
            'compliant',
          );
    rows.push({ commit, state, cells });
  }
  return {
    names: required.length > 0 ? required : [...seen].sort(),
    rows,
    missing,
    nonCompliant,
  };
}

/**
 * The attestations that count, by name. A later attestation supersedes an earlier one only where both say where
 * they were made (flow and trail, and the artifact when one is named) and the later is strictly newer: without
 * `flow_name` and `trail_name` (the live service may leave them out) or without a time, each one counts, so an old
 * failure is never hidden by a newer pass from somewhere else.
 */
function newestByName(attestations: CommitAttestation[]): Map<string, CommitAttestation[]> {
  const groups = new Map<string, Map<string, CommitAttestation[]>>();
  let unplaced = 0;
  for (const a of attestations) {
    const name = a.attestation_name;
    const placed = a.flow_name && a.trail_name;
    const key = placed
      ? [a.flow_name, a.trail_name, a.artifact_fingerprint ?? ''].join('\u0000')
      : `\u0001${unplaced++}`;
    const byKey = groups.get(name) ?? new Map<string, CommitAttestation[]>();
    groups.set(name, byKey);
    const kept = byKey.get(key) ?? [];
    const time = a.created_at;
    if (kept.length === 0) byKey.set(key, [a]);
    else if (time == null || kept.some((k) => k.created_at == null || k.created_at === time)) kept.push(a);
    else if (kept.every((k) => (k.created_at ?? 0) < time)) byKey.set(key, [a]);
    // else: older than what is kept, superseded.
  }
  return new Map([...groups].map(([name, byKey]) => [name, [...byKey.values()].flat()]));
}

// ---------------------------------------------------------------------------------------------------------------
// The run

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
  /** Why the pull request's list was not used, or what it left out. */
  note?: string;
}

export interface CheckAttestationsResult {
  outcome: Outcome;
  compliant: boolean;
  failOnNonCompliant: boolean;
  commits: CheckedCommit[];
  from: CommitsRead['from'] | undefined;
  pullRequest: number | undefined;
  note: string | undefined;
  query: Omit<AttestationsForCommitsQuery, 'commit_list'>;
  required: string[];
  names: string[];
  missing: GateItem[];
  nonCompliant: GateItem[];
  rows: GateRow[];
  comment: StickyCommentResult | undefined;
  /** Why the gate could not check, when it could not. */
  error: { kind: string; message: string } | undefined;
}

export async function run(inputs: CheckAttestationsInputs): Promise<CheckAttestationsResult> {
  const query: Omit<AttestationsForCommitsQuery, 'commit_list'> = {
    ...(inputs.flow !== undefined && { flow_name: inputs.flow }),
    ...(inputs.attestationType !== undefined && { attestation_type: inputs.attestationType }),
    ...(inputs.attestationName !== undefined && { attestation_name: inputs.attestationName }),
  };
  const result: CheckAttestationsResult = {
    outcome: 'error',
    compliant: false,
    failOnNonCompliant: inputs.failOnNonCompliant,
    commits: [],
    from: undefined,
    pullRequest: inputs.pullRequest?.number,
    note: undefined,
    query,
    required: inputs.required,
    names: inputs.required,
    missing: [],
    nonCompliant: [],
    rows: [],
    comment: undefined,
    error: undefined,
  };
  let warnings = 0;
  let failure: Error | undefined;
  try {
    // The client first: a bad api-url or org fails here, before any request to GitHub or the service.
    await withClient(inputs.connection, async (client) => {
      const read = await log.group('Commits to check', async () => {
        const r = await readCommits(inputs);
        if (r.note !== undefined) warnings++;
        log.info(`${r.commits.length} commit(s) ${describeSource(r)}:`);
        for (const c of r.commits) log.info(`  ${c.sha}${c.title ? ` ${c.title}` : ''}`);
        return r;
      });
      Object.assign(result, {
        commits: read.commits,
        from: read.from,
        pullRequest: read.pullRequest ?? result.pullRequest,
        note: read.note,
      });
      const found = await log.group('Read the attestations', async () => {
        const map = await client.listAttestationsForCommits({
          commit_list: read.commits.map((c) => c.sha),
          ...query,
        });
        for (const c of read.commits) {
          const list = map[c.sha] ?? [];
          const names = list.map((a) => `${a.attestation_name} (${verdict(a)})`);
          log.info(`${c.sha}: ${names.length === 0 ? 'no attestations' : names.join(', ')}`);
        }
        return map;
      });
      fillTitles(result.commits, found);
      const decision = decide(
        result.commits.map((c) => c.sha),
        found,
        inputs.required,
      );
      Object.assign(result, decision);
      result.compliant = decision.missing.length === 0 && decision.nonCompliant.length === 0;
      result.outcome = result.compliant ? 'compliant' : 'non-compliant';
    });
  } catch (error) {
    // An input error found this late (a bad api-url, say) is still "could not check".
    failure = error instanceof Error ? error : new Error(String(error));
    result.error = {
      kind: error instanceof ComplianceError ? error.kind : 'unexpected',
      message: redact(error instanceof Error ? error.message : String(error)),
    };
  }

  setOutputs({
    compliant: result.compliant,
    outcome: result.outcome,
    missing: JSON.stringify(result.missing),
    'non-compliant': JSON.stringify(result.nonCompliant),
  });
  if (inputs.summary) await report(inputs, result, false).write(inputs.runner.summaryFile);
  // Bad input sends nothing more; a service that could not be asked is worth telling the pull request.
  if (!(failure instanceof InputError))
    // One comment per gate: two gates of one job (a flow each) keep their own.
    result.comment = await commentOnPullRequest(
      inputs,
      inputs.flow === undefined ? ACTION : `${ACTION}/${inputs.flow}`,
      () => report(inputs, result, true, COMMENT_WRITER_OPTIONS).toString(),
    );
  if (result.comment?.status === 'skipped') warnings++;
  await writeResultFile(inputs.runner, ACTION, result);

  if (failure !== undefined) throw failure;
  annotate(result, inputs.failOnNonCompliant ? 0 : warnings);
  return result;
}

async function readCommits(inputs: CheckAttestationsInputs): Promise<CommitsRead> {
  const { source, runner } = inputs;
  const known = (sha: string, message?: string, url?: string): CheckedCommit => ({
    sha,
    title: message ?? eventMessage(runner.event, sha),
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
        `${expectedForms.sha1}, one per line or comma-separated`,
      );
    }
    const note =
      `Could not read the commits of pull request #${pr.number} (${reason}): checking its head commit ${head} alone. ` +
      "Give the job the 'pull-requests: read' permission, or list the commits in the 'commits' input.";
    log.warning(note);
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
  let note: string | undefined;
  const total = pr.commits ?? 0;
  const listedCount = commits.length;
  if (listed.truncated || total > listedCount) {
    // GitHub lists the first 250: the newest commits, the head among them, would go unchecked.
    const headMissing = head !== undefined && !commits.some((c) => c.sha === head);
    if (headMissing) commits.push(known(head));
    note =
      `Pull request #${pr.number} has ${total > listedCount ? total : `more than ${listedCount}`} commits; GitHub ` +
      `lists only the first ${listedCount}, so those${headMissing ? ' and the head commit' : ''} are ` +
      "checked. List every commit in the 'commits' input to check them all.";
    log.warning(note);
  }
  return { commits, from: 'pull-request', pullRequest: pr.number, ...(note !== undefined && { note }) };
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

/** A push event carries the head commit's message. */
function eventMessage(event: unknown, sha: string): string | undefined {
  return firstLine(commitFromEvent(event, sha, undefined)?.message);
}

/** Messages the service knows, for commits GitHub did not describe. */
function fillTitles(commits: CheckedCommit[], found: AttestationsByCommit): void {
  for (const commit of commits) {
    if (commit.title !== undefined) continue;
    for (const a of found[commit.sha] ?? []) {
      const info = a.git_commit_info;
      const title = firstLine(info?.message);
      if (title !== undefined) {
        commit.title = title;
        commit.url ??= info?.url ?? undefined;
        break;
      }
    }
  }
}

function verdict(a: CommitAttestation): string {
  if (a.is_compliant === true) return 'compliant';
  if (a.is_compliant === false) return 'non-compliant';
  return 'no verdict';
}

// ---------------------------------------------------------------------------------------------------------------
// Annotations, summary and comment

function describeItem(
  item: GateItem,
  state: 'missing' | 'non-compliant',
  result: CheckAttestationsResult,
): string {
  if (item.name === null) {
    const narrowed = describeQuery(result.query);
    return `Commit ${item.commit} has no attestation${narrowed ? ` (${narrowed})` : ''}.`;
  }
  if (state === 'missing')
    return `Commit ${item.commit}: the required attestation '${item.name}' is missing.`;
  const cell = result.rows.find((r) => r.commit === item.commit)?.cells[item.name];
  const where = (cell?.attestations ?? [])
    .filter((a) => a.is_compliant !== true)
    .map((a) => [a.flow_name && `flow ${a.flow_name}`, a.html_url].filter(Boolean).join(': '))
    .filter((s) => s !== '');
  return `Commit ${item.commit}: the attestation '${item.name}' is non-compliant${where.length > 0 ? ` (${where.join('; ')})` : ''}.`;
}

function describeQuery(query: CheckAttestationsResult['query']): string {
  return [
    query.flow_name && `flow ${query.flow_name}`,
    query.attestation_type && `type ${query.attestation_type}`,
    query.attestation_name && `name ${query.attestation_name}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * One annotation per problem, at most ten per step counting the step's other annotations of that level: errors when
 * the gate fails the step (the failure itself is the tenth), else warnings.
 */
function annotate(result: CheckAttestationsResult, warningsUsed: number): void {
  const problems = [
    ...result.nonCompliant.map((item) => describeItem(item, 'non-compliant', result)),
    ...result.missing.map((item) => describeItem(item, 'missing', result)),
  ];
  if (problems.length === 0) {
    log.info(`Compliance gate passed: ${result.commits.length} commit(s) checked.`);
    return;
  }
  const failing = result.failOnNonCompliant;
  const room = Math.max(0, MAX_ANNOTATIONS - warningsUsed - 1);
  const shown = problems.slice(0, room);
  for (const text of shown) {
    // Scrubbed: names and URLs come from the service, which may echo the token.
    if (failing) log.error(text, { title: 'Compliance gate' });
    else log.warning(text, { title: 'Compliance gate' });
  }
  const counts =
    `${result.missing.length} missing and ${result.nonCompliant.length} non-compliant attestation(s) ` +
    `in ${result.commits.length} commit(s)`;
  const more =
    problems.length > shown.length ? ` (${problems.length - shown.length} more in the job summary)` : '';
  if (failing) log.fail(`Compliance gate tripped: ${counts}${more}.`);
  else
    log.warning(`Compliance gate tripped, not failing (fail-on-non-compliant is false): ${counts}${more}.`);
}

const MARK: Record<CellState, string> = { compliant: '✅', 'non-compliant': '❌', missing: '⚠️' };

function report(
  inputs: CheckAttestationsInputs,
  result: CheckAttestationsResult,
  problemsFirst: boolean,
  writerOptions: ConstructorParameters<typeof SummaryWriter>[0] = {},
): SummaryWriter {
  const summary = new SummaryWriter(writerOptions);
  const title =
    result.outcome === 'compliant'
      ? '✅ Compliance gate passed'
      : result.outcome === 'non-compliant'
        ? `❌ Compliance gate ${result.failOnNonCompliant ? 'tripped' : 'tripped (not failing the step)'}`
        : '⚠️ Compliance gate could not check';
  summary.heading(title, 3);
  const from =
    result.from === 'pull-request' || result.from === 'pull-request-head'
      ? ` of pull request #${result.pullRequest ?? ''}${result.from === 'pull-request-head' ? ' (its head only)' : ''}`
      : '';
  const narrowed = describeQuery(result.query);
  summary.paragraph(
    [
      `${result.commits.length} commit(s)${from}.`,
      result.required.length > 0
        ? `Required: ${result.required.join(', ')}.`
        : 'Required: at least one attestation per commit, all compliant.',
      narrowed ? `Narrowed to ${narrowed}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
  );
  if (result.note !== undefined) summary.paragraph(result.note);
  if (result.error !== undefined) {
    summary.paragraph(`Could not check: ${result.error.message}`);
    return summary;
  }
  summary.paragraph(
    result.compliant
      ? 'Every commit is compliant.'
      : `${result.missing.length} missing, ${result.nonCompliant.length} non-compliant.`,
  );
  const rows = problemsFirst
    ? [...result.rows].sort((a, b) => STATE_RANK[b.state] - STATE_RANK[a.state])
    : result.rows;
  const commits = new Map(result.commits.map((c) => [c.sha, c]));
  summary.table(
    ['Commit', 'Result', ...result.names],
    rows.map((row) => {
      const commit = commits.get(row.commit);
      const url = commit?.url ?? commitUrl(inputs.runner.github, row.commit);
      return [
        { text: `${row.commit.slice(0, 7)}${commit?.title ? ` ${commit.title}` : ''}`, href: url },
        `${MARK[row.state]} ${row.state}`,
        ...result.names.map((name): Cell => {
          const cell = row.cells[name];
          if (!cell) return '—';
          const newest = [...cell.attestations].sort((a, b) => (b.created_at ?? 0) - (a.created_at ?? 0));
          const shown = newest.find((a) => a.is_compliant !== true) ?? newest[0];
          return { text: `${MARK[cell.state]} ${cell.state}`, href: shown?.html_url ?? url };
        }),
      ];
    }),
  );
  summary.paragraph(
    '✅ compliant, ❌ non-compliant, ⚠️ missing' +
      (result.required.length > 0 ? '' : ', — not found on this commit'),
  );
  return summary;
}
