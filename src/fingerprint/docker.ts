// Docker fingerprints: a local image's repo digest from the Engine API, as the official CLI does (the oci fingerprint
// of its reference); an image only built here has none, and never its local ID.
import { Agent, request } from 'undici';
import { describeLimit, readBounded } from '../api/bounded-body.js';
import { errorCode, InputError, SourceError } from '../errors/errors.js';
import { cutText } from '../trust/text.js';
import { USER_AGENT } from '../version.js';
import { parseImageReference, sameRepository, type ImageReference } from './reference.js';

const DEFAULT_DOCKER_HOST = 'unix:///var/run/docker.sock';

const TIMEOUT_MS = 30_000;
/** An image's inspect document is a few KB (its labels and environment are what grow); past this it is not one. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
const SHA256_SUFFIX = /@sha256:([a-f0-9]{64})$/;
/** Image names and IDs as the Engine API takes them in a path. */
const IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._/:@-]*$/;

const USE_OCI = 'or use artifact-type oci to read the digest from the registry';

/** Where requests go (`origin`, for a socket a placeholder), through what, and the daemon's name in messages. */
function endpointFor(dockerHost: string) {
  const refused = (problem: string) =>
    new InputError('DOCKER_HOST', problem, 'unix:///path/to/docker.sock or tcp://host:port');
  const url = URL.parse(dockerHost);
  if (url === null) throw refused(`'${dockerHost}' is not a URL`);
  const options = { keepAliveTimeout: 1_000, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS };
  if (url.protocol === 'unix:') {
    const socketPath = decodeURIComponent(url.pathname);
    if (!socketPath.startsWith('/')) throw refused(`'${dockerHost}' names no absolute socket path`);
    return {
      origin: 'http://docker',
      dispatcher: new Agent({ ...options, connect: { socketPath } }),
      display: `unix://${socketPath}`,
    };
  }
  if (url.protocol === 'tcp:' || url.protocol === 'http:') {
    if (!url.hostname || !url.port) throw refused(`'${dockerHost}' needs a host and a port`);
    return { origin: `http://${url.host}`, dispatcher: new Agent(options), display: dockerHost };
  }
  throw refused(
    `the scheme '${url.protocol}' is not supported (TLS and ssh connections to the daemon are not)`,
  );
}

/** Parses a reference, or undefined for an image ID (`sha256:<hex>`, a short hex ID) or anything unparseable. */
function tryParse(name: string): ImageReference | undefined {
  if (/^(sha256:)?[a-f0-9]{12,64}$/.test(name)) return undefined;
  try {
    return parseImageReference(name);
  } catch {
    return undefined;
  }
}

/** The repo digest of a local image or image ID: the one of the repository it names, else the first. */
export async function fingerprintDocker(image: string, options: { dockerHost?: string | undefined } = {}) {
  const name = image.trim();
  if (!IMAGE_NAME.test(name) || name.includes('..')) {
    throw new InputError(
      'artifact',
      `'${image}' is not a Docker image name or ID`,
      'an image such as nginx:1.27, ghcr.io/org/app:1.0 or an image ID',
    );
  }
  const endpoint = endpointFor(options.dockerHost || DEFAULT_DOCKER_HOST);
  const source = 'docker';
  try {
    let status: number;
    let body: Buffer | undefined;
    try {
      const res = await request(`${endpoint.origin}/images/${name}/json`, {
        method: 'GET',
        headers: { accept: 'application/json', 'user-agent': USER_AGENT },
        dispatcher: endpoint.dispatcher,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = res.statusCode;
      body = await readBounded(res.body, MAX_ANSWER_BYTES);
    } catch (error) {
      const code = errorCode(error);
      const timedOut =
        (error as { name?: unknown } | null)?.name === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT';
      const hint =
        code === 'EACCES'
          ? `The runner's user may not use the Docker socket: add it to the docker group, ${USE_OCI}`
          : `Check that Docker runs on the runner and that DOCKER_HOST points at it, ${USE_OCI}`;
      const reason = code ?? (error instanceof Error ? error.message : String(error));
      throw new SourceError(
        source,
        timedOut
          ? `no answer from the Docker daemon at ${endpoint.display} within ${TIMEOUT_MS / 1000} s`
          : `cannot reach the Docker daemon at ${endpoint.display} (${reason})`,
        hint,
        { cause: error },
      );
    }
    if (body === undefined) {
      throw new SourceError(
        source,
        `the daemon's answer for image '${name}' is larger than ${describeLimit(MAX_ANSWER_BYTES)}; the rest ` +
          'was not read',
        `Check that DOCKER_HOST points at a Docker daemon, ${USE_OCI}`,
      );
    }
    const text = body.toString('utf8');
    if (status === 404) {
      throw new SourceError(
        source,
        `no image '${name}' in the local Docker daemon`,
        `Pull or build the image on this runner first (the name must match, tag included), ${USE_OCI}`,
      );
    }
    if (status !== 200) {
      let said: string | undefined;
      try {
        const message = (JSON.parse(text) as { message?: unknown }).message;
        said = typeof message === 'string' ? message : undefined;
      } catch {
        said = cutText(text.trim(), 200) || undefined;
      }
      const problem = `inspecting image '${name}' failed with HTTP ${status}${said ? `: ${said}` : ''}`;
      throw new SourceError(source, problem);
    }
    let repoDigests: unknown;
    try {
      repoDigests = (JSON.parse(text) as { RepoDigests?: unknown }).RepoDigests;
    } catch {
      throw new SourceError(source, `the daemon's answer for image '${name}' is not JSON`);
    }
    const digests = (Array.isArray(repoDigests) ? repoDigests : []).filter(
      (d): d is string => typeof d === 'string' && SHA256_SUFFIX.test(d),
    );
    if (digests.length === 0) {
      throw new SourceError(
        source,
        `image '${name}' has no repo digest: it was never pushed to or pulled from a registry (a repo digest is ` +
          'what the registry calls the image)',
        `Push it first and fingerprint the pushed image, ${USE_OCI} and the pushed reference`,
      );
    }
    const wanted = tryParse(name);
    const ours = digests.find((d) => {
      const ref = tryParse(d);
      return wanted !== undefined && ref !== undefined && sameRepository(ref, wanted);
    });
    return SHA256_SUFFIX.exec(ours ?? digests[0] ?? '')?.[1] ?? '';
  } finally {
    await endpoint.dispatcher.close();
  }
}
