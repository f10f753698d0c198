// One request and its answer: the contract both paths of the transport keep, and the default path over Node's
// http/https (a few ms to load, where undici costs ~100 ms: undici only for a proxy, proxy-transport.ts).
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { readBounded, type ByteSource } from './bounded-body.js';

export interface ExchangeRequest {
  method: string;
  headers: Record<string, string>;
  payload: string | undefined;
  signal: AbortSignal;
  /** The largest body read: past it, the socket is dropped. */
  maxBytes: number;
}

/** The status, the headers read, and the body's text: undefined when it passed `maxBytes`. */
export type Answer = Awaited<ReturnType<typeof answerOf>>;

/** Sends requests on kept-alive connections; close() drops them, so that nothing keeps the process alive. */
export interface Exchange {
  send(url: URL, req: ExchangeRequest): Promise<Answer>;
  close(): Promise<void>;
}

export const KEEP_ALIVE_MS = 10_000;
export const MAX_CONNECTIONS = 16;

/** The answer, its body read up to `maxBytes` (`text` undefined past them). */
export async function answerOf(
  status: number,
  headers: Record<string, string | string[] | undefined>,
  body: ByteSource,
  maxBytes: number,
) {
  const text = (await readBounded(body, maxBytes))?.toString('utf8');
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  return {
    status,
    text,
    contentType: first(headers['content-type']),
    retryAfter: first(headers['retry-after']),
  };
}

/** node:https (and with it node:tls) is required only for an https service: it is not free at start. */
const requireBuiltin = createRequire(import.meta.url);

/** The default path: node:http or node:https (by the URL's scheme) through one keep-alive agent. */
export class NodeExchange implements Exchange {
  private readonly agent: HttpAgent;
  private readonly request: typeof httpRequest;

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
        answerOf(res.statusCode ?? 0, res.headers, res, req.maxBytes).then(resolve, reject);
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
