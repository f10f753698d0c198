/**
 * diff-envs, pairing: an artifact only in snapshot 1 and one only in snapshot 2 with the same name once the tag and
 * the digest are taken off are one replacement (`backend 1.4.0 → 1.5.0`), not two unrelated rows. A pure function
 * of the service's groups; what is left unpaired is removed (only in 1) or added (only in 2).
 */
import type { DiffArtifact } from '../../api/schemas.js';

/** An image name taken apart: `ghcr.io/acme/backend:1.4.0@sha256:…` is `ghcr.io/acme/backend`, `1.4.0`, `sha256:…`. */
export interface ImageName {
  repository: string;
  tag: string | undefined;
  digest: string | undefined;
}

export function splitImageName(name: string): ImageName {
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

/** One artifact replaced by another of the same repository: `from` only in snapshot 1, `to` only in snapshot 2. */
export interface Replacement {
  /** The repository both share, e.g. `ghcr.io/acme/backend`. */
  name: string;
  from: DiffArtifact;
  to: DiffArtifact;
}

export interface Paired {
  replaced: Replacement[];
  /** Only in snapshot 2, not paired. */
  added: DiffArtifact[];
  /** Only in snapshot 1, not paired. */
  removed: DiffArtifact[];
}

/**
 * Pairs by repository where it is unambiguous: exactly one artifact of that repository only in snapshot 1 and exactly
 * one only in snapshot 2. Two versions on one side (a canary, two architectures) are not guessed at: they stay added
 * or removed. An artifact without a name is never paired.
 */
export function pairReplacements(onlyIn1: DiffArtifact[], onlyIn2: DiffArtifact[]): Paired {
  const byRepository = (artifacts: DiffArtifact[]) => {
    const map = new Map<string, DiffArtifact[]>();
    for (const a of artifacts) {
      if (typeof a.name !== 'string' || a.name === '') continue;
      const key = splitImageName(a.name).repository;
      map.set(key, [...(map.get(key) ?? []), a]);
    }
    return map;
  };
  const one = byRepository(onlyIn1);
  const two = byRepository(onlyIn2);
  const replaced: Replacement[] = [];
  const paired = new Set<DiffArtifact>();
  // In snapshot 2's order: the arriving side leads.
  for (const [name, arriving] of two) {
    const leaving = one.get(name);
    if (arriving.length !== 1 || leaving?.length !== 1) continue;
    const [from] = leaving as [DiffArtifact];
    const [to] = arriving as [DiffArtifact];
    // The service compares by fingerprint: one on both sides is not a replacement (found by review).
    if (from.fingerprint === to.fingerprint) continue;
    replaced.push({ name, from, to });
    paired.add(from).add(to);
  }
  return {
    replaced,
    added: onlyIn2.filter((a) => !paired.has(a)),
    removed: onlyIn1.filter((a) => !paired.has(a)),
  };
}

/**
 * What tells the two sides of a replacement apart: the tags (`1.4.0 → 1.5.0`), with the start of each fingerprint
 * when the tags are the same or missing (`latest@9e5f20177e21 → latest@33907d725bd9`).
 */
export function versions(replacement: Replacement): [string, string] {
  const label = (a: DiffArtifact, withFingerprint: boolean) => {
    const { tag } = splitImageName(a.name ?? '');
    const short = a.fingerprint.slice(0, 12);
    if (tag === undefined) return short;
    return withFingerprint ? `${tag}@${short}` : tag;
  };
  const tagOf = (a: DiffArtifact) => splitImageName(a.name ?? '').tag;
  const same = tagOf(replacement.from) === tagOf(replacement.to);
  return [label(replacement.from, same), label(replacement.to, same)];
}

/** What a promotion of snapshot 2 over snapshot 1 brings: the new side of each replacement, then the added. */
export function arrivingOf(result: Pick<Paired, 'replaced' | 'added'>): DiffArtifact[] {
  return [...result.replaced.map((r) => r.to), ...result.added];
}
