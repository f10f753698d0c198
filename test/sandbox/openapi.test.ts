/**
 * The sandbox's OpenAPI document tells the truth: what its schema of a parameter admits, the server takes, and what
 * it does not admit, the server refuses. Property-based: the values come from the served document itself (an enum's
 * values, a pattern's strings), and the outside ones from arbitrary text and near misses of admitted values.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useSandbox, type Running } from '../helpers/sandbox.js';

const start = useSandbox();
const RUNS = 150;

interface Schema {
  type?: string;
  enum?: string[];
  pattern?: string;
  anyOf?: Schema[];
}

interface Document {
  paths: Record<string, { get?: { parameters: { name: string; in: string; schema: Schema }[] } }>;
}

async function querySchema(sb: Running, path: string, name: string): Promise<Schema> {
  const res = await sb.fetch('/openapi.json', { token: null });
  const doc = (await res.json()) as Document;
  const parameter = doc.paths[path]?.get?.parameters.find((p) => p.name === name && p.in === 'query');
  if (!parameter) throw new Error(`the document has no query parameter ${name} on ${path}`);
  return parameter.schema;
}

/** The alternatives of a schema; each must say exactly what it takes (an enum or a pattern), or it admits any text. */
function alternatives(schema: Schema): Schema[] {
  const options = schema.anyOf ?? [schema];
  for (const option of options) {
    expect(
      option.enum ?? option.pattern,
      `${JSON.stringify(option)} has neither an enum nor a pattern`,
    ).toBeDefined();
  }
  return options;
}

const admitted = (schema: Schema): fc.Arbitrary<string> =>
  fc.oneof(
    ...alternatives(schema).map((o) =>
      o.enum ? fc.constantFrom(...o.enum) : fc.stringMatching(new RegExp(o.pattern ?? '')),
    ),
  );

const admits = (schema: Schema, value: string): boolean =>
  alternatives(schema).some((o) =>
    o.enum ? o.enum.includes(value) : new RegExp(o.pattern ?? '').test(value),
  );

/** Text the schema does not admit: any text, and admitted values with one character inserted, replaced or cut. */
function outside(schema: Schema): fc.Arbitrary<string> {
  const char = fc.oneof(
    fc.constantFrom(...'09#~@{}.:-T _/%+'.split(''), '\n', '\u00e9'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  );
  const nearMiss = fc
    .tuple(admitted(schema), fc.nat(), char, fc.constantFrom('insert', 'replace', 'cut'))
    .map(([value, at, c, how]) => {
      const i = at % (value.length + 1);
      if (how === 'insert') return value.slice(0, i) + c + value.slice(i);
      if (how === 'replace') return value.slice(0, i) + c + value.slice(i + 1);
      return value.slice(0, i) + value.slice(i + 1);
    });
  return fc
    .oneof(fc.string({ unit: 'grapheme', maxLength: 30 }), nearMiss)
    .filter((value) => !admits(schema, value));
}

async function answer(
  res: Response,
): Promise<{ status: number; message: string; errors: Record<string, string> }> {
  const body = (await res.json()) as { message?: string; errors?: Record<string, string> };
  return { status: res.status, message: body.message ?? '', errors: body.errors ?? {} };
}

/** Reads the parameter's schema from a running sandbox, then checks every value `values` draws from it. */
async function forValues(
  [path, name]: [string, string],
  values: (schema: Schema) => fc.Arbitrary<string>,
  check: (sb: Running, value: string) => Promise<void>,
): Promise<void> {
  const sb = await start();
  const schema = await querySchema(sb, path, name);
  await fc.assert(
    fc.asyncProperty(values(schema), (value) => check(sb, value)),
    { numRuns: RUNS },
  );
}

describe('the served OpenAPI document and the server agree', () => {
  describe('attestation_type of list_attestations_for_criteria', () => {
    const parameter: [string, string] = [
      '/attestations/{org}/list_attestations_for_criteria',
      'attestation_type',
    ];
    const ask = (sb: Running, type: string) =>
      sb
        .fetch(
          `/attestations/demo/list_attestations_for_criteria?${new URLSearchParams({
            commit_list: 'a'.repeat(40),
            attestation_type: type,
          }).toString()}`,
        )
        .then(answer);

    it('takes every value the document admits', () =>
      forValues(parameter, admitted, async (sb, type) => {
        expect((await ask(sb, type)).status).toBe(200);
      }));

    it('refuses, as invalid, every value the document does not admit', () =>
      forValues(parameter, outside, async (sb, type) => {
        const { status, errors } = await ask(sb, type);
        expect(status).toBe(400);
        expect(errors['query.attestation_type']).toMatch(/^must be one of generic/);
      }));
  });

  describe.each(['snappish1', 'snappish2'])('%s of /env-diff', (name) => {
    const parameter: [string, string] = ['/env-diff/{org}', name];
    const ask = (sb: Running, expression: string) => {
      const query = { snappish1: 'staging', snappish2: 'staging', [name]: expression };
      return sb.fetch(`/env-diff/demo?${new URLSearchParams(query).toString()}`).then(answer);
    };

    it('takes every expression the document admits (it may name no environment or snapshot)', () =>
      forValues(parameter, admitted, async (sb, expression) => {
        const { status, message } = await ask(sb, expression);
        // A 400 for a valid expression is only one that resolves before the first snapshot.
        if (status === 400) expect(message).toMatch(/resolves to .*#-?\d+: Indexes are 1-based$/);
        else expect([200, 404]).toContain(status);
      }));

    it('refuses, as a bad snappish, every text the document does not admit', () =>
      forValues(parameter, outside, async (sb, expression) => {
        const { status, message } = await ask(sb, expression);
        expect(status).toBe(400);
        expect(message).toMatch(/^Bad snappish /);
      }));
  });
});
