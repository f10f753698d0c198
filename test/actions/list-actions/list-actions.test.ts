/**
 * list-actions run as a step in-process against the sandbox, or a loopback server that answers what the sandbox would
 * not: every branch of the listing and of the health check (fail-if-failing); what the listing actions do alike on the
 * way out is in ../listing.test.ts. The bundle keeps its contract in test/dist/module-load.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { byProfileOf, PROFILES } from '@compliance-actions/sandbox/profile';
import { outputFile } from '../../helpers/runner.js';
import { OTHER_TOKEN } from '../../helpers/sandbox.js';
import { TEST_TOKEN } from '../../helpers/secrets.js';
import { json, type Handler } from '../../helpers/server.js';
import { useLoopbackStep, useSandboxStep } from '../../helpers/step-against.js';
import { noLeak } from '../../helpers/step-result.js';

const ask = useLoopbackStep('list-actions');
const list = useSandboxStep('list-actions');
const GATE = { 'fail-if-failing': 'true' };

/** An action as the service lists it: `is_failing` as given (absent if undefined), a chat-app flag only in `extra`. */
const act = (name: string, is_failing?: boolean | null, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'ENV',
  number: 1,
  targets: [],
  triggers: [],
  created_by: 'ann',
  last_modified_at: 1793600000,
  is_failing,
  ...extra,
});

describe.each(PROFILES)('list-actions, the sandbox answering %s', (profile) => {
  const lastFailure = byProfileOf(profile)(' (last failure 2026-11-03T09:07:30Z)', '');

  it('fail-if-failing trips naming the failing actions, with the outputs and summary still written', async () => {
    const result = await list(profile, GATE);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `::error::fail-if-failing: 1 of 3 actions fails to send notifications: 'release-webhook'${lastFailure}.`,
    );
    expect(result.stdout).not.toContain('::warning::');
    expect(result.outputs).toMatchObject({ count: '3', failing: '["release-webhook"]' });
    expect(result.summary).toContain('failing: 1, status unknown: 1 ❌');
    expect(outputFile(result, 'result-file')).toMatchObject({ failing: ['release-webhook'] });
  });

  it('fail-if-failing passes when nothing fails (an org without actions)', async () => {
    const result = await list(profile, { 'api-token': OTHER_TOKEN, org: 'other', ...GATE });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ outcome: 'healthy', count: '0', failing: '[]' });
    expect(result.summary).toContain('The org has no actions.');
    noLeak(result.everything);
  });
});

describe('list-actions against a loopback server', () => {
  it("reads the live service's name of the chat-app flag, and escapes what the service sends", async () => {
    const result = await ask([
      act('<img src=x onerror=alert(1)> | [x](javascript:alert(1))', true, {
        type: 'FLOW',
        // A target without a type, or with nothing more: said as far as it goes.
        targets: [
          { type: 'WEBHOOK', url: 'https://hooks.chat.example/services/T0/B0/s3cretPart' },
          { channel: '#ops' },
          { type: 'EMAIL', url: 'not a URL' },
        ],
        is_created_from_slack_app: true,
        last_modified_at: 1793600000.5,
        last_failure_timestamp: 1793600100.9,
      }),
    ]);
    expect(result.code).toBe(0);
    expect(result.requests).toHaveLength(1);
    expect(result.requests[0]?.method).toBe('GET');
    expect(result.requests[0]?.url.pathname).toBe('/api/v2/actions/acme');
    expect(result.requests[0]?.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    // Kept as given under the live name, only shown; the spec's name, not given, is null.
    expect((outputFile(result, 'result-file') as { actions: unknown[] }).actions[0]).toMatchObject({
      is_created_from_slack_app: true,
      is_created_from_chat_app: null,
    });
    expect(result.summary).not.toContain('<img');
    expect(result.summary).not.toContain('](javascript:');
    expect(result.summary).toContain('&lt;img src=x onerror=alert(1)&gt; \\| \\[x\\]\\(javascript:alert(1))');
    expect(result.summary).toContain('| WEBHOOK (hooks.chat.example), target #ops, EMAIL |');
    expect(result.summary).not.toContain('s3cretPart');
    noLeak(result.everything);
  });

  // No chat-app flag at all, or the old guessed name (not one the client reads): the outcome is what is_failing says.
  it.each([
    [
      'none failing: healthy, and the gate passes',
      [act('quiet', false), act('old-name', false, { is_created_from_slack: true })],
      GATE,
      { outcome: 'healthy', count: '2', failing: '[]' },
      ['### Notification actions: 2, failing: 0\n', '| quiet | ENV |  |  |  | no | — | — |'],
    ],
    [
      'one failing: a warning, the gate off',
      [act('quiet', false), act('broken', true)],
      {},
      { outcome: 'failing', count: '2', failing: '["broken"]' },
      ['| broken | ENV |  |  |  | ❌ yes | — | — |'],
    ],
    // A status the service does not give (null, or left out) is counted apart: healthy is never more than told.
    [
      'some without a status: healthy, the gate off',
      [act('known', false), act('mute-1', null), act('mute-2')],
      {},
      { outcome: 'healthy', count: '3', failing: '[]' },
      [
        '### Notification actions: 3, failing: 0, status unknown: 2\n',
        '| mute-1 | ENV |  |  |  | unknown | — | — |',
      ],
    ],
  ])('%s', async (_label, answer, inputs, outputs, rows) => {
    const result = await ask(answer, inputs);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('::error::');
    expect(result.outputs).toMatchObject(outputs);
    for (const row of rows) expect(result.summary).toContain(row);
    expect(result.summary).not.toContain('could not check');
    const { actions } = outputFile(result, 'result-file') as { actions: Record<string, unknown>[] };
    for (const listed of actions) {
      expect(listed).toMatchObject({ is_created_from_chat_app: null, is_created_from_slack_app: null });
    }
    if (outputs.outcome === 'failing') {
      expect(result.stdout).toContain("::warning::Action 'broken' fails to send notifications.");
    }
  });

  it('with fail-if-failing, actions whose status the service does not give are could-not-check, never healthy', async () => {
    const result = await ask([act('known', false), act('mute-1', null), act('mute-2')], GATE);
    const message =
      'fail-if-failing: could not check: the service does not say whether 2 of 3 actions fail to send ' +
      "notifications: 'mute-1', 'mute-2'.";
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`::error::${message}`);
    expect(result.outputs).toMatchObject({ outcome: 'error', count: '3', failing: '[]' });
    expect(outputFile(result, 'result-file')).toMatchObject({
      outcome: 'error',
      count: 3,
      failure: message,
      error: { kind: 'unexpected-response', message },
    });
    // Why it could not check, not only a ❌.
    expect(result.summary).toContain('the service does not say whether 2 of 3 action');
  });

  it('warns ten times at most (GitHub drops the rest), the last counting the rest; the gate names twenty', async () => {
    const answer = Array.from({ length: 25 }, (_, i) => act(`hook-${i + 1}`, true, { number: i + 1 }));
    const warned = await ask(answer);
    expect(warned.code).toBe(0);
    // Ten in all: nine named, the tenth counts the rest.
    expect(warned.stdout.match(/^::warning::/gm)).toHaveLength(10);
    expect(warned.stdout).toContain("::warning::Action 'hook-9' fails to send notifications.");
    expect(warned.stdout).not.toContain("'hook-10'");
    expect(warned.stdout).toContain('::warning::16 more actions are failing: see the job summary.');
    expect(JSON.parse(warned.outputs.failing ?? '')).toHaveLength(25);
    expect(warned.summary).toContain('| hook-25 |');

    const gated = await ask(answer, GATE);
    expect(gated.code).toBe(1);
    expect(gated.stdout.match(/^::error::/gm)).toHaveLength(1);
    expect(gated.stdout).toContain("'hook-20' and 5 more (see the job summary).");
    expect(gated.stdout).not.toContain("'hook-21'");
  });

  it('never shows the token when a 200 answer echoes it in the action names it warns or fails with', async () => {
    const echo = (auth = '') => [
      act(`hook ${auth}`, true, { targets: [{ type: 'EMAIL', address: `${auth}@example.test` }] }),
    ];
    const answer: Handler = (req, res) => json(res, 200, echo(req.headers.authorization));
    const warned = await ask(answer);
    expect(warned.code).toBe(0);
    expect(warned.stdout).toContain("::warning::Action 'hook Bearer ***' fails to send notifications.");
    noLeak(warned.everything);
    const gated = await ask(answer, GATE);
    expect(gated.code).toBe(1);
    expect(gated.stdout).toContain("'hook Bearer ***'");
    noLeak(gated.everything);
  });
});
