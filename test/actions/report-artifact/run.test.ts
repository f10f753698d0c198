/** report-artifact's run in-process against the sandbox: the step result it hands to the finisher on each path. */
import { describe, expect, it } from 'vitest';
import { action } from '../../../src/actions/report-artifact.js';
import { settle } from '../../../src/runtime/step.js';
import { useTempDirs } from '../../helpers/git.js';
import { readerOf } from '../../helpers/inputs.js';
import { checkout, reportInputs } from '../../helpers/report-artifact.js';
import { DEFAULT_GITHUB } from '../../helpers/runner.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { UI_URL } from '@compliance-actions/sandbox/seeds/index';

const start = useSandbox();
const { tempDir, repo } = useTempDirs();

const FP = 'f'.repeat(64);
const SHA = 'd'.repeat(40);

/** The inputs of a step in `dir` reporting fingerprint FP as app.bin to flow backend of the sandbox at `url`. */
async function inputs(url: string, dir: string, extra: Record<string, string> = {}) {
  const given = reportInputs(url, {
    artifact: '',
    'artifact-type': '',
    fingerprint: FP,
    name: 'app.bin',
    ...extra,
  });
  const context = { ...DEFAULT_GITHUB, GITHUB_SHA: SHA, GITHUB_WORKSPACE: dir, COMPLIANCE_RETRIES: '0' };
  return await action.read(readerOf(given, context), dir);
}

const stored = (sandbox: Awaited<ReturnType<typeof start>>) =>
  sandbox.sandbox.service.data.orgs.demo?.artifacts.some((a) => a.fingerprint === FP);

describe('report-artifact run', () => {
  it('reported: the outputs, the result with the answer, and the warning about a commit known by its SHA only', async () => {
    const sandbox = await start();
    const step = await settle(action, await inputs(sandbox.url, tempDir('work-'), { trail: 'release-1' }));
    expect(step.outcome).toBe('reported');
    expect(step.outputs).toEqual({
      fingerprint: FP,
      filename: 'app.bin',
      trail: 'release-1',
      'git-commit': SHA,
      'html-url': `${UI_URL}/demo/flows/backend/artifacts/${FP}`,
      state: 'INCOMPLETE',
    });
    expect(step.result).toMatchObject({ dryRun: false, fingerprint: FP, response: { message: 'OK' } });
    expect(step.payload).toBeUndefined();
    expect(step.failure).toBeUndefined();
    expect(step.annotations).toEqual([
      { level: 'warning', message: expect.stringMatching(/^No commit information for d{40}:/) as unknown },
    ]);
    expect(step.summary?.toString()).toContain('### Artifact reported');
    // A given fingerprint under a given name, to a given trail (the commit's SHA by default: steps.test.ts).
    expect(sandbox.sandbox.service.getArtifact('demo', 'backend', FP, {})).toMatchObject({
      filename: 'app.bin',
      trail_name: 'release-1',
    });
  });

  it('reported: a state read back spelled otherwise is read by is_compliant, and says how it was given', async () => {
    const sandbox = await start();
    const readBack = { fingerprint: FP, flow_name: 'backend', html_url: null, is_compliant: false };
    for (const [state, output, note] of [
      ['Non-Compliant', 'NON-COMPLIANT', 'given as "Non-Compliant", is_compliant false'],
      ['COMPLIANT', 'NON-COMPLIANT', 'given as COMPLIANT, but is_compliant false'],
    ]) {
      sandbox.sandbox.faults.respondNext(1, {
        status: 200,
        body: { ...readBack, state },
        path: /\/fingerprint\//,
      });
      const step = await settle(action, await inputs(sandbox.url, tempDir('work-')));
      expect(step.outcome).toBe('reported');
      expect(step.outputs).toMatchObject({ state: output });
      expect(step.result).toMatchObject({ page: { state: output, stateNote: note } });
      expect(step.summary?.toString()).toContain(`| State after the report | ❌ ${output} (${note}) |`);
    }
  });

  it('not delivered: outcome error keeping the payload, the report, the warning, and a summary that shows it', async () => {
    const sandbox = await start();
    sandbox.sandbox.faults.failNext(1, 503, { message: 'maintenance window' });
    const step = await settle(action, await inputs(sandbox.url, tempDir('work-')));
    expect(step.outcome).toBe('error');
    expect(step.outputs).toEqual({});
    expect(step.payload).toMatchObject({ fingerprint: FP, git_commit: SHA });
    expect(step.failure).toMatch(
      /HTTP 503 Service Unavailable: maintenance window\. The report was not delivered\.$/,
    );
    expect(step.result).toMatchObject({
      flow: 'backend',
      artifact: { type: 'fingerprint', fingerprint: FP },
      fingerprint: FP,
      payload: step.payload,
      error: { kind: 'undelivered', message: step.failure },
    });
    expect(Object.keys(step.result).at(-1)).toBe('error');
    expect(step.annotations).toHaveLength(1);
    const summary = step.summary?.toString() ?? '';
    expect(summary).toContain('### ⚠️ Could not report the artifact to flow backend');
    expect(summary).toContain('#### The report that was not delivered');
    expect(summary).toContain(`<code>${FP}</code>`);
    expect(stored(sandbox)).toBe(false);
    // The very payload a dry run keeps: nothing of the report is lost.
    const dry = await settle(action, await inputs(sandbox.url, tempDir('work-'), { 'dry-run': 'true' }));
    expect(step.payload).toEqual(dry.payload);
  });

  it('refuses a git-commit git cannot resolve, before anything is sent', async () => {
    const sandbox = await start();
    const { dir } = checkout(repo());
    await expect(action.run(await inputs(sandbox.url, dir, { 'git-commit': 'v9.9.9' }))).rejects.toThrow(
      "Invalid input 'git-commit': cannot resolve 'v9.9.9'",
    );
    expect(stored(sandbox)).toBe(false);
  });
});
