/**
 * Draws JSON values that a JSON Schema admits, for property tests that take service answers from the sandbox's served
 * OpenAPI document (packages/sandbox/src/openapi.ts). It covers the draft 2020-12 subset that document's answers use;
 * any other keyword or type throws, naming it and where it is, so a new construct is never silently mis-drawn.
 *
 * A small converter of our own: the npm package json-schema-fast-check is built on fast-check 1 and faker 4, not on
 * the fast-check 4 these tests use.
 */
import fc from 'fast-check';

/** A JSON Schema: `true` admits anything, an object constrains by its keywords. */
export type JsonSchema = boolean | { readonly [keyword: string]: unknown };

type SchemaObject = Exclude<JsonSchema, boolean>;

/** The type each constraining keyword belongs to: beside another type alone, it would be ignored. */
const OF_TYPE: Readonly<Record<string, string>> = {
  properties: 'object',
  required: 'object',
  additionalProperties: 'object',
  propertyNames: 'object',
  items: 'array',
  pattern: 'string',
  minimum: 'integer',
  maximum: 'integer',
};
const SUPPORTED = new Set(['type', 'enum', 'anyOf', ...Object.keys(OF_TYPE)]);
/** Keywords that do not change which values a schema admits. */
const ANNOTATIONS = new Set([
  '$schema',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
]);

/** Unknown keys drawn where a schema allows them start with this, so they cannot be mistaken for declared ones. */
const EXTRA_KEY_PREFIX = 'x_extra_';
/** Integers are drawn mostly within this distance of zero (or of the bound nearest to it). */
const NEAR = 1000;
/** A whole part below this keeps all six decimals of a fraction (as in a timestamp like 1747062776.797778). */
const WHOLE_WITH_MICROS = 2 ** 31;

/** Draws JSON values (each one survives `JSON.stringify` and `JSON.parse` as itself) that `schema` admits. */
export function arbitraryFromSchema(schema: unknown, path = '#'): fc.Arbitrary<unknown> {
  // fc.jsonValue may hold -0, which JSON.stringify writes as 0: a round trip makes it what a parser would give.
  const anyJson = fc.jsonValue({ maxDepth: 1 }).map((value): unknown => JSON.parse(JSON.stringify(value)));
  if (schema === true) return anyJson;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    throw fail(path, 'is not a schema');
  const keywords = Object.keys(schema).filter((keyword) => !ANNOTATIONS.has(keyword));
  const unsupported = keywords.find((keyword) => !SUPPORTED.has(keyword));
  if (unsupported !== undefined) throw fail(path, `uses the unsupported keyword '${unsupported}'`);
  const s = schema as SchemaObject;
  if (keywords.length === 0) return anyJson;
  const beside = (keyword: string, allowed: string[]) =>
    s[keyword] !== undefined && keywords.find((k) => k !== keyword && !allowed.includes(k));
  const other = beside('anyOf', []) || beside('enum', ['type']);
  if (other) throw fail(path, `uses '${other}' beside 'anyOf' or 'enum', which is not supported`);
  if (s.anyOf !== undefined) {
    const branches = s.anyOf as unknown[];
    return fc.oneof(...branches.map((branch, i) => arbitraryFromSchema(branch, `${path}/anyOf/${i}`)));
  }
  if (s.enum !== undefined) return fc.constantFrom(...(s.enum as unknown[]));
  const types = [s.type].flat();
  const taken = keywords.find((k) => OF_TYPE[k] !== undefined && !types.includes(OF_TYPE[k]));
  if (taken !== undefined) throw fail(path, `uses '${taken}', which its 'type' does not take`);
  return fc.oneof(...types.map((type) => ofType(type, s, path)));
}

function ofType(type: unknown, schema: SchemaObject, path: string): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integers(schema);
    case 'number':
      return numbers();
    case 'string':
      // Unanchored, as JSON Schema reads a pattern: fast-check then adds text around a match. Without one, printable
      // ASCII, any Unicode, control characters: a JSON string may hold each.
      return typeof schema.pattern === 'string'
        ? fc.stringMatching(new RegExp(schema.pattern))
        : fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary-ascii' }));
    case 'array':
      return fc.array(arbitraryFromSchema(schema.items ?? true, `${path}/items`), { maxLength: 3 });
    case 'object':
      return objects(schema, path);
    default:
      throw fail(path, `has the unsupported type ${JSON.stringify(type ?? null)}`);
  }
}

/** Mostly integers near zero (or the bound nearest to it), sometimes anywhere within the bounds, bounds included. */
function integers(schema: SchemaObject): fc.Arbitrary<number> {
  const { minimum = Number.MIN_SAFE_INTEGER, maximum = Number.MAX_SAFE_INTEGER } = schema as {
    minimum?: number;
    maximum?: number;
  };
  const min = Math.max(Number.MIN_SAFE_INTEGER, Math.ceil(minimum));
  const max = Math.min(Number.MAX_SAFE_INTEGER, Math.floor(maximum));
  const centre = Math.min(Math.max(0, min), max);
  const near = fc.integer({ min: Math.max(min, centre - NEAR), max: Math.min(max, centre + NEAR) });
  return fc.oneof({ arbitrary: near, weight: 3 }, { arbitrary: fc.integer({ min, max }), weight: 1 });
}

/** Integers and fractions alike, finite (JSON has no NaN or Infinity), never -0 (JSON.stringify makes it 0). */
function numbers(): fc.Arbitrary<number> {
  // A whole part and six decimals, as services send timestamps, and fractions of any magnitude.
  const whole = fc.integer({ min: -WHOLE_WITH_MICROS, max: WHOLE_WITH_MICROS });
  const timestamps = fc.tuple(whole, fc.integer({ min: 1, max: 999_999 })).map(([w, us]) => w + us / 1e6);
  const fractions = fc.double({ noNaN: true, noDefaultInfinity: true, noInteger: true });
  return fc.oneof(integers({}), timestamps, fractions);
}

/**
 * Required keys always; optional ones as often all as none as some; and, where the schema allows them, sometimes one
 * to three unknown keys.
 */
function objects(schema: SchemaObject, path: string): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const required = new Set((schema.required ?? []) as string[]);
  const additional = schema.additionalProperties ?? true;
  if (JSON.stringify(schema.propertyNames ?? { type: 'string' }) !== '{"type":"string"}')
    throw fail(path, "uses a 'propertyNames' other than strings");
  const extraValue =
    additional === false ? undefined : arbitraryFromSchema(additional, `${path}/additionalProperties`);
  const names = [...new Set([...Object.keys(properties), ...required])];
  const declared = names.map((name) => {
    const value = Object.hasOwn(properties, name)
      ? arbitraryFromSchema(properties[name], `${path}/properties/${name}`)
      : extraValue;
    if (!value) throw fail(path, `requires '${name}', which it does not admit`);
    return { name, required: required.has(name), value };
  });
  const optional = names.filter((name) => !required.has(name));
  const chosen = fc.oneof(
    fc.constant(new Set<string>()),
    fc.constant(new Set(optional)),
    fc.subarray(optional).map((kept) => new Set(kept)),
  );
  const extraKey = fc
    .string({ maxLength: 6 })
    .map((s) => `${EXTRA_KEY_PREFIX}${s}`)
    .filter((key) => !names.includes(key));
  const extras: fc.Arbitrary<readonly (readonly [string, unknown])[]> =
    extraValue === undefined
      ? fc.constant([])
      : fc.oneof(
          fc.constant([]),
          fc.uniqueArray(fc.tuple(extraKey, extraValue), {
            minLength: 1,
            maxLength: 3,
            selector: ([key]) => key,
          }),
        );

  return fc.tuple(chosen, fc.tuple(...declared.map((p) => p.value)), extras).map(([keep, values, extra]) =>
    // fromEntries makes each key an own property, even one named __proto__.
    Object.fromEntries([
      ...declared.flatMap((p, i) => (p.required || keep.has(p.name) ? [[p.name, values[i]] as const] : [])),
      ...extra,
    ]),
  );
}

function fail(path: string, message: string): Error {
  return new Error(`arbitraryFromSchema: the schema at ${path} ${message}`);
}
