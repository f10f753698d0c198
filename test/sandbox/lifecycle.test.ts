import { spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpoints, fillPath } from '../../src/api/endpoints.js';
import { ComplianceClient, resolveConnection } from '../../src/api/index.js';
import { lostValue, Sandbox } from '@compliance-actions/sandbox/server';
import { useTempDirs } from '../helpers/git.js';
import { ROOT } from '../helpers/runner.js';
import { DEMO_ORG, DEMO_TOKEN, demoSeed, useSandbox } from '../helpers/sandbox.js';

const FP = 'd'.repeat(64);
/** A valid artifact report: over the 64-byte body limit of the status test's sandbox, so there it is a 413. */
const REPORT = JSON.stringify({ fingerprint: FP, filename: 'a', build_url: 'b', commit_url: 'c' });
const start = useSandbox();
const { tempDir } = useTempDirs();

describe('persistence', () => {
  const clientOf = (url: string) =>
    new ComplianceClient(resolveConnection({ baseUrl: url, org: DEMO_ORG, token: DEMO_TOKEN }));

  it('keeps every change across a restart, written atomically', async () => {
    const dataFile = join(tempDir(), 'state.json');
    const first = new Sandbox({ seed: demoSeed(), dataFile });
    const client = clientOf(await first.start());
    await client.reportArtifact('backend', {
      fingerprint: FP,
      filename: 'kept',
      build_url: 'b',
      commit_url: 'c',
    });
    await client.reportK8sEnvironment('staging', { artifacts: [] });
    await client.close();
    await first.close();
    expect(existsSync(dataFile)).toBe(true);
    expect(readdirSync(join(dataFile, '..'))).toEqual(['state.json']);

    // The seed is ignored once the data file exists.
    const second = new Sandbox({ seed: { tokens: {}, orgs: {} }, dataFile });
    const again = clientOf(await second.start());
    expect((await again.getArtifact('backend', FP)).filename).toBe('kept');
    expect((await again.diffEnvironments('staging', 'staging~1')).snappish1.snapshot_id).toBe('staging#3');
    await again.close();
    await second.close();
  });

  it('refuses a seed that does not have the documented shape', () => {
    expect(() => new Sandbox({ seed: { tokens: { short: 'demo' }, orgs: {} } })).toThrow(
      /sandbox data is not valid: tokens/,
    );
  });
});

describe('OpenAPI document', () => {
  interface Property {
    type?: string | string[];
    default?: unknown;
    description?: string;
    pattern?: string;
  }
  interface Answer {
    required?: string[];
    properties: Record<string, Property>;
  }
  type Json = { 'application/json': { schema: Answer } };
  interface Operation {
    operationId: string;
    parameters: { name: string; schema: Record<string, unknown>; style?: string; explode?: boolean }[];
    requestBody: { content: Json };
    responses: Record<string, { content?: Json }>;
  }
  type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };
  const documentOf = async (sb: Awaited<ReturnType<typeof start>>) => {
    const res = await sb.fetch('/openapi.json', { token: null });
    expect(res.status).toBe(200);
    return (await res.json()) as Doc;
  };

  it('is served without auth and describes the nine operations from the shared schemas', async () => {
    const doc = await documentOf(await start());
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(operations.map((o) => o.operationId).sort()).toEqual(Object.keys(endpoints).sort());
    const parameter = (path: string, name: string) =>
      doc.paths[path]?.get?.parameters.find((p) => p.name === name);
    expect(parameter('/trails/{org}', 'per_page')?.schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 100,
    });
    expect(parameter('/attestations/{org}/list_attestations_for_criteria', 'commit_list')).toMatchObject({
      style: 'form',
      explode: true,
      required: true,
    });
    const body =
      doc.paths['/artifacts/{org}/{flow_name}']?.post?.requestBody.content['application/json'].schema;
    expect(body?.required?.sort()).toEqual(['build_url', 'commit_url', 'filename', 'fingerprint']);
    expect(body?.properties.fingerprint?.pattern).toBe('^[a-f0-9]{64}$');
  });

  it('requires only what the spec or an outcome does, says why, and shows a field only shown as T | null', async () => {
    const doc = await documentOf(await start());
    const answer = (path: string) =>
      doc.paths[path]?.get?.responses['200']?.content?.['application/json'].schema;
    const deployment = answer('/deployments/{org}/{env_name}/{fingerprint}');
    // 2.7 requires nothing: a 200 is the answer; fingerprint and env_name are identity where given.
    expect(deployment?.required).toBeUndefined();
    expect(deployment?.properties.fingerprint?.description).toMatch(
      /^identity: held to the fingerprint asked/,
    );
    expect(deployment?.properties.diff_url).toEqual({ type: ['string', 'null'], default: null });
    const artifact = answer('/artifacts/{org}/{flow_name}/fingerprint/{fingerprint}');
    // 2.8's nine, and no field only shown (a catch to null) nor one the service may leave out.
    const nine =
      'id fingerprint filename created_at last_modified_at evidence flow_name commit_lead_times build_lead_times';
    expect(artifact?.required?.sort()).toEqual(nine.split(' ').sort());
    expect(artifact?.properties.state?.description).toMatch(/^outcome: the compliance decision/);
  });

  it('lists every status the server answers each operation with, 201 for a K8S report that makes a snapshot', async () => {
    const sb = await start({ maxBodyBytes: 64 });
    const doc = await documentOf(sb);
    const params = { org: 'demo', env_name: 'staging', flow_name: 'backend', fingerprint: FP };
    const seen: string[] = [];
    for (const [name, spec] of Object.entries(endpoints)) {
      const path = fillPath(spec.path, params);
      const documented = Object.keys(doc.paths[spec.path]?.[spec.method.toLowerCase()]?.responses ?? {});
      const body = spec.method === 'GET' ? undefined : '{}';
      const json = { 'content-type': 'application/json' };
      const answers = [
        await sb.fetch(path, { method: spec.method, token: null, body }),
        await sb.fetch(`${path}?bogus=1`, { method: spec.method, headers: json, body }),
        await sb.fetch(path, { method: spec.method === 'GET' ? 'DELETE' : 'GET' }),
        await sb.fetch(fillPath(spec.path, { ...params, org: 'other' }), {
          method: spec.method,
          headers: json,
          body,
        }),
        // A valid request: its success status, or 404 where the fingerprint asked is not there.
        await sb.fetch(path, {
          method: spec.method,
          headers: json,
          ...(body !== undefined && { body: spec.method === 'PUT' ? '{"artifacts":[]}' : REPORT }),
        }),
        ...(spec.method === 'GET'
          ? []
          : [
              await sb.fetch(path, { method: spec.method, headers: { 'content-type': 'text/plain' }, body }),
              await sb.fetch(path, {
                method: spec.method,
                headers: json,
                body: JSON.stringify({ x: 'y'.repeat(99) }),
              }),
            ]),
      ];
      for (const res of answers) {
        await res.body?.cancel();
        seen.push(`${name} ${res.status}`);
        expect(documented, `${name} answered ${res.status}`).toContain(String(res.status));
      }
    }
    expect(new Set(seen.map((s) => s.split(' ')[1]))).toEqual(
      new Set(['401', '400', '405', '415', '413', '403', '404', '200', '201']),
    );
    // A report of what staging runs already makes no snapshot (200); one of nothing makes one (201).
    const k8s = doc.paths['/environments/{org}/{env_name}/report/K8S']?.put?.responses ?? {};
    expect(Object.keys(k8s)).toEqual(expect.arrayContaining(['200', '201']));
    const big = await start();
    const client = big.client();
    expect((await client.reportK8sEnvironment('staging', { artifacts: [] })).status).toBe(201);
    expect((await client.reportK8sEnvironment('staging', { artifacts: [] })).status).toBe(200);
  });
});

describe('lostValue: the sandbox holds its answers to the shown fields too', () => {
  it('names the first value sent that the parse read as null, at any depth', () => {
    expect(lostValue({ a: 1, b: [{ c: 'x' }] }, { a: 1, b: [{ c: 'x', d: null }] })).toBeUndefined();
    expect(lostValue({ a: null, b: undefined }, { a: null, b: null })).toBeUndefined();
    expect(lostValue({ a: 1, b: [{ c: 'x' }, { c: 2 }] }, { a: 1, b: [{ c: 'x' }, { c: null }] })).toEqual([
      'b',
      1,
      'c',
    ]);
    expect(lostValue({ a: 'x' }, { a: null })).toEqual(['a']);
  });
});

describe('npm run sandbox', () => {
  /** The sandbox's command on a free port, with these flags. */
  const sandboxCli = (...flags: string[]) =>
    spawn(
      process.execPath,
      ['--import', './scripts/register-ts.mjs', 'packages/sandbox/src/cli.ts', '--port', '0', ...flags],
      { cwd: ROOT },
    );

  it('prints the base URL and the tokens, applies fault flags, and stops on SIGTERM', async () => {
    const seedFile = join(tempDir(), 'seed.json');
    writeFileSync(seedFile, JSON.stringify(demoSeed()));
    const child = sandboxCli('--seed', seedFile, '--fault', '503x1');
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /listening on (\S+)/.exec(out);
        if (m?.[1]) resolve(m[1]);
      });
      child.on('close', () => reject(new Error(`no URL printed: ${out}`)));
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
    const auth = { authorization: `Bearer ${DEMO_TOKEN}` };
    expect((await fetch(`${url}/actions/demo`, { headers: auth })).status).toBe(503);
    expect((await fetch(`${url}/actions/demo`, { headers: auth })).status).toBe(200);
    expect(out).toContain(`sandbox: org 'demo' token '${DEMO_TOKEN}'`);
    const exit = new Promise<number | null>((r) => child.on('close', r));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });

  it('says what is wrong with a bad flag value and exits 1', async () => {
    const child = sandboxCli('--fault', 'oops');
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((r) => child.on('close', r));
    expect(code).toBe(1);
    expect(err).toContain("sandbox: bad fault 'oops'");
  });
});
