import { afterEach, describe, expect, it } from 'vitest';
import { ComplianceClient, type ConnectionOptions, resolveConnection } from '../../src/api/index.js';
import { TEST_TOKEN } from '../helpers/secrets.js';
import { startProxy } from '../helpers/proxy.js';
import { json, startServer, type TestServer } from '../helpers/server.js';

let target: TestServer | undefined;
let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;

afterEach(async () => {
  await target?.close();
  await proxy?.close();
});

/** Lists actions once at `baseUrl` with `proxy` (plain http allowed), and closes the client. */
async function listActions(baseUrl: string, proxy: ConnectionOptions['proxy']): Promise<void> {
  const options = { baseUrl, org: 'acme', token: TEST_TOKEN, allowInsecureHttp: true, proxy };
  const client = new ComplianceClient(resolveConnection(options));
  await client.listActions();
  await client.close();
}

describe('proxies', () => {
  it('sends requests through HTTP_PROXY, and around it for NO_PROXY hosts', async () => {
    target = await startServer((_req, res) => json(res, 200, []));
    proxy = await startProxy();
    // 0.0.0.0 reaches the loopback server on Linux, but is not loopback to the client: a remote host, as behind a
    // proxy in a private network (plain http allowed).
    const remote = target.origin.replace('127.0.0.1', '0.0.0.0');
    await listActions(remote, { httpProxy: proxy.url });
    expect(proxy.seen).toHaveLength(1);
    expect(proxy.seen[0]).toContain(remote.replace('http://', ''));
    expect(target.requests).toHaveLength(1);

    await listActions(remote, { httpProxy: proxy.url, noProxy: '0.0.0.0' });
    expect(proxy.seen).toHaveLength(1);
    expect(target.requests).toHaveLength(2);
  });

  it('never sends plain http to loopback through a proxy: the token would leave the machine (found by review)', async () => {
    target = await startServer((_req, res) => json(res, 200, []));
    proxy = await startProxy();
    for (const host of ['127.0.0.1', 'localhost']) {
      await listActions(target.origin.replace('127.0.0.1', host), {
        httpProxy: proxy.url,
        httpsProxy: proxy.url,
      });
    }
    expect(proxy.seen).toEqual([]);
    expect(target.requests).toHaveLength(2);
  });

  it('the one dispatcher (the service behind a proxy, and registries) reaches loopback directly, the rest through it', async () => {
    target = await startServer((_req, res) => json(res, 200, []));
    proxy = await startProxy();
    const { createDispatcher } = await import('../../src/api/proxy-transport.js');
    const { request } = await import('undici');
    const dispatcher = createDispatcher({
      httpProxy: proxy.url,
      httpsProxy: proxy.url,
      noProxy: 'example.test',
    });
    try {
      for (const host of ['127.0.0.1', 'localhost', '0.0.0.0']) {
        const answer = await request(target.origin.replace('127.0.0.1', host), {
          dispatcher,
          headers: { authorization: 'Basic c2VjcmV0' },
        });
        await answer.body.text();
      }
    } finally {
      await dispatcher.close();
    }
    // Loopback twice around the proxy; 0.0.0.0, which is not loopback to the client, through it.
    expect(proxy.seen).toEqual([`GET ${target.origin.replace('127.0.0.1', '0.0.0.0')}/`]);
    expect(target.requests).toHaveLength(3);
  });
});
