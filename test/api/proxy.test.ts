import { afterEach, describe, expect, it } from 'vitest';
import { ComplianceClient } from '../../src/api/index.js';
import { TEST_TOKEN } from '../helpers/secrets.js';
import { startProxy } from '../helpers/proxy.js';
import { json, startServer, type TestServer } from '../helpers/server.js';

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
