/**
 * An OpenAPI 3.1 document generated from `src/api/endpoints.ts`: the same schemas the client and the sandbox use, so
 * the document cannot drift from either.
 */
import { z } from 'zod';
import { endpoints, type EndpointSchemas, type EndpointSpec } from '../../../src/api/endpoints.js';
import { ErrorBody, fieldRoles } from '../../../src/api/schemas/common.js';
import { VERSION } from '../../../src/version.js';

type Json = Record<string, unknown>;

function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
    io,
    override: ({ zodSchema, jsonSchema: json }) => {
      // Why a field is more than shown (spec-required, an outcome, identity), as the schemas register it.
      const role = fieldRoles.get(zodSchema);
      if (role) json.description = `${role.role}: ${role.why}`;
      // A field only shown (`shown`: a catch to null) may be left out by the service: the client reads it as null.
      const def = zodSchema._zod.def;
      if (def.type !== 'object' || !Array.isArray(json.required)) return;
      const { shape } = def as z.core.$ZodObjectDef;
      json.required = json.required.filter((key) => shape[key]?._zod.def.type !== 'catch');
      if (json.required.length === 0) delete json.required;
    },
  }) as Json;
  delete out.$schema;
  return out;
}

function parameters(spec: EndpointSpec, { query }: EndpointSchemas): Json[] {
  const list: Json[] = Object.entries(spec.params).map(([name, schema]) => ({
    name,
    in: 'path',
    required: true,
    schema: jsonSchema(schema, 'input'),
  }));
  // The shared schemas are zod/mini ones: known by their core class, not classic zod's `ZodObject`.
  if (query instanceof z.core.$ZodObject) {
    for (const [name, field] of Object.entries(query._zod.def.shape)) {
      // The output side carries the bounds (a query value arrives as text either way).
      const schema = jsonSchema(field, 'output');
      list.push({
        name,
        in: 'query',
        required: !z.safeParse(field, undefined).success,
        schema,
        ...(schema.type === 'array' && { style: 'form', explode: true }),
      });
    }
  }
  return list;
}

/**
 * Every status the sandbox answers an operation with (server.ts): its success statuses (a K8S report's 201 makes a
 * snapshot), a bad parameter or body (400), the token (401, 403), what does not exist (404), another method on its
 * path (405), a body too large or not JSON (413, 415: operations with a body), a sandbox bug (500), and an injected
 * fault's status (`default`).
 */
function responses(spec: EndpointSpec, success: Json, error: Json): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const status of spec.statuses) {
    out[String(status)] = {
      description: spec.statusMeanings?.[status] ?? 'Success',
      content: { 'application/json': { schema: success } },
    };
  }
  const errors = ['400', '401', '403', '404', '405', ...(spec.method === 'GET' ? [] : ['413', '415']), '500'];
  for (const status of errors) out[status] = error;
  out.default = { ...error, description: 'An injected fault (--fault): any status, any body' };
  return out;
}

let cached: Json | undefined;

/** Async: each operation's schemas are loaded on demand (see `endpoints.ts`). */
export async function openApiDocument(): Promise<Json> {
  if (cached) return cached;
  const paths: Record<string, Json> = {};
  const errorResponse = {
    description: 'Error',
    content: { 'application/json': { schema: jsonSchema(ErrorBody, 'output') } },
  };
  for (const [operationId, spec] of Object.entries(endpoints) as [string, EndpointSpec][]) {
    const schemas = await spec.schemas();
    const operation: Json = {
      operationId,
      summary: spec.summary,
      parameters: parameters(spec, schemas),
      responses: responses(spec, jsonSchema(schemas.response, 'output'), errorResponse),
    };
    if (schemas.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(schemas.body, 'input') } },
      };
    }
    paths[spec.path] = { ...(paths[spec.path] ?? {}), [spec.method.toLowerCase()]: operation };
  }
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Software Delivery Compliance Service API (sandbox)',
      version: `2 (compliance-actions ${VERSION})`,
    },
    servers: [{ url: '/api/v2' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths,
  };
  return cached;
}
