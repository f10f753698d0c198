/**
 * A loopback HTTP server for client tests: records every request and answers with a handler that can misbehave on
 * purpose (wrong status, Retry-After, reset connections, slow answers, bodies that are not JSON).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ComplianceClient, type ConnectionOptions, resolveConnection } from '../../src/api/index.js';
import { TEST_TOKEN } from './secrets.js';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export type Handler = (req: RecordedRequest, res: ServerResponse, index: number) => void | Promise<void>;

export interface TestServer {
  origin: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      requests.push(recorded);
      void Promise.resolve(handler(recorded, res, requests.length - 1)).catch((error: unknown) => {
        res.statusCode = 599;
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The origin of a loopback port nothing listens on (a server started, then closed): an unreachable service. Refused at
 * once, so a step with COMPLIANCE_RETRIES=0 gives up without waiting.
 */
export async function closedOrigin(): Promise<string> {
  const server = await startServer((_req, res) => {
    res.end();
  });
  await server.close();
  return server.origin;
}

/** One server for the whole file, started before its first test and closed after its last. Returns a getter. */
export function useSharedServer(handler: Handler): () => TestServer {
  return forTheFile('server', () => startServer(handler));
}

/** What `open` gives, once for the whole file: opened before its first test, closed after its last. A getter. */
export function forTheFile<T extends { close(): Promise<void> }>(
  what: string,
  open: () => Promise<T>,
): () => T {
  let opened: T | undefined;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => {
    await opened?.close();
  });
  return () => {
    if (!opened) throw new Error(`the shared ${what} is not started (use it inside a test)`);
    return opened;
  };
}

/** startServer for the tests of a file or block: each server closed after its test. */
export function useServers(): (handler: Handler) => Promise<TestServer> {
  const later = cleanedAfterEach();
  return async (handler) => {
    const server = await startServer(handler);
    later(() => server.close());
    return server;
  };
}

/** Registers an afterEach that runs, in order, the clean-ups given to the returned function during the test. */
export function cleanedAfterEach(): (cleanup: () => unknown) => void {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });
  return (cleanup) => void cleanups.push(cleanup);
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * Registers an afterEach that closes what `setup` opened, and returns `setup(handler, options)`: a loopback server
 * with the handler and a client pointed at it (fast backoff, steady jitter).
 */
export function useClientAgainst(defaults: Partial<ConnectionOptions> = {}) {
  const later = cleanedAfterEach();
  return async (handler: Handler, options: Partial<ConnectionOptions> = {}) => {
    const server = await startServer(handler);
    const client = new ComplianceClient(
      resolveConnection({
        baseUrl: server.origin,
        org: 'acme',
        token: TEST_TOKEN,
        backoffBaseMs: 20,
        random: () => 0.5,
        ...defaults,
        ...options,
      }),
    );
    later(async () => {
      await client.close();
      await server.close();
    });
    return { server, client };
  };
}
