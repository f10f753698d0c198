// An artifact's name as the service reports it, taken apart for display and pairing: lenient, unlike
// src/fingerprint/reference.ts; a name that is not an image is its own repository, with no tag.

/** Taken apart: `ghcr.io/acme/backend:1.4.0@sha256:…` is `ghcr.io/acme/backend`, `1.4.0`, `sha256:…`. */
export function splitImageName(name: string) {
  const at = name.indexOf('@');
  const base = at === -1 ? name : name.slice(0, at);
  const digest = at === -1 ? undefined : name.slice(at + 1) || undefined;
  // A colon before the last slash is a registry's port (`registry:5000/app`), not a tag.
  const colon = base.lastIndexOf(':');
  const tagged = colon > base.lastIndexOf('/');
  return {
    repository: tagged ? base.slice(0, colon) : base,
    tag: tagged ? base.slice(colon + 1) || undefined : undefined,
    digest,
  };
}

/** A name in a few words: the last part of its repository and its tag (`backend 1.6.0`), or the repository alone. */
export function shortName(name: string): string {
  const { repository, tag } = splitImageName(name);
  const last = repository.slice(repository.lastIndexOf('/') + 1) || repository;
  return tag !== undefined ? `${last} ${tag}` : last;
}
