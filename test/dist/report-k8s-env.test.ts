/**
 * report-k8s-env through the shipped bundle, as the runner runs it: its contract (a pods file reported, with its
 * outputs, result file and summary; a bad input refused before any request; the service down, the report kept).
 * Every branch of its logic, many environments and the real kubectl included, is tested in-process:
 * test/actions/report-k8s-env.
 */
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/git.js';
import { expectKept, podsWorkspace } from '../helpers/report-k8s-env.js';
import { outputFile, runAction } from '../helpers/runner.js';
import { byProfile, DEMO_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, TEST_TOKEN, withoutMaskCommands } from '../helpers/secrets.js';
import { closedOrigin, json, startServer } from '../helpers/server.js';

const start = useSandbox();
const { tempDir } = useTempDirs();
const inputs = (url: string, token = TEST_TOKEN) => ({
  'api-url': url,
  'api-token': token,
  org: token === DEMO_TOKEN ? 'demo' : 'acme',
  environment: 'staging',
  'pods-file': 'pods.json',
});

describe('report-k8s-env', () => {
  it('reports the pods of a pods file: its outputs, result file and summary', async () => {
    const sandbox = await start();
    const result = await runAction('report-k8s-env', {
      cwd: podsWorkspace(tempDir('pods-')),
      inputs: inputs(sandbox.url, DEMO_TOKEN),
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const message = byProfile('Snapshot staging#3 created with 4 artifact(s)', '');
    expect(result.outputs).toMatchObject({
      outcome: 'reported',
      pods: '6',
      artifacts: '4',
      skipped: '1',
      message,
      'snapshot-created': 'true',
      'snapshot-id': byProfile('staging#3', ''),
      'payload-file': '',
    });
    const saved = outputFile(result, 'result-file') as { artifacts: unknown[] };
    expect(saved).toMatchObject({ outcome: 'reported', reported: 4, leftOut: 1, message });
    expect(saved.artifacts).toHaveLength(4);
    expect(result.stdout).toContain('::warning::Skipped pod shop/new-1');
    expect(result.summary).toContain('### Environment staging reported');
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });

  // The exit code and the outcome: test/dist/lifecycle.test.ts, for every action.
  it('a bad input fails before anything is read or sent', async () => {
    const server = await startServer((_req, res) => json(res, 200, {}));
    try {
      const result = await runAction('report-k8s-env', {
        cwd: podsWorkspace(tempDir('pods-')),
        inputs: { ...inputs(server.origin), namespaces: 'shop', 'exclude-namespaces': 'kube-system' },
      });
      expect(result.stdout).toContain(
        "::error::Invalid input 'exclude-namespaces': cannot be combined with namespaces or namespaces-regex",
      );
      expect(outputFile(result, 'result-file')).toMatchObject({ outcome: 'error', error: { kind: 'input' } });
      expect(result.summary).toContain('### ⚠️ Could not report the environment');
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it('the service unreachable: the payload is kept and the failure says where', async () => {
    const result = await runAction('report-k8s-env', {
      cwd: podsWorkspace(tempDir('pods-')),
      inputs: inputs(await closedOrigin()),
      env: { COMPLIANCE_RETRIES: '0' },
    });
    expect(result.stdout).toMatch(/::error::.*could not reach the service.*The report was not delivered/);
    expectKept(result);
    expect((outputFile(result, 'payload-file') as { artifacts: unknown[] }).artifacts).toHaveLength(4);
  });
});
