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
  renderUnchecked,
} from '../../../src/actions/check-attestations-for-commit/render.js';
import type { CommitAttestation } from '../../../src/api/schemas/index.js';
import { InputReader, type Env } from '../../../src/context/inputs.js';
import { InputError, NetworkError } from '../../../src/errors/errors.js';
import { errorStep, type StepResult } from '../../../src/runtime/step.js';
import { SUMMARY_LIMIT } from '../../../src/summary/writer.js';
import { useTempDirs } from '../../helpers/git.js';
import { CONNECTION, inputEnv } from '../../helpers/inputs.js';
import { at } from '../../helpers/attestation.js';

const { tempDir } = useTempDirs();
const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const HEAD = 'c'.repeat(40);

/** The gate's inputs as the runner passes them (a push of HEAD unless `github` says otherwise). */
const env = (inputs: Record<string, string>, github: Env = { GITHUB_SHA: HEAD, GITHUB_EVENT_NAME: 'push' }) =>
  inputEnv({ ...CONNECTION, ...inputs }, { GITHUB_REPOSITORY: 'acme/app', ...github });
const read = (e: Env) => readInputs(new InputReader(e), process.cwd());

/** A pull_request run whose payload names pull request #7. */
function pullRequestEnv(): Env {
  const file = join(tempDir('event-'), 'event.json');
  writeFileSync(file, JSON.stringify({ number: 7, pull_request: { number: 7, head: { sha: HEAD } } }));
  return { GITHUB_SHA: 'f'.repeat(40), GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: file };
}

const many = (count: number) => Array.from({ length: count }, (_, i) => i.toString(16).padStart(40, '0'));

describe('the commits to check', () => {
  it.each([
    [
      'the input, lowercased, each once',
      env({ commits: `${A.toUpperCase()}, ${B}\n${A}` }),
      { kind: 'input', commits: [A, B] },
    ],
    [
      '5,000 commits, the most one step checks',
      env({ commits: many(5000).join('\n') }),
      { kind: 'input', commits: many(5000) },
    ],
    ['GITHUB_SHA on a push', env({}), { kind: 'github-sha', sha: HEAD }],
    [
      'the input over the pull request',
      env({ commits: A }, pullRequestEnv()),
      { kind: 'input', commits: [A] },
    ],
    [
      'a range in commits, merges included',
      env({ commits: ' v1.2.0..HEAD ' }),
      { kind: 'range', base: 'v1.2.0', head: 'HEAD', includeMerges: true },
    ],
    [
      'a range, merges left out by include-merges false',
      env({ commits: 'v1..v2', 'include-merges': 'false' }),
      { kind: 'range', base: 'v1', head: 'v2', includeMerges: false },
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
});

describe('a bad input, named with the expected form', () => {
  it.each([
    [
      'no commits on a pull_request event whose payload does not name the pull request (not the merge commit)',
      {},
      "Invalid input 'commits': is required: this pull_request event's payload does not name the pull request",
      { GITHUB_SHA: HEAD, GITHUB_EVENT_NAME: 'pull_request' },
    ],
    [
      'no commits outside GitHub Actions',
      {},
      "Invalid input 'commits': is required outside GitHub Actions (no GITHUB_SHA)",
      {},
    ],
    [
      'no commits, and a GITHUB_SHA that is not a SHA',
      {},
      "Invalid input 'commits': is required: GITHUB_SHA ('main') is not a commit SHA",
      { GITHUB_SHA: 'main' },
    ],
    [
      'a commit that is not a SHA',
      { commits: `${A}\nmain` },
      "Invalid input 'commits': ('main') is not valid. Expected 40 lowercase hexadecimal characters (a full git commit SHA), one per line or comma-separated.",
    ],
    [
      'more than 5,000 commits, saying how many',
      { commits: many(5001).join('\n') },
      "Invalid input 'commits': lists 5,001 commits, more than the 5,000 one step checks. Expected at most 5,000 SHAs, " +
        'or the commits split over several steps.',
    ],
    [
      'a value no attestation type can have',
      { 'attestation-type': 'JUnit tests' },
      "Invalid input 'attestation-type': 'JUnit tests' is not valid. Expected one of generic, junit, snyk, sonar, jira, pull_request, override, system:decision, or custom:<name>",
    ],
    [
      'a bad required name',
      { required: 'unit-tests\nsnyk scan' },
      'Invalid input \'required\': line 2 (\'snyk scan\') is not valid. Expected letters, digits, "-", "_" or ",", one per line.',
    ],
    [
      'a required name the name filter leaves out',
      { 'attestation-name': 'unit-tests', required: 'unit-tests\nsbom' },
      "'sbom' can never be found: attestation-name narrows the search to 'unit-tests'",
    ],
    [
      'since-deployed-in with commits',
      { 'since-deployed-in': 'prod', flow: 'app', commits: A },
      "Invalid input 'since-deployed-in': cannot be used with commits",
    ],
    [
      'since-deployed-in without flow or name',
      { 'since-deployed-in': 'prod' },
      "Invalid input 'since-deployed-in': cannot tell which of what runs in prod is this repository's",
    ],
    [
      'name without since-deployed-in',
      { name: 'app' },
      "Invalid input 'name': is only read with since-deployed-in",
    ],
    [
      'an environment name the API refuses',
      { 'since-deployed-in': 'prod env', flow: 'app' },
      "Invalid input 'since-deployed-in': ",
    ],
    [
      'an on-no-base it does not know',
      { 'since-deployed-in': 'prod', flow: 'app', 'on-no-base': 'pass' },
      "Invalid input 'on-no-base': ",
    ],
    [
      'include-merges that is not a boolean',
      { commits: 'v1..HEAD', 'include-merges': 'maybe' },
      "Invalid input 'include-merges': ",
    ],
  ])('refuses %s', async (_title, inputs: Record<string, string>, message, github?: Env) => {
    const error: unknown = await read(env(inputs, github)).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toContain(message);
  });
});

describe('review: never-alone, its inputs', () => {
  const review = (inputs: Record<string, string>) =>
    read(env({ review: 'never-alone', flow: 'app', commits: A, ...inputs }));

  it.each([
    ['a username in any case', 'DEPENDABOT[bot]', true],
    ['a pattern of the whole username, any case', '/.*\\[BOT\\]/', true],
    ['a pattern matching only part of the username', '/bot/', false],
    ['no exempt author', '', false],
  ])('exempt-authors, %s: exempts dependabot[bot] %s', async (_title, exempt, exempts) => {
    const { review: rule } = await review({ 'exempt-authors': exempt });
    expect(rule?.exemptAuthors.matches('dependabot[bot]')).toBe(exempts);
  });

  it.each([
    [{ review: 'sometimes' }, "Invalid input 'review': 'sometimes' is not one of the accepted values"],
    [{ required: 'unit-tests' }, "Invalid input 'required': is not read with review: never-alone"],
    [
      { 'attestation-type': 'junit' },
      "Invalid input 'attestation-type': is not read with review: never-alone",
    ],
    [{ 'attestation-name': 'pr' }, "Invalid input 'attestation-name': is not read with review: never-alone"],
    [{ review: '', 'exempt-authors': 'bot' }, "Invalid input 'exempt-authors': is only read with review"],
    [
      { review: '', 'fail-on': 'self-approved' },
      "Invalid input 'fail-on': 'self-approved' is a grade of the review rule, which only check-attestations-for-commit applies",
    ],
    [{ 'fail-on': 'approved' }, "Invalid input 'fail-on': 'approved' is not a grade"],
    [
      { 'exempt-authors': '/(/' },
      "Invalid input 'exempt-authors': '/(/' is not a usable regular expression: missing closing )",
    ],
    [{ review: '', 'exempt-authors': '/(/' }, "Invalid input 'exempt-authors': is only read with review"],
    [
      { 'exempt-authors': '/bot/i' },
      "Invalid input 'exempt-authors': '/bot/i' starts with / but is not a pattern between slashes",
    ],
    [
      { 'exempt-authors': 'dependabot[bot]\n/.*/' },
      "Invalid input 'exempt-authors': '/.*/' matches an empty username: it would exempt every author",
    ],
    [
      { 'exempt-authors': '/a(?=b)/' },
      "Invalid input 'exempt-authors': '/a(?=b)/' is not a usable regular expression: lookahead",
    ],
  ])('refuses %j', async (inputs, message) => {
    await expect(review(inputs)).rejects.toThrow(message);
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

  it('with review: could not check the reviews, with a comment of its own beside the gate of the same flow', async () => {
    const inputs = await read(env({ commits: A, review: 'never-alone', flow: 'app' }));
    const step = errorStep(action, inputs, new NetworkError('GET /x', 'refused'));
    expect(step).toMatchObject({
      result: { review: 'never-alone', query: { flow_name: 'app', attestation_type: 'pull_request' } },
      comment: { key: 'check-attestations-for-commit/never-alone/app' },
    });
    expect(step.comment?.body()).toContain('### ⚠️ Could not check the reviews');
  });
});

describe('a gate that checks no commit', () => {
  it('a range without commits: its comment says nothing was checked', async () => {
    const inputs = await read(env({ commits: 'v1..v2' }));
    const note = 'v1..v2 has no commits: nothing was checked.';
    const step = renderUnchecked(inputs, { commits: [], from: 'range', note });
    expect(step.comment?.body()).toContain(`### ❌ Compliance gate tripped: nothing checked\n\n${note}`);
  });

  it('a pull request whose commits cannot be read and whose event names no head: an input error', async () => {
    const e = pullRequestEnv();
    writeFileSync(e.GITHUB_EVENT_PATH ?? '', JSON.stringify({ number: 7, pull_request: { number: 7 } }));
    const inputs = await read(env({}, { ...e, GITHUB_SHA: '' }));
    await expect(action.run(inputs)).rejects.toThrow(
      'the commits of pull request #7 could not be read (no github-token) and the event names no head commit',
    );
  });
});

describe('the summary of many commits', () => {
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
  const passed = (sha: string) => [at('unit-tests', true), at('sbom', !sha.endsWith('7'))];

  it(`up to ${MATRIX_MAX} commits, the matrix; past it, grouped by state, worst first`, async () => {
    const inputs = await read(env({ required: 'unit-tests\nsbom' }));
    const small = many(MATRIX_MAX);
    const matrix = render(inputs, rangeRead(small), decide(small, {}, inputs.required));
    expect(matrix.summary?.toString()).toContain('| Commit | Result | unit-tests | sbom |');
    const past = many(MATRIX_MAX + 1);
    const found = Object.fromEntries(past.slice(10).map((sha) => [sha, passed(sha)]));
    const grouped =
      render(inputs, rangeRead(past), decide(past, found, inputs.required)).summary?.toString() ?? '';
    expect(grouped).not.toContain('| Commit | Result |');
    expect(grouped.match(/^#### .*$/gm)).toEqual([
      '#### ❌ Non-compliant: 15 commits',
      '#### ⚠️ Missing: 10 commits',
      '#### ✅ Compliant: 232 commits',
    ]);
    expect(grouped).toContain(
      `- [${past[0]?.slice(0, 7) ?? ''} Change 0: a long subject line that fills the width of a commit title a l](https://github.com/acme/app/commit/${past[0] ?? ''}): unit-tests missing, sbom missing`,
    );
    expect(grouped).toMatch(/^- \[0000000 Change 23: .*\): sbom non-compliant$/m);
    expect(grouped).toContain('257 commits of v1..HEAD (bbbbbbb..0000000), newest first, merges included.');
  });

  it('5,000 commits: the summary under 1 MiB and the comment under 65,536 characters, counting what is left out', async () => {
    const inputs = await read(env({ required: 'unit-tests\nsbom' }));
    const commits = many(5000);
    const step = render(inputs, rangeRead(commits), decide(commits, {}, inputs.required));
    const summary = step.summary?.toString() ?? '';
    expect(Buffer.byteLength(summary)).toBeLessThan(SUMMARY_LIMIT);
    expect(summary.match(/^- \[/gm)).toHaveLength(1000);
    expect(summary).toContain('#### ⚠️ Missing: 5000 commits');
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

const ofLevel = (step: StepResult, level: string) =>
  (step.annotations ?? []).filter((a) => a.level === level);

describe('render', () => {
  it('not failing: at most ten warnings, the note and a possible comment warning counted, the last saying it is set to warn', async () => {
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
    // Twelve commits of the pull request, none with the required attestation: twelve problems.
    const twelve = many(12);
    const commits: CommitsRead = {
      commits: twelve.map((sha) => ({ sha, title: undefined, url: undefined })),
      from: 'pull-request',
      pullRequest: 7,
      note: 'a note',
    };
    const step = render(inputs, commits, decide(twelve, {}, ['sbom']));
    expect(step.failure).toBeUndefined();
    const warnings = ofLevel(step, 'warning');
    // The note, seven problems, the verdict: nine, and room for GitHub's refusal of the comment.
    expect(warnings).toHaveLength(9);
    expect(warnings[0]?.message).toBe('a note');
    expect(warnings.at(-1)?.message).toBe(
      'Compliance gate found problems (set to warn, not fail): 12 missing and 0 non-compliant attestations in 12 commits (5 more in the job summary).',
    );
    expect(ofLevel(step, 'error')).toEqual([]);
  });
});

describe('render: an overridden requirement', () => {
  const [sha = '', other = '', bare = '', twice = ''] = many(4);
  const report = (verdict: boolean) => at('pull-request', verdict, { created_at: 100 });
  const override = (verdict: boolean, extra: Partial<CommitAttestation>) =>
    at('pull-request', verdict, {
      attestation_type: 'override',
      created_at: 200,
      html_url: 'https://app.example.test/override/1',
      ...extra,
    });
  const found = {
    [sha]: [report(false), override(true, { reported_by: 'alice', description: 'hotfix approved by CAB' })],
    // The service's text: markup and a mention are escaped by the summary writer.
    [other]: [report(true), override(false, { reported_by: 'bob', description: '**no** review @team' })],
    // An answer with no who, why or link (only shown): the verdict alone, linked to the commit.
    [bare]: [report(false), override(true, { html_url: null })],
    // Two failures, neither said where it was made, and no override: the cell links the newer.
    [twice]: [
      at('pull-request', false, { created_at: 100, html_url: 'https://app.example.test/report/old' }),
      at('pull-request', false, { created_at: 300, html_url: 'https://app.example.test/report/new' }),
    ],
  };
  const decision = decide([sha, other, bare, twice], found, ['pull-request']);
  const readFrom: CommitsRead = {
    commits: [sha, other, bare, twice].map((c) => ({ sha: c, title: undefined, url: undefined })),
    from: 'input',
  };

  it('shows the verdict, who and why in the matrix, the comment and the annotation; only the failure fails', async () => {
    const step = render(await read(env({ required: 'pull-request' })), readFrom, decision);
    const summary = step.summary?.toString() ?? '';
    // Through the summary writer: the service's markup and mention escaped.
    expect(summary).toContain(
      "[✅ overridden as compliant by alice: 'hotfix approved by CAB'](https://app.example.test/override/1)",
    );
    expect(summary).toContain(
      "[❌ overridden as non-compliant by bob: '\\*\\*no\\*\\* review @\u200Bteam'](https://app.example.test/override/1)",
    );
    expect(summary).toContain(`[✅ overridden as compliant](https://github.com/acme/app/commit/${bare})`);
    expect(summary).toContain('[❌ non-compliant](https://app.example.test/report/new)');
    expect(summary).toContain('0 missing, 2 non-compliant. 3 decided by an override');
    expect(step.comment?.body()).toContain("overridden as compliant by alice: 'hotfix approved by CAB'");
    expect(step.outcome).toBe('non-compliant');
    expect(step.outputs['non-compliant']).toEqual([
      { commit: other, name: 'pull-request' },
      { commit: twice, name: 'pull-request' },
    ]);
    expect(ofLevel(step, 'error')[0]?.message).toBe(
      `Commit ${other}: the attestation 'pull-request' is non-compliant, overridden as non-compliant by bob: ` +
        "'**no** review @team' (https://app.example.test/override/1).",
    );
  });
});
