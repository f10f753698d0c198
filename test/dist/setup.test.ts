import { afterEach, describe, expect, it } from 'vitest';
import { assertNoSecret, TEST_TOKEN, withoutMaskCommands } from '../helpers/secrets.js';
import { json, startServer, type TestServer } from '../helpers/server.js';
import { runAction } from '../helpers/runner.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('setup (dist bundle, as the runner runs it)', () => {
  it('verifies the connection and exports it for later steps, with no outcome and no result file', async () => {
    server = await startServer((_req, res) => json(res, 200, []));
    const result = await runAction('setup', {
      inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme', 'timeout-seconds': '45' },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(result.exportedEnv).toEqual({
      COMPLIANCE_API_URL: `${server.origin}/api/v2`,
      COMPLIANCE_API_TOKEN: TEST_TOKEN,
      COMPLIANCE_ORG: 'acme',
      COMPLIANCE_DRY_RUN: 'false',
      COMPLIANCE_TIMEOUT_SECONDS: '45',
    });
    expect(result.outputs).toEqual({});
    expect(result.files).toEqual({});
    expect(result.summary).toBe('');
    expect(result.stdout).toContain(`::add-mask::${TEST_TOKEN}`);
    // The masked token reaches GITHUB_ENV (that is the point), but no log line, output or summary.
    assertNoSecret(withoutMaskCommands(result.stdout), 'the log');
    assertNoSecret(result.summary, 'the summary');
  });

  it('fails on a bad input before any request, exporting nothing, with a summary that says why', async () => {
    server = await startServer((_req, res) => json(res, 200, []));
    const result = await runAction('setup', {
      inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "::error::Invalid input 'org': is required: set the input 'org' or the environment variable COMPLIANCE_ORG",
    );
    expect(server.requests).toHaveLength(0);
    expect(result.exportedEnv).toEqual({});
    expect(result.outputs).toEqual({});
    expect(result.files).toEqual({});
    expect(result.summary).toContain('### ⚠️ Could not set up the connection to the compliance service');
    expect(result.summary).toContain("Invalid input 'org'");
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
    expect(result.exportedEnv).toEqual({});
    expect(result.summary).toContain('the service refused the token');
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });

  it('says the URL is unreachable when nothing listens', async () => {
    server = await startServer((_req, res) => json(res, 200, []));
    const origin = server.origin;
    await server.close();
    server = undefined;
    const result = await runAction('setup', {
      inputs: { 'api-url': origin, 'api-token': TEST_TOKEN, org: 'acme' },
      env: { COMPLIANCE_RETRIES: '0' },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /::error::Invalid input 'api-url': could not reach http:\/\/127\.0\.0\.1:\d+/,
    );
    expect(result.summary).toContain('could not reach');
  });

  it('skips the read in dry run and says so', async () => {
    server = await startServer((_req, res) => json(res, 500, {}));
    const result = await runAction('setup', {
      inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme', 'dry-run': 'true' },
    });
    expect(result.code).toBe(0);
    expect(server.requests).toHaveLength(0);
    expect(result.exportedEnv.COMPLIANCE_DRY_RUN).toBe('true');
    expect(result.stdout).toContain(
      '::notice::Compliance reporting is in DRY RUN for this job: nothing will be sent.',
    );
  });
});
