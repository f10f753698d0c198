/**
 * Draws JSON values that a JSON Schema admits, for property tests that take service answers from the sandbox's served
 * OpenAPI document (packages/sandbox/src/openapi.ts). It covers the draft 2020-12 subset zod 4's `z.toJSONSchema` emits; any
 * other keyword throws, naming it and where it is, so a new construct is never silently mis-drawn.
 *
 * A small converter of our own: the npm package json-schema-fast-check is built on fast-check 1 and faker 4, not on
 * the fast-check 4 these tests use.
 */
import fc from 'fast-check';

/** A JSON Schema: `true` admits anything, an object constrains by its keywords. */
export type JsonSchema = boolean | { readonly [keyword: string]: unknown };

export interface SchemaArbitraryOptions {
  /** The longest array drawn, unless `minItems` asks for more (default 3). */
  maxArrayLength?: number;
  /** Objects and arrays this deep or deeper (the value drawn is depth 0) are drawn at their smallest (default 8). */
  maxDepth?: number;
}

type SchemaObject = Exclude<JsonSchema, boolean>;
type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

interface Context {
  readonly maxArrayLength: number;
  readonly maxDepth: number;
}

const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];
/** The keywords that constrain values of each type (and are inert for the others). */
const TYPE_KEYWORDS: Readonly<Record<JsonType, readonly string[]>> = {
  object: ['properties', 'required', 'additionalProperties', 'propertyNames'],
  array: ['items', 'minItems', 'maxItems'],
  string: ['pattern', 'minLength', 'maxLength', 'format'],
  number: NUMBER_KEYWORDS,
  integer: NUMBER_KEYWORDS,
  boolean: [],
  null: [],
};
const JSON_TYPES = Object.keys(TYPE_KEYWORDS) as JsonType[];
/** Keywords that do not change which values a schema admits. */
const ANNOTATIONS = new Set([
  '$schema',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentEncoding',
  'contentMediaType',
]);
const SUPPORTED = new Set(['type', 'enum', 'const', 'anyOf', ...Object.values(TYPE_KEYWORDS).flat()]);

/** Unknown keys drawn where a schema allows them start with this, so they cannot be mistaken for declared ones. */
export const EXTRA_KEY_PREFIX = 'x_extra_';
/** Integers are drawn mostly within this distance of zero (or of the bound nearest to it). */
const NEAR = 1000;
/** A whole part below this keeps all six decimals of a fraction (as in a timestamp like 1747062776.797778). */
const WHOLE_WITH_MICROS = 2 ** 31;

/** Strings for the formats zod emits without a `pattern` (with one, the pattern is what is drawn). */
const FORMATS: Readonly<Record<string, () => fc.Arbitrary<string>>> = {
  'date-time': () => dates().map((date) => date.toISOString()),
  date: () => dates().map((date) => date.toISOString().slice(0, 10)),
  uuid: () => fc.uuid({ version: 4 }),
  email: () => fc.stringMatching(/^[a-z][a-z0-9]{0,7}@[a-z][a-z0-9]{0,7}\.example$/),
  // fc.webUrl() would cost most of a second to set up.
  uri: () =>
    fc.stringMatching(/^https?:\/\/[a-z][a-z0-9-]{0,9}\.example(?::[1-9]\d{0,3})?(?:\/[\w.~-]{0,8}){0,3}$/),
};

/** Draws JSON values (each one survives `JSON.stringify` and `JSON.parse` as itself) that `schema` admits. */
export function arbitraryFromSchema(
  schema: JsonSchema,
  options: SchemaArbitraryOptions = {},
): fc.Arbitrary<unknown> {
  const { maxArrayLength = 3, maxDepth = 8 } = options;
  return draw(schema, '#', 0, { maxArrayLength, maxDepth });
}

function draw(schema: unknown, path: string, depth: number, ctx: Context): fc.Arbitrary<unknown> {
  if (schema === true) return anyJson(depth, ctx);
  if (!isSchemaObject(schema)) {
    throw fail(path, schema === false ? 'is false: it admits no value' : 'is not a schema');
  }
  const keywords = Object.keys(schema).filter((keyword) => !ANNOTATIONS.has(keyword));
  const unsupported = keywords.find((keyword) => !SUPPORTED.has(keyword));
  if (unsupported !== undefined) throw fail(path, `uses the unsupported keyword '${unsupported}'`);
  if (keywords.length === 0) return anyJson(depth, ctx);

  if (schema.anyOf !== undefined) {
    refuseBeside('anyOf', keywords, [], path);
    const branches = schemasAt(schema, 'anyOf', path);
    return fc.oneof(...branches.map((branch, i) => draw(branch, `${path}/anyOf/${i}`, depth, ctx)));
  }
  const types = typesAt(schema, path);
  if (schema.enum !== undefined || schema.const !== undefined) {
    return enumerated(schema, keywords, types, path);
  }

  // Without `type`, a type's keywords constrain only values of that type: any type may be drawn.
  const arbitraries = (types ?? JSON_TYPES).map(
    (type) => [type, ofType(type, schema, path, depth, ctx)] as const,
  );
  // Deep down, a scalar (when admitted) is the smallest value.
  const scalars = arbitraries.filter(([type]) => type !== 'object' && type !== 'array');
  const chosen = depth >= ctx.maxDepth && scalars.length > 0 ? scalars : arbitraries;
  return fc.oneof(...chosen.map(([, arbitrary]) => arbitrary));
}

function ofType(
  type: JsonType,
  schema: SchemaObject,
  path: string,
  depth: number,
  ctx: Context,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const range = integerRange(schema, path);
      if (range === undefined) throw fail(path, 'admits no safe integer');
      return integersIn(range);
    }
    case 'number':
      return numbers(schema, path);
    case 'string':
      return strings(schema, path);
    case 'array':
      return arrays(schema, path, depth, ctx);
    case 'object':
      return objects(schema, path, depth, ctx);
  }
}

function enumerated(
  schema: SchemaObject,
  keywords: readonly string[],
  types: readonly JsonType[] | undefined,
  path: string,
): fc.Arbitrary<unknown> {
  const keyword = schema.const !== undefined ? 'const' : 'enum';
  refuseBeside(keyword, keywords, ['type'], path);
  const listed = keyword === 'const' ? [schema.const] : arrayAt(schema, 'enum', path);
  const values = listed.filter((value) => types === undefined || types.some((type) => hasType(value, type)));
  if (values.length === 0) throw fail(path, `has no '${keyword}' value of its 'type'`);
  return fc.constantFrom(...values).map((value) => structuredClone(value));
}

interface Bound {
  value: number;
  exclusive: boolean;
}

/** The tighter of `minimum` and `exclusiveMinimum` (or of the maxima, for `upper`). */
function bound(schema: SchemaObject, path: string, side: 'lower' | 'upper'): Bound | undefined {
  const [inclusiveKey, exclusiveKey] =
    side === 'lower' ? ['minimum', 'exclusiveMinimum'] : ['maximum', 'exclusiveMaximum'];
  const inclusive = numberAt(schema, inclusiveKey, path);
  const exclusive = numberAt(schema, exclusiveKey, path);
  if (exclusive !== undefined) {
    const tighter =
      inclusive === undefined || (side === 'lower' ? exclusive >= inclusive : exclusive <= inclusive);
    if (tighter) return { value: exclusive, exclusive: true };
  }
  return inclusive === undefined ? undefined : { value: inclusive, exclusive: false };
}

/** The safe integers within the bounds, as [min, max]; undefined when there are none. */
function integerRange(schema: SchemaObject, path: string): [number, number] | undefined {
  const lower = bound(schema, path, 'lower');
  const upper = bound(schema, path, 'upper');
  let min = Number.MIN_SAFE_INTEGER;
  let max = Number.MAX_SAFE_INTEGER;
  if (lower) min = Math.max(min, lower.exclusive ? Math.floor(lower.value) + 1 : Math.ceil(lower.value));
  if (upper) max = Math.min(max, upper.exclusive ? Math.ceil(upper.value) - 1 : Math.floor(upper.value));
  return min <= max ? [min, max] : undefined;
}

/** Mostly integers near zero (or the bound nearest to it), sometimes anywhere in the range, bounds included. */
function integersIn([min, max]: [number, number]): fc.Arbitrary<number> {
  const centre = Math.min(Math.max(0, min), max);
  const near = fc.integer({ min: Math.max(min, centre - NEAR), max: Math.min(max, centre + NEAR) });
  return fc.oneof({ arbitrary: near, weight: 3 }, { arbitrary: fc.integer({ min, max }), weight: 1 });
}

/** Integers and fractions alike, finite (JSON has no NaN or Infinity), never -0 (JSON.stringify makes it 0). */
function numbers(schema: SchemaObject, path: string): fc.Arbitrary<number> {
  const lower = bound(schema, path, 'lower');
  const upper = bound(schema, path, 'upper');
  const choices: fc.Arbitrary<number>[] = [];
  const range = integerRange(schema, path);
  if (range) choices.push(integersIn(range));
  // A whole part and six decimals, as services send timestamps: the fraction keeps it strictly between two integers.
  const wholeMin = Math.max(-WHOLE_WITH_MICROS, lower ? Math.ceil(lower.value) : -WHOLE_WITH_MICROS);
  const wholeMax = Math.min(WHOLE_WITH_MICROS, upper ? Math.floor(upper.value) - 1 : WHOLE_WITH_MICROS);
  if (wholeMin <= wholeMax) {
    const micros = fc.integer({ min: 1, max: 999_999 });
    choices.push(
      fc.tuple(fc.integer({ min: wholeMin, max: wholeMax }), micros).map(([whole, us]) => whole + us / 1e6),
    );
  }
  const doubles = {
    min: lower?.value,
    minExcluded: lower?.exclusive,
    max: upper?.value,
    maxExcluded: upper?.exclusive,
    noNaN: true,
    noDefaultInfinity: true,
  };
  // Fractions of any magnitude; fc.double refuses a range that holds none.
  const fractions = attempt(() => fc.double({ ...doubles, noInteger: true }));
  if (fractions) choices.push(fractions);
  // Only integers beyond the safe ones (as above 2^53) are left: 0 is not among them, so no -0 either.
  const rest = choices.length === 0 ? attempt(() => fc.double(doubles)) : undefined;
  if (rest) choices.push(rest);
  if (choices.length === 0) throw fail(path, 'admits no number');
  return fc.oneof(...choices);
}

function strings(schema: SchemaObject, path: string): fc.Arbitrary<string> {
  const minLength = countAt(schema, 'minLength', path) ?? 0;
  const maxLength = countAt(schema, 'maxLength', path);
  const pattern = stringAt(schema, 'pattern', path);
  const format = stringAt(schema, 'format', path);
  if (maxLength !== undefined && minLength > maxLength) throw fail(path, 'has minLength > maxLength');
  let arbitrary: fc.Arbitrary<string>;
  if (pattern !== undefined) {
    // Unanchored, as JSON Schema reads it: fast-check then adds text around a match.
    arbitrary = fc.stringMatching(new RegExp(pattern), maxLength === undefined ? {} : { maxLength });
  } else if (format !== undefined) {
    const formatted = FORMATS[format];
    if (!formatted) throw fail(path, `uses the unsupported format '${format}'`);
    arbitrary = formatted();
  } else if (minLength > 0 || maxLength !== undefined) {
    // Printable ASCII: one code point is one UTF-16 unit, so both ways of counting a length agree.
    return fc.string({ minLength, maxLength });
  } else {
    // Printable ASCII, any Unicode, control characters: a JSON string may hold each. (The 'binary' unit would cost
    // over half a second to set up.)
    return fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary-ascii' }));
  }
  if (minLength === 0 && maxLength === undefined) return arbitrary;
  // JSON Schema counts code points, JavaScript (and zod) UTF-16 units: keep what both admit.
  return arbitrary.filter(
    (s) => Array.from(s).length >= minLength && (maxLength === undefined || s.length <= maxLength),
  );
}

function arrays(schema: SchemaObject, path: string, depth: number, ctx: Context): fc.Arbitrary<unknown[]> {
  const minItems = countAt(schema, 'minItems', path) ?? 0;
  const maxItems = countAt(schema, 'maxItems', path) ?? Number.POSITIVE_INFINITY;
  if (minItems > maxItems) throw fail(path, 'has minItems > maxItems');
  const items = draw(schema.items ?? true, `${path}/items`, depth + 1, ctx);
  const longest =
    depth >= ctx.maxDepth ? minItems : Math.max(minItems, Math.min(maxItems, ctx.maxArrayLength));
  return fc.array(items, { minLength: minItems, maxLength: longest });
}

interface Property {
  name: string;
  required: boolean;
  value: fc.Arbitrary<unknown>;
}

/**
 * Required keys always; optional ones as often all as none as some; and, where the schema allows them, sometimes one
 * to three unknown keys.
 */
function objects(
  schema: SchemaObject,
  path: string,
  depth: number,
  ctx: Context,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schemaMapAt(schema, 'properties', path);
  const required = new Set(stringsAt(schema, 'required', path));
  const additional = schema.additionalProperties ?? true;
  const extraValue =
    additional === false ? undefined : draw(additional, `${path}/additionalProperties`, depth + 1, ctx);
  const names = [
    ...Object.keys(properties),
    ...[...required].filter((name) => !Object.hasOwn(properties, name)),
  ];
  const declared: Property[] = names.map((name) => {
    const sub = Object.hasOwn(properties, name) ? properties[name] : undefined;
    const value =
      sub === undefined ? extraValue : draw(sub, `${path}/properties/${pointer(name)}`, depth + 1, ctx);
    if (!value) {
      throw fail(path, `requires '${name}', which neither 'properties' nor 'additionalProperties' admits`);
    }
    return { name, required: required.has(name), value };
  });
  const minimal = depth >= ctx.maxDepth;

  const optional = declared.filter((p) => !p.required).map((p) => p.name);
  const chosen: fc.Arbitrary<ReadonlySet<string>> =
    minimal || optional.length === 0
      ? fc.constant(new Set<string>())
      : fc.oneof(
          fc.constant(new Set<string>()),
          fc.constant(new Set(optional)),
          fc.subarray(optional).map((names) => new Set(names)),
        );

  const extraKey =
    minimal || extraValue === undefined ? undefined : extraKeys(schema, new Set(names), path, depth, ctx);
  const extras: fc.Arbitrary<readonly (readonly [string, unknown])[]> =
    extraKey === undefined || extraValue === undefined
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

/** Names for unknown keys, none of them `taken`; undefined when `propertyNames` leaves none. */
function extraKeys(
  schema: SchemaObject,
  taken: ReadonlySet<string>,
  path: string,
  depth: number,
  ctx: Context,
): fc.Arbitrary<string> | undefined {
  const fresh = (key: unknown): key is string =>
    typeof key === 'string' && !taken.has(key) && key !== '__proto__';
  const names = schema.propertyNames ?? true;
  if (names === false) return undefined;
  const prefixed = fc
    .string({ maxLength: 6 })
    .map((s) => `${EXTRA_KEY_PREFIX}${s}`)
    .filter(fresh);
  if (names === true) return prefixed;
  if (!isSchemaObject(names)) throw fail(`${path}/propertyNames`, 'is not a schema');
  const keywords = Object.keys(names).filter((keyword) => !ANNOTATIONS.has(keyword));
  // Any string may be a name: prefixed ones show plainly in a failing case.
  if (keywords.every((keyword) => keyword === 'type') && (names.type ?? 'string') === 'string') {
    return prefixed;
  }
  // Keys are strings: a `propertyNames` schema without a type means string ones.
  const typed = ['type', 'enum', 'const', 'anyOf'].some((k) => k in names)
    ? names
    : { type: 'string', ...names };
  const keys = draw(typed, `${path}/propertyNames`, depth, ctx).filter(fresh);
  if (names.enum === undefined && names.const === undefined) return keys;
  // A listed name may be taken already: with none left, no extra key can be drawn.
  const listed = names.const !== undefined ? [names.const] : arrayAt(names, 'enum', `${path}/propertyNames`);
  return listed.some(fresh) ? keys : undefined;
}

/** Any small JSON value; deep down, a scalar one. */
function anyJson(depth: number, ctx: Context): fc.Arbitrary<unknown> {
  // fc.jsonValue may hold -0, which JSON.stringify writes as 0: a round trip makes it what a parser would give.
  return fc
    .jsonValue({ maxDepth: depth >= ctx.maxDepth ? 0 : 1 })
    .map((value): unknown => JSON.parse(JSON.stringify(value)));
}

function dates(): fc.Arbitrary<Date> {
  return fc.date({
    min: new Date('1970-01-01T00:00:00Z'),
    max: new Date('2099-12-31T23:59:59Z'),
    noInvalidDate: true,
  });
}

function hasType(value: unknown, type: JsonType): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isSchemaObject(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return Number.isFinite(value);
    case 'boolean':
    case 'string':
      return typeof value === type;
  }
}

/** `keyword` with other constraining keywords (but those in `allowed`) beside it is not supported. */
function refuseBeside(
  keyword: string,
  keywords: readonly string[],
  allowed: readonly string[],
  path: string,
): void {
  const beside = keywords.find((k) => k !== keyword && !allowed.includes(k));
  if (beside !== undefined) throw fail(path, `uses '${keyword}' beside '${beside}', which is not supported`);
}

/** The result of `build`, or undefined when it throws (as fast-check does for an empty range). */
function attempt<T>(build: () => T): T | undefined {
  try {
    return build();
  } catch {
    return undefined;
  }
}

function fail(path: string, message: string): Error {
  return new Error(`arbitraryFromSchema: the schema at ${path} ${message}`);
}

function pointer(name: string): string {
  return name.replaceAll('~', '~0').replaceAll('/', '~1');
}

function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isJsonType(value: unknown): value is JsonType {
  return typeof value === 'string' && Object.hasOwn(TYPE_KEYWORDS, value);
}

function typesAt(schema: SchemaObject, path: string): JsonType[] | undefined {
  const { type } = schema;
  if (type === undefined) return undefined;
  const types: unknown[] = Array.isArray(type) ? type : [type];
  const wrong = types.find((t) => !isJsonType(t));
  if (types.length === 0 || wrong !== undefined) {
    throw fail(path, `has the unsupported type ${JSON.stringify(wrong ?? type)}`);
  }
  return types.filter(isJsonType);
}

function arrayAt(schema: SchemaObject, keyword: string, path: string): unknown[] {
  const value = schema[keyword];
  if (!Array.isArray(value) || value.length === 0) {
    throw fail(path, `has a '${keyword}' that is not a non-empty list`);
  }
  return value;
}

function schemasAt(schema: SchemaObject, keyword: string, path: string): JsonSchema[] {
  return arrayAt(schema, keyword, path).map((sub, i) => {
    if (typeof sub !== 'boolean' && !isSchemaObject(sub)) {
      throw fail(`${path}/${keyword}/${i}`, 'is not a schema');
    }
    return sub;
  });
}

function schemaMapAt(schema: SchemaObject, keyword: string, path: string): Readonly<Record<string, unknown>> {
  const value = schema[keyword] ?? {};
  if (!isSchemaObject(value)) throw fail(path, `has a '${keyword}' that is not an object`);
  return value;
}

function stringsAt(schema: SchemaObject, keyword: string, path: string): string[] {
  const value = schema[keyword] ?? [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw fail(path, `has a '${keyword}' that is not a list of strings`);
  }
  return value;
}

function stringAt(schema: SchemaObject, keyword: string, path: string): string | undefined {
  const value = schema[keyword];
  if (value !== undefined && typeof value !== 'string') {
    throw fail(path, `has a '${keyword}' that is not a string`);
  }
  return value;
}

function numberAt(schema: SchemaObject, keyword: string, path: string): number | undefined {
  const value = schema[keyword];
  if (value !== undefined && !Number.isFinite(value)) {
    throw fail(path, `has a '${keyword}' that is not a number`);
  }
  return value as number | undefined;
}

function countAt(schema: SchemaObject, keyword: string, path: string): number | undefined {
  const value = numberAt(schema, keyword, path);
  if (value !== undefined && !(Number.isInteger(value) && value >= 0)) {
    throw fail(path, `has a '${keyword}' that is not a count`);
  }
  return value;
}
