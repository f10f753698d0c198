/**
 * diff-envs with the target's policy, run in-process: the promotion of eu-production #2 onto #1 judged by the demo
 * seed's policy under both answer profiles, the gate's grades, and trail answers that cannot be trusted (a loopback
 * server): a read that fails, and trails of another flow.
 */
import { describe, expect, it } from 'vitest';
import { byProfileOf, PROFILES } from '@compliance-actions/sandbox/profile';
import { useInProcessAction } from '../../helpers/in-process.js';
import { ARRIVING, BASE_POLICY, verdictOf } from '../../helpers/policy.js';
import { outputFile, type RunResult } from '../../helpers/runner.js';
import { connection, type Running, useSandbox } from '../../helpers/sandbox.js';
import { TEST_TOKEN } from '../../helpers/secrets.js';
import { json, useServers, type Handler } from '../../helpers/server.js';
import { diffBody } from '../../helpers/diff-envs.js';
import { expectStep } from '../../helpers/step-result.js';
import { UI_URL } from '@compliance-actions/sandbox/seeds/index';

const runAction = useInProcessAction();
const startSandbox = useSandbox();

/** The promotion of what eu-production runs now onto what it ran before, judged by the base policy. */
const promote = (sandbox: Running, inputs: Record<string, string> = {}) =>
  runAction('diff-envs', {
    inputs: {
      ...connection(sandbox.url),
      'snapshot-1': 'eu-production~1',
      'snapshot-2': 'eu-production',
      policy: BASE_POLICY,
      ...inputs,
    },
  });
const listed = (result: RunResult, name: string) =>
  JSON.parse(result.outputs[name] ?? '[]') as { name: string; verdict?: string; policy?: string }[];
/** The promotions matrix: each name and its policy verdict. */
const promoted = (result: RunResult) =>
  (
    JSON.parse(result.outputs.promotions ?? '') as { include: { name: string; policy: string }[] }
  ).include.map((p): [string, string] => [p.name, p.policy]);

describe.each(PROFILES)('diff-envs with a policy, the sandbox answering %s', (PROFILE) => {
  const byProfile = byProfileOf(PROFILE);
  const start = () => startSandbox({ profile: PROFILE });
  const failing = ARRIVING.filter((name) => verdictOf(name, 'base', PROFILE) === 'fail');
  const passing = ARRIVING.filter((name) => verdictOf(name, 'base', PROFILE) === 'pass');

  it('judges every arriving artifact by the target policy, fails on what breaks it, and moves only what passes', async () => {
    const result = await promote(await start());
    expectStep(result, {
      code: 1,
      outputs: { 'policy-verdict': byProfile('fail', 'unknown') },
      // No compliance lookups: the policy reads what it needs.
      notStdout: ['/artifacts/'],
      stdout: [
        '/trails/demo?',
        byProfile(
          `::error::${failing.length} of 3 arriving artifacts fail the policy ${BASE_POLICY}: ` +
            `${failing.map((n) => `${n} (breaks it)`).join(', ')}. See the job summary or the policy-failures output.`,
          // The minimal answer names no snapshot: the gate could not check.
          '::error::policy: could not check.',
        ),
      ],
      summary: [
        byProfile(
          `### ❌ ${failing.length} of 3 arriving artifacts break the eu-production policy`,
          '### ❔ 3 of 3 arriving artifacts could not be checked against the eu-production policy',
        ),
        // The policy's verdict leads; the diff's heading says what changed, not the verdict again.
        `### Environment diff: ${byProfile('eu-production#1 → eu-production#2', 'eu-production\\~1 → eu-production')}: 3 added\n`,
        // Each arriving artifact's row gives the policy's verdict and whether it may move; no state was read.
        '| Name | Policy | Promotion | Fingerprint | Flow | Commit | Instances | Pods |',
        byProfile(
          `Promotions: ${passing.length} may move; left out: ${3 - passing.length} by the policy.`,
          'Promotions: 0 may move; left out: 3 from a diff not confirmed.',
        ),
        `${byProfile('eu-production#2', 'eu-production')} brings 3 artifacts (the replaced and the added); the policy above judged them, and their ` +
          'compliance state was not read (compliance: true reads it too).',
      ],
      // The lookups are off because the policy judges: the summary does not say the workflow turned them off.
      notSummary: ['(compliance is false)'],
    });
    for (const name of ARRIVING) {
      const verdict = verdictOf(name, 'base', PROFILE);
      const words = { pass: '✅ passes', fail: '❌ fails', unknown: '❔ could not check' }[verdict];
      // A minimal answer names no snapshot: nothing moves from a diff not confirmed.
      const promotion = byProfile(
        verdict === 'pass' ? 'may move' : 'left out: by the policy',
        'left out: from a diff not confirmed',
      );
      expect(result.summary).toMatch(
        new RegExp(
          `^\\| ${name.replaceAll('.', '\\.')} \\| ${words} \\| ${promotion} \\| <code>\\w{12}</code> \\|`,
          'm',
        ),
      );
    }
    // Each rule broken, with its reason linked to the trail it is about (a minimal answer gives no page).
    expect(result.summary).toMatch(
      byProfile(
        new RegExp(
          String.raw`\| ghcr\.io\/acme\/notifier:0\.9\.3 \| trail-compliance \| \[trail \w+ is NON-COMPLIANT\]\(${UI_URL.replaceAll('.', '\\.')}\/demo\/flows\/notifications\/trails\/\w+\) \|`,
        ),
        /\| ghcr\.io\/acme\/notifier:0\.9\.3 \| trail-compliance \| its trails could not be read: the answer names neither a trail nor its flow \|/,
      ),
    );
    const failures = listed(result, 'policy-failures');
    expect([...new Set(failures.map((f) => f.name))].sort()).toEqual(
      ARRIVING.filter((name) => verdictOf(name, 'base', PROFILE) !== 'pass').sort(),
    );
    expect(promoted(result)).toEqual(
      byProfile(
        passing.map((name) => [name.replace(/:.*/, ''), 'pass']),
        [],
      ),
    );
    const file = outputFile(result, 'result-file') as { policy: { reads: number; artifacts: unknown[] } };
    expect(file.policy).toMatchObject({ reads: 3 });
    expect(file.policy.artifacts).toHaveLength(3);
  });

  it('with promotions-state any, each promotion carries its verdict', async () => {
    const result = await promote(await start(), { 'promotions-state': 'any' });
    expect(result.code).toBe(1);
    expect(Object.fromEntries(promoted(result))).toEqual(
      byProfile(
        Object.fromEntries(
          ARRIVING.map((name) => [name.replace(/:.*/, ''), verdictOf(name, 'base', PROFILE)]),
        ),
        // A minimal answer names no snapshot: nothing may move on a diff not confirmed.
        {},
      ),
    );
  });

  it('only warns with fail-on: none, and would-fail says what a gate would decide', async () => {
    const result = await promote(await start(), { 'fail-on': 'none' });
    expectStep(result, { code: 0, outputs: { 'would-fail': 'true' } });
    const title = byProfile('Breaks the policy', 'Not checked against the policy');
    expect(result.stdout).toMatch(new RegExp(`::warning title=${title}::ghcr.io/acme/notifier:0.9.3: `));
  });

  it('reads compliance too where fail-on lists a grade only the lookups find', async () => {
    expectStep(await promote(await start(), { 'fail-on': 'non-compliant, breaks-policy' }), {
      code: 1,
      stdout: ['/artifacts/demo/'],
      // The lookups' sentence speaks of their part of the gate only: the policy's verdict is its own heading.
      notSummary: ['The promotion gate'],
      summary: byProfile(
        [
          '2 artifacts fail this step (non-compliant).',
          // Two verdicts, each said once: the policy's, then the compliance state's with what changed.
          '### ❌ Environment diff: eu-production#1 → eu-production#2: 3 added; 2 of 3 arriving artifacts are not ' +
            'compliant\n',
          '| Name | Compliance | Policy | Promotion | Fingerprint |',
        ],
        [],
      ),
    });
  });
});

describe('diff-envs with a policy, refusals and answers that cannot be trusted', () => {
  const listen = useServers();

  it('refuses a gate on lookups turned off, a review grade, and a policy grade without a policy, before any request', async () => {
    const sandbox = await startSandbox();
    const refused = async (inputs: Record<string, string>, error: string) =>
      expectStep(await promote(sandbox, inputs), {
        code: 1,
        stdout: [`::error::${error}`],
        notStdout: ['GET '],
      });
    await refused(
      { 'fail-on': 'non-compliant', compliance: 'false' },
      "Invalid input 'fail-on': lists non-compliant while compliance is false",
    );
    await refused(
      { 'fail-on': 'self-approved' },
      "Invalid input 'fail-on': 'self-approved' is a grade of the review rule",
    );
    await refused(
      { policy: '', 'fail-on': 'breaks-policy' },
      "Invalid input 'fail-on': 'breaks-policy' is the grade of an environment policy, which get-artifact and diff-envs apply with policy",
    );
  });

  /** A diff bringing one artifact of flow backend; the trails answer as `trails` says. */
  const serve = async (
    trails: (res: Parameters<Handler>[1]) => void,
    inputs: Record<string, string> = {},
    flow = 'backend',
  ) => {
    const server = await listen((req, res) => {
      if (req.url.pathname.startsWith('/api/v2/env-diff/')) {
        const arriving = [{ fingerprint: 'b'.repeat(64), name: 'ghcr.io/acme/backend:2.0', flow }];
        json(res, 200, diffBody('prod#1', 'staging#2', arriving));
      } else trails(res);
    });
    return runAction('diff-envs', {
      inputs: {
        'api-url': server.origin,
        'api-token': TEST_TOKEN,
        org: 'acme',
        'snapshot-1': 'prod',
        'snapshot-2': 'staging',
        policy: BASE_POLICY,
        'timeout-seconds': '5',
        ...inputs,
      },
    });
  };

  it.each<Record<string, string>>([{}, { 'fail-on': 'breaks-policy' }])(
    'a trail read that fails is could not check: any gate (%j) fails closed, outcome error',
    async (inputs) => {
      const result = await serve((res) => json(res, 400, { message: 'boom' }), inputs);
      expect(result.code).toBe(1);
      expect(result.outputs).toMatchObject({ outcome: 'error', 'policy-verdict': 'unknown' });
      expect(result.stdout).toMatch(
        /::error title=Not checked against the policy::ghcr.io\/acme\/backend:2.0: trail-compliance: its trails could not be read: /,
      );
    },
  );

  it("a flow the diff names that is not a flow name is the answer's fault: no read, could not check", async () => {
    let reads = 0;
    const result = await serve(
      (res) => {
        reads++;
        json(res, 200, { data: [] });
      },
      {},
      'back end',
    );
    expect(reads).toBe(0);
    expectStep(result, {
      code: 1,
      outputs: { 'policy-verdict': 'unknown' },
      stdout: [
        'trail-compliance: its trails could not be read: the answer names flow "back end", not a flow name',
      ],
    });
  });

  it('an answer that lacks what a rule needs only warns where fail-on leaves unknown out', async () => {
    const trail = { name: 't1', flow: { name: 'backend', tags: {} }, is_compliant: true };
    const result = await serve((res) => json(res, 200, { data: [trail] }), { 'fail-on': 'breaks-policy' });
    expectStep(result, {
      code: 0,
      outputs: { 'policy-verdict': 'unknown' },
      stdout: ['::warning title=Not checked against the policy::ghcr.io/acme/backend:2.0: '],
    });
  });

  it('trails of another flow are not about what was asked: could not check', async () => {
    const trail = {
      name: 't1',
      flow: { name: 'frontend', tags: {} },
      compliance_state: 'COMPLIANT',
      is_compliant: true,
    };
    const result = await serve((res) => json(res, 200, { data: [trail] }));
    expect(result.code).toBe(1);
    expect(listed(result, 'policy-failures')).toEqual([
      expect.objectContaining({
        rule: 'trail-compliance',
        verdict: 'unknown',
        reason: expect.stringContaining('flow.name is "frontend", not "backend" as asked') as string,
      }),
      // Without the flow's tags, whether the rule applies cannot be told.
      expect.objectContaining({ rule: 'attestation pull-request (pull_request)', verdict: 'unknown' }),
    ]);
  });
});
