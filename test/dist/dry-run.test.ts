/**
 * The outage switch (issue 28) through the shipped bundles, as the runner runs them: with dry run on (the `dry-run`
 * input or the organisation's COMPLIANCE_DRY_RUN variable) every gate still reads and decides, but a tripped gate and
 * a service that cannot be reached are warnings, not failures; the summary opens by saying dry run is on and what it
 * would have done; bad input still fails. The finisher's rules in-process: test/runtime/dry-run.test.ts.
 */
import { describe, it } from 'vitest';
import { onPullRequest, useFakeGitHub } from '../helpers/github-api.js';
import { outputFile, runAction } from '../helpers/runner.js';
import { DEMO_TOKEN, useSharedSandbox } from '../helpers/sandbox.js';
import { closedOrigin } from '../helpers/server.js';
import { TEST_TOKEN } from '../helpers/secrets.js';

/** Demo seed: a backend commit whose attestations are compliant. */
const COMPLIANT = '3dfdaa9cbad35a60632a382f8653df6ef6539d28';
/** Demo seed: a backend commit with a non-compliant attestation (snyk-scan). */
const NON_COMPLIANT = '888f905eacac85a1e522752fa1be9aa2ce5d5016';
/** Demo seed: backend 1.5.0 (runs in staging, never in production). */
const BACKEND_150 = '33907d725bd992d1651784dee23dff369334af6903feb0d75e00eb37a820491f';

/** Each gate with its inputs, and a bad input of its own. */
const GATES: Record<string, { inputs: Record<string, string>; bad: Record<string, string> }> = {
  'check-attestations-for-commit': { inputs: { commits: NON_COMPLIANT }, bad: { commits: 'not-a-sha' } },
  'get-artifact': {
    inputs: { flow: 'backend', fingerprint: BACKEND_150, 'assert-compliant': 'true' },
    bad: { flow: 'my flow' },
  },
  'diff-envs': {
    inputs: { 'snapshot-1': 'production', 'snapshot-2': 'staging', 'fail-on-non-compliant': 'true' },
    bad: { 'snapshot-1': 'staging#0' },
  },
  'get-deployment': {
    inputs: { environment: 'production', fingerprint: BACKEND_150 },
    bad: { environment: 'a b' },
  },
  'list-actions': { inputs: { 'fail-if-failing': 'true' }, bad: { 'fail-if-failing': 'maybe' } },
};

const sandbox = useSharedSandbox();
const DRY_RUN_SAYS = /^> \[!WARNING\]\n> Dry run is on \(dry-run or COMPLIANCE_DRY_RUN\)/m;

describe.concurrent('dry run: the switch an organisation sets while the service is down', () => {
  for (const [name, { inputs, bad }] of Object.entries(GATES)) {
    describe(name, () => {
      it('against the sandbox: decides as it would, and the gate that trips warns instead of failing', async ({
        expect,
      }) => {
        const connection = { 'api-url': sandbox().url, 'api-token': DEMO_TOKEN, org: 'demo' };
        const gated = await runAction(name, { inputs: { ...connection, ...inputs } });
        // Every one of these trips on the demo seed without dry run.
        expect(gated.code).toBe(1);
        const dry = await runAction(name, { inputs: { ...connection, ...inputs, 'dry-run': 'true' } });
        expect(dry.stderr).toBe('');
        expect(dry.code).toBe(0);
        expect(dry.outputs.outcome).toBe(gated.outputs.outcome);
        expect(dry.stdout).not.toMatch(/^::error/m);
        expect(dry.stdout).toMatch(/^::warning title=Dry run::Not failed \(dry run\): /m);
        expect(dry.summary).toMatch(DRY_RUN_SAYS);
        expect(dry.summary).toContain('Without it, this step would have failed: ');
        const saved = outputFile(dry, 'result-file') as { dryRun?: { wouldHaveFailed?: unknown } };
        expect(typeof saved.dryRun?.wouldHaveFailed).toBe('string');
      });

      it('on an unreachable service, by the organisation variable: a warning, outcome error', async ({
        expect,
      }) => {
        const result = await runAction(name, {
          inputs: { 'api-url': await closedOrigin(), 'api-token': TEST_TOKEN, org: 'acme', ...inputs },
          env: { COMPLIANCE_DRY_RUN: 'true', COMPLIANCE_RETRIES: '0' },
        });
        expect(result.code).toBe(0);
        expect(result.outputs.outcome).toBe('error');
        expect(result.stdout).toMatch(/^::warning title=Dry run::Not failed \(dry run\): .*could not reach/m);
        expect(result.summary).toMatch(DRY_RUN_SAYS);
      });

      it('still fails on bad input', async ({ expect }) => {
        const connection = { 'api-url': sandbox().url, 'api-token': DEMO_TOKEN, org: 'demo' };
        const result = await runAction(name, {
          inputs: { ...connection, ...inputs, ...bad, 'dry-run': 'true' },
        });
        expect(result.code).toBe(1);
        expect(result.stdout).toMatch(/^::error::Invalid input /m);
      });
    });
  }
});

describe('dry run and the pull-request comment', () => {
  const github = useFakeGitHub();
  /** The comment's marker, then the same opening as the summary's: the verdict below it is the dry run's. */
  const OPENS_WITH_DRY_RUN =
    /^<!-- compliance-actions:sticky [^\n]+ -->\n> \[!WARNING\]\n> Dry run is on \(dry-run or COMPLIANCE_DRY_RUN\)/;

  for (const [name, { inputs }] of Object.entries(GATES).filter(([gate]) =>
    ['check-attestations-for-commit', 'diff-envs'].includes(gate),
  )) {
    it(`${name}: a gate that tripped says in its comment that it passed only because dry run is on`, async ({
      expect,
    }) => {
      const api = await github();
      const connection = { 'api-url': sandbox().url, 'api-token': DEMO_TOKEN, org: 'demo' };
      const dry = await runAction(name, {
        ...onPullRequest(api, NON_COMPLIANT),
        inputs: { ...connection, ...inputs, 'comment-on-pr': 'true', 'dry-run': 'true' },
      });
      expect(dry.code).toBe(0);
      const body = api.comments.get(7)?.[0]?.body ?? '';
      expect(body).toMatch(OPENS_WITH_DRY_RUN);
      expect(body).toContain('Without it, this step would have failed: ');
      expect(dry.summary).toMatch(DRY_RUN_SAYS);
    });
  }

  it('a gate that passed under dry run says so too: nothing was gated', async ({ expect }) => {
    const api = await github();
    const connection = { 'api-url': sandbox().url, 'api-token': DEMO_TOKEN, org: 'demo' };
    const dry = await runAction('check-attestations-for-commit', {
      ...onPullRequest(api, COMPLIANT),
      inputs: { ...connection, commits: COMPLIANT, 'comment-on-pr': 'true' },
      env: { COMPLIANCE_DRY_RUN: 'true' },
    });
    expect(dry.code, dry.stdout + dry.stderr).toBe(0);
    expect(dry.outputs.outcome).toBe('compliant');
    const body = api.comments.get(7)?.[0]?.body ?? '';
    expect(body).toMatch(OPENS_WITH_DRY_RUN);
    expect(body).toContain('Without it, this step would not have failed for anything the service said.');
  });
});
