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
import { rejection } from '../helpers/rejection.js';
import { guardSecret, TEST_TOKEN } from '../helpers/secrets.js';
import { closedOrigin, type Handler, json, useClientAgainst } from '../helpers/server.js';

const setup = useClientAgainst();
const REPORT = {
  fingerprint: 'a'.repeat(64),
  filename: 'app.tgz',
  build_url: 'https://ci/1',
  commit_url: 'https://git/c/1',
};

describe('retry policy (pure)', () => {
  it('retries network-like statuses only', () => {
    const retried = [409, 429, 500, 502, 503, 504, 599];
    const statuses = [...retried, 200, 201, 400, 401, 403, 404, 405, 413, 415, 501];
    expect(statuses.filter(isRetryableStatus)).toEqual(retried);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const read = (value?: string) => parseRetryAfter(value, Date.parse('2026-11-22T10:00:00Z'));
    const date = (time: string) => read(`Sun, 22 Nov 2026 ${time} GMT`);
    expect([read('7'), date('10:00:05'), date('09:00:00')]).toEqual([7000, 5000, 0]);
    expect([read('soon'), read('-3'), read()]).toEqual([undefined, undefined, undefined]);
  });

  it('backs off exponentially with jitter between half and all of the step, capped', () => {
    const delay = (retry: number, random: number, retryAfterMs?: number) =>
      retryDelay(retry, { baseMs: 1000, maxWaitMs: 60_000, random: () => random, retryAfterMs });
    const delays = [delay(1, 0), delay(1, 1), delay(3, 0), delay(3, 1), delay(12, 1)];
    expect(delays).toEqual([500, 1000, 2000, 4000, 60_000]);
    expect([delay(1, 0, 9000), delay(1, 0, 600_000)]).toEqual([9000, 60_000]);
  });
});

describe('HTTP transport against a misbehaving loopback server', () => {
  it('retries a report on 503 and 409 (a lock), the same body each time, with growing waits', async () => {
    const { server, client } = await setup((_req, res, i) => {
      if (i < 2) json(res, [503, 409][i] ?? 0, { message: 'busy' });
      else json(res, 201, { message: 'OK' });
    });
    await client.reportArtifact('app', REPORT);
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'POST', 'POST']);
    expect(new Set(server.requests.map((r) => r.body))).toEqual(new Set([server.requests[0]?.body]));
    expect(server.requests[0]?.body).toContain('"filename":"app.tgz"');
    const [a, b, c] = server.requests.map((r) => r.at) as [number, number, number];
    // random() = 0.5 gives 3/4 of each step: 15 ms, then 30 ms.
    expect(b - a).toBeGreaterThanOrEqual(14);
    expect(c - b).toBeGreaterThanOrEqual(29);
  });

  // An HTTP date and a wait within the cap are read by parseRetryAfter and retryDelay above.
  it('honours Retry-After in seconds on 429', async () => {
    const { server, client } = await setup((_req, res, i) => {
      if (i === 0) json(res, 429, { message: 'slow down' }, { 'retry-after': '1' });
      else json(res, 200, []);
    });
    await client.listActions();
    const [a, b] = server.requests.map((r) => r.at) as [number, number];
    expect(b - a).toBeGreaterThanOrEqual(990);
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
      [undefined, 'Created', undefined],
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
    const refusal = (status: number, type: string | undefined, body: string) =>
      `HTTP ${status}, ${type === undefined ? 'no content type' : `content type ${JSON.stringify(type)}`}, ` +
      `${body === '' ? 'an empty body' : `first line ${JSON.stringify(body.split('\n')[0])}`}: not the service's ` +
      'answer to a report (no body, or JSON: an object, a string or null), so the report is not taken as delivered';
    const reports = [
      [201, 'POST /artifacts/{org}/{flow_name}', () => client.reportArtifact('app', REPORT)],
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

  const padded = `  ${TEST_TOKEN.replace('test', 'pad')}  `;
  guardSecret(padded.trim());
  /** A server that fails, the client's options, and what the error of a call must hold; no error shows the token. */
  const failures: {
    title: string;
    handler: Handler;
    options?: Partial<ConnectionOptions>;
    kind: typeof ApiError | typeof NetworkError | typeof TimeoutError | typeof UnexpectedResponseError;
    holds?: Record<string, unknown>;
    says?: (string | RegExp)[];
    requests?: number;
  }[] = [
    {
      title: 'gives up at once, saying why, when Retry-After is longer than the longest wait',
      handler: (_req, res) => json(res, 429, { message: 'quota exhausted' }, { 'retry-after': '3600' }),
      options: { maxWaitMs: 100 },
      kind: ApiError,
      says: ['quota exhausted', 'the service asked to retry after 3600 s'],
      requests: 1,
    },
    {
      title: 'keeps what the server said when the last attempts fail on the network',
      handler: (_req, res, i) => {
        if (i === 0) json(res, 503, { message: 'maintenance until 10:00' });
        else res.socket?.destroy();
      },
      kind: NetworkError,
      holds: { lastServerMessage: 'maintenance until 10:00' },
      says: ['earlier the service said: maintenance until 10:00'],
    },
    {
      title: 'does not retry 4xx, and keeps the server message and field errors',
      handler: (_req, res) =>
        json(res, 400, {
          message: 'Input payload validation failed',
          errors: { 'query.per_page': 'must be at most 100' },
        }),
      kind: ApiError,
      holds: { status: 400, attempts: 1, fieldErrors: { 'query.per_page': 'must be at most 100' } },
      says: [
        'GET /actions/{org} failed with HTTP 400 Bad Request: Input payload validation failed',
        'query.per_page: must be at most 100',
      ],
      requests: 1,
    },
    {
      title: 'keeps the last server message when retries run out',
      handler: (_req, res, i) => json(res, 503, { message: `maintenance window ${i}` }),
      options: { retries: 3 },
      kind: ApiError,
      holds: { attempts: 4, serverMessage: 'maintenance window 3' },
      says: ['maintenance window 3', 'after 4 attempts'],
      requests: 4,
    },
    {
      title: 'retries a reset connection and then reports a network error naming the cause',
      handler: (_req, res) => void res.socket?.destroy(),
      kind: NetworkError,
      holds: { attempts: 4 },
      says: [/could not reach the service: .*\[after 4 attempts\]/],
      requests: 4,
    },
    {
      title: 'stops retrying when the wait would pass the deadline, keeping the server message',
      handler: (_req, res) => json(res, 503, { message: 'down for upgrade' }, { 'retry-after': '30' }),
      options: { deadlineMs: 2000 },
      kind: ApiError,
      holds: { serverMessage: 'down for upgrade' },
      requests: 1,
    },
    {
      title: 'shows a proxy HTML page as status, snippet and no markup',
      handler: (_req, res) => {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>');
      },
      options: { retries: 0 },
      kind: ApiError,
      says: ['HTTP 502 Bad Gateway: non-JSON response (text/html): 502 Bad Gateway nginx'],
    },
    {
      title: 'shows an error body without a message as it came',
      handler: (_req, res) => json(res, 400, { detail: 'no such flow' }),
      kind: ApiError,
      holds: { serverMessage: '{"detail":"no such flow"}' },
    },
    {
      title: 'shows an error body that is a list as it came',
      handler: (_req, res) => json(res, 400, ['no such flow']),
      kind: ApiError,
      holds: { serverMessage: '["no such flow"]' },
    },
    {
      title: 'gives up when the last attempt times out, naming the attempt timeout',
      handler: () => undefined,
      options: { attemptTimeoutMs: 100, retries: 0 },
      kind: TimeoutError,
      holds: { limit: 'attempt' },
      says: ['GET /actions/{org} timed out: no answer within 100 ms'],
    },
    {
      title: 'accepts a bare JSON string as the server message',
      handler: (_req, res) => json(res, 404, "Flow named 'x' does not exist"),
      kind: ApiError,
      says: ["HTTP 404 Not Found: Flow named 'x' does not exist"],
    },
    {
      title: 'treats a 200 that is not JSON as an unexpected response',
      handler: (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('hello');
      },
      kind: UnexpectedResponseError,
      holds: { message: 'unexpected response from GET /actions/{org}: body is not JSON: hello' },
    },
    {
      title: 'never puts the token in an error, even when the server echoes it',
      handler: (req, res) => json(res, 401, { message: `bad token ${req.headers.authorization ?? ''}` }),
      kind: ApiError,
      says: ['bad token Bearer ***'],
    },
    {
      title: 'hides a token passed with surrounding spaces when the server echoes the trimmed form',
      handler: (req, res) =>
        json(res, 401, { message: `bad token ${(req.headers.authorization ?? '').slice(7)}` }),
      options: { token: padded },
      kind: ApiError,
      says: ['bad token ***'],
    },
  ];

  it.each(failures)('$title', async ({ handler, options, kind, holds = {}, says = [], requests }) => {
    const { server, client } = await setup(handler, options);
    const error = await rejection<Error>(client.listActions(), kind);
    expect(error).toMatchObject(holds);
    for (const part of says) expect(error.message).toMatch(part);
    if (requests !== undefined) expect(server.requests).toHaveLength(requests);
    const token = options?.token?.trim() ?? TEST_TOKEN;
    expect(`${error.message} ${JSON.stringify(error)} ${String(error.stack)}`).not.toContain(token);
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
    await rejection(client.listActions(), TimeoutError);
    // Stopped by the deadline, not after its 11 attempts (a busy machine only makes fewer fit).
    expect(server.requests.length).toBeLessThanOrEqual(3);
  });

  it('shares one budget among all the calls of a client: once it is spent, a call sends nothing', async () => {
    const { server, client } = await setup(() => undefined, {
      attemptTimeoutMs: 10_000,
      deadlineMs: 300,
      deadlineSetting: 'timeout-seconds',
    });
    const first = await rejection(client.listActions(), TimeoutError);
    expect(first.limit).toBe('deadline');
    expect(first.message).toBe(
      'GET /actions/{org} gave up: the time budget of 300 ms for the calls to the service ran out (timeout-seconds).',
    );
    expect(server.requests).toHaveLength(1);
    const second = await rejection(client.listActions(), TimeoutError);
    expect(second.attempts).toBe(0);
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
    const error = await rejection(client.listActions(), NetworkError);
    expect(error.attempts).toBeGreaterThan(1);
    expect(error.message).toMatch(
      /^GET \/actions\/\{org\} could not reach the service: the connection was reset: socket hang up \(ECONNRESET\) \[after \d+ attempts\]\. Check api-url/,
    );
    expect(error.message).toContain(`[after ${error.attempts} attempts]`);
    expect(error.message).not.toMatch(/budget|timeout-seconds/);
  });

  type Proxy = ConnectionOptions['proxy'];
  const REFUSED =
    /^the connection was refused \(nothing listens at that address and port\): connect ECONNREFUSED 127\.0\.0\.1:\d+$/;
  it.each<[string, () => Promise<[string, Proxy?]>, (error: NetworkError, proxy?: Proxy) => void]>([
    ['a refused loopback port', async () => [await closedOrigin()], (e) => expect(e.reason).toMatch(REFUSED)],
    [
      // `.invalid` never resolves (RFC 6761): ENOTFOUND from the local resolver, with or without a network.
      'a host name that does not resolve',
      () => Promise.resolve(['https://does-not-exist.invalid']),
      (e) =>
        expect(e.message).toBe(
          'GET /actions/{org} could not reach the service: the host name was not found: getaddrinfo ENOTFOUND ' +
            'does-not-exist.invalid. Check api-url and that the service is reachable from the runner (proxy ' +
            'settings: HTTPS_PROXY, NO_PROXY).',
        ),
    ],
    [
      'a proxy that refuses the connection (undici, on the proxy path)',
      async () => ['https://compliance.example.test', { httpsProxy: await closedOrigin() }],
      (e, proxy) => {
        expect(e.reason).toMatch(REFUSED);
        expect(e.reason).toContain(new URL(proxy?.httpsProxy ?? '').host);
      },
    ],
  ])('a wrong address fails at once, as another attempt would: %s', async (_, address, check) => {
    const [baseUrl, proxy = {}] = await address();
    const debug: string[] = [];
    const logger = { debug: (line: string) => debug.push(line) };
    const client = new ComplianceClient(
      resolveConnection({ baseUrl, org: 'acme', token: TEST_TOKEN, proxy, logger }),
    );
    try {
      const error = await rejection(client.listActions(), NetworkError);
      expect(error.attempts).toBe(1);
      expect(error.message).not.toMatch(/after \d+ attempts|budget|timeout-seconds/);
      // One attempt sent, none retried.
      expect(debug.filter((line) => line.includes('(attempt '))).toEqual([
        expect.stringMatching(/^GET \S+ \(attempt 1\/4\)$/) as string,
      ]);
      expect(debug.join('\n')).not.toContain('retrying');
      check(error, proxy);
    } finally {
      await client.close();
    }
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
