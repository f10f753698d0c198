/** Reads the pods of a cluster: a saved `kubectl get pods -o json`, or live through kubectl. */
import { createReadStream, statSync } from 'node:fs';
import { SourceError } from '../errors/errors.js';
import type { Env } from '../context/inputs.js';
import { readPodsWithKubectl } from './kubectl.js';
import { mapPodsFor, type NamespaceFilter, type PodReport } from './pods.js';
import { PodStreamError, streamItems } from './stream.js';

/** Where the pods come from: a saved pod list, or a live read with kubectl (its kubeconfig, context and environment). */
export type PodSource =
  { kind: 'file'; path: string } | { kind: 'kubectl'; kubeconfig?: string; context?: string; env: Env };

const POD_LIST_HINT = 'Give the output of `kubectl get pods -o json`';

/** Reads the pods once for every environment; live, only the named namespaces when all name theirs. */
export async function readPods(source: PodSource, filters: readonly NamespaceFilter[]): Promise<PodReport[]> {
  if (source.kind === 'file') {
    let isFile = false;
    try {
      // statSync: node:fs/promises is not loaded at start for one stat.
      isFile = statSync(source.path).isFile();
    } catch {
      // Missing or unreadable: refused below.
    }
    if (!isFile) throw new SourceError('pods-file', `${source.path} is not a readable file`, POD_LIST_HINT);
    try {
      return await mapPodsFor(
        streamItems(createReadStream(source.path, { highWaterMark: 1024 * 1024 })),
        filters,
      );
    } catch (error) {
      if (error instanceof PodStreamError) {
        const problem = `${source.path} is not the JSON of a pod list: ${error.message}`;
        throw new SourceError('pods-file', problem, POD_LIST_HINT);
      }
      throw error;
    }
  }
  // Names only: ask for just those namespaces (works with namespace-scoped RBAC); a regex needs them all.
  const onlyNames = filters.every(
    (filter) => (filter.include?.length ?? 0) > 0 && (filter.includeRegex?.length ?? 0) === 0,
  );
  const pods = readPodsWithKubectl({
    ...source,
    ...(onlyNames && { namespaces: filters.flatMap((filter) => filter.include ?? []) }),
    // An API server that accepts and never answers would otherwise hold the step until the job's timeout.
    requestTimeout: '60s',
  });
  return mapPodsFor(pods, filters);
}
