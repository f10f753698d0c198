/**
 * One request and its answer: the contract both paths of the HTTP transport keep, and the default path, over Node's
 * own http/https with a keep-alive agent. Node's modules load in a few ms where undici costs ~100 ms at start, so
 * undici is loaded only for a proxy (proxy-transport.ts).
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { readBounded } from './bounded-body.js';

export interface ExchangeRequest {
  method: string;
  headers: Record<string, string>;
  payload: string | undefined;
  /** Aborts the request, or the reading of its answer (attempt timeout, or the client closing). */
  signal: AbortSignal;
  /** The largest body read: past it, the socket is dropped. */
  maxBytes: number;
}

export interface Answer {
  status: number;
  contentType?: string;
  retryAfter?: string;
  /** The body as UTF-8 text; undefined when it passed `maxBytes` (the rest was not read). */
  text: string | undefined;
}

/** Sends requests on kept-alive connections; close() drops them, so that nothing keeps the process alive. */
export interface Exchange {
  /** Rejects with the network error, or with an abort error once the signal aborts. */
  send(url: URL, req: ExchangeRequest): Promise<Answer>;
  close(): Promise<void>;
}

/** Idle connections are kept this long for the next call of the step. */
export const KEEP_ALIVE_MS = 10_000;
/** Connections to one origin at once (pages are read a few at a time). */
export const MAX_CONNECTIONS = 16;

/** The service's answer as text, or undefined once it passes `limit` bytes (read by the one bounded reader). */
export async function readLimited(body: Readable, limit: number): Promise<string | undefined> {
  return (await readBounded(body, limit))?.toString('utf8');
}

/** An answer from what either library gives: the status, the headers and the body read by `readLimited`. */
export function answerOf(
  status: number,
  headers: Record<string, string | string[] | undefined>,
  text: string | undefined,
): Answer {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const contentType = first(headers['content-type']);
  const retryAfter = first(headers['retry-after']);
  return {
    status,
    text,
    ...(contentType !== undefined && { contentType }),
    ...(retryAfter !== undefined && { retryAfter }),
  };
}

/** node:https (and with it node:tls) is required only for an https service: it is not free at start. */
const requireBuiltin = createRequire(import.meta.url);

/** The default path: node:http or node:https (by the URL's scheme) through one keep-alive agent. */
export class NodeExchange implements Exchange {
  private readonly agent: HttpAgent;
  private readonly request: typeof httpRequest;

  /** `https` picks the agent for the API root's scheme: a transport talks to that one origin only. */
  constructor(https: boolean) {
    // `timeout` is how long an idle socket stays in the pool (shorter when the server's Keep-Alive says so).
    const options = { keepAlive: true, maxSockets: MAX_CONNECTIONS, timeout: KEEP_ALIVE_MS };
    if (https) {
      const tls = requireBuiltin('node:https') as typeof import('node:https');
      this.agent = new tls.Agent(options);
      this.request = tls.request;
    } else {
      this.agent = new HttpAgent(options);
      this.request = httpRequest;
    }
  }

  send(url: URL, req: ExchangeRequest): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      const headers = { ...req.headers };
      if (req.payload !== undefined) headers['content-length'] = String(Buffer.byteLength(req.payload));
      const options = { method: req.method, headers, agent: this.agent, signal: req.signal };
      const request = this.request(url, options, (res) => {
        readLimited(res, req.maxBytes).then((text) => {
          resolve(answerOf(res.statusCode ?? 0, res.headers, text));
        }, reject);
      });
      // Also after an answer: a socket dropped on purpose must not become an unhandled 'error'.
      request.on('error', reject);
      request.end(req.payload);
    });
  }

  close(): Promise<void> {
    this.agent.destroy();
    return Promise.resolve();
  }
}
