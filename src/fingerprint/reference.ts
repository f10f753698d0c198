// Image references parsed and normalized as docker does (`nginx` is `docker.io/library/nginx:latest`; a first
// component with `.`, `:` or upper case, or `localhost`, is a registry; a digest wins over a tag).
import { InputError } from '../errors/errors.js';

const DOCKER_HUB = 'docker.io';
/** Where the registry API of Docker Hub is served (`docker.io` itself only redirects to the web site). */
const DOCKER_HUB_API = 'registry-1.docker.io';

const EXPECTED_REFERENCE =
  'an image reference such as nginx, nginx:1.27, ghcr.io/org/app:1.0, 127.0.0.1:5000/app:dev or ' +
  'ghcr.io/org/app@sha256:<64 hex>';

const PATH_COMPONENT = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*';
const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN = new RegExp(
  `^(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[[a-fA-F0-9:]+\\])(?::[0-9]+)?$`,
);
const REPOSITORY = new RegExp(`^${PATH_COMPONENT}(?:/${PATH_COMPONENT})*$`);
const TAG = /^[\w][\w.-]{0,127}$/;
const DIGEST = /^[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}$/;
const SHA256 = /^sha256:[a-f0-9]{64}$/;
/** Docker's own limit on the length of a name (registry and repository). */
const NAME_MAX = 255;

/** Splits `name` into registry and remainder, as docker's `splitDockerDomain` does. */
function splitRegistry(name: string): [string, string] {
  const slash = name.indexOf('/');
  const first = slash === -1 ? '' : name.slice(0, slash);
  if (slash === -1 || (!/[.:]/.test(first) && first !== 'localhost' && first.toLowerCase() === first)) {
    return [DOCKER_HUB, name];
  }
  return [first === 'index.docker.io' ? DOCKER_HUB : first, name.slice(slash + 1)];
}

/**
 * Parses and normalizes an image reference; a malformed one is an {@link InputError} on `artifact`. `apiHost` is where
 * the registry API is reached (`registry-1.docker.io` for Docker Hub), `tag` is `latest` when neither a tag nor a
 * digest is given, and `digest` is `sha256:<64 lowercase hex>` when the reference pins one.
 */
export function parseImageReference(reference: string) {
  const text = reference.trim();
  const bad = (problem: string): InputError => new InputError('artifact', problem, EXPECTED_REFERENCE);
  if (text === '') throw bad('the image reference is empty');
  if (/\s/.test(text)) throw bad(`'${text}' contains white space`);
  if (text.includes('://')) throw bad(`'${text}' is a URL, not an image reference (leave out the scheme)`);

  let rest = text;
  let digest: string | undefined;
  const at = rest.indexOf('@');
  if (at !== -1) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
    if (!SHA256.test(digest)) {
      throw bad(
        DIGEST.test(digest) || digest.startsWith('sha256:')
          ? `'${digest}' is not a sha256 digest of 64 lowercase hex characters`
          : `'${digest}' is not a digest (sha256:<64 hex>)`,
      );
    }
  }

  let tag: string | undefined;
  const colon = rest.lastIndexOf(':');
  if (colon > rest.lastIndexOf('/')) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
    if (!TAG.test(tag)) throw bad(`'${tag}' is not a valid tag`);
  }

  if (rest === '') throw bad(`'${text}' has no repository name`);
  if (rest.length > NAME_MAX) throw bad(`the name is longer than ${NAME_MAX} characters`);
  const [registry, path] = splitRegistry(rest);
  if (!DOMAIN.test(registry)) throw bad(`'${registry}' is not a valid registry host`);
  if (/^[a-f0-9]{64}$/.test(path)) throw bad(`'${path}' looks like an image ID, not a repository name`);
  if (path !== path.toLowerCase()) throw bad(`the repository name '${path}' must be lowercase`);
  if (!REPOSITORY.test(path)) {
    throw bad(
      `'${path}' is not a valid repository name (lowercase letters, digits and separators . _ - between them)`,
    );
  }
  const repository = registry === DOCKER_HUB && !path.includes('/') ? `library/${path}` : path;
  return {
    registry,
    apiHost: registry === DOCKER_HUB ? DOCKER_HUB_API : registry,
    repository,
    tag: tag ?? (digest === undefined ? 'latest' : undefined),
    digest,
  };
}

export type ImageReference = ReturnType<typeof parseImageReference>;

/** `registry/repository[:tag][@digest]`, fully qualified. */
export function formatReference(ref: ImageReference): string {
  return `${ref.registry}/${ref.repository}${ref.tag ? `:${ref.tag}` : ''}${ref.digest ? `@${ref.digest}` : ''}`;
}

/** Whether two references name the same repository of the same registry (tags and digests aside). */
export function sameRepository(a: ImageReference, b: ImageReference): boolean {
  return a.registry.toLowerCase() === b.registry.toLowerCase() && a.repository === b.repository;
}
