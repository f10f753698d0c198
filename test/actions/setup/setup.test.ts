/**
 * setup run as a step in-process against a loopback server: what it exports for later steps, and which setting a
 * failed check blames.
 */
import { describe, expect, it } from 'vitest';
import { action, explainVerifyFailure } from '../../../src/actions/setup.js';
import { ApiError, InputError, TimeoutError } from '../../../src/errors/errors.js';
import { assertNoSecret, TEST_TOKEN, withoutMaskCommands } from '../../helpers/secrets.js';
import { closedOrigin, json, type Handler } from '../../helpers/server.js';
import { useLoopbackStep } from '../../helpers/step-against.js';
import { noLeak } from '../../helpers/step-result.js';

const ask = useLoopbackStep('setup');
const DRY_RUN = '::notice::Compliance reporting is in DRY RUN for this job: nothing will be sent.';

describe('setup', () => {
  it('exports the connection as the later steps read it, after one authenticated read; no outcome, no result file', async () => {
    // Plain http allowed is handed on too: later steps read the same URL.
    const result = await ask([], { 'timeout-seconds': '300', 'allow-insecure-http': 'true' });
    expect(action.resultFile).toBe(false);
    expect(result.code).toBe(0);
    expect(result.requests).toHaveLength(1);
    expect(result.requests[0]?.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(result.exportedEnv).toEqual({
      COMPLIANCE_API_URL: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/) as unknown,
      COMPLIANCE_API_TOKEN: TEST_TOKEN,
      COMPLIANCE_ORG: 'acme',
      COMPLIANCE_DRY_RUN: 'false',
      COMPLIANCE_TIMEOUT_SECONDS: '300',
      COMPLIANCE_ALLOW_INSECURE_HTTP: 'true',
    });
    expect(result.stdout).not.toMatch(/^::(error|warning|notice)/m);
    // The masked token reaches GITHUB_ENV (that is the point), but no log line, output or summary.
    expect(result.stdout).toContain(`::add-mask::${TEST_TOKEN}`);
    assertNoSecret(withoutMaskCommands(result.stdout), 'the log');
    expect(result.outputs).toEqual({});
    expect(result.files).toEqual({});
    expect(result.summary).toBe('');
  });

  it('reads an api-url with a trailing slash as the same API root', async () => {
    const origin = await closedOrigin();
    const result = await ask([], { 'api-url': `${origin}/`, verify: 'false' });
    expect(result.exportedEnv.COMPLIANCE_API_URL).toBe(`${origin}/api/v2`);
  });

  it.each([
    ['verify: false', { verify: 'false' }, {}, 'false'],
    ['the dry-run input', { 'dry-run': 'true' }, {}, 'true'],
    ['COMPLIANCE_DRY_RUN', {}, { COMPLIANCE_DRY_RUN: 'true' }, 'true'],
  ])('makes no request with %s, and announces a dry run', async (_label, inputs, env, dryRun) => {
    const failing: Handler = (_req, res) => json(res, 500, {});
    const result = await ask(failing, inputs, { env });
    expect(result.code).toBe(0);
    expect(result.requests).toHaveLength(0);
    expect(result.exportedEnv.COMPLIANCE_DRY_RUN).toBe(dryRun);
    const annotations = result.stdout.split('\n').filter((line) => /^::(error|warning|notice)/.test(line));
    expect(annotations).toEqual(dryRun === 'true' ? [DRY_RUN] : []);
  });

  it.each([401, 403])('says the token is wrong on %i, without showing it', async (status) => {
    const echo: Handler = (req, res) =>
      json(res, status, { message: `bad ${req.headers.authorization ?? ''}` });
    const result = await ask(echo);
    const message = `Invalid input 'api-token': the service refused the token (HTTP ${status})`;
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`::error::${message}`);
    expect(result.exportedEnv).toEqual({});
    expect(result.summary).toContain('the service refused the token');
    noLeak(result.everything);
  });

  it('says the URL is unreachable when nothing listens', async () => {
    const result = await ask([], { 'api-url': await closedOrigin() }, { env: { COMPLIANCE_RETRIES: '0' } });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /::error::Invalid input 'api-url': could not reach http:\/\/127\.0\.0\.1:\d+\S*: \S/,
    );
    expect(result.summary).toContain('could not reach');
  });

  it('fails on a bad input before any request, exporting nothing, with a summary that says why', async () => {
    const result = await ask([], { org: '' });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "::error::Invalid input 'org': is required: set the input 'org' or the environment variable COMPLIANCE_ORG",
    );
    expect(result.requests).toHaveLength(0);
    expect(result.exportedEnv).toEqual({});
    expect(result.outputs).toEqual({});
    expect(result.files).toEqual({});
    expect(result.summary).toContain('### ⚠️ Could not set up the connection to the compliance service');
    expect(result.summary).toContain("Invalid input 'org'");
  });
});

describe('explainVerifyFailure', () => {
  const settings = { org: 'acme', apiRoot: new URL('https://compliance.example.test/api/v2') };
  const api = (status: number) => new ApiError({ endpoint: 'GET /actions/{org}', status });

  // 401, 403 and an unreachable service: the steps above, through the same function.
  it('HTTP 404 blames org', () => {
    const explained = explainVerifyFailure(api(404), settings);
    expect(explained).toBeInstanceOf(InputError);
    expect((explained as InputError).message).toContain(
      "Invalid input 'org': the service does not know org 'acme' or the URL is not an API v2 root (HTTP 404)",
    );
  });

  it('anything else is passed on as it is', () => {
    const failing = api(500);
    expect(explainVerifyFailure(failing, settings)).toBe(failing);
    const slow = new TimeoutError('GET /actions/{org}', 'deadline', 1000);
    expect(explainVerifyFailure(slow, settings)).toBe(slow);
  });
});
