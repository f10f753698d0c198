/**
 * list-attestations through the shipped bundle, as the runner runs it: its contract (a flow's attestations listed,
 * with the outputs, result file and summary), under both answer profiles. Every branch of its logic is tested
 * in-process: test/actions/list-attestations; a bad input and the service down, for every action:
 * test/dist/lifecycle.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { outputFile, runAction } from '../helpers/runner.js';
import { byProfile, DEMO_TOKEN, PROFILE, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, withoutMaskCommands } from '../helpers/secrets.js';

const start = useSandbox();

interface Saved {
  attestations: { attestation_name: string | null; is_compliant: boolean | null }[];
}

describe('list-attestations', () => {
  it('lists the attestations of a flow, counts the non-compliant ones, and summarizes them', async () => {
    const sandbox = await start();
    const result = await runAction('list-attestations', {
      inputs: { 'api-url': sandbox.url, 'api-token': DEMO_TOKEN, org: 'demo', flow: 'backend' },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ outcome: 'listed', count: '6', 'non-compliant': '1' });
    const saved = outputFile(result, 'result-file') as Saved;
    expect(saved).toMatchObject({
      outcome: 'listed',
      flow: 'backend',
      count: 6,
      nonCompliant: 1,
      total: 6,
      truncated: false,
    });
    // Newest first, as the service lists them. The minimal profile sends no names (only shown): the verdicts, which it
    // keeps, tell them apart.
    const names = ['snyk-scan', 'unit-tests', 'pull-request', 'snyk-scan', 'unit-tests', 'pull-request'];
    expect(saved.attestations.map((a) => a.attestation_name)).toEqual(
      byProfile<(string | null)[]>(names, Array<null>(6).fill(null)),
    );
    expect(saved.attestations.map((a) => a.is_compliant)).toEqual([false, true, true, true, true, true]);
    expect(result.stdout).toContain('::group::List the attestations of backend (');
    expect(result.summary).toContain('### Attestations of backend: 6 listed, 1 non-compliant');
    expect(result.summary).toContain(
      '| Name | Type | Compliant | Trail | Commit | Created | Reported by | Description |',
    );
    if (PROFILE === 'full') {
      expect(result.summary).toContain(
        '| [snyk-scan](https://sandbox.compliance.invalid/demo/flows/backend/trails/888f905eacac85a1e522752fa1be9aa2ce5d5016/attestations/',
      );
      // The trail and commit: the commit's first line, linked.
      expect(result.summary).toContain(
        ') | snyk | ❌ no | 888f905eacac… | [888f905 Bump openssl](https://github.com/acme/shop/commit/888f905eacac85a1e522752fa1be9aa2ce5d5016) | 2026-11-03T09:06:40Z | github-actions |',
      );
      expect(result.summary).toContain(
        ') | junit | ✅ yes | 3dfdaa9cbad3… | [3dfdaa9 Add payment retries](https://github.com/acme/shop/commit/3dfdaa9cbad35a60632a382f8653df6ef6539d28) | 2026-11-02T09:05:00Z | github-actions | 412 tests, 0 failures |',
      );
    } else {
      const rows = (row: string) => result.summary.split('\n').filter((line) => line === row);
      // Only the verdict is sent: the unknown mark for the name, every other cell empty, one row each.
      expect(rows('| ? |  | ❌ no |  |  |  |  |  |')).toHaveLength(1);
      expect(rows('| ? |  | ✅ yes |  |  |  |  |  |')).toHaveLength(5);
    }
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });
});
