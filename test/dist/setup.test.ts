import { afterEach, describe, expect, it } from 'vitest';
import { assertNoSecret, TEST_TOKEN, withoutMaskCommands } from '../helpers/secrets.js';
import { json, startServer, type TestServer } from '../helpers/server.js';
import { runAction } from '../helpers/runner.js';
import { startProxy } from '../helpers/proxy.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('setup (dist bundle, as the runner runs it)', () => {
  it('verifies the connection and exports it for later steps', async () => {
    server = await startServer((_req, res) => json(res, 200, []));
    const result = await runAction('setup', {
      inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme' },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(result.exportedEnv).toMatchObject({
      COMPLIANCE_API_URL: `${server.origin}/api/v2`,
      COMPLIANCE_ORG: 'acme',
      COMPLIANCE_DRY_RUN: 'false',
      COMPLIANCE_TIMEOUT_SECONDS: '120',
    });
    expect(result.stdout).toContain(`::add-mask::${TEST_TOKEN}`);
    // The masked token reaches GITHUB_ENV (that is the point), but no log line, output or summary.
    assertNoSecret(withoutMaskCommands(result.stdout), 'the log');
    assertNoSecret(result.summary, 'the summary');
  });

  it('reads the connection from COMPLIANCE_* variables', async () => {
    server = await startServer((_req, res) => json(res, 200, []));
    const result = await runAction('setup', {
      env: {
        COMPLIANCE_API_URL: server.origin,
        COMPLIANCE_API_TOKEN: TEST_TOKEN,
        COMPLIANCE_ORG: 'acme',
        COMPLIANCE_TIMEOUT_SECONDS: '300',
      },
    });
    expect(result.code).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(result.exportedEnv.COMPLIANCE_TIMEOUT_SECONDS).toBe('300');
  });

  it('hands a timeout-seconds input to the later steps, and refuses one that is not whole seconds', async () => {
    server = await startServer((_req, res) => json(res, 200, []));
    const inputs = { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme' };
    const given = await runAction('setup', { inputs: { ...inputs, 'timeout-seconds': '45' } });
    expect(given.code).toBe(0);
    expect(given.exportedEnv.COMPLIANCE_TIMEOUT_SECONDS).toBe('45');
    const bad = await runAction('setup', { inputs: { ...inputs, 'timeout-seconds': '2m' } });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain(
      "::error::Invalid input 'timeout-seconds': '2m' is not a whole number from 1 to 3600",
    );
    expect(server.requests).toHaveLength(1);
  });

  it('names the input and the variable when one is missing, before any request', async () => {
    server = await startServer((_req, res) => json(res, 200, []));
    const result = await runAction('setup', {
      inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "::error::Invalid input 'org': is required: set the input 'org' or the environment variable COMPLIANCE_ORG",
    );
    expect(server.requests).toHaveLength(0);
  });

  it('says the token is wrong on 401, without showing it', async () => {
    server = await startServer((req, res) =>
      json(res, 401, { message: `bad ${req.headers.authorization ?? ''}` }),
    );
    const result = await runAction('setup', {
      inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme' },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "::error::Invalid input 'api-token': the service refused the token (HTTP 401)",
    );
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });

  it('says the URL is unreachable when nothing listens', async () => {
    server = await startServer((_req, res) => json(res, 200, []));
    const origin = server.origin;
    await server.close();
    server = undefined;
    const result = await runAction('setup', {
      inputs: { 'api-url': origin, 'api-token': TEST_TOKEN, org: 'acme' },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /::error::Invalid input 'api-url': could not reach http:\/\/127\.0\.0\.1:\d+/,
    );
  }, 30_000);

  it('skips the read in dry run and says so', async () => {
    server = await startServer((_req, res) => json(res, 500, {}));
    const result = await runAction('setup', {
      inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme', 'dry-run': 'true' },
    });
    expect(result.code).toBe(0);
    expect(server.requests).toHaveLength(0);
    expect(result.exportedEnv.COMPLIANCE_DRY_RUN).toBe('true');
    expect(result.stdout).toContain('::notice::Compliance reporting is in DRY RUN');
  });

  it('refuses plain http to a remote host', async () => {
    const result = await runAction('setup', {
      inputs: { 'api-url': 'http://compliance.example.com', 'api-token': TEST_TOKEN, org: 'acme' },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "::error::Invalid input 'api-url': plain http to 'compliance.example.com'",
    );
  });

  it('goes through the proxy the runner sets in HTTP_PROXY', async () => {
    server = await startServer((_req, res) => json(res, 200, []));
    const proxy = await startProxy();
    try {
      const result = await runAction('setup', {
        inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme' },
        env: { HTTP_PROXY: proxy.url },
      });
      expect(result.code).toBe(0);
      expect(proxy.seen).toHaveLength(1);
      expect(server.requests).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });

  it('hides a token given with surrounding spaces, in both forms', async () => {
    server = await startServer((req, res) =>
      json(res, 401, { message: `bad ${req.headers.authorization ?? ''}` }),
    );
    const result = await runAction('setup', {
      inputs: { 'api-url': server.origin, 'api-token': `  ${TEST_TOKEN}  `, org: 'acme' },
    });
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('the service refused the token');
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });
});
