/**
 * The gate's inputs: where the commits to check come from (the `commits` input, SHAs or a `<base>..<head>` range;
 * `since-deployed-in`; the pull request's commits; or GITHUB_SHA), the query that narrows their attestations, and the
 * names every commit needs. A range is only parsed here: run.ts reads it in the checkout, before any request.
 */
import * as z from 'zod/mini';
import { AttestationName, AttestationType, expectedForms, Sha1 } from '../../api/schemas.js';
import { readFailOn, type Shorthand } from '../../compliance/grades.js';
import { InputError } from '../../errors/errors.js';
import { grouped, parseRange } from '../../context/commit-range.js';
import type { GitHubContext, PullRequestRef } from '../../context/github.js';
import type { InputReader } from '../../context/inputs.js';
import { readNameFilters } from '../../context/name-filter.js';
import { readCommon, type CommonInputs } from '../../runtime/context.js';
import { readPrComment } from '../../runtime/pr-comment.js';
import { GATE_GRADES, MAX_COMMITS, ON_NO_BASE, type CommitSource, type GateQuery } from './types.js';

/** `fail-on-non-compliant`, the older word: true (the default) fails on every grade this gate finds, false on none. */
const SHORTHAND: Shorthand = {
  input: 'fail-on-non-compliant',
  whenTrue: GATE_GRADES,
  whenFalse: [],
  fallback: true,
  found: GATE_GRADES,
};

/** A SHA as git prints it or in capitals; checked lowercase, as the service keys its answer. */
const CommitSha = z.pipe(
  z.pipe(
    z.string(),
    z.transform((sha: string) => sha.toLowerCase()),
  ),
  Sha1,
);
export const SHA_FORM = `${expectedForms.sha1}, one per line or comma-separated`;

export async function readInputs(inputs: InputReader, cwd: string) {
  // Both tokens are masked before any other input is read: github-token here, api-token first in readCommon.
  const githubToken = inputs.secret('github-token');
  const common = readCommon(inputs, cwd);
  const prComment = readPrComment(inputs, common, githubToken);
  const source = await readSource(inputs, prComment.pullRequest, common);
  const attestationType = inputs.checked('attestation-type', AttestationType, expectedForms.attestationType);
  const attestationName = inputs.matching('attestation-name', 'attestationName');
  const flow = inputs.matching('flow', 'flowName');
  if (source.kind === 'since-deployed' && flow === undefined && source.names.length === 0) {
    throw new InputError(
      'since-deployed-in',
      `cannot tell which of what runs in ${source.environment} is this repository's: neither flow nor name is given`,
      "flow (the artifacts' flow) or name (their names or globs), with since-deployed-in",
    );
  }
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
  const query: GateQuery = {
    ...(flow !== undefined && { flow_name: flow }),
    ...(attestationType !== undefined && { attestation_type: attestationType }),
    ...(attestationName !== undefined && { attestation_name: attestationName }),
  };
  return {
    ...common,
    source,
    query,
    /** Attestation names every commit needs; empty: at least one attestation, all compliant. */
    required,
    ...readGate(inputs),
    /** Reads the pull request's commits. */
    githubToken,
    prComment,
  };
}

export type GateInputs = Awaited<ReturnType<typeof readInputs>>;

/**
 * The grades that fail the step (`fail-on`, or its shorthand `fail-on-non-compliant`; the others warn), and whether
 * the gate can fail the step at all (fail-on lists a grade).
 */
function readGate(inputs: InputReader) {
  const failOn = readFailOn(inputs, SHORTHAND);
  return { failOn, failOnNonCompliant: failOn.grades.length > 0 };
}

/** The commits input (a range, or SHAs), since-deployed-in and its companions, else the defaults (commitSource). */
async function readSource(
  inputs: InputReader,
  pullRequest: PullRequestRef | undefined,
  common: CommonInputs,
): Promise<CommitSource> {
  const environment = inputs.matching('since-deployed-in', 'envName');
  const includeMerges = inputs.boolean('include-merges', true);
  const onNoBase = inputs.choice('on-no-base', ON_NO_BASE, 'fail') ?? 'fail';
  const names = await readNameFilters(inputs, 'name');
  const given = inputs.raw('commits');
  if (environment !== undefined) {
    if (given !== '') {
      throw new InputError(
        'since-deployed-in',
        'cannot be used with commits: one finds the commits to check, the other lists them',
        'since-deployed-in with commits empty, or commits alone',
      );
    }
    const head = headOf(pullRequest, common.runner.github);
    return { kind: 'since-deployed', environment, names, onNoBase, head, includeMerges };
  }
  if (names.length > 0) {
    throw new InputError(
      'name',
      'is only read with since-deployed-in (it picks the artifacts of this repository among those running)',
      'name empty, or since-deployed-in given',
    );
  }
  const range = parseRange(given, 'commits');
  if (range !== undefined) return { kind: 'range', ...range, includeMerges };
  const listed = new Set(inputs.list('commits').map((sha) => sha.toLowerCase())).size;
  if (listed > MAX_COMMITS) {
    throw new InputError(
      'commits',
      `lists ${grouped(listed)} commits, more than the ${grouped(MAX_COMMITS)} one step checks`,
      `at most ${grouped(MAX_COMMITS)} SHAs, or the commits split over several steps`,
    );
  }
  const commits = inputs.checkedList('commits', CommitSha, expectedForms.sha1);
  return commitSource(commits, pullRequest, common);
}

/**
 * The head of since-deployed-in: the pull request's head commit on pull_request events (GITHUB_SHA is a merge commit
 * there that nobody attested), else GITHUB_SHA, else HEAD.
 */
function headOf(pullRequest: PullRequestRef | undefined, github: GitHubContext): string {
  if (pullRequest?.headSha !== undefined) return pullRequest.headSha;
  return github.sha !== undefined && Sha1.safeParse(github.sha).success ? github.sha : 'HEAD';
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

/** What the inputs say, for the result file of a gate that could not check. */
export function describe(inputs: GateInputs): Record<string, unknown> {
  const { source } = inputs;
  return {
    from: source.kind,
    commits:
      source.kind === 'input'
        ? source.commits.map((sha) => ({ sha }))
        : source.kind === 'github-sha'
          ? [{ sha: source.sha }]
          : [],
    pullRequest: source.kind === 'pull-request' ? source.pullRequest.number : undefined,
    range: source.kind === 'range' ? `${source.base}..${source.head}` : undefined,
    sinceDeployedIn: source.kind === 'since-deployed' ? source.environment : undefined,
    query: inputs.query,
    required: inputs.required,
    failOnNonCompliant: inputs.failOnNonCompliant,
    failOn: inputs.failOn.grades,
  };
}
