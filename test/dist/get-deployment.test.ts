/**
 * get-deployment through the shipped bundle, as the runner runs it: its contract, a deployment with its outputs,
 * result file, log and summary. A bad input and the service down, through the bundle, are test/dist/lifecycle.test.ts
 * (every action); every branch of its logic, those included, is tested in-process: test/actions/get-deployment.
 */
import { describe, expect, it } from 'vitest';
import { outputFile, runAction } from '../helpers/runner.js';
import { byProfile, DEMO_TOKEN, PROFILE, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, withoutMaskCommands } from '../helpers/secrets.js';

const start = useSandbox();
const connection = (url: string) => ({ 'api-url': url, 'api-token': DEMO_TOKEN, org: 'demo' });
const noLeak = (everything: string) => assertNoSecret(withoutMaskCommands(everything), 'the step');

/** Demo seed: backend 1.4.0 ran in staging from snapshot 1; 1.5.0 replaced it in snapshot 2 (never in production). */
const BACKEND_140 = '9e5f20177e2131a174e6d70d947a1244919fcb0ef41d1ce7e975f79d068f647d';
const BACKEND_150 = '33907d725bd992d1651784dee23dff369334af6903feb0d75e00eb37a820491f';
const UI = 'https://sandbox.compliance.invalid/demo';
/** Demo seed: the commits of backend 1.4.0 and 1.5.0, both of acme/shop. */
const COMMIT_140 = '3dfdaa9cbad35a60632a382f8653df6ef6539d28';
const COMMIT_150 = '888f905eacac85a1e522752fa1be9aa2ce5d5016';
/** The summary's line of what shipped, for 1.5.0 in staging (no count: this checkout has neither commit). */
const SHIPPED =
  `backend 1.5.0 replaced 1.4.0 ([compare](https://github.com/acme/shop/compare/${COMMIT_140}...${COMMIT_150}))` +
  ' 18 min after its commit';

/**
 * A summary row of a field the deployment only shows: `row` as the full answer gives it; no row of that field where a
 * minimal answer leaves it out (the step says nothing it was not told).
 */
function expectShownRow(summary: string, row: string): void {
  if (PROFILE === 'full') expect(summary).toContain(row);
  else expect(summary).not.toContain(row.slice(0, row.indexOf(' | ') + 3));
}

/** What the summary and log say of an answer that names neither the fingerprint nor the environment. */
const notConfirmed = (fingerprint: string, environment: string) =>
  `Not confirmed: the answer names no fingerprint and no environment, so it cannot be shown to be about ` +
  `${fingerprint} in ${environment} as asked.`;

describe('get-deployment', () => {
  it('tells when and where an artifact started running, and what it replaced', async () => {
    const sandbox = await start();
    // Read as a lookup: with fail-if-missing (the default) a minimal answer is could-not-check (tested below).
    const result = await runAction('get-deployment', {
      inputs: {
        ...connection(sandbox.url),
        environment: 'staging',
        fingerprint: BACKEND_150,
        'fail-if-missing': 'false',
      },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // A 200 is "deployed": a minimal answer names nothing else, and each output it leaves out is empty.
    expect(result.outputs).toMatchObject({
      outcome: 'found',
      found: 'true',
      // Snapshot staging#2 was taken at 1793697400 (Unix seconds).
      'deployed-at': byProfile('2026-11-03T09:16:40Z', ''),
      'snapshot-index': byProfile('2', ''),
      'artifact-name': byProfile('ghcr.io/acme/backend:1.5.0', ''),
      'replaced-fingerprint': byProfile(BACKEND_140, ''),
      // What shipped: 1.4.0's commit, the compare link between the two commits, and 1,100 s from 1.5.0's commit.
      'replaced-commit': byProfile(COMMIT_140, ''),
      'compare-url': byProfile(`https://github.com/acme/shop/compare/${COMMIT_140}...${COMMIT_150}`, ''),
      'lead-time-seconds': byProfile('1100', ''),
      'diff-url': byProfile(`${UI}/environments/staging/snapshots/2?compare=1`, ''),
    });
    const saved = outputFile(result, 'result-file') as Record<string, unknown>;
    expect(saved).toMatchObject({
      found: true,
      environment: 'staging',
      fingerprint: BACKEND_150,
      deployedAt: byProfile('2026-11-03T09:16:40Z', null),
      deployment: byProfile({ env_name: 'staging', artifact: { flow_name: 'backend' } }, { artifact: null }),
    });
    expect(saved.notConfirmed).toEqual(byProfile(undefined, ['fingerprint', 'env_name']));
    expect(result.stdout).toContain('::group::Read the deployment to staging');
    expect(result.stdout).toContain(
      byProfile(
        'ghcr.io/acme/backend:1.5.0 was deployed to staging at 2026-11-03T09:16:40Z (snapshot #2).',
        `${BACKEND_150} was deployed to staging.\n${notConfirmed(BACKEND_150, 'staging')}`,
      ),
    );

    const name = byProfile('ghcr.io/acme/backend:1.5.0', BACKEND_150);
    expect(result.summary).toContain(
      `### ${name} deployed to staging\n\n${byProfile(`${SHIPPED}\n\n`, `${notConfirmed(BACKEND_150, 'staging')}\n\n`)}| Field |`,
    );
    expect(result.summary).toContain(
      `| Environment | ${byProfile(`[staging](${UI}/environments/staging)`, 'staging')} |`,
    );
    expect(result.summary).toContain(`| Artifact | ${name} |`);
    expectShownRow(result.summary, '| Deployed at | 2026-11-03T09:16:40Z |');
    expectShownRow(result.summary, '| Snapshot | #2 |');
    expectShownRow(
      result.summary,
      '| Commit | [888f905 Bump openssl](https://github.com/acme/shop/commit/888f905eacac85a1e522752fa1be9aa2ce5d5016) |',
    );
    expectShownRow(
      result.summary,
      `| Diff | [compare with the snapshot before](${UI}/environments/staging/snapshots/2?compare=1) |`,
    );
    noLeak(result.everything);
    // A minimal answer does not say what it replaced: no row, neither the artifact nor "nothing".
    expectShownRow(result.summary, `| Replaced | ghcr.io/acme/backend:1.4.0 (${BACKEND_140.slice(0, 12)}) |`);
  });
});
