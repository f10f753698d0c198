/**
 * Every response field that is more than shown, as the schemas register it (`fieldRoles` in src/api/schemas/common.ts):
 * the endpoint, the field's path in the answer (`[]` an element of a list, `{key}` any key of a map), its role and why.
 * What docs/api-decisions.md's table is held to.
 */
import * as z from 'zod/mini';
import { endpointLabel, endpoints, type EndpointName } from '../../src/api/endpoints.js';
import { fieldRoles, type FieldRole } from '../../src/api/schemas/common.js';

export interface RoledField {
  endpoint: string;
  path: string;
  role: FieldRole;
  why: string;
  /** The answer must carry it: its schema does not take a missing value. */
  schemaRequired: boolean;
}

type Schema = z.core.$ZodType;

function children(schema: Schema): [string, Schema][] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'object':
      return Object.entries((def as unknown as z.core.$ZodObjectDef).shape);
    case 'array':
      return [['[]', (def as unknown as z.core.$ZodArrayDef).element]];
    case 'record':
      return [['{key}', (def as unknown as z.core.$ZodRecordDef).valueType]];
    case 'union':
      return (def as unknown as z.core.$ZodUnionDef).options.map((option) => ['', option]);
    default: {
      const inner = def.innerType ?? def.in;
      return inner instanceof z.core.$ZodType ? [['', inner]] : [];
    }
  }
}

function join(path: string, key: string): string {
  if (key === '') return path;
  if (key === '[]' || path === '') return `${path}${key}`;
  return key === '{key}' ? `${path}${key}` : `${path}.${key}`;
}

export function rolesOf(endpoint: string, schema: Schema): RoledField[] {
  const found = new Map<string, RoledField>();
  const walk = (node: Schema, path: string, seen: Set<Schema>) => {
    if (seen.has(node)) return;
    const role = fieldRoles.get(node);
    if (role && path !== '') {
      found.set(path, { endpoint, path, ...role, schemaRequired: !z.safeParse(node, undefined).success });
    }
    for (const [key, child] of children(node)) walk(child, join(path, key), new Set([...seen, node]));
  };
  walk(schema, '', new Set());
  return [...found.values()];
}

/** Every endpoint's answer, and the read-back of a reported artifact (a second reading of GET artifact). */
export async function allRoledFields(): Promise<RoledField[]> {
  const out: RoledField[] = [];
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const { response } = await endpoints[name].schemas();
    out.push(...rolesOf(endpointLabel(name), response));
  }
  const { ReportedArtifact } = await import('../../src/api/schemas/report-artifact.js');
  out.push(...rolesOf(`${endpointLabel('getArtifact')} (read back after a report)`, ReportedArtifact));
  return out;
}

/**
 * The rows of docs/api-decisions.md's table: the same field in the four groups of a diff is one row (`<group>`), and
 * a trail is one row whether it came in a bare list or an envelope (`[]`).
 */
export async function decisionRows(): Promise<string[]> {
  const rows = (await allRoledFields()).map((f) => {
    const path = f.path
      .replace(/^(snappish1|snappish2|changed|not-changed)\b/, '<group>')
      .replace(/^data\[\]/, '[]');
    return `| \`${f.endpoint}\` | \`${path}\` | ${f.role} | ${f.why} |`;
  });
  return [...new Set(rows)];
}
