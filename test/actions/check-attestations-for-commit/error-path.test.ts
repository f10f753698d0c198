/**
 * A gate that read its commits and then could not check keeps what it learnt on the way: the warning that only the
 * pull request's head is checked (it was printed before the service was asked, and must not be lost with the error),
 * and the commits in the result file.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action } from '../../../src/actions/check-attestations-for-commit/index.js';
import { useInProcessRunner } from '../../helpers/in-process.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { env, HEAD, pullRequestEnv } from './env.js';

const runner = useInProcessRunner();
let server: TestServer;
beforeAll(async () => {
  // An answer not in the documented shape: the gate cannot check.
  server = await startServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('[1, 2, 3]');
  });
});
afterAll(() => server.close());

describe('a gate that could not check after reading its commits', () => {
  it('still warns that only the head was checked, and keeps the commits read', async () => {
    const r = runner();
    const e = { ...env({ 'api-url': server.origin }, pullRequestEnv()), ...r.env };
    await action.start(e, process.cwd());

    expect(r.outputs().outcome).toBe('error');
    const note = 'Could not read the commits of pull request #7 (no github-token)';
    expect(r.annotations().some((line) => line.startsWith('::warning') && line.includes(note))).toBe(true);
    expect(r.summary()).toContain('checking its head commit ' + HEAD + ' alone');
    const result = JSON.parse(readFileSync(r.outputs()['result-file'] ?? '', 'utf8')) as Record<
      string,
      unknown
    >;
    expect(result).toMatchObject({
      outcome: 'error',
      compliant: false,
      from: 'pull-request-head',
      pullRequest: 7,
      commits: [{ sha: HEAD }],
      error: { kind: 'unexpected-response' },
    });
    expect(result.note).toContain(note);
  });
});
