/**
 * Messages that point the right way, each step started in-process as src/main.ts starts it: a service that
 * cannot be reached is reported as what happened (a refused connection, a name not found) whatever `timeout-seconds`
 * is, never as a time budget to raise.
 */
import { describe, expect, it } from 'vitest';
import { useInProcessAction } from '../helpers/in-process.js';
import { outputFile, type RunResult } from '../helpers/runner.js';
import { TEST_TOKEN } from '../helpers/secrets.js';
import { closedOrigin } from '../helpers/server.js';

const runAction = useInProcessAction();

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
