/**
 * get-artifact through the shipped bundle, as the runner runs it: its contract for one artifact (a compliant artifact
 * with its outputs, result file and summary) and for many (a release of 200 files globbed from the workspace, its
 * lists, table and annotations). A bad input and the service down are asserted for every action by lifecycle.test.ts;
 * every branch of the lookup and its gate is tested in-process: test/actions/get-artifact.
 */
import {
  check,
  COMPLIANT_FP,
  releaseIn,
  releaseSeed,
  reportAll,
  type Saved,
} from '../helpers/get-artifact.js';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/git.js';
import { outputFile, runAction } from '../helpers/runner.js';
import { byProfile, DEMO_TOKEN, useSandbox } from '../helpers/sandbox.js';

const start = useSandbox();
const { tempDir } = useTempDirs();
const connection = (url: string) => ({ 'api-url': url, 'api-token': DEMO_TOKEN, org: 'demo' });
const page = `https://sandbox.compliance.invalid/demo/flows/backend/artifacts/${COMPLIANT_FP}`;

describe('get-artifact', () => {
  it('reads a compliant artifact: state, link, attestations, result file', async () => {
    const sandbox = await start();
    const result = await runAction('get-artifact', {
      inputs: { ...connection(sandbox.url), flow: 'backend', fingerprint: COMPLIANT_FP },
    });
    expect(result.stderr).toBe('');
    // The minimal profile sends no html_url and no commit info (only shown): no link, and no Commit row.
    const linked = [
      `[Open in the compliance service](${page})`,
      '| Commit | [3dfdaa9 Add payment retries](https://github.com/acme/shop/commit/3dfdaa9cbad35a60632a382f8653df6ef6539d28) |',
    ];
    check(result, {
      code: 0,
      outputs: {
        outcome: 'compliant',
        found: 'true',
        state: 'COMPLIANT',
        compliant: 'true',
        'html-url': byProfile(page, ''),
      },
      saved: { outcome: 'compliant', found: true, state: 'COMPLIANT', compliant: true, problems: [] },
      stdout: ['::group::Read the artifact from flow backend'],
      summary: [
        '### ✅ Artifact ghcr.io/acme/backend:1.4.0: COMPLIANT',
        `| Fingerprint | <code>${COMPLIANT_FP}</code> |`,
        '| snyk-scan | COMPLETE | ✅ yes |',
        ...byProfile(linked, []),
      ],
      notSummary: ['assert-compliant', ...byProfile([], ['Open in the compliance service', '| Commit |'])],
    });
    const saved = outputFile(result, 'result-file') as Saved;
    expect(saved.artifact?.filename).toBe('ghcr.io/acme/backend:1.4.0');
    expect(saved.attestations.map((a) => [a.name, a.status, a.compliant])).toEqual([
      ['pull-request', 'COMPLETE', true],
      ['unit-tests', 'COMPLETE', true],
      ['snyk-scan', 'COMPLETE', true],
    ]);
  });

  it('verifies a release of 200 files from a glob: the worst outcome, the lists, one table, annotations naming them', async () => {
    const sandbox = await start({ seed: releaseSeed() });
    const { dir, fingerprints } = releaseIn(tempDir('release-'), 200);
    const [BAD, MISSING] = ['release/part-007.bin', 'release/part-013.bin'];
    const short = (name: string) => fingerprints.get(name)?.slice(0, 12) ?? '';
    await reportAll(
      sandbox,
      fingerprints,
      (name) => name === MISSING,
      (name) => name !== BAD,
    );
    const result = await runAction('get-artifact', {
      cwd: dir,
      inputs: {
        ...connection(sandbox.url),
        flow: 'release',
        artifact: 'release/*.bin',
        'artifact-type': 'file',
        'assert-compliant': 'true',
      },
    });
    check(result, {
      code: 1,
      // The worst of the items: not found is worse than non-compliant.
      outputs: { outcome: 'not-found', count: '200', compliant: 'false' },
      lists: {
        'non-compliant': [{ name: BAD, fingerprint: fingerprints.get(BAD) ?? '', state: 'NON-COMPLIANT' }],
        'not-found': [{ name: MISSING, fingerprint: fingerprints.get(MISSING) ?? '', state: null }],
      },
      // The single-item outputs are not set for many.
      unset: ['found'],
      stdout: [
        `::error title=Artifact ${BAD}::${BAD} (${short(BAD)}): NON-COMPLIANT`,
        `::error title=Artifact ${MISSING}::${MISSING} (${short(MISSING)}): not found.`,
      ],
      last: `::error::assert-compliant: 2 of 200 artifacts are not COMPLIANT: ${BAD} (NON-COMPLIANT), ${MISSING} (not found).`,
      summary: [
        '### ❌ 200 artifacts of flow release: 2 not COMPLIANT',
        '| Name | Fingerprint | State | Missing or non-compliant | Link |',
        // Why, in the service's words (state_info), and its page: the minimal profile sends neither (only shown), so
        // those cells are empty.
        byProfile(
          'reported as non-compliant',
          `| ${BAD} | <code>${short(BAD)}</code> | ❌ NON-COMPLIANT |  |  |`,
        ),
      ],
      saved: { count: 200 },
    });
    const rows = result.summary.match(/^\| release\/part-\d{3}\.bin \|/gm) ?? [];
    expect(rows).toHaveLength(200);
    // The two to act on come first.
    expect(rows.slice(0, 2).sort()).toEqual([`| ${BAD} |`, `| ${MISSING} |`]);
    const saved = outputFile(result, 'result-file') as { items: { outcome: string }[] };
    expect(saved.items.filter((i) => i.outcome === 'compliant')).toHaveLength(198);
  });
});
