/**
 * The gate over a range, in-process (issue 28): the inputs that choose a range or since-deployed-in, and the summary of
 * many commits grouped by state within GitHub's limits (1 MiB for the job summary, 65,536 characters for the comment).
 */
import { describe, expect, it } from 'vitest';
import { decide } from '../../../src/actions/check-attestations-for-commit/decide.js';
import {
  MATRIX_MAX,
  render,
  renderNothingChecked,
  renderSkipped,
} from '../../../src/actions/check-attestations-for-commit/render.js';
import type { CommitsRead } from '../../../src/actions/check-attestations-for-commit/inputs.js';
import { CommitAttestation } from '../../../src/api/schemas/index.js';
import { InputError } from '../../../src/errors/errors.js';
import { SUMMARY_LIMIT } from '../../../src/summary/writer.js';
import { A, B, env, read } from './env.js';

async function inputError(run: () => Promise<unknown>): Promise<InputError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('no InputError');
}

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
