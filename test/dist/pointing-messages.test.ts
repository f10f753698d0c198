/**
 * Messages that point the right way, each step started in-process as src/main.ts starts it: a service that
 * cannot be reached is reported as what happened (a refused connection, a name not found) whatever `timeout-seconds`
 * is, never as a time budget to raise; advice about the job's `pull-requests` permissions appears only on a runner
 * (GITHUB_ACTIONS=true), for a refusal GitHub gave, not in a local run.
 */
import { describe, expect, it } from 'vitest';
import { onPullRequest, useFakeGitHub } from '../helpers/github-api.js';
import { useInProcessAction } from '../helpers/in-process.js';
import { outputFile, type RunResult } from '../helpers/runner.js';
import { DEMO_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, TEST_TOKEN, withoutMaskCommands } from '../helpers/secrets.js';
import { closedOrigin } from '../helpers/server.js';

const start = useSandbox();
const runAction = useInProcessAction();
const github = useFakeGitHub();

/** Demo seed: a backend commit whose attestations are all compliant. */
const COMPLIANT = '3dfdaa9cbad35a60632a382f8653df6ef6539d28';

const warnings = (r: RunResult) => r.stdout.match(/^::warning.*$/gm) ?? [];
const errorOf = (r: RunResult) =>
  (outputFile(r, 'result-file') as { error: { kind: string; message: string } }).error;

describe('an unreachable service under a small time budget', () => {
  // Neither is retried (another attempt would meet the same), so a small budget never runs out on them: the one
  // attempt's error is the message.
  it.each([
    [
      'a refused port',
      () => closedOrigin(),
      /the connection was refused \(nothing listens at that address and port\): connect ECONNREFUSED /,
    ],
    [
      'an unknown host',
      () => Promise.resolve('https://nonexistent.invalid'),
      /the host name was not found: getaddrinfo ENOTFOUND nonexistent\.invalid/,
    ],
  ])('%s is reported as what happened, not as the budget running out', async (_title, origin, what) => {
    const result = await runAction('list-actions', {
      inputs: { 'api-url': await origin(), 'api-token': TEST_TOKEN, org: 'acme', 'timeout-seconds': '2' },
    });
    expect(result.code).toBe(1);
    expect(result.outputs.outcome).toBe('error');
    const error = errorOf(result);
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(what);
    expect(error.message).toMatch(/^GET \/actions\/\{org\} could not reach the service: .*\. Check api-url/);
    const failure = result.stdout.match(/^::error::.*$/m)?.[0] ?? '';
    expect(failure).toMatch(what);
    // Neither the message nor the summary's advice sends the user to the budget.
    for (const text of [failure, result.summary]) {
      expect(text).not.toMatch(/time budget|timeout-seconds|did not answer in time/);
    }
    expect(result.summary).toContain('The service could not be reached: check');
  });
});

describe("advice about the job's pull-requests permissions", () => {
  const refusing = () =>
    github({
      failCommits: { status: 403, message: 'Resource not accessible by integration' },
      forbidComments: true,
    });
  const gate = async (local: boolean) => {
    const [sandbox, api] = await Promise.all([start(), refusing()]);
    return runAction('check-attestations-for-commit', {
      ...onPullRequest(api, COMPLIANT),
      inputs: { 'api-url': sandbox.url, 'api-token': DEMO_TOKEN, org: 'demo', 'comment-on-pr': 'true' },
      // The emulation is a runner (GITHUB_ACTIONS=true); a local run has no such variable.
      ...(local && { env: { GITHUB_ACTIONS: '' } }),
    });
  };

  it('on a runner, a refusal names the permissions a job may lack (read for the commits, write for the comment)', async () => {
    const result = await gate(false);
    expect(result.code).toBe(0);
    expect(result.outputs.outcome).toBe('compliant');
    // The comment is written before the step's annotations (the finisher's order).
    expect(warnings(result)).toEqual([
      "::warning::Could not comment on pull request #7 (HTTP 403: Resource not accessible by integration). The token cannot write to this pull request (a pull request from a fork, or a job without the 'pull-requests: write' permission); the result is in the job summary only.",
      `::warning::Could not read the commits of pull request #7 (HTTP 403: Resource not accessible by integration): checking its head commit ${COMPLIANT} alone. Give the job the 'pull-requests: read' permission, or list the commits in the 'commits' input.`,
    ]);
  });

  it('in a local run, the same refusals name no job permission', async () => {
    const result = await gate(true);
    expect(result.code).toBe(0);
    expect(result.outputs.outcome).toBe('compliant');
    expect(warnings(result)).toEqual([
      '::warning::Could not comment on pull request #7 (HTTP 403: Resource not accessible by integration). The token (github-token) cannot write to this pull request; the result is in the job summary only.',
      `::warning::Could not read the commits of pull request #7 (HTTP 403: Resource not accessible by integration): checking its head commit ${COMPLIANT} alone. To check them all, list the commits in the 'commits' input.`,
    ]);
    expect(result.everything).not.toContain('permission');
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });
});
