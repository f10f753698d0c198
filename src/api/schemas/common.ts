// What every endpoint's schemas share (API v2): patterns and names, paging, the shared pieces, and how a response
// field says what a wrong value costs. Each endpoint's own schemas are a module beside this one, loaded when it is
// called; the client and the sandbox read the same modules, so the two cannot drift.
//
// Requests are strict. Responses keep unknown keys, and a field is strict only when the spec marks it required or an
// outcome rests on it (`specRequired`, `requiredFor`, `decides`, `identifies`: docs/api-decisions.md lists them); a
// field only shown is `shown` (`T | null`, null when missing or malformed), a list only shown `shownList`.
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

// zod/mini has no messages of its own: the English ones the errors show, set in the module every schema imports.
z.config(en());
// A step parses a few answers once and exits: a generated parser per object schema costs more than it saves.
z.config({ jitless: true });

/** Why a response field is more than shown; the OpenAPI document gives `why` as the field's description. */
export type FieldRole = 'spec-required' | 'outcome' | 'identity';
export const fieldRoles = z.registry<{ role: FieldRole; why: string }>();

function withRole<T extends z.ZodMiniType>(schema: T, role: FieldRole, why: string): T {
  // A shared instance (a pattern, `Obj`) would carry its role into every other use: each field gets its own.
  if (fieldRoles.has(schema)) throw new Error(`a schema given a role twice (${why}): make a fresh one`);
  fieldRoles.add(schema, { role, why });
  return schema;
}

/** A response field the spec's table marks required: strict. */
export function specRequired<T extends z.ZodMiniType>(schema: T, why = 'the spec marks it required'): T {
  return withRole(schema, 'spec-required', why);
}

/** A response field the spec does not require, but an outcome cannot be reached without: strict, `why` says which. */
export function requiredFor<T extends z.ZodMiniType>(why: string, schema: T): T {
  return withRole(schema, 'outcome', why);
}

/** A field an outcome rests on where given (nullish: absent reads as no verdict, unknown, never a pass). */
export function decides<T extends z.ZodMiniType>(why: string, schema: T) {
  return withRole(z.nullish(schema), 'outcome', why);
}

/** A field that shows the answer is about what was asked, where given (nullish: absent is "not confirmed"). */
export function identifies<T extends z.ZodMiniType>(why: string, schema: T) {
  return withRole(z.nullish(schema), 'identity', why);
}

/** A response field only shown, never decided on: missing, null or malformed, it parses to null. */
export function shown<T extends z.ZodMiniType>(schema: T) {
  return z.catch(z.nullable(schema), null);
}

/** A field an outcome rests on where it is whole, read as absent where it is not (`pagination`). */
export function readIfWhole<T extends z.ZodMiniType>(why: string, schema: T) {
  return withRole(shown(schema), 'outcome', why);
}

/** Fields only shown, each a string, in the order named. */
export function shownTexts<K extends string>(...names: K[]) {
  const field = () => shown(z.string());
  return Object.fromEntries(names.map((name) => [name, field()])) as Record<K, ReturnType<typeof field>>;
}

/** A list only shown: null when not a list, each malformed element null. */
export function shownList<T extends z.ZodMiniType>(item: T) {
  return shown(z.array(shown(item)));
}

// Snapshot expressions (snapshot.ts) as one pattern, exactly what the parser takes: numbers of at most 15 digits, a
// real calendar date (leap years included) and time of day.
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
  /** A commit as the service or git may name it: abbreviated (7) to full (40) hexadecimal, either case. */
  commitSha: /^[0-9a-f]{7,40}$/i,
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
  // A lowercase word, optionally `:<name>`: every type the service names (`pull_request`, `override`,
  // `system:decision`, `custom:<name>`) and future ones of the same form.
  attestationType: /^[a-z][a-z0-9_]*(?::[a-zA-Z0-9][a-zA-Z0-9\-_.]*)?$/,
  flowTag: /^[^=\s]+=.*$/,
  // An org is a path segment; it is escaped, but a sane name catches a pasted URL or a stray space early.
  org: /^[a-zA-Z0-9][a-zA-Z0-9.\-_~]*$/,
} as const;

/** A person's verdict on another attestation of the same name: its `is_compliant` is the decision. */
export const OVERRIDE_ATTESTATION_TYPE = 'override';
/** Every type the service is seen to name, besides `custom:<name>`. */
const KNOWN_TYPES = [
  'generic',
  'junit',
  'snyk',
  'sonar',
  'jira',
  'pull_request',
  'override',
  'system:decision',
] as const;

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
  attestationType: `one of ${KNOWN_TYPES.join(', ')}, or custom:<name>`,
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
    z.enum(KNOWN_TYPES, attestationTypeError),
    z.string().check(z.regex(patterns.attestationType, attestationTypeError)),
  ],
  attestationTypeError,
);

export const MAX_PER_PAGE = 100;
/** A whole number, or its decimal digits as a query string carries it; nothing else is coerced. */
const wholeNumber = () =>
  z.union([z.number(), z.string().check(z.regex(/^\d+$/, { error: 'must be a whole number' }))]);
const Page = z.pipe(wholeNumber(), z.coerce.number<string | number>().check(z.int(), z.minimum(1)));
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

export const PAGING =
  'which pages to read and the total; there when there are several pages (2.1), else none';

/** 2.1: without a whole `page_count` the object is read as absent, and the pages followed until a short one. */
export const Pagination = z.looseObject({
  total: decides(
    'the total a listing reports, and whether it was cut; absent, not known',
    z.number().check(z.int()),
  ),
  page: shown(z.number().check(z.int())),
  per_page: shown(z.number().check(z.int())),
  page_count: requiredFor(
    'how many pages to read; absent, the pages are followed until a short one',
    z.number().check(z.int()),
  ),
});
export type Pagination = z.infer<typeof Pagination>;

/** 2.2 as the service returns it: only shown, every field (the live service sends null for what it does not know). */
export const GitCommit = z.looseObject({
  ...shownTexts('sha1', 'message', 'author', 'author_username', 'branch'),
  timestamp: shown(z.number()),
  url: shown(z.string()),
  parents: shownList(z.string()),
});
export type GitCommit = z.infer<typeof GitCommit>;

export const Obj = z.record(z.string(), z.unknown());
/** The same, as a fresh instance: for a field given a role (see `withRole`). */
export const obj = () => z.record(z.string(), z.unknown());

export const PageQuery = z.strictObject({
  page: z.optional(Page),
  per_page: z.optional(PerPage),
});

/** The error body of every operation (service-behaviour.md): `errors` maps a location to a text. */
export const ErrorBody = z.looseObject({
  message: z.optional(z.string()),
  errors: z.nullish(z.record(z.string(), z.unknown())),
});

/** What the service answers a report it took: `{"message": "OK"}`, `"OK"`, `{}` or null (no content: the client). */
export const ReportAnswer = z.union([
  z.null(),
  z.string(),
  z.looseObject({ message: shown(z.string()), errors: shown(Obj) }),
]);
export type ReportAnswer = z.infer<typeof ReportAnswer>;

/** An artifact's compliance `state` (2.8): get-artifact's answer, and report-artifact's read-back. */
export const ARTIFACT_STATES = ['COMPLIANT', 'NON-COMPLIANT', 'INCOMPLETE'] as const;
export type ArtifactState = (typeof ARTIFACT_STATES)[number];

/** An artifact's `state`: one the spec names, or another spelling `is_compliant` reads (`stateNamedOrVerdict`). */
export function artifactState(why: string) {
  return decides(why, z.string().register(z.globalRegistry, { enum: [...ARTIFACT_STATES] }));
}

/** The verdict beside an artifact's `state`: it reads a spelling the spec does not name, and may contradict one. */
export function artifactVerdict() {
  return decides(
    'reads a state spelled otherwise than the spec names; against a named state it contradicts, non-compliant',
    z.boolean(),
  );
}

/** A `state` the spec does not name, without `is_compliant` to read it by, refuses the answer as before. */
export function stateNamedOrVerdict() {
  return z.superRefine((answer: { state?: string | null; is_compliant?: boolean | null }, ctx) => {
    const { state } = answer;
    if (state === undefined || state === null || typeof answer.is_compliant === 'boolean') return;
    if ((ARTIFACT_STATES as readonly string[]).includes(state)) return;
    ctx.addIssue({ code: 'invalid_value', values: [...ARTIFACT_STATES], input: state, path: ['state'] });
  });
}
