/**
 * The outage switch: under dry run (the `dry-run` input or COMPLIANCE_DRY_RUN) the finisher turns a
 * failure about anything the service said, or did not say, into a warning; the step still decides, its outcome and
 * outputs are what it decided, and its summary opens by saying dry run is on and whether it would have failed. A
 * failure about the step's own inputs, what it was given to read, or a bug still fails it. In-process against real
 * runner files; through every gate's bundle, on an unreachable service too: test/dist/dry-run.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { readCommon, type CommonInputs } from '../../src/runtime/context.js';
import { InputError, NetworkError, SourceError } from '../../src/errors/errors.js';
import { defineAction, runStep, type StepResult } from '../../src/runtime/step.js';
import { useInProcessRunner } from '../helpers/in-process.js';
import { CONNECTION, inputEnv } from '../helpers/inputs.js';

const newRunner = useInProcessRunner();

/** A gate that decides `decided`, or throws `thrown`, read with the common inputs (dry-run among them). */
async function gate(
  inputs: Record<string, string>,
  outcome: { decided?: StepResult; thrown?: Error },
  variables: Record<string, string> = {},
) {
  const runner = newRunner();
  const action = defineAction<CommonInputs>({
    name: 'probe',
    read: (reader, cwd) => readCommon(reader, cwd),
    run: () =>
      outcome.thrown !== undefined
        ? Promise.reject(outcome.thrown)
        : Promise.resolve(outcome.decided as StepResult),
    couldNot: () => 'Could not probe',
  });
  await runStep(action, inputEnv({ ...CONNECTION, ...inputs }, { ...runner.env, ...variables }), runner.dir);
  const exitCode = process.exitCode;
  process.exitCode = undefined;
  return { runner, exitCode };
}

/** A gate that tripped: outcome non-compliant, an error annotation per finding, and the failure. */
const TRIPPED: StepResult = {
  outcome: 'non-compliant',
  outputs: { compliant: false, 'would-fail': true },
  result: { compliant: false },
  summary: undefined,
  annotations: [
    { level: 'error', title: 'Missing attestation', message: 'abc1234 has no junit attestation' },
  ],
  failure: '1 commit not compliant: abc1234 has no junit attestation.',
};

describe('the outage switch: dry run', () => {
  it('a tripped gate still decides, but warns instead of failing, and says so first in its summary', async () => {
    const { runner, exitCode } = await gate(
      { 'dry-run': 'true' },
      { decided: { ...TRIPPED, summary: undefined } },
    );
    expect(exitCode).toBeUndefined();
    expect(runner.outputs()).toMatchObject({
      outcome: 'non-compliant',
      compliant: 'false',
      'would-fail': 'true',
    });
    expect(runner.annotations()).toEqual([
      '::warning title=Dry run::Not failed (dry run): 1 commit not compliant: abc1234 has no junit attestation.',
      '::warning title=Missing attestation::abc1234 has no junit attestation',
    ]);
    const result = runner.keptJson(runner.outputs()['result-file'] ?? '');
    expect(result).toMatchObject({
      outcome: 'non-compliant',
      dryRun: { wouldHaveFailed: '1 commit not compliant: abc1234 has no junit attestation.' },
    });
  });

  it('is the organisation-wide variable too, and its summary opens with the warning', async () => {
    const { SummaryWriter } = await import('../../src/summary/writer.js');
    const { runner, exitCode } = await gate(
      {},
      { decided: { ...TRIPPED, summary: new SummaryWriter().heading('Compliance gate', 3) } },
      { COMPLIANCE_DRY_RUN: 'true' },
    );
    expect(exitCode).toBeUndefined();
    const summary = runner.summary();
    expect(summary.split('\n\n')[1]).toBe(
      '> [!WARNING]\n> Dry run is on (dry-run or COMPLIANCE_DRY_RUN): nothing that changes the service is sent, ' +
        'and nothing is gated: this step fails only on its own inputs. Without it, this step would have failed: 1 ' +
        'commit not compliant: abc1234 has no junit attestation.',
    );
    expect(summary).toContain('### Compliance gate');
  });

  it('a service that cannot be reached is a warning: outcome error, not a failure', async () => {
    const { runner, exitCode } = await gate(
      { 'dry-run': 'true' },
      { thrown: new NetworkError('GET https://compliance.example.test/api/v2/x', 'connect ECONNREFUSED') },
    );
    expect(exitCode).toBeUndefined();
    expect(runner.outputs().outcome).toBe('error');
    expect(runner.annotations()).toHaveLength(1);
    expect(runner.annotations()[0]).toMatch(
      /^::warning title=Dry run::Not failed \(dry run\): .*could not reach/,
    );
  });

  it("still fails on the step's own inputs, on what it was given to read, and on a bug", async () => {
    for (const thrown of [
      new InputError('commits', "'x' is not a commit", 'commit SHAs'),
      new SourceError('the pods file', 'cannot be read'),
      new TypeError('a bug'),
    ]) {
      const { runner, exitCode } = await gate({ 'dry-run': 'true' }, { thrown });
      expect(exitCode, thrown.message).toBe(1);
      expect(runner.annotations().at(-1), thrown.message).toMatch(/^::error::/);
    }
    // A dry-run input that is no boolean is refused too.
    const { exitCode } = await gate({ 'dry-run': 'maybe' }, { decided: TRIPPED });
    expect(exitCode).toBe(1);
  });

  it('without it, the same gate fails, and no summary says dry run', async () => {
    const { runner, exitCode } = await gate({}, { decided: TRIPPED });
    expect(exitCode).toBe(1);
    expect(runner.annotations().at(-1)).toBe(
      '::error::1 commit not compliant: abc1234 has no junit attestation.',
    );
    expect(runner.stdout()).not.toContain('Dry run');
  });
});
