/**
 * The contract suite: checks each endpoint's shapes, pagination, errors and auth against the API v2 spec.
 *
 * By default it runs against the sandbox (started in-process with the demo seed). Set these to run it against a real
 * service instead:
 *   COMPLIANCE_CONTRACT_URL     base URL (origin or .../api/v2)
 *   COMPLIANCE_CONTRACT_ORG     organization
 *   COMPLIANCE_CONTRACT_TOKEN   API token
 *   COMPLIANCE_CONTRACT_ENV     an environment with at least two snapshots (required against a real service)
 *   COMPLIANCE_CONTRACT_FLOW    a flow with attestations (default: the flow of the newest trail)
 *   COMPLIANCE_CONTRACT_FINGERPRINT  an artifact reported to that flow (optional)
 *   COMPLIANCE_CONTRACT_WRITES=true  also report an artifact and a K8S environment (off by default: read-only)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { normalizeBaseUrl, schemas as s } from '../../src/api/index.js';
import { lostValue, Sandbox } from '@compliance-actions/sandbox/server';
import { DEMO_ORG, demoSeed, DEMO_TOKEN } from '../helpers/sandbox.js';
import { guardSecret } from '../helpers/secrets.js';

const live = process.env.COMPLIANCE_CONTRACT_URL;
const target = {
  url: '',
  org: live ? (process.env.COMPLIANCE_CONTRACT_ORG ?? '') : DEMO_ORG,
  token: live ? (process.env.COMPLIANCE_CONTRACT_TOKEN ?? '') : DEMO_TOKEN,
  env: live ? process.env.COMPLIANCE_CONTRACT_ENV : 'staging',
  flow: live ? process.env.COMPLIANCE_CONTRACT_FLOW : 'backend',
  fingerprint: live
    ? process.env.COMPLIANCE_CONTRACT_FINGERPRINT
    : demoSeed().orgs.demo.artifacts[0]?.fingerprint,
  writes: live ? process.env.COMPLIANCE_CONTRACT_WRITES === 'true' : true,
};
guardSecret(target.token);
let sandbox: Sandbox | undefined;

beforeAll(async () => {
  if (live) {
    target.url = normalizeBaseUrl(live).href;
  } else {
    sandbox = new Sandbox({ seed: demoSeed() });
    target.url = await sandbox.start();
  }
});
afterAll(async () => {
  await sandbox?.close();
});

async function get(
  path: string,
  token: string | null = target.token,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${target.url}${path}`, {
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

async function send(method: 'POST' | 'PUT', path: string, body: unknown) {
  const res = await fetch(`${target.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** Strict shape check: a field only shown must be absent, null or of its type too (not read as null). */
function conforms<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success)
    throw new Error(`does not conform: ${JSON.stringify(result.error.issues.slice(0, 3))}`);
  const lost = lostValue(value, result.data);
  if (lost) throw new Error(`does not conform: ${lost.map(String).join('.')} is not of its type`);
  return result.data;
}

const org = () => encodeURIComponent(target.org);
/** The `{data, pagination?}` envelope; `pagination` is checked where present. */
const envelopeOf = <S extends z.core.$ZodType>(item: S) =>
  z.looseObject({ data: z.array(item), pagination: z.optional(s.Pagination) });

const ErrorShape = s.ErrorBody.check(
  z.refine((b) => typeof b.message === 'string', 'message must be a string'),
);

describe('errors: the status the spec documents, with an error body', () => {
  const missing = '0'.repeat(64);
  const env = () => encodeURIComponent(target.env ?? '');
  it.each([
    ['no token', 401, () => `/actions/${org()}`, null],
    ['a wrong token', 401, () => `/actions/${org()}`, 'definitely-not-a-valid-token'],
    ['an unknown flow', 404, () => `/attestations/${org()}/no-such-flow-contract-check`],
    [
      'a commit that is not a SHA',
      400,
      () => `/attestations/${org()}/list_attestations_for_criteria?commit_list=abc`,
    ],
    [
      'an unknown fingerprint',
      404,
      () => `/artifacts/${org()}/${encodeURIComponent(target.flow ?? '')}/fingerprint/${missing}`,
    ],
    [
      'a bad snapshot expression',
      400,
      () => `/env-diff/${org()}?snappish1=${encodeURIComponent('no such#x')}&snappish2=x`,
    ],
    ['a fingerprint never deployed', 404, () => `/deployments/${org()}/${env()}/${missing}`],
  ] as const)('%s: %i', async (_, status, path, token?: string | null) => {
    const res = await get(path(), token);
    expect(res.status).toBe(status);
    conforms(ErrorShape, res.body);
  });
});

describe('GET /actions/{org}', () => {
  it('is a bare array of actions with the required fields', async () => {
    const res = await get(`/actions/${org()}`);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    conforms(z.array(s.Action), res.body);
  });
});

describe('GET /trails/{org}', () => {
  it('is a bare list without pagination parameters, newest first', async () => {
    const res = await get(`/trails/${org()}`);
    expect(res.status).toBe(200);
    const trails = conforms(z.array(s.Trail), res.body);
    const created = trails.map((t) => t.created_at ?? 0);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    target.flow ??= trails[0]?.flow?.name ?? undefined;
  });

  it('is an envelope with them, with pagination exactly when there are several pages', async () => {
    const one = conforms(z.array(s.Trail), (await get(`/trails/${org()}`)).body);
    const res = await get(`/trails/${org()}?page=1&per_page=1`);
    expect(res.status).toBe(200);
    const envelope = conforms(envelopeOf(s.Trail), res.body);
    expect(envelope.data.length).toBeLessThanOrEqual(1);
    if (one.length > 1) {
      expect(envelope.pagination).toMatchObject({
        page: 1,
        per_page: 1,
        total: one.length,
        page_count: one.length,
      });
    } else {
      expect(envelope.pagination).toBeUndefined();
    }
  });

  it('refuses per_page over 100 with a field error', async () => {
    const res = await get(`/trails/${org()}?per_page=101`);
    expect(res.status).toBe(400);
    const body = conforms(ErrorShape, res.body);
    expect(Object.keys(body.errors ?? {})).toContain('query.per_page');
  });
});

describe('GET /attestations/{org}/{flow}', () => {
  it('is an envelope of attestations, windowed by time', async () => {
    const res = await get(`/attestations/${org()}/${encodeURIComponent(target.flow ?? '')}?per_page=100`);
    expect(res.status).toBe(200);
    const page = conforms(envelopeOf(s.Attestation), res.body);
    if (page.data.length > 0) {
      const newest = Math.floor(Math.max(...page.data.map((a) => a.created_at ?? 0)));
      const windowed = conforms(
        envelopeOf(s.Attestation),
        (
          await get(
            `/attestations/${org()}/${encodeURIComponent(target.flow ?? '')}?from_timestamp=${newest}`,
          )
        ).body,
      );
      expect(windowed.data.length).toBeGreaterThan(0);
      expect(windowed.data.every((a) => (a.created_at ?? 0) >= newest)).toBe(true);
    }
  });
});

describe('GET /attestations/{org}/list_attestations_for_criteria', () => {
  it('maps each commit to a list, with commit_list as repeated keys', async () => {
    const trails = conforms(z.array(s.Trail), (await get(`/trails/${org()}`)).body);
    const commits = [
      ...new Set(trails.map((t) => t.git_commit_info?.sha1).filter((c): c is string => !!c)),
    ].slice(0, 3);
    commits.push('0'.repeat(40));
    const query = commits.map((c) => `commit_list=${c}`).join('&');
    const res = await get(`/attestations/${org()}/list_attestations_for_criteria?${query}`);
    expect(res.status).toBe(200);
    const raw = res.body as Record<string, unknown>;
    const map = conforms(s.AttestationsByCommit, 'attestations' in raw ? raw.attestations : raw);
    for (const key of Object.keys(map)) expect(commits).toContain(key);
  });
});

describe('GET /artifacts/{org}/{flow}/fingerprint/{fp}', () => {
  it.runIf(target.fingerprint)('answers an artifact with the required fields', async () => {
    const flow = encodeURIComponent(target.flow ?? '');
    const res = await get(`/artifacts/${org()}/${flow}/fingerprint/${target.fingerprint ?? ''}`);
    expect(res.status).toBe(200);
    const artifact = conforms(s.Artifact, res.body);
    expect(artifact.fingerprint).toBe(target.fingerprint);
    expect(artifact.fingerprint).toMatch(s.patterns.fingerprint);
  });
});

describe('GET /env-diff/{org}', () => {
  it('answers the four groups, each with its snapshot id', async () => {
    const env = target.env ?? '';
    const res = await get(
      `/env-diff/${org()}?snappish1=${encodeURIComponent(`${env}~1`)}&snappish2=${encodeURIComponent(env)}`,
    );
    expect(res.status).toBe(200);
    const diff = conforms(s.EnvDiff, res.body);
    expect(diff.snappish1.snapshot_id).toMatch(new RegExp(`^${env.replace(/[.]/g, '\\.')}#\\d+$`));
  });
});

describe('writes (sandbox, or COMPLIANCE_CONTRACT_WRITES=true)', () => {
  it('reports an artifact (201) and a K8S environment (201 with a new snapshot, else 200 {message, errors})', async () => {
    if (!target.writes) {
      // Read-only against a real service: the write endpoints are checked for auth only.
      const res = await fetch(`${target.url}/artifacts/${org()}/${encodeURIComponent(target.flow ?? '')}`, {
        method: 'POST',
      });
      expect(res.status).toBe(401);
      return;
    }
    const flow = encodeURIComponent(target.flow ?? '');
    const created = await send('POST', `/artifacts/${org()}/${flow}`, {
      fingerprint: 'c0ffee'.padEnd(64, '0'),
      filename: 'contract-check',
      build_url: 'https://ci.invalid/contract',
      commit_url: 'https://git.invalid/contract',
    });
    expect(created.status).toBe(201);
    const put = () =>
      send('PUT', `/environments/${org()}/${encodeURIComponent(target.env ?? '')}/report/K8S`, {
        artifacts: [],
      });
    // The first may make a snapshot (201); the same report again cannot: the spec's documented 200 case.
    const report = await put();
    expect([200, 201]).toContain(report.status);
    // A snapshot made (201) is not documented: any report answer; the documented 200 is `{message, errors}` (4.8).
    conforms(s.ReportAnswer, report.body);
    const again = await put();
    expect(again.status).toBe(200);
    conforms(z.looseObject({ message: z.string(), errors: z.record(z.string(), z.unknown()) }), again.body);
  });
});
