/** GET /artifacts/{org}/{flow_name}/fingerprint/{fingerprint} (2.8): an artifact and its compliance state. */
import * as z from 'zod/mini';
import { ARTIFACT_STATES, AttestationId, GitCommit, Obj, shown, shownList, TrailName } from './common.js';

export const GetArtifactQuery = z.strictObject({
  trail: z.optional(TrailName),
  attestation_id: z.optional(AttestationId),
});
export type GetArtifactQuery = z.input<typeof GetArtifactQuery>;

export const RepoInfo = z.looseObject({
  name: shown(z.string()),
  url: shown(z.string()),
  id: shown(z.string()),
  description: shown(z.string()),
  provider: shown(z.string()),
});
export type RepoInfo = z.infer<typeof RepoInfo>;

/**
 * An artifact (2.8). Strict: the nine fields the spec marks required (first, so an answer of another shape is named
 * by `id`), `state` (the outcome) and `trail_name` (compared with the trail asked). The rest is shown or passed on
 * (`html-url`).
 */
export const Artifact = z.looseObject({
  id: z.string(),
  fingerprint: z.string(),
  filename: z.string(),
  created_at: z.union([z.string(), z.number()]),
  last_modified_at: z.union([z.string(), z.number()]),
  evidence: Obj,
  flow_name: z.string(),
  commit_lead_times: Obj,
  build_lead_times: Obj,
  trail_name: z.nullish(z.string()),
  template_reference_name: shown(z.string()),
  git_commit: shown(z.string()),
  git_commit_info: shown(GitCommit),
  repo_info: shown(RepoInfo),
  commit_url: shown(z.string()),
  build_url: shown(z.string()),
  repo_url: shown(z.string()),
  html_url: shown(z.string()),
  api_url: shown(z.string()),
  user_data: z.optional(z.unknown()),
  external_urls: shown(Obj),
  annotations: shown(Obj),
  state: z.nullish(z.enum(ARTIFACT_STATES)),
  deployments: shownList(z.number().check(z.int())),
  template: shownList(z.string()),
  state_info: shown(z.string()),
  approvals: shownList(z.number().check(z.int())),
  running: shown(z.array(z.unknown())),
  exited: shown(z.array(z.unknown())),
  history: shown(z.array(z.unknown())),
});
export type Artifact = z.infer<typeof Artifact>;
