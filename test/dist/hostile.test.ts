/**
 * Every sub-action, started in-process as src/main.ts starts it, against a hostile service (the sandbox's hostile seed:
 * workflow commands, line breaks of every kind, mentions and HTML in every free text it serves) and hostile
 * pull-request and cluster text. Nothing it reads may act on the runner, notify anyone or render as HTML; outputs keep
 * the service's values exactly. Answers tampered with to fool a gate, and credentials in an input: in-process beside
 * each action's other branches (test/actions).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ActionName } from '../../src/actions/index.js';
import { HOSTILE_TEXT, hostileSeed } from '@compliance-actions/sandbox/seeds/hostile';
import { onPullRequest, useFakeGitHub } from '../helpers/github-api.js';
import { useInProcessAction } from '../helpers/in-process.js';
import { useTempDirs } from '../helpers/git.js';
import { pod, running } from '../helpers/pods.js';
import { podsWorkspace } from '../helpers/report-k8s-env.js';
import type { RunResult } from '../helpers/runner.js';
import { PROFILES, type AnswerProfile } from '@compliance-actions/sandbox/profile';
import { connection, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, withoutMaskCommands } from '../helpers/secrets.js';
import {
  BACKEND_140 as COMPLIANT_FP,
  BACKEND_150,
  COMPLIANT_COMMIT,
} from '@compliance-actions/sandbox/seeds/index';

const start = useSandbox();
const runStep = useInProcessAction();
const fakeGitHub = useFakeGitHub();
const { tempDir } = useTempDirs();

/** What a pull request or a cluster says, in the same spirit as the hostile service. */
const PR_TEXT = 'Add retries\r::warning::pr-hostile\r::stop-commands::pr-stop @octocat';

/** Commands the bundle itself issues; anything else at the start of a line would be the service's doing. */
const OWN_COMMAND = /^::(group|endgroup|debug|notice|warning|error|add-mask)( [^:]*)?::/;
/** A mention as GitHub reads one. */
const MENTION = /(?<![A-Za-z0-9_])@[A-Za-z0-9]/;

async function hostileSandbox(profile: AnswerProfile) {
  return start({ seed: hostileSeed(), profile });
}

/** Shown, but inert: the step read hostile text and none of it acted on the runner or on people. */
function assertInert(result: RunResult, markdown: string[] = []): void {
  expect(result.stderr).toBe('');
  // The runner splits lines on \n and \r, log viewers on the rest: none may come from the service.
  expect(result.stdout).not.toMatch(/[\r\v\f\u0085\u2028\u2029]/);
  for (const line of result.stdout.split('\n')) {
    const text = line.trimStart();
    expect(text).not.toContain('##[');
    if (text.startsWith('::')) {
      expect(text).toMatch(OWN_COMMAND);
      expect(text).not.toMatch(/^::add-mask::(hostile|pr-)/);
    }
  }
  for (const md of [result.summary, ...markdown]) {
    expect(md).not.toMatch(MENTION);
    expect(md).not.toMatch(/<img|<!-- hostile|\]\(javascript:/i);
  }
  assertNoSecret(withoutMaskCommands(result.everything), 'the step');
}

/** The hostile text reached the step (the test would prove nothing otherwise), shown neutralised. */
function assertShown(result: RunResult, marker = 'hostile-warning'): void {
  expect(`${result.stdout}\n${result.summary}`).toContain(marker);
}

describe.each(PROFILES)('against a hostile service answering %s', (profile) => {
  it('setup: the service refusing the check with a hostile message', async () => {
    const sandbox = await hostileSandbox(profile);
    sandbox.sandbox.faults.failNext(1, 400);
    const result = await runStep('setup', { inputs: connection(sandbox.url) });
    expect(result.code).toBe(1);
    assertInert(result);
    assertShown(result);
  });

  it.each<[ActionName, Record<string, string>, string, (result: RunResult) => void]>([
    [
      'check-attestations-for-commit',
      {},
      'pr-hostile',
      (result) => expect(result.outputs.outcome).toBe('compliant'),
    ],
    [
      'check-attestations-for-commit',
      { review: 'never-alone' },
      'hostile-warning',
      (result) => expect(result.outputs.outcome).toBe('compliant'),
    ],
    [
      'diff-envs',
      { 'snapshot-1': 'staging~1', 'snapshot-2': 'staging' },
      'hostile-warning',
      (result) => expect(result.outputs.changed).toBe('true'),
    ],
  ])(
    '%s: hostile commit messages, image and pod names on a pull request, and a comment',
    async (name, inputs, marker, check) => {
      const sandbox = await hostileSandbox(profile);
      const api = await fakeGitHub({ pulls: { 7: [{ sha: COMPLIANT_COMMIT, message: PR_TEXT }] } });
      const options = onPullRequest(api, COMPLIANT_COMMIT, {
        inputs: { ...connection(sandbox.url), ...inputs, 'comment-on-pr': 'true' },
      });
      const result = await runStep(name, options);
      check(result);
      const comments = (api.comments.get(7) ?? []).map((c) => c.body);
      expect(comments).toHaveLength(1);
      assertInert(result, comments);
      assertShown(result, marker);
    },
  );

  it('preview-policy and diff-envs with a policy: hostile image names, and a hostile policy from a pull request', async () => {
    const sandbox = await hostileSandbox(profile);
    const api = await fakeGitHub();
    // A pull request's policy is the pull request's: its names and expressions are untrusted text too.
    const dir = tempDir('policy-');
    writeFileSync(
      join(dir, 'policy.yml'),
      '_schema: https://kosli.com/schemas/policy/environment/v1\nartifacts:\n  provenance:\n    required: true\n' +
        '    exceptions:\n      - if: ${{ matches(artifact.name, "datadog") or artifact.name == "\\n::warning::policy-hostile @octocat" }}\n' +
        '  attestations:\n    - type: junit\n      name: "tests\\n::warning::policy-hostile <img src=x>"\n',
    );
    for (const [name, inputs] of [
      ['preview-policy', { environment: 'eu-production', policy: 'policy.yml' }],
      [
        'diff-envs',
        {
          'snapshot-1': 'eu-production~1',
          'snapshot-2': 'eu-production',
          policy: 'policy.yml',
          'fail-on': 'none',
        },
      ],
    ] as const) {
      const options = onPullRequest(api, COMPLIANT_COMMIT, {
        cwd: dir,
        inputs: { ...connection(sandbox.url), ...inputs, 'comment-on-pr': 'true' },
      });
      const result = await runStep(name, options);
      expect(result.code, result.stdout).toBe(0);
      assertInert(
        result,
        (api.comments.get(7) ?? []).map((c) => c.body),
      );
      assertShown(result, 'policy-hostile');
      assertShown(result);
    }
  });

  it.each<[ActionName, Record<string, string>, (result: RunResult) => void]>([
    [
      'report-artifact',
      { flow: 'backend', fingerprint: 'f'.repeat(64), name: 'app.bin' },
      (result) => {
        // A hostile answer to the report; the read-back's page (full answers give it) is kept exactly in the output,
        // and reached the log inert.
        expect(result.code).toBe(0);
        if (profile === 'full') {
          expect(result.outputs['html-url']?.endsWith(`/flows/backend/artifacts/${'f'.repeat(64)}`)).toBe(
            true,
          );
          expect(result.outputs['html-url']).toContain('hostile-warning');
          assertShown(result);
        }
      },
    ],
    [
      'get-artifact',
      { flow: 'backend', fingerprint: COMPLIANT_FP },
      (result) => {
        expect(result.outputs.outcome).toBe('compliant');
        assertShown(result);
      },
    ],
    [
      'list-actions',
      {},
      (result) => {
        // Hostile action names, kept exactly in the output.
        expect(result.outputs.outcome).toBe('failing');
        expect(JSON.parse(result.outputs.failing ?? '[]')).toEqual([`release-webhook${HOSTILE_TEXT}`]);
        assertShown(result);
      },
    ],
    ['list-trails', {}, (result) => expect(result.code).toBe(0)],
    ['list-attestations', { flow: 'backend' }, (result) => expect(result.code).toBe(0)],
  ])('%s: hostile text in what it reads', async (name, inputs, check) => {
    const sandbox = await hostileSandbox(profile);
    const result = await runStep(name, {
      inputs: { ...connection(sandbox.url), ...inputs },
      github: { GITHUB_SHA: COMPLIANT_COMMIT },
    });
    check(result);
    assertInert(result);
  });
});

describe('against a hostile service, where only full answers carry the text', () => {
  it('report-k8s-env: hostile pod and image names, and a hostile answer', async () => {
    // The hostile text is in the report's message, which a minimal answer leaves out.
    const sandbox = await hostileSandbox('full');
    const hostileName = `web\n::warning::pod-hostile\u2028::add-mask::pod-hostile @octocat`;
    const dir = podsWorkspace(tempDir('pods-'), [
      pod('web-1', { ns: 'shop', statuses: [running(`nginx:1.27${PR_TEXT}`, 'a'.repeat(64))] }),
      // Unmappable: skipped with a warning that names it.
      pod(hostileName, { ns: 'shop', statuses: [{ name: 'app', image: 'x', imageID: '' }] }),
    ]);
    const result = await runStep('report-k8s-env', {
      cwd: dir,
      inputs: { ...connection(sandbox.url), environment: 'staging', 'pods-file': 'pods.json' },
    });
    expect(result.code).toBe(0);
    assertInert(result);
    assertShown(result, 'pod-hostile');
    // The output keeps the service's answer exactly.
    expect(result.outputs.message).toMatch(/^Snapshot staging#\d+ created with 1 artifact\s/);
    expect(result.outputs.message?.endsWith(HOSTILE_TEXT)).toBe(true);
  });

  it('report-k8s-env: many environments from one config, each with a hostile answer in its row', async () => {
    const sandbox = await hostileSandbox('full');
    const dir = podsWorkspace(tempDir('pods-'), [
      pod('web-1', { ns: 'shop', statuses: [running(`nginx:1.27${PR_TEXT}`, 'a'.repeat(64))] }),
      pod('api-1', { ns: 'payments', statuses: [running('api:2', 'b'.repeat(64))] }),
    ]);
    const result = await runStep('report-k8s-env', {
      cwd: dir,
      inputs: {
        ...connection(sandbox.url),
        'pods-file': 'pods.json',
        environments:
          'environments:\n  - name: staging\n    namespaces: [shop]\n  - name: production\n    namespaces: [payments]\n',
      },
    });
    expect(result.code).toBe(0);
    assertInert(result);
    assertShown(result);
    // Each environment's answer kept exactly in the output, for a later step to read through env:.
    const environments = JSON.parse(result.outputs.environments ?? '[]') as {
      name: string;
      message: string;
    }[];
    expect(environments.map((e) => e.name)).toEqual(['staging', 'production']);
    for (const e of environments) expect(e.message.endsWith(HOSTILE_TEXT)).toBe(true);
  });

  it('get-deployment: a hostile deployment, its name kept exactly in the output', async () => {
    // Every text of a deployment is only shown: a minimal answer has none, hostile or not.
    const sandbox = await hostileSandbox('full');
    const result = await runStep('get-deployment', {
      inputs: { ...connection(sandbox.url), environment: 'staging', fingerprint: BACKEND_150 },
    });
    expect(result.outputs.outcome).toBe('found');
    expect(result.outputs['artifact-name']).toBe(`ghcr.io/acme/backend:1.5.0${HOSTILE_TEXT}`);
    assertInert(result);
    assertShown(result);
  });
});
