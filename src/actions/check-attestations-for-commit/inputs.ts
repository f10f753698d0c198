/**
 * The gate's inputs: where the commits to check come from (the `commits` input, the pull request's commits, or
 * GITHUB_SHA), the query that narrows their attestations, and the names every commit needs.
 */
import * as z from 'zod/mini';
import { AttestationName, AttestationType, expectedForms, Sha1 } from '../../api/schemas.js';
import { InputError } from '../../errors/errors.js';
import type { PullRequestRef } from '../../context/github.js';
import type { InputReader } from '../../context/inputs.js';
import { readCommon, type CommonInputs } from '../../runtime/context.js';
import { readPrComment } from '../../runtime/pr-comment.js';
import type { CommitSource, GateInputs } from './types.js';

/** A SHA as git prints it or in capitals; checked lowercase, as the service keys its answer. */
const CommitSha = z.pipe(
  z.pipe(
    z.string(),
    z.transform((sha: string) => sha.toLowerCase()),
  ),
  Sha1,
);
export const SHA_FORM = `${expectedForms.sha1}, one per line or comma-separated`;

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
    query: inputs.query,
    required: inputs.required,
    failOnNonCompliant: inputs.failOnNonCompliant,
  };
}
