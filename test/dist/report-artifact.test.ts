/**
 * report-artifact through the shipped bundle, as the runner runs it: its contract (a file of a checkout reported, with
 * its outputs, result file and summary; a bad input refused before any request; the service down, the report kept).
 * Every branch of its logic is tested in-process: test/actions/report-artifact.
 */
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/git.js';
import { APP_BIN_FP, checkout, expectKept, reportInputs } from '../helpers/report-artifact.js';
import { outputFile, runAction } from '../helpers/runner.js';
import { byProfile, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, TEST_TOKEN, withoutMaskCommands } from '../helpers/secrets.js';
import { closedOrigin, json, startServer } from '../helpers/server.js';

const start = useSandbox();
const { repo } = useTempDirs();

describe('report-artifact', () => {
  it('reports a file of the checkout: its outputs, result file and summary', async () => {
    const sandbox = await start();
    const { dir, sha } = checkout(repo());
    const result = await runAction('report-artifact', {
      cwd: dir,
      inputs: reportInputs(sandbox.url),
      github: { GITHUB_SHA: sha },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const fingerprint = APP_BIN_FP;
    const page = `https://sandbox.compliance.invalid/demo/flows/backend/artifacts/${fingerprint}`;
    expect(result.outputs).toMatchObject({
      outcome: 'reported',
      fingerprint,
      filename: 'app.bin',
      trail: sha,
      'git-commit': sha,
      'html-url': byProfile(page, ''),
      state: 'INCOMPLETE',
    });
    expect(result.outputs['payload-file']).toBeUndefined();
    expect(outputFile(result, 'result-file')).toMatchObject({
      outcome: 'reported',
      dryRun: false,
      response: byProfile({ message: expect.any(String) as unknown }, null),
      payload: { fingerprint, git_commit: sha, git_commit_info: { sha1: sha, branch: 'main' } },
      page: { htmlUrl: byProfile(page, null), state: 'INCOMPLETE' },
    });
    expect(result.stdout).toContain('::group::Fingerprint the artifact');
    expect(result.summary).toContain('### Artifact reported');
    expect(result.summary).toContain(`| State after the report | ⚠️ INCOMPLETE |`);
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });

  // The exit code, the outcome and that no secret shows: test/dist/lifecycle.test.ts, for every action.
  it('a bad input fails before anything is read or sent', async () => {
    const server = await startServer((_req, res) => json(res, 201, { message: 'OK' }));
    try {
      const { dir, sha } = checkout(repo());
      const result = await runAction('report-artifact', {
        cwd: dir,
        inputs: reportInputs(server.origin, {
          'api-token': TEST_TOKEN,
          org: 'acme',
          'external-urls': 'docs=ftp://x',
        }),
        github: { GITHUB_SHA: sha },
      });
      expect(result.stdout).toContain(
        "::error::Invalid input 'external-urls': line 1 ('docs=ftp://x') has the value 'ftp://x'",
      );
      expect(result.outputs['payload-file']).toBeUndefined();
      expect(outputFile(result, 'result-file')).toEqual({
        outcome: 'error',
        error: {
          kind: 'input',
          message: expect.stringContaining("Invalid input 'external-urls'") as unknown,
        },
      });
      expect(result.summary).toContain('### ⚠️ Could not report the artifact');
      expect(result.summary).toContain('Fix the input named above');
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it('the service unreachable: the report is kept, nothing is lost', async () => {
    const { dir, sha } = checkout(repo());
    const result = await runAction('report-artifact', {
      cwd: dir,
      inputs: reportInputs(await closedOrigin(), { 'api-token': TEST_TOKEN, org: 'acme' }),
      env: { COMPLIANCE_RETRIES: '0' },
      github: { GITHUB_SHA: sha },
    });
    expect(result.stdout).toMatch(/::error::.*could not reach the service.*The report was not delivered/);
    expectKept(result, sha);
  });
});
