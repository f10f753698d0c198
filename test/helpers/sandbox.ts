/**
 * Starts the sandbox in-process on an ephemeral loopback port, seeded with the demo seed (or a given one), and
 * closes it after each test, or, shared by a whole file whose tests only read, after the file's last test.
 */
import { DEMO_ORG, DEMO_TOKEN, demoSeed } from '@compliance-actions/sandbox/seeds/index';
import { ComplianceClient, type ConnectionOptions, resolveConnection } from '../../src/api/index.js';
import { parseProfile } from '@compliance-actions/sandbox/profile';
import { Sandbox, type SandboxOptions } from '@compliance-actions/sandbox/server';
import { guardSecret } from './secrets.js';
import { cleanedAfterEach, forTheFile } from './server.js';

export const OTHER_TOKEN = 'sandbox-other-token';
guardSecret(DEMO_TOKEN);
guardSecret(OTHER_TOKEN);

export { DEMO_ORG, DEMO_TOKEN, demoSeed };

/** A step's connection inputs to the sandbox at `url`, as org demo. */
export const connection = (url: string) => ({ 'api-url': url, 'api-token': DEMO_TOKEN, org: DEMO_ORG });

/**
 * The answer profile of every sandbox the tests start, unless a test names one: `SANDBOX_PROFILE`, else full. The
 * through-the-bundle layer (test/dist) and the demo run under both (vitest.config.ts).
 */
const PROFILE = parseProfile(process.env.SANDBOX_PROFILE, 'SANDBOX_PROFILE');

export interface Running {
  sandbox: Sandbox;
  url: string;
  client(options?: Partial<ConnectionOptions>): ComplianceClient;
  /** A raw request with the demo token unless `token: null`. */
  fetch(path: string, init?: RequestInit & { token?: string | null }): Promise<Response>;
}

interface Opened {
  running: Running;
  close(): Promise<void>;
}

async function open(options: Partial<SandboxOptions>): Promise<Opened> {
  const sandbox = new Sandbox({ seed: demoSeed(), profile: PROFILE, ...options });
  const url = await sandbox.start();
  const clients: ComplianceClient[] = [];
  return {
    running: {
      sandbox,
      url,
      client(clientOptions = {}) {
        const c = new ComplianceClient(
          resolveConnection({
            baseUrl: url,
            org: DEMO_ORG,
            token: DEMO_TOKEN,
            backoffBaseMs: 10,
            ...clientOptions,
          }),
        );
        clients.push(c);
        return c;
      },
      fetch(path, init = {}) {
        const { token = DEMO_TOKEN, ...rest } = init;
        const headers = new Headers(rest.headers);
        if (token !== null) headers.set('authorization', `Bearer ${token}`);
        return fetch(`${url}${path}`, { ...rest, headers });
      },
    },
    async close() {
      for (const c of clients) await c.close();
      await sandbox.close();
    },
  };
}

/** `start(options)` opens a sandbox that is closed after the test. */
/** What the sandbox is asked from now on: each request's path and query. */
export function observed(sandbox: Running): string[] {
  const urls: string[] = [];
  sandbox.sandbox.observe(({ url }) => urls.push(url));
  return urls;
}

export function useSandbox() {
  const later = cleanedAfterEach();
  return async (options: Partial<SandboxOptions> = {}): Promise<Running> => {
    const entry = await open(options);
    later(() => entry.close());
    return entry.running;
  };
}

/**
 * One sandbox for the whole file, started before its first test and closed after its last: for tests that only read
 * from it, and may then run concurrently. Returns a getter, usable inside tests.
 */
export function useSharedSandbox(options: Partial<SandboxOptions> = {}): () => Running {
  const entry = forTheFile('sandbox', () => open(options));
  return () => entry().running;
}
