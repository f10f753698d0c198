/** Reads the pods (a saved `kubectl get pods -o json`, or live through kubectl) and counts the artifacts they run. */
import { createReadStream, statSync, type Stats } from 'node:fs';
import { SourceError } from '../../errors/errors.js';
import { readPodsWithKubectl } from '../../k8s/kubectl.js';
import { mapPodsFor, type NamespaceFilter, type PodReport } from '../../k8s/pods.js';
import { PodStreamError, streamItems } from '../../k8s/stream.js';
import type { PodSource } from './inputs.js';

const KUBECTL_REQUEST_TIMEOUT = '60s';
const POD_LIST_HINT = 'Give the output of `kubectl get pods -o json`';

/**
 * Reads the pods once for every environment, each getting its own report of them. A live read asks kubectl for just
 * the named namespaces when every environment names its namespaces (the union; works with namespace-scoped RBAC),
 * else for all of them, once.
 */
export async function readPods(source: PodSource, filters: readonly NamespaceFilter[]): Promise<PodReport[]> {
  if (source.kind === 'file') {
    let info: Stats | undefined;
    try {
      // statSync: node:fs/promises is not loaded at start for one stat (issue 14).
      info = statSync(source.path);
    } catch {
      info = undefined;
    }
    if (!info?.isFile())
      throw new SourceError('pods-file', `${source.path} is not a readable file`, POD_LIST_HINT);
    try {
      return await mapPodsFor(
        streamItems(createReadStream(source.path, { highWaterMark: 1024 * 1024 })),
        filters,
      );
    } catch (error) {
      if (error instanceof PodStreamError) {
        throw new SourceError(
          'pods-file',
          `${source.path} is not the JSON of a pod list: ${error.message}`,
          POD_LIST_HINT,
        );
      }
      throw error;
    }
  }
  // Names only: ask for just those namespaces (works with namespace-scoped RBAC); a regex needs them all.
  const onlyNames = filters.every(
    (filter) => (filter.include?.length ?? 0) > 0 && (filter.includeRegex?.length ?? 0) === 0,
  );
  const pods = readPodsWithKubectl({
    ...(onlyNames && { namespaces: [...new Set(filters.flatMap((filter) => filter.include ?? []))] }),
    ...(source.kubeconfig !== undefined && { kubeconfig: source.kubeconfig }),
    ...(source.context !== undefined && { context: source.context }),
    env: source.env,
    // An API server that accepts and never answers would otherwise hold the step until the job's timeout.
    requestTimeout: KUBECTL_REQUEST_TIMEOUT,
  });
  return mapPodsFor(pods, filters);
}

export interface ArtifactCount {
  image: string;
  fingerprint: string;
  pods: number;
}

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
  return [...counts.values()].sort(
    (a, b) => byCodeUnits(a.image, b.image) || byCodeUnits(a.fingerprint, b.fingerprint),
  );
}

/**
 * Plain string order, the same on every runner. Not localeCompare: its first call loads ICU's collator, about 9 ms,
 * a fifth of a step's whole start (issue 14), and its order would follow the runner's locale.
 */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
