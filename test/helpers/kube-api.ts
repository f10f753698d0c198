/**
 * A loopback fake of the Kubernetes API server, enough for the real `kubectl get pods -o json`: `/version`, legacy
 * discovery (`/api`, `/apis`, `/api/v1`), and pod lists cluster-wide or per namespace, chunked by `limit`/`continue`
 * as a real API server does. kubectl 1.32 asks for aggregated discovery first and takes the legacy documents
 * instead; it asks for no OpenAPI; any other path is a 404 Status. Records every request so tests can assert what
 * kubectl asked for.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface KubeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  accept: string;
  authorization: string | undefined;
}

export interface PodListRequest {
  /** The namespace asked for; undefined for the cluster-wide list. */
  namespace: string | undefined;
  limit: string | null;
  continue: string | null;
}

export interface KubeApiOptions {
  /** The pods the cluster holds; each must have `metadata.namespace`. */
  pods?: unknown[];
  /** Answer every pod list with this status (a Kubernetes `Status` object), e.g. 403 Forbidden. */
  podsStatus?: number;
  /** `gitVersion` of `/version` (the Google Cloud SDK kubectl picks its own minor version from it). */
  gitVersion?: string;
}

export interface FakeKubeApi {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  requests: KubeRequest[];
  /** The pod list requests, in order. */
  podRequests(): PodListRequest[];
  close(): Promise<void>;
}

export const FAKE_KUBE_TOKEN = 'fake-kube-bearer-token';

const POD_LIST_PATH = /^\/api\/v1\/(?:namespaces\/([^/]+)\/)?pods$/;

export async function startKubeApi(options: KubeApiOptions = {}): Promise<FakeKubeApi> {
  const requests: KubeRequest[] = [];
  const sockets = new Set<Socket>();
  const pods = options.pods ?? [];
  const gitVersion = options.gitVersion ?? 'v1.32.4';
  let port = 0;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      accept: req.headers.accept ?? '',
      authorization: req.headers.authorization,
    });
    req.resume();
    if (req.method !== 'GET') return status(res, 405, 'MethodNotAllowed', 'only GET is served');
    const path = url.pathname.replace(/\/$/, '') || '/';

    if (path === '/version') {
      const [major = '1', minor = '32'] = gitVersion.replace(/^v/, '').split('.');
      return json(res, 200, {
        major,
        minor,
        gitVersion,
        gitCommit: '0000000000000000000000000000000000000000',
        gitTreeState: 'clean',
        buildDate: '2026-01-01T00:00:00Z',
        goVersion: 'go1.23.0',
        compiler: 'gc',
        platform: 'linux/amd64',
      });
    }
    if (path === '/api') {
      return json(res, 200, {
        kind: 'APIVersions',
        versions: ['v1'],
        serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: `127.0.0.1:${port}` }],
      });
    }
    if (path === '/apis') return json(res, 200, { kind: 'APIGroupList', apiVersion: 'v1', groups: [] });
    if (path === '/api/v1') {
      return json(res, 200, {
        kind: 'APIResourceList',
        groupVersion: 'v1',
        resources: [
          {
            name: 'pods',
            singularName: 'pod',
            namespaced: true,
            kind: 'Pod',
            verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
            shortNames: ['po'],
            categories: ['all'],
          },
          {
            name: 'namespaces',
            singularName: 'namespace',
            namespaced: false,
            kind: 'Namespace',
            verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
            shortNames: ['ns'],
          },
        ],
      });
    }

    const podList = POD_LIST_PATH.exec(path);
    if (podList) {
      const namespace = podList[1] === undefined ? undefined : decodeURIComponent(podList[1]);
      if (options.podsStatus !== undefined) {
        const where = namespace === undefined ? 'at the cluster scope' : `in the namespace "${namespace}"`;
        return status(
          res,
          options.podsStatus,
          options.podsStatus === 403 ? 'Forbidden' : 'InternalError',
          options.podsStatus === 403
            ? `pods is forbidden: User "system:serviceaccount:ci:reporter" cannot list resource "pods" in API group "" ${where}`
            : 'the fake API server was told to fail',
        );
      }
      const selected = pods.filter((p) => namespace === undefined || namespaceOf(p) === namespace);
      const limit = Number(url.searchParams.get('limit') ?? '0');
      const start = Number(url.searchParams.get('continue') ?? '0');
      const end = limit > 0 ? Math.min(start + limit, selected.length) : selected.length;
      return json(res, 200, {
        kind: 'PodList',
        apiVersion: 'v1',
        metadata: {
          resourceVersion: '4242',
          ...(end < selected.length && { continue: String(end), remainingItemCount: selected.length - end }),
        },
        items: selected.slice(start, end),
      });
    }
    return status(res, 404, 'NotFound', 'the server could not find the requested resource');
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;

  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    podRequests: () =>
      requests.flatMap((r) => {
        const match = POD_LIST_PATH.exec(r.path);
        if (!match) return [];
        return [
          {
            namespace: match[1] === undefined ? undefined : decodeURIComponent(match[1]),
            limit: r.query.get('limit'),
            continue: r.query.get('continue'),
          },
        ];
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function namespaceOf(pod: unknown): unknown {
  return (pod as { metadata?: { namespace?: unknown } } | null)?.metadata?.namespace;
}

function json(res: ServerResponse, code: number, body: unknown): void {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function status(res: ServerResponse, code: number, reason: string, message: string): void {
  json(res, code, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    details: { kind: 'pods' },
    code,
  });
}

export interface Kubeconfig {
  /** The kubeconfig file. */
  path: string;
  /** A temporary directory holding it, also usable as HOME / cache dir of kubectl. */
  dir: string;
  remove(): Promise<void>;
}

/**
 * Writes a kubeconfig (JSON, which is YAML) in a new temporary directory: a context per entry of `contexts`
 * (context name → API server origin), each with its own cluster (plain http, marked insecure so no certificate is
 * involved) and a user with a dummy bearer token; `current` (by default the first context) is the current one.
 * kubectl sends no credentials to a plain-http server, so the token never reaches the fake.
 */
export async function writeKubeconfig(
  contexts: Record<string, string>,
  current?: string,
): Promise<Kubeconfig> {
  const dir = await mkdtemp(join(tmpdir(), 'kube-api-'));
  const path = join(dir, 'kubeconfig');
  const names = Object.keys(contexts);
  const config = {
    apiVersion: 'v1',
    kind: 'Config',
    preferences: {},
    clusters: names.map((name) => ({
      name: `${name}-cluster`,
      cluster: { server: contexts[name], 'insecure-skip-tls-verify': true },
    })),
    users: [{ name: 'fake-user', user: { token: FAKE_KUBE_TOKEN } }],
    contexts: names.map((name) => ({ name, context: { cluster: `${name}-cluster`, user: 'fake-user' } })),
    'current-context': current ?? names[0] ?? '',
  };
  await writeFile(path, JSON.stringify(config, null, 2));
  return { path, dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
