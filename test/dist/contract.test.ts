/**
 * Each action through the shipped bundle, as the runner runs it: its contract, a run that passes (a gate that trips,
 * for a release of many files), with its outputs, result file, log and summary, under both answer profiles. A bad
 * input and the service down, through the bundle, are test/dist/lifecycle.test.ts (every action); every branch of an
 * action's logic is tested in-process: test/actions/<name>.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fleetSeed } from '@compliance-actions/sandbox/seeds/index';
import {
  VERDICT_GRADES,
  type Review,
  type ReviewVerdict,
} from '../../src/actions/check-attestations-for-commit/decide.js';
import { COMPLIANT, errors, resultOf, seedWith, UI } from '../helpers/check-attestations.js';
import { BACKEND_14, BACKEND_15, type Saved as DiffSaved } from '../helpers/diff-envs.js';
import {
  check,
  COMPLIANT_FP,
  releaseIn,
  releaseSeed,
  reportAll,
  type Saved as ArtifactSaved,
} from '../helpers/get-artifact.js';
import { fastCommits, repoIn, useTempDirs } from '../helpers/git.js';
import { GITHUB_TOKEN } from '../helpers/github-api.js';
import { APP_BIN_FP, checkout } from '../helpers/report-artifact.js';
import { podsWorkspace } from '../helpers/report-k8s-env.js';
import {
  FAILING_CASES,
  REVIEW_CASES,
  REVIEW_COUNTS,
  reviewRepo,
  reviewSeed,
  verdictOf,
} from '../helpers/review.js';
import { outputFile, runAction, type RunOptions, type RunResult } from '../helpers/runner.js';
import { byProfile, connection, PROFILE, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, TEST_TOKEN, withoutMaskCommands } from '../helpers/secrets.js';
import { json, startServer } from '../helpers/server.js';
import * as policy from '../helpers/policy.js';

const start = useSandbox();
const { repo, tempDir } = useTempDirs();
const noLeak = (result: RunResult) => assertNoSecret(withoutMaskCommands(result.everything), 'the step');

/**
 * `name`'s bundle against a sandbox of its own (the demo seed, or `seed`), `inputs` over the connection: it ended with
 * `code` (0 unless given), wrote nothing to stderr, and leaked nothing.
 */
async function runs(
  name: string,
  inputs: Record<string, string>,
  { code = 0, seed, ...options }: RunOptions & { code?: number; seed?: unknown } = {},
): Promise<RunResult> {
  const sandbox = await start(seed === undefined ? {} : { seed });
  const result = await runAction(name, { ...options, inputs: { ...connection(sandbox.url), ...inputs } });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(code);
  noLeak(result);
  return result;
}

it('setup: verifies the connection and exports it for later steps, with no outcome and no result file', async () => {
  const server = await startServer((_req, res) => json(res, 200, []));
  try {
    const result = await runAction('setup', {
      inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme', 'timeout-seconds': '45' },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(result.exportedEnv).toEqual({
      COMPLIANCE_API_URL: `${server.origin}/api/v2`,
      COMPLIANCE_API_TOKEN: TEST_TOKEN,
      COMPLIANCE_ORG: 'acme',
      COMPLIANCE_DRY_RUN: 'false',
      COMPLIANCE_TIMEOUT_SECONDS: '45',
    });
    expect(result.outputs).toEqual({});
    expect(result.files).toEqual({});
    expect(result.summary).toBe('');
    expect(result.stdout).toContain(`::add-mask::${TEST_TOKEN}`);
    // The masked token reaches GITHUB_ENV (that is the point), but no log line, output or summary.
    assertNoSecret(withoutMaskCommands(result.stdout), 'the log');
    assertNoSecret(result.summary, 'the summary');
  } finally {
    await server.close();
  }
});

it('report-artifact: reports a file of the checkout: its outputs, result file and summary', async () => {
  const { dir, sha } = checkout(repo());
  const inputs = { flow: 'backend', artifact: 'app.bin', 'artifact-type': 'file' };
  const result = await runs('report-artifact', inputs, { cwd: dir, github: { GITHUB_SHA: sha } });
  const fingerprint = APP_BIN_FP;
  const page = `https://sandbox.compliance.invalid/demo/flows/backend/artifacts/${fingerprint}`;
  expect(result.outputs).toMatchObject({
    outcome: 'reported',
    fingerprint,
    filename: 'app.bin',
    trail: sha,
    'git-commit': sha,
    'html-url': byProfile(page, ''),
    state: 'INCOMPLETE',
  });
  expect(result.outputs['payload-file']).toBeUndefined();
  expect(outputFile(result, 'result-file')).toMatchObject({
    outcome: 'reported',
    dryRun: false,
    response: byProfile({ message: expect.any(String) as unknown }, null),
    payload: { fingerprint, git_commit: sha, git_commit_info: { sha1: sha, branch: 'main' } },
    page: { htmlUrl: byProfile(page, null), state: 'INCOMPLETE' },
  });
  expect(result.stdout).toContain('::group::Fingerprint the artifact');
  expect(result.summary).toContain('### Artifact reported');
  expect(result.summary).toContain(`| State after the report | ⚠️ INCOMPLETE |`);
});

it('report-k8s-env: reports the pods of a pods file: its outputs, result file and summary', async () => {
  const result = await runs(
    'report-k8s-env',
    { environment: 'staging', 'pods-file': 'pods.json' },
    { cwd: podsWorkspace(tempDir('pods-')) },
  );
  const message = byProfile('Snapshot staging#3 created with 4 artifacts', '');
  expect(result.outputs).toMatchObject({
    outcome: 'reported',
    pods: '6',
    artifacts: '4',
    skipped: '1',
    message,
    'snapshot-created': 'true',
    'snapshot-id': byProfile('staging#3', ''),
    'payload-file': '',
  });
  const saved = outputFile(result, 'result-file') as { artifacts: unknown[] };
  expect(saved).toMatchObject({ outcome: 'reported', reported: 4, leftOut: 1, message });
  expect(saved.artifacts).toHaveLength(4);
  expect(result.stdout).toContain('::warning::Skipped pod shop/new-1');
  expect(result.summary).toContain('### Environment staging reported');
});

it('diff-envs: compares two snapshots: outputs, result file, log and summary', async () => {
  const result = await runs('diff-envs', { 'snapshot-1': 'staging~1', 'snapshot-2': 'staging' });
  // A minimal answer names no snapshot: the step goes on (no gate), says so, and names them as asked.
  const [one, two] = byProfile(['staging#1', 'staging#2'], ['staging~1', 'staging']);
  const notConfirmed =
    'Not confirmed: the answer names no snapshot for snappish1 and snappish2, so it cannot be shown to be about ' +
    'staging~1 and staging as asked.';
  expect(result.outputs).toMatchObject({
    outcome: 'different',
    changed: 'true',
    'only-in-1': '1',
    'only-in-2': '1',
    scaled: '1',
    unchanged: '1',
    'snapshot-1-id': byProfile('staging#1', ''),
    'snapshot-2-id': byProfile('staging#2', ''),
  });
  const saved = outputFile(result, 'result-file') as DiffSaved;
  expect(saved.outcome).toBe('different');
  expect(saved.snapshot1).toEqual({ expression: 'staging~1', id: byProfile('staging#1', null), name: one });
  expect(saved.snapshot2).toEqual({ expression: 'staging', id: byProfile('staging#2', null), name: two });
  // backend 1.4.0 only in staging#1 and 1.5.0 only in staging#2 are one replacement.
  expect(saved.replaced).toMatchObject([
    {
      name: 'ghcr.io/acme/backend',
      from: { name: 'ghcr.io/acme/backend:1.4.0', fingerprint: BACKEND_14 },
      to: { name: 'ghcr.io/acme/backend:1.5.0', fingerprint: BACKEND_15 },
    },
  ]);
  expect(saved.added).toEqual([]);
  expect(saved.removed).toEqual([]);
  // Scaled is the service's group: its counts are only shown, unknown (null) where a minimal answer leaves them out.
  expect(saved.scaled).toMatchObject([
    {
      name: 'ghcr.io/acme/web:3.2.0',
      s1_instance_count: byProfile(1, null),
      s2_instance_count: byProfile(2, null),
    },
  ]);
  expect(saved.unchanged.map((a) => a.name)).toEqual(['docker.io/library/redis:7.4']);
  expect(saved.compliance).toEqual({
    checks: [
      expect.objectContaining({
        name: 'ghcr.io/acme/backend:1.5.0',
        fingerprint: BACKEND_15,
        flow: 'backend',
        state: 'NON-COMPLIANT',
      }),
    ],
    leftOut: 0,
  });
  // The link is only shown: none where the answer gives none.
  expect(saved.compliance?.checks[0]?.htmlUrl).toBe(
    byProfile(`https://sandbox.compliance.invalid/demo/flows/backend/artifacts/${BACKEND_15}`, undefined),
  );

  expect(result.stdout).toContain('::group::Compare staging~1 with staging');
  expect(result.stdout).toContain(byProfile('staging~1 is staging#1; staging is staging#2.', notConfirmed));
  expect(result.stdout).toContain(`::group::Replaced ${one} -> ${two} (1)`);
  expect(result.stdout).toContain('ghcr.io/acme/backend  1.4.0 -> 1.5.0');
  expect(result.stdout).toContain('::group::Check the compliance of 1 arriving artifact');
  expect(result.stdout).toContain(`ghcr.io/acme/backend:1.5.0  ${BACKEND_15.slice(0, 12)}  NON-COMPLIANT`);
  expect(result.stdout).toContain(`::group::${one} -> ${two} scaling (1)`);
  // No gate: a non-compliant arrival is shown, not failed on; nor is a diff the answer does not confirm.
  expect(result.stdout).not.toContain('::error');

  const s = result.summary;
  // The summary escapes the `~` of an expression.
  const [md1, md2] = [one.replace('~', '\\~'), two];
  const lead = byProfile(
    'staging\\~1 is staging#1, staging is staging#2. ',
    `${notConfirmed.replace('~', '\\~')}\n\n`,
  );
  // A drift within staging: what changed, then the compliance of what arrived, in its heading.
  expect(s).toContain(
    `### ❌ Environment diff: ${md1} → ${md2}: 1 replaced, 1 scaled; 1 of 1 arriving artifact is not compliant\n\n` +
      `${lead}1 replaced, 0 added, 0 removed, 1 scaled, 1 unchanged.`,
  );
  expect(s).toContain(`#### Replaced ${md1} → ${md2} (1)`);
  expect(s).toContain(
    '| Name | Version | Compliance | Promotion | Fingerprint | Flow | Commit | Instances | Pods |',
  );
  // What a minimal answer leaves out (the links, the commit, the counts, the pods) is an empty or "?" cell.
  expect(s).toContain(
    byProfile(
      `| ghcr.io/acme/backend | [1.4.0 → 1.5.0](https://github.com/acme/shop/compare/3dfdaa9cbad35a60632a382f8653df6ef6539d28...888f905eacac85a1e522752fa1be9aa2ce5d5016) | [❌ NON-COMPLIANT](https://sandbox.compliance.invalid/demo/flows/backend/artifacts/${BACKEND_15}) — non-compliant: snyk-scan | left out: not COMPLIANT | <code>${BACKEND_15.slice(0, 12)}</code> | backend | [888f905](https://github.com/acme/shop/commit/888f905eacac85a1e522752fa1be9aa2ce5d5016) | 1 → 2 |`,
      `| ghcr.io/acme/backend | 1.4.0 → 1.5.0 | ❌ NON-COMPLIANT — non-compliant: snyk-scan | left out: from a diff not confirmed | <code>${BACKEND_15.slice(0, 12)}</code> | backend |  | ? → ? |  |`,
    ),
  );
  expect(s).toContain(`#### Scaled ${md1} → ${md2} (1)`);
  expect(s).toContain('| Name | Fingerprint | Flow | Commit | Scaling | Pods |');
  expect(s).toMatch(
    byProfile(
      /\| ghcr.io\/acme\/web:3.2.0 \| <code>\w{12}<\/code> \| frontend \| \[48d4add\]\(\S+\) \| 1 → 2 \| <details><summary>2 pods<\/summary>[^<|]+<br>[^<|]+<\/details> \|/,
      /\| ghcr.io\/acme\/web:3.2.0 \| <code>\w{12}<\/code> \| frontend \| {2}\| \? → \? \| {2}\|/,
    ),
  );
  // Unchanged artifacts are counted, not listed, unless asked for.
  expect(s).not.toContain('#### Unchanged');
  expect(s).toContain('1 unchanged artifact not listed: set show-unchanged to true to list them.');
});

/** Demo seed: the commit of backend 1.5.0 (1.4.0's is COMPLIANT), of acme/shop. */
const COMMIT_150 = '888f905eacac85a1e522752fa1be9aa2ce5d5016';
/** The summary's line of what shipped, for 1.5.0 in staging (no count: this checkout has neither commit). */
const SHIPPED =
  `backend 1.5.0 replaced 1.4.0 ([compare](https://github.com/acme/shop/compare/${COMPLIANT}...${COMMIT_150}))` +
  ' 18 min after its commit';

/**
 * A summary row of a field the deployment only shows: `row` as the full answer gives it; no row of that field where a
 * minimal answer leaves it out (the step says nothing it was not told).
 */
function expectShownRow(summary: string, row: string): void {
  if (PROFILE === 'full') expect(summary).toContain(row);
  else expect(summary).not.toContain(row.slice(0, row.indexOf(' | ') + 3));
}

/** What the summary and log say of an answer that names neither the fingerprint nor the environment. */
const deploymentNotConfirmed = (fingerprint: string, environment: string) =>
  `Not confirmed: the answer names no fingerprint and no environment, so it cannot be shown to be about ` +
  `${fingerprint} in ${environment} as asked.`;

it('get-deployment: tells when and where an artifact started running, and what it replaced', async () => {
  // Read as a lookup: with fail-if-missing (the default) a minimal answer is could-not-check (in-process).
  const result = await runs('get-deployment', {
    environment: 'staging',
    fingerprint: BACKEND_15,
    'fail-if-missing': 'false',
  });
  // A 200 is "deployed": a minimal answer names nothing else, and each output it leaves out is empty.
  expect(result.outputs).toMatchObject({
    outcome: 'found',
    found: 'true',
    // Snapshot staging#2 was taken at 1793697400 (Unix seconds).
    'deployed-at': byProfile('2026-11-03T09:16:40Z', ''),
    'snapshot-index': byProfile('2', ''),
    'artifact-name': byProfile('ghcr.io/acme/backend:1.5.0', ''),
    'replaced-fingerprint': byProfile(BACKEND_14, ''),
    // What shipped: 1.4.0's commit, the compare link between the two commits, and 1,100 s from 1.5.0's commit.
    'replaced-commit': byProfile(COMPLIANT, ''),
    'compare-url': byProfile(`https://github.com/acme/shop/compare/${COMPLIANT}...${COMMIT_150}`, ''),
    'lead-time-seconds': byProfile('1100', ''),
    'diff-url': byProfile(`${UI}/demo/environments/staging/snapshots/2?compare=1`, ''),
  });
  const saved = outputFile(result, 'result-file') as Record<string, unknown>;
  expect(saved).toMatchObject({
    found: true,
    environment: 'staging',
    fingerprint: BACKEND_15,
    deployedAt: byProfile('2026-11-03T09:16:40Z', null),
    deployment: byProfile({ env_name: 'staging', artifact: { flow_name: 'backend' } }, { artifact: null }),
  });
  expect(saved.notConfirmed).toEqual(byProfile(undefined, ['fingerprint', 'env_name']));
  expect(result.stdout).toContain('::group::Read the deployment to staging');
  expect(result.stdout).toContain(
    byProfile(
      'ghcr.io/acme/backend:1.5.0 was deployed to staging at 2026-11-03T09:16:40Z (snapshot #2).',
      `${BACKEND_15} was deployed to staging.\n${deploymentNotConfirmed(BACKEND_15, 'staging')}`,
    ),
  );

  const name = byProfile('ghcr.io/acme/backend:1.5.0', BACKEND_15);
  expect(result.summary).toContain(
    `### ${name} deployed to staging\n\n${byProfile(`${SHIPPED}\n\n`, `${deploymentNotConfirmed(BACKEND_15, 'staging')}\n\n`)}| Field |`,
  );
  expect(result.summary).toContain(
    `| Environment | ${byProfile(`[staging](${UI}/demo/environments/staging)`, 'staging')} |`,
  );
  expect(result.summary).toContain(`| Artifact | ${name} |`);
  expectShownRow(result.summary, '| Deployed at | 2026-11-03T09:16:40Z |');
  expectShownRow(result.summary, '| Snapshot | #2 |');
  expectShownRow(
    result.summary,
    '| Commit | [888f905 Bump openssl](https://github.com/acme/shop/commit/888f905eacac85a1e522752fa1be9aa2ce5d5016) |',
  );
  expectShownRow(
    result.summary,
    `| Diff | [compare with the snapshot before](${UI}/demo/environments/staging/snapshots/2?compare=1) |`,
  );
  // A minimal answer does not say what it replaced: no row, neither the artifact nor "nothing".
  expectShownRow(result.summary, `| Replaced | ghcr.io/acme/backend:1.4.0 (${BACKEND_14.slice(0, 12)}) |`);
});

it('check-attestations-for-commit: on a push: GITHUB_SHA, every attestation found compliant', async () => {
  const result = await runs(
    'check-attestations-for-commit',
    {},
    { github: { GITHUB_SHA: COMPLIANT }, githubToken: GITHUB_TOKEN },
  );
  expect(result.outputs).toMatchObject({
    compliant: 'true',
    outcome: 'compliant',
    missing: '[]',
    'non-compliant': '[]',
  });
  expect(errors(result)).toEqual([]);
  const saved = resultOf(result);
  expect(saved.from).toBe('github-sha');
  const commitUrl = `https://github.com/acme/app/commit/${COMPLIANT}`;
  // The minimal profile sends no commit info and no links (only shown): the commit has no title, and each
  // attestation links to the commit instead.
  expect(saved.commits).toEqual([
    { sha: COMPLIANT, ...byProfile({ title: 'Add payment retries' }, {}), url: commitUrl },
  ]);
  // The matrix: the commit (short SHA and title, linked) by every attestation found, each marked and linked.
  expect(result.summary).toContain('### ✅ Compliance gate passed');
  expect(result.summary).toContain('| Commit | Result | pull-request | snyk-scan | unit-tests |');
  expect(result.summary).toContain(
    byProfile(
      `| [3dfdaa9 Add payment retries](${commitUrl}) | ✅ compliant | [✅ compliant](${UI}/demo/flows/backend/trails/${COMPLIANT}/attestations/`,
      `| [3dfdaa9](${commitUrl}) | ✅ compliant | [✅ compliant](${commitUrl}) | [✅ compliant](${commitUrl}) | [✅ compliant](${commitUrl}) |`,
    ),
  );
  expect(result.stdout).toContain('::group::Read the attestations');
});

describe('check-attestations-for-commit: review never-alone over a release range', () => {
  type ReviewSaved = {
    review: Pick<Review, 'counts' | 'verdicts'> & { rule: string; exemptAuthors: string[] };
  };
  const review = { commits: 'v1.0.0..HEAD', review: 'never-alone', flow: 'app' };
  const zero = Object.fromEntries(Object.keys(VERDICT_GRADES).map((v) => [v, 0]));

  it('grades every case, exempts the bot, and fails closed on an answer without pull_requests', async () => {
    const dir = tempDir('review-');
    const { shas } = reviewRepo(dir);
    const result = await runs(
      'check-attestations-for-commit',
      { ...review, 'exempt-authors': 'dependabot[bot]' },
      { cwd: dir, seed: reviewSeed(shas), code: 1 },
    );
    const saved = (outputFile(result, 'result-file') as ReviewSaved).review;
    expect(saved).toMatchObject({ rule: 'never-alone', exemptAuthors: ['dependabot[bot]'] });
    const bySha = (verdicts: { commit: string; verdict: string }[]) =>
      Object.fromEntries(verdicts.map((v) => [v.commit, v.verdict]));
    expect(bySha(saved.verdicts)).toEqual(
      Object.fromEntries(REVIEW_CASES.map((c) => [shas[c], verdictOf(c)])),
    );
    expect(JSON.parse(result.outputs.review ?? '')).toEqual(REVIEW_COUNTS);
    const failing = FAILING_CASES;
    expect(bySha(JSON.parse(result.outputs.unreviewed ?? '') as ReviewVerdict[])).toEqual(
      Object.fromEntries(failing.map((c) => [shas[c], verdictOf(c)])),
    );
    expect(result.outputs['unreviewed-truncated']).toBe('false');
  });

  // Run once, under the full profile: the requests, the bound and the verdicts are the same under both.
  if (PROFILE === 'full')
    it('5,000 commits: 50 requests of 100, at most 4 in flight, every verdict kept, the summary grouped under 1 MiB', async () => {
      const r = repoIn(tempDir('review-5000-'));
      r.git('tag', 'v1.0.0', fastCommits(r, 1, { message: () => 'Root' })[0] ?? '');
      const shas = fastCommits(r, 5000, { start: 1793600100 });
      // Each approved by bob, but five by their author alone.
      const self = new Set(shas.filter((_, i) => i % 1000 === 7));
      const seed = seedWith(
        ...shas.map((sha, i) => ({
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
              approvers: [{ username: self.has(sha) ? 'ann' : 'bob' }],
              commits: [{ sha1: sha, author_username: 'ann' }],
            },
          ],
        })),
      );
      seed.orgs.demo.flows.push({ name: 'app' });
      const sandbox = await start({ seed });
      const sent: string[][] = [];
      sandbox.sandbox.observe(({ url }) => {
        const parsed = new URL(url, 'http://sandbox');
        if (parsed.pathname.endsWith('/list_attestations_for_criteria'))
          sent.push(parsed.searchParams.getAll('commit_list'));
      });
      const result = await runAction('check-attestations-for-commit', {
        cwd: r.dir,
        inputs: { ...connection(sandbox.url), ...review },
      });
      // No leak is the run above's check: over these megabytes of SHAs it costs seconds.
      expect(result.code).toBe(1);
      expect(sent.map((chunk) => chunk.length)).toEqual(Array<number>(50).fill(100));
      expect(sent.flat().sort()).toEqual([...shas].sort());
      expect(sandbox.sandbox.load.peak).toBeLessThanOrEqual(4);
      const saved = (outputFile(result, 'result-file') as ReviewSaved).review;
      expect(saved.verdicts).toHaveLength(5000);
      expect(JSON.parse(result.outputs.review ?? '')).toEqual({
        ...zero,
        reviewed: 4995,
        'self-approved': 5,
      });
      const unreviewed = JSON.parse(result.outputs.unreviewed ?? '') as ReviewVerdict[];
      expect(unreviewed.map((u) => u.commit).sort()).toEqual([...self].sort());
      expect(result.summary.match(/^#### .*$/gm)).toEqual([
        '#### ❌ Self-approved: 5 commits',
        '#### ✅ Reviewed by someone else: 4995 commits',
      ]);
      expect(Buffer.byteLength(result.summary)).toBeLessThan(1024 * 1024);
    });
});

describe('environment policies', () => {
  type Rules = { artifacts: { name: string; verdict: string; rules: { rule: string; verdict: string }[] }[] };
  const verdicts = (rules: Rules) => new Set(rules.artifacts.flatMap((a) => a.rules.map((r) => r.verdict)));

  it('preview-policy: every verdict of every rule, what the change newly fails and passes, unknown never a pass', async () => {
    const result = await runs('preview-policy', {
      environment: 'eu-production',
      policy: policy.NEXT_POLICY,
      'base-policy': policy.BASE_POLICY,
    });
    expect(result.outputs).toMatchObject({ outcome: 'fail', 'policy-verdict': 'fail', count: '8' });
    const saved = outputFile(result, 'result-file') as { policy: Rules; basePolicy: Rules };
    // A minimal answer gives no trail's flow: every artifact with one could not be checked, none passes.
    expect(verdicts(saved.policy)).toEqual(
      new Set(
        byProfile(
          ['pass', 'fail', 'waived', 'not-applicable'],
          ['pass', 'fail', 'waived', 'not-applicable', 'unknown'],
        ),
      ),
    );
    for (const [judged, which] of [
      [saved.policy, 'next'],
      [saved.basePolicy, 'base'],
    ] as const) {
      expect(Object.fromEntries(judged.artifacts.map((a) => [a.name, a.verdict]))).toEqual(
        Object.fromEntries(policy.EU_ARTIFACTS.map((name) => [name, policy.verdictOf(name, which, PROFILE)])),
      );
    }
    expect(JSON.parse(result.outputs['newly-failing'] ?? '')).toEqual(
      byProfile(
        [expect.objectContaining({ name: 'ghcr.io/acme/invoices:2.1.0', before: 'pass', after: 'fail' })],
        [],
      ),
    );
  });

  it('diff-envs: the target policy on what arrives fails the promotion, each promotion carrying its verdict', async () => {
    const result = await runs(
      'diff-envs',
      {
        'snapshot-1': 'eu-production~1',
        'snapshot-2': 'eu-production',
        policy: policy.BASE_POLICY,
        'promotions-state': 'any',
      },
      { code: 1 },
    );
    expect(result.outputs['policy-verdict']).toBe(byProfile('fail', 'unknown'));
    const promotions = JSON.parse(result.outputs.promotions ?? '') as {
      include: { name: string; policy: string }[];
    };
    expect(Object.fromEntries(promotions.include.map((p) => [p.name, p.policy]))).toEqual(
      byProfile(
        Object.fromEntries(
          policy.ARRIVING.map((name) => [name.replace(/:.*/, ''), policy.verdictOf(name, 'base', PROFILE)]),
        ),
        // A minimal answer names no snapshot: nothing may move on a diff not confirmed.
        {},
      ),
    );
  });

  it('get-artifact: an artifact that breaks the policy fails the step, its state compliant', async () => {
    const ledger = policy.EU_PRODUCTION['ghcr.io/acme/ledger:4.2.0'];
    const result = await runs(
      'get-artifact',
      { flow: 'ledger', fingerprint: ledger.fingerprint, policy: policy.BASE_POLICY },
      { code: 1 },
    );
    expect(result.outputs).toMatchObject({
      state: 'COMPLIANT',
      'policy-verdict': byProfile('fail', 'unknown'),
      outcome: byProfile('compliant', 'error'),
    });
    expect(JSON.parse(result.outputs['policy-failures'] ?? '')).toContainEqual(
      expect.objectContaining({
        rule: 'attestation pull-request (pull_request)',
        verdict: byProfile('fail', 'unknown'),
      }),
    );
  });

  // Run once, under the full profile: the reads and their bound are the same under both.
  if (PROFILE === 'full')
    it('preview-policy over 500 artifacts: one trail read each, at most 8 in flight', async () => {
      const sandbox = await start({ seed: fleetSeed(500) });
      sandbox.sandbox.faults.latencyMs = 20;
      let reads = 0;
      sandbox.sandbox.observe(({ url }) => {
        if (new URL(url, 'http://sandbox').pathname.startsWith('/api/v2/trails/')) reads++;
      });
      const dir = tempDir('fleet-');
      writeFileSync(
        join(dir, 'policy.yml'),
        '_schema: https://kosli.com/schemas/policy/environment/v1\nartifacts:\n  attestations:\n    - name: security-scan\n      type: snyk\n',
      );
      const result = await runAction('preview-policy', {
        cwd: dir,
        inputs: { ...connection(sandbox.url), environment: 'fleet-production', policy: 'policy.yml' },
      });
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ count: '500', failing: '50', outcome: 'fail' });
      expect(reads).toBe(500);
      expect(sandbox.sandbox.load.peak).toBeLessThanOrEqual(8);
      expect(sandbox.sandbox.load.peak).toBeGreaterThan(1);
    });
});

const ARTIFACT_PAGE = `https://sandbox.compliance.invalid/demo/flows/backend/artifacts/${COMPLIANT_FP}`;

describe('get-artifact', () => {
  it('reads a compliant artifact: state, link, attestations, result file', async () => {
    const result = await runs('get-artifact', { flow: 'backend', fingerprint: COMPLIANT_FP });
    // The minimal profile sends no html_url and no commit info (only shown): no link, and no Commit row.
    const linked = [
      `[Open in the compliance service](${ARTIFACT_PAGE})`,
      '| Commit | [3dfdaa9 Add payment retries](https://github.com/acme/shop/commit/3dfdaa9cbad35a60632a382f8653df6ef6539d28) |',
    ];
    check(result, {
      code: 0,
      outputs: {
        outcome: 'compliant',
        found: 'true',
        state: 'COMPLIANT',
        compliant: 'true',
        'html-url': byProfile(ARTIFACT_PAGE, ''),
      },
      saved: { outcome: 'compliant', found: true, state: 'COMPLIANT', compliant: true, problems: [] },
      stdout: ['::group::Read the artifact from flow backend'],
      summary: [
        '### ✅ Artifact ghcr.io/acme/backend:1.4.0: COMPLIANT',
        `| Fingerprint | <code>${COMPLIANT_FP}</code> |`,
        '| snyk-scan | COMPLETE | ✅ yes |',
        ...byProfile(linked, []),
      ],
      notSummary: ['assert-compliant', ...byProfile([], ['Open in the compliance service', '| Commit |'])],
    });
    const saved = outputFile(result, 'result-file') as ArtifactSaved;
    expect(saved.artifact?.filename).toBe('ghcr.io/acme/backend:1.4.0');
    expect(saved.attestations.map((a) => [a.name, a.status, a.compliant])).toEqual([
      ['pull-request', 'COMPLETE', true],
      ['unit-tests', 'COMPLETE', true],
      ['snyk-scan', 'COMPLETE', true],
    ]);
  });

  it('verifies a release of 200 files from a glob: the worst outcome, the lists, one table, annotations naming them', async () => {
    const sandbox = await start({ seed: releaseSeed() });
    const { dir, fingerprints } = releaseIn(tempDir('release-'), 200);
    const [BAD, MISSING] = ['release/part-007.bin', 'release/part-013.bin'];
    const short = (name: string) => fingerprints.get(name)?.slice(0, 12) ?? '';
    await reportAll(
      sandbox,
      fingerprints,
      (name) => name === MISSING,
      (name) => name !== BAD,
    );
    const result = await runAction('get-artifact', {
      cwd: dir,
      inputs: {
        ...connection(sandbox.url),
        flow: 'release',
        artifact: 'release/*.bin',
        'artifact-type': 'file',
        'assert-compliant': 'true',
      },
    });
    check(result, {
      code: 1,
      // The worst of the items: not found is worse than non-compliant.
      outputs: { outcome: 'not-found', count: '200', compliant: 'false' },
      lists: {
        'non-compliant': [{ name: BAD, fingerprint: fingerprints.get(BAD) ?? '', state: 'NON-COMPLIANT' }],
        'not-found': [{ name: MISSING, fingerprint: fingerprints.get(MISSING) ?? '', state: null }],
      },
      // The single-item outputs are not set for many.
      unset: ['found'],
      stdout: [
        `::error title=Artifact ${BAD}::${BAD} (${short(BAD)}): NON-COMPLIANT`,
        `::error title=Artifact ${MISSING}::${MISSING} (${short(MISSING)}): not found.`,
      ],
      last: `::error::assert-compliant: 2 of 200 artifacts are not COMPLIANT: ${BAD} (NON-COMPLIANT), ${MISSING} (not found).`,
      summary: [
        '### ❌ 200 artifacts of flow release: 2 not COMPLIANT',
        '| Name | Fingerprint | State | Missing or non-compliant | Link |',
        // Why, in the service's words (state_info), and its page: the minimal profile sends neither (only shown), so
        // those cells are empty.
        byProfile(
          'reported as non-compliant',
          `| ${BAD} | <code>${short(BAD)}</code> | ❌ NON-COMPLIANT |  |  |`,
        ),
      ],
      saved: { count: 200 },
    });
    const rows = result.summary.match(/^\| release\/part-\d{3}\.bin \|/gm) ?? [];
    expect(rows).toHaveLength(200);
    // The two to act on come first.
    expect(rows.slice(0, 2).sort()).toEqual([`| ${BAD} |`, `| ${MISSING} |`]);
    const saved = outputFile(result, 'result-file') as { items: { outcome: string }[] };
    expect(saved.items.filter((i) => i.outcome === 'compliant')).toHaveLength(198);
  });
});

/** The lines of the job summary that are exactly `row`. */
const rowsOf = (result: RunResult, row: string) => result.summary.split('\n').filter((line) => line === row);

const COMPLIANT_TRAIL = '3dfdaa9cbad35a60632a382f8653df6ef6539d28';
const NON_COMPLIANT_TRAIL = '888f905eacac85a1e522752fa1be9aa2ce5d5016';
const FRONTEND_TRAIL = '48d4add1472687902145455ca3c48dd619426eb9';
/** The trails of what runs in eu-production, newest first: checkout, documents, notifications, invoices, search, ledger. */
const EU_TRAILS = [
  'release-2.1',
  '1addad165e5b342626bdbfa08604cbbc7b64cf0b',
  '8d53aedd82f61fb9d55ad70c7b6f4bcec9de31ab',
  '4a461aa10861362d43d1acbcc9ce4ab5595bb4d4',
  '87c30089bf6232360dc7bb9b7f9c7ced0c0eadd4',
  '8a77c429c3b2cad02588afde12201d6f6adb7183',
];

it('list-trails: lists every trail of the org, counts the non-compliant ones, and summarizes them', async () => {
  const result = await runs('list-trails', {});
  expect(result.outputs).toMatchObject({ outcome: 'listed', count: '10', 'non-compliant': '4' });
  const saved = outputFile(result, 'result-file') as {
    trails: { name: string | null; compliance_state: string | null }[];
  };
  expect(saved).toMatchObject({
    outcome: 'listed',
    count: 10,
    nonCompliant: 4,
    total: 10,
    truncated: false,
    pagesRead: 1,
  });
  // Newest first, as the service lists them. The minimal profile sends no names (only shown): the states, which it
  // keeps, tell them apart.
  const names = [...EU_TRAILS, 'release-2.0', NON_COMPLIANT_TRAIL, FRONTEND_TRAIL, COMPLIANT_TRAIL];
  expect(saved.trails.map((t) => t.name)).toEqual(
    byProfile<(string | null)[]>(names, Array<null>(10).fill(null)),
  );
  expect(saved.trails.map((t) => t.compliance_state)).toEqual([
    'COMPLIANT',
    'NON-COMPLIANT',
    'NON-COMPLIANT',
    'COMPLIANT',
    'COMPLIANT',
    'COMPLIANT',
    'NON-COMPLIANT',
    'NON-COMPLIANT',
    'COMPLIANT',
    'COMPLIANT',
  ]);

  expect(result.stdout).toContain('::group::List trails (');
  expect(result.summary).toContain('### Trails: 10 listed, 4 non-compliant');
  expect(result.summary).toContain(
    '| Trail | Flow | State | Commit | Missing or non-compliant | Created | Created by |',
  );
  expect(result.summary).toContain(
    byProfile(
      // A trail named by its commit's SHA is cut to 12 characters: the Commit column has the commit.
      `| [${NON_COMPLIANT_TRAIL.slice(0, 12)}…](https://sandbox.compliance.invalid/demo/flows/backend/trails/${NON_COMPLIANT_TRAIL}) | backend | ❌ NON-COMPLIANT | [888f905 Bump openssl](https://github.com/acme/shop/commit/${NON_COMPLIANT_TRAIL}) | non-compliant: snyk-scan | 2026-11-03T09:00:00Z | bob |`,
      // No name, link, flow, commit, statuses, time or author: the unknown mark, and the state it rests on.
      '| ? |  | ❌ NON-COMPLIANT |  |  |  |  |',
    ),
  );
  if (PROFILE === 'minimal') expect(rowsOf(result, '| ? |  | ✅ COMPLIANT |  |  |  |  |')).toHaveLength(6);
});

it('list-attestations: lists the attestations of a flow, counts the non-compliant ones, and summarizes them', async () => {
  const result = await runs('list-attestations', { flow: 'backend' });
  expect(result.outputs).toMatchObject({ outcome: 'listed', count: '6', 'non-compliant': '1' });
  const saved = outputFile(result, 'result-file') as {
    attestations: { attestation_name: string | null; is_compliant: boolean | null }[];
  };
  expect(saved).toMatchObject({
    outcome: 'listed',
    flow: 'backend',
    count: 6,
    nonCompliant: 1,
    total: 6,
    truncated: false,
  });
  // Newest first, as the service lists them. The minimal profile sends no names (only shown): the verdicts, which it
  // keeps, tell them apart.
  const names = ['snyk-scan', 'unit-tests', 'pull-request', 'snyk-scan', 'unit-tests', 'pull-request'];
  expect(saved.attestations.map((a) => a.attestation_name)).toEqual(
    byProfile<(string | null)[]>(names, Array<null>(6).fill(null)),
  );
  expect(saved.attestations.map((a) => a.is_compliant)).toEqual([false, true, true, true, true, true]);
  expect(result.stdout).toContain('::group::List the attestations of backend (');
  expect(result.summary).toContain('### Attestations of backend: 6 listed, 1 non-compliant');
  expect(result.summary).toContain(
    '| Name | Type | Compliant | Trail | Commit | Created | Reported by | Description |',
  );
  if (PROFILE === 'full') {
    expect(result.summary).toContain(
      '| [snyk-scan](https://sandbox.compliance.invalid/demo/flows/backend/trails/888f905eacac85a1e522752fa1be9aa2ce5d5016/attestations/',
    );
    // The trail and commit: the commit's first line, linked.
    expect(result.summary).toContain(
      ') | snyk | ❌ no | 888f905eacac… | [888f905 Bump openssl](https://github.com/acme/shop/commit/888f905eacac85a1e522752fa1be9aa2ce5d5016) | 2026-11-03T09:06:40Z | github-actions |',
    );
    expect(result.summary).toContain(
      ') | junit | ✅ yes | 3dfdaa9cbad3… | [3dfdaa9 Add payment retries](https://github.com/acme/shop/commit/3dfdaa9cbad35a60632a382f8653df6ef6539d28) | 2026-11-02T09:05:00Z | github-actions | 412 tests, 0 failures |',
    );
  } else {
    // Only the verdict is sent: the unknown mark for the name, every other cell empty, one row each.
    expect(rowsOf(result, '| ? |  | ❌ no |  |  |  |  |  |')).toHaveLength(1);
    expect(rowsOf(result, '| ? |  | ✅ yes |  |  |  |  |  |')).toHaveLength(5);
  }
});

/**
 * The minimal profile leaves out what is only shown (timestamps, flows, environments) and sends the chat-app flag
 * under the live name: the step still lists, showing an empty cell or `—` where the service said nothing.
 */
const lastFailure = byProfile(' (last failure 2026-11-03T09:07:30Z)', '');

it('list-actions: lists the actions with their failing ones, warns about those, and summarizes every column', async () => {
  const result = await runs('list-actions', {});
  expect(result.outputs.count).toBe('3');
  expect(result.outputs.outcome).toBe('failing');
  expect(JSON.parse(result.outputs.failing ?? '')).toEqual(['release-webhook']);
  expect(result.stdout).toContain(
    `::warning::Action 'release-webhook'${lastFailure} fails to send notifications.`,
  );
  expect(result.stdout).toContain('::group::List the actions of demo');

  const saved = outputFile(result, 'result-file') as {
    count: number;
    failing: string[];
    actions: { name: string; targets: unknown[] }[];
  };
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
});
