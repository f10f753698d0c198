/**
 * The generator property tests draw service answers with (test/helpers/json-schema-arbitrary.ts): whatever it draws
 * from a schema of the served OpenAPI document is admitted by it, judged by zod's own `z.fromJSONSchema`, and it
 * draws the variety those tests count on: every optional key and none, integers and fractions, unknown keys.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiDocument } from '@compliance-actions/sandbox/openapi';
import { arbitraryFromSchema, EXTRA_KEY_PREFIX, type JsonSchema } from '../helpers/json-schema-arbitrary.js';

/** Draws for a count: each case below comes at least about once in four draws, so this is never short of it. */
const SAMPLE = 200;

type JsonObject = Record<string, unknown>;
type Operations = Record<
  string,
  { responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }
>;

/** Every response schema of the served document, each once (all operations share the error body's). */
async function responseSchemas(): Promise<{ name: string; schema: JsonObject }[]> {
  const byText = new Map<string, { name: string; schema: JsonObject }>();
  const { paths } = (await openApiDocument()) as { paths: Record<string, Operations> };
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (schema === undefined) continue; // no body, nothing to draw
        if (typeof schema !== 'object') throw new Error(`${method} ${path} ${status}: no JSON schema`);
        const text = JSON.stringify(schema);
        if (!byText.has(text))
          byText.set(text, { name: `${method.toUpperCase()} ${path} ${status}`, schema });
      }
    }
  }
  return [...byText.values()];
}

/** The same schema without `default`: zod fills a missing key from one, which would hide a missing required key. */
function withoutDefaults(schema: unknown, map = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withoutDefaults(item));
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => map || key !== 'default')
      .map(([key, value]) => [
        key,
        key === 'enum' ? value : withoutDefaults(value, !map && key === 'properties'),
      ]),
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
function checkDraws(schema: JsonSchema): void {
  const validator = validatorFor(schema);
  fc.assert(
    fc.property(arbitraryFromSchema(schema), (value) => expectAdmitted(validator, value)),
    { numRuns: 25 },
  );
}

const sample = (schema: JsonSchema, count = SAMPLE) => fc.sample(arbitraryFromSchema(schema), count);
/** Drawn values of an object schema, each checked to be an object (a number would make a key check vacuous). */
const objectsOf = (schema: JsonSchema, count?: number) =>
  sample(schema, count).map((value) => {
    expect(value).toSatisfy((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
    return value as JsonObject;
  });

const responses = await responseSchemas();

describe('the response schemas of the served document', () => {
  it('are found: the document is read as it is shaped', () => {
    expect(responses.length).toBeGreaterThanOrEqual(5);
  });

  it.each(responses)('$name: every value drawn is admitted', ({ schema }) => checkDraws(schema));

  it('are read strictly by the judge: a drawn value without a required key is refused', () => {
    let refused = 0;
    for (const { schema } of responses) {
      const [key] = (schema.required ?? []) as string[];
      if (key === undefined) continue;
      const validator = validatorFor(schema);
      for (const value of objectsOf(schema, 5)) {
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
    const known = Object.keys(schema.properties ?? {});
    const required = new Set(schema.required as string[] | undefined);
    let requiredOnly = 0;
    let every = 0;
    for (const value of objectsOf(schema)) {
      const present = known.filter((key) => Object.hasOwn(value, key));
      for (const key of required) expect(value).toHaveProperty([key]);
      if (present.length === required.size) requiredOnly++;
      if (present.length === known.length) every++;
    }
    return { requiredOnly, every };
  }

  it('draws both extremes, often, for an object with optional keys', () => {
    const properties = {
      a: { type: 'string' },
      b: { type: 'integer' },
      c: { type: 'boolean' },
      d: { type: 'null' },
    };
    const schema = { type: 'object', properties, required: ['a'], additionalProperties: false };
    const { requiredOnly, every } = extremes(schema);
    expect(requiredOnly).toBeGreaterThan(SAMPLE / 10);
    expect(every).toBeGreaterThan(SAMPLE / 10);
  });

  it("draws both extremes for the served document's answers", () => {
    const withOptional = responses
      .map(({ schema }) => schema)
      .filter(
        (schema) => Object.keys(schema.properties ?? {}).length > ((schema.required ?? []) as []).length,
      );
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

  it('as integers, keep within any bounds', () => {
    const bounded = fc
      .record({
        lower: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        width: fc.double({ min: 1, max: 1e6 }),
      })
      .map(({ lower, width }) => ({ type: 'integer', minimum: lower, maximum: lower + width }));
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
});

describe('unknown keys', () => {
  const known = { a: { type: 'string' } };

  it('are added, one to three of them, where the schema allows them, holding values of its schema', () => {
    const schema = {
      type: 'object',
      properties: known,
      required: ['a'],
      propertyNames: { type: 'string' },
      additionalProperties: { type: 'integer', minimum: 0 },
    };
    const extraCounts = objectsOf(schema).map(
      (value) => Object.keys(value).filter((key) => key.startsWith(EXTRA_KEY_PREFIX)).length,
    );
    expect(extraCounts.filter((n) => n === 0).length).toBeGreaterThan(SAMPLE / 10);
    expect(extraCounts.filter((n) => n > 0).length).toBeGreaterThan(SAMPLE / 10);
    expect(Math.max(...extraCounts)).toBeLessThanOrEqual(3);
    checkDraws(schema);
  });

  it('never where additionalProperties is false', () => {
    const schema = { type: 'object', properties: known, additionalProperties: false };
    for (const value of objectsOf(schema)) expect(Object.keys(value).every((k) => k === 'a')).toBe(true);
  });
});

describe('a construct the generator does not know', () => {
  it.each([
    ['multipleOf', { type: 'number', multipleOf: 2 }],
    ['oneOf', { oneOf: [{ type: 'string' }, { type: 'null' }] }],
    ['$ref', { $ref: '#/$defs/a', $defs: { a: {} } }],
    ['uniqueItems', { type: 'array', items: { type: 'string' }, uniqueItems: true }],
    ['format', { type: 'string', format: 'uuid' }],
    ['exclusiveMinimum', { type: 'number', exclusiveMinimum: 0 }],
    ['minItems', { type: 'array', minItems: 1 }],
  ])('throws naming it: %s', (keyword, schema) => {
    expect(() => arbitraryFromSchema(schema)).toThrow(`unsupported keyword '${keyword}'`);
  });

  it.each([
    [
      { type: 'object', properties: { list: { type: 'array', items: { not: {} } } } },
      "#/properties/list/items uses the unsupported keyword 'not'",
    ],
    [{ type: 'date' }, 'unsupported type "date"'],
    [{ minimum: 0 }, 'unsupported type null'],
    [{ type: 'number', minimum: 0 }, "uses 'minimum', which its 'type' does not take"],
    [{ type: 'string', anyOf: [{ type: 'string' }] }, "uses 'anyOf' beside 'type'"],
    [{ type: 'string', enum: ['a'], pattern: 'b' }, "uses 'enum' beside 'pattern'"],
    [{ type: 'integer', enum: ['a'] }, "has no 'enum' value of its 'type'"],
    [{ type: 'integer', minimum: 1.2, maximum: 1.8 }, 'admits no safe integer'],
    [{ type: 'object', propertyNames: { pattern: '^a' } }, "uses a 'propertyNames' other than strings"],
    [{ type: 'object', required: ['a'], additionalProperties: false }, "requires 'a', which neither"],
  ])('throws, saying where and why: %j', (schema, message) => {
    expect(() => arbitraryFromSchema(schema)).toThrow(message);
  });
});
