/**
 * Every body read from the network is bounded while it is read: compression bombs and a body that never
 * ends (test/helpers/flood.ts), served on loopback to each client of the bundle, through the shipped bundle as the
 * runner runs it. The step reports its own peak resident memory as it exits (test/fixtures/report-peak.ts), which
 * stays under 256 MiB. Fakes serve the floods: no real registry, daemon or GitHub can be made to send one.
 *
 * undici's fetch (registries, GitHub) inflates what it reads, so there a bomb is gigabytes; node:http (the service)
 * and undici's request (Docker) do not, so there a bomb is its few compressed KB, and the endless body is the test.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { flood, GUARD_BYTES, type Flood } from '../helpers/flood.js';
import { onPullRequest, useFakeGitHub } from '../helpers/github-api.js';
import { runAction, type RunOptions, type RunResult } from '../helpers/runner.js';
import { connection, useSandbox } from '../helpers/sandbox.js';
import { TEST_TOKEN } from '../helpers/secrets.js';
import { loopback } from '../helpers/inputs.js';
import { json, startServer, type TestServer } from '../helpers/server.js';
import { COMPLIANT_COMMIT as COMPLIANT } from '@compliance-actions/sandbox/seeds/index';

const CAP = 256 * 1024 * 1024;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const PEAK_HOOK = new URL('../fixtures/report-peak.ts', import.meta.url);

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const server of opened.splice(0)) await server.close();
});

async function server(handler: Parameters<typeof startServer>[0]): Promise<TestServer> {
  const started = await startServer(handler);
  opened.push(started);
  return started;
}

/** Runs the step with the peak reporter preloaded: its result, and its peak resident memory in bytes. */
async function peakOf(action: string, options: RunOptions): Promise<{ result: RunResult; peak: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'peak-'));
  try {
    const hook = new URL(PEAK_HOOK);
    hook.searchParams.set('out', join(dir, 'peak'));
    const result = await runAction(action, { ...options, nodeArgs: ['--import', hook.href] });
    return { result, peak: Number(readFileSync(join(dir, 'peak'), 'utf8')) * 1024 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The step stayed under the cap and said `said`; an endless body was dropped before its guard. */
function bounded(
  { result, peak }: { result: RunResult; peak: number },
  said: string,
  kind: Flood,
  flooding: { served: number; dropped: boolean } | undefined,
): void {
  expect(peak, `the step's peak resident memory, ${mib(peak)}`).toBeLessThan(CAP);
  expect(result.stdout).toContain(said);
  if (kind === 'endless') {
    expect(flooding?.dropped).toBe(true);
    expect(flooding?.served ?? GUARD_BYTES).toBeLessThan(GUARD_BYTES);
  }
}

const REPORT = { flow: 'backend', 'api-token': TEST_TOKEN, org: 'acme' };

describe('the service (node:http: nothing is inflated)', () => {
  it.each<[Flood, string]>([
    ['gzip', 'unexpected response from GET /actions/{org}'],
    ['endless', 'the answer is larger than 67108864 bytes; not read'],
  ])('%s: the step stops at the 64 MiB limit, or at the end of the few compressed KB', async (kind, said) => {
    let flooding: ReturnType<typeof flood> | undefined;
    const service = await server((_req, res) => {
      flooding = flood(res, kind);
    });
    const run = await peakOf('list-actions', {
      inputs: loopback(service.origin),
      env: { COMPLIANCE_RETRIES: '0' },
    });
    bounded(run, said, kind, flooding);
    expect(run.result.outputs.outcome).toBe('error');
  });
});

describe('a registry (undici fetch: bombs are inflated)', () => {
  it.each<Flood>(['gzip', 'br', 'endless'])('%s: the manifest read stops at 4 MiB', async (kind) => {
    let flooding: ReturnType<typeof flood> | undefined;
    // Just enough of the registry API: HEAD without a digest header sends the client to GET the manifest.
    const registry = await server((req, res) => {
      if (req.method === 'HEAD') res.writeHead(200).end();
      else flooding = flood(res, kind, { 'content-type': 'application/vnd.oci.image.manifest.v1+json' });
    });
    const service = await server((_req, res) => json(res, 200, {}));
    const run = await peakOf('report-artifact', {
      inputs: {
        ...REPORT,
        'api-url': service.origin,
        artifact: `${new URL(registry.origin).host}/shop/api:1.4.0`,
        'artifact-type': 'oci',
      },
      github: { GITHUB_SHA: 'e'.repeat(40) },
    });
    bounded(run, 'is larger than 4 MiB, so not a manifest', kind, flooding);
    expect(run.result.outputs.outcome).toBe('error');
    expect(service.requests).toEqual([]);
  });
});

describe('the Docker daemon (undici request: nothing is inflated)', () => {
  it.each<Flood>(['gzip', 'endless'])('%s: the inspect read stops at 16 MiB', async (kind) => {
    let flooding: ReturnType<typeof flood> | undefined;
    const engine = await server((_req, res) => {
      flooding = flood(res, kind);
    });
    const service = await server((_req, res) => json(res, 200, {}));
    const run = await peakOf('report-artifact', {
      inputs: { ...REPORT, 'api-url': service.origin, artifact: 'app:1.0', 'artifact-type': 'docker' },
      github: { GITHUB_SHA: 'e'.repeat(40) },
      env: { DOCKER_HOST: `tcp://${new URL(engine.origin).host}` },
    });
    // The gzip bomb is its compressed bytes here: not JSON, and said so.
    const said =
      kind === 'endless'
        ? "the daemon's answer for image 'app:1.0' is larger than 16 MiB"
        : "answer for image 'app:1.0' is not JSON";
    bounded(run, said, kind, flooding);
    expect(run.result.outputs.outcome).toBe('error');
    expect(service.requests).toEqual([]);
  });
});

describe('GitHub (Octokit on undici fetch: bombs are inflated)', () => {
  const github = useFakeGitHub();
  const start = useSandbox();
  it.each<Flood>(['gzip', 'br', 'endless'])('%s: the commits list stops at 64 MiB', async (kind) => {
    let flooding: ReturnType<typeof flood> | undefined;
    const api = await github({
      answer: (req, res) => {
        if (!req.url.pathname.endsWith('/pulls/7/commits')) return false;
        flooding = flood(res, kind);
        return true;
      },
    });
    const sandbox = await start();
    const run = await peakOf('check-attestations-for-commit', {
      ...onPullRequest(api, COMPLIANT),
      inputs: connection(sandbox.url),
    });
    // Without the list, the gate checks the head commit alone, and says why.
    bounded(run, "GitHub's answer is larger than 64 MiB; the rest was not read", kind, flooding);
    expect(run.result.outputs).toMatchObject({ outcome: 'compliant', compliant: 'true' });
    expect(api.requestsTo('/repos/acme/app/pulls/7/commits')).toHaveLength(1);
  });
});
