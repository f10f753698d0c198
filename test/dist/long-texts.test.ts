/**
 * No text stalls a step, through the bundle: a commit subject or an artifact name of hundreds of kilobytes, shaped
 * as the redactor once read from each of its positions again (a run of URL schemes; the token's first character,
 * then line breaks), and a token the service's error page splits across lines. A redactor that is quadratic in the
 * text takes minutes over each; a linear one a second or two, so a timeout far above that holds on a busy machine.
 */
import { describe, expect, it } from 'vitest';
import { onPullRequest, useFakeGitHub } from '../helpers/github-api.js';
import { outputFile, runAction, type RunResult } from '../helpers/runner.js';
import { connection, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, TEST_TOKEN, withoutMaskCommands } from '../helpers/secrets.js';
import { startServer } from '../helpers/server.js';
import { COMPLIANT_COMMIT as COMPLIANT } from '@compliance-actions/sandbox/seeds/index';

const start = useSandbox();
const github = useFakeGitHub();

const MIB = 1024 * 1024;

/** No token in anything the step wrote, in any form, nor once its whitespace is taken out. */
function clean(result: RunResult): void {
  const everything = withoutMaskCommands(result.everything);
  assertNoSecret(everything, 'the step');
  assertNoSecret(everything.replace(/\s+/g, ''), 'the step, its whitespace taken out');
}

/** get-deployment against a loopback service that answers `status` with `body` as `contentType`. */
async function getDeployment(status: number, contentType: string, body: string): Promise<RunResult> {
  const server = await startServer((_req, res) => {
    res.writeHead(status, { 'content-type': contentType });
    res.end(body);
  });
  try {
    return await runAction('get-deployment', {
      inputs: {
        'api-url': server.origin,
        'api-token': TEST_TOKEN,
        org: 'acme',
        environment: 'prod',
        fingerprint: 'd'.repeat(64),
      },
    });
  } finally {
    await server.close();
  }
}

describe('a long hostile text', () => {
  it('a 1 MiB commit subject of URL schemes: the gate passes on it', async () => {
    const sandbox = await start();
    const subject = 'http://'.repeat(MIB / 7);
    const api = await github({ pulls: { 7: [{ sha: COMPLIANT, message: `${subject}\n\nbody` }] } });
    const result = await runAction('check-attestations-for-commit', {
      ...onPullRequest(api, COMPLIANT),
      inputs: connection(sandbox.url),
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ compliant: 'true', outcome: 'compliant' });
    // The subject is cut for the table, after a head of it is scrubbed.
    expect(result.summary).toContain(`| [3dfdaa9 ${'http://'.repeat(10)}h…](`);
    clean(result);
  });

  it("a 256 KiB artifact name of the token's first character and line breaks: get-deployment finds it", async () => {
    const name = `${TEST_TOKEN.slice(0, 1)}${'\n'.repeat(256 * 1024)}`;
    const fingerprint = 'd'.repeat(64);
    const answer = { fingerprint, deployed_at: 1793697400, env_name: 'prod', artifact_name: name };
    const result = await getDeployment(200, 'application/json', JSON.stringify(answer));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ outcome: 'found', found: 'true', 'artifact-name': name });
    expect(outputFile(result, 'result-file')).toMatchObject({
      found: true,
      deployment: { artifact_name: name },
    });
    clean(result);
  });

  it('an error page that splits the token across lines and tags never gives it back', async () => {
    const page =
      `<!DOCTYPE html>\n<html><body>\n<h1>Unauthorized</h1>\n<p>Token ${TEST_TOKEN.slice(0, 9)}</p>\n` +
      `<p>${TEST_TOKEN.slice(9, 20)}\n   ${TEST_TOKEN.slice(20)}</p>\n</body></html>\n`;
    const result = await getDeployment(401, 'text/html; charset=utf-8', page);
    expect(result.code).toBe(1);
    expect(result.outputs.outcome).toBe('error');
    expect(result.stdout).toContain('non-JSON response (text/html; charset=utf-8): Unauthorized Token ***');
    expect(result.summary).toContain('Unauthorized Token \\*\\*\\*');
    expect(outputFile(result, 'result-file')).toMatchObject({
      error: { message: expect.stringContaining('Unauthorized Token ***') as unknown },
    });
    expect(withoutMaskCommands(result.everything)).not.toContain(TEST_TOKEN.slice(0, 9));
    clean(result);
  });
});
