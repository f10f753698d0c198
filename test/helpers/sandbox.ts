/**
 * Starts the sandbox in-process on an ephemeral loopback port, seeded with the demo seed (or a given one), and
 * closes it after each test.
 */
import { demoSeed } from '../../src/sandbox/seeds/index.js';
import { afterEach } from 'vitest';
import { ComplianceClient, type ClientOptions } from '../../src/api/index.js';
import { Sandbox, type SandboxOptions } from '../../src/sandbox/server.js';
import { guardSecret } from './secrets.js';

export const DEMO_TOKEN = 'sandbox-demo-token';
export const OTHER_TOKEN = 'sandbox-other-token';
guardSecret(DEMO_TOKEN);
guardSecret(OTHER_TOKEN);

export { demoSeed };

export interface Running {
  sandbox: Sandbox;
  url: string;
  client(options?: Partial<ClientOptions>): ComplianceClient;
  /** A raw request with the demo token unless `token: null`. */
  fetch(path: string, init?: RequestInit & { token?: string | null }): Promise<Response>;
}

export function useSandbox() {
  const opened: { sandbox: Sandbox; clients: ComplianceClient[] }[] = [];
  afterEach(async () => {
    for (const { sandbox, clients } of opened.splice(0)) {
      for (const c of clients) await c.close();
      await sandbox.close();
    }
  });
  return async (options: Partial<SandboxOptions> = {}): Promise<Running> => {
    const sandbox = new Sandbox({ seed: demoSeed(), ...options });
    const url = await sandbox.start();
    const entry = { sandbox, clients: [] as ComplianceClient[] };
    opened.push(entry);
    return {
      sandbox,
      url,
      client(clientOptions = {}) {
        const c = new ComplianceClient({
          baseUrl: url,
          org: 'demo',
          token: DEMO_TOKEN,
          backoffBaseMs: 10,
          ...clientOptions,
        });
        entry.clients.push(c);
        return c;
      },
      fetch(path, init = {}) {
        const { token = DEMO_TOKEN, ...rest } = init;
        const headers = new Headers(rest.headers);
        if (token !== null) headers.set('authorization', `Bearer ${token}`);
        return fetch(`${url}${path}`, { ...rest, headers });
      },
    };
  };
}
