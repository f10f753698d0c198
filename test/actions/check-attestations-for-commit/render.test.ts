/**
 * The gate's verdict as the runner shows it, in-process: outputs, annotations within GitHub's ten per level, and the
 * failure of a tripped gate.
 */
import { describe, expect, it } from 'vitest';
import { CommitAttestation } from '../../../src/api/schemas/index.js';
import { decide } from '../../../src/actions/check-attestations-for-commit/decide.js';
import type { CommitsRead } from '../../../src/actions/check-attestations-for-commit/inputs.js';
import { render } from '../../../src/actions/check-attestations-for-commit/render.js';
import type { StepResult } from '../../../src/runtime/step.js';
import { env, pullRequestEnv, read } from './env.js';

const commits = Array.from({ length: 12 }, (_, i) => i.toString(16).padStart(40, '0'));
const from = (note?: string): CommitsRead => ({
  commits: commits.map((sha) => ({ sha, title: undefined, url: undefined })),
  from: 'pull-request',
  pullRequest: 7,
  ...(note !== undefined && { note }),
});
/** Twelve commits, none with the required attestation: twelve problems. */
const tripped = decide(commits, {}, ['sbom']);
const ofLevel = (step: StepResult, level: string) =>
  (step.annotations ?? []).filter((a) => a.level === level);

describe('render', () => {
  it('a passing gate: outputs true, no failure, no annotation', async () => {
    const [sha = ''] = commits;
    const found = {
      [sha]: [
        CommitAttestation.parse({ attestation_name: 'x', attestation_type: 'generic', is_compliant: true }),
      ],
    };
    const step = render(await read(env({})), from(), decide([sha], found, []));
    expect(step).toMatchObject({
      outcome: 'compliant',
      outputs: { compliant: true, missing: [], 'non-compliant': [] },
      annotations: [],
    });
    expect(step.failure).toBeUndefined();
  });

  it('a tripped gate fails with nine error annotations, the failure the tenth, counting the rest', async () => {
    const step = render(await read(env({ required: 'sbom' })), from('a note'), tripped);
    expect(step.outcome).toBe('non-compliant');
    expect(ofLevel(step, 'error')).toHaveLength(9);
    expect(ofLevel(step, 'error')[0]).toEqual({
      level: 'error',
      title: 'Compliance gate',
      message: `Commit ${commits[0] ?? ''}: the required attestation 'sbom' is missing.`,
    });
    expect(ofLevel(step, 'warning')).toEqual([{ level: 'warning', message: 'a note' }]);
    expect(step.failure).toBe(
      'Compliance gate tripped: 12 missing and 0 non-compliant attestation(s) in 12 commit(s) (3 more in the job summary).',
    );
    expect(step.outputs.missing).toHaveLength(12);
  });

  it('not failing: at most ten warnings, the note and a possible comment warning counted, the last saying it tripped', async () => {
    const inputs = await read(
      env(
        {
          required: 'sbom',
          'fail-on-non-compliant': 'false',
          'comment-on-pr': 'true',
          'github-token': 'ghs_x',
        },
        pullRequestEnv(),
      ),
    );
    const step = render(inputs, from('a note'), tripped);
    expect(step.failure).toBeUndefined();
    const warnings = ofLevel(step, 'warning');
    // The note, seven problems, the verdict: nine, and room for GitHub's refusal of the comment.
    expect(warnings).toHaveLength(9);
    expect(warnings[0]?.message).toBe('a note');
    expect(warnings.at(-1)?.message).toBe(
      'Compliance gate tripped, not failing (fail-on-non-compliant is false): 12 missing and 0 non-compliant attestation(s) in 12 commit(s) (5 more in the job summary).',
    );
    expect(ofLevel(step, 'error')).toEqual([]);
  });

  it('comments under one key per flow, problems first', async () => {
    const step = render(await read(env({ required: 'sbom', flow: 'backend' })), from(), tripped);
    expect(step.comment?.key).toBe('check-attestations-for-commit/backend');
    expect(step.comment?.body()).toContain('### ❌ Compliance gate tripped');
    expect(render(await read(env({})), from(), tripped).comment?.key).toBe('check-attestations-for-commit');
  });
});

describe('render: an overridden requirement', () => {
  const [sha = '', other = ''] = commits;
  const attestation = (fields: Record<string, unknown>) =>
    CommitAttestation.parse({
      attestation_name: 'pull-request',
      attestation_type: 'pull_request',
      ...fields,
    });
  const override = (fields: Record<string, unknown>) =>
    attestation({ attestation_type: 'override', html_url: 'https://app.example.test/override/1', ...fields });
  const found = {
    [sha]: [
      attestation({ is_compliant: false, created_at: 100 }),
      override({
        is_compliant: true,
        created_at: 200,
        reported_by: 'alice',
        description: 'hotfix approved by CAB',
      }),
    ],
    [other]: [
      attestation({ is_compliant: true, created_at: 100 }),
      // The service's text: markup and a mention are escaped by the summary writer.
      override({
        is_compliant: false,
        created_at: 200,
        reported_by: 'bob',
        description: '**no** review @team',
      }),
    ],
  };
  const decision = decide([sha, other], found, ['pull-request']);
  const readFrom: CommitsRead = {
    commits: [sha, other].map((c) => ({ sha: c, title: undefined, url: undefined })),
    from: 'input',
  };

  it('shows the verdict, who and why in the matrix and the comment, through the summary writer', async () => {
    const step = render(await read(env({ required: 'pull-request' })), readFrom, decision);
    const summary = step.summary?.toString() ?? '';
    expect(summary).toContain(
      "[✅ overridden as compliant by alice: 'hotfix approved by CAB'](https://app.example.test/override/1)",
    );
    expect(summary).toContain(
      "[❌ overridden as non-compliant by bob: '\\*\\*no\\*\\* review @\u200Bteam'](https://app.example.test/override/1)",
    );
    expect(summary).toContain('0 missing, 1 non-compliant. 2 decided by an override');
    expect(step.comment?.body()).toContain("overridden as compliant by alice: 'hotfix approved by CAB'");
  });

  it('the overridden failure fails the step, the annotation saying so; the overridden pass does not', async () => {
    const step = render(await read(env({ required: 'pull-request' })), readFrom, decision);
    expect(step.outcome).toBe('non-compliant');
    expect(step.outputs['non-compliant']).toEqual([{ commit: other, name: 'pull-request' }]);
    expect(ofLevel(step, 'error')[0]?.message).toBe(
      `Commit ${other}: the attestation 'pull-request' is non-compliant, overridden as non-compliant by bob: ` +
        "'**no** review @team' (https://app.example.test/override/1).",
    );
  });
});
