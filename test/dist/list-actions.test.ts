/**
 * list-actions end to end: the dist bundle run as the runner runs it, against the sandbox (or a loopback server that
 * answers what the sandbox would not) over real HTTP.
 */
import { describe, expect, it } from 'vitest';
import { outputFile, runAction } from '../helpers/runner.js';
import { byProfile, DEMO_TOKEN, OTHER_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, TEST_TOKEN, withoutMaskCommands } from '../helpers/secrets.js';
import { json, startServer } from '../helpers/server.js';

const start = useSandbox();
const connection = (url: string) => ({ 'api-url': url, 'api-token': DEMO_TOKEN, org: 'demo' });
const noLeak = (everything: string) => assertNoSecret(withoutMaskCommands(everything), 'the step');

interface Saved {
  count: number;
  failing: string[];
  actions: {
    name: string;
    is_created_from_chat_app?: boolean | null;
    is_created_from_slack_app?: boolean | null;
    targets: unknown[];
  }[];
}

/**
 * The minimal profile leaves out what is only shown (timestamps, flows, environments) and sends the chat-app flag
 * under the live name: the step still lists, showing an empty cell or `—` where the service said nothing.
 */
const lastFailure = byProfile(' (last failure 2026-11-03T09:07:30Z)', '');

describe('list-actions', () => {
  it('lists the actions with their failing ones, warns about those, and summarizes every column', async () => {
    const sandbox = await start();
    const result = await runAction('list-actions', { inputs: connection(sandbox.url) });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.outputs.count).toBe('3');
    expect(result.outputs.outcome).toBe('failing');
    expect(JSON.parse(result.outputs.failing ?? '')).toEqual(['release-webhook']);
    expect(result.stdout).toContain(
      `::warning::Action 'release-webhook'${lastFailure} fails to send notifications.`,
    );
    expect(result.stdout).toContain('::group::List the actions of demo');

    const saved = outputFile(result, 'result-file') as Saved;
    expect(saved.count).toBe(3);
    expect(saved.failing).toEqual(['release-webhook']);
    expect(saved.actions.map((a) => a.name)).toEqual(['prod-alerts', 'release-webhook', 'staging-email']);
    // The full targets are kept in the file.
    expect(saved.actions[1]?.targets).toEqual([{ type: 'WEBHOOK', url: 'https://hooks.acme.test/release' }]);
    // The chat-app flag is kept under the name it came as; the other name is null.
    expect(saved.actions[0]).toMatchObject(
      byProfile(
        { is_created_from_chat_app: true, is_created_from_slack_app: null },
        { is_created_from_chat_app: null, is_created_from_slack_app: true },
      ),
    );

    const rows = result.summary.split('\n');
    expect(result.summary).toContain('### Notification actions: 3, failing: 1, status unknown: 1\n');
    expect(rows).toContain(
      '| Name | Type | Triggers | Targets | Flows or environments | Failing | Last success | Last failure |',
    );
    expect(rows).toContain(
      '| prod-alerts | ENV | ON_STARTED_ARTIFACT, ON_EXITED_ARTIFACT, ON_NON_COMPLIANT_ENV | ' +
        `SLACK #prod-deploys | ${byProfile('environments: production | no | 2026-11-02T11:30:00Z', ' | no | —')} | — |`,
    );
    expect(rows).toContain(
      '| release-webhook | FLOW | ON_ATTESTATION, ON_RELEASE | WEBHOOK (hooks.acme.test) | ' +
        byProfile(
          'flows: backend, frontend | ❌ yes | 2026-11-02T08:09:59Z | 2026-11-03T09:07:30Z |',
          ' | ❌ yes | — | — |',
        ),
    );
    expect(rows).toContain(
      `| staging-email | ENV | ON_SCALED_ARTIFACT | EMAIL qa@acme.test | ${byProfile('environments: staging', '')} | unknown | — | — |`,
    );
    // A webhook URL may carry a secret in its path: only the host is shown.
    expect(result.summary).not.toContain('hooks.acme.test/release');
    noLeak(result.everything);
  });

  it('fail-if-failing trips naming the failing actions, with the outputs and summary still written', async () => {
    const sandbox = await start();
    const result = await runAction('list-actions', {
      inputs: { ...connection(sandbox.url), 'fail-if-failing': 'true' },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      '::error::fail-if-failing: 1 of 3 action(s) fail to send notifications: ' +
        `'release-webhook'${lastFailure}.`,
    );
    expect(result.stdout).not.toContain('::warning::');
    expect(result.outputs.count).toBe('3');
    expect(result.outputs.failing).toBe('["release-webhook"]');
    expect(result.summary).toContain('failing: 1, status unknown: 1 ❌');
    expect(outputFile(result, 'result-file')).toMatchObject({ failing: ['release-webhook'] });
  });

  it('fail-if-failing passes when nothing fails (an org without actions)', async () => {
    const sandbox = await start();
    const result = await runAction('list-actions', {
      inputs: { 'api-url': sandbox.url, 'api-token': OTHER_TOKEN, org: 'other', 'fail-if-failing': 'true' },
    });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ outcome: 'healthy', count: '0', failing: '[]' });
    expect(result.summary).toContain('The org has no actions.');
    noLeak(result.everything);
  });

  it("reads the live service's name of the chat-app flag, and escapes what the service sends", async () => {
    const server = await startServer((_req, res) =>
      json(res, 200, [
        {
          name: '<img src=x onerror=alert(1)> | [x](javascript:alert(1))',
          type: 'FLOW',
          number: 7,
          targets: [{ type: 'WEBHOOK', url: 'https://hooks.chat.example/services/T0/B0/s3cretPart' }],
          triggers: ['ON_RELEASE'],
          created_by: 'mallory',
          is_created_from_slack_app: true,
          last_modified_at: 1793600000.5,
          is_failing: true,
          last_failure_timestamp: 1793600100.9,
        },
      ]),
    );
    try {
      const result = await runAction('list-actions', {
        inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme' },
      });
      expect(result.code).toBe(0);
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]?.method).toBe('GET');
      expect(server.requests[0]?.url.pathname).toBe('/api/v2/actions/acme');
      expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
      const saved = outputFile(result, 'result-file') as Saved;
      // Kept as given under the live name, only shown; the spec's name, not given, is null.
      expect(saved.actions[0]).toMatchObject({
        is_created_from_slack_app: true,
        is_created_from_chat_app: null,
      });
      expect(result.summary).not.toContain('<img');
      expect(result.summary).not.toContain('](javascript:');
      expect(result.summary).toContain(
        '&lt;img src=x onerror=alert(1)&gt; \\| \\[x\\]\\(javascript:alert(1))',
      );
      expect(result.summary).toContain('WEBHOOK (hooks.chat.example)');
      expect(result.summary).not.toContain('s3cretPart');
      noLeak(result.everything);
    } finally {
      await server.close();
    }
  });

  it('an action without any chat-app flag still lists: the outcome is what its is_failing says', async () => {
    const action = (name: string, is_failing: boolean, extra: Record<string, unknown> = {}) => ({
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
    let answer: unknown[] = [];
    const server = await startServer((_req, res) => json(res, 200, answer));
    try {
      const inputs = { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme' };
      // No flag at all, and the old guessed name (not one the client reads): both list as healthy.
      answer = [action('quiet', false), action('old-name', false, { is_created_from_slack: true })];
      const healthy = await runAction('list-actions', { inputs: { ...inputs, 'fail-if-failing': 'true' } });
      expect(healthy.stdout).not.toContain('::error::');
      expect(healthy.code).toBe(0);
      expect(healthy.outputs).toMatchObject({ outcome: 'healthy', count: '2', failing: '[]' });
      expect(healthy.summary).toContain('| quiet | ENV |  |  |  | no | — | — |');
      const saved = outputFile(healthy, 'result-file') as Saved;
      for (const listed of saved.actions) {
        expect(listed).toMatchObject({ is_created_from_chat_app: null, is_created_from_slack_app: null });
      }

      answer = [action('quiet', false), action('broken', true)];
      const failing = await runAction('list-actions', { inputs });
      expect(failing.code).toBe(0);
      expect(failing.outputs).toMatchObject({ outcome: 'failing', count: '2', failing: '["broken"]' });
      expect(failing.stdout).toContain("::warning::Action 'broken' fails to send notifications.");
      expect(failing.summary).toContain('| broken | ENV |  |  |  | ❌ yes | — | — |');
    } finally {
      await server.close();
    }
  });

  it('warns ten times at most (GitHub drops the rest), the last counting the rest; the gate names twenty', async () => {
    const action = (n: number) => ({
      name: `hook-${n}`,
      type: 'FLOW',
      number: n,
      targets: [],
      triggers: [],
      created_by: 'ann',
      is_created_from_chat_app: false,
      last_modified_at: 1793600000,
      is_failing: true,
    });
    const server = await startServer((_req, res) =>
      json(
        res,
        200,
        Array.from({ length: 25 }, (_, i) => action(i + 1)),
      ),
    );
    try {
      const inputs = { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme' };
      const warned = await runAction('list-actions', { inputs });
      expect(warned.code).toBe(0);
      // Ten in all: nine named, the tenth counts the rest.
      expect(warned.stdout.match(/^::warning::/gm)).toHaveLength(10);
      expect(warned.stdout).toContain("::warning::Action 'hook-9' fails to send notifications.");
      expect(warned.stdout).not.toContain("'hook-10'");
      expect(warned.stdout).toContain('::warning::16 more action(s) are failing: see the job summary.');
      expect(JSON.parse(warned.outputs.failing ?? '')).toHaveLength(25);
      expect(warned.summary).toContain('| hook-25 |');

      const gated = await runAction('list-actions', { inputs: { ...inputs, 'fail-if-failing': 'true' } });
      expect(gated.code).toBe(1);
      expect(gated.stdout.match(/^::error::/gm)).toHaveLength(1);
      expect(gated.stdout).toContain("'hook-20' and 5 more (see the job summary).");
      expect(gated.stdout).not.toContain("'hook-21'");
    } finally {
      await server.close();
    }
  });

  it('a bad fail-if-failing fails before any request: outcome error, the error in result-file and the summary', async () => {
    const server = await startServer((_req, res) => json(res, 200, []));
    try {
      const result = await runAction('list-actions', {
        inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme', 'fail-if-failing': 'yes' },
      });
      const message = "Invalid input 'fail-if-failing': 'yes' is not a boolean. Expected true or false.";
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(`::error::${message}`);
      expect(server.requests).toHaveLength(0);
      expect(result.outputs).toMatchObject({ outcome: 'error', count: '', failing: '[]' });
      expect(outputFile(result, 'result-file')).toMatchObject({
        outcome: 'error',
        error: { kind: 'input', message: expect.stringContaining(message) as unknown },
      });
      // The inputs could not be read, so the heading names no org.
      expect(result.summary).toContain('### ⚠️ Could not list the actions\n');
      expect(result.summary).toContain("Invalid input 'fail-if-failing'");
      noLeak(result.everything);
    } finally {
      await server.close();
    }
  });

  it('a list that cannot be read (the service unreachable) fails: outcome error, failing [] and the error in result-file', async () => {
    const server = await startServer((_req, res) => json(res, 200, []));
    const url = server.origin;
    await server.close();
    const result = await runAction('list-actions', {
      inputs: { 'api-url': url, 'api-token': TEST_TOKEN, org: 'acme', 'fail-if-failing': 'true' },
      env: { COMPLIANCE_RETRIES: '0' },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/::error::GET \/actions\/\{org\} could not reach the service: /);
    // Told apart from "none failing" by outcome, for a later step after continue-on-error.
    expect(result.outputs).toMatchObject({ outcome: 'error', count: '', failing: '[]' });
    expect(outputFile(result, 'result-file')).toMatchObject({
      outcome: 'error',
      failIfFailing: true,
      error: {
        kind: 'network',
        message: expect.stringContaining('could not reach the service') as unknown,
      },
    });
    expect(result.summary).toContain('### ⚠️ Could not list the actions of acme');
    noLeak(result.everything);
  });

  it('with fail-if-failing, actions whose status the service does not give are could-not-check, never healthy', async () => {
    const action = (name: string, is_failing: boolean | null) => ({
      name,
      type: 'ENV',
      number: 1,
      targets: [],
      triggers: [],
      created_by: 'ann',
      is_created_from_chat_app: false,
      last_modified_at: 1793600000,
      is_failing,
    });
    const server = await startServer((_req, res) =>
      json(res, 200, [action('known', false), action('mute-1', null), action('mute-2', null)]),
    );
    try {
      const inputs = { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme' };
      const listed = await runAction('list-actions', { inputs });
      expect(listed.code).toBe(0);
      expect(listed.outputs).toMatchObject({ outcome: 'healthy', count: '3', failing: '[]' });
      expect(listed.summary).toContain('| mute-1 | ENV |  |  |  | unknown | — | — |');

      const gated = await runAction('list-actions', { inputs: { ...inputs, 'fail-if-failing': 'true' } });
      const message =
        'fail-if-failing: could not check: the service does not say whether 2 of 3 action(s) fail to send ' +
        "notifications: 'mute-1', 'mute-2'.";
      expect(gated.code).toBe(1);
      expect(gated.stdout).toContain(`::error::${message}`);
      expect(gated.outputs).toMatchObject({ outcome: 'error', count: '3', failing: '[]' });
      expect(outputFile(gated, 'result-file')).toMatchObject({
        outcome: 'error',
        count: 3,
        failure: message,
        error: { kind: 'unexpected-response', message },
      });
    } finally {
      await server.close();
    }
  });

  it('never shows the token when a 200 answer echoes it in the action names it warns or fails with', async () => {
    const server = await startServer((req, res) =>
      json(res, 200, [
        {
          name: `hook ${req.headers.authorization ?? ''}`,
          type: 'FLOW',
          number: 1,
          targets: [{ type: 'EMAIL', address: `${req.headers.authorization ?? ''}@example.test` }],
          triggers: [],
          created_by: 'x',
          is_created_from_chat_app: false,
          last_modified_at: 1,
          is_failing: true,
        },
      ]),
    );
    try {
      const inputs = { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme' };
      const warned = await runAction('list-actions', { inputs });
      expect(warned.code).toBe(0);
      expect(warned.stdout).toContain("::warning::Action 'hook Bearer ***' fails to send notifications.");
      noLeak(warned.everything);
      const gated = await runAction('list-actions', { inputs: { ...inputs, 'fail-if-failing': 'true' } });
      expect(gated.code).toBe(1);
      expect(gated.stdout).toContain("'hook Bearer ***'");
      noLeak(gated.everything);
    } finally {
      await server.close();
    }
  });
});
