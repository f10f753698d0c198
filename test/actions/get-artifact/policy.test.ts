/**
 * get-artifact with a policy, run in-process against the sandbox's eu-production artifacts under both answer
 * profiles: the policy joins the gate beside the artifact's own state, one item or many.
 */
import { describe, expect, it } from 'vitest';
import { byProfileOf, PROFILES } from '@compliance-actions/sandbox/profile';
import { useInProcessAction } from '../../helpers/in-process.js';
import { BASE_POLICY, EU_PRODUCTION } from '../../helpers/policy.js';
import { outputFile } from '../../helpers/runner.js';
import { connection, type Running, useSandbox } from '../../helpers/sandbox.js';
import { expectStep } from '../../helpers/step-result.js';

const runAction = useInProcessAction();
const startSandbox = useSandbox();
const LEDGER = EU_PRODUCTION['ghcr.io/acme/ledger:4.2.0'].fingerprint;
const SEARCH = EU_PRODUCTION['ghcr.io/acme/search:1.8.0'].fingerprint;

const read = (sandbox: Running, inputs: Record<string, string>) =>
  runAction('get-artifact', {
    inputs: { ...connection(sandbox.url), policy: BASE_POLICY, ...inputs },
  });

describe.each(PROFILES)('get-artifact with a policy, the sandbox answering %s', (PROFILE) => {
  const byProfile = byProfileOf(PROFILE);
  const start = () => startSandbox({ profile: PROFILE });

  it('fails on an artifact that breaks the policy, its own state compliant', async () => {
    const result = await read(await start(), { flow: 'ledger', fingerprint: LEDGER });
    const verdict = byProfile('fail', 'unknown');
    expectStep(result, {
      code: 1,
      outputs: {
        // The state is the artifact's; an artifact not checked against the policy under the gate is could not check.
        state: 'COMPLIANT',
        outcome: byProfile('compliant', 'error'),
        'policy-verdict': verdict,
        'would-fail': 'true',
      },
      stdout: [
        `::error::1 of 1 artifact fails the policy ${BASE_POLICY}: ghcr.io/acme/ledger:4.2.0 ` +
          byProfile('(breaks it).', '(could not check).'),
      ],
      summary: [
        byProfile(
          `### ❌ 1 of 1 artifact breaks the policy ${BASE_POLICY}`,
          `### ❔ 1 of 1 artifact could not be checked against the policy ${BASE_POLICY}`,
        ),
      ],
      saved: { policy: { verdict } },
    });
    expect(JSON.parse(result.outputs['policy-failures'] ?? '')).toContainEqual(
      expect.objectContaining({ rule: 'attestation pull-request (pull_request)', verdict }),
    );
  });

  it('passes an artifact that passes it; fail-on without breaks-policy only warns', async () => {
    const sandbox = await start();
    const passing = await read(sandbox, { flow: 'search', fingerprint: SEARCH });
    expect(passing.outputs['policy-verdict']).toBe(byProfile('pass', 'unknown'));
    expect(passing.code).toBe(byProfile(0, 1));
    const warned = await read(sandbox, { flow: 'ledger', fingerprint: LEDGER, 'fail-on': 'missing' });
    expect(warned.code).toBe(0);
    expect(warned.stdout).toMatch(
      /::warning title=(Breaks|Not checked against) the policy::ghcr.io\/acme\/ledger:4.2.0: /,
    );
    // The result file says what would-fail says, one item or many.
    const many = await read(sandbox, {
      flow: 'ledger',
      fingerprint: `${LEDGER}\n${LEDGER}`,
      'fail-on': 'none',
    });
    for (const result of [warned, many]) {
      expect(result.outputs['would-fail']).toBe('true');
      expect(outputFile(result, 'result-file')).toMatchObject({ wouldFail: true });
    }
  });

  it('judges each item found, once; one not found is missing, not judged', async () => {
    const result = await read(await start(), { flow: 'ledger', fingerprint: `${LEDGER}\n${'0'.repeat(64)}` });
    expect(result.code).toBe(1);
    expect(result.outputs.count).toBe('2');
    const file = outputFile(result, 'result-file') as {
      policy: { artifacts: { name: string }[]; reads: number };
    };
    expect(file.policy.artifacts.map((a) => a.name)).toEqual(['ghcr.io/acme/ledger:4.2.0']);
    expect(file.policy.reads).toBe(1);
    expect(result.stdout).toContain('::error::');
    expect(result.stdout).toContain('fails the policy');
  });

  it('an artifact not found was checked against nothing: the summary never leads with a pass', async () => {
    const result = await read(await start(), { flow: 'ledger', fingerprint: '0'.repeat(64) });
    expect(result.outputs.outcome).toBe('not-found');
    // A later step that gates on the verdict alone must not read a pass.
    expect(result.outputs['policy-verdict']).toBe('unknown');
    expect(result.summary).not.toContain('✅');
    expect(result.summary).toContain(
      `No artifact found: none was checked against the policy ${BASE_POLICY}.`,
    );
  });
});

describe('get-artifact with a policy, refusals', () => {
  it('refuses a policy that is not there, and breaks-policy without one, before any request', async () => {
    const sandbox = await startSandbox();
    const missing = await read(sandbox, { flow: 'ledger', fingerprint: LEDGER, policy: 'nope.yml' });
    expect(missing.stdout).toMatch(/::error::Invalid input 'policy': \S+nope\.yml is not a readable file/);
    const grade = await read(sandbox, {
      flow: 'ledger',
      fingerprint: LEDGER,
      policy: '',
      'fail-on': 'breaks-policy',
    });
    expect(grade.stdout).toContain(
      "::error::Invalid input 'fail-on': 'breaks-policy' is the grade of an environment policy",
    );
    for (const result of [missing, grade]) {
      expect(result.code).toBe(1);
      expect(result.stdout).not.toContain('GET ');
    }
  });
});
