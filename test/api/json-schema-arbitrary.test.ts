/**
 * The generator property tests draw service answers with (test/helpers/json-schema-arbitrary.ts): whatever it draws
 * from a schema of the served OpenAPI document is admitted by it, judged by zod's own `z.fromJSONSchema`, and it
 * draws the variety those tests count on: every optional key and none, integers and fractions, unknown keys.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiDocument } from '@compliance-actions/sandbox/openapi';
import {
  arbitraryFromSchema,
  EXTRA_KEY_PREFIX,
  type JsonSchema,
  type SchemaArbitraryOptions,
} from '../helpers/json-schema-arbitrary.js';

const RUNS = 25;
/** Draws for a count: each case below comes at least about once in four draws, so this is never short of it. */
const SAMPLE = 200;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'boolean' || isObject(value);
}

function entriesOf(value: unknown): [string, unknown][] {
  return isObject(value) ? Object.entries(value) : [];
}

function field(value: unknown, key: string): unknown {
  return isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

interface ResponseSchema {
  name: string;
  schema: JsonSchema;
}

/** Every response schema of the served document, each once (all operations share the error body's). */
async function responseSchemas(): Promise<ResponseSchema[]> {
  const byText = new Map<string, { names: string[]; schema: JsonSchema }>();
  for (const [path, operations] of entriesOf(field(await openApiDocument(), 'paths'))) {
    for (const [method, operation] of entriesOf(operations)) {
      for (const [status, response] of entriesOf(field(operation, 'responses'))) {
        const name = `${method.toUpperCase()} ${path} ${status}`;
        const content = field(response, 'content');
        if (content === undefined) continue; // no body, nothing to draw
        const schema = field(field(content, 'application/json'), 'schema');
        if (!isSchema(schema)) throw new Error(`${name}: no JSON schema`);
        const text = JSON.stringify(schema);
        const seen = byText.get(text) ?? { names: [], schema };
        seen.names.push(name);
        byText.set(text, seen);
      }
    }
  }
  return [...byText.values()].map(({ names: [first = '', ...more], schema }) => ({
    name: more.length > 0 ? `${first} (and ${more.length} more)` : first,
    schema,
  }));
}

/** The same schema without `default`: zod fills a missing key from one, which would hide a missing required key. */
function withoutDefaults(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([keyword]) => keyword !== 'default')
      .map(([keyword, value]) => {
        if (keyword === 'properties') {
          return [keyword, Object.fromEntries(entriesOf(value).map(([k, sub]) => [k, withoutDefaults(sub)]))];
        }
        if (keyword === 'anyOf' && Array.isArray(value)) return [keyword, value.map(withoutDefaults)];
        if (['items', 'additionalProperties', 'propertyNames'].includes(keyword)) {
          return [keyword, withoutDefaults(value)];
        }
        return [keyword, value];
      }),
  );
}

/** zod's reading of `schema`: the judge, independent of the generator. */
function validatorFor(schema: JsonSchema): z.ZodType {
  return z.fromJSONSchema(withoutDefaults(schema) as z.core.JSONSchema.JSONSchema);
}

/** Fails, saying why, unless `value` is JSON (as `JSON.parse` makes it) that `validator` admits. */
function expectAdmitted(validator: z.ZodType, value: unknown): void {
  // By hand, what zod does not check: no undefined, NaN, Infinity or -0, no prototype but Object's and Array's.
  expect(JSON.parse(JSON.stringify(value))).toStrictEqual(value);
  const result = validator.safeParse(value);
  if (!result.success)
    throw new Error(`${JSON.stringify(value)} is refused:\n${z.prettifyError(result.error)}`);
}

/** Every value drawn from `schema` is admitted by it. */
function checkDraws(schema: JsonSchema, options?: SchemaArbitraryOptions, numRuns = RUNS): void {
  const validator = validatorFor(schema);
  fc.assert(
    fc.property(arbitraryFromSchema(schema, options), (value) => expectAdmitted(validator, value)),
    { numRuns },
  );
}

function sample(schema: JsonSchema, options?: SchemaArbitraryOptions): unknown[] {
  return fc.sample(arbitraryFromSchema(schema, options), SAMPLE);
}

function objectsOf(values: readonly unknown[]): JsonObject[] {
  return values.map((value) => {
    if (!isObject(value)) throw new Error(`not an object: ${JSON.stringify(value)}`);
    return value;
  });
}

const responses = await responseSchemas();

describe('the response schemas of the served document', () => {
  it('are found: the document is read as it is shaped', () => {
    expect(responses.length).toBeGreaterThanOrEqual(5);
  });

  it.each(responses)('$name: every value drawn is admitted', ({ schema }) => checkDraws(schema));

  it('are read strictly by the judge: a drawn value without a required key is refused', () => {
    let refused = 0;
    for (const { schema } of responses) {
      const required = field(schema, 'required');
      if (!Array.isArray(required) || typeof required[0] !== 'string') continue;
      const key = required[0];
      const validator = validatorFor(schema);
      for (const value of objectsOf(fc.sample(arbitraryFromSchema(schema), 5))) {
        const missing = Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));
        expect(validator.safeParse(missing).success, `${JSON.stringify(missing)} lacks ${key}`).toBe(false);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(0);
  });
});

describe('optional keys, from only the required ones to every one', () => {
  /** How many drawn objects hold only the required keys of `properties`, and how many hold every one. */
  function extremes(schema: JsonObject): { requiredOnly: number; every: number } {
    const known = Object.keys(field(schema, 'properties') ?? {});
    const required = new Set(field(schema, 'required') as string[] | undefined);
    let requiredOnly = 0;
    let every = 0;
    for (const value of objectsOf(sample(schema))) {
      const present = known.filter((key) => Object.hasOwn(value, key));
      for (const key of required) expect(value).toHaveProperty([key]);
      if (present.length === required.size) requiredOnly++;
      if (present.length === known.length) every++;
    }
    return { requiredOnly, every };
  }

  it('draws both extremes, often, for an object with optional keys', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'string' },
        b: { type: 'integer' },
        c: { type: 'boolean' },
        d: { type: 'null' },
      },
      required: ['a'],
      additionalProperties: false,
    };
    const { requiredOnly, every } = extremes(schema);
    expect(requiredOnly).toBeGreaterThan(SAMPLE / 10);
    expect(every).toBeGreaterThan(SAMPLE / 10);
  });

  it("draws both extremes for the served document's answers", () => {
    const withOptional = responses
      .map(({ schema }) => schema)
      .filter(isObject)
      .filter((schema) => {
        const known = Object.keys(field(schema, 'properties') ?? {});
        const required = field(schema, 'required');
        return known.length > (Array.isArray(required) ? required.length : 0);
      });
    expect(withOptional.length).toBeGreaterThan(0);
    for (const schema of withOptional) {
      const { requiredOnly, every } = extremes(schema);
      expect(requiredOnly).toBeGreaterThan(0);
      expect(every).toBeGreaterThan(0);
    }
  });
});

describe('numbers', () => {
  it('come as integers and as fractions, all finite', () => {
    const values = sample({ type: 'number' });
    expect(values.every(Number.isFinite)).toBe(true);
    expect(values.filter(Number.isInteger).length).toBeGreaterThan(SAMPLE / 10);
    expect(values.filter((v) => !Number.isInteger(v)).length).toBeGreaterThan(SAMPLE / 10);
  });

  it('keep within any bounds, inclusive or exclusive', () => {
    const bounded = fc
      .record({
        lower: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        width: fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
        type: fc.constantFrom('number', 'integer'),
        exclusiveLower: fc.boolean(),
        exclusiveUpper: fc.boolean(),
      })
      .map(({ lower, width, type, exclusiveLower, exclusiveUpper }) => ({
        type,
        [exclusiveLower ? 'exclusiveMinimum' : 'minimum']: lower,
        // Wider than 2 for integers, so that there is one.
        [exclusiveUpper ? 'exclusiveMaximum' : 'maximum']: lower + width + (type === 'integer' ? 2 : 0),
      }));
    fc.assert(
      fc.property(
        bounded.chain((schema) => fc.tuple(fc.constant(schema), arbitraryFromSchema(schema))),
        ([schema, value]) => expectAdmitted(validatorFor(schema), value),
      ),
      { numRuns: 100 },
    );
  });

  it('as integers, are safe ones, mostly small, yet reach far within wide bounds', () => {
    // What zod emits for z.int().
    const values = sample({ type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 });
    expect(values.every(Number.isSafeInteger)).toBe(true);
    const small = values.filter((v) => typeof v === 'number' && Math.abs(v) <= 1000);
    expect(small.length).toBeGreaterThan(SAMPLE / 2);
    expect(small.length).toBeLessThan(SAMPLE);
  });

  it('refuse bounds that admit none', () => {
    expect(() => arbitraryFromSchema({ type: 'integer', minimum: 1.2, maximum: 1.8 })).toThrow(
      /admits no safe integer/,
    );
    expect(() => arbitraryFromSchema({ type: 'number', exclusiveMinimum: 1, maximum: 1 })).toThrow(
      /admits no number/,
    );
  });
});

describe('unknown keys', () => {
  const known = { a: { type: 'string' } };

  it('are added, one to three of them, where the schema allows them', () => {
    const schema = { type: 'object', properties: known, required: ['a'], additionalProperties: {} };
    const extraCounts = objectsOf(sample(schema)).map(
      (value) => Object.keys(value).filter((key) => key.startsWith(EXTRA_KEY_PREFIX)).length,
    );
    expect(extraCounts.filter((n) => n === 0).length).toBeGreaterThan(SAMPLE / 10);
    expect(extraCounts.filter((n) => n > 0).length).toBeGreaterThan(SAMPLE / 10);
    expect(Math.max(...extraCounts)).toBeLessThanOrEqual(3);
    checkDraws(schema);
  });

  it('never where additionalProperties is false', () => {
    const schema = { type: 'object', properties: known, additionalProperties: false };
    for (const value of objectsOf(sample(schema)))
      expect(Object.keys(value).every((k) => k === 'a')).toBe(true);
  });

  it('hold values of the additionalProperties schema, under names that propertyNames admits', () => {
    checkDraws({
      type: 'object',
      properties: known,
      propertyNames: { type: 'string', pattern: '^[a-z]{1,5}$' },
      additionalProperties: { type: 'integer', minimum: 0 },
    });
  });

  it('are only the names propertyNames lists, and none once those are taken (a record keyed by an enum)', () => {
    const schema = z.toJSONSchema(z.record(z.enum(['x', 'y']), z.number()));
    for (const value of objectsOf(sample(schema))) expect(Object.keys(value).sort()).toEqual(['x', 'y']);
    checkDraws(schema);
  });
});

describe('depth and length', () => {
  const nested = (child: JsonSchema): JsonSchema => ({
    type: 'object',
    properties: { child, note: { type: 'string' } },
  });

  it('past maxDepth, objects hold their required keys only and arrays their fewest items', () => {
    const schema = nested(nested({ type: 'array', minItems: 1, items: {} }));
    for (const value of objectsOf(sample(schema, { maxDepth: 1 }))) {
      const child = field(value, 'child');
      if (child === undefined) continue;
      expect(child).toEqual({});
    }
    const arrays = sample({ type: 'array', items: { type: 'array', minItems: 1 } }, { maxDepth: 1 });
    for (const value of arrays) {
      expect(Array.isArray(value)).toBe(true);
      for (const item of value as unknown[]) expect(item).toHaveLength(1);
    }
  });

  it('arrays are at most maxArrayLength long, unless minItems asks for more', () => {
    expect(sample({ type: 'array' }).every((v) => Array.isArray(v) && v.length <= 3)).toBe(true);
    expect(
      sample({ type: 'array' }, { maxArrayLength: 1 }).every((v) => Array.isArray(v) && v.length <= 1),
    ).toBe(true);
    expect(sample({ type: 'array', minItems: 5 }).every((v) => Array.isArray(v) && v.length === 5)).toBe(
      true,
    );
  });
});

describe("zod's other output", () => {
  it('is drawn right too: formats, patterns, lengths, literals, nullables, bounds', () => {
    const schema = z.toJSONSchema(
      z.object({
        email: z.email(),
        id: z.uuid(),
        at: z.iso.datetime(),
        day: z.iso.date(),
        link: z.url(),
        code: z.string().min(2).max(4),
        kind: z.literal('K8S'),
        level: z.enum(['low', 'high']).nullable(),
        ratio: z.number().gt(0).lt(1),
        count: z.int().min(0).optional(),
        tags: z
          .array(z.string().regex(/^[a-z]+$/))
          .min(1)
          .max(2),
        any: z.unknown(),
      }),
    );
    checkDraws(schema, undefined, 50);
  });

  it.each(['date-time', 'date', 'uuid', 'email', 'uri'])(
    'format %s, with no pattern, is drawn right',
    (format) => checkDraws({ type: 'string', format }),
  );
});

describe('a construct the generator does not know', () => {
  it.each([
    ['multipleOf', { type: 'number', multipleOf: 2 }],
    ['oneOf', { oneOf: [{ type: 'string' }, { type: 'null' }] }],
    ['$ref', { $ref: '#/$defs/a', $defs: { a: {} } }],
    ['prefixItems', { type: 'object', properties: { list: { type: 'array', prefixItems: [] } } }],
    ['uniqueItems', { type: 'array', items: { type: 'string' }, uniqueItems: true }],
  ])('throws naming it: %s', (keyword, schema) => {
    expect(() => arbitraryFromSchema(schema)).toThrow(`unsupported keyword '${keyword}'`);
  });

  it('throws naming where it is', () => {
    const schema = { type: 'object', properties: { list: { type: 'array', items: { not: {} } } } };
    expect(() => arbitraryFromSchema(schema)).toThrow(
      "#/properties/list/items uses the unsupported keyword 'not'",
    );
  });

  it('throws for an unknown type or format, and for anyOf or enum beside other constraints', () => {
    expect(() => arbitraryFromSchema({ type: 'date' })).toThrow('unsupported type "date"');
    expect(() => arbitraryFromSchema({ type: 'string', format: 'ipv4' })).toThrow(
      "unsupported format 'ipv4'",
    );
    expect(() => arbitraryFromSchema({ type: 'string', anyOf: [{ minLength: 1 }] })).toThrow(
      "uses 'anyOf' beside 'type'",
    );
    expect(() => arbitraryFromSchema({ type: 'string', enum: ['a'], pattern: 'b' })).toThrow(
      "uses 'enum' beside 'pattern'",
    );
    expect(() => arbitraryFromSchema({ type: 'number', exclusiveMinimum: true, minimum: 0 })).toThrow(
      "'exclusiveMinimum' that is not a number",
    );
  });
});
