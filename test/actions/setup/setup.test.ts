/** setup in-process: what it hands to the finisher, and which setting a failed check blames. */
import { afterEach, describe, expect, it } from 'vitest';
import { action, explainVerifyFailure, readInputs } from '../../../src/actions/setup.js';
import { ApiError, InputError, NetworkError, TimeoutError } from '../../../src/errors/errors.js';
import { InputReader } from '../../../src/context/inputs.js';
import { json, startServer, type TestServer } from '../../helpers/server.js';
import { TEST_TOKEN } from '../../helpers/secrets.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A stand-in for the service that answers the check with an empty list of actions, or `status`. */
async function service(status = 200): Promise<TestServer> {
  server = await startServer((_req, res) => json(res, status, status === 200 ? [] : {}));
  return server;
}

function inputs(url: string, extra: Record<string, string> = {}) {
  return readInputs(
    new InputReader({ 'INPUT_API-URL': url, 'INPUT_API-TOKEN': TEST_TOKEN, INPUT_ORG: 'acme', ...extra }),
    process.cwd(),
  );
}

describe('setup', () => {
  it('has no outcome and no result file: the finisher only exports and annotates', () => {
    expect(action.resultFile).toBe(false);
  });

  it('exports the connection as the later steps read it, after one authenticated read', async () => {
    const { origin, requests } = await service();
    const step = await action.run(inputs(`${origin}/`, { 'INPUT_TIMEOUT-SECONDS': '300' }));
    expect(step.exports).toEqual({
      COMPLIANCE_API_URL: `${origin}/api/v2`,
      COMPLIANCE_API_TOKEN: TEST_TOKEN,
      COMPLIANCE_ORG: 'acme',
      COMPLIANCE_DRY_RUN: 'false',
      COMPLIANCE_TIMEOUT_SECONDS: '300',
    });
    expect(requests).toHaveLength(1);
    expect(step.annotations).toBeUndefined();
    expect(step.failure).toBeUndefined();
    expect(step.summary).toBeUndefined();
  });

  it('makes no request with verify: false, and none in a dry run, which it announces', async () => {
    const { origin, requests } = await service(500);
    const unverified = await action.run(inputs(origin, { INPUT_VERIFY: 'false' }));
    expect(unverified.exports?.COMPLIANCE_DRY_RUN).toBe('false');
    expect(unverified.annotations).toBeUndefined();
    const dry = await action.run(inputs(origin, { COMPLIANCE_DRY_RUN: 'true' }));
    expect(dry.exports?.COMPLIANCE_DRY_RUN).toBe('true');
    expect(dry.annotations).toEqual([
      { level: 'notice', message: 'Compliance reporting is in DRY RUN for this job: nothing will be sent.' },
    ]);
    expect(requests).toHaveLength(0);
  });

  it('a failed check throws, naming the setting most likely wrong', async () => {
    const { origin } = await service(403);
    await expect(action.run(inputs(origin))).rejects.toThrow(
      "Invalid input 'api-token': the service refused the token (HTTP 403)",
    );
  });
});

describe('explainVerifyFailure', () => {
  const settings = { org: 'acme', apiRoot: new URL('https://compliance.example.test/api/v2') };
  const api = (status: number) => new ApiError({ endpoint: 'GET /actions/{org}', status });

  it.each([
    [401, 'api-token', 'the service refused the token (HTTP 401)'],
    [403, 'api-token', 'the service refused the token (HTTP 403)'],
    [404, 'org', "the service does not know org 'acme' or the URL is not an API v2 root (HTTP 404)"],
  ])('HTTP %i blames %s', (status, input, problem) => {
    const explained = explainVerifyFailure(api(status), settings);
    expect(explained).toBeInstanceOf(InputError);
    expect((explained as InputError).message).toContain(`Invalid input '${input}': ${problem}`);
  });

  it('an unreachable service blames api-url, saying why', () => {
    const explained = explainVerifyFailure(new NetworkError('GET /actions/{org}', 'ECONNREFUSED'), settings);
    expect((explained as InputError).message).toContain(
      "Invalid input 'api-url': could not reach https://compliance.example.test/api/v2: ECONNREFUSED",
    );
  });

  it('anything else is passed on as it is', () => {
    const failing = api(500);
    expect(explainVerifyFailure(failing, settings)).toBe(failing);
    const slow = new TimeoutError('GET /actions/{org}', 'deadline', 1000);
    expect(explainVerifyFailure(slow, settings)).toBe(slow);
  });
});
