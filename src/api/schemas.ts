/**
 * Every resource, query and body of API v2 (`shared/spec/api-v2.md`), in one module shared by the client and the
 * sandbox so the two cannot drift.
 *
 * Requests are strict (unknown keys refused, patterns checked). Responses keep unknown keys, and each field says
 * itself what a wrong value costs:
 * - a field something is decided on (an outcome, a gate, a count in an output), and every field the spec marks
 *   required, is parsed strictly: missing (where not nullish) or of the wrong type, the answer fails to parse and
 *   `parseResponse` names the endpoint and the field;
 * - a field that is only shown (a summary cell, a log line, an output passed on as the service gave it) is wrapped in
 *   `shown`: typed `T | null`, always present after parsing, null when the service left it out, sent null or sent
 *   something else. The compiler then makes every reader handle "not known".
 * - a list that is only shown is `shownList`: null when it is not a list; an element that is malformed is null in
 *   its place (the count and the order stay the service's, and the result file shows where something was unreadable).
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

// zod/mini has no messages of its own ("Invalid input" for everything): the English ones that classic zod sets up are
// what the errors of the client and the sandbox show (and the tests hold them to). Set here, the one module every
// schema comes from, so they are there before any schema is used.
z.config(en());

/**
 * A response field that is only shown, never decided on: missing, null or malformed, it parses to null (zod's
 * `.catch`), so a step never fails over it. The OpenAPI document shows it as `T | null`, not required.
 */
export function shown<T extends z.ZodMiniType>(schema: T) {
  return z.catch(z.nullable(schema), null);
}

/** A list that is only shown (see the module comment): null when not a list, each malformed element null. */
export function shownList<T extends z.ZodMiniType>(item: T) {
  return shown(z.array(shown(item)));
}

// ---------------------------------------------------------------------------------------------------------------
// Patterns and names

// Snapshot expressions (snapshot.ts), as one pattern: exactly what the parser takes, so the OpenAPI document, the
// sandbox and the client agree. Numbers have at most 15 significant digits (all safe integers); a time is a real
// calendar date (leap years included) and time of day.
const ENV_NAME = '[a-zA-Z0-9][a-zA-Z0-9.\\-_]*';
const MONTH_DAY =
  '(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))';
const LEAP_YEAR = '(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[048]|[2468][048]|[13579][26])00)';
const TIME_OF_DAY = '(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d';
const AT_TIME = `(?:\\d{4}-${MONTH_DAY}|${LEAP_YEAR}-02-29)T${TIME_OF_DAY}`;
const AGO = '0*[1-9]\\d{0,14}\\.(?:hour|day|week|month)s?\\.ago';
const SNAPSHOT_SUFFIX = `(?:#0*[1-9]\\d{0,14}|~0*\\d{1,15}|@\\{(?:${AT_TIME}|${AGO})\\})`;

export const patterns = {
  sha1: /^[a-f0-9]{40}$/,
  fingerprint: /^[a-f0-9]{64}$/,
  flowName: /^[a-zA-Z0-9][a-zA-Z0-9.\-_~]*$/,
  trailName: /^[a-zA-Z0-9][a-zA-Z0-9\-_.~]*$/,
  envName: new RegExp(`^${ENV_NAME}$`),
  snapshotExpression: new RegExp(`^${ENV_NAME}${SNAPSHOT_SUFFIX}?$`),
  templateReferenceName: /^[a-zA-Z0-9\-_]+$/,
  attestationName: /^[a-zA-Z0-9\-_,]+$/,
  // Exactly as the spec gives it (last group of 8, not the 12 of an RFC 4122 UUID): see docs/api-decisions.md.
  attestationId: /^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{8}$/,
  annotationKey: /^[A-Za-z0-9_]+$/,
  customAttestationType: /^custom:[a-zA-Z0-9][a-zA-Z0-9\-_.]*$/,
  flowTag: /^[^=\s]+=.*$/,
  // An org is a path segment; it is escaped, but a sane name catches a pasted URL or a stray space early.
  org: /^[a-zA-Z0-9][a-zA-Z0-9.\-_~]*$/,
} as const;

export const BUILT_IN_ATTESTATION_TYPES = [
  'generic',
  'junit',
  'snyk',
  'sonar',
  'jira',
  'pull_request',
] as const;

/** Human-readable forms of the patterns, for "expected ..." in error messages. */
export const expectedForms = {
  sha1: '40 lowercase hexadecimal characters (a full git commit SHA)',
  fingerprint: '64 lowercase hexadecimal characters (a SHA-256 digest)',
  flowName: 'a name starting with a letter or digit, then letters, digits, ".", "-", "_" or "~"',
  trailName: 'a name starting with a letter or digit, then letters, digits, "-", "_", "." or "~"',
  envName: 'a name starting with a letter or digit, then letters, digits, ".", "-" or "_"',
  templateReferenceName: 'letters, digits, "-" or "_"',
  attestationName: 'letters, digits, "-", "_" or ","',
  attestationId: 'an id of the form xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxx (lowercase hex)',
  annotationKey: 'letters, digits or "_"',
  attestationType: `one of ${BUILT_IN_ATTESTATION_TYPES.join(', ')}, or custom:<name>`,
  flowTag: 'key=value',
  org: 'an organization name: letters, digits, ".", "-", "_" or "~"',
} as const;

const named = (key: keyof typeof patterns & keyof typeof expectedForms) =>
  z.string().check(z.regex(patterns[key], { error: `must be ${expectedForms[key]}` }));

export const Sha1 = named('sha1');
export const Fingerprint = named('fingerprint');
export const FlowName = named('flowName');
export const TrailName = named('trailName');
export const EnvName = named('envName');
export const TemplateReferenceName = named('templateReferenceName');
export const AttestationName = named('attestationName');
export const AttestationId = named('attestationId');
export const OrgName = named('org');
export const FlowTag = named('flowTag');
/** An enum and a pattern, not a predicate: the OpenAPI document then says exactly which values the server takes. */
const attestationTypeError = { error: `must be ${expectedForms.attestationType}` };
export const AttestationType = z.union(
  [
    z.enum(BUILT_IN_ATTESTATION_TYPES, attestationTypeError),
    z.string().check(z.regex(patterns.customAttestationType, attestationTypeError)),
  ],
  attestationTypeError,
);

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;
/** A whole number, or its decimal digits as a query string carries it; nothing else is coerced. */
const wholeNumber = () =>
  z.union([z.number(), z.string().check(z.regex(/^\d+$/, { error: 'must be a whole number' }))]);
export const Page = z.pipe(wholeNumber(), z.coerce.number<string | number>().check(z.int(), z.minimum(1)));
export const PerPage = z.pipe(
  wholeNumber(),
  z.coerce.number<string | number>().check(z.int(), z.minimum(1), z.maximum(MAX_PER_PAGE)),
);
/** Unix seconds, sent as integers (service-behaviour.md); the bound catches milliseconds passed by mistake. */
export const UnixSeconds = z.pipe(
  wholeNumber(),
  z.coerce
    .number<string | number>()
    .check(
      z.int(),
      z.minimum(0),
      z.maximum(99_999_999_999, { error: 'must be Unix seconds (this looks like milliseconds)' }),
    ),
);

// ---------------------------------------------------------------------------------------------------------------
// Shared objects (2.1 - 2.3)

export const Pagination = z.looseObject({
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  per_page: z.number().check(z.int()),
  page_count: z.number().check(z.int()),
});
export type Pagination = z.infer<typeof Pagination>;

/** 2.2 as sent in an artifact report: strict, so a typo in a key is caught before sending. */
export const GitCommitInput = z.strictObject({
  sha1: Sha1,
  message: z.string(),
  author: z.string(),
  author_username: z.optional(z.string()),
  branch: z.string(),
  timestamp: z.number().check(z.int(), z.minimum(0)),
  url: z.optional(z.string()),
  parents: z.optional(z.array(Sha1)),
});
export type GitCommitInput = z.infer<typeof GitCommitInput>;

/**
 * 2.2 as the service returns it (trail and deployment responses carry a subset). Only shown, every field: the live
 * service sends null for what it does not know. `sha1` is compared with the commit asked where it is given (the
 * gate's answers), never required.
 */
export const GitCommit = z.looseObject({
  sha1: shown(z.string()),
  message: shown(z.string()),
  author: shown(z.string()),
  author_username: shown(z.string()),
  branch: shown(z.string()),
  timestamp: shown(z.number()),
  url: shown(z.string()),
  parents: shownList(z.string()),
});
export type GitCommit = z.infer<typeof GitCommit>;

export const REPO_PROVIDERS = ['github'] as const;

export const RepoInfoInput = z.strictObject({
  name: z.string().check(z.minLength(1)),
  url: z.string().check(z.minLength(1)),
  id: z.string().check(z.minLength(1)),
  description: z.optional(z.string()),
  provider: z.optional(z.enum(REPO_PROVIDERS)),
});
export type RepoInfoInput = z.infer<typeof RepoInfoInput>;

export const RepoInfo = z.looseObject({
  name: shown(z.string()),
  url: shown(z.string()),
  id: shown(z.string()),
  description: shown(z.string()),
  provider: shown(z.string()),
});
export type RepoInfo = z.infer<typeof RepoInfo>;

const Obj = z.record(z.string(), z.unknown());

// ---------------------------------------------------------------------------------------------------------------
// Trails (2.4 - 2.6)

/** An attestation status of a trail: only shown (list-trails names the missing and non-compliant ones). */
export const AttestationStatus = z.looseObject({
  attestation_name: shown(z.string()),
  attestation_type: shown(z.string()),
  attestation_id: shown(z.string()),
  overridden_attestation_id: shown(z.string()),
  status: shown(z.string()),
  is_compliant: shown(z.boolean()),
  unexpected: z.catch(z.boolean(), false),
});
export type AttestationStatus = z.infer<typeof AttestationStatus>;

/** `status` decides whether a trail without `compliance_state` counts as non-compliant; the rest is only shown. */
export const TrailComplianceStatus = z.looseObject({
  status: z.nullish(z.string()),
  is_compliant: shown(z.boolean()),
  attestations_statuses: shownList(AttestationStatus),
  artifacts_statuses: shown(Obj),
  evaluated_at: shown(z.number()),
  flow_template_id: shown(z.string()),
});

const TemplateAttestation = z.looseObject({ name: z.string(), type: z.string() });
export const TrailTemplate = z.looseObject({
  trail: z.optional(
    z.looseObject({
      attestations: z.optional(z.array(TemplateAttestation)),
      artifacts: z.optional(
        z.array(z.looseObject({ name: z.string(), attestations: z.optional(z.array(TemplateAttestation)) })),
      ),
    }),
  ),
  version: z.optional(z.number().check(z.int())),
  content: z.optional(z.string()),
});
export type TrailTemplate = z.infer<typeof TrailTemplate>;

/**
 * A trail (2.4, no field marked required). `compliance_state`, `compliance_status.status` and `is_compliant` decide
 * list-trails' `non-compliant` count; everything else, the name included, is only shown or passed on.
 */
export const Trail = z.looseObject({
  name: shown(z.string()),
  last_modified_at: shown(z.number()),
  created_at: shown(z.number()),
  compliance_status: z.nullish(TrailComplianceStatus),
  template: shown(TrailTemplate),
  compliance_state: z.nullish(z.string()),
  is_compliant: z.nullish(z.boolean()),
  created_by: shown(z.string()),
  flow: shown(z.looseObject({ name: shown(z.string()), tags: shown(Obj) })),
  html_url: shown(z.string()),
  description: shown(z.string()),
  git_commit_info: shown(GitCommit),
  origin_url: shown(z.string()),
  user_data: z.optional(z.unknown()),
  repo_ids: shownList(z.string()),
  events: shownList(Obj),
  external_urls: shown(Obj),
});
export type Trail = z.infer<typeof Trail>;

// ---------------------------------------------------------------------------------------------------------------
// Deployment (2.7)

const DeploymentArtifact = z.looseObject({
  flow_name: shown(z.string()),
  trail_name: shown(z.string()),
  template_reference_name: shown(z.string()),
  git_commit: shown(z.string()),
  git_commit_info: shown(GitCommit),
  repo_info: shown(z.looseObject({ name: shown(z.string()), repo_id: shown(z.string()) })),
});

/**
 * `fingerprint` and `deployed_at` are the answer (found, and when); `env_name`, where given, must be the environment
 * asked. The rest is shown or passed on as an output.
 */
export const Deployment = z.looseObject({
  fingerprint: z.string(),
  deployed_at: z.number(),
  artifact_name: shown(z.string()),
  env_name: z.nullish(z.string()),
  snapshot_index: shown(z.number()),
  artifact: shown(DeploymentArtifact),
  replaced_artifact: shown(
    z.looseObject({
      // A fingerprint or nothing: it becomes an output a workflow may put in a command line.
      fingerprint: shown(Fingerprint),
      artifact_name: shown(z.string()),
      snapshot_index: shown(z.number()),
      artifact: shown(DeploymentArtifact),
    }),
  ),
  diff_url: shown(z.string()),
  _links: shown(Obj),
});
export type Deployment = z.infer<typeof Deployment>;

// ---------------------------------------------------------------------------------------------------------------
// Artifacts (4.4 body, 2.8 response)

export const ARTIFACT_STATES = ['COMPLIANT', 'NON-COMPLIANT', 'INCOMPLETE'] as const;
export type ArtifactState = (typeof ARTIFACT_STATES)[number];

/** `external_urls` is `{label: {href, fingerprint?}}` or `{label: url}` (service-behaviour.md). */
export const ExternalUrls = z.record(
  z.string().check(z.minLength(1)),
  z.union([
    z.string().check(z.minLength(1)),
    z.strictObject({ href: z.string().check(z.minLength(1)), fingerprint: z.optional(Fingerprint) }),
  ]),
);

export const ReportArtifactBody = z.strictObject({
  fingerprint: Fingerprint,
  filename: z.string().check(z.minLength(1, { error: 'must not be empty' })),
  build_url: z.string().check(z.minLength(1, { error: 'must not be empty' })),
  commit_url: z.string().check(z.minLength(1, { error: 'must not be empty' })),
  trail_name: z.nullish(TrailName),
  template_reference_name: z.nullish(TemplateReferenceName),
  description: z.nullish(z.string()),
  git_commit: z.nullish(Sha1),
  git_commit_info: z.optional(GitCommitInput),
  repo_info: z.optional(RepoInfoInput),
  commits_list: z.nullish(z.array(GitCommitInput)),
  repo_url: z.optional(z.string()),
  is_compliant: z.nullish(z.boolean()),
  template: z.optional(z.string()),
  external_urls: z.optional(ExternalUrls),
  annotations: z.optional(
    z.record(
      z
        .string()
        .check(z.regex(patterns.annotationKey, { error: `keys must be ${expectedForms.annotationKey}` })),
      z.unknown(),
    ),
  ),
  user_data: z.optional(z.unknown()),
});
export type ReportArtifactBody = z.infer<typeof ReportArtifactBody>;

/** The 201 body is "not shown"; the live service answers `{"message": "OK"}`-like, and only that is delivered. */
export const ReportArtifactResult = z.looseObject({ message: z.string() });
export type ReportArtifactResult = z.infer<typeof ReportArtifactResult>;

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

// ---------------------------------------------------------------------------------------------------------------
// Attestations (2.9, 4.1)

/** An attestation of a flow (2.9): `is_compliant` decides list-attestations' `non-compliant`; the rest is shown. */
export const Attestation = z.looseObject({
  attestation_id: shown(z.string()),
  attestation_name: shown(z.string()),
  attestation_type: shown(z.string()),
  created_at: shown(z.number()),
  description: shown(z.string()),
  has_audit_package: shown(z.boolean()),
  html_url: shown(z.string()),
  is_compliant: z.nullish(z.boolean()),
  origin_url: shown(z.string()),
  reported_by: shown(z.string()),
  schema_version: shown(z.number().check(z.int())),
  user_data: z.optional(z.unknown()),
});
export type Attestation = z.infer<typeof Attestation>;

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

// ---------------------------------------------------------------------------------------------------------------
// Environments (2.10, 2.11, 4.7, 4.8)

/** An artifact of a diff group: which group it is in decides; its `fingerprint` names it. The rest is shown. */
export const DiffArtifact = z.looseObject({
  fingerprint: z.string(),
  name: shown(z.string()),
  most_recent_timestamp: shown(z.number()),
  flow: shown(z.string()),
  commit_url: shown(z.string()),
  instance_count: shown(z.number().check(z.int())),
  s1_instance_count: shown(z.number().check(z.int())),
  s2_instance_count: shown(z.number().check(z.int())),
  pods: shownList(z.string()),
});
export type DiffArtifact = z.infer<typeof DiffArtifact>;

/** `snapshot_id` must be given too (the client says so, and why): it shows the answer is about the snapshots asked. */
export const DiffItem = z.looseObject({
  artifacts: z.array(DiffArtifact),
  snapshot_id: z.nullish(z.string()),
});
export type DiffItem = z.infer<typeof DiffItem>;

export const EnvDiff = z.looseObject({
  snappish1: DiffItem,
  snappish2: DiffItem,
  changed: DiffItem,
  'not-changed': DiffItem,
});
export type EnvDiff = z.infer<typeof EnvDiff>;

export const K8sOwner = z.looseObject({
  apiVersion: z.string(),
  kind: z.string(),
  name: z.string(),
  uid: z.string(),
  controller: z.optional(z.boolean()),
  blockOwnerDeletion: z.optional(z.boolean()),
});

export const K8sArtifact = z.strictObject({
  podName: z.string().check(z.minLength(1)),
  namespace: z.string().check(z.minLength(1)),
  digests: z.record(z.string().check(z.minLength(1)), Fingerprint),
  creationTimestamp: z.number().check(z.int(), z.minimum(0)),
  owners: z.nullable(z.array(K8sOwner)),
});
export type K8sArtifact = z.infer<typeof K8sArtifact>;

export const K8sReportBody = z.strictObject({
  artifacts: z.array(K8sArtifact),
  type: z.optional(z.literal('K8S')),
});
export type K8sReportBody = z.infer<typeof K8sReportBody>;

export const K8sReportResult = z.looseObject({
  message: z.string(),
  errors: Obj,
});
export type K8sReportResult = z.infer<typeof K8sReportResult>;

// ---------------------------------------------------------------------------------------------------------------
// Actions (2.12)

export const CHAT_APP_FLAG = 'is_created_from_chat_app';
/** The live service names the flag after the chat product; both are accepted and read as the spec's name. */
export const CHAT_APP_FLAG_LIVE = 'is_created_from_slack';

/**
 * An action (2.12): the eight fields the spec marks required, and `is_failing` (list-actions' outcome), are strict;
 * the rest is shown.
 */
export const Action = z.pipe(
  // What classic zod calls `preprocess`: the live name read as the spec's before the object is checked.
  z.transform((raw: unknown) => {
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
      const o = raw as Record<string, unknown>;
      if (!(CHAT_APP_FLAG in o) && CHAT_APP_FLAG_LIVE in o)
        return { ...o, [CHAT_APP_FLAG]: o[CHAT_APP_FLAG_LIVE] };
    }
    return raw;
  }),
  z.looseObject({
    name: z.string(),
    type: z.string(),
    number: z.number().check(z.int()),
    targets: z.array(Obj),
    triggers: z.array(z.string()),
    created_by: z.string(),
    [CHAT_APP_FLAG]: z.boolean(),
    last_modified_at: z.number(),
    is_failing: z.nullish(z.boolean()),
    last_success_timestamp: shown(z.number()),
    last_failure_timestamp: shown(z.number()),
    created_at: shown(z.number()),
    flows: shownList(z.string()),
    environments: shownList(z.string()),
  }),
);
export type Action = z.infer<typeof Action>;

// ---------------------------------------------------------------------------------------------------------------
// Queries and path parameters, one per endpoint (strict: an unknown key is a programming error, not a user's)

export const AttestationsForCommitsQuery = z.strictObject({
  commit_list: z.array(Sha1).check(z.minLength(1, { error: 'needs at least one commit' })),
  flow_name: z.optional(FlowName),
  attestation_type: z.optional(AttestationType),
  attestation_name: z.optional(AttestationName),
  attestation_id: z.optional(z.string()),
});
export type AttestationsForCommitsQuery = z.input<typeof AttestationsForCommitsQuery>;

export const PageQuery = z.strictObject({
  page: z.optional(Page),
  per_page: z.optional(PerPage),
});

export const ListTrailsQuery = z.extend(PageQuery, {
  flow: z.optional(FlowName),
  flow_tag: z.optional(FlowTag),
  fingerprint: z.optional(Fingerprint),
});
export type ListTrailsQuery = z.input<typeof ListTrailsQuery>;

export const FlowAttestationsQuery = z
  .extend(PageQuery, {
    from_timestamp: z.optional(UnixSeconds),
    to_timestamp: z.optional(UnixSeconds),
  })
  .check(
    z.refine(
      (q) =>
        q.from_timestamp === undefined || q.to_timestamp === undefined || q.from_timestamp <= q.to_timestamp,
      { error: 'from_timestamp must not be after to_timestamp', path: ['from_timestamp'] },
    ),
  );
export type FlowAttestationsQuery = z.input<typeof FlowAttestationsQuery>;

export const GetArtifactQuery = z.strictObject({
  trail: z.optional(TrailName),
  attestation_id: z.optional(AttestationId),
});
export type GetArtifactQuery = z.input<typeof GetArtifactQuery>;

/** A snapshot expression as sent: canonical or not, without surrounding spaces (snapshot.ts parses it). */
export const SnapshotExpressionText = z
  .string()
  .check(z.regex(patterns.snapshotExpression, { error: 'must be a snapshot expression' }));

export const EnvDiffQuery = z.strictObject({
  snappish1: SnapshotExpressionText,
  snappish2: SnapshotExpressionText,
});
export type EnvDiffQuery = z.input<typeof EnvDiffQuery>;

/** The error body of every operation (service-behaviour.md): `errors` maps a location to a text. */
export const ErrorBody = z.looseObject({
  message: z.optional(z.string()),
  errors: z.nullish(z.record(z.string(), z.unknown())),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
