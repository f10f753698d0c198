/**
 * The sandbox's state: what a seed file holds, and what the server keeps in memory and persists.
 *
 * Requests and responses are described by `src/api/schemas/`; this module describes only the stored records,
 * which are richer (a snapshot keeps its pods, an attestation its commit) so that responses can be derived.
 */
import { z } from 'zod';
import {
  AttestationType,
  EnvName,
  Fingerprint,
  FlowName,
  OrgName,
  Sha1,
  TemplateReferenceName,
  TrailName,
} from '../../../src/api/schemas.js';

const Json = z.record(z.string(), z.unknown());

/**
 * A commit as stored (2.2): checked, unlike the client's `GitCommit`, whose fields are only shown and so read a bad
 * value as null. A seed with a bad commit is refused, not served with holes.
 */
export const StoredCommit = z.looseObject({
  sha1: z.string(),
  message: z.string().nullish(),
  author: z.string().nullish(),
  author_username: z.string().nullish(),
  branch: z.string().nullish(),
  timestamp: z.number().nullish(),
  url: z.string().nullish(),
  parents: z.array(z.string()).nullish(),
});
export type StoredCommit = z.infer<typeof StoredCommit>;

/** Repo info as stored (2.3), checked like `StoredCommit`. */
const StoredRepoInfo = z.looseObject({
  name: z.string().nullish(),
  url: z.string().nullish(),
  id: z.string().nullish(),
  description: z.string().nullish(),
  provider: z.string().nullish(),
});

export const TemplateSpec = z.strictObject({
  attestations: z.array(z.strictObject({ name: z.string(), type: z.string() })).default([]),
  artifacts: z
    .array(
      z.strictObject({
        name: z.string(),
        attestations: z.array(z.strictObject({ name: z.string(), type: z.string() })).default([]),
      }),
    )
    .default([]),
});
export type TemplateSpec = z.infer<typeof TemplateSpec>;

export const StoredFlow = z.strictObject({
  name: FlowName,
  description: z.string().default(''),
  tags: z.record(z.string(), z.string()).default({}),
  template: TemplateSpec.optional(),
});
export type StoredFlow = z.infer<typeof StoredFlow>;

export const StoredTrail = z.strictObject({
  name: TrailName,
  flow: FlowName,
  created_at: z.number(),
  last_modified_at: z.number(),
  created_by: z.string().default('sandbox'),
  description: z.string().default(''),
  git_commit_info: StoredCommit.optional(),
  origin_url: z.string().default(''),
  user_data: Json.default({}),
  external_urls: Json.default({}),
  repo_ids: z.array(z.string()).default([]),
  /** The template this trail was started with (the flow's template at that time). */
  template: TemplateSpec.optional(),
  template_version: z.number().int().default(1),
});
export type StoredTrail = z.infer<typeof StoredTrail>;

/**
 * A pull request of a `pull_request` attestation, as the service keeps it: who approved it and who wrote its commits.
 * Any part but the address may be missing, as in the live answers.
 */
export const StoredPullRequest = z.strictObject({
  url: z.string(),
  state: z.string().optional(),
  approvers: z.array(z.strictObject({ username: z.string() })).optional(),
  commits: z
    .array(
      z.strictObject({
        sha1: z.string(),
        author: z.string().optional(),
        author_username: z.string().optional(),
        message: z.string().optional(),
        timestamp: z.number().optional(),
      }),
    )
    .optional(),
});
export type StoredPullRequest = z.infer<typeof StoredPullRequest>;

export const StoredAttestation = z.strictObject({
  /** `8-4-4-4-8` hex, the form the spec's attestation_id pattern takes. */
  id: z.string(),
  flow: FlowName,
  trail: TrailName,
  name: z.string(),
  type: AttestationType,
  /** Set for an artifact-level attestation. */
  artifact_fingerprint: z.optional(Fingerprint),
  /** The commit the attestation is about (its trail's commit unless given). */
  git_commit: z.optional(Sha1),
  is_compliant: z.boolean(),
  created_at: z.number(),
  description: z.string().default(''),
  reported_by: z.string().default('sandbox'),
  origin_url: z.string().default(''),
  user_data: Json.default({}),
  schema_version: z.number().int().default(1),
  has_audit_package: z.boolean().default(false),
  /** A `pull_request` attestation's pull requests (none: a direct push); answered only when stored. */
  pull_requests: z.array(StoredPullRequest).optional(),
});
export type StoredAttestation = z.infer<typeof StoredAttestation>;

export const StoredArtifact = z.strictObject({
  id: z.string(),
  flow: FlowName,
  fingerprint: Fingerprint,
  filename: z.string(),
  trail: z.optional(TrailName),
  template_reference_name: z.optional(TemplateReferenceName),
  git_commit: z.optional(Sha1),
  git_commit_info: StoredCommit.optional(),
  repo_info: StoredRepoInfo.optional(),
  build_url: z.string().default(''),
  commit_url: z.string().default(''),
  repo_url: z.string().optional(),
  description: z.string().optional(),
  is_compliant: z.boolean().optional(),
  annotations: Json.default({}),
  external_urls: Json.default({}),
  user_data: z.unknown().optional(),
  created_at: z.number(),
  last_modified_at: z.number(),
});
export type StoredArtifact = z.infer<typeof StoredArtifact>;

/** One running artifact of a snapshot: the pods that run one fingerprint. */
export const SnapshotArtifact = z.strictObject({
  fingerprint: Fingerprint,
  /** The image as reported in `digests` (e.g. `docker.io/library/nginx:1.27`). */
  name: z.string(),
  pods: z.array(z.string()),
  most_recent_timestamp: z.number().int(),
});
export type SnapshotArtifact = z.infer<typeof SnapshotArtifact>;

export const Snapshot = z.strictObject({
  index: z.number().int().min(1),
  created_at: z.number(),
  artifacts: z.array(SnapshotArtifact),
});
export type Snapshot = z.infer<typeof Snapshot>;

export const StoredEnvironment = z.strictObject({
  name: EnvName,
  type: z.literal('K8S').default('K8S'),
  description: z.string().default(''),
  snapshots: z.array(Snapshot).default([]),
});
export type StoredEnvironment = z.infer<typeof StoredEnvironment>;

export const StoredOrg = z.strictObject({
  flows: z.array(StoredFlow).default([]),
  trails: z.array(StoredTrail).default([]),
  attestations: z.array(StoredAttestation).default([]),
  artifacts: z.array(StoredArtifact).default([]),
  environments: z.array(StoredEnvironment).default([]),
  /** Stored as the API returns them (checked against the Action schema when served). */
  actions: z.array(Json).default([]),
});
export type StoredOrg = z.infer<typeof StoredOrg>;

export const SandboxData = z.strictObject({
  /** token → org: each token is bound to one org. */
  tokens: z.record(z.string().min(8), OrgName),
  orgs: z.record(OrgName, StoredOrg),
  /** The public base URL used in `html_url` links. */
  ui_url: z.string().default('https://sandbox.compliance.invalid'),
  /**
   * Appended to every message the sandbox writes (report answers and errors): a hostile service, for testing that a
   * client never lets the service's text act on the runner (the `--hostile` seed).
   */
  hostile_text: z.string().optional(),
});
export type SandboxData = z.infer<typeof SandboxData>;
