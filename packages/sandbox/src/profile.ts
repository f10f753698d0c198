/**
 * The sandbox's answer profiles. `full` sends every field the seed has, as the client's schemas read them. `minimal`
 * answers as the live service may: of every field the spec does not require, except those an outcome rests
 * on (an artifact's state, a verdict, `is_failing`: without them every story reads "not compliant" or "unknown", which
 * the property test of the served document covers), it sends a display-only one as null and leaves the others out; it
 * sends the names the live service uses where they differ from the spec's, numbers with fractions (the seed's
 * timestamps) as integers, and an unknown field in every object. What "required" means is read from the
 * response schemas themselves (a field that does not accept `undefined`, and the roles in `fieldRoles`), so the
 * profile follows them when they change.
 */
import * as z from 'zod/mini';
import type { EndpointName } from '../../../src/api/endpoints.js';
import { fieldRoles } from '../../../src/api/schemas/common.js';
import { CHAT_APP_FLAG, CHAT_APP_FLAG_LIVE } from '../../../src/api/schemas/list-actions.js';

export const PROFILES = ['full', 'minimal'] as const;
export type AnswerProfile = (typeof PROFILES)[number];

/** A profile named by `where` (a flag or a variable), or an error saying which names there are. */
export function parseProfile(value: string | undefined, where: string): AnswerProfile {
  if (value === undefined || value === '') return 'full';
  if ((PROFILES as readonly string[]).includes(value)) return value as AnswerProfile;
  throw new Error(`${where} '${value}' is not one of ${PROFILES.join(', ')}`);
}

/** The full profile's value, or the minimal profile's: for what a minimal answer leaves out (tests, the demo). */
export function byProfileOf(profile: AnswerProfile): <T>(full: T, minimal: T) => T {
  return (full, minimal) => (profile === 'minimal' ? minimal : full);
}

/** The unknown field added to every object of a minimal answer: a reader must ignore it. */
export const UNKNOWN_FIELD = 'x_sandbox_unknown_field';

type Schema = z.core.$ZodType;

/** A wrapper's inner schema (optional, nullable, catch...), or the input side of a pipe. */
function inner(schema: Schema): Schema | undefined {
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const next = def.innerType ?? def.in;
  return next instanceof z.core.$ZodType ? next : undefined;
}

/** The object, array or record schema under any wrappers, for the value at hand (a union: the branch it parses as). */
function unwrap(schema: Schema, value: unknown): Schema {
  let current = schema;
  for (;;) {
    const def = current._zod.def;
    if (def.type === 'union') {
      const options = (def as z.core.$ZodUnionDef).options;
      const match = options.find((option) => z.safeParse(option, value).success);
      if (!match) return current;
      current = match;
      continue;
    }
    const next = inner(current);
    if (!next) return current;
    current = next;
  }
}

/** Kept in a minimal answer: a field the schema requires, or one an outcome rests on. */
function kept(field: Schema): boolean {
  return !z.safeParse(field, undefined).success || fieldRoles.get(field)?.role === 'outcome';
}

/**
 * A field only shown (`shown`: a catch to null) is sent null, as the live service sends what it does not know; not one
 * whose null means something (a deployment's `replaced_artifact`: null is "replaced nothing").
 */
function sentNull(field: Schema): boolean {
  return field._zod.def.type === 'catch' && z.safeParse(field, undefined).data === null;
}

function minimal(value: unknown, schema: Schema): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value === 'number') return Number.isInteger(value) ? value : Math.trunc(value);
  if (typeof value !== 'object') return value;
  const shape = unwrap(schema, value);
  const def = shape._zod.def;
  if (Array.isArray(value)) {
    const element = def.type === 'array' ? (def as z.core.$ZodArrayDef).element : undefined;
    return element ? value.map((item: unknown) => minimal(item, element)) : value;
  }
  const entries = Object.entries(value);
  if (def.type === 'record') {
    // Keys are data (a commit SHA, an attestation name): all kept, nothing added.
    const valueType = (def as z.core.$ZodRecordDef).valueType;
    return Object.fromEntries(entries.map(([key, item]) => [key, minimal(item, valueType)]));
  }
  if (def.type !== 'object') return value;
  const fields = (def as z.core.$ZodObjectDef).shape;
  const out: Record<string, unknown> = {};
  for (const [key, item] of entries) {
    const field = fields[key];
    if (field && kept(field)) out[key] = minimal(item, field);
    else if (field && sentNull(field)) out[key] = null;
  }
  out[UNKNOWN_FIELD] = { note: 'a field this client does not know: it must be ignored' };
  return out;
}

/** An answer with no body at all: sent as an empty 2xx, with no content type. */
export const NO_BODY = Symbol('no body');

/**
 * How the minimal profile answers a report the service took, one after another: every shape the live service and its
 * OpenAPI document show (no content, the bare string its sibling writes send, `{}`, null, an object without
 * `message`), never the message the full profile sends.
 */
const REPORT_ANSWERS: readonly unknown[] = [
  NO_BODY,
  'OK',
  {},
  null,
  { [UNKNOWN_FIELD]: { note: 'a field this client does not know: it must be ignored' } },
];

/**
 * `answer` (a full answer of `name`, checked against `schema`) as the profile sends it; `sequence` counts the
 * reports answered, so a minimal report's answer is picked per request.
 */
export function answerAs(
  profile: AnswerProfile,
  name: EndpointName,
  answer: unknown,
  schema: z.ZodMiniType,
  sequence = 0,
): unknown {
  if (profile === 'full') return answer;
  if (name === 'reportArtifact' || name === 'reportK8sEnvironment') {
    return REPORT_ANSWERS[sequence % REPORT_ANSWERS.length];
  }
  const live = minimal(answer, schema);
  // Where the live service's names differ from the spec's (service-behaviour.md): the chat-app flag, only shown (so
  // `minimal` dropped it), is sent under the live name.
  if (name === 'listActions' && Array.isArray(live) && Array.isArray(answer)) {
    return live.map((action: unknown, i: number) => {
      const flag = (answer[i] as Record<string, unknown> | undefined)?.[CHAT_APP_FLAG];
      const { [CHAT_APP_FLAG]: _spec, ...rest } = action as Record<string, unknown>;
      return flag === undefined ? rest : { ...rest, [CHAT_APP_FLAG_LIVE]: flag };
    });
  }
  return live;
}
