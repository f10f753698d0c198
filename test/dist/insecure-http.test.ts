/**
 * allow-insecure-http: a service reached over plain http inside a private network. The sandbox
 * listens on loopback; `http://0.0.0.0:<port>` reaches it on Linux while the client, rightly, does not count 0.0.0.0 as
 * loopback: a remote host as far as the check goes, without a second machine. Each step runs in-process.
 */
import { describe, expect, it } from 'vitest';
import { useInProcessAction } from '../helpers/in-process.js';
import { connection, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, withoutMaskCommands } from '../helpers/secrets.js';
import { BACKEND_140 } from '@compliance-actions/sandbox/seeds/index';

const start = useSandbox();
const runAction = useInProcessAction();

/** The sandbox's URL with 0.0.0.0 for its host. */
const remote = (url: string) => url.replace('127.0.0.1', '0.0.0.0');

describe('allow-insecure-http', () => {
  it('without it, plain http to a remote host is refused before any request, naming the input and the variable', async () => {
    const sandbox = await start();
    const result = await runAction('list-actions', {
      inputs: connection(remote(sandbox.url)),
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "::error::Invalid input 'api-url': plain http to '0.0.0.0' would send the token in clear text. Expected an https URL; plain http only to loopback, or to any host with allow-insecure-http: true (or the variable COMPLIANCE_ALLOW_INSECURE_HTTP=true) inside a private network.",
    );
    expect(sandbox.sandbox.load.peak).toBe(0);
  });

  it.each([
    ['the input', { 'allow-insecure-http': 'true' }, {}],
    ['the variable', {}, { COMPLIANCE_ALLOW_INSECURE_HTTP: 'true' }],
  ])('with %s, it is used, with a warning in the log and atop the job summary', async (_how, inputs, env) => {
    const sandbox = await start();
    const result = await runAction('list-actions', {
      inputs: { ...connection(remote(sandbox.url)), ...inputs },
      env,
    });
    expect(result.code).toBe(0);
    expect(result.outputs.outcome).toBe('failing');
    const warning =
      /::warning::Plain http to 0\.0\.0\.0:\d+, allowed by allow-insecure-http \(or COMPLIANCE_ALLOW_INSECURE_HTTP\): the API token and every report cross the network unencrypted\./;
    expect(result.stdout).toMatch(warning);
    expect(result.summary).toMatch(
      /^<sub>Outcome: \*\*failing\*\*[^\n]*<\/sub>\n\n> \[!WARNING\]\n> Plain http to 0\.0\.0\.0:\d+/,
    );
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });

  it('setup shares the permission with later steps, and writes the warning even though it writes no summary otherwise', async () => {
    const sandbox = await start();
    const result = await runAction('setup', {
      inputs: { ...connection(remote(sandbox.url)), 'allow-insecure-http': 'true' },
    });
    expect(result.code).toBe(0);
    expect(result.exportedEnv).toMatchObject({ COMPLIANCE_ALLOW_INSECURE_HTTP: 'true' });
    expect(result.summary).toContain('> [!WARNING]\n> Plain http to 0.0.0.0');
    const later = await runAction('get-deployment', {
      inputs: {
        environment: 'production',
        fingerprint: BACKEND_140,
        // A lookup: the permission is this test's subject, not whether a minimal answer confirms the deployment.
        'fail-if-missing': 'false',
      },
      env: result.exportedEnv,
    });
    expect(later.code).toBe(0);
    expect(later.outputs.outcome).toBe('found');
  });

  it('a loopback service needs no permission and gets no warning', async () => {
    const sandbox = await start();
    const result = await runAction('list-actions', {
      inputs: connection(sandbox.url),
    });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('Plain http');
    expect(result.summary).not.toContain('[!WARNING]');
  });
});
