/**
 * The outage switch, each step started in-process as src/main.ts starts it: with dry run on (the `dry-run`
 * input or the organisation's COMPLIANCE_DRY_RUN variable) every gate still reads and decides, but a tripped gate and
 * a service that cannot be reached are warnings, not failures; the summary opens by saying dry run is on and what it
 * would have done; bad input still fails. The gates' decisions run under both answer profiles. The finisher's rules,
 * an unreachable service among them: test/runtime/step.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { PROFILES } from '@compliance-actions/sandbox/profile';
import type { ActionName } from '../../src/actions/index.js';
import { useInProcessAction } from '../helpers/in-process.js';
import { onPullRequest, useFakeGitHub } from '../helpers/github-api.js';
import { outputFile } from '../helpers/runner.js';
import { connection, useSharedSandbox } from '../helpers/sandbox.js';
import {
  BACKEND_150,
  COMPLIANT_COMMIT as COMPLIANT,
  NON_COMPLIANT_COMMIT as NON_COMPLIANT,
} from '@compliance-actions/sandbox/seeds/index';

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

const runStep = useInProcessAction();
const sandboxes = {
  full: useSharedSandbox({ profile: 'full' }),
  minimal: useSharedSandbox({ profile: 'minimal' }),
};
const DRY_RUN_SAYS = /^> \[!WARNING\]\n> Dry run is on \(dry-run or COMPLIANCE_DRY_RUN\)/m;
/** The comment's marker, then the same opening as the summary's: the verdict below it is the dry run's. */
const OPENS_WITH_DRY_RUN =
  /^<!-- compliance-actions:sticky [^\n]+ -->\n> \[!WARNING\]\n> Dry run is on \(dry-run or COMPLIANCE_DRY_RUN\)/;

describe.each(PROFILES)('dry run, the sandbox answering %s', (profile) => {
  const github = useFakeGitHub();
  const demo = () => connection(sandboxes[profile]().url);

  it.each(Object.entries(GATES))(
    '%s decides as it would, and the gate that trips warns instead of failing; bad input still fails',
    async (name, { inputs, bad }) => {
      const gated = await runStep(name as ActionName, { inputs: { ...demo(), ...inputs } });
      // Every one of these trips on the demo seed without dry run.
      expect(gated.code).toBe(1);
      const dry = await runStep(name as ActionName, {
        inputs: { ...demo(), ...inputs, 'dry-run': 'true' },
      });
      expect(dry.stderr).toBe('');
      expect(dry.code).toBe(0);
      expect(dry.outputs.outcome).toBe(gated.outputs.outcome);
      expect(dry.stdout).not.toMatch(/^::error/m);
      expect(dry.stdout).toMatch(/^::warning title=Dry run::Not failed \(dry run\): /m);
      expect(dry.summary).toMatch(DRY_RUN_SAYS);
      expect(dry.summary).toContain('Without it, this step would have failed: ');
      const saved = outputFile(dry, 'result-file') as { dryRun?: { wouldHaveFailed?: unknown } };
      expect(typeof saved.dryRun?.wouldHaveFailed).toBe('string');
      const refused = await runStep(name as ActionName, {
        inputs: { ...demo(), ...inputs, ...bad, 'dry-run': 'true' },
      });
      expect(refused.code).toBe(1);
      expect(refused.stdout).toMatch(/^::error::Invalid input /m);
    },
  );

  it.each(['check-attestations-for-commit', 'diff-envs'])(
    '%s: a gate that tripped says in its comment that it passed only because dry run is on',
    async (name) => {
      const api = await github();
      const dry = await runStep(name as ActionName, {
        ...onPullRequest(api, NON_COMPLIANT),
        inputs: { ...demo(), ...GATES[name]?.inputs, 'comment-on-pr': 'true', 'dry-run': 'true' },
      });
      expect(dry.code).toBe(0);
      const body = api.comments.get(7)?.[0]?.body ?? '';
      expect(body).toMatch(OPENS_WITH_DRY_RUN);
      expect(body).toContain('Without it, this step would have failed: ');
      expect(dry.summary).toMatch(DRY_RUN_SAYS);
    },
  );

  it('a gate that passed under dry run says so too: nothing was gated', async () => {
    const api = await github();
    const dry = await runStep('check-attestations-for-commit', {
      ...onPullRequest(api, COMPLIANT),
      inputs: { ...demo(), commits: COMPLIANT, 'comment-on-pr': 'true' },
      env: { COMPLIANCE_DRY_RUN: 'true' },
    });
    expect(dry.code, dry.stdout + dry.stderr).toBe(0);
    expect(dry.outputs.outcome).toBe('compliant');
    const body = api.comments.get(7)?.[0]?.body ?? '';
    expect(body).toMatch(OPENS_WITH_DRY_RUN);
    expect(body).toContain('Without it, this step would not have failed for anything the service said.');
  });
});
