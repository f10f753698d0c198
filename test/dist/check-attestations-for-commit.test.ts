/**
 * check-attestations-for-commit through the shipped bundle, as the runner runs it: its contract (a gate that passes,
 * with its outputs, result file and summary; a missing token refused before any request; the service down). Every
 * branch of the gate is tested in-process: test/actions/check-attestations-for-commit.
 */
import { clean, COMPLIANT, couldNotCheck, errors, resultOf, UI } from '../helpers/check-attestations.js';
import { describe, expect, it } from 'vitest';
import { GITHUB_TOKEN } from '../helpers/github-api.js';
import { runAction } from '../helpers/runner.js';
import { byProfile, DEMO_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { TEST_TOKEN } from '../helpers/secrets.js';
import { json, startServer } from '../helpers/server.js';

const start = useSandbox();

const ACTION = 'check-attestations-for-commit';

const connection = (url: string) => ({ 'api-url': url, 'api-token': DEMO_TOKEN, org: 'demo' });

describe('check-attestations-for-commit', () => {
  it('on a push: GITHUB_SHA, every attestation found compliant', async () => {
    const sandbox = await start();
    const result = await runAction(ACTION, {
      inputs: connection(sandbox.url),
      github: { GITHUB_SHA: COMPLIANT },
      githubToken: GITHUB_TOKEN,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({
      compliant: 'true',
      outcome: 'compliant',
      missing: '[]',
      'non-compliant': '[]',
    });
    expect(errors(result)).toEqual([]);
    const saved = resultOf(result);
    expect(saved.from).toBe('github-sha');
    const commitUrl = `https://github.com/acme/app/commit/${COMPLIANT}`;
    // The minimal profile sends no commit info and no links (only shown): the commit has no title, and each
    // attestation links to the commit instead.
    expect(saved.commits).toEqual([
      { sha: COMPLIANT, ...byProfile({ title: 'Add payment retries' }, {}), url: commitUrl },
    ]);
    // The matrix: the commit (short SHA and title, linked) by every attestation found, each marked and linked.
    expect(result.summary).toContain('### ✅ Compliance gate passed');
    expect(result.summary).toContain('| Commit | Result | pull-request | snyk-scan | unit-tests |');
    expect(result.summary).toContain(
      byProfile(
        `| [3dfdaa9 Add payment retries](${commitUrl}) | ✅ compliant | [✅ compliant](${UI}/demo/flows/backend/trails/${COMPLIANT}/attestations/`,
        `| [3dfdaa9](${commitUrl}) | ✅ compliant | [✅ compliant](${commitUrl}) | [✅ compliant](${commitUrl}) | [✅ compliant](${commitUrl}) |`,
      ),
    );
    expect(result.stdout).toContain('::group::Read the attestations');
    clean(result);
  });

  it('without an API token: a summary that says which input, not an empty one', async () => {
    const service = await startServer((_req, res) => json(res, 200, {}));
    try {
      const result = await runAction(ACTION, {
        inputs: { 'api-url': service.origin, org: 'acme', commits: COMPLIANT },
      });
      couldNotCheck(
        result,
        'input',
        "Invalid input 'api-token': is required: set the input 'api-token' or the environment variable COMPLIANCE_API_TOKEN",
      );
      expect(service.requests).toHaveLength(0);
    } finally {
      await service.close();
    }
  });

  it('when the service is unreachable', async () => {
    const server = await startServer((_req, res) => json(res, 200, {}));
    const url = server.origin;
    await server.close();
    const result = await runAction(ACTION, {
      inputs: { 'api-url': url, 'api-token': TEST_TOKEN, org: 'acme', commits: COMPLIANT },
      env: { COMPLIANCE_RETRIES: '0' },
    });
    couldNotCheck(
      result,
      'network',
      'GET /attestations/{org}/list_attestations_for_criteria could not reach the service',
    );
    expect(errors(result)).toHaveLength(1);
    // What the inputs said is kept with the error.
    expect(resultOf(result)).toMatchObject({ from: 'input', commits: [{ sha: COMPLIANT }], required: [] });
  });
});
