/**
 * oci fingerprints against real registries (Debian's docker-registry on loopback), with images built by hand and
 * pushed by skopeo; the expected digests come from skopeo, not from the code under test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockAgent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError, SourceError } from '../../src/errors/errors.js';
import { fingerprintOci, parseChallenge } from '../../src/fingerprint/oci.js';
import { formatReference, parseImageReference } from '../../src/fingerprint/reference.js';
import {
  buildImageLayout,
  freePort,
  pushLayout,
  skopeoDigests,
  startRegistry,
  startTokenServer,
  type ImageLayout,
  type TestRegistry,
  type TokenServer,
} from '../helpers/registry.js';
import { guardSecret } from '../helpers/secrets.js';
import { rejection } from '../helpers/rejection.js';
import { cleanedAfterEach, startServer, type TestServer } from '../helpers/server.js';

const USER = { username: 'ci-bot', password: 'Pw-9f3e1c7a-not-in-messages' };
const CREDS = `${USER.username}:${USER.password}`;
guardSecret(USER.password);

const hex = (digest: string) => digest.replace(/^sha256:/, '');

const sourceError = (promise: Promise<unknown>): Promise<SourceError> => rejection(promise, SourceError);
const inputError = (promise: Promise<unknown>): Promise<InputError> => rejection(promise, InputError);

/** Neither the message nor any field of the error holds the password. */
function expectNoPassword(error: Error): void {
  expect(error.message).not.toContain(USER.password);
  expect(JSON.stringify(error)).not.toContain(USER.password);
  expect(String((error as { stack?: string }).stack)).not.toContain(USER.password);
}

const later = cleanedAfterEach();

/** A loopback pass-through to the plain registry whose answers' headers `edit` changes, closed after the test. */
async function passThrough(edit: (headers: Record<string, string>) => void): Promise<TestServer> {
  const server = await startServer(async (req, res) => {
    const upstream = await fetch(`http://${plain.host}${req.url.pathname}`, {
      method: req.method,
      headers: { accept: req.headers.accept ?? '*/*' },
    });
    const body = Buffer.from(await upstream.arrayBuffer());
    const headers: Record<string, string> = {};
    upstream.headers.forEach((value, key) => {
      if (key !== 'content-length') headers[key] = value;
    });
    edit(headers);
    res.writeHead(upstream.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  later(() => server.close());
  return server;
}

/** An undici MockAgent refusing the network, closed after the test. */
function mockAgent(): MockAgent {
  const agent = new MockAgent();
  agent.disableNetConnect();
  later(() => agent.close());
  return agent;
}
const portOf = (server: TestServer) => new URL(server.origin).port;

let work: string;
let plain: TestRegistry;
let basic: TestRegistry;
let tokens: TokenServer;
let bearer: TestRegistry;
let single: ImageLayout;
let multi: ImageLayout;
/** skopeo's view of the pushed tags. */
let expected: Record<'single' | 'multi' | 'basic' | 'bearer', string>;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'oci-fp-'));
  single = buildImageLayout(work, '1.0');
  multi = buildImageLayout(work, 'latest', [
    { os: 'linux', architecture: 'amd64' },
    { os: 'linux', architecture: 'arm64' },
  ]);
  tokens = await startTokenServer(USER);
  [plain, basic, bearer] = await Promise.all([
    startRegistry(),
    startRegistry({ htpasswd: USER }),
    startRegistry({ token: tokens.auth }),
  ]);
  await Promise.all([
    pushLayout(single, `${plain.host}/tiny:1.0`),
    pushLayout(multi, `${plain.host}/multi:latest`),
    pushLayout(single, `${basic.host}/private/app:1.0`, CREDS),
    pushLayout(single, `${bearer.host}/private/app:1.0`, CREDS),
  ]);
  const digests = await Promise.all([
    skopeoDigests(`${plain.host}/tiny:1.0`),
    skopeoDigests(`${plain.host}/multi:latest`),
    skopeoDigests(`${basic.host}/private/app:1.0`, CREDS),
    skopeoDigests(`${bearer.host}/private/app:1.0`, CREDS),
  ]);
  for (const d of digests) expect(d.digest).toBe(d.raw);
  const [s, m, b, t] = digests.map((d) => hex(d.digest));
  expected = { single: s ?? '', multi: m ?? '', basic: b ?? '', bearer: t ?? '' };
  tokens.requests.length = 0;
});

afterAll(async () => {
  // Whatever beforeAll got to start, even when it failed half-way.
  const started = [plain as TestRegistry | undefined, basic, bearer].filter((r) => r !== undefined);
  await Promise.all([...started.map((r) => r.stop()), (tokens as TokenServer | undefined)?.close()]);
  rmSync(work, { recursive: true, force: true });
});

describe('fingerprintOci against a registry without authentication', () => {
  it('gives the digest skopeo reports: of a manifest, of a multi-arch index (not a platform), of a pinned digest', async () => {
    const fingerprint = await fingerprintOci(`${plain.host}/tiny:1.0`);
    expect(fingerprint).toMatch(/^[a-f0-9]{64}$/);
    expect(fingerprint).toBe(expected.single);
    // skopeo pushed the manifest bytes as built, so it is also the digest of the manifest written by hand.
    expect(fingerprint).toBe(hex(single.digest));
    // A multi-arch tag, the tag defaulting to latest: the index digest.
    const index = await fingerprintOci(`${plain.host}/multi`);
    expect(index).toBe(expected.multi);
    expect(index).toBe(hex(multi.digest));
    expect(multi.platformDigests.map(hex)).not.toContain(index);
    // A pinned digest is checked with the registry and returned; the digest wins over a tag.
    const [amd64, arm64] = multi.platformDigests;
    expect(await fingerprintOci(`${plain.host}/multi@${amd64 ?? ''}`)).toBe(hex(amd64 ?? ''));
    expect(await fingerprintOci(`${plain.host}/multi:latest@${arm64 ?? ''}`)).toBe(hex(arm64 ?? ''));
    expect(await fingerprintOci(`${plain.host}/tiny:nope@sha256:${expected.single}`)).toBe(expected.single);
  });

  it('says a tag that was never pushed, or a digest not in the repository, was not found', async () => {
    const error = await sourceError(fingerprintOci(`${plain.host}/tiny:nope`));
    expect(error.source).toBe(`registry ${plain.host}`);
    expect(error.problem).toContain("tag 'nope' not found in tiny");
    expect(error.problem).toContain('HTTP 404');
    expect(error.hint).toMatch(/never pushed/);
    const digest = await sourceError(fingerprintOci(`${plain.host}/tiny@sha256:${'0'.repeat(64)}`));
    expect(digest.problem).toContain(`manifest sha256:${'0'.repeat(64)} not found in tiny`);
  });

  it('falls back to GET and hashes the manifest when HEAD has no Docker-Content-Digest', async () => {
    // Some registries leave the header out.
    const proxy = await passThrough((headers) => {
      delete headers['docker-content-digest'];
    });
    expect(await fingerprintOci(`127.0.0.1:${portOf(proxy)}/multi:latest`)).toBe(expected.multi);
    expect(await fingerprintOci(`localhost:${portOf(proxy)}/tiny:1.0`)).toBe(expected.single);
    expect(proxy.requests.slice(0, 2).map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'HEAD /v2/multi/manifests/latest',
      'GET /v2/multi/manifests/latest',
    ]);
  });

  it('refuses a registry that answers a pinned digest with another one', async () => {
    const other = 'e'.repeat(64);
    const proxy = await passThrough((headers) => {
      headers['docker-content-digest'] = `sha256:${other}`;
    });
    const error = await sourceError(
      fingerprintOci(`127.0.0.1:${portOf(proxy)}/tiny@sha256:${expected.single}`),
    );
    expect(error.problem).toContain(`answered with sha256:${other}`);
  });
});

describe('fingerprintOci with authentication', () => {
  it('answers the Basic challenge with the credentials', async () => {
    expect(await fingerprintOci(`${basic.host}/private/app:1.0`, USER)).toBe(expected.basic);
  });

  it('gets a Bearer token from the realm with the credentials (as token or access_token) and retries with it', async () => {
    tokens.requests.length = 0;
    expect(await fingerprintOci(`${bearer.host}/private/app:1.0`, USER)).toBe(expected.bearer);
    expect(tokens.requests).toHaveLength(1);
    const [asked] = tokens.requests;
    expect(asked?.query.get('service')).toBe('test-registry');
    expect(asked?.query.get('scope')).toBe('repository:private/app:pull');
    expect(asked?.query.get('account')).toBe(USER.username);
    expect(asked?.authorization).toBe(`Basic ${Buffer.from(CREDS).toString('base64')}`);
    expect(asked?.query.toString()).not.toContain(encodeURIComponent(USER.password));
    tokens.field = 'access_token';
    try {
      expect(await fingerprintOci(`${bearer.host}/private/app:1.0`, USER)).toBe(expected.bearer);
    } finally {
      tokens.field = 'token';
    }
  });

  const WRONG = { username: USER.username, password: `${USER.password}-wrong` };
  guardSecret(WRONG.password);
  it.each([
    ['Basic, wrong credentials', 'basic', WRONG, 'authentication failed for private/app (HTTP 401'],
    ['Basic, anonymous', 'basic', undefined, 'needs authentication (HTTP 401'],
    [
      'Bearer, credentials the token service refuses',
      'bearer',
      { ...USER, username: 'someone-else' },
      /token service http:\/\/127\.0\.0\.1:\d+\/token refused the credentials/,
    ],
    [
      'Bearer, an anonymous token that grants nothing',
      'bearer',
      undefined,
      'private/app needs authentication (HTTP 401',
    ],
  ] as const)(
    'refuses %s, saying what to set, never showing the password',
    async (_label, which, creds, problem) => {
      const registry = which === 'basic' ? basic : bearer;
      const error = await sourceError(fingerprintOci(`${registry.host}/private/app:1.0`, creds));
      expect(error.problem).toMatch(problem);
      if (creds !== undefined || which === 'basic')
        expect(error.hint).toContain('registry-username and registry-password');
      expectNoPassword(error);
      expect(error.message).not.toContain(WRONG.password);
    },
  );
});

describe('fingerprintOci failures before or without an answer', () => {
  it.each([
    ['', 'empty'],
    ['Nginx:latest', 'must be lowercase'],
    ['ghcr.io/org/app:bad tag', 'white space'],
    ['ghcr.io/org/app:-x', 'not a valid tag'],
    ['ghcr.io/org/app@sha256:abc', 'not a sha256 digest'],
    ['ghcr.io/org/app@latest', 'not a digest'],
    ['ghcr.io/org/app@md5:0123456789abcdef0123456789abcdef', 'not a sha256 digest'],
    ['https://ghcr.io/org/app:1.0', 'leave out the scheme'],
    ['ghcr.io/org//app', 'not a valid repository name'],
    ['ghcr.io/', 'not a valid repository name'],
    [`${'a'.repeat(300)}:1`, 'longer than 255'],
    ['bad_host:5000/app', 'not a valid registry host'],
    [':1.0', 'has no repository name'],
    ['f'.repeat(64), 'looks like an image ID'],
  ])('refuses the malformed reference %j (%s)', async (reference, problem) => {
    const error = await inputError(fingerprintOci(reference));
    expect(error.input).toBe('artifact');
    expect(error.problem).toContain(problem);
    expect(error.expected).toContain('ghcr.io/org/app:1.0');
  });

  it('says an unreachable registry is unreachable', async () => {
    const port = await freePort();
    const error = await sourceError(fingerprintOci(`127.0.0.1:${port}/tiny:1.0`, USER));
    expect(error.source).toBe(`registry 127.0.0.1:${port}`);
    expect(error.problem).toContain(`cannot reach http://127.0.0.1:${port}`);
    expect(error.problem).toContain('ECONNREFUSED');
    expect(error.hint).toContain('unreachable');
    expectNoPassword(error);
  });

  it('gives up on a registry that never answers after timeoutMs', async () => {
    const sockets = new Set<Socket>();
    const silent = createNetServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    later(() => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => silent.close(resolve));
    });
    const port = (silent.address() as AddressInfo).port;
    // The message is the verdict; a registry waited on for ever would hang the test into its timeout.
    const error = await sourceError(fingerprintOci(`127.0.0.1:${port}/tiny:1.0`, { timeoutMs: 300 }));
    expect(error.problem).toContain('within 300 ms');
  });
});

describe('Docker Hub and https registries (undici MockAgent, no network)', () => {
  it('maps nginx to registry-1.docker.io/library/nginx:latest over https, with a Bearer access_token', async () => {
    const agent = mockAgent();
    const digest = 'a'.repeat(64);
    const hub = agent.get('https://registry-1.docker.io');
    hub
      .intercept({
        path: '/v2/library/nginx/manifests/latest',
        method: 'HEAD',
        headers: (h) => !('authorization' in h),
      })
      .reply(401, '', {
        headers: {
          'www-authenticate':
            'Bearer realm="https://auth.docker.io/token",service="registry.docker.io",' +
            'scope="repository:library/nginx:pull"',
        },
      });
    agent
      .get('https://auth.docker.io')
      .intercept({
        path: '/token?service=registry.docker.io&scope=repository%3Alibrary%2Fnginx%3Apull',
        method: 'GET',
      })
      .reply(200, { access_token: 'hub-token' });
    hub
      .intercept({
        path: '/v2/library/nginx/manifests/latest',
        method: 'HEAD',
        headers: (h) =>
          h.authorization === 'Bearer hub-token' &&
          (h.accept ?? '').includes('application/vnd.oci.image.index.v1+json') &&
          (h.accept ?? '').includes('application/vnd.docker.distribution.manifest.list.v2+json'),
      })
      .reply(200, '', { headers: { 'docker-content-digest': `sha256:${digest}` } });
    expect(await fingerprintOci('nginx', { dispatcher: agent })).toBe(digest);
    agent.assertNoPendingInterceptors();
  });

  it('sends no password to a plain-http token realm of a remote registry', async () => {
    const agent = mockAgent();
    agent
      .get('https://ghcr.io')
      .intercept({ path: '/v2/org/app/manifests/1.0', method: 'HEAD' })
      .reply(401, '', { headers: { 'www-authenticate': 'Bearer realm="http://ghcr.io/token"' } });
    const error = await sourceError(fingerprintOci('ghcr.io/org/app:1.0', { ...USER, dispatcher: agent }));
    expect(error.problem).toContain('plain http');
    expectNoPassword(error);
  });
});

describe('image references and challenges', () => {
  it.each([
    ['nginx', 'docker.io/library/nginx:latest', 'registry-1.docker.io'],
    ['library/nginx:1.27', 'docker.io/library/nginx:1.27', 'registry-1.docker.io'],
    ['org/app', 'docker.io/org/app:latest', 'registry-1.docker.io'],
    ['index.docker.io/org/app:2', 'docker.io/org/app:2', 'registry-1.docker.io'],
    ['ghcr.io/org/team/app:1.0', 'ghcr.io/org/team/app:1.0', 'ghcr.io'],
    ['localhost/app', 'localhost/app:latest', 'localhost'],
    ['localhost:5000/app:dev', 'localhost:5000/app:dev', 'localhost:5000'],
    ['127.0.0.1:5000/a/b_c.d-e', '127.0.0.1:5000/a/b_c.d-e:latest', '127.0.0.1:5000'],
    ['[::1]:5000/app', '[::1]:5000/app:latest', '[::1]:5000'],
    [
      `app@sha256:${'b'.repeat(64)}`,
      `docker.io/library/app@sha256:${'b'.repeat(64)}`,
      'registry-1.docker.io',
    ],
  ])('parses %s as %s (API at %s)', (reference, normalized, apiHost) => {
    const ref = parseImageReference(reference);
    expect(formatReference(ref)).toBe(normalized);
    expect(ref.apiHost).toBe(apiHost);
  });

  it('parses WWW-Authenticate challenges, quoted or not', () => {
    expect(
      parseChallenge('Bearer realm="https://a/token",service="reg",scope="repository:x/y:pull,push"'),
    ).toEqual({
      scheme: 'bearer',
      params: { realm: 'https://a/token', service: 'reg', scope: 'repository:x/y:pull,push' },
    });
    expect(parseChallenge('Basic realm=registry')).toEqual({
      scheme: 'basic',
      params: { realm: 'registry' },
    });
  });
});
