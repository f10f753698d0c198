/**
 * check-attestations-for-commit with `review: never-alone`, run as a step in-process in one real git repository (a
 * commit per case of test/helpers/review.ts) against the sandbox: what the step decides, says and leaves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultOf, seedWith, withDeployed } from '../../helpers/check-attestations.js';
import { errors, expectStep, warnings } from '../../helpers/step-result.js';
import { onPullRequest, useFakeGitHub } from '../../helpers/github-api.js';
import { useInProcessAction } from '../../helpers/in-process.js';
import {
  FAILING_CASES,
  REVIEW_CASES,
  REVIEW_COUNTS,
  reviewRepo,
  reviewSeed,
  verdictOf,
  type ReviewCase,
} from '../../helpers/review.js';
import type { RunOptions } from '../../helpers/runner.js';
import { connection, observed, useSandbox } from '../../helpers/sandbox.js';
import type { AnswerProfile } from '@compliance-actions/sandbox/profile';
import { VERDICTS, type ReviewVerdict } from '../../../src/actions/check-attestations-for-commit/decide.js';
import { fastCommits, repoIn, useTempDirs } from '../../helpers/git.js';

const runAction = useInProcessAction();
const startSandbox = useSandbox();
const github = useFakeGitHub();
const { tempDir } = useTempDirs();

let dir = '';
let shas = {} as Record<ReviewCase, string>;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'review-'));
  ({ shas } = reviewRepo(dir));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const review = (url: string, inputs: Record<string, string>, options: RunOptions = {}) =>
  runAction('check-attestations-for-commit', {
    cwd: dir,
    ...options,
    inputs: {
      ...connection(url),
      review: 'never-alone',
      flow: 'app',
      ...inputs,
    },
  });
const seeded = (profile: AnswerProfile = 'full') => startSandbox({ seed: reviewSeed(shas), profile });
/** Each commit's verdict in `verdicts`, by SHA. */
const bySha = (verdicts: { commit: string; verdict: string }[]) =>
  Object.fromEntries(verdicts.map((v) => [v.commit, v.verdict]));
/** The verdicts of `cases`, by SHA. */
const verdictsOf = (cases: readonly ReviewCase[]) =>
  Object.fromEntries(cases.map((name) => [shas[name], verdictOf(name)]));
const short = (name: ReviewCase) => shas[name].slice(0, 7);
const commitLink = (name: ReviewCase) =>
  `[${short(name)} Change ${name}](https://github.com/acme/app/commit/${shas[name]})`;
const pull = (n: number) => `[#${n}](https://github.com/acme/app/pull/${n})`;

describe('review: never-alone over a release', () => {
  it('grades every commit, says so auditor first, fails on those not reviewed, and keeps the evidence', async () => {
    const sandbox = await seeded();
    const asked = observed(sandbox);
    const result = await review(sandbox.url, {
      commits: 'v1.0.0..HEAD',
      'exempt-authors': 'dependabot[bot]',
    });
    const failure =
      '::error::Review check tripped: 6 of 12 commits fail the review (1 rejected by an override, ' +
      '1 could not be checked, 1 self-approved, 1 approved by no one, 2 without a pull request).';
    expectStep(result, {
      code: 1,
      outputs: { outcome: 'non-compliant', compliant: 'false', 'would-fail': 'true', missing: '[]' },
      lists: {
        'non-compliant': [],
      },
      summary: [
        '### ❌ Review check tripped\n',
        '4 of 12 commits reviewed by someone else; 1 rejected by an override, 1 could not be checked, ' +
          '1 self-approved, 1 approved by no one, 2 without a pull request, 1 accepted by an override, ' +
          '1 exempt from review.',
        '12 commits of v1.0.0..HEAD (',
        'Each needs a pull request approved by someone other than its authors, unless written by ' +
          'dependabot\\[bot\\]. Narrowed to flow app.',
        '| Commit | Result | Pull request | Authors | Approvers | Why |',
        `| ${commitLink('self-approved')} | ❌ self-approved | ${pull(102)} | ann | Ann | approved only by its author Ann |`,
        `| ${commitLink('unreviewed')} | ❌ approved by no one | ${pull(103)} | ann | — | no approver |`,
        `| ${commitLink('direct-push')} | ⚠️ without a pull request | — | — | — | pushed without a pull request |`,
        `| ${commitLink('no-attestation')} | ⚠️ without a pull request | — | — | — | no pull-request attestation |`,
        `| ${commitLink('overridden-non-compliant')} | ❌ rejected by an override | ${pull(107)} | ann | — | ` +
          "overridden as non-compliant by alice: 'merged without review' |",
        `| ${commitLink('bot')} | ✅ exempt from review | ${pull(108)} | dependabot\\[bot\\] | — | ` +
          'authored by dependabot\\[bot\\], exempt from review |',
        '<details><summary>4 commits reviewed by someone else</summary>',
        `| ${commitLink('second-attestation')} | ${pull(105)} | bob, cat |`,
        `| ${commitLink('duplicate-approver')} | ${pull(109)} | bob |`,
      ],
    });
    expect(errors(result)).toHaveLength(7);
    expect(errors(result)).toContain(failure);
    expect(errors(result)).toContain(
      `::error title=Review check::Commit ${shas['self-approved']} (self-approved): approved only by its author Ann ` +
        '(https://github.com/acme/app/pull/102).',
    );
    // The evidence: every commit's verdict, with its pull request, authors and approvers.
    const saved = resultOf(result) as unknown as {
      review: Record<string, unknown> & { verdicts: { commit: string; verdict: string }[] };
    };
    expect(bySha(saved.review.verdicts)).toEqual(verdictsOf(REVIEW_CASES));
    expect(saved.review).toMatchObject({ rule: 'never-alone', exemptAuthors: ['dependabot[bot]'] });
    expect(saved.review.verdicts.find((v) => v.commit === shas.reviewed)).toEqual({
      commit: shas.reviewed,
      verdict: 'reviewed',
      reason: 'approved by bob, cat',
      pullRequest: 'https://github.com/acme/app/pull/100',
      authors: ['ann'],
      approvers: ['bob', 'cat'],
    });
    expect(JSON.parse(result.outputs.review ?? '')).toEqual(REVIEW_COUNTS);
    expect(bySha(JSON.parse(result.outputs.unreviewed ?? '') as ReviewVerdict[])).toEqual(
      verdictsOf(FAILING_CASES),
    );
    expect(result.outputs['unreviewed-truncated']).toBe('false');
    // One question to the service: the pull_request attestations of flow app.
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('flow_name=app');
    expect(asked[0]).toContain('attestation_type=pull_request');
  });

  it('grades every commit alike on minimal answers, which keep what the verdicts rest on', async () => {
    const sandbox = await seeded('minimal');
    const result = await review(sandbox.url, {
      commits: 'v1.0.0..HEAD',
      'exempt-authors': 'dependabot[bot]',
    });
    expect(result.code).toBe(1);
    const saved = (resultOf(result) as unknown as { review: { verdicts: ReviewVerdict[] } }).review;
    expect(saved).toMatchObject({ rule: 'never-alone', exemptAuthors: ['dependabot[bot]'] });
    expect(bySha(saved.verdicts)).toEqual(verdictsOf(REVIEW_CASES));
    expect(JSON.parse(result.outputs.review ?? '')).toEqual(REVIEW_COUNTS);
    expect(bySha(JSON.parse(result.outputs.unreviewed ?? '') as ReviewVerdict[])).toEqual(
      verdictsOf(FAILING_CASES),
    );
    expect(result.outputs['unreviewed-truncated']).toBe('false');
  });

  it('passes when every commit is reviewed, the proof folded', async () => {
    const { url } = await seeded();
    const reviewed: ReviewCase[] = ['reviewed', 'reviewed-one', 'second-attestation', 'duplicate-approver'];
    const result = await review(url, { commits: reviewed.map((name) => shas[name]).join('\n') });
    expectStep(result, {
      code: 0,
      outputs: { outcome: 'compliant', compliant: 'true', 'would-fail': 'false', unreviewed: '[]' },
      errors: [],
      warnings: [],
      summary: [
        '### ✅ Review check passed\n',
        '4 of 4 commits reviewed by someone else.\n',
        '<details><summary>4 commits reviewed by someone else</summary>',
      ],
      stdout: ['Review check passed: 4 commits checked.'],
    });
    expect(result.summary).not.toContain('| Why |');
    // GitHub renders a table inside <details> only with a blank line after <summary> and before </details>.
    expect(result.summary).toMatch(
      /<\/summary>\n\n+\| Commit \| Pull request \| Approvers \|\n(\|.*\|\n)+\n+<\/details>/,
    );
  });

  it("on a pull request, reviews the pull request's commits and keeps its verdict in the sticky comment", async () => {
    const { url } = await seeded();
    const listed = (['self-approved', 'reviewed'] as const).map((name) => ({
      sha: shas[name],
      message: name,
    }));
    const api = await github({ pulls: { 7: listed } });
    const result = await review(url, { 'comment-on-pr': 'true' }, onPullRequest(api, shas.reviewed));
    expectStep(result, { code: 1, saved: { from: 'pull-request', pullRequest: 7 } });
    const body = api.comments.get(7)?.[0]?.body ?? '';
    expect(body).toContain('### ❌ Review check tripped');
    expect(body).toContain(
      '2 commits of pull request #7. Each needs a pull request approved by someone other',
    );
    expect(body).toContain('1 of 2 commits reviewed by someone else; 1 self-approved.');
  });

  it('since-deployed-in: reviews the commits since what runs there, and says what runs', async () => {
    const seed = withDeployed(reviewSeed(shas), [
      { name: 'acme/app', commit: shas['overridden-non-compliant'] },
    ]);
    const { url } = await startSandbox({ seed });
    const result = await review(url, {
      'since-deployed-in': 'app-prod',
      'exempt-authors': 'dependabot[bot]',
    });
    expectStep(result, {
      code: 1,
      summary: [
        '1 of 3 commits reviewed by someone else; 1 could not be checked, 1 exempt from review.',
        '3 commits since what runs in app-prod (',
        '1 artifact runs in app-prod (app-prod#1), 1 of this repository:',
        `| ${commitLink('no-pull-requests-field')} | ❔`,
      ],
    });
    expect(resultOf(result)).toMatchObject({ from: 'since-deployed', deployed: { environment: 'app-prod' } });
  });

  it('fail-on picks the grades that fail the step; the others warn, in the words of the table', async () => {
    const { url } = await seeded();
    const commits = [shas['self-approved'], shas['no-pull-requests-field']].join(',');
    const unknownOnly = await review(url, { commits, 'fail-on': 'unknown' });
    expectStep(unknownOnly, {
      code: 1,
      outputs: { 'would-fail': 'true' },
      summary: [
        '### ❌ Review check tripped\n',
        '1 commit fails this step (could not be checked); it is set to warn, not fail, on 1 more (self-approved).',
      ],
    });
    expect(errors(unknownOnly).at(-1)).toBe(
      '::error::Review check tripped: 2 of 2 commits fail the review (1 could not be checked, ' +
        '1 self-approved). The step is set to warn, not fail, on 1 of these (self-approved).',
    );
    const none = await review(url, { commits, 'fail-on': 'none' });
    expectStep(none, {
      code: 0,
      outputs: { outcome: 'non-compliant', 'would-fail': 'true' },
      errors: [],
      summary: [
        '### ❌ Review check found problems (set to warn, not fail)\n',
        'This step is set to warn, not fail, on 2 commits (1 could not be checked, 1 self-approved).',
      ],
    });
    expect(none.summary).not.toContain('fails this step');
    expect(warnings(none).at(-1)).toBe(
      '::warning::Review check found problems (set to warn, not fail): 2 of 2 commits fail the review ' +
        '(1 could not be checked, 1 self-approved).',
    );
  });

  it('groups a long list by verdict, each commit linked, rather than a table of hundreds', async () => {
    const { url } = await seeded();
    const unknown = Array.from({ length: 300 }, (_, i) => i.toString(16).padStart(4, '0').padEnd(40, 'e'));
    const result = await review(url, { commits: [shas.reviewed, ...unknown].join('\n') });
    expectStep(result, {
      code: 1,
      summary: [
        '1 of 301 commits reviewed by someone else; 300 without a pull request.',
        '#### ⚠️ Without a pull request: 300 commits',
        `- [0000eee](https://github.com/acme/app/commit/${unknown[0] ?? ''}): no pull-request attestation`,
        '#### ✅ Reviewed by someone else: 1 commit',
      ],
    });
    expect(result.summary).not.toContain('| Commit |');
  });

  // The chunks of 100 and the four in flight: test/api/client.test.ts.
  it('5,000 commits: every verdict kept, the summary grouped under 1 MiB', async () => {
    const r = repoIn(tempDir('review-5000-'));
    r.git('tag', 'v1.0.0', fastCommits(r, 1, { message: () => 'Root' })[0] ?? '');
    const many = fastCommits(r, 5000, { start: 1793600100 });
    // Each approved by bob, but five by their author alone.
    const self = many.filter((_, i) => i % 1000 === 7);
    const seed = seedWith(
      ...many.map((sha, i) => ({
        id: `${sha.slice(0, 8)}-0000-4000-8000-${String(i).padStart(8, '0')}`,
        flow: 'app',
        trail: sha,
        name: 'pull-request',
        type: 'pull_request',
        git_commit: sha,
        is_compliant: true,
        created_at: 1793700000 + i,
        pull_requests: [
          {
            url: `https://github.com/acme/app/pull/${i + 1}`,
            approvers: [{ username: self.includes(sha) ? 'ann' : 'bob' }],
            commits: [{ sha1: sha, author_username: 'ann' }],
          },
        ],
      })),
    );
    seed.orgs.demo.flows.push({ name: 'app' });
    const { url } = await startSandbox({ seed });
    const result = await review(url, { commits: 'v1.0.0..HEAD' }, { cwd: r.dir });
    expect(result.code).toBe(1);
    expect((resultOf(result) as unknown as { review: { verdicts: unknown[] } }).review.verdicts).toHaveLength(
      5000,
    );
    const zero = Object.fromEntries(Object.keys(VERDICTS).map((v) => [v, 0]));
    expect(JSON.parse(result.outputs.review ?? '')).toEqual({ ...zero, reviewed: 4995, 'self-approved': 5 });
    const unreviewed = JSON.parse(result.outputs.unreviewed ?? '') as ReviewVerdict[];
    expect(unreviewed.map((u) => u.commit).sort()).toEqual(self.sort());
    expect(result.summary.match(/^#### .*$/gm)).toEqual([
      '#### ❌ Self-approved: 5 commits',
      '#### ✅ Reviewed by someone else: 4995 commits',
    ]);
    expect(Buffer.byteLength(result.summary)).toBeLessThan(1024 * 1024);
  });
});
