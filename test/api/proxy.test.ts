import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ComplianceClient } from '../../src/api/index.js';
import { TEST_TOKEN } from '../helpers/secrets.js';
import { json, startServer, type TestServer } from '../helpers/server.js';

/** A forward proxy on loopback that handles CONNECT tunnels and absolute-form requests, counting both. */
async function startProxy(): Promise<{ url: string; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method ?? ''} ${req.url ?? ''}`);
    const target = new URL(req.url ?? '');
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: req.method,
        headers: req.headers,
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url ?? ''}`);
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.on('connection', (s) => sockets.add(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

let target: TestServer | undefined;
let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;

afterEach(async () => {
  await target?.close();
  await proxy?.close();
});

describe('proxies', () => {
  it('sends requests through HTTP_PROXY, and around it for NO_PROXY hosts', async () => {
    target = await startServer((_req, res) => json(res, 200, []));
    proxy = await startProxy();
    const through = new ComplianceClient({
      baseUrl: target.origin,
      org: 'acme',
      token: TEST_TOKEN,
      proxy: { httpProxy: proxy.url },
    });
    await through.listActions();
    await through.close();
    expect(proxy.seen).toHaveLength(1);
    expect(proxy.seen[0]).toContain(target.origin.replace('http://', ''));
    expect(target.requests).toHaveLength(1);

    const around = new ComplianceClient({
      baseUrl: target.origin,
      org: 'acme',
      token: TEST_TOKEN,
      proxy: { httpProxy: proxy.url, noProxy: '127.0.0.1' },
    });
    await around.listActions();
    await around.close();
    expect(proxy.seen).toHaveLength(1);
    expect(target.requests).toHaveLength(2);
  });
});
