/**
 * list-actions through the shipped bundle, as the runner runs it: its contract (the actions listed, with the outputs,
 * result file and summary), under both answer profiles. Every branch of its logic is tested in-process:
 * test/actions/list-actions; a bad input and the service down, for every action: test/dist/lifecycle.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { outputFile, runAction } from '../helpers/runner.js';
import { byProfile, DEMO_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, withoutMaskCommands } from '../helpers/secrets.js';

const start = useSandbox();

interface Saved {
  count: number;
  failing: string[];
  actions: { name: string; targets: unknown[] }[];
}

/**
 * The minimal profile leaves out what is only shown (timestamps, flows, environments) and sends the chat-app flag
 * under the live name: the step still lists, showing an empty cell or `—` where the service said nothing.
 */
const lastFailure = byProfile(' (last failure 2026-11-03T09:07:30Z)', '');

describe('list-actions', () => {
  it('lists the actions with their failing ones, warns about those, and summarizes every column', async () => {
    const sandbox = await start();
    const result = await runAction('list-actions', {
      inputs: { 'api-url': sandbox.url, 'api-token': DEMO_TOKEN, org: 'demo' },
    });
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
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });
});
