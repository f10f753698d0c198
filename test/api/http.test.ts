import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ComplianceClient,
  type ConnectionOptions,
  NetworkError,
  TimeoutError,
  UnexpectedResponseError,
  isRetryableStatus,
  parseRetryAfter,
  retryDelay,
  resolveConnection,
} from '../../src/api/index.js';
import { guardSecret, TEST_TOKEN } from '../helpers/secrets.js';
import { closedOrigin, json, useClientAgainst } from '../helpers/server.js';

const setup = useClientAgainst();

describe('retry policy (pure)', () => {
  it('retries network-like statuses only', () => {
    for (const s of [409, 429, 500, 502, 503, 504, 599]) expect(isRetryableStatus(s)).toBe(true);
    for (const s of [200, 201, 400, 401, 403, 404, 405, 413, 415, 501])
      expect(isRetryableStatus(s)).toBe(false);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-3', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('backs off exponentially with jitter between half and all of the step, capped', () => {
    const opts = { baseMs: 1000, maxWaitMs: 60_000 };
    expect(retryDelay(1, { ...opts, random: () => 0 })).toBe(500);
    expect(retryDelay(1, { ...opts, random: () => 1 })).toBe(1000);
    expect(retryDelay(3, { ...opts, random: () => 0 })).toBe(2000);
    expect(retryDelay(3, { ...opts, random: () => 1 })).toBe(4000);
    expect(retryDelay(12, { ...opts, random: () => 1 })).toBe(60_000);
    expect(retryDelay(1, { ...opts, random: () => 0, retryAfterMs: 9000 })).toBe(9000);
    expect(retryDelay(1, { ...opts, random: () => 0, retryAfterMs: 600_000 })).toBe(60_000);
  });
});

describe('HTTP transport against a misbehaving loopback server', () => {
  it('retries a report on 503 and 409 (a lock), the same body each time, with growing waits', async () => {
    const { server, client } = await setup((_req, res, i) => {
      if (i < 2) json(res, [503, 409][i] ?? 0, { message: 'busy' });
      else json(res, 201, { message: 'OK' });
    });
    const report = { fingerprint: 'a'.repeat(64), filename: 'app.tgz', build_url: 'https://ci/1' };
    await client.reportArtifact('app', { ...report, commit_url: 'https://git/c/1' });
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'POST', 'POST']);
    expect(new Set(server.requests.map((r) => r.body))).toEqual(new Set([server.requests[0]?.body]));
    expect(server.requests[0]?.body).toContain('"filename":"app.tgz"');
    const [a, b, c] = server.requests.map((r) => r.at) as [number, number, number];
    // random() = 0.5 gives 3/4 of each step: 15 ms, then 30 ms.
    expect(b - a).toBeGreaterThanOrEqual(14);
    expect(c - b).toBeGreaterThanOrEqual(29);
  });

  it.each<[string, number, object, () => string, Partial<ConnectionOptions>]>([
    ['in seconds on 429', 429, { message: 'slow down' }, () => '1', {}],
    // An HTTP date has whole seconds: the wait is between 1 and 2 s.
    ['as an HTTP date', 503, {}, () => new Date(Date.now() + 2000).toUTCString(), {}],
    ['in full when it is within the cap: it shortens nothing', 503, {}, () => '1', { maxWaitMs: 1500 }],
  ])('honours Retry-After %s', async (_, status, body, retryAfter, options) => {
    const { server, client } = await setup((_req, res, i) => {
      if (i === 0) json(res, status, body, { 'retry-after': retryAfter() });
      else json(res, 200, []);
    }, options);
    await client.listActions();
    const [a, b] = server.requests.map((r) => r.at) as [number, number];
    expect(b - a).toBeGreaterThanOrEqual(990);
  });

  it('gives up at once, saying why, when Retry-After is longer than the longest wait', async () => {
    const { server, client } = await setup(
      (_req, res) => json(res, 429, { message: 'quota exhausted' }, { 'retry-after': '3600' }),
      { maxWaitMs: 100 },
    );
    const error = (await client.listActions().catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toContain('quota exhausted');
    expect(error.message).toContain('the service asked to retry after 3600 s');
    expect(server.requests).toHaveLength(1);
  });

  it('keeps what the server said when the last attempts fail on the network', async () => {
    const { client } = await setup((_req, res, i) => {
      if (i === 0) json(res, 503, { message: 'maintenance until 10:00' });
      else res.socket?.destroy();
    });
    const error = (await client.listActions().catch((e: unknown) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.lastServerMessage).toBe('maintenance until 10:00');
    expect(error.message).toContain('earlier the service said: maintenance until 10:00');
  });

  it('takes the answer to a report as delivered only on no body or JSON, saying what came back', async () => {
    const login = `<!DOCTYPE html>\n<html><body>Sign in to continue (token ${TEST_TOKEN})</body></html>`;
    // [content type, body, the message delivered, or undefined when refused]
    const answers: [string | undefined, string, string | undefined][] = [
      ['application/json; charset=utf-8', '{"message": "OK", "id": 7}', 'OK'],
      ['application/problem+json; charset=utf-8', '{"message": "made"}', 'made'],
      ['application/json', '"OK"', 'OK'],
      ['application/json', '{"errors": {}}', ''],
      ['application/json', '{"message": 7, "errors": {}}', ''],
      ['application/json', '{"status": "queued", "message": null}', ''],
      ['application/json', '{}', ''],
      ['application/json', 'null', ''],
      ['application/json', '', ''],
      [undefined, '', ''],
      ['text/plain', 'Created', undefined],
      ['text/plain', '"OK"', undefined],
      ['application/json', '[]', undefined],
      ['application/json', '[1]', undefined],
      ['text/html', '{"message": "OK"}', undefined],
      ['application/json', '<html>OK</html>', undefined],
      ['text/html', '', undefined],
      ['text/html; charset=utf-8', login, undefined],
    ];
    // Each answer twice: to a report of an artifact (201), then of an environment (200: no new snapshot).
    const { server, client } = await setup((_req, res, i) => {
      const [type, body] = answers[Math.floor(i / 2)] ?? [undefined, ''];
      res.writeHead(i % 2 === 0 ? 201 : 200, type === undefined ? {} : { 'content-type': type });
      res.end(body);
    });
    const report = {
      fingerprint: 'a'.repeat(64),
      filename: 'app.tgz',
      build_url: 'https://ci/1',
      commit_url: 'https://git/c/1',
    };
    const refusal = (status: number, type: string | undefined, body: string) =>
      `HTTP ${status}, ${type === undefined ? 'no content type' : `content type ${JSON.stringify(type)}`}, ` +
      `${body === '' ? 'an empty body' : `first line ${JSON.stringify(body.split('\n')[0])}`}: not the service's ` +
      'answer to a report (no body, or JSON: an object, a string or null), so the report is not taken as delivered';
    const reports = [
      [201, 'POST /artifacts/{org}/{flow_name}', () => client.reportArtifact('app', report)],
      [
        200,
        'PUT /environments/{org}/{env_name}/report/K8S',
        () => client.reportK8sEnvironment('prod', { artifacts: [] }),
      ],
    ] as const;
    for (const [type, body, message] of answers) {
      for (const [status, endpoint, call] of reports) {
        const said = await call().catch((e: unknown) => (e as Error).message);
        if (message !== undefined) expect(said, `${type} ${body}`).toMatchObject({ status, message });
        else expect(said).toBe(`unexpected response from ${endpoint}: ${refusal(status, type, body)}`);
      }
    }
    expect(server.requests).toHaveLength(answers.length * 2);
  });

  it('does not retry 501 or 4xx, and keeps the server message and field errors', async () => {
    const { server, client } = await setup((_req, res) =>
      json(res, 400, {
        message: 'Input payload validation failed',
        errors: { 'query.per_page': 'must be at most 100' },
      }),
    );
    const error = await client.listTrails().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect(e.status).toBe(400);
    expect(e.attempts).toBe(1);
    expect(e.fieldErrors).toEqual({ 'query.per_page': 'must be at most 100' });
    expect(e.message).toContain(
      'GET /trails/{org} failed with HTTP 400 Bad Request: Input payload validation failed',
    );
    expect(e.message).toContain('query.per_page: must be at most 100');
    expect(server.requests).toHaveLength(1);
    const { server: other, client: c501 } = await setup((_req, res) => json(res, 501, { message: 'nope' }));
    await expect(c501.listActions()).rejects.toMatchObject({ status: 501, attempts: 1 });
    expect(other.requests).toHaveLength(1);
  });

  it('keeps the last server message when retries run out', async () => {
    const { server, client } = await setup(
      (_req, res, i) => json(res, 503, { message: `maintenance window ${i}` }),
      { retries: 3 },
    );
    const error = (await client.listActions().catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(server.requests).toHaveLength(4);
    expect(error.attempts).toBe(4);
    expect(error.serverMessage).toBe('maintenance window 3');
    expect(error.message).toContain('maintenance window 3');
    expect(error.message).toContain('after 4 attempts');
  });

  it('retries a reset connection and then reports a network error naming the cause', async () => {
    const { server, client } = await setup((_req, res) => {
      res.socket?.destroy();
    });
    const error = await client.listActions().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).attempts).toBe(4);
    expect((error as Error).message).toMatch(/could not reach the service: .*\[after 4 attempts\]/);
    expect(server.requests).toHaveLength(4);
  });

  it('times out a slow attempt and retries it', async () => {
    const { server, client } = await setup(
      (_req, res, i) => {
        if (i === 0) setTimeout(() => json(res, 200, []), 1500);
        else json(res, 200, [{ extra: true }].slice(1));
      },
      { attemptTimeoutMs: 200 },
    );
    await expect(client.listActions()).resolves.toEqual([]);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up at the overall deadline with a timeout error', async () => {
    const { server, client } = await setup((_req, res) => void setTimeout(() => json(res, 200, []), 3000), {
      attemptTimeoutMs: 150,
      deadlineMs: 400,
      retries: 10,
    });
    const error = await client.listActions().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    // Stopped by the deadline, not after its 11 attempts (a busy machine only makes fewer fit).
    expect(server.requests.length).toBeLessThanOrEqual(3);
  });

  it('shares one budget among all the calls of a client: once it is spent, a call sends nothing', async () => {
    const { server, client } = await setup(() => undefined, {
      attemptTimeoutMs: 10_000,
      deadlineMs: 300,
      deadlineSetting: 'timeout-seconds',
    });
    const first = (await client.listActions().catch((e: unknown) => e)) as TimeoutError;
    expect(first).toBeInstanceOf(TimeoutError);
    expect(first.limit).toBe('deadline');
    expect(first.message).toBe(
      'GET /actions/{org} gave up: the time budget of 300 ms for the calls to the service ran out (timeout-seconds).',
    );
    expect(server.requests).toHaveLength(1);
    const second = (await client.listActions().catch((e: unknown) => e)) as TimeoutError;
    expect(second).toBeInstanceOf(TimeoutError);
    expect(second.attempts).toBe(0);
    expect(server.requests).toHaveLength(1);
  });

  it('stops retrying when the wait would pass the deadline, keeping the server message', async () => {
    const { server, client } = await setup(
      (_req, res) => json(res, 503, { message: 'down for upgrade' }, { 'retry-after': '30' }),
      { deadlineMs: 2000 },
    );
    const error = (await client.listActions().catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.serverMessage).toBe('down for upgrade');
    expect(server.requests).toHaveLength(1);
  });

  it('stopped by the budget, a reset connection is still reported as reset, not as time running out', async () => {
    // Each wait (3/4 of 200, 400, 800 ms) is checked against a 1 s budget: the third would pass it.
    const { client } = await setup(
      (_req, res) => {
        res.socket?.destroy();
      },
      {
        backoffBaseMs: 200,
        deadlineMs: 1000,
        deadlineSetting: 'timeout-seconds',
        retries: 10,
      },
    );
    const error = (await client.listActions().catch((e: unknown) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.attempts).toBeGreaterThan(1);
    expect(error.message).toMatch(
      /^GET \/actions\/\{org\} could not reach the service: the connection was reset: socket hang up \(ECONNRESET\) \[after \d+ attempts\]\. Check api-url/,
    );
    expect(error.message).toContain(`[after ${error.attempts} attempts]`);
    expect(error.message).not.toMatch(/budget|timeout-seconds/);
  });

  describe('a wrong address fails at once: another attempt would meet the same', () => {
    /** A client with the default retries and backoff, and the lines of its debug log. */
    const client = (baseUrl: string, proxy: ConnectionOptions['proxy'] = {}) => {
      const debug: string[] = [];
      const logger = { debug: (line: string) => debug.push(line) };
      return {
        debug,
        client: new ComplianceClient(
          resolveConnection({ baseUrl, org: 'acme', token: TEST_TOKEN, proxy, logger }),
        ),
      };
    };
    const failure = async (under: ReturnType<typeof client>) => {
      try {
        const error = (await under.client.listActions().catch((e: unknown) => e)) as NetworkError;
        expect(error).toBeInstanceOf(NetworkError);
        expect(error.attempts).toBe(1);
        expect(error.message).not.toMatch(/after \d+ attempts|budget|timeout-seconds/);
        // One attempt sent, none retried.
        expect(under.debug.filter((line) => line.includes('(attempt '))).toEqual([
          expect.stringMatching(/^GET \S+ \(attempt 1\/4\)$/) as string,
        ]);
        expect(under.debug.join('\n')).not.toContain('retrying');
        return error;
      } finally {
        await under.client.close();
      }
    };

    it('a refused loopback port', async () => {
      const error = await failure(client(await closedOrigin()));
      expect(error.reason).toMatch(
        /^the connection was refused \(nothing listens at that address and port\): connect ECONNREFUSED 127\.0\.0\.1:\d+$/,
      );
    });

    it('a host name that does not resolve', async () => {
      // `.invalid` never resolves (RFC 6761): ENOTFOUND from the local resolver, with or without a network.
      const error = await failure(client('https://does-not-exist.invalid'));
      expect(error.message).toBe(
        'GET /actions/{org} could not reach the service: the host name was not found: getaddrinfo ENOTFOUND ' +
          'does-not-exist.invalid. Check api-url and that the service is reachable from the runner (proxy settings: ' +
          'HTTPS_PROXY, NO_PROXY).',
      );
    });

    it('a proxy that refuses the connection (undici, on the proxy path)', async () => {
      const proxy = await closedOrigin();
      const error = await failure(client('https://compliance.example.test', { httpsProxy: proxy }));
      expect(error.reason).toMatch(
        /^the connection was refused \(nothing listens at that address and port\): connect ECONNREFUSED 127\.0\.0\.1:\d+$/,
      );
      expect(error.reason).toContain(new URL(proxy).host);
    });
  });

  it('shows a proxy HTML page as status, snippet and no markup', async () => {
    const { client } = await setup(
      (_req, res) => {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>');
      },
      { retries: 0 },
    );
    const error = (await client.listActions().catch((e: unknown) => e)) as ApiError;
    expect(error.message).toContain(
      'HTTP 502 Bad Gateway: non-JSON response (text/html): 502 Bad Gateway nginx',
    );
  });

  it('accepts a bare JSON string as the server message', async () => {
    const { client } = await setup((_req, res) => json(res, 404, "Flow named 'x' does not exist"));
    await expect(client.listActions()).rejects.toThrow(/HTTP 404 Not Found: Flow named 'x' does not exist/);
  });

  it('stops reading an answer larger than the limit, without retrying, and reads one within it', async () => {
    const big = JSON.stringify(['x'.repeat(2 * 1024 * 1024)]);
    const { client, server } = await setup(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(server.requests.length === 1 ? big : '[]');
      },
      { maxResponseBytes: 1024 * 1024 },
    );
    const error = (await client.listActions().catch((e: unknown) => e)) as UnexpectedResponseError;
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error.message).toBe(
      'unexpected response from GET /actions/{org}: the answer is larger than 1048576 bytes; not read',
    );
    expect(server.requests).toHaveLength(1);
    expect(await client.listActions()).toEqual([]);
  });

  it('treats a 200 that is not JSON as an unexpected response', async () => {
    const { client } = await setup((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('hello');
    });
    const error = await client.listActions().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toBe(
      'unexpected response from GET /actions/{org}: body is not JSON: hello',
    );
  });

  it('hides a token passed with surrounding spaces when the server echoes the trimmed form', async () => {
    const padded = `  ${TEST_TOKEN.replace('test', 'pad')}  `;
    guardSecret(padded.trim());
    const { client } = await setup(
      (req, res) => json(res, 401, { message: `bad token ${(req.headers.authorization ?? '').slice(7)}` }),
      { token: padded },
    );
    const error = (await client.listActions().catch((e: unknown) => e)) as ApiError;
    expect(error.message).toContain('bad token ***');
    expect(JSON.stringify(error)).not.toContain(padded.trim());
  });

  it('never puts the token in an error, even when the server echoes it', async () => {
    const { client } = await setup((req, res) =>
      json(res, 401, { message: `bad token ${req.headers.authorization ?? ''}` }),
    );
    const error = (await client.listActions().catch((e: unknown) => e)) as ApiError;
    expect(error.message).toContain('bad token Bearer ***');
    expect(error.message).not.toContain(TEST_TOKEN);
    expect(error.serverMessage).not.toContain(TEST_TOKEN);
    expect(JSON.stringify(error)).not.toContain(TEST_TOKEN);
    expect(String(error.stack)).not.toContain(TEST_TOKEN);
  });

  it.each(['success', 'failure'])(
    'lets the process exit as soon as the work is done (%s; no dangling timers or sockets)',
    (mode) => {
      const script = fileURLToPath(new URL('../fixtures/exit-promptly.ts', import.meta.url));
      const hook = fileURLToPath(new URL('../../scripts/register-ts.mjs', import.meta.url));
      const result = spawnSync(process.execPath, ['--import', hook, script, mode], {
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(result.stderr).toBe('');
      // Nothing holds it once closed: no keep-alive socket, attempt timer (60 s) or sibling retry waiting on 503s.
      expect(result.stdout.trim().split('\n')).toEqual([
        mode === 'success' ? 'done after 2 requests' : 'failed: HTTP 404',
        'held by []',
      ]);
      expect(result.status).toBe(0);
    },
  );
});
