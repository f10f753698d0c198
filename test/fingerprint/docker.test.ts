/**
 * docker fingerprints through the Docker Engine API. No Docker daemon can run on this machine (no privileges for
 * its namespaces and cgroups), so the daemon is a fake: an HTTP server on a unix socket in a temp dir that answers
 * `GET /images/{name}/json` the way the Engine API does (the inspect document, or 404 with `{"message"}`), and
 * records the paths asked for. The client side (socket transport, path, status and body handling) is the real one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError, SourceError } from '../../src/errors/errors.js';
import { fingerprintDocker } from '../../src/fingerprint/docker.js';
import { rejection } from '../helpers/rejection.js';
import { closedOrigin } from '../helpers/server.js';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const C = 'c'.repeat(64);
const ID = `sha256:${'f'.repeat(64)}`;

/** Local images by the name they are inspected under, as `docker image inspect` shows them. */
const images: Record<string, { Id: string; RepoTags: string[]; RepoDigests?: string[] | null }> = {
  'localhost:5000/app:1.0': {
    Id: ID,
    RepoTags: ['localhost:5000/app:1.0'],
    RepoDigests: [`localhost:5000/app@sha256:${A}`],
  },
  'ghcr.io/org/app:2': {
    Id: ID,
    RepoTags: ['ghcr.io/org/app:2', 'mirror.example.com/org/app:2'],
    RepoDigests: [`mirror.example.com/org/app@sha256:${B}`, `ghcr.io/org/app@sha256:${C}`],
  },
  // Docker shows Docker Hub images by their familiar names; the containerd image store by their full ones.
  'nginx:1.27': {
    Id: ID,
    RepoTags: ['nginx:1.27'],
    RepoDigests: [`mirror.example.com/library/nginx@sha256:${B}`, `docker.io/library/nginx@sha256:${A}`],
  },
  'org/tool': { Id: ID, RepoTags: ['org/tool:latest'], RepoDigests: [`org/tool@sha256:${C}`] },
  [ID]: { Id: ID, RepoTags: [], RepoDigests: [`x.example.com/y@sha256:${B}`, `z.example.com/y@sha256:${C}`] },
  'built-here:dev': { Id: ID, RepoTags: ['built-here:dev'], RepoDigests: [] },
  'older-daemon:dev': { Id: ID, RepoTags: ['older-daemon:dev'], RepoDigests: null },
};

const paths: string[] = [];

function fakeEngine(): Server {
  return createServer((req, res) => {
    const path = req.url ?? '/';
    paths.push(path);
    const m = /^\/images\/(.+)\/json$/.exec(path);
    const name = m ? decodeURIComponent(m[1] ?? '') : undefined;
    const image = name === undefined ? undefined : images[name];
    if (req.method !== 'GET' || image === undefined) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `No such image: ${name ?? path}` }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'api-version': '1.47' });
    res.end(JSON.stringify({ ...image, Architecture: 'amd64', Os: 'linux' }));
  });
}

let dir: string;
let socketPath: string;
let onSocket: Server;
let onTcp: Server;
let tcpHost: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'docker-fp-'));
  socketPath = join(dir, 'docker.sock');
  onSocket = fakeEngine();
  onTcp = fakeEngine();
  await new Promise<void>((resolve) => onSocket.listen(socketPath, resolve));
  await new Promise<void>((resolve) => onTcp.listen(0, '127.0.0.1', resolve));
  tcpHost = `tcp://127.0.0.1:${(onTcp.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all([onSocket, onTcp].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  rmSync(dir, { recursive: true, force: true });
});

const sourceError = async (promise: Promise<unknown>): Promise<SourceError> => {
  const error = await rejection(promise, SourceError);
  expect(error.source).toBe('docker');
  return error;
};
const inputError = (promise: Promise<unknown>): Promise<InputError> => rejection(promise, InputError);

describe('fingerprintDocker', () => {
  it("gives the repo digest of the image's own repository, through the unix socket or tcp://host:port", async () => {
    paths.length = 0;
    const dockerHost = `unix://${socketPath}`;
    expect(await fingerprintDocker('localhost:5000/app:1.0', { dockerHost })).toBe(A);
    expect(paths).toEqual(['/images/localhost:5000/app:1.0/json']);
    expect(await fingerprintDocker('localhost:5000/app:1.0', { dockerHost: tcpHost })).toBe(A);
    // Among several repo digests, the one of its own repository.
    expect(await fingerprintDocker('ghcr.io/org/app:2', { dockerHost })).toBe(C);
    // nginx is docker.io/library/nginx, however either side spells it.
    expect(await fingerprintDocker('nginx:1.27', { dockerHost })).toBe(A);
    expect(await fingerprintDocker('org/tool', { dockerHost })).toBe(C);
    // An image ID names no repository: the first repo digest.
    expect(await fingerprintDocker(ID, { dockerHost })).toBe(B);
  });

  it.each(['built-here:dev', 'older-daemon:dev'])(
    'explains that %s has no repo digest because it was never pushed or pulled',
    async (image) => {
      const error = await sourceError(fingerprintDocker(image, { dockerHost: `unix://${socketPath}` }));
      expect(error.problem).toContain(`image '${image}' has no repo digest`);
      expect(error.problem).toContain('never pushed to or pulled from a registry');
      expect(error.hint).toContain('Push it first');
      expect(error.hint).toContain('artifact-type oci');
    },
  );

  it('says a missing image is not in the local daemon (404)', async () => {
    const error = await sourceError(fingerprintDocker('nope:1', { dockerHost: `unix://${socketPath}` }));
    expect(error.problem).toBe("no image 'nope:1' in the local Docker daemon");
    expect(error.hint).toContain('Pull or build the image');
  });

  it('says the daemon is unreachable: no socket, or nothing listening on a tcp host', async () => {
    const missing = join(dir, 'missing.sock');
    const error = await sourceError(fingerprintDocker('nginx:1.27', { dockerHost: `unix://${missing}` }));
    expect(error.problem).toBe(`cannot reach the Docker daemon at unix://${missing} (ENOENT)`);
    expect(error.hint).toContain('DOCKER_HOST');
    // Nothing listens on a tcp host.
    const nobody = (await closedOrigin()).replace('http:', 'tcp:');
    const refused = await sourceError(fingerprintDocker('nginx:1.27', { dockerHost: nobody }));
    expect(refused.problem).toContain('(ECONNREFUSED)');
  });

  it('refuses an unsupported DOCKER_HOST and a malformed image name before connecting', async () => {
    const host = await inputError(fingerprintDocker('nginx', { dockerHost: 'ssh://user@host' }));
    expect(host.input).toBe('DOCKER_HOST');
    for (const image of ['', 'bad name', '../../containers/json', 'x?y']) {
      const error = await inputError(fingerprintDocker(image, { dockerHost: `unix://${socketPath}` }));
      expect(error.input).toBe('artifact');
    }
  });
});
