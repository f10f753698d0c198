import { describe, expect, it } from 'vitest';
import {
  ComplianceClient,
  InputError,
  normalizeBaseUrl,
  proxyFromEnv,
  resolveConnection,
} from '../../src/api/index.js';
import { TEST_TOKEN } from '../helpers/secrets.js';

describe('base URL', () => {
  it.each([
    ['https://c.example', 'https://c.example/api/v2'],
    ['https://c.example/', 'https://c.example/api/v2'],
    ['https://c.example/api/v2', 'https://c.example/api/v2'],
    ['https://c.example/api/v2///', 'https://c.example/api/v2'],
    ['  https://c.example:8443/prefix  ', 'https://c.example:8443/prefix/api/v2'],
    ['http://localhost:8080', 'http://localhost:8080/api/v2'],
    ['http://127.0.0.1:9/api/v2', 'http://127.0.0.1:9/api/v2'],
    ['http://[::1]:9', 'http://[::1]:9/api/v2'],
    ['http://sandbox.localhost', 'http://sandbox.localhost/api/v2'],
  ])('normalizes %j', (input, expected) => {
    expect(normalizeBaseUrl(input).href).toBe(expected);
  });

  it.each([
    ['', /'api-url': is empty/],
    ['c.example', /'c.example' is not a URL/],
    ['ftp://c.example', /scheme 'ftp:' is not supported/],
    ['https://user:pw@c.example', /must not carry credentials/],
    ['https://c.example/?org=x', /must not have a query/],
    ['http://c.example', /plain http to 'c.example' would send the token in clear text/],
    ['http://10.0.0.8:8080', /plain http to '10.0.0.8'/],
    ['https://c.example/api/v1', /is not the root of API v2/],
    ['https://c.example/API/v2', /is not the root of API v2/],
    ['https://c.example/api/v2/actions/acme', /is not the root of API v2/],
  ])('refuses %j', (input, message) => {
    expect(() => normalizeBaseUrl(input)).toThrow(InputError);
    expect(() => normalizeBaseUrl(input)).toThrow(message);
  });

  it('allows plain http to another host only when asked to', () => {
    expect(normalizeBaseUrl('http://c.internal', true).href).toBe('http://c.internal/api/v2');
  });
});

describe('client options', () => {
  const base = { baseUrl: 'https://c.example', org: 'acme', token: TEST_TOKEN };

  it.each([
    [{ token: '  ' }, /'api-token': is empty/],
    [{ token: 'tok-123\nx' }, /contains a line break/],
    [{ org: 'https://c.example/acme' }, /'org': .*not a valid organization/],
    [{ retries: -1 }, /'retries': -1 is out of range/],
    [{ retries: 1.5 }, /'retries': 1.5 is out of range.*whole number/],
    [{ token: 'tok_ü€_123' }, /not printable ASCII/],
    [{ token: 'tok with space' }, /contains a space/],
  ])('refuses %j before connecting', (options, message) => {
    expect(() => new ComplianceClient(resolveConnection({ ...base, ...options }))).toThrow(message);
  });

  it('gives all calls 120 s by default, an attempt a quarter of that, so retries fit in the budget', () => {
    const { connection: config } = new ComplianceClient(resolveConnection(base));
    expect(config.deadlineMs).toBe(120_000);
    expect(config.attemptTimeoutMs).toBe(30_000);
    expect(config.attemptTimeoutMs * (config.retries + 1)).toBeLessThanOrEqual(config.deadlineMs);
  });

  it('never shows the token in a configuration error', () => {
    const token = `${TEST_TOKEN}\n${TEST_TOKEN}`;
    expect(() => new ComplianceClient(resolveConnection({ ...base, token }))).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(TEST_TOKEN) as string }),
    );
  });

  it('reads proxies from the usual variables, lowercase first', () => {
    expect(proxyFromEnv({ HTTPS_PROXY: 'http://p:3128', NO_PROXY: 'localhost' })).toEqual({
      httpsProxy: 'http://p:3128',
      noProxy: 'localhost',
    });
    expect(proxyFromEnv({ http_proxy: 'http://a', HTTP_PROXY: 'http://b' })).toEqual({
      httpProxy: 'http://a',
    });
    expect(proxyFromEnv({})).toEqual({});
  });

  it.each([{ httpsProxy: 'proxy:3128' }, { httpProxy: 'not a url' }, { httpsProxy: 'socks5://u:pw@p:1080' }])(
    'refuses the proxy %j, which is not an http(s) URL, before any request, without showing it',
    (proxy) => {
      const connect = () => new ComplianceClient(resolveConnection({ ...base, proxy }));
      expect(connect).toThrow(InputError);
      expect(connect).toThrow(/_proxy \(or [A-Z_]+\)'?: is not an http\(s\) URL/);
      expect(connect).toThrow(
        expect.objectContaining({
          message: expect.not.stringContaining(String(Object.values(proxy)[0])) as string,
        }),
      );
    },
  );

  it('takes a proxy with credentials', () => {
    const proxy = { httpsProxy: 'http://u:pw@p:3128' };
    expect(() => new ComplianceClient(resolveConnection({ ...base, proxy }))).not.toThrow();
  });
});
