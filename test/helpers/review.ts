/**
 * The never-alone review rule's cases: each a commit of a real repository, authored by its pull request's author,
 * and what the service holds for it in flow `app`.
 */
import { VERDICTS, type Verdict } from '../../src/actions/check-attestations-for-commit/decide.js';
import { seedWith } from './check-attestations.js';
import type { DemoSeed } from '@compliance-actions/sandbox/seeds/index';
import { fastCommits, repoIn } from './git.js';

/** What the service holds of a commit, newest first: an attestation's pull requests, each its approvers. */
type Held = { prs?: string[][] } | { override: boolean; why: string };

const PEOPLE = {
  ann: 'Ann <ann@acme.test>',
  cat: 'Cat <cat@acme.test>',
  'dependabot[bot]': 'dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>',
} as const;

/**
 * Each case's verdict, its author (of its commit, in git and in its pull requests) and what is held: `{ prs }` a `pull_request`
 * attestation (`{}`: one without the field), `{ override }` an override of the case's first one (same name, flow
 * and trail).
 */
export const REVIEW = {
  reviewed: { verdict: 'reviewed', author: 'ann', held: [{ prs: [['bob', 'cat']] }] },
  'reviewed-one': { verdict: 'reviewed', author: 'ann', held: [{ prs: [['bob']] }] },
  'self-approved': { verdict: 'self-approved', author: 'ann', held: [{ prs: [[' Ann ']] }] },
  unreviewed: { verdict: 'unreviewed', author: 'ann', held: [{ prs: [[]] }] },
  'direct-push': { verdict: 'no-pull-request', author: 'ann', held: [{ prs: [] }] },
  'no-attestation': { verdict: 'no-pull-request', author: 'ann', held: [] },
  'second-attestation': {
    verdict: 'reviewed',
    author: 'ann',
    held: [{ prs: [[]] }, { prs: [['bob', 'cat']] }],
  },
  'overridden-compliant': {
    verdict: 'overridden-compliant',
    author: 'ann',
    held: [{ override: true, why: 'hotfix approved by the CAB' }, { prs: [[]] }],
  },
  'overridden-non-compliant': {
    verdict: 'overridden-non-compliant',
    author: 'ann',
    held: [{ override: false, why: 'merged without review' }, { prs: [[]] }],
  },
  bot: { verdict: 'exempt', author: 'dependabot[bot]', held: [{ prs: [[]] }] },
  'no-pull-requests-field': { verdict: 'unknown', author: 'ann', held: [{}] },
  'duplicate-approver': { verdict: 'reviewed', author: 'cat', held: [{ prs: [['bob', ' Bob']] }] },
} satisfies Record<string, { verdict: Verdict; author: keyof typeof PEOPLE; held: Held[] }>;

export type ReviewCase = keyof typeof REVIEW;
export const REVIEW_CASES = Object.keys(REVIEW) as ReviewCase[];

/** What the rule must find of each case (dependabot[bot] exempt), how many of each verdict, and which fail. */
export const verdictOf = (name: ReviewCase): Verdict => REVIEW[name].verdict;
export const REVIEW_COUNTS = Object.fromEntries(
  Object.keys(VERDICTS).map((v) => [v, REVIEW_CASES.filter((name) => verdictOf(name) === v).length]),
);
export const FAILING_CASES = REVIEW_CASES.filter((name) => VERDICTS[verdictOf(name)].grade !== undefined);

/** When the case commits were made: the i-th a second after the one before. */
const START = 1793600100;

/** The repository in `dir`: a first commit tagged `v1.0.0`, then one commit per case, in the table's order. */
export function reviewRepo(dir: string): { base: string; shas: Record<ReviewCase, string> } {
  const repo = repoIn(dir);
  repo.git('tag', 'v1.0.0', fastCommits(repo, 1, { message: () => 'Root' })[0] ?? '');
  const shas = fastCommits(repo, REVIEW_CASES.length, {
    start: START,
    message: (i) => `Change ${REVIEW_CASES[i]}`,
    author: (i) => PEOPLE[REVIEW[REVIEW_CASES[i] as ReviewCase].author],
  });
  const byCase = Object.fromEntries(REVIEW_CASES.map((name, i) => [name, shas[i]]));
  return { base: 'v1.0.0', shas: byCase as Record<ReviewCase, string> };
}

/** The demo seed, with flow `app` and what each case's commit (`shas`, from `reviewRepo`) holds. */
export function reviewSeed(shas: Record<ReviewCase, string>): DemoSeed {
  let pull = 100;
  const attestations = REVIEW_CASES.flatMap((name, i) => {
    const sha = shas[name];
    const { author, held } = REVIEW[name];
    const commit = {
      sha1: sha,
      author: PEOPLE[author],
      author_username: author,
      message: `Change ${name}`,
      timestamp: START + i,
    };
    let attested = 0;
    return (held as Held[]).map((h, j) => {
      // The second pull_request attestation is on a trail of its own; an override, on the first one's.
      const k = 'override' in h ? 0 : attested++;
      const trail = k === 0 ? sha : `${sha}-${k + 1}`;
      const common = {
        id: `${sha.slice(0, 8)}-0000-4000-8000-${String(j).padStart(8, '0')}`,
        flow: 'app',
        trail,
        name: 'pull-request',
        git_commit: sha,
        created_at: 1793700000 + 100 * i - j,
      };
      if ('override' in h) {
        return {
          ...common,
          type: 'override',
          is_compliant: h.override,
          description: h.why,
          reported_by: 'alice',
        };
      }
      const pullRequests = h.prs?.map((approvers) => ({
        url: `https://github.com/acme/app/pull/${pull++}`,
        state: 'MERGED',
        approvers: approvers.map((username) => ({ username })),
        commits: [commit],
      }));
      return {
        ...common,
        type: 'pull_request',
        is_compliant: pullRequests?.length !== 0,
        ...(pullRequests && { pull_requests: pullRequests }),
      };
    });
  });
  const seed = seedWith(...attestations);
  seed.orgs.demo.flows.push({ name: 'app' });
  return seed;
}
