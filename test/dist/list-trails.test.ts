/**
 * list-trails through the shipped bundle, as the runner runs it: its contract (the org's trails listed, with the
 * outputs, result file and summary), under both answer profiles. Every branch of its logic is tested in-process:
 * test/actions/list-trails; a bad input and the service down, for every action: test/dist/lifecycle.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { outputFile, runAction } from '../helpers/runner.js';
import { byProfile, DEMO_TOKEN, PROFILE, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, withoutMaskCommands } from '../helpers/secrets.js';

const start = useSandbox();

const COMPLIANT_TRAIL = '3dfdaa9cbad35a60632a382f8653df6ef6539d28';
const NON_COMPLIANT_TRAIL = '888f905eacac85a1e522752fa1be9aa2ce5d5016';
const FRONTEND_TRAIL = '48d4add1472687902145455ca3c48dd619426eb9';

interface Saved {
  trails: { name: string | null; compliance_state: string | null }[];
}

describe('list-trails', () => {
  it('lists every trail of the org, counts the non-compliant ones, and summarizes them', async () => {
    const sandbox = await start();
    const result = await runAction('list-trails', {
      inputs: { 'api-url': sandbox.url, 'api-token': DEMO_TOKEN, org: 'demo' },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ outcome: 'listed', count: '3', 'non-compliant': '1' });
    const saved = outputFile(result, 'result-file') as Saved;
    expect(saved).toMatchObject({
      outcome: 'listed',
      count: 3,
      nonCompliant: 1,
      total: 3,
      truncated: false,
      pagesRead: 1,
    });
    // Newest first, as the service lists them. The minimal profile sends no names (only shown): the states, which it
    // keeps, tell them apart.
    const names = [NON_COMPLIANT_TRAIL, FRONTEND_TRAIL, COMPLIANT_TRAIL];
    expect(saved.trails.map((t) => t.name)).toEqual(
      byProfile<(string | null)[]>(names, Array<null>(3).fill(null)),
    );
    expect(saved.trails.map((t) => t.compliance_state)).toEqual(['NON-COMPLIANT', 'COMPLIANT', 'COMPLIANT']);

    expect(result.stdout).toContain('::group::List trails (');
    expect(result.summary).toContain('### Trails: 3 listed, 1 non-compliant');
    expect(result.summary).toContain(
      '| Trail | Flow | State | Commit | Missing or non-compliant | Created | Created by |',
    );
    expect(result.summary).toContain(
      byProfile(
        // A trail named by its commit's SHA is cut to 12 characters: the Commit column has the commit.
        `| [${NON_COMPLIANT_TRAIL.slice(0, 12)}…](https://sandbox.compliance.invalid/demo/flows/backend/trails/${NON_COMPLIANT_TRAIL}) | backend | ❌ NON-COMPLIANT | [888f905 Bump openssl](https://github.com/acme/shop/commit/${NON_COMPLIANT_TRAIL}) | non-compliant: snyk-scan | 2026-11-03T09:00:00Z | bob |`,
        // No name, link, flow, commit, statuses, time or author: the unknown mark, and the state it rests on.
        '| ? |  | ❌ NON-COMPLIANT |  |  |  |  |',
      ),
    );
    if (PROFILE === 'minimal') {
      const rows = (row: string) => result.summary.split('\n').filter((line) => line === row);
      expect(rows('| ? |  | ✅ COMPLIANT |  |  |  |  |')).toHaveLength(2);
    }
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });
});
