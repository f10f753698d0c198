/**
 * report-artifact with images, end to end through the dist bundle: `oci` against a real registry on loopback
 * (Debian's docker-registry, the image pushed by skopeo, the expected digest read back by skopeo), and `docker`
 * against a fake Engine API on a unix socket (no daemon can run here; see test/fingerprint/docker.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildImageLayout,
  pushLayout,
  skopeoDigests,
  startRegistry,
  type TestRegistry,
} from '../helpers/registry.js';
import { startProxy } from '../helpers/proxy.js';
import { outputFile, runAction } from '../helpers/runner.js';
import { DEMO_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, guardSecret, withoutMaskCommands } from '../helpers/secrets.js';

const USER = { username: 'ci-bot', password: 'Reg-7a1c9e-secret-pass' };
guardSecret(USER.password);
const SHA = 'e'.repeat(40);

const start = useSandbox();
let work: string;
let registry: TestRegistry;
let expected: string;
let image: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'report-images-'));
  registry = await startRegistry({ htpasswd: USER });
  image = `${registry.host}/shop/api:1.4.0`;
  await pushLayout(buildImageLayout(work, '1.4.0'), image, `${USER.username}:${USER.password}`);
  expected = (await skopeoDigests(image, `${USER.username}:${USER.password}`)).digest.replace(/^sha256:/, '');
});

afterAll(async () => {
  await registry.stop();
  rmSync(work, { recursive: true, force: true });
});

const base = (url: string) => ({ 'api-url': url, 'api-token': DEMO_TOKEN, org: 'demo', flow: 'backend' });

/** report-artifact of the registry's image to the sandbox at `url`, with the registry password given, and `env`. */
const reportImage = (url: string, password = USER.password, env: Record<string, string> = {}) =>
  runAction('report-artifact', {
    inputs: {
      ...base(url),
      artifact: image,
      'artifact-type': 'oci',
      'registry-username': USER.username,
      'registry-password': password,
    },
    github: { GITHUB_SHA: SHA },
    env,
  });

describe('report-artifact with artifact-type oci (real registry)', () => {
  it('reports the manifest digest the registry gives, under the image reference', async () => {
    const sandbox = await start();
    const result = await reportImage(sandbox.url);
    expect(result.code).toBe(0);
    expect(expected).toMatch(/^[a-f0-9]{64}$/);
    expect(result.outputs).toMatchObject({ outcome: 'reported', fingerprint: expected, filename: image });
    expect((await sandbox.client().getArtifact('backend', expected)).filename).toBe(image);
    expect(result.stdout).toContain(`::add-mask::${USER.password}`);
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });

  it('reaches a registry on loopback directly behind HTTP_PROXY: its password never crosses a proxy in clear', async () => {
    const sandbox = await start();
    const proxy = await startProxy();
    try {
      const result = await reportImage(sandbox.url, USER.password, {
        HTTP_PROXY: proxy.url,
        HTTPS_PROXY: proxy.url,
        http_proxy: proxy.url,
      });
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ outcome: 'reported', fingerprint: expected });
      // Neither the registry (Basic credentials) nor the service (the token) went through the proxy.
      expect(proxy.credentials).toEqual([]);
      expect(proxy.seen).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it('fails before any report when the registry refuses the credentials, without showing them', async () => {
    const sandbox = await start();
    const wrong = 'Wrong-9d2b-password';
    guardSecret(wrong);
    const result = await reportImage(sandbox.url, wrong);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/::error::registry 127\.0\.0\.1:\d+: .*registry-username/);
    expect(result.outputs.outcome).toBe('error');
    // The result file says which image could not be read, never with the credentials.
    expect(outputFile(result, 'result-file')).toMatchObject({
      outcome: 'error',
      artifact: { type: 'oci', image },
      error: { kind: 'source' },
    });
    expect(result.outputs['payload-file']).toBeUndefined();
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });
});

describe('report-artifact with artifact-type docker (Engine API on a unix socket)', () => {
  it('reports the repo digest of the local image, reading DOCKER_HOST', async () => {
    const sandbox = await start();
    const digest = 'f'.repeat(64);
    const socket = join(work, 'docker.sock');
    const engine = createServer((req, res) => {
      const known = decodeURIComponent(req.url ?? '') === '/images/registry.example/app:2/json';
      res.writeHead(known ? 200 : 404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          known
            ? {
                Id: `sha256:${'0'.repeat(64)}`,
                RepoTags: ['registry.example/app:2'],
                RepoDigests: [`registry.example/app@sha256:${digest}`],
              }
            : { message: `No such image: ${req.url ?? ''}` },
        ),
      );
    });
    await new Promise<void>((resolve) => engine.listen(socket, resolve));
    try {
      const found = await runAction('report-artifact', {
        inputs: { ...base(sandbox.url), artifact: 'registry.example/app:2', 'artifact-type': 'docker' },
        env: { DOCKER_HOST: `unix://${socket}` },
        github: { GITHUB_SHA: SHA },
      });
      expect(found.code).toBe(0);
      expect(found.outputs).toMatchObject({ fingerprint: digest, filename: 'registry.example/app:2' });
      expect(
        (outputFile(found, 'result-file') as { payload: { fingerprint: string } }).payload.fingerprint,
      ).toBe(digest);
    } finally {
      await new Promise((resolve) => engine.close(resolve));
    }
  });
});
