/**
 * Real registries for the oci fingerprint tests: Debian's `docker-registry` on loopback, optionally behind htpasswd
 * (Basic) or a token service (Bearer); tiny OCI image layouts built by hand; `skopeo` to push them and read digests.
 */
import { execFile, spawn } from 'node:child_process';
import { createHash, createPrivateKey, randomBytes, sign } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { stringify } from 'yaml';
import { closedOrigin, json, startServer } from './server.js';

const run = promisify(execFile);

/** A port nothing listens on right now (the kernel's pick, released at once). */
export async function freePort(): Promise<number> {
  return Number(new URL(await closedOrigin()).port);
}

export interface TokenAuth {
  realm: string;
  service: string;
  issuer: string;
  /** PEM file of the certificate whose key signs the tokens. */
  rootCertBundle: string;
}

export type TestRegistry = Awaited<ReturnType<typeof startRegistry>>;

/**
 * Starts a registry and waits until `/v2/` answers (200, or 401 behind authentication): with `htpasswd`, Basic
 * authentication of that one user; with `token`, Bearer tokens issued by a {@link TokenServer}.
 */
export async function startRegistry(
  options: { htpasswd?: { username: string; password: string }; token?: TokenAuth } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'registry-'));
  const port = await freePort();
  const config: Record<string, unknown> = {
    version: 0.1,
    log: { level: 'error', accesslog: { disabled: true } },
    storage: { filesystem: { rootdirectory: join(dir, 'data') }, delete: { enabled: true } },
    http: { addr: `127.0.0.1:${port}`, secret: randomBytes(16).toString('hex') },
  };
  if (options.htpasswd) {
    const { username, password } = options.htpasswd;
    // bcrypt (the only hash the registry reads), the password on stdin rather than in argv.
    const hashing = run('htpasswd', ['-niB', username]);
    hashing.child.stdin?.end(`${password}\n`);
    writeFileSync(join(dir, 'htpasswd'), `${(await hashing).stdout.trim()}\n`);
    config.auth = { htpasswd: { realm: 'test-registry', path: join(dir, 'htpasswd') } };
  }
  if (options.token) {
    const { realm, service, issuer, rootCertBundle } = options.token;
    config.auth = { token: { realm, service, issuer, rootcertbundle: rootCertBundle } };
  }
  writeFileSync(join(dir, 'config.yml'), stringify(config));

  const child = spawn('docker-registry', ['serve', join(dir, 'config.yml')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = once(child, 'exit').catch(() => undefined);
  const stop = async () => {
    if (child.kill('SIGKILL')) await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    const failed =
      child.exitCode !== null || child.signalCode !== null
        ? 'exited at start'
        : Date.now() > deadline
          ? `did not answer on port ${port}`
          : '';
    if (failed) {
      await stop();
      throw new Error(`docker-registry ${failed}: ${stderr.trim()}`);
    }
    const res = await fetch(`http://127.0.0.1:${port}/v2/`, { signal: AbortSignal.timeout(1_000) }).catch(
      () => undefined,
    );
    await res?.body?.cancel();
    if (res?.status === 200 || res?.status === 401) return { host: `127.0.0.1:${port}`, port, stop };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface TokenServer {
  auth: TokenAuth;
  /** Every token request, in order. */
  requests: { query: URLSearchParams; authorization: string | undefined }[];
  /** The JSON field the token is sent in (`token` as distribution's docs, `access_token` as OAuth 2). */
  field: 'token' | 'access_token';
  close(): Promise<void>;
}

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/**
 * A token service for a registry with `auth: token`: checks Basic credentials against one user and issues ES256
 * JWTs granting the scopes asked for. Anonymous requests get a token granting nothing, as Docker Hub's do.
 */
export async function startTokenServer(user: { username: string; password: string }): Promise<TokenServer> {
  const dir = mkdtempSync(join(tmpdir(), 'token-'));
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  const selfSigned = 'req -x509 -nodes -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -days 1'.split(' ');
  await run('openssl', [
    ...selfSigned,
    '-subj',
    '/CN=test-token-issuer',
    '-keyout',
    keyPath,
    '-out',
    certPath,
  ]);
  const key = createPrivateKey(readFileSync(keyPath));
  const certDer = readFileSync(certPath, 'utf8').replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, '');
  const service = 'test-registry';
  const issuer = 'test-issuer';
  const expected = `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`;

  const server = await startServer((req, res) => {
    const authorization = req.headers.authorization;
    state.requests.push({ query: req.url.searchParams, authorization });
    if (req.url.pathname !== '/token') return json(res, 404, {});
    if (authorization !== undefined && authorization !== expected)
      return json(res, 401, { details: 'incorrect username or password' });
    const granted = authorization === expected;
    const access = granted
      ? req.url.searchParams.getAll('scope').flatMap((scope) => {
          const [type, ...rest] = scope.split(':');
          const actions = rest.pop() ?? '';
          return type ? [{ type, name: rest.join(':'), actions: actions.split(',') }] : [];
        })
      : [];
    const now = Math.floor(Date.now() / 1000);
    const header = { typ: 'JWT', alg: 'ES256', x5c: [certDer] };
    const claims = {
      iss: issuer,
      sub: granted ? user.username : '',
      aud: service,
      exp: now + 300,
      nbf: now - 10,
      iat: now,
      jti: randomBytes(8).toString('hex'),
      access,
    };
    const signingInput = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
    const signature = sign('sha256', Buffer.from(signingInput), { key, dsaEncoding: 'ieee-p1363' });
    json(res, 200, { [state.field]: `${signingInput}.${b64url(signature)}`, expires_in: 300 });
  });
  const state: TokenServer = {
    auth: { realm: `${server.origin}/token`, service, issuer, rootCertBundle: certPath },
    requests: [],
    field: 'token',
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return state;
}

// --- OCI image layouts, by hand ---

const MEDIA = 'application/vnd.oci.image';

/** A blob (bytes as they are, anything else as JSON) into the layout; its descriptor. */
function writeBlob(layout: string, mediaType: string, data: unknown) {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(JSON.stringify(data));
  const hex = createHash('sha256').update(bytes).digest('hex');
  writeFileSync(join(layout, 'blobs', 'sha256', hex), bytes);
  return { mediaType, digest: `sha256:${hex}`, size: bytes.length };
}

/** One image into the layout: a layer of `content` gzipped (nothing here unpacks it: no tar), config, manifest. */
function writeImage(layout: string, content: string, platform: { os: string; architecture: string }) {
  const layer = writeBlob(layout, `${MEDIA}.layer.v1.tar+gzip`, gzipSync(content));
  const diffId = `sha256:${createHash('sha256').update(content).digest('hex')}`;
  const rootfs = { type: 'layers', diff_ids: [diffId] };
  const config = writeBlob(layout, `${MEDIA}.config.v1+json`, { ...platform, config: {}, rootfs });
  const mediaType = `${MEDIA}.manifest.v1+json`;
  return writeBlob(layout, mediaType, { schemaVersion: 2, mediaType, config, layers: [layer] });
}

/**
 * An OCI image layout under `parent` with one tag: a single-platform image, or with `platforms` a multi-arch one
 * whose tag points at an image index of one manifest per platform. Its `dir` is for `oci:<dir>:<tag>`; `digest` is
 * what the tag points at (the manifest, or the index), `platformDigests` those of a multi-arch image's manifests.
 */
export function buildImageLayout(
  parent: string,
  tag: string,
  platforms?: { os: string; architecture: string }[],
) {
  const dir = mkdtempSync(join(parent, 'layout-'));
  mkdirSync(join(dir, 'blobs', 'sha256'), { recursive: true });
  writeFileSync(join(dir, 'oci-layout'), JSON.stringify({ imageLayoutVersion: '1.0.0' }));
  const content = `hello from ${tag}\n`;
  const mediaType = `${MEDIA}.index.v1+json`;
  const manifests = platforms?.map((platform) => ({
    ...writeImage(dir, `${content} for ${platform.os}/${platform.architecture}\n`, platform),
    platform,
  }));
  const top = manifests
    ? writeBlob(dir, mediaType, { schemaVersion: 2, mediaType, manifests })
    : writeImage(dir, content, { os: 'linux', architecture: 'amd64' });
  const ref = { ...top, annotations: { 'org.opencontainers.image.ref.name': tag } };
  writeFileSync(join(dir, 'index.json'), JSON.stringify({ schemaVersion: 2, mediaType, manifests: [ref] }));
  return { dir, tag, digest: top.digest, platformDigests: manifests?.map((m) => m.digest) ?? [] };
}

// --- skopeo ---

/** Runs skopeo; its stdout as bytes (a raw manifest must be hashed exactly as sent). */
async function skopeo(args: string[]): Promise<Buffer> {
  try {
    const { stdout } = await run('skopeo', ['--insecure-policy', ...args], {
      timeout: 30_000,
      encoding: 'buffer',
    });
    return stdout;
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString('utf8') ?? '';
    throw new Error(`skopeo ${args[0] ?? ''} failed: ${stderr.trim() || String(error)}`, { cause: error });
  }
}

export type ImageLayout = ReturnType<typeof buildImageLayout>;

/** Pushes the layout's tag to `docker://<destination>` (every platform of a multi-arch image). */
export async function pushLayout(layout: ImageLayout, destination: string, creds?: string): Promise<void> {
  const auth = creds ? ['--dest-creds', creds] : [];
  const copy = ['copy', '--quiet', '--all', '--dest-tls-verify=false', ...auth];
  await skopeo([...copy, `oci:${layout.dir}:${layout.tag}`, `docker://${destination}`]);
}

/** What skopeo says the pushed reference's digest is, two ways: its `.Digest` and the sha256 of the raw manifest. */
export async function skopeoDigests(
  reference: string,
  creds?: string,
): Promise<{ digest: string; raw: string }> {
  const common = ['--tls-verify=false', ...(creds ? ['--creds', creds] : []), `docker://${reference}`];
  const [digest, raw] = await Promise.all([
    skopeo(['inspect', '--format', '{{.Digest}}', ...common]),
    skopeo(['inspect', '--raw', ...common]),
  ]);
  return {
    digest: digest.toString('utf8').trim(),
    raw: `sha256:${createHash('sha256').update(raw).digest('hex')}`,
  };
}
