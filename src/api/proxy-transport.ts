/**
 * The proxy path, on undici: the only module of src/api that loads undici, and only when a proxy is configured
 * (http.ts imports it then, lazily) or when fingerprint code reaches a registry.
 */
import { Agent, EnvHttpProxyAgent, request, type Dispatcher } from 'undici';
import type { ProxySettings } from './config.js';
import {
  answerOf,
  KEEP_ALIVE_MS,
  MAX_CONNECTIONS,
  readLimited,
  type Answer,
  type Exchange,
  type ExchangeRequest,
} from './exchange.js';

/** The one way to a dispatcher that honours the runner's proxy settings (the service, and registries too). */
export function createDispatcher(proxy: ProxySettings): Dispatcher {
  const agentOptions = { keepAliveTimeout: KEEP_ALIVE_MS, connections: MAX_CONNECTIONS };
  const { httpProxy, httpsProxy, noProxy } = proxy;
  if (httpProxy || httpsProxy) {
    // Empty strings (not undefined) so undici does not read process.env behind the configuration's back.
    return new EnvHttpProxyAgent({
      ...agentOptions,
      httpProxy: httpProxy ?? '',
      httpsProxy: httpsProxy ?? '',
      noProxy: noProxy ?? '',
    });
  }
  return new Agent(agentOptions);
}

export class ProxyExchange implements Exchange {
  private readonly dispatcher: Dispatcher;

  constructor(proxy: ProxySettings) {
    this.dispatcher = createDispatcher(proxy);
  }

  async send(url: URL, req: ExchangeRequest): Promise<Answer> {
    const res = await request(url, {
      method: req.method,
      headers: req.headers,
      body: req.payload ?? null,
      signal: req.signal,
      dispatcher: this.dispatcher,
      // The caller's signal is the one time limit (undici's own would end a long attempt at 300 s).
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    return answerOf(res.statusCode, res.headers, await readLimited(res.body, req.maxBytes));
  }

  close(): Promise<void> {
    return this.dispatcher.close();
  }
}
