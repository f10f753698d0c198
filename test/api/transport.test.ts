/**
 * The transport's two paths (src/api/exchange.ts, node:http(s); src/api/proxy-transport.ts, undici behind a proxy):
 * https to a loopback TLS service, kept-alive connections, close() and an oversized answer dropping the socket, and
 * which hosts go through a proxy. What each path loads is recorded through the bundle (test/dist/module-load.test.ts).
 */
import { readFileSync } from 'node:fs';
import { createServer, type ServerOptions } from 'node:https';
import type { AddressInfo } from 'node:net';
import { getCACertificates, setDefaultCACertificates, TLSSocket } from 'node:tls';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ComplianceClient,
  NetworkError,
  UnexpectedResponseError,
  resolveConnection,
  type ConnectionOptions,
} from '../../src/api/index.js';
import { startProxy } from '../helpers/proxy.js';
import { rejection } from '../helpers/rejection.js';
import { TEST_TOKEN } from '../helpers/secrets.js';
import { json, useClientAgainst } from '../helpers/server.js';

const setup = useClientAgainst();

/** Self-signed certificates (test only; valid until 2126): for localhost, 127.0.0.1 and ::1, or for `name`. */
function certificate(name = 'localhost'): ServerOptions & { cert: string } {
  const read = (ext: string) =>
    readFileSync(new URL(`../fixtures/tls/${name}.${ext}`, import.meta.url), 'utf8');
  return { cert: read('crt'), key: read('key') };
}
const TLS = certificate();

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
});

/** A loopback https service answering `[]`, counting TLS connections and requests. */
async function startTlsServer(tls: ServerOptions = TLS) {
  const seen = { connections: 0, requests: 0, encrypted: [] as boolean[] };
  const server = createServer(tls, (req, res) => {
    seen.requests++;
    seen.encrypted.push(req.socket instanceof TLSSocket && req.socket.encrypted);
    json(res, 200, []);
  });
  server.on('secureConnection', () => seen.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const handle = {
    origin: `https://127.0.0.1:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  opened.push(handle);
  return handle;
}

/** Trusts the test certificate as the runner would trust its own CA (NODE_EXTRA_CA_CERTS), until the test ends. */
function trustTestCertificate(cert = TLS.cert): void {
  const before = getCACertificates('default');
  setDefaultCACertificates([...before, cert]);
  opened.push({
    close: () => {
      setDefaultCACertificates(before);
      return Promise.resolve();
    },
  });
}

function clientFor(baseUrl: string, options: Partial<ConnectionOptions> = {}) {
  const client = new ComplianceClient(
    resolveConnection({ baseUrl, org: 'acme', token: TEST_TOKEN, ...options }),
  );
  opened.push(client);
  return client;
}

describe('https (node:https)', () => {
  it('talks to a loopback TLS service the runner trusts, on one kept-alive connection, never through a proxy', async () => {
    // A proxy elsewhere would reach its own loopback.
    trustTestCertificate();
    const server = await startTlsServer();
    const proxy = await startProxy();
    opened.push(proxy);
    const client = clientFor(server.origin, { proxy: { httpsProxy: proxy.url, httpProxy: proxy.url } });
    expect(await client.listActions()).toEqual([]);
    expect(await client.listActions()).toEqual([]);
    expect(server.seen).toEqual({ connections: 1, requests: 2, encrypted: [true, true] });
    expect(proxy.seen).toEqual([]);
  });

  it('refuses a certificate the runner does not trust: a network error naming why, and nothing sent', async () => {
    const server = await startTlsServer();
    const client = clientFor(server.origin, { retries: 0 });
    const error = await rejection(client.listActions(), NetworkError);
    expect(error.message).toContain('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(server.seen.requests).toBe(0);
  });
});

describe('connections', () => {
  it('keeps connections alive: calls in turn share one, the pages of a listing a few', async () => {
    const ports: number[] = [];
    const pages = 12;
    const { client } = await setup((req, res) => {
      ports.push(res.socket?.remotePort ?? -1);
      const page = Number(req.url.searchParams.get('page') || 1);
      json(res, 200, {
        data: [{ name: `t${page}` }],
        pagination: { total: pages, page, per_page: 1, page_count: pages },
      });
    });
    await client.listTrails({ page: 1, per_page: 1 });
    await client.listTrails({ page: 2, per_page: 1 });
    expect(ports).toHaveLength(2);
    expect(new Set(ports).size).toBe(1);

    ports.length = 0;
    const all = await client.listAllTrails({}, { perPage: 1, concurrency: 4 });
    expect(all.items).toHaveLength(pages);
    expect(ports).toHaveLength(pages);
    // A connection per request would be 12; the first page and then four at a time need four at most.
    expect(new Set(ports).size).toBeLessThanOrEqual(4);
  });

  it('close() during a request ends the call at once as closed, and drops its connection', async () => {
    let dropped = false;
    const { server, client } = await setup((_req, res) => {
      res.socket?.on('close', () => (dropped = true));
      // Never answers.
    });
    const call = client.listActions().catch((e: unknown) => e);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    await client.close();
    const error = (await call) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toContain('the client was closed');
    await vi.waitFor(() => expect(dropped).toBe(true));
    expect(server.requests).toHaveLength(1);
  });

  it('stops reading an answer past maxResponseBytes, dropping its socket, without retrying', async () => {
    const total = 8 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    let dropped = false;
    const { server, client } = await setup(
      (_req, res) => {
        res.socket?.on('close', () => (dropped = true));
        res.on('error', () => undefined);
        res.writeHead(200, { 'content-type': 'application/json' });
        const more = () => {
          if (dropped || sent >= total) {
            res.end();
            return;
          }
          sent += chunk.length;
          res.write(chunk);
          setTimeout(more, 2);
        };
        more();
      },
      { maxResponseBytes: 1024 * 1024 },
    );
    const error = await rejection(client.listActions(), UnexpectedResponseError);
    expect(error.message).toBe(
      'unexpected response from GET /actions/{org}: the answer is larger than 1048576 bytes; not read',
    );
    await vi.waitFor(() => expect(dropped).toBe(true));
    expect(sent).toBeLessThan(total);
    expect(server.requests).toHaveLength(1);
  });
});

describe('the proxy path (undici)', () => {
  it('sends plain http through HTTP_PROXY, around it for NO_PROXY hosts, and never to loopback', async () => {
    const proxy = await startProxy();
    opened.push(proxy);
    const { server } = await setup((_req, res) => json(res, 200, []));
    const list = (baseUrl: string, via: ConnectionOptions['proxy']) =>
      clientFor(baseUrl, { allowInsecureHttp: true, proxy: via }).listActions();
    // 0.0.0.0 reaches the loopback server on Linux, but is not loopback to the client: a remote host, as behind a
    // proxy in a private network.
    const remote = server.origin.replace('127.0.0.1', '0.0.0.0');
    await list(remote, { httpProxy: proxy.url });
    expect(proxy.seen).toEqual([`GET ${remote}/api/v2/actions/acme`]);
    await list(remote, { httpProxy: proxy.url, noProxy: '0.0.0.0' });
    // Plain http to loopback through a proxy would send the token off the machine.
    for (const host of ['127.0.0.1', 'localhost']) {
      await list(server.origin.replace('127.0.0.1', host), { httpProxy: proxy.url, httpsProxy: proxy.url });
    }
    expect(proxy.seen).toHaveLength(1);
    expect(server.requests).toHaveLength(4);
  });

  it('the one dispatcher (the service behind a proxy, and registries) reaches loopback directly, the rest through it', async () => {
    const proxy = await startProxy();
    opened.push(proxy);
    const { server } = await setup((_req, res) => json(res, 200, []));
    const { createDispatcher } = await import('../../src/api/proxy-transport.js');
    const { request } = await import('undici');
    const dispatcher = createDispatcher({
      httpProxy: proxy.url,
      httpsProxy: proxy.url,
      noProxy: 'example.test',
    });
    // Without a proxy, a plain agent.
    const direct = createDispatcher({});
    opened.push(dispatcher, direct);
    const hosts = ['127.0.0.1', 'localhost', '0.0.0.0'];
    for (const [host, via] of [...hosts.map((h) => [h, dispatcher] as const), ['0.0.0.0', direct] as const]) {
      const answer = await request(server.origin.replace('127.0.0.1', host), {
        dispatcher: via,
        headers: { authorization: 'Basic c2VjcmV0' },
      });
      await answer.body.text();
    }
    // Loopback twice around the proxy; 0.0.0.0, which is not loopback to the client, through it.
    expect(proxy.seen).toEqual([`GET ${server.origin.replace('127.0.0.1', '0.0.0.0')}/`]);
    expect(server.requests).toHaveLength(4);
  });

  it('tunnels https to the service through the proxy with CONNECT', async () => {
    // Loopback is never proxied: the service is a name of the proxy's own (tunnel.test, which it resolves to the
    // loopback server), with a certificate for that name.
    const tls = certificate('tunnel.test');
    trustTestCertificate(tls.cert);
    const server = await startTlsServer(tls);
    const proxy = await startProxy({ hosts: { 'tunnel.test': '127.0.0.1' } });
    opened.push(proxy);
    const client = clientFor(`https://tunnel.test:${server.port}`, { proxy: { httpsProxy: proxy.url } });
    expect(await client.listActions()).toEqual([]);
    expect(proxy.seen).toEqual([`CONNECT tunnel.test:${server.port}`]);
    expect(server.seen.encrypted).toEqual([true]);
  });

  it('close() while the proxy path is still being opened ends the call as closed, sending nothing', async () => {
    const proxy = await startProxy();
    opened.push(proxy);
    const { server } = await setup((_req, res) => json(res, 200, []));
    const client = clientFor(server.origin, { proxy: { httpProxy: proxy.url } });
    const call = client.listActions().catch((e: unknown) => e);
    await client.close();
    const error = (await call) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toContain('the client was closed');
    expect(proxy.seen).toEqual([]);
    expect(server.requests).toEqual([]);
  });

  it('a proxy client that cannot be loaded fails the call at once, not as a network fault retried to the deadline', async () => {
    // A fault no real install here can produce (a chunk missing from dist/, a client that cannot be built), so the
    // module is replaced for this test.
    vi.resetModules();
    vi.doMock('../../src/api/proxy-transport.js', () => ({
      ProxyExchange: function ProxyExchange() {
        throw new Error('chunk missing');
      },
    }));
    try {
      const fresh = await import('../../src/api/index.js');
      const proxy = await startProxy();
      opened.push(proxy);
      const { server } = await setup((_req, res) => json(res, 200, []));
      const debug: string[] = [];
      const client = new fresh.ComplianceClient(
        fresh.resolveConnection({
          // Not loopback to the client (which reaches loopback directly, never through a proxy).
          baseUrl: server.origin.replace('127.0.0.1', '0.0.0.0'),
          allowInsecureHttp: true,
          org: 'acme',
          token: TEST_TOKEN,
          proxy: { httpProxy: proxy.url },
          retries: 3,
          backoffBaseMs: 200,
          logger: { debug: (message: string) => debug.push(message) },
        }),
      );
      opened.push(client);
      const error = await rejection(client.listActions(), Error);
      expect(error).not.toBeInstanceOf(fresh.NetworkError);
      expect(String(error)).toContain('chunk missing');
      // Not retried: a broken install is no network fault (counted from the client's own debug lines, not timed).
      expect(debug.filter((line) => line.includes('retrying'))).toEqual([]);
      expect(proxy.seen).toEqual([]);
      expect(server.requests).toEqual([]);
    } finally {
      vi.doUnmock('../../src/api/proxy-transport.js');
      vi.resetModules();
    }
  });
});
