/**
 * Strict only where the spec is, or an outcome rests on it (issue 24): every field an answer must carry has a role and
 * a reason in its schema, the served OpenAPI document says it, and docs/api-decisions.md lists exactly those fields.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/sandbox/openapi.js';
import { decisionRows } from '../helpers/field-roles.js';
import { ROOT } from '../helpers/runner.js';

/** A Markdown table row as its trimmed cells. */
const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim())
    .join(' | ');

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  description?: string;
}

/** `path: description` of every field some object of `schema` requires. */
function requiredFields(schema: JsonSchema, path = ''): string[] {
  const out: string[] = [];
  for (const key of schema.required ?? []) {
    out.push(`${path}.${key}: ${schema.properties?.[key]?.description ?? '(none)'}`);
  }
  for (const [key, child] of Object.entries(schema.properties ?? {}))
    out.push(...requiredFields(child, `${path}.${key}`));
  if (schema.items) out.push(...requiredFields(schema.items, `${path}[]`));
  for (const option of schema.anyOf ?? []) out.push(...requiredFields(option, path));
  if (typeof schema.additionalProperties === 'object') {
    out.push(...requiredFields(schema.additionalProperties, `${path}{key}`));
  }
  return out;
}

describe('which answer fields are more than shown', () => {
  it('docs/api-decisions.md lists exactly the fields the schemas give a role, with the same reasons', async () => {
    const doc = readFileSync(join(ROOT, 'docs/api-decisions.md'), 'utf8');
    const table = /<!-- field-roles:start -->\n([\s\S]*?)<!-- field-roles:end -->/.exec(doc)?.[1] ?? '';
    const written = table
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .slice(2)
      .map(cells);
    expect(written.length).toBeGreaterThan(40);
    expect(written.sort()).toEqual((await decisionRows()).map(cells).sort());
  });

  it('every field the served document requires of an answer says why: spec-required, an outcome or identity', async () => {
    const document = (await openApiDocument()) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }>
      >;
    };
    const fields: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          const schema = response.content?.['application/json']?.schema;
          if (schema && /^2\d\d$/.test(status)) {
            fields.push(
              ...requiredFields(schema).map((f) => `${method.toUpperCase()} ${path} ${status} ${f}`),
            );
          }
        }
      }
    }
    expect(fields.length).toBeGreaterThan(30);
    const unexplained = fields.filter((f) => !/: (spec-required|outcome|identity): \S/.test(f));
    expect(unexplained).toEqual([]);
  });
});
