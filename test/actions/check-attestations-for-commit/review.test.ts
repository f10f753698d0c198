/**
 * The never-alone review, in-process: a table of what the service answers for one commit and the verdict it must
 * give. Each row would fail on a rule that counts a review it must not (or misses one it must see).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/runner.js';
import { CommitAttestation } from '../../../src/api/schemas/index.js';
import { decideReview, reviewCommit } from '../../../src/actions/check-attestations-for-commit/decide.js';

const SHA = 'c'.repeat(40);
const OTHER = 'd'.repeat(40);
const PR = 'https://github.com/acme/app/pull/7';

type Json = Record<string, unknown>;
/** A pull request: approvers and commit authors by username; `null` leaves the list out of the answer. */
function pr(approvers: string[] | null, authors: (string | null)[] | null, extra: Json = {}): Json {
  return {
    url: PR,
    state: 'MERGED',
    ...(approvers !== null && { approvers: approvers.map((username) => ({ username })) }),
    ...(authors !== null && {
      commits: authors.map((a, i) => ({
        sha1: i === 0 ? SHA : OTHER,
        ...(a !== null && { author_username: a }),
      })),
    }),
    ...extra,
  };
}
/** A pull_request attestation, through the schema as the client reads it; `null` leaves pull_requests out. */
function attestation(prs: Json[] | null, extra: Json = {}) {
  return CommitAttestation.parse({
    attestation_name: 'pull-request',
    attestation_type: 'pull_request',
    is_compliant: true,
    flow_name: 'app',
    trail_name: SHA,
    created_at: 100,
    ...(prs !== null && { pull_requests: prs }),
    ...extra,
  });
}
const override = (isCompliant: boolean | null, created = 200) =>
  CommitAttestation.parse({
    attestation_name: 'pull-request',
    attestation_type: 'override',
    ...(isCompliant !== null && { is_compliant: isCompliant }),
    flow_name: 'app',
    trail_name: SHA,
    created_at: created,
    reported_by: 'carol',
    description: 'hotfix agreed in the incident review',
  });
const noExempt = () => false;
const REJECTED = "overridden as non-compliant by carol: 'hotfix agreed in the incident review'";
const bots = (name: string) => /\[bot\]$/i.test(name);

describe('reviewCommit: one commit', () => {
  it.each([
    [
      'two distinct approvers',
      [attestation([pr(['bob', 'dan'], ['ann'])])],
      'reviewed',
      'approved by bob, dan',
    ],
    [
      'one approver who authored none of the commits',
      [attestation([pr(['bob'], ['ann', 'eve'])])],
      'reviewed',
      'approved by bob, who authored none of its commits',
    ],
    [
      'one approver, the same name spelled twice (trimmed, any case)',
      [attestation([pr(['bob', ' Bob '], ['ann'])])],
      'reviewed',
      'approved by bob, who authored none of its commits',
    ],
    [
      'the only approver authored a commit (trimmed, any case)',
      [attestation([pr([' Ann '], ['ann'])])],
      'self-approved',
      'approved only by its author Ann',
    ],
    [
      'the only approver authored another commit of the pull request',
      [attestation([pr(['eve'], ['ann', 'EVE'])])],
      'self-approved',
      'approved only by its author eve',
    ],
    ['a pull request without an approver', [attestation([pr([], ['ann'])])], 'unreviewed', 'no approver'],
    [
      'a direct push (no pull request)',
      [attestation([])],
      'no-pull-request',
      'pushed without a pull request',
    ],
    ['no attestation at all', [], 'no-pull-request', 'no pull-request attestation'],
    [
      'an answer without pull_requests',
      [attestation(null)],
      'unknown',
      'the answer does not say which pull requests it has',
    ],
    [
      'a pull request without its approvers',
      [attestation([pr(null, ['ann'])])],
      'unknown',
      'the answer does not list its approvers',
    ],
    [
      'an approver without a username',
      [attestation([pr(['bob'], ['ann'], { approvers: [{ username: 'bob' }, {}] })])],
      'unknown',
      'the answer lists an approver without a username',
    ],
    [
      'one approver and a commit without its author',
      [attestation([pr(['bob'], ['ann', null])])],
      'unknown',
      'approved by bob alone; the answer does not name every author',
    ],
    [
      'one approver and no commits listed',
      [attestation([pr(['bob'], null)])],
      'unknown',
      'approved by bob alone; the answer does not name every author',
    ],
    [
      'one approver and an empty list of commits (a pull request has at least one)',
      [attestation([pr(['bob'], [])])],
      'unknown',
      'approved by bob alone; the answer does not name every author',
    ],
    [
      'two approvers, even with a commit without its author',
      [attestation([pr(['bob', 'dan'], [null])])],
      'reviewed',
      'approved by bob, dan',
    ],
    [
      'reviewed only in its second attestation',
      [
        attestation([pr([], ['ann'])]),
        attestation([pr(['bob'], ['ann'], { url: `${PR}0` })], { attestation_name: 'pr-2' }),
      ],
      'reviewed',
      'approved by bob, who authored none of its commits',
    ],
    [
      'reviewed only in its second pull request',
      [attestation([pr([], ['ann']), pr(['bob', 'dan'], ['ann'], { url: `${PR}0` })])],
      'reviewed',
      'approved by bob, dan',
    ],
    [
      'self-approved in one pull request, no data in another: unknown first',
      [attestation([pr(['ann'], ['ann']), pr(null, ['ann'])])],
      'unknown',
      'the answer does not list its approvers',
    ],
    [
      'self-approved before unreviewed',
      [attestation([pr([], ['ann']), pr(['ann'], ['ann'])])],
      'self-approved',
      'approved only by its author ann',
    ],
    [
      'an override as compliant over an unreviewed pull request',
      [attestation([pr([], ['ann'])]), override(true)],
      'overridden-compliant',
      "overridden as compliant by carol: 'hotfix agreed in the incident review'",
    ],
    [
      'an override as non-compliant over an unreviewed pull request',
      [attestation([pr([], ['ann'])]), override(false)],
      'overridden-non-compliant',
    ],
    [
      'an override without a verdict',
      [attestation([pr([], ['ann'])]), override(null)],
      'unknown',
      "overridden, no verdict by carol: 'hotfix agreed in the incident review'",
    ],
    [
      'an override older than the attestation does not hide it',
      [attestation([pr([], ['ann'])]), override(true, 50)],
      'unreviewed',
      'no approver',
    ],
    [
      'an acceptance does not outweigh a newer report of its trail, which it does not stand for',
      [
        attestation([pr(['bob'], ['ann'])]),
        override(true),
        attestation([pr([], ['ann'])], { created_at: 300 }),
      ],
      'unreviewed',
      'no approver',
    ],
    [
      'a rejection decides over a newer report it does not stand for',
      [attestation([pr([], ['ann'])]), override(false), attestation([], { created_at: 300 })],
      'overridden-non-compliant',
    ],
    [
      'a look-alike of the author (fullwidth letters, a zero-width space) is the author',
      [attestation([pr(['ａnn\u200b'], ['ann'])])],
      'self-approved',
      'approved only by its author ann',
    ],
    [
      'a review in another attestation outweighs an override as non-compliant',
      [
        attestation([pr([], ['ann'])]),
        override(false),
        attestation([pr(['bob', 'dan'], ['ann'])], { attestation_name: 'pr-2' }),
      ],
      'reviewed',
      'approved by bob, dan',
    ],
    [
      'an override of another trail that stands for nothing does not decide',
      [
        attestation([pr([], ['ann'])]),
        override(false),
        // Of trail t2, where nothing was reported before it.
        { ...override(true, 300), trail_name: 't2' },
      ],
      'overridden-non-compliant',
    ],
    [
      'an override older than the report of its own trail does not decide',
      [
        attestation([pr([], ['ann'])]),
        override(false),
        { ...override(true, 300), trail_name: 't2' },
        attestation([pr([], ['ann'], { url: `${PR}2` })], { trail_name: 't2', created_at: 400 }),
      ],
      'overridden-non-compliant',
    ],
    [
      'of two overrides that stand for a report each, the one that rejects decides (fails closed)',
      [
        attestation([pr([], ['ann'])]),
        override(false),
        attestation([pr([], ['ann'], { url: `${PR}2` })], { attestation_name: 'pr-2' }),
        { ...override(true, 300), attestation_name: 'pr-2' },
      ],
      'overridden-non-compliant',
    ],
    [
      'an untimed override is as new as any',
      [
        attestation([pr([], ['ann'])]),
        { ...override(false), created_at: null },
        attestation([pr([], ['ann'], { url: `${PR}2` })], { attestation_name: 'pr-2' }),
        { ...override(true, 300), attestation_name: 'pr-2' },
      ],
      'overridden-non-compliant',
    ],
  ])('%s', (_, attestations, verdict, reason = REJECTED) => {
    const r = reviewCommit(SHA, attestations, noExempt);
    expect({ verdict: r.verdict, reason: r.reason }).toEqual({ verdict, reason });
  });

  it('an override shows the pull request it stands for', () => {
    const r = reviewCommit(
      SHA,
      [
        attestation([pr(['ann'], ['ann'], { url: `${PR}1` })], { attestation_name: 'pr-1' }),
        attestation([pr([], ['ann'], { url: `${PR}2` })], { attestation_name: 'pr-2' }),
        { ...override(true), attestation_name: 'pr-2' },
      ],
      noExempt,
    );
    expect(r).toMatchObject({ verdict: 'overridden-compliant', pullRequest: `${PR}2` });
  });

  it('names the pull request that proved the review, its authors and approvers as spelled', () => {
    const proof = pr(['Bob', ' dan'], ['ann'], { url: `${PR}9` });
    const r = reviewCommit(
      SHA,
      [attestation([pr([], ['ann'])]), attestation([proof], { attestation_name: 'b' })],
      noExempt,
    );
    expect(r).toMatchObject({ pullRequest: `${PR}9`, authors: ['ann'], approvers: ['Bob', 'dan'] });
  });

  it('shows who overrode and why', () => {
    const r = reviewCommit(SHA, [attestation([pr([], ['ann'])]), override(false)], noExempt);
    expect(r.override).toMatchObject({
      is_compliant: false,
      reported_by: 'carol',
      description: 'hotfix agreed in the incident review',
    });
  });
});

/** A squashed pull request: its commits, by these authors, are not the commit checked. */
const squashed = (...authors: string[]) =>
  pr([], [], { commits: authors.map((author_username) => ({ sha1: OTHER, author_username })) });

describe('reviewCommit: exempt authors', () => {
  it.each([
    ["the commit's own author is exempt", [pr([], ['dependabot[bot]', 'ann'])], 'exempt'],
    ["the commit's own author is not, another's is", [pr([], ['ann', 'dependabot[bot]'])], 'unreviewed'],
    [
      'the commit is not in the pull request (squashed): every author is exempt',
      [squashed('renovate[bot]')],
      'exempt',
    ],
    [
      'the commit is not in the pull request: one author is not exempt',
      [squashed('renovate[bot]', 'ann')],
      'unreviewed',
    ],
    [
      'the commit is not in the pull request: an author is not named',
      [squashed('renovate[bot]', ' ')],
      'unreviewed',
    ],
    [
      'the commit is not in the pull request, nor are the commits of another',
      [squashed('renovate[bot]'), pr([], null)],
      'unreviewed',
    ],
    [
      'the commit is listed once without its author',
      [pr([], ['dependabot[bot]']), pr([], [null])],
      'unreviewed',
    ],
    ['no author known', [pr([], null)], 'unreviewed'],
    ['a review still shows as reviewed', [pr(['bob', 'dan'], ['dependabot[bot]'])], 'reviewed'],
  ])('%s', (_, prs, verdict) => {
    expect(reviewCommit(SHA, [attestation(prs)], bots).verdict).toBe(verdict);
  });

  it('the commit is not in its pull request, and another attestation does not say its pull requests', () => {
    const r = reviewCommit(
      SHA,
      [attestation([squashed('renovate[bot]')]), attestation(null, { attestation_name: 'b' })],
      bots,
    );
    expect(r.verdict).toBe('unknown');
  });

  it('an override decides before an exempt author', () => {
    const r = reviewCommit(SHA, [attestation([pr([], ['dependabot[bot]'])]), override(false)], bots);
    expect(r.verdict).toBe('overridden-non-compliant');
  });

  it('says whose commit it was', () => {
    const r = reviewCommit(SHA, [attestation([pr([], ['dependabot[bot]'])])], bots);
    expect(r).toMatchObject({
      reason: 'authored by dependabot[bot], exempt from review',
      authors: ['dependabot[bot]'],
    });
  });
});

describe('decideReview: many commits', () => {
  it('counts every verdict, keeps the order, and lists those that fail', () => {
    const found = {
      [SHA]: [attestation([pr(['bob', 'dan'], ['ann'])])],
      [OTHER]: [attestation([pr(['ann'], ['ann'])])],
    };
    const review = decideReview([SHA, OTHER, SHA], found, noExempt);
    expect(review.verdicts.map((r) => [r.commit, r.verdict])).toEqual([
      [SHA, 'reviewed'],
      [OTHER, 'self-approved'],
    ]);
    expect(review.counts).toEqual({
      'overridden-non-compliant': 0,
      unknown: 0,
      'self-approved': 1,
      unreviewed: 0,
      'no-pull-request': 0,
      'overridden-compliant': 0,
      exempt: 0,
      reviewed: 1,
    });
    expect(review.failing.map((r) => r.commit)).toEqual([OTHER]);
    expect(review.compliant).toBe(false);
  });

  it('passes when every commit is reviewed, exempt or accepted by an override', () => {
    const found = {
      [SHA]: [attestation([pr([], ['dependabot[bot]'])])],
      [OTHER]: [attestation([pr([], ['ann'])]), override(true)],
    };
    expect(decideReview([SHA, OTHER], found, bots)).toMatchObject({ compliant: true, failing: [] });
  });
});

describe('reviewCommit: the pull requests as the service makes them', () => {
  it("reads the service's own review action's sample: one approver who authored none of the commits", () => {
    const file =
      '../shared/reference/real-answers/list-attestations-for-criteria/mock-control-actions-wrapped.json';
    const sample = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as {
      attestations: Record<string, Json[]>;
    };
    const [element] = Object.values(sample.attestations)[0] ?? [];
    // The sample names no attestation, which the gate requires of every element (docs/api-decisions.md).
    const read = CommitAttestation.parse({ attestation_name: 'pull-request', ...element });
    expect(reviewCommit(SHA, [read], noExempt)).toMatchObject({
      verdict: 'reviewed',
      pullRequest: 'https://github.com/org/repo/pull/1',
      authors: ['author1'],
      approvers: ['approver1'],
    });
  });
});
