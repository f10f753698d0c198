/**
 * Tolerant response parsing.
 *
 * The service may add fields, leave out fields this project does not need, or (rarely) send a wrong type in a field
 * nobody reads. None of that should fail a release pipeline. So a response schema is parsed in a tolerant form: every
 * field is guarded, and a field that is missing (when required) or of the wrong type is replaced by a property that
 * throws a clear `UnexpectedResponseError` when it is read. Unread, it costs nothing; read, it names the endpoint and
 * the field. The root itself must have the right shape: every caller needs it.
 */
import { z } from 'zod';
import { UnexpectedResponseError } from '../errors/errors.js';

class InvalidField {
  readonly problem: string;
  constructor(problem: string) {
    this.problem = problem;
  }
}

const tolerantCache = new WeakMap<z.ZodType, z.ZodType>();

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** A short text for the first problem zod found at a guarded field (the field itself, never deeper). */
function describeIssue(issue: z.core.$ZodRawIssue | undefined, value: unknown): string {
  if (value === undefined) return 'is missing';
  if (!issue) return 'is invalid';
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${String(issue.expected)}, received ${kindOf(value)}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, received ${JSON.stringify(value)}`;
    default:
      return `is invalid (${issue.code})`;
  }
}

function guard(schema: z.ZodType): z.ZodType {
  return schema.catch(
    (ctx: z.core.$ZodCatchCtx) => new InvalidField(describeIssue(ctx.issues[0], ctx.value)) as never,
  );
}

/** Rebuilds a schema so that each nested field, element and record value is guarded. */
function tolerant(schema: z.ZodType): z.ZodType {
  const cached = tolerantCache.get(schema);
  if (cached) return cached;
  let out: z.ZodType = schema;
  if (schema instanceof z.ZodObject) {
    const shape: Record<string, z.ZodType> = {};
    for (const [key, field] of Object.entries((schema as z.ZodObject<Record<string, z.ZodType>>).shape)) {
      shape[key] = guard(tolerant(field));
    }
    out = z.looseObject(shape);
  } else if (schema instanceof z.ZodArray) {
    out = z.array(guard(tolerant(schema.element as z.ZodType)));
  } else if (schema instanceof z.ZodRecord) {
    const record = schema as z.ZodRecord<z.ZodString, z.ZodType>;
    out = z.record(record.keyType, guard(tolerant(record.valueType)));
  } else if (schema instanceof z.ZodOptional) {
    out = tolerant(schema.unwrap() as z.ZodType).optional();
  } else if (schema instanceof z.ZodNullable) {
    out = tolerant(schema.unwrap() as z.ZodType).nullable();
  } else if (schema instanceof z.ZodPipe) {
    out = z.pipe(schema.in as z.ZodType, tolerant(schema.out as z.ZodType));
  }
  tolerantCache.set(schema, out);
  return out;
}

export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text ? `.${String(part)}` : String(part);
  }
  return text;
}

/** Replaces each InvalidField sentinel with a non-enumerable getter that throws when read. */
function arm(value: unknown, endpoint: string, path: PropertyKey[]): void {
  if (value === null || typeof value !== 'object') return;
  const container = value as Record<PropertyKey, unknown>;
  const keys = Array.isArray(value) ? value.keys() : Object.keys(container);
  for (const key of keys) {
    const child = container[key];
    const childPath = [...path, key];
    if (child instanceof InvalidField) {
      const field = formatPath(childPath);
      Object.defineProperty(container, key, {
        enumerable: false,
        configurable: true,
        get() {
          throw new UnexpectedResponseError(endpoint, field, child.problem);
        },
      });
    } else {
      arm(child, endpoint, childPath);
    }
  }
}

/**
 * Parses a response body tolerantly (see the module comment).
 * @param endpoint the operation, e.g. `GET /trails/{org}`, for error messages
 * @param options.required fields checked at once, not on first read: the ones the spec marks required and the ones
 *   an outcome rests on. A path of keys separated by `.`, where `[]` is every element of a list and `*` every value
 *   of a map: `fingerprint`, `snappish1.artifacts[].fingerprint`, `[].name`, `*[].is_compliant`. A field that is
 *   missing where its schema allows it (nullish) passes; one missing where it does not, or of the wrong type, throws.
 */
export function parseResponse<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  endpoint: string,
  options: { required?: readonly string[] } = {},
): z.output<S> {
  const result = tolerant(schema).safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new UnexpectedResponseError(
      endpoint,
      issue ? formatPath(issue.path) : '',
      issue ? issue.message.replace(/^Invalid input:\s*/, '') : 'is not valid',
    );
  }
  arm(result.data, endpoint, []);
  for (const path of options.required ?? []) readPath(result.data, path.match(/\[\]|\*|[^.[\]*]+/g) ?? []);
  return result.data as z.output<S>;
}

/** Reads every field a path reaches, so that one sent missing or malformed throws now (see `arm`). */
function readPath(value: unknown, path: readonly string[]): void {
  const [head, ...rest] = path;
  if (head === undefined || value === null || typeof value !== 'object') return;
  const container = value as Record<string, unknown>;
  // Own names, not keys: a malformed value is a getter left out of the enumerable keys.
  const keys =
    head === '[]'
      ? Array.isArray(value)
        ? Array.from({ length: value.length }, (_, i) => String(i))
        : []
      : head === '*'
        ? Object.getOwnPropertyNames(container)
        : [head];
  for (const key of keys) readPath(container[key], rest);
}

/**
 * Reads a response field that is only shown (a summary row, a log line), never decided on: one the service sent
 * malformed reads as undefined instead of throwing, so a step never fails over a field nothing depends on.
 */
export function shownField<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof UnexpectedResponseError) return undefined;
    throw error;
  }
}

/** A JSON object (not null, not an array): the shape every "not shown" part of a response is checked for. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The elements of a shown list that read without error (a malformed element throws when read, see `arm`). */
export function shownItems<T>(list: readonly T[] | null | undefined): T[] {
  if (!list) return [];
  const out: T[] = [];
  for (let i = 0; i < list.length; i++) {
    const item = shownField(() => list[i]);
    if (item !== undefined) out.push(item);
  }
  return out;
}
