/**
 * setup through the shipped bundle, as the runner runs it: its contract (the connection checked and exported for later
 * steps, the token masked). Every branch of its logic is tested in-process: test/actions/setup; a bad input and the
 * service down, for every action: test/dist/lifecycle.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { assertNoSecret, TEST_TOKEN, withoutMaskCommands } from '../helpers/secrets.js';
import { json, startServer } from '../helpers/server.js';
import { runAction } from '../helpers/runner.js';

describe('setup (dist bundle, as the runner runs it)', () => {
  it('verifies the connection and exports it for later steps, with no outcome and no result file', async () => {
    const server = await startServer((_req, res) => json(res, 200, []));
    try {
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
    } finally {
      await server.close();
    }
  });
});
