/**
 * The gate's inputs: where the commits come from (`commits`, a range, `since-deployed-in`, the pull request,
 * GITHUB_SHA), the query and the required names. A range is only parsed here.
 */
import * as z from 'zod/mini';
import {
  AttestationName,
  AttestationType,
  expectedForms,
  Sha1,
  type AttestationsForCommitsQuery,
} from '../../api/schemas.js';
import { readFailOn, REVIEW_GRADES, type Shorthand, type Grade } from '../../compliance/grades.js';
import { InputError } from '../../errors/errors.js';
import { grouped, parseRange } from '../../context/commit-range.js';
import type { GitHubContext, PullRequestRef } from '../../context/github.js';
import type { InputReader } from '../../context/inputs.js';
import { readNameFilters, type NameFilter } from '../../context/name-filter.js';
import { compiledOr, type Pattern } from '../../context/pattern.js';
import { readCommon } from '../../runtime/context.js';
import { readPrComment } from '../../runtime/pr-comment.js';
import type { Deployed } from '../../compliance/deployed.js';

export const ACTION = 'check-attestations-for-commit';

/** At most this many commits in one step (a range, or a list): more is an InputError that says how many. */
export const MAX_COMMITS = 5000;

/** What `since-deployed-in` does when nothing of this repository runs in the environment. */
const ON_NO_BASE = ['fail', 'all', 'skip'] as const;
type OnNoBase = (typeof ON_NO_BASE)[number];

export type CommitSource =
  | { kind: 'input'; commits: string[] }
  /** `commits: <base>..<head>`, read in the checkout. */
  | { kind: 'range'; base: string; head: string; includeMerges: boolean }
  /** `since-deployed-in`: every commit of `head` since what runs in the environment. */
  | {
      kind: 'since-deployed';
      environment: string;
      /** The `name` input: the artifacts of this repository by name (besides `flow`). */
      names: NameFilter[];
      onNoBase: OnNoBase;
      /** The pull request's head commit (GITHUB_SHA is an unattested merge there), else GITHUB_SHA, else HEAD. */
      head: string;
      includeMerges: boolean;
    }
  | { kind: 'pull-request'; pullRequest: PullRequestRef }
  | { kind: 'github-sha'; sha: string };

export type GateQuery = Omit<AttestationsForCommitsQuery, 'commit_list'>;

export interface CheckedCommit {
  sha: string;
  /** The first line of its message, where known. */
  title: string | undefined;
  url: string | undefined;
}

export interface CommitsRead {
  commits: CheckedCommit[];
  /** How they were found: the input, a range, since what is deployed, the pull request, its head, GITHUB_SHA. */
  from: 'input' | 'range' | 'since-deployed' | 'pull-request' | 'pull-request-head' | 'github-sha';
  pullRequest?: number;
  /** Why the pull request's list was not used, or what it left out; what since-deployed-in did without a base. */
  note?: string;
  /**
   * A range (`range`, `since-deployed`): as asked (`v1.2.0..HEAD`, or `production..HEAD` for since-deployed-in), and
   * as git resolved it, the commits newest first; no base when every commit of the head is checked (on-no-base: all).
   */
  range?: { shown: string; head: string; bases: string[]; includeMerges: boolean };
  /** since-deployed-in: what runs in the environment, of this repository. */
  deployed?: DeployedRead;
}

/**
 * What runs in the environment: the snapshot read, how many artifacts run there, those of this repository; with no
 * base, what on-no-base did (`all` checked every commit of the head, `skip` nothing).
 */
export type DeployedRead = Pick<Deployed, 'snapshot' | 'running' | 'artifacts'> & {
  environment: string;
  noBase?: Exclude<OnNoBase, 'fail'>;
};

/** The grades this gate finds (never incomplete: an attestation has a verdict or none). */
export const GATE_GRADES = ['non-compliant', 'missing', 'unknown'] as const satisfies readonly Grade[];

/** `fail-on-non-compliant`, the older word: true (the default) fails on every grade this gate finds, false on none. */
const SHORTHAND: Shorthand = {
  input: 'fail-on-non-compliant',
  whenTrue: GATE_GRADES,
  whenFalse: [],
  fallback: true,
  found: GATE_GRADES,
};

const EXEMPT_FORM =
  'usernames (dependabot[bot]), or RE2 patterns between slashes matched against the whole username, any case ' +
  '(/(dependabot|renovate)\\[bot\\]/), one per line';

/** `exempt-authors`: a username matches trimmed and in any case; `/…/` is an RE2 pattern of the whole username. */
async function readExemptAuthors(inputs: InputReader) {
  const lines = inputs.list('exempt-authors', true);
  const refuse = (line: string, problem: string) =>
    new InputError('exempt-authors', `'${line}' ${problem}`, EXEMPT_FORM);
  const slashed = lines.filter((line) => line.startsWith('/'));
  const unclosed = slashed.find((line) => line.length <= 2 || !line.endsWith('/'));
  const noFlags = 'starts with / but is not a pattern between slashes (no flags: every one matches any case)';
  if (unclosed !== undefined) throw refuse(unclosed, noFlags);
  const names = lines.filter((line) => !line.startsWith('/')).map((name) => name.toLowerCase());
  const patterns: Pattern[] = [];
  if (slashed.length > 0) {
    // The engine is loaded only when there is a pattern; each is compiled alone first, so wrapping cannot change it.
    const { compilePattern } = await import('../../context/re2.js');
    for (const line of slashed) {
      const source = line.slice(1, -1);
      const pattern = compiledOr(
        () => {
          compilePattern(source);
          return compilePattern(`(?i)^(?:${source})$`);
        },
        (problem) => refuse(line, `is not a usable regular expression: ${problem}`),
      );
      if (pattern.test('')) throw refuse(line, 'matches an empty username: it would exempt every author');
      patterns.push(pattern);
    }
  }
  return {
    given: lines,
    matches: (username: string) =>
      names.includes(username.toLowerCase()) || patterns.some((p) => p.test(username)),
  };
}

/** With review, the shorthand stands for the review's grades too. */
const REVIEW_SHORTHAND: Shorthand = {
  ...SHORTHAND,
  whenTrue: [...GATE_GRADES, ...REVIEW_GRADES],
  found: [...GATE_GRADES, ...REVIEW_GRADES],
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
  const source = await readSource(inputs, prComment.pullRequest, common.runner.github);
  // `never-alone`: every commit approved by someone other than its authors.
  const review = inputs.choice('review', ['never-alone'] as const);
  if (review === undefined && inputs.list('exempt-authors').length > 0) {
    throw new InputError(
      'exempt-authors',
      'is only read with review',
      'exempt-authors empty, or review: never-alone',
    );
  }
  const exemptAuthors = await readExemptAuthors(inputs);
  if (review !== undefined) {
    // The review reads the pull_request attestations: what narrows or requires other attestations is another question.
    const other = ['required', 'attestation-type', 'attestation-name'].find((name) =>
      inputs.raw(name).trim(),
    );
    if (other !== undefined) {
      throw new InputError(
        other,
        `is not read with review: ${review}, which reads the pull_request attestations of each commit`,
        `${other} empty with review, or a second step of this action for the attestations every commit needs`,
      );
    }
  }
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
  // The grades that fail the step (`fail-on`, or `fail-on-non-compliant`), and whether the gate can fail at all.
  const failOn = readFailOn(inputs, review === undefined ? SHORTHAND : REVIEW_SHORTHAND);
  const type = review === undefined ? attestationType : 'pull_request';
  const query: GateQuery = {
    ...(flow !== undefined && { flow_name: flow }),
    ...(type !== undefined && { attestation_type: type }),
    ...(attestationName !== undefined && { attestation_name: attestationName }),
  };
  return {
    ...common,
    source,
    query,
    /** Attestation names every commit needs; empty: at least one attestation, all compliant. */
    required,
    failOn,
    failOnNonCompliant: failOn.grades.length > 0,
    /** The review rule, and whose commits it exempts. */
    review: review && { rule: review, exemptAuthors },
    githubToken,
    prComment,
  };
}

export type GateInputs = Awaited<ReturnType<typeof readInputs>>;

/** The commits input (a range, or SHAs), since-deployed-in and its companions, else the pull request or GITHUB_SHA. */
async function readSource(
  inputs: InputReader,
  pullRequest: PullRequestRef | undefined,
  github: GitHubContext,
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
    const head = pullRequest?.headSha ?? shaOf(github) ?? 'HEAD';
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
  const sha = shaOf(github);
  if (sha !== undefined) return { kind: 'github-sha', sha };
  throw new InputError(
    'commits',
    github.sha === undefined
      ? 'is required outside GitHub Actions (no GITHUB_SHA)'
      : `is required: GITHUB_SHA ('${github.sha}') is not a commit SHA`,
    SHA_FORM,
  );
}

/** GITHUB_SHA, where it is a commit SHA. */
function shaOf(github: GitHubContext): string | undefined {
  return github.sha !== undefined && Sha1.safeParse(github.sha).success ? github.sha : undefined;
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
    review: inputs.review?.rule,
    failOnNonCompliant: inputs.failOnNonCompliant,
    failOn: inputs.failOn.grades,
  };
}
