/** GET /attestations/{org}/list_attestations_for_criteria (4.1): the gate's query and the map it answers. */
import * as z from 'zod/mini';
import {
  AttestationName,
  AttestationType,
  decides,
  FlowName,
  GitCommit,
  requiredFor,
  Sha1,
  shown,
} from './common.js';

export const AttestationsForCommitsQuery = z.strictObject({
  commit_list: z.array(Sha1).check(z.minLength(1, { error: 'needs at least one commit' })),
  flow_name: z.optional(FlowName),
  attestation_type: z.optional(AttestationType),
  attestation_name: z.optional(AttestationName),
  attestation_id: z.optional(z.string()),
});
export type AttestationsForCommitsQuery = z.input<typeof AttestationsForCommitsQuery>;

/** A pull request of a `pull_request` attestation, as the service's own review action reads it. */
const PullRequest = z.looseObject({
  url: shown(z.string()),
  state: shown(z.string()),
  approvers: decides(
    'the review rule: who approved (absent: unknown, never reviewed)',
    z.array(z.looseObject({ username: decides('the review rule: who approved', z.string()) })),
  ),
  commits: decides(
    'the review rule: whether the one approver authored a commit (absent: unknown)',
    z.array(
      z.looseObject({
        sha1: shown(z.string()),
        message: shown(z.string()),
        author_username: decides('the review rule: who authored it', z.string()),
      }),
    ),
  ),
});
export type AttestedPullRequest = z.infer<typeof PullRequest>;

/** An element of the map: its fields are "not shown" in the spec, these are the observed ones. */
export const CommitAttestation = z.looseObject({
  attestation_name: requiredFor(
    'the gate: which required attestation it is (4.1 shows no fields; every observed answer has it)',
    z.string(),
  ),
  attestation_type: decides(
    "held to a type filter (then required, see the client); an override decides its name's cell",
    z.string(),
  ),
  is_compliant: decides('the verdict; absent is no verdict, never compliant', z.boolean()),
  created_at: decides('which of two reports of a name is later; absent, neither supersedes', z.number()),
  html_url: shown(z.string()),
  artifact_fingerprint: decides('where it was made: supersession compares it', z.string()),
  flow_name: decides('held to a flow filter; supersession compares it', z.string()),
  trail_name: decides('where it was made: supersession compares it', z.string()),
  git_commit_info: shown(GitCommit),
  reported_by: shown(z.string()),
  description: shown(z.string()),
  pull_requests: decides(
    'the review rule: the pull requests of the commit ([] a direct push; absent: unknown)',
    z.array(PullRequest),
  ),
});
export type CommitAttestation = z.infer<typeof CommitAttestation>;

export const AttestationsByCommit = z.record(z.string(), z.array(CommitAttestation));
export type AttestationsByCommit = z.infer<typeof AttestationsByCommit>;
