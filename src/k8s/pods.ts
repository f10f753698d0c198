// From a pod to an entry of the K8S report (service-behaviour.md): Running and Failed pods only, digests from
// `containerStatuses`; a pod that cannot be mapped is skipped with a reason, never failing the report.
import { isRecord } from '../api/parse.js';
import type { K8sArtifact } from '../api/schemas.js';
import type { Pattern } from '../context/pattern.js';

export type SkippedPod = { namespace: string; pod: string; reason: string };

type PodOutcome =
  | { kind: 'report'; entry: K8sArtifact }
  | { kind: 'left-out'; phase: string }
  | { kind: 'skipped'; skipped: SkippedPod };

interface Pod {
  metadata?: { name?: unknown; namespace?: unknown; creationTimestamp?: unknown; ownerReferences?: unknown };
  status?: { phase?: unknown; containerStatuses?: unknown };
}

const REPORTED_PHASES = new Set(['Running', 'Failed']);
const DIGEST = /[a-f0-9]{64}$/;

export function mapPod(raw: unknown): PodOutcome {
  const pod = (raw ?? {}) as Pod;
  const name = typeof pod.metadata?.name === 'string' ? pod.metadata.name : '';
  const namespace = typeof pod.metadata?.namespace === 'string' ? pod.metadata.namespace : '';
  const skip = (reason: string): PodOutcome => ({
    kind: 'skipped',
    skipped: { namespace: namespace || '?', pod: name || '?', reason },
  });
  if (!name || !namespace) return skip('has no metadata.name or metadata.namespace');

  const phase = typeof pod.status?.phase === 'string' ? pod.status.phase : 'Unknown';
  if (!REPORTED_PHASES.has(phase)) return { kind: 'left-out', phase };

  const created =
    typeof pod.metadata?.creationTimestamp === 'string' ? Date.parse(pod.metadata.creationTimestamp) : NaN;
  if (!Number.isFinite(created)) return skip('has no valid metadata.creationTimestamp');

  const statuses = Array.isArray(pod.status?.containerStatuses)
    ? (pod.status.containerStatuses as unknown[])
    : [];
  if (statuses.length === 0) return skip(`is ${phase} but has no containerStatuses`);
  const digests: Record<string, string> = {};
  for (const status of statuses) {
    const s = (status ?? {}) as { name?: unknown; image?: unknown; imageID?: unknown };
    const container = typeof s.name === 'string' ? s.name : '?';
    const image = typeof s.image === 'string' ? s.image : '';
    const imageId = typeof s.imageID === 'string' ? s.imageID : '';
    if (!image) return skip(`container '${container}' has no image`);
    const digest = DIGEST.exec(imageId)?.[0];
    if (!digest) {
      return skip(
        imageId
          ? `container '${container}' has an imageID without a sha256 digest: ${imageId}`
          : `container '${container}' has no imageID yet (image still being pulled?)`,
      );
    }
    digests[image] = digest;
  }

  if (created < 0)
    return skip(`has a creationTimestamp before 1970: ${String(pod.metadata?.creationTimestamp)}`);
  const owners = pod.metadata?.ownerReferences;
  // The service needs apiVersion, kind, name and uid of each owner; Kubernetes always gives them, a hand-made or
  // truncated file may not, and one such pod must not fail the whole report.
  if (owners !== undefined && owners !== null && !validOwners(owners)) {
    return skip('has an ownerReference without a string apiVersion, kind, name and uid');
  }
  return {
    kind: 'report',
    entry: {
      podName: name,
      namespace,
      digests,
      creationTimestamp: Math.floor(created / 1000),
      owners: Array.isArray(owners) ? (owners as K8sArtifact['owners']) : null,
    },
  };
}

function validOwners(owners: unknown): boolean {
  const valid = (o: unknown) =>
    isRecord(o) &&
    ['apiVersion', 'kind', 'name', 'uid'].every((k) => typeof o[k] === 'string' && o[k] !== '');
  return Array.isArray(owners) && owners.every(valid);
}

/** A namespace name is a DNS-1123 label. */
export const NAMESPACE_NAME = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

export interface NamespaceFilter {
  include?: string[];
  /** Compiled by `compilePattern` (linear time): a namespace name cannot make them hang. */
  includeRegex?: Pattern[];
  exclude?: string[];
  excludeRegex?: Pattern[];
}

/** Include by names or (unanchored) regexes, or exclude by them; include and exclude together are refused earlier. */
export function namespaceMatcher(filter: NamespaceFilter): (namespace: string) => boolean {
  const include = new Set(filter.include ?? []);
  const includeRe = filter.includeRegex ?? [];
  const exclude = new Set(filter.exclude ?? []);
  const excludeRe = filter.excludeRegex ?? [];
  if (include.size || includeRe.length) return (ns) => include.has(ns) || includeRe.some((re) => re.test(ns));
  // No namespace named: every one but those excluded.
  return (ns) => !exclude.has(ns) && !excludeRe.some((re) => re.test(ns));
}

export type PodReport = Awaited<ReturnType<typeof mapPodsFor>>[number];

/** One read of the pods, a report per filter (entries shared, not copied), counting what was left out or skipped. */
export async function mapPodsFor(pods: AsyncIterable<unknown>, filters: readonly NamespaceFilter[]) {
  const matchers = filters.map(namespaceMatcher);
  const reports = filters.map(() => ({
    artifacts: [] as K8sArtifact[],
    pods: 0,
    /** The namespaces those pods are in. */
    namespaces: new Set<string>(),
    leftOut: 0,
    skipped: [] as SkippedPod[],
  }));
  for await (const pod of pods) {
    const ns = (pod as Pod | null)?.metadata?.namespace;
    let outcome: PodOutcome | undefined;
    for (let i = 0; i < reports.length; i++) {
      if (typeof ns === 'string' && !(matchers[i] as (namespace: string) => boolean)(ns)) continue;
      const report = reports[i] as PodReport;
      outcome ??= mapPod(pod);
      report.pods++;
      if (typeof ns === 'string') report.namespaces.add(ns);
      if (outcome.kind === 'report') report.artifacts.push(outcome.entry);
      else if (outcome.kind === 'left-out') report.leftOut++;
      else report.skipped.push(outcome.skipped);
    }
  }
  return reports;
}

export type ArtifactCount = { image: string; fingerprint: string; pods: number };

/** One row per (image, fingerprint), with the number of pods running it. */
export function countArtifacts(report: PodReport): ArtifactCount[] {
  const counts = new Map<string, ArtifactCount>();
  for (const entry of report.artifacts) {
    for (const [image, fingerprint] of Object.entries(entry.digests)) {
      const key = `${image}\u0000${fingerprint}`;
      const row = counts.get(key);
      if (row) row.pods++;
      else counts.set(key, { image, fingerprint, pods: 1 });
    }
  }
  // By image, then fingerprint, in plain string order: localeCompare loads ICU's collator (~9 ms) and follows the
  // runner's locale.
  return [...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
}
