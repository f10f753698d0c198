/**
 * Pods as `kubectl get pods -o json` gives them, for tests of the mapping and of report-k8s-env.
 */
export const D1 = 'a'.repeat(64);
export const D2 = 'b'.repeat(64);

/** A pod `name`, Running in `default` with one container of nginx:1.27 at D1 unless `over` says otherwise. */
export function pod(
  name: string,
  over: { phase?: string; ns?: string; statuses?: unknown[]; owners?: unknown; created?: string } = {},
) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: over.ns ?? 'default',
      creationTimestamp: over.created ?? '2026-11-01T10:00:00Z',
      ...(over.owners !== undefined && { ownerReferences: over.owners }),
    },
    status: {
      phase: over.phase ?? 'Running',
      containerStatuses: over.statuses ?? [
        { name: 'app', image: 'nginx:1.27', imageID: `docker-pullable://nginx@sha256:${D1}` },
      ],
      initContainerStatuses: [
        { name: 'init', image: 'busybox', imageID: `docker-pullable://busybox@sha256:${D2}` },
      ],
    },
  };
}

/** A container status running `image` at `digest`. */
export const running = (image: string, digest: string, name = 'app') => ({
  name,
  image,
  imageID: `docker-pullable://${image.split(':')[0] ?? image}@sha256:${digest}`,
});

export function podList(items: unknown[]) {
  return { apiVersion: 'v1', kind: 'List', metadata: { resourceVersion: '' }, items };
}
