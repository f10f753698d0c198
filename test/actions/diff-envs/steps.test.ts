/**
 * diff-envs run as a step in-process against the sandbox (or a loopback server): every branch of a review, a drift
 * check and a promotion. What a loopback server answers does not depend on the sandbox's answer profile, so those run
 * once; the sandbox's under both profiles. The bundle keeps its contract in test/dist/module-load.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { byProfileOf, PROFILES } from '@compliance-actions/sandbox/profile';
import type { SandboxOptions } from '@compliance-actions/sandbox/server';
import { onPullRequest, useFakeGitHub } from '../../helpers/github-api.js';
import { useInProcessAction } from '../../helpers/in-process.js';
import { outputFile, type RunOptions, type RunResult } from '../../helpers/runner.js';
import { connection, demoSeed, type Running, useSandbox } from '../../helpers/sandbox.js';
import { loopback } from '../../helpers/inputs.js';
import { expectStep } from '../../helpers/step-result.js';
import { closedOrigin, json, useServers } from '../../helpers/server.js';
import { liveShaped } from '../../helpers/live-diff.js';
import { artifactAnswer, heldAnswers } from '../../helpers/lookups.js';
import { COMMIT, commitUrl, FP, promotionSeed } from '../../helpers/promotion-seed.js';
import { diffBody, type Saved } from '../../helpers/diff-envs.js';
import {
  BACKEND_140,
  BACKEND_150,
  COMPLIANT_COMMIT,
  NON_COMPLIANT_COMMIT,
  UI_URL,
} from '@compliance-actions/sandbox/seeds/index';

const runAction = useInProcessAction();
const startSandbox = useSandbox();
const github = useFakeGitHub();
/** What the step says of an answer that names neither snapshot, `one` and `two` asked. */
const notConfirmedOf = (one: string, two: string) =>
  `Not confirmed: the answer names no snapshot for snappish1 and snappish2, so it cannot be shown to be about ${one} and ${two} as asked.`;
/**
 * A step that could not compare: it failed saying `message`, and set only the outcome (error), the result file (its
 * error of `kind`) and would-fail (true), so that no later step can take it for a diff; the summary says `summary`.
 */
function expectCouldNot(result: RunResult, kind: string, message: string, ...summary: string[]): void {
  expectStep(result, {
    code: 1,
    outputs: { outcome: 'error', 'would-fail': 'true' },
    stdout: [`::error::${message}`],
    summary,
    saved: { outcome: 'error', error: { kind, message: expect.stringContaining(message) as string } },
  });
  expect(Object.keys(result.outputs).sort()).toEqual(['outcome', 'result-file', 'would-fail']);
}

/** diff-envs of `one` against `two`: of the demo org at the sandbox, or of acme at a loopback server's origin. */
const diff = (
  at: Running | string,
  one: string,
  two: string,
  inputs: Record<string, string> = {},
  options: RunOptions = {},
) => {
  const to = typeof at === 'string' ? loopback(at) : connection(at.url);
  return runAction('diff-envs', {
    ...options,
    inputs: { ...to, 'snapshot-1': one, 'snapshot-2': two, ...inputs },
  });
};
/** A drift check of prod~1 against prod, and a promotion review of prod by staging, at a loopback server. */
const driftCheckAt = (origin: string, inputs: Record<string, string> = {}) =>
  diff(origin, 'prod~1', 'prod', { 'fail-on-diff': 'true', ...inputs });
const promoteAt = (origin: string, inputs: Record<string, string> = {}) =>
  diff(origin, 'prod', 'staging', inputs);

describe('diff-envs against a loopback server', () => {
  const serve = useServers();

  describe('an answer that names no snapshot is not confirmed, never "no differences" as asked', () => {
    const notConfirmed = notConfirmedOf('prod', 'prod');
    const unnamed = async (inputs: Record<string, string> = {}) => {
      const group = { artifacts: [] };
      const answer = { snappish1: group, snappish2: group, changed: group, 'not-changed': group };
      return diff((await serve((_req, res) => json(res, 200, answer))).origin, 'prod', 'prod', inputs);
    };

    it('without a gate it goes on, and the summary and log say it is not confirmed', async () => {
      expectStep(await unnamed(), {
        code: 0,
        outputs: { outcome: 'same', changed: 'false', 'snapshot-1-id': '', 'snapshot-2-id': '' },
        stdout: [`\n${notConfirmed}\n`],
        notStdout: ['::error'],
        summary: [`### Environment diff: prod → prod: no differences\n\n${notConfirmed}\n`],
        // Never "both name the same snapshot": the answer does not say which it is.
        notSummary: ['Both name the same snapshot'],
        saved: {
          outcome: 'same',
          snapshot1: { expression: 'prod', id: null, name: 'prod' },
          snapshot2: { expression: 'prod', id: null, name: 'prod' },
        },
      });
    });

    it.each(['fail-on-diff', 'fail-on-non-compliant'])(
      'with %s it is could not check (outcome error), the diff written all the same',
      async (gate) => {
        const message = `${gate}: could not check. ${notConfirmed}`;
        expectStep(await unnamed({ [gate]: 'true' }), {
          code: 1,
          outputs: { outcome: 'error', 'snapshot-1-id': '', 'snapshot-2-id': '' },
          last: `::error::${message}`,
          summary: ['<sub>Outcome: **error**', notConfirmed],
          saved: { outcome: 'error', error: { kind: 'unexpected-response', message } },
        });
      },
    );
  });

  it('sends both expressions in canonical form', async () => {
    const server = await serve((_req, res) => json(res, 200, diffBody('prod#7', 'prod#9')));
    const result = await diff(server.origin, ' prod@{2.day.ago} ', 'prod@{2026-11-01T12:00:00}');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.url.pathname).toBe('/api/v2/env-diff/acme');
    expect(Object.fromEntries(server.requests[0]?.url.searchParams ?? [])).toEqual({
      snappish1: 'prod@{2.days.ago}',
      snappish2: 'prod@{2026-11-01T12:00:00}',
    });
    expectStep(result, {
      code: 0,
      outputs: { outcome: 'same', changed: 'false', 'snapshot-1-id': 'prod#7', 'snapshot-2-id': 'prod#9' },
    });
  });

  it('carries on when display-only fields are null or malformed (a missing snapshot id: not confirmed, above)', async () => {
    const bare = {
      fingerprint: 'a'.repeat(64),
      ...Object.fromEntries(
        ['name', 'flow', 'commit_url', 'instance_count', 's1_instance_count', 'most_recent_timestamp'].map(
          (k) => [k, null],
        ),
      ),
      pods: ['web-1', 7],
    };
    const server = await serve((_req, res) =>
      json(res, 200, {
        ...diffBody('prod#1', 'prod#2'),
        snappish1: { snapshot_id: 'prod#1', artifacts: [bare] },
      }),
    );
    const result = await driftCheckAt(server.origin);
    // Fails for the drift it was asked to catch, not over a field it only shows.
    expectStep(result, {
      code: 1,
      stdout: [
        '::error::prod#1 and prod#2 differ (fail-on-diff): 0 replaced, 0 added, 1 removed',
        `?  ${'a'.repeat(12)}  ? instances`,
      ],
      notStdout: ['unexpected response'],
      outputs: {
        outcome: 'different',
        changed: 'true',
        'only-in-1': '1',
        'snapshot-1-id': 'prod#1',
        'snapshot-2-id': 'prod#2',
      },
      summary: [`| ? | <code>${'a'.repeat(12)}</code> |  |  |  |`],
      saved: { removed: [{ pods: ['web-1', null] }] },
    });
  });

  it('never shows the token when a 200 answer echoes it in names and snapshot ids', async () => {
    const server = await serve((req, res, index) => {
      const echo = req.headers.authorization ?? '';
      const artifact = (n: number) => ({
        fingerprint: String(n).repeat(64),
        name: `image of ${echo}`,
        flow: `flow ${echo}`,
        commit_url: `https://git.example.test/${echo}/commit/${'c'.repeat(40)}`,
        instance_count: 1,
        s1_instance_count: 1,
        s2_instance_count: 2,
        pods: [`pod of ${echo}`],
      });
      // The second answer echoes it in the snapshot ids too: not ids of prod, so refused, the token scrubbed.
      const id = (n: number) => (index === 0 ? `prod#${n}` : `prod#${n} ${echo}`);
      json(res, 200, {
        snappish1: { snapshot_id: id(1), artifacts: [artifact(1)] },
        snappish2: { snapshot_id: id(2), artifacts: [artifact(2)] },
        changed: { snapshot_id: id(2), artifacts: [artifact(3)] },
        'not-changed': { snapshot_id: id(2), artifacts: [artifact(4)] },
      });
    });
    expectStep(await driftCheckAt(server.origin, { 'show-unchanged': 'true' }), {
      code: 1,
      stdout: ['image of Bearer ***', '::error::prod#1 and prod#2 differ'],
    });
    expectCouldNot(
      await driftCheckAt(server.origin, { 'show-unchanged': 'true' }),
      'unexpected-response',
      'unexpected response from GET /env-diff/{org}: snappish1.snapshot_id is "prod#1 Bearer ***", ' +
        'not a snapshot of prod as asked',
    );
  });

  it('fails clearly on a diff without its groups', async () => {
    const server = await serve((_req, res) => json(res, 200, { snappish1: { artifacts: [] } }));
    const result = await diff(server.origin, 'a', 'b');
    expectCouldNot(result, 'unexpected-response', 'unexpected response from GET /env-diff/{org}: snappish2');
  });

  it('says the service is unreachable, setting only the outcome, the result file and would-fail', async () => {
    const result = await diff(
      await closedOrigin(),
      'staging~1',
      'staging',
      {},
      { env: { COMPLIANCE_RETRIES: '0' } },
    );
    expectCouldNot(result, 'network', 'GET /env-diff/{org} could not reach the service: ');
    expect(result.stdout).toMatch(/could not reach the service: .*Check api-url/);
  });

  // What each bad input says: diff-envs.test.ts; whichever it is, the step ends the same way.
  it('a bad input is outcome error before any request, the result file and summary saying why', async () => {
    const message =
      "Invalid input 'fail-on': lists missing while compliance is false: the gate needs the compliance lookups.";
    const server = await serve((_req, res) => json(res, 200, {}));
    const result = await driftCheckAt(server.origin, { 'fail-on': 'missing', compliance: 'false' });
    expect(server.requests).toHaveLength(0);
    expectCouldNot(
      result,
      'input',
      message,
      '### ⚠️ Could not compare the environments',
      'Fix the input named above; nothing was sent to the service.',
    );
  });

  describe('the review of what arrives', () => {
    it('checks one image in each flow the diff names it in: compliant in one passes nothing in another', async () => {
      const fp = 'a'.repeat(64);
      const entry = (name: string, flow: string | null) => ({
        fingerprint: fp,
        name,
        flow,
        instance_count: 1,
        pods: [],
      });
      const server = await serve((req, res) => {
        if (req.url.pathname.startsWith('/api/v2/env-diff/')) {
          // Keyed by fingerprint alone, the last entry's pass would stand for all three.
          const arriving = [
            entry('migrate:1', null),
            entry('migrate:1', 'bad'),
            entry('api:1', 'good'),
            entry('api:1', 'good'),
          ];
          return json(res, 200, diffBody('prod#1', 'staging#2', arriving));
        }
        const flow = req.url.pathname.split('/')[5] ?? '';
        json(res, 200, artifactAnswer(fp, flow, flow === 'good' ? 'COMPLIANT' : 'NON-COMPLIANT'));
      });
      const result = await promoteAt(server.origin, { 'fail-on-non-compliant': 'true' });
      expect(server.requests.map((r) => r.url.pathname).filter((p) => p.includes('/artifacts/'))).toEqual([
        `/api/v2/artifacts/acme/bad/fingerprint/${fp}`,
        `/api/v2/artifacts/acme/good/fingerprint/${fp}`,
      ]);
      // One version, one promotion: migrate stays out for the worst of its flows.
      const leftOut = 'left out: not COMPLIANT';
      expectStep(result, {
        code: 1,
        lists: {
          'non-compliant': [
            { name: 'migrate:1', fingerprint: fp, state: 'FLOW-UNKNOWN' },
            { name: 'migrate:1', fingerprint: fp, state: 'NON-COMPLIANT' },
          ],
        },
        summary: [
          `| migrate:1 | ❔ flow unknown | ${leftOut} | <code>aaaaaaaaaaaa</code> |  |`,
          `| migrate:1 | ❌ NON-COMPLIANT | ${leftOut} | <code>aaaaaaaaaaaa</code> | bad |`,
          '| api:1 | ✅ COMPLIANT | may move | <code>aaaaaaaaaaaa</code> | good |',
        ],
      });
    });

    it("a flow in the diff that is not a flow name is the answer's fault, not an input error", async () => {
      const arriving = [{ fingerprint: 'b'.repeat(64), name: 'x:1', flow: '../admin', pods: [] }];
      const server = await serve((_req, res) => json(res, 200, diffBody('prod#1', 'staging#2', arriving)));
      const result = await promoteAt(server.origin);
      expect(server.requests).toHaveLength(1);
      expectStep(result, {
        code: 0,
        stdout: [
          `::warning title=Compliance not checked::x:1 (${'b'.repeat(12)}) in flow ../admin: could not check: the diff names flow "../admin", not a flow name.`,
        ],
        notStdout: ['Invalid input'],
      });
    });

    it('looks up each distinct fingerprint once, at most 8 at a time and 200 in all, saying how many were left out', async () => {
      const svc = (n: number) => ({
        name: `registry.example.test/svc-${n}:1.0`,
        fingerprint: n.toString(16).padStart(64, '0'),
      });
      const arriving = Array.from({ length: 206 }, (_, n) => ({
        ...svc(n),
        flow: 'backend',
        instance_count: 1,
        pods: [`svc-${n}-0`],
      }));
      // The same artifact twice in the answer: one lookup.
      arriving.push({ ...(arriving[0] as (typeof arriving)[number]), pods: ['svc-0-1'] });
      // Every lookup is held: all the client lets run at once are in flight together.
      const held = heldAnswers();
      const server = await serve((req, res) => {
        if (req.url.pathname.startsWith('/api/v2/env-diff/')) {
          return json(res, 200, diffBody('prod#1', 'staging#2', arriving));
        }
        const fingerprint = req.url.pathname.split('/').at(-1) ?? '';
        held.hold(() => {
          if (parseInt(fingerprint, 16) % 50 === 7) {
            return json(res, 404, { message: `Artifact with fingerprint '${fingerprint}' does not exist` });
          }
          json(res, 200, artifactAnswer(fingerprint, 'backend', 'COMPLIANT'));
        });
      });
      try {
        const result = await promoteAt(server.origin, { 'fail-on-non-compliant': 'true' });
        const lookups = server.requests.filter((r) => r.url.pathname.startsWith('/api/v2/artifacts/'));
        expect(lookups).toHaveLength(200);
        expect(new Set(lookups.map((r) => r.url.pathname)).size).toBe(200);
        expect(held.peak()).toBe(8);
        expectStep(result, {
          code: 1,
          lists: {
            // 7, 57, 107 and 157 are not found; 200 to 205 were left out.
            'non-compliant': [
              ...[7, 57, 107, 157].map((n) => ({ ...svc(n), state: 'NOT-FOUND' })),
              ...[200, 201, 202, 203, 204, 205].map((n) => ({ ...svc(n), state: 'NOT-CHECKED' })),
            ],
          },
          outputs: { outcome: 'error' },
          summary: ['6 arriving artifacts not checked: at most 200 lookups in one step.'],
        });
        // Ten annotations at most: the failure and nine of the ten artifacts.
        expect(result.stdout.match(/::error title=Arriving artifact not compliant::/g)).toHaveLength(9);
      } finally {
        held.stop();
      }
    });
  });
});

describe.each(PROFILES)('diff-envs, the sandbox answering %s', (PROFILE) => {
  const byProfile = byProfileOf(PROFILE);
  const start = (options: Partial<SandboxOptions> = {}) => startSandbox({ profile: PROFILE, ...options });
  const FAIL_ON_DIFF = { 'fail-on-diff': 'true' };

  it('says there is no difference on an answer as the live service shapes it (confirmed): both gates pass', async () => {
    const sandbox = await start();
    await liveShaped(sandbox, 'production', 'production#2');
    const gates = { ...FAIL_ON_DIFF, 'fail-on-non-compliant': 'true' };
    const result = await diff(sandbox, 'production', 'production#2', gates);
    expectStep(result, {
      code: 0,
      outputs: {
        outcome: 'same',
        changed: 'false',
        'only-in-1': '0',
        'only-in-2': '0',
        scaled: '0',
        unchanged: '3',
        'non-compliant': '[]',
        'snapshot-1-id': 'production#2',
        'snapshot-2-id': 'production#2',
      },
      saved: {
        snapshot1: { expression: 'production', id: 'production#2', name: 'production#2' },
        snapshot2: { expression: 'production#2', id: 'production#2', name: 'production#2' },
      },
      stdout: ['production is production#2; production#2 is production#2.'],
      notStdout: ['::error'],
      summary: [
        '### Environment diff: production#2 → production#2: the same snapshot\n',
        'production is production#2, production#2 is production#2. Both name the same snapshot, production#2: it runs 3 artifacts.',
      ],
    });
    expect(result.everything).not.toMatch(/not confirmed/i);
  });

  it('compares staging~1 with staging, no gate: outputs, result file, log and summary', async () => {
    const result = await diff(await start(), 'staging~1', 'staging');
    // A minimal answer names no snapshot: the step goes on (no gate), says so, and names them as asked.
    const [one, two] = byProfile(['staging#1', 'staging#2'], ['staging~1', 'staging']);
    const notConfirmed = notConfirmedOf('staging~1', 'staging');
    // The summary escapes the `~` of an expression.
    const [md1, md2] = [one.replace('~', '\\~'), two];
    const lead = byProfile(
      'staging\\~1 is staging#1, staging is staging#2. ',
      `${notConfirmed.replace('~', '\\~')}\n\n`,
    );
    const short = BACKEND_150.slice(0, 12);
    expectStep(result, {
      code: 0,
      outputs: {
        outcome: 'different',
        changed: 'true',
        'only-in-1': '1',
        'only-in-2': '1',
        scaled: '1',
        unchanged: '1',
        'snapshot-1-id': byProfile('staging#1', ''),
        'snapshot-2-id': byProfile('staging#2', ''),
      },
      stdout: [
        '::group::Compare staging~1 with staging',
        byProfile('staging~1 is staging#1; staging is staging#2.', notConfirmed),
        `::group::Replaced ${one} -> ${two} (1)`,
        'ghcr.io/acme/backend  1.4.0 -> 1.5.0',
        '::group::Check the compliance of 1 arriving artifact',
        `ghcr.io/acme/backend:1.5.0  ${short}  NON-COMPLIANT`,
      ],
      // No gate: a non-compliant arrival is shown, not failed on; nor is a diff the answer does not confirm.
      notStdout: ['::error'],
      summary: [
        // A drift within staging: what changed, then the compliance of what arrived, in its heading.
        `### ❌ Environment diff: ${md1} → ${md2}: 1 replaced, 1 scaled; 1 of 1 arriving artifact is not compliant\n\n` +
          `${lead}1 replaced, 0 added, 0 removed, 1 scaled, 1 unchanged.`,
        `#### Replaced ${md1} → ${md2} (1)`,
        '| Name | Version | Compliance | Promotion | Fingerprint | Flow | Commit | Instances | Pods |',
        // What a minimal answer leaves out (the links, the commit, the counts, the pods) is an empty or "?" cell.
        byProfile(
          `| ghcr.io/acme/backend | [1.4.0 → 1.5.0](https://github.com/acme/shop/compare/${COMPLIANT_COMMIT}...${NON_COMPLIANT_COMMIT}) | [❌ NON-COMPLIANT](${UI_URL}/demo/flows/backend/artifacts/${BACKEND_150}) — non-compliant: snyk-scan | left out: not COMPLIANT | <code>${short}</code> | backend | [888f905](https://github.com/acme/shop/commit/${NON_COMPLIANT_COMMIT}) | 1 → 2 |`,
          `| ghcr.io/acme/backend | 1.4.0 → 1.5.0 | ❌ NON-COMPLIANT — non-compliant: snyk-scan | left out: from a diff not confirmed | <code>${short}</code> | backend |  | ? → ? |  |`,
        ),
      ],
      saved: {
        outcome: 'different',
        // backend 1.4.0 only in staging#1 and 1.5.0 only in staging#2 are one replacement.
        replaced: [
          {
            name: 'ghcr.io/acme/backend',
            from: { name: 'ghcr.io/acme/backend:1.4.0', fingerprint: BACKEND_140 },
            to: { name: 'ghcr.io/acme/backend:1.5.0', fingerprint: BACKEND_150 },
          },
        ],
        added: [],
        removed: [],
        // Scaled is the service's group: its counts only shown, unknown (null) where a minimal answer leaves them out.
        scaled: [
          {
            name: 'ghcr.io/acme/web:3.2.0',
            s1_instance_count: byProfile(1, null),
            s2_instance_count: byProfile(2, null),
          },
        ],
        unchanged: [{ name: 'docker.io/library/redis:7.4' }],
        compliance: {
          checks: [
            {
              name: 'ghcr.io/acme/backend:1.5.0',
              fingerprint: BACKEND_150,
              flow: 'backend',
              state: 'NON-COMPLIANT',
            },
          ],
          leftOut: 0,
        },
      },
    });
    const saved = outputFile(result, 'result-file') as Saved;
    expect([saved.snapshot1, saved.snapshot2]).toEqual([
      { expression: 'staging~1', id: byProfile('staging#1', null), name: one },
      { expression: 'staging', id: byProfile('staging#2', null), name: two },
    ]);
    // The link is only shown: none where the answer gives none.
    expect(saved.compliance?.checks[0]?.htmlUrl).toBe(
      byProfile(`${UI_URL}/demo/flows/backend/artifacts/${BACKEND_150}`, undefined),
    );
    // What a minimal answer leaves out of the scaled group: its counts ("?") and its pods.
    expect(result.summary).toMatch(
      byProfile(
        /\| ghcr.io\/acme\/web:3.2.0 \| <code>\w{12}<\/code> \| frontend \| \[48d4add\]\(\S+\) \| 1 → 2 \| <details><summary>2 pods<\/summary>[^<|]+<br>[^<|]+<\/details> \|/,
        /\| ghcr.io\/acme\/web:3.2.0 \| <code>\w{12}<\/code> \| frontend \| {2}\| \? → \? \| {2}\|/,
      ),
    );
  });

  it('fail-on-diff trips on drift, after setting the outputs and writing the summary', async () => {
    const result = await diff(await start(), 'production', 'staging', FAIL_ON_DIFF);
    // A minimal answer names no snapshot: the gate could not check (outcome error), the diff written all the same.
    const couldNot = `fail-on-diff: could not check. ${notConfirmedOf('production', 'staging')}`;
    const outcome = byProfile('different', 'error');
    expectStep(result, {
      code: 1,
      stdout: [
        byProfile(
          '::error::production#2 and staging#2 differ (fail-on-diff): 1 replaced, 0 added, 0 removed, 2 scaled, 0 unchanged. See the job summary or result-file for the artifacts.',
          `::error::${couldNot}`,
        ),
      ],
      outputs: { outcome, 'only-in-1': '1', 'only-in-2': '1', scaled: '2' },
      saved: { outcome, changed: true },
      summary: [
        ...byProfile([], [couldNot]),
        `### ❌ Promoting ${byProfile('staging#2 to production#2', 'staging to production')}: 1 of 1 arriving artifact is not compliant\n`,
      ],
    });
    // A gate that could not check sets no `changed`: a later step reading it alone must not go on.
    expect(result.outputs.changed).toBe(byProfile('true', undefined));
  });

  it.each([
    [
      'an unknown environment (404)',
      'staging',
      'nowhere',
      "GET /env-diff/{org} failed with HTTP 404 Not Found: Environment named 'nowhere' does not exist for organization 'demo'. Check the org and the names in the request",
    ],
    [
      'an environment without snapshots (400)',
      'empty',
      'staging',
      "GET /env-diff/{org} failed with HTTP 400 Bad Request: Snappish 'empty' resolves to empty#0: Indexes are 1-based",
    ],
  ])('the service cannot resolve a snapshot: %s', async (_label, one, two, message) => {
    const seed = demoSeed();
    seed.orgs.demo.environments.push({ name: 'empty' });
    const result = await diff(await start({ seed }), one, two, FAIL_ON_DIFF);
    expectCouldNot(
      result,
      'api',
      message,
      `### ⚠️ Could not compare ${one} with ${two}`,
      'The service refused the request: see its answer above.',
    );
    expect(outputFile(result, 'result-file')).toMatchObject({
      snapshot1: { expression: one },
      snapshot2: { expression: two },
    });
  });

  it("fails on an answer about another environment's snapshots", async () => {
    const sandbox = await start();
    const production = await sandbox.client().diffEnvironments('production~1', 'production');
    // Named as the full answer names them: a minimal answer names no snapshot (not confirmed: the loopback tests above).
    const body = {
      ...production,
      snappish1: { ...production.snappish1, snapshot_id: 'production#1' },
      snappish2: { ...production.snappish2, snapshot_id: 'production#2' },
    };
    sandbox.sandbox.faults.respondNext(1, { status: 200, body, path: /^\/env-diff\// });
    // Nothing read from it is set: no step can take it for a diff of staging.
    expectCouldNot(
      await diff(sandbox, 'staging~1', 'staging'),
      'unexpected-response',
      'unexpected response from GET /env-diff/{org}: snappish1.snapshot_id is "production#1", not a ' +
        'snapshot of staging as asked: the answer is about something else',
      'The answer was not in the documented form, so it was not used',
    );
  });

  /**
   * One review of production by staging. The answer names both snapshots as the live service does (liveShaped),
   * whatever the profile, unless `live` is false: as the sandbox answers.
   */
  const review = async (
    sandbox: Running,
    inputs: Record<string, string> = {},
    env?: Record<string, string>,
    live = true,
  ) => {
    if (live) await liveShaped(sandbox, 'production', 'staging');
    return diff(sandbox, 'production', 'staging', inputs, { env });
  };
  const NO_RETRIES = { COMPLIANCE_RETRIES: '0' };
  const GATE = { 'fail-on-non-compliant': 'true' };
  const BACKEND_15_NON_COMPLIANT = {
    name: 'ghcr.io/acme/backend:1.5.0',
    fingerprint: BACKEND_150,
    state: 'NON-COMPLIANT',
  };

  describe('promotion review', () => {
    it('fail-on-non-compliant fails after writing everything, its annotation naming the artifact', async () => {
      const result = await review(await start(), GATE);
      // The link is only shown: a minimal answer gives none, and the annotation ends with the state.
      const see = byProfile(` See ${UI_URL}/demo/flows/backend/artifacts/${BACKEND_150}`, '');
      expectStep(result, {
        code: 1,
        outputs: { outcome: 'different', replaced: '1', 'only-in-1': '1', 'only-in-2': '1' },
        lists: { 'non-compliant': [BACKEND_15_NON_COMPLIANT] },
        stdout: [
          `::error title=Arriving artifact not compliant::ghcr.io/acme/backend:1.5.0 (${BACKEND_150.slice(0, 12)}) in flow backend: NON-COMPLIANT: non-compliant: snyk-scan.${see}\n`,
        ],
        // The failure is the last thing the step writes.
        last:
          '::error::1 of 1 arriving artifact not COMPLIANT (fail-on-non-compliant): ghcr.io/acme/backend:1.5.0 ' +
          '(NON-COMPLIANT). See the job summary or the non-compliant output.',
        summary: ['The promotion gate fails this step.'],
        saved: { outcome: 'different', compliance: { checks: [{ state: 'NON-COMPLIANT' }], leftOut: 0 } },
      });
    });

    it('a lookup that fails is could not check: with the gate outcome error, without it a warning', async () => {
      const sandbox = await start();
      sandbox.sandbox.faults.failNext(2, 503, { path: /^\/artifacts\// });
      const gated = await review(sandbox, GATE, NO_RETRIES);
      const failure =
        '::error::1 of 1 arriving artifact not COMPLIANT (fail-on-non-compliant): ghcr.io/acme/backend:1.5.0 ' +
        '(NOT-CHECKED). See the job summary or the non-compliant output.';
      const notChecked = { 'non-compliant': [{ ...BACKEND_15_NON_COMPLIANT, state: 'NOT-CHECKED' }] };
      expectStep(gated, {
        code: 1,
        outputs: { outcome: 'error' },
        lists: notChecked,
        summary: ['<sub>Outcome: **error**'],
        errors: [
          expect.stringMatching(
            /^::error title=Arriving artifact not compliant::ghcr.io\/acme\/backend:1.5.0 \(33907d725bd9\) in flow backend: could not check: GET \/artifacts\/\S+ failed with HTTP 503/,
          ),
          failure,
        ],
        last: failure,
      });

      const reviewed = await review(sandbox, {}, NO_RETRIES);
      expectStep(reviewed, {
        code: 0,
        outputs: { outcome: 'different' },
        lists: notChecked,
        errors: [],
        warnings: [
          expect.stringMatching(/^::warning title=Compliance not checked::ghcr.io\/acme\/backend:1.5.0/),
        ],
        summary: [
          '### ❔ Promoting staging#2 to production#2: 1 of 1 arriving artifact is not known to be compliant\n',
          '| ❔ could not check — GET /artifacts/',
        ],
      });
    });

    it('compliance: false makes no lookup', async () => {
      expectStep(await review(await start(), { compliance: 'false' }, undefined, false), {
        code: 0,
        unset: ['non-compliant'],
        notStdout: ['/artifacts/'],
        summary: [
          'their compliance was not checked (compliance is false)',
          '| Name | Version | Promotion | Fingerprint | Flow | Commit | Instances | Pods |',
        ],
      });
    });
  });

  describe('comment-on-pr', () => {
    const promotion = { 'comment-on-pr': 'true' };
    const comment = (
      sandbox: Running,
      api: Parameters<typeof onPullRequest>[0],
      inputs: Record<string, string>,
      one = 'staging~1',
    ) => diff(sandbox, one, 'staging', { ...promotion, ...inputs }, onPullRequest(api, 'a'.repeat(40)));

    it('keeps one comment per workflow and pair of snapshots, updated in place, before fail-on-diff trips', async () => {
      const sandbox = await start();
      const api = await github();
      await liveShaped(sandbox, 'staging~1', 'staging');
      const first = await comment(sandbox, api, FAIL_ON_DIFF);
      // The comment is written after the result file and the summary, before the failure.
      expectStep(first, {
        code: 1,
        outputs: { outcome: 'different' },
        stdout: ['::error::staging#1 and staging#2 differ (fail-on-diff)'],
        summary: ['### ❌ Environment diff: staging#1 → staging#2: 1 replaced'],
      });
      const [created] = api.comments.get(7) ?? [];
      expect(created?.body).toMatch(
        /^<!-- compliance-actions:sticky build%2Fbuild%2Fdiff-envs%2Fstaging~1\.\.staging -->\n### ❌ Environment diff: staging#1 → staging#2: 1 replaced, 1 scaled; 1 of 1 arriving artifact is not compliant\n/,
      );
      expect(created?.body).toContain('#### Replaced staging#1 → staging#2 (1)');

      const again = await comment(sandbox, api, { 'show-unchanged': 'true' });
      expectStep(again, { code: 0 });
      expect(api.comments.get(7)).toHaveLength(1);
      expect(api.comments.get(7)?.[0]?.body).toContain('#### Unchanged (1)');
      expect(api.requestsTo('/repos/acme/app/issues/comments/', 'PATCH')).toHaveLength(1);

      // Another pair of snapshots in the same workflow (a drift check beside a promotion check) keeps its own.
      const drift = await comment(sandbox, api, {}, 'production');
      expectStep(drift, { code: 0 });
      expect(api.comments.get(7)).toHaveLength(2);
      expect(api.comments.get(7)?.[1]?.body).toContain(
        'sticky build%2Fbuild%2Fdiff-envs%2Fproduction..staging -->',
      );
      for (const r of [first, again, drift]) expect(r.stderr).toBe('');
    });
  });

  describe('promotions and rollouts, on a seed of their own (test/helpers/promotion-seed.ts)', () => {
    // production#3 → staging#3: backend 1.4.0 → 1.6.0 COMPLIANT, web 3.2.0 new and COMPLIANT, worker 2.0.0 → 2.1.0
    // NON-COMPLIANT, payments 3.0.0 and 3.1.0 side by side in staging (a rollout in progress), redis unchanged.
    /** One side of an entry: the commit and its page are only shown, so a minimal answer gives neither. */
    const side = (fingerprint: string, tag: string, repository: string, sha: string) => ({
      fingerprint,
      tag,
      commit: byProfile(sha, null),
      'commit-url': byProfile(commitUrl(repository, sha), null),
    });
    // In the order the output has them: name, from, to, compare-url, state, flow.
    const BACKEND = {
      name: 'ghcr.io/acme/backend',
      from: side(FP.backend14, '1.4.0', 'acme/shop', COMMIT.backend14),
      to: side(FP.backend16, '1.6.0', 'acme/shop', COMMIT.backend16),
      'compare-url': byProfile(
        `https://github.com/acme/shop/compare/${COMMIT.backend14}...${COMMIT.backend16}`,
        null,
      ),
      state: 'COMPLIANT',
      flow: 'backend',
    };
    const WEB = {
      name: 'ghcr.io/acme/web',
      from: null,
      to: side(FP.web32, '3.2.0', 'acme/shop', COMMIT.web32),
      'compare-url': null,
      state: 'COMPLIANT',
      flow: 'frontend',
    };
    const WORKER = {
      name: 'ghcr.io/acme/worker',
      from: side(FP.worker20, '2.0.0', 'acme/worker', COMMIT.worker20),
      to: side(FP.worker21, '2.1.0', 'acme/worker', COMMIT.worker21),
      'compare-url': byProfile(
        `https://github.com/acme/worker/compare/${COMMIT.worker20}...${COMMIT.worker21}`,
        null,
      ),
      state: 'NON-COMPLIANT',
      flow: 'worker',
    };
    const WORKER_LEFT_OUT = {
      name: 'ghcr.io/acme/worker',
      fingerprint: FP.worker21,
      why: 'not-compliant',
      state: 'NON-COMPLIANT',
    };
    const matrix = (...include: object[]) => JSON.stringify({ include });
    /** The rollout in words, staging named as the answer names it. */
    const rollout = (staging: string) =>
      `ghcr.io/acme/payments: a rollout in progress (${staging} runs 3.1.0 and 3.0.0). Not paired, and left out of promotions.`;

    it('three services arrive: the new and the replaced that are COMPLIANT move, the non-compliant does not; the rollout is said, never moved', async () => {
      const sandbox = await start({ seed: promotionSeed() });
      const result = await review(sandbox);
      expect(result.stderr).toBe('');
      expectStep(result, {
        code: 0,
        outputs: {
          // The matrix exactly as a workflow reads it: the replacements first, then the new services.
          promotions: matrix(BACKEND, WEB),
          outcome: 'different',
          changed: 'true',
          'only-in-1': '2',
          'only-in-2': '4',
          replaced: '2',
          scaled: '1',
          unchanged: '1',
          'promotions-count': '2',
          'promotions-truncated': 'false',
          rollouts: '["ghcr.io/acme/payments"]',
          'rollouts-truncated': 'false',
          'non-compliant-truncated': 'false',
          'snapshot-1-id': 'production#3',
          'snapshot-2-id': 'staging#3',
        },
        lists: {
          'non-compliant': [
            { name: 'ghcr.io/acme/worker:2.1.0', fingerprint: FP.worker21, state: 'NON-COMPLIANT' },
          ],
        },
        stdout: [
          // The rollout's arriving version (payments 3.1.0) is checked too: it would move if staging were promoted.
          `ghcr.io/acme/payments:3.1.0  ${FP.payments31.slice(0, 12)}  COMPLIANT\n`,
          // Without fail-on-rollout, a warning.
          `::warning title=Rollout in progress::${rollout('staging#3')}\n`,
        ],
        notStdout: ['::error'],
        // Each arriving version's row, and why it may move or not: diff-envs.test.ts.
        summary: ['Promotions: 2 may move; left out: 1 not COMPLIANT, 1 in a rollout in progress.'],
        saved: {
          counts: { replaced: 2, added: 1, removed: 0, rollouts: 1 },
          replaced: [{ name: 'ghcr.io/acme/backend' }, { name: 'ghcr.io/acme/worker' }],
          added: [{ name: 'ghcr.io/acme/web:3.2.0' }],
          // Neither version of payments is paired, added or removed: both are the rollout's.
          rollouts: [
            {
              name: 'ghcr.io/acme/payments',
              snapshots: [2],
              versions: [
                { artifact: { fingerprint: FP.payments31 }, in: 'snapshot-2' },
                { artifact: { fingerprint: FP.payments30 }, in: 'both' },
              ],
            },
          ],
        },
      });

      expect((outputFile(result, 'result-file') as Saved).promotions).toEqual({
        include: [BACKEND, WEB],
        leftOut: [WORKER_LEFT_OUT, { name: 'ghcr.io/acme/payments', fingerprint: null, why: 'rollout' }],
      });
    });

    it('fail-on-rollout fails the step after every output is set; on snapshots the answer does not name, could not check', async () => {
      const sandbox = await start({ seed: promotionSeed() });
      const failure =
        '::error::1 rollout in progress (fail-on-rollout): ghcr.io/acme/payments (3.1.0 and 3.0.0). ' +
        'See the job summary or the rollouts output.';
      expectStep(await review(sandbox, { 'fail-on-rollout': 'true' }), {
        code: 1,
        outputs: {
          outcome: 'different',
          promotions: matrix(BACKEND, WEB),
          'promotions-count': '2',
          rollouts: '["ghcr.io/acme/payments"]',
          'snapshot-2-id': 'staging#3',
        },
        stdout: [`::error title=Rollout in progress::${rollout('staging#3')}\n`],
        // The failure is the last thing the step writes.
        last: failure,
      });

      // As the sandbox answers: a minimal answer names no snapshot, so the gate could not check; the diff stands.
      const unconfirmed = await review(sandbox, { 'fail-on-rollout': 'true' }, undefined, false);
      expectStep(unconfirmed, {
        code: 1,
        outputs: {
          outcome: byProfile('different', 'error'),
          // A matrix is a decision to deploy: nothing moves from a diff not confirmed to be about the snapshots asked.
          promotions: byProfile(matrix(BACKEND, WEB), matrix()),
        },
        last: byProfile(
          failure,
          `::error::fail-on-rollout: could not check. ${notConfirmedOf('production', 'staging')}`,
        ),
      });
      expect(unconfirmed.outputs.changed).toBe(byProfile('true', undefined));
    });

    const ROLLOUT_LEFT_OUT = { name: 'ghcr.io/acme/payments', fingerprint: null, why: 'rollout' };
    const WEB_FILTERED = {
      name: 'ghcr.io/acme/web',
      fingerprint: FP.web32,
      why: 'filtered',
      state: 'COMPLIANT',
    };
    // only and exclude keep names or globs of them, a line without / naming the last part of a name; promotions-state
    // any keeps every arriving artifact whatever its state, never one of a rollout.
    it.each([
      // worker is named, and left out as not COMPLIANT; web is not named.
      [
        { only: 'backend\nghcr.io/acme/worker' },
        [BACKEND],
        [WORKER_LEFT_OUT, WEB_FILTERED, ROLLOUT_LEFT_OUT],
        'left out: 1 not COMPLIANT, 1 by only or exclude, 1 in a rollout in progress.',
      ],
      // Nothing left: an empty matrix, which GitHub refuses: the count is what a job guards on.
      [{ exclude: '**' }, []],
      [{ 'promotions-state': 'any' }, [BACKEND, WORKER, WEB], [ROLLOUT_LEFT_OUT]],
      // With compliance: false no state is read: any is what lets them move, each with state null.
      [
        { 'promotions-state': 'any', compliance: 'false' },
        [BACKEND, WORKER, WEB].map((p) => ({ ...p, state: null })),
      ],
    ])(
      'promotions of %j',
      async (inputs: Record<string, string>, include: object[], leftOut?: object[], said?: string) => {
        const result = await review(await start({ seed: promotionSeed() }), inputs);
        expectStep(result, {
          code: 0,
          outputs: { promotions: matrix(...include), 'promotions-count': String(include.length) },
          summary: [`Promotions: ${include.length} may move`, ...(said === undefined ? [] : [said])],
        });
        if (leftOut) expect((outputFile(result, 'result-file') as Saved).promotions.leftOut).toEqual(leftOut);
      },
    );
  });
});
