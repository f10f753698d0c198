/**
 * The gate's own inputs and what it renders, in-process: where the commits come from (a list, the pull request, a
 * range, since-deployed-in), the query and the required names; the verdict as the runner shows it (outputs,
 * annotations within GitHub's ten per level, the failure), the summary of many commits within GitHub's limits (1 MiB
 * for the job summary, 65,536 characters for the comment), and what a gate that could not check still says. The
 * shared readers are tested in test/context.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { action } from '../../../src/actions/check-attestations-for-commit/index.js';
import { decide } from '../../../src/actions/check-attestations-for-commit/decide.js';
import { readInputs, type CommitsRead } from '../../../src/actions/check-attestations-for-commit/inputs.js';
import {
  MATRIX_MAX,
  render,
  renderNothingChecked,
  renderSkipped,
} from '../../../src/actions/check-attestations-for-commit/render.js';
import { CommitAttestation } from '../../../src/api/schemas/index.js';
import { InputReader, type Env } from '../../../src/context/inputs.js';
import { InputError, NetworkError } from '../../../src/errors/errors.js';
import { errorStep, type StepResult } from '../../../src/runtime/step.js';
import { SUMMARY_LIMIT } from '../../../src/summary/writer.js';
import { useTempDirs } from '../../helpers/git.js';
import { TEST_TOKEN } from '../../helpers/secrets.js';

const { tempDir } = useTempDirs();
const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const HEAD = 'c'.repeat(40);

/** The gate's inputs as the runner passes them (a push of HEAD unless `github` says otherwise). */
function env(
  inputs: Record<string, string>,
  github: Env = { GITHUB_SHA: HEAD, GITHUB_EVENT_NAME: 'push' },
): Env {
  const all = {
    'api-url': 'https://compliance.example.com',
    'api-token': TEST_TOKEN,
    org: 'acme',
    ...inputs,
  };
  return {
    GITHUB_REPOSITORY: 'acme/app',
    ...github,
    ...Object.fromEntries(Object.entries(all).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])),
  };
}
const read = (e: Env) => readInputs(new InputReader(e), process.cwd());

/** A pull_request run whose payload names pull request #7. */
function pullRequestEnv(): Env {
  const file = join(tempDir('event-'), 'event.json');
  writeFileSync(file, JSON.stringify({ number: 7, pull_request: { number: 7, head: { sha: HEAD } } }));
  return { GITHUB_SHA: 'f'.repeat(40), GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: file };
}

async function inputError(run: () => Promise<unknown>): Promise<InputError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('no InputError');
}

describe('the commits to check', () => {
  it.each([
    [
      'the input, lowercased, each once',
      env({ commits: `${A.toUpperCase()}, ${B}\n${A}` }),
      { kind: 'input', commits: [A, B] },
    ],
    ['GITHUB_SHA on a push', env({}), { kind: 'github-sha', sha: HEAD }],
    [
      'the input over the pull request',
      env({ commits: A }, pullRequestEnv()),
      { kind: 'input', commits: [A] },
    ],
  ])('%s', async (_title, e, source) => {
    expect((await read(e)).source).toEqual(source);
  });

  it("the pull request's, on a pull_request event", async () => {
    expect((await read(env({}, pullRequestEnv()))).source).toMatchObject({
      kind: 'pull-request',
      pullRequest: { owner: 'acme', repo: 'app', number: 7, headSha: HEAD },
    });
  });

  it.each([
    [
      'never the merge commit of a pull_request event whose payload names no pull request',
      { GITHUB_SHA: HEAD, GITHUB_EVENT_NAME: 'pull_request' },
      "is required: this pull_request event's payload does not name the pull request",
    ],
    ['outside GitHub Actions', {}, 'is required outside GitHub Actions (no GITHUB_SHA)'],
    [
      'a GITHUB_SHA that is not a SHA',
      { GITHUB_SHA: 'main' },
      "is required: GITHUB_SHA ('main') is not a commit SHA",
    ],
  ])('asks for commits: %s', async (_title, github, problem) => {
    const error = await inputError(() => read(env({}, github)));
    expect(error.input).toBe('commits');
    expect(error.problem.slice(0, problem.length)).toBe(problem);
  });
});

describe('the query and the required names', () => {
  it('sends only the filters given; required names are one per line and may hold a comma', async () => {
    const inputs = await read(
      env({
        flow: 'backend',
        'attestation-type': 'custom:review',
        required: 'unit-tests\n\n sbom,v2 \nunit-tests',
      }),
    );
    expect(inputs.query).toEqual({ flow_name: 'backend', attestation_type: 'custom:review' });
    expect(inputs.required).toEqual(['unit-tests', 'sbom,v2']);
    expect(inputs.failOnNonCompliant).toBe(true);
    expect((await read(env({}))).query).toEqual({});
  });

  it('refuses a required name the name filter leaves out', async () => {
    const error = await inputError(() =>
      read(env({ 'attestation-name': 'unit-tests', required: 'unit-tests\nsbom' })),
    );
    expect(error.message).toContain(
      "'sbom' can never be found: attestation-name narrows the search to 'unit-tests'",
    );
  });
});

describe('a gate that could not check', () => {
  it('is never compliant, keeps what its inputs said, and updates its own comment', async () => {
    const inputs = await read(
      env({ commits: A, flow: 'backend', 'comment-on-pr': 'true', 'github-token': 'ghs_x' }),
    );
    const step = errorStep(action, inputs, new NetworkError('GET /x', 'refused'));
    expect(step).toMatchObject({
      outcome: 'error',
      outputs: { compliant: false, missing: [], 'non-compliant': [] },
      result: {
        compliant: false,
        from: 'input',
        commits: [{ sha: A }],
        query: { flow_name: 'backend' },
        error: { kind: 'network' },
      },
      comment: { key: 'check-attestations-for-commit/backend' },
    });
    expect(step.comment?.body()).toContain('### ⚠️ Compliance gate could not check');
  });

  it('comments nothing after bad input, and says compliant false even without inputs', () => {
    const step = errorStep(action, undefined, new InputError('commits', 'is required'));
    expect(step.comment).toBeUndefined();
    expect(step.outputs).toMatchObject({ compliant: false });
    expect(step.result).toMatchObject({ compliant: false, error: { kind: 'input' } });
  });
});

describe('the inputs of a range', () => {
  it('a range in commits, merges included unless include-merges is false', async () => {
    expect((await read(env({ commits: ' v1.2.0..HEAD ' }))).source).toEqual({
      kind: 'range',
      base: 'v1.2.0',
      head: 'HEAD',
      includeMerges: true,
    });
    expect((await read(env({ commits: 'v1..v2', 'include-merges': 'false' }))).source).toMatchObject({
      includeMerges: false,
    });
  });

  it('since-deployed-in: the environment, the name filters, on-no-base (default fail), the head', async () => {
    const source = (await read(env({ 'since-deployed-in': 'production', name: 'ghcr.io/acme/app\nworker*' })))
      .source;
    expect(source).toMatchObject({
      kind: 'since-deployed',
      environment: 'production',
      onNoBase: 'fail',
      head: 'c'.repeat(40),
      includeMerges: true,
    });
    expect(source.kind === 'since-deployed' && source.names.map((n) => n.source)).toEqual([
      'ghcr.io/acme/app',
      'worker*',
    ]);
    // Outside GitHub Actions the head is the checkout's HEAD.
    expect(
      (await read(env({ 'since-deployed-in': 'prod', flow: 'app', 'on-no-base': 'skip' }, {}))).source,
    ).toMatchObject({ head: 'HEAD', onNoBase: 'skip' });
  });

  it.each([
    [
      'since-deployed-in with commits',
      { 'since-deployed-in': 'prod', flow: 'app', commits: A },
      'since-deployed-in',
      'cannot be used with commits',
    ],
    [
      'since-deployed-in without flow or name',
      { 'since-deployed-in': 'prod' },
      'since-deployed-in',
      "cannot tell which of what runs in prod is this repository's",
    ],
    ['name without since-deployed-in', { name: 'app' }, 'name', 'is only read with since-deployed-in'],
    [
      'an environment name the API refuses',
      { 'since-deployed-in': 'prod env', flow: 'app' },
      'since-deployed-in',
      '',
    ],
    [
      'an on-no-base it does not know',
      { 'since-deployed-in': 'prod', flow: 'app', 'on-no-base': 'pass' },
      'on-no-base',
      '',
    ],
    ['a range written with three dots', { commits: 'v1...HEAD' }, 'commits', 'has three dots'],
    ['a revision that starts with -', { commits: '-v1..HEAD' }, 'commits', "starts with '-'"],
    [
      'include-merges that is not a boolean',
      { commits: 'v1..HEAD', 'include-merges': 'maybe' },
      'include-merges',
      '',
    ],
  ])('refuses %s', async (_title, inputs, input, problem) => {
    const error = await inputError(() => read(env(inputs)));
    expect(error.input).toBe(input);
    expect(error.problem).toContain(problem);
  });

  it('refuses a list of more than 5,000 commits, saying how many', async () => {
    const many = Array.from({ length: 5001 }, (_, i) => i.toString(16).padStart(40, '0')).join('\n');
    const error = await inputError(() => read(env({ commits: many })));
    expect(error.message).toBe(
      "Invalid input 'commits': lists 5,001 commits, more than the 5,000 one step checks. Expected at most 5,000 SHAs, " +
        'or the commits split over several steps.',
    );
    // 5,000 are taken.
    expect((await read(env({ commits: many.split('\n').slice(1).join('\n') }))).source).toMatchObject({
      kind: 'input',
    });
  });
});

describe('the summary of many commits', () => {
  const shas = (count: number) => Array.from({ length: count }, (_, i) => i.toString(16).padStart(40, '0'));
  const rangeRead = (commits: string[]): CommitsRead => ({
    commits: commits.map((sha, i) => ({
      sha,
      title: `Change ${i}: ${'a long subject line that fills the width of a commit title '.repeat(2)}`.slice(
        0,
        72,
      ),
      url: `https://github.com/acme/app/commit/${sha}`,
    })),
    from: 'range',
    range: { shown: 'v1..HEAD', head: commits[0] ?? '', bases: [B], includeMerges: true },
  });
  const passed = (sha: string) => [
    CommitAttestation.parse({
      attestation_name: 'unit-tests',
      attestation_type: 'junit',
      is_compliant: true,
    }),
    CommitAttestation.parse({
      attestation_name: 'sbom',
      attestation_type: 'generic',
      is_compliant: sha.endsWith('7') ? false : true,
    }),
  ];

  it(`up to ${MATRIX_MAX} commits, the matrix; past it, grouped by state, worst first`, async () => {
    const inputs = await read(env({ required: 'unit-tests\nsbom' }));
    const small = shas(MATRIX_MAX);
    const matrix = render(inputs, rangeRead(small), decide(small, {}, inputs.required));
    expect(matrix.summary?.toString()).toContain('| Commit | Result | unit-tests | sbom |');
    const many = shas(MATRIX_MAX + 1);
    const found = Object.fromEntries(many.slice(10).map((sha) => [sha, passed(sha)]));
    const grouped =
      render(inputs, rangeRead(many), decide(many, found, inputs.required)).summary?.toString() ?? '';
    expect(grouped).not.toContain('| Commit | Result |');
    expect(grouped.match(/^#### .*$/gm)).toEqual([
      '#### ❌ Non-compliant: 15 commit(s)',
      '#### ⚠️ Missing: 10 commit(s)',
      '#### ✅ Compliant: 232 commit(s)',
    ]);
    expect(grouped).toContain(
      `- [${many[0]?.slice(0, 7) ?? ''} Change 0: a long subject line that fills the width of a commit title a l](https://github.com/acme/app/commit/${many[0] ?? ''}): unit-tests missing, sbom missing`,
    );
    expect(grouped).toMatch(/^- \[0000000 Change 23: .*\): sbom non-compliant$/m);
    expect(grouped).toContain('257 commit(s) of v1..HEAD (bbbbbbb..0000000), newest first, merges included.');
  });

  it('5,000 commits: the summary under 1 MiB and the comment under 65,536 characters, counting what is left out', async () => {
    const inputs = await read(env({ required: 'unit-tests\nsbom' }));
    const commits = shas(5000);
    const step = render(inputs, rangeRead(commits), decide(commits, {}, inputs.required));
    const summary = step.summary?.toString() ?? '';
    expect(Buffer.byteLength(summary)).toBeLessThan(SUMMARY_LIMIT);
    expect(summary.match(/^- \[/gm)).toHaveLength(1000);
    expect(summary).toContain('#### ⚠️ Missing: 5000 commit(s)');
    expect(summary).toContain(
      '… and 4000 more, not shown here: every commit is in the `result-file` output.',
    );
    const comment = step.comment?.body() ?? '';
    expect(comment.length).toBeLessThanOrEqual(65_536);
    expect(comment.match(/^- \[/gm)).toHaveLength(100);
    expect(comment).toContain(
      "… and 4900 more, not shown here: every commit is in the run's job summary and the `result-file` output.",
    );
    // Every commit is in the result, whatever the summary shows.
    expect((step.result as { commits: unknown[] }).commits).toHaveLength(5000);
  });
});

describe('a range with nothing to check', () => {
  const note =
    'v1..HEAD has only merge commits (2), which include-merges: false leaves out: nothing was checked.';
  const empty: CommitsRead = {
    commits: [],
    from: 'range',
    range: { shown: 'v1..HEAD', head: A, bases: [B], includeMerges: false },
    note,
  };

  it('is never a pass: graded missing, it fails where fail-on lists missing (the default)', async () => {
    const step = renderNothingChecked(await read(env({ commits: 'v1..HEAD' })), empty);
    expect(step.outcome).toBe('non-compliant');
    expect(step.outputs).toEqual({ compliant: false, missing: [], 'non-compliant': [], 'would-fail': true });
    expect(step.result).toMatchObject({
      compliant: false,
      commits: [],
      note,
      wouldFail: true,
      nothingChecked: 'missing',
    });
    expect(step.failure).toBe(
      `Compliance gate tripped: ${note} Nothing checked is graded missing, which fails the step ` +
        '(fail-on: non-compliant, missing, unknown).',
    );
    expect(step.annotations).toBeUndefined();
    const summary = step.summary?.toString() ?? '';
    expect(summary.split('\n')[0]).toBe('### ❌ Compliance gate tripped: nothing checked');
    expect(summary).toContain(note);
    expect(summary).toContain('would-fail: true.');
  });

  it('warns where fail-on leaves missing out, or fail-on-non-compliant is false; still not compliant', async () => {
    for (const [inputs, why] of [
      [{ 'fail-on': 'non-compliant, unknown' }, 'fail-on is non-compliant, unknown'],
      [{ 'fail-on-non-compliant': 'false' }, 'fail-on-non-compliant is false'],
    ] as const) {
      const step = renderNothingChecked(await read(env({ commits: 'v1..HEAD', ...inputs })), empty);
      expect(step.failure).toBeUndefined();
      expect(step.outcome).toBe('non-compliant');
      expect(step.outputs).toMatchObject({ compliant: false, 'would-fail': true });
      expect(step.annotations).toEqual([
        {
          level: 'warning',
          title: 'Compliance gate',
          message: `${note} Nothing checked is graded missing, which only warns (${why}).`,
        },
      ]);
      expect(step.summary?.toString()).toContain(
        '### ❌ Compliance gate tripped (not failing the step): nothing checked',
      );
    }
  });

  it('skipped by on-no-base says it skipped, and does not fail', async () => {
    const skipped = renderSkipped(await read(env({ commits: 'v1..HEAD' })), { ...empty, note: 'No base.' });
    expect(skipped).toMatchObject({
      outcome: 'skipped',
      outputs: { compliant: false, 'would-fail': false },
      annotations: [{ level: 'warning', message: 'No base.' }],
    });
    expect(skipped.failure).toBeUndefined();
  });
});

const twelve = Array.from({ length: 12 }, (_, i) => i.toString(16).padStart(40, '0'));
const from = (note?: string): CommitsRead => ({
  commits: twelve.map((sha) => ({ sha, title: undefined, url: undefined })),
  from: 'pull-request',
  pullRequest: 7,
  ...(note !== undefined && { note }),
});
/** Twelve commits, none with the required attestation: twelve problems. */
const tripped = decide(twelve, {}, ['sbom']);
const ofLevel = (step: StepResult, level: string) =>
  (step.annotations ?? []).filter((a) => a.level === level);

describe('render', () => {
  it('a passing gate: outputs true, no failure, no annotation', async () => {
    const [sha = ''] = twelve;
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
      message: `Commit ${twelve[0] ?? ''}: the required attestation 'sbom' is missing.`,
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
  const [sha = '', other = ''] = twelve;
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
