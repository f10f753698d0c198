/**
 * A loopback fake of the Kubernetes API server, enough for the real `kubectl get pods -o json`: legacy discovery and
 * pod lists cluster-wide or per namespace, chunked by `limit`/`continue` as a real API server does; any other path is
 * a 404 Status. Records the pod list requests so tests can assert what kubectl asked for.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanedAfterEach, json, startServer } from './server.js';

const POD_LIST_PATH = /^\/api\/v1\/(?:namespaces\/([^/]+)\/)?pods$/;

const status = (code: number, reason: string, message: string) => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message,
  reason,
  details: { kind: 'pods' },
  code,
});

const DISCOVERY: Record<string, unknown> = {
  '/api': { kind: 'APIVersions', versions: ['v1'] },
  '/apis': { kind: 'APIGroupList', apiVersion: 'v1', groups: [] },
  '/api/v1': {
    kind: 'APIResourceList',
    groupVersion: 'v1',
    resources: [{ name: 'pods', singularName: 'pod', namespaced: true, kind: 'Pod', verbs: ['get', 'list'] }],
  },
};

/**
 * A cluster holding `pods` (each with `metadata.namespace`); with `podsStatus`, every pod list is answered with that
 * status (a Kubernetes `Status` object), e.g. 403 Forbidden.
 */
async function startKubeApi(options: { pods?: unknown[]; podsStatus?: number | undefined } = {}) {
  const pods = options.pods ?? [];
  /** Each pod list asked for: its namespace (undefined for the cluster-wide list), `limit` and `continue`. */
  const podRequests: { namespace: string | undefined; limit: string | null; continue: string | null }[] = [];
  const server = await startServer((req, res) => {
    const path = req.url.pathname.replace(/\/$/, '');
    const podList = POD_LIST_PATH.exec(path);
    if (req.method !== 'GET' || (!podList && !(path in DISCOVERY)))
      return json(res, 404, status(404, 'NotFound', 'the server could not find the requested resource'));
    if (!podList) return json(res, 200, DISCOVERY[path]);
    const namespace = podList[1] === undefined ? undefined : decodeURIComponent(podList[1]);
    const query = req.url.searchParams;
    podRequests.push({ namespace, limit: query.get('limit'), continue: query.get('continue') });
    if (options.podsStatus !== undefined) {
      const where = namespace === undefined ? 'at the cluster scope' : `in the namespace "${namespace}"`;
      const user = 'User "system:serviceaccount:ci:reporter"';
      return json(
        res,
        options.podsStatus,
        status(
          options.podsStatus,
          'Forbidden',
          `pods is forbidden: ${user} cannot list resource "pods" in API group "" ${where}`,
        ),
      );
    }
    const selected = pods.filter((p) => namespace === undefined || namespaceOf(p) === namespace);
    const limit = Number(query.get('limit') ?? '0');
    const start = Number(query.get('continue') ?? '0');
    const end = limit > 0 ? Math.min(start + limit, selected.length) : selected.length;
    json(res, 200, {
      kind: 'PodList',
      apiVersion: 'v1',
      metadata: {
        resourceVersion: '4242',
        ...(end < selected.length && { continue: String(end), remainingItemCount: selected.length - end }),
      },
      items: selected.slice(start, end),
    });
  });
  return {
    /** `http://127.0.0.1:<port>` */
    origin: server.origin,
    port: Number(new URL(server.origin).port),
    podRequests: () => [...podRequests],
    /** The namespaces of the pod lists asked for, sorted (undefined for the cluster-wide list). */
    namespacesAsked: () => podRequests.map((r) => r.namespace).sort(),
    close: () => server.close(),
  };
}

function namespaceOf(pod: unknown): unknown {
  return (pod as { metadata?: { namespace?: unknown } } | null)?.metadata?.namespace;
}

export interface Kubeconfig {
  /** The kubeconfig file. */
  path: string;
  /** A temporary directory holding it, also usable as HOME / cache dir of kubectl. */
  dir: string;
  remove(): Promise<void>;
}

/**
 * A kubeconfig (JSON, which is YAML) in a new temporary directory: a context per entry (name → API server origin)
 * over plain http, the first the current one; kubectl sends no credentials to plain http.
 */
async function writeKubeconfig(contexts: Record<string, string>): Promise<Kubeconfig> {
  const dir = await mkdtemp(join(tmpdir(), 'kube-api-'));
  const path = join(dir, 'kubeconfig');
  const names = Object.keys(contexts);
  const config = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: names.map((name) => ({
      name: `${name}-cluster`,
      cluster: { server: contexts[name], 'insecure-skip-tls-verify': true },
    })),
    users: [{ name: 'fake-user', user: { token: 'fake-kube-bearer-token' } }],
    contexts: names.map((name) => ({ name, context: { cluster: `${name}-cluster`, user: 'fake-user' } })),
    'current-context': names[0] ?? '',
  };
  await writeFile(path, JSON.stringify(config, null, 2));
  return { path, dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Loopback API servers and kubeconfigs for a test, closed and removed after it. */
export function useKubeApi() {
  const later = cleanedAfterEach();
  return {
    cluster: async (pods: unknown[] = [], podsStatus?: number) => {
      const api = await startKubeApi({ pods, podsStatus });
      later(() => api.close());
      return api;
    },
    kubeconfig: async (contexts: Record<string, string>) => {
      const kc = await writeKubeconfig(contexts);
      later(() => kc.remove());
      return kc;
    },
  };
}
