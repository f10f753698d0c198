/** GET /attestations/{org}/list_attestations_for_criteria (4.1): the gate's query and the map it answers. */
import * as z from 'zod/mini';
import { AttestationName, AttestationType, FlowName, GitCommit, Sha1, shown } from './common.js';

export const AttestationsForCommitsQuery = z.strictObject({
  commit_list: z.array(Sha1).check(z.minLength(1, { error: 'needs at least one commit' })),
  flow_name: z.optional(FlowName),
  attestation_type: z.optional(AttestationType),
  attestation_name: z.optional(AttestationName),
  attestation_id: z.optional(z.string()),
});
export type AttestationsForCommitsQuery = z.input<typeof AttestationsForCommitsQuery>;

/**
 * An element of the list_attestations_for_criteria map: its fields are "not shown" in the spec; these are the
 * observed ones. The gate decides on the name, the verdict, the time and where it was made (flow, trail, artifact);
 * the type is compared with a type filter (and then required, see the client). The link and commit are shown.
 */
export const CommitAttestation = z.looseObject({
  attestation_name: z.string(),
  attestation_type: z.nullish(z.string()),
  is_compliant: z.nullish(z.boolean()),
  created_at: z.nullish(z.number()),
  html_url: shown(z.string()),
  artifact_fingerprint: z.nullish(z.string()),
  flow_name: z.nullish(z.string()),
  trail_name: z.nullish(z.string()),
  git_commit_info: shown(GitCommit),
});
export type CommitAttestation = z.infer<typeof CommitAttestation>;

export const AttestationsByCommit = z.record(z.string(), z.array(CommitAttestation));
export type AttestationsByCommit = z.infer<typeof AttestationsByCommit>;
