/** The proxy path, on undici: loaded only when a proxy is configured, or to reach a registry. */
import { Agent, Dispatcher, EnvHttpProxyAgent, request } from 'undici';
import { neverProxied, type ProxySettings } from './config.js';
import {
  answerOf,
  KEEP_ALIVE_MS,
  MAX_CONNECTIONS,
  type Answer,
  type Exchange,
  type ExchangeRequest,
} from './exchange.js';

/** Loopback directly (`neverProxied`), the rest through the proxy: by origin, which undici's no_proxy cannot say. */
class LoopbackAroundProxy extends Dispatcher {
  private readonly direct: Agent;
  private readonly proxied: EnvHttpProxyAgent;

  constructor(direct: Agent, proxied: EnvHttpProxyAgent) {
    super();
    this.direct = direct;
    this.proxied = proxied;
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const origin = options.origin === undefined ? undefined : new URL(String(options.origin));
    return (origin && neverProxied(origin) ? this.direct : this.proxied).dispatch(options, handler);
  }

  // Closed by promise, the one way its callers close it; nothing here destroys a dispatcher.
  override close(): Promise<void> {
    return Promise.all([this.direct.close(), this.proxied.close()]).then(() => undefined);
  }
}

/** The one way to a dispatcher that honours the runner's proxy settings (the service, and registries too). */
export function createDispatcher(proxy: ProxySettings): Dispatcher {
  const agentOptions = { keepAliveTimeout: KEEP_ALIVE_MS, connections: MAX_CONNECTIONS };
  const { httpProxy, httpsProxy, noProxy } = proxy;
  if (httpProxy || httpsProxy) {
    // Empty strings (not undefined) so undici does not read process.env behind the configuration's back.
    const proxied = new EnvHttpProxyAgent({
      ...agentOptions,
      httpProxy: httpProxy ?? '',
      httpsProxy: httpsProxy ?? '',
      noProxy: noProxy ?? '',
    });
    return new LoopbackAroundProxy(new Agent(agentOptions), proxied);
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
    return answerOf(res.statusCode, res.headers, res.body, req.maxBytes);
  }

  close(): Promise<void> {
    return this.dispatcher.close();
  }
}
