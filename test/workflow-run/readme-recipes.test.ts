/**
 * The complete workflows of README.md and docs/*.md (the quick start, the recipes, the outage switch), run as written
 * by packages/runner/src/workflow.ts against the sandbox (in-process, on a free port); see ./docs-workflows.ts for
 * what stands for the published actions and the connection. A cluster is a stand-in of the Kubernetes API that the
 * real `kubectl` reads (test/helpers/kube-api.ts), GitHub's API a stand-in too (test/helpers/github-api.ts). Every
 * workflow is either run or listed in SKIPPED with the reason: a new one fails this test until it is one or the
 * other. Then the README's `npm run action` commands, run as written in a shell.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '@compliance-actions/runner/emulator';
import { serveArriving } from '../helpers/arriving.js';
import { useFakeGitHub } from '../helpers/github-api.js';
import { useTempDirs } from '../helpers/git.js';
import { cleanedAfterEach } from '../helpers/server.js';
import { pod, running } from '../helpers/pods.js';
import { DEMO_TOKEN, type Running } from '../helpers/sandbox.js';
import { COMMIT, commitUrl, FP, promotionSeed } from '../helpers/promotion-seed.js';
import { REVIEW_CASES, REVIEW_COUNTS, reviewRepo, reviewSeed } from '../helpers/review.js';
import {
  docWorkflows,
  expectEachRunOrSkipped,
  forkOfThisRepository,
  MAKE_APP,
  onPullRequest,
  outcomes,
  pick,
  PULL_7,
  useDocRuns,
} from './docs-workflows.js';
import { markdownIn } from '../helpers/runner.js';
import { checkoutOf, headSha, uploadArtifact } from './stubs.js';
import {
  BACKEND_150,
  COMPLIANT_COMMIT as COMPLIANT,
  NON_COMPLIANT_COMMIT as SCAN_FAILED,
} from '@compliance-actions/sandbox/seeds/index';

const all = docWorkflows(['README.md', ...markdownIn('docs')]);

/** The workflows that cannot run here, and why. */
const SKIPPED: Record<string, string> = {};
const RUN = [
  'README.md › Gate each pull request',
  'README.md › Report each build',
  'README.md › Before it is published',
  'docs/recipes.md › Build and report',
  'docs/recipes.md › The pull-request gate',
  'docs/recipes.md › A scheduled cluster report with a drift diff',
  'docs/recipes.md › A promotion review between environments',
  'docs/recipes.md › Promote what may move, one job per service',
  'docs/recipes.md › Was every change in this release reviewed?',
  'docs/recipes.md › Check a promotion against the production policy',
  'docs/recipes.md › Preview a policy change in its pull request',
  'docs/configuration.md › When the service is down',
];

/** Services arriving in staging: more than the promotions matrix holds. */
const ARRIVING = 150;

const { run, userRepository, cluster } = useDocRuns();
const github = useFakeGitHub();
const { tempDir } = useTempDirs();
const later = cleanedAfterEach();

/** The `github` context of the recipes' gate, over that of a pull request. */
const RECIPE_GATE = { GITHUB_HEAD_REF: 'feature/retries', GITHUB_WORKFLOW: 'compliance gate' };

/** The user's repository, whose `make dist/app.tar.gz site` builds. */
const BUILD = {
  Makefile:
    MAKE_APP +
    '.PHONY: site\nsite:\n\tmkdir -p site && echo "<h1>shop</h1>" > site/index.html && echo "{}" > site/app.js.map\n',
};

/** The sandbox's answer status for the artifact of flow `flow` with this fingerprint. */
const artifactStatus = async (sandbox: Running, flow: string, fingerprint = '') =>
  (await sandbox.fetch(`/artifacts/demo/${flow}/fingerprint/${fingerprint}`)).status;

/** A stand-in cluster running the demo's backend 1.4.0 and redis (web 3.2.0 gone since production#2), and a
 * kubeconfig for it. */
const demoCluster = () =>
  cluster([
    pod('backend-1', { ns: 'shop', statuses: [running('ghcr.io/acme/backend:1.4.0', FP.backend14)] }),
    pod('redis-1', { ns: 'shop', statuses: [running('docker.io/library/redis:7.4', FP.redis)] }),
    pod('coredns-1', { ns: 'kube-system', statuses: [running('coredns:1.11', 'c'.repeat(64))] }),
  ]);

describe('the workflows of README.md and docs/*.md, run', () => {
  it('runs each, or says why not', () => {
    expectEachRunOrSkipped(all, RUN, SKIPPED);
  });

  it.each([
    ['README.md › Gate each pull request', {}, []],
    [
      'docs/recipes.md › The pull-request gate',
      RECIPE_GATE,
      [
        'gate skipped run Run echo "::warning::The gate could not ask the compliance service; re-run the job when it is back."',
      ],
    ],
  ])(
    '%s: reads the pull request’s commits, trips on the failed scan, and keeps its comment on the pull request',
    async (key, context, after) => {
      const api = await github({ pulls: PULL_7 });
      const { result } = await run(pick(all, key), onPullRequest(api, 7, SCAN_FAILED, context));
      expect(outcomes(result)).toEqual([
        'gate failure action Run ./actions/check-attestations-for-commit',
        ...after,
      ]);
      expect(result.steps[0]?.outputs).toMatchObject({ outcome: 'non-compliant', compliant: 'false' });
      expect(JSON.parse(result.steps[0]?.outputs['non-compliant'] ?? '')).toEqual([
        { commit: SCAN_FAILED, name: 'snyk-scan' },
      ]);
      expect(api.requestsTo('/repos/acme/app/pulls/7/commits', 'GET')).not.toHaveLength(0);
      expect(api.comments.get(7)?.[0]?.body).toContain('snyk-scan');
    },
  );

  it('README.md › Gate each pull request: passes a pull request whose commits have both attestations, compliant', async () => {
    const api = await github({ pulls: { 7: [{ sha: COMPLIANT, message: 'Add payment retries' }] } });
    const { result } = await run(
      pick(all, 'README.md › Gate each pull request'),
      onPullRequest(api, 7, COMPLIANT),
    );
    expect(outcomes(result)).toEqual(['gate success action Run ./actions/check-attestations-for-commit']);
    expect(result.steps[0]?.outputs).toMatchObject({ outcome: 'compliant', compliant: 'true' });
  });

  it('docs/recipes.md › The pull-request gate: tells a gate that could not ask the service from a tripped one, the warning step runs', async () => {
    const api = await github({ pulls: PULL_7 });
    const options = onPullRequest(api, 7, SCAN_FAILED, RECIPE_GATE);
    const { result } = await run(pick(all, 'docs/recipes.md › The pull-request gate'), {
      ...options,
      secrets: { ...options.secrets, COMPLIANCE_API_TOKEN: 'a-revoked-token' },
    });
    expect(result.steps.map((s) => `${s.outcome} ${s.kind}`)).toEqual(['failure action', 'success run']);
    expect(result.steps[0]?.outputs.outcome).toBe('error');
    expect(result.steps[1]?.log).toContain('::warning::The gate could not ask the compliance service');
  });

  /**
   * The README's build report on a push of the user's build: with this checkout's actions, then as its reader
   * writes it for a fork of theirs (`you`) before it is published, at a ref, its `uses:` resolved in a fork of this
   * repository as GitHub resolves them: the tag v0 (after which the fork has a commit whose bundle only fails), or a
   * full commit SHA (this checkout's HEAD, the tagged commit).
   */
  it.each([
    ['with this checkout’s actions', undefined],
    ['your fork, tagged v0: the workflow as written, with your owner, runs the tagged commit’s bundle', 'v0'],
    [
      'a full commit SHA, no tag: the same workflow pinned to this checkout’s HEAD runs that commit’s bundle',
      'HEAD',
    ],
  ])('README.md › Report each build, %s: the user’s build, then its artifact reported', async (_, pin) => {
    const fork = tempDir('fork-');
    const ref = pin === 'HEAD' ? headSha() : pin;
    if (ref !== undefined) expect(forkOfThisRepository(fork).tagged).toBe(headSha());
    const { result, sandbox, sha } = await run(
      pick(all, 'README.md › Report each build'),
      {
        repository: BUILD,
        ...(ref !== undefined && { local: false, repositories: { 'you/compliance-actions': fork } }),
      },
      (text) =>
        text.replaceAll('<owner>/compliance-actions', 'you/compliance-actions').replaceAll('@v0', `@${ref}`),
    );
    const uses =
      ref === undefined
        ? ['./', './actions/report-artifact']
        : [`you/compliance-actions@${ref}`, `you/compliance-actions/actions/report-artifact@${ref}`];
    expect(outcomes(result)).toEqual([
      'build success stub Run actions/checkout@v7',
      'build success run Run make dist/app.tar.gz',
      ...uses.map((u) => `build success action Run ${u}`),
    ]);
    expect(result.steps[3]?.outputs).toMatchObject({ outcome: 'reported', 'git-commit': sha });
    expect(await artifactStatus(sandbox, 'backend', result.steps[3]?.outputs.fingerprint)).toBe(200);
  });

  it('README.md › Before it is published, a copy in the workspace: checked out into a folder at a full SHA, the gate run by its path there', async () => {
    const api = await github({ pulls: PULL_7 });
    const { result } = await run(
      pick(all, 'README.md › Before it is published'),
      {
        ...onPullRequest(api, 7, SCAN_FAILED),
        // This checkout is the repository the README's reader checks out.
        stubs: [checkoutOf(undefined, { '<owner>/compliance-actions': ROOT })],
      },
      (text) => text.replace('ref: <40-hex SHA>', `ref: ${headSha()}`),
    );
    expect(outcomes(result)).toEqual([
      'gate success stub Run actions/checkout@v7',
      'gate failure action Run ./.compliance-actions/actions/check-attestations-for-commit',
    ]);
    expect(result.steps[0]?.outputs.commit).toBe(headSha());
    expect(result.steps[1]?.outputs.outcome).toBe('non-compliant');
    expect(JSON.parse(result.steps[1]?.outputs['non-compliant'] ?? '')).toEqual([
      { commit: SCAN_FAILED, name: 'snyk-scan' },
    ]);
  });

  it('Build and report: the user’s build, then both artifacts reported to the sandbox', async () => {
    const { result, sandbox, sha } = await run(pick(all, 'docs/recipes.md › Build and report'), {
      repository: BUILD,
      github: { GITHUB_WORKFLOW: 'build' },
    });
    expect(outcomes(result)).toEqual([
      'build success stub Run actions/checkout@v7',
      'build success run Run make dist/app.tar.gz site',
      'build success action Run ./',
      'build success action Run ./actions/report-artifact',
      'build success action Run ./actions/report-artifact',
      'build skipped action Run actions/upload-artifact@v7',
      'build success run Run echo "backend $FINGERPRINT" >> "$GITHUB_STEP_SUMMARY"',
    ]);
    const [backend, frontend] = result.steps.filter((s) => s.name === 'Run ./actions/report-artifact');
    expect(backend?.outputs).toMatchObject({ trail: sha, 'git-commit': sha, filename: 'app.tar.gz' });
    expect(result.jobs[0]?.summary).toContain(`backend ${backend?.outputs.fingerprint ?? '?'}\n`);
    expect(await artifactStatus(sandbox, 'backend', backend?.outputs.fingerprint)).toBe(200);
    expect(await artifactStatus(sandbox, 'frontend', frontend?.outputs.fingerprint)).toBe(200);
    // The token came in as a secret: every log has it masked.
    expect(result.steps.map((s) => s.log).join('\n')).not.toContain(DEMO_TOKEN);
  });

  it('A scheduled cluster report with a drift diff: kubectl reads the cluster, then a day’s changes are shown', async () => {
    const { api, kubeconfig } = await demoCluster();
    const { result, sandbox } = await run(
      pick(all, 'docs/recipes.md › A scheduled cluster report with a drift diff'),
      {
        github: { GITHUB_EVENT_NAME: 'schedule' },
        secrets: { PRODUCTION_KUBECONFIG: kubeconfig },
      },
    );
    expect(outcomes(result)).toEqual([
      'report success run Kubeconfig',
      'report success action Run ./actions/report-k8s-env',
      'report success action Run ./actions/diff-envs',
    ]);
    // The real kubectl asked the stand-in for every namespace's pods; kube-system was left out of the report.
    expect(api.podRequests().map((r) => r.namespace)).toEqual([undefined]);
    expect(result.steps[1]?.outputs).toMatchObject({
      outcome: 'reported',
      pods: '2',
      artifacts: '2',
      'snapshot-created': 'true',
    });
    // A day ago production ran web 3.2.0 too (the demo's production#2): the diff shows it gone.
    expect(result.steps[2]?.outputs.outcome).toBe('different');
    expect(result.jobs[0]?.summary).toMatch(/Removed[\s\S]*ghcr\.io\/acme\/web/);
    const diff = await sandbox.fetch('/env-diff/demo?snappish1=production&snappish2=production~1');
    expect(diff.status).toBe(200);
  });

  it('A promotion review between environments: the demo’s staging brings a non-compliant backend, which blocks the deploy job', async () => {
    // The seed's staging runs backend 1.5.0, whose snyk scan failed: the gate trips, as the recipe says it does.
    const fingerprint = BACKEND_150;
    const { result } = await run(pick(all, 'docs/recipes.md › A promotion review between environments'), {
      github: { GITHUB_EVENT_NAME: 'workflow_dispatch' },
      event: { inputs: { fingerprint } },
      inputs: { fingerprint },
    });
    expect(outcomes(result)).toEqual([
      'review success action Ran in staging',
      'review failure action What the promotion brings, and is it all compliant',
      'review success run Name what blocks it',
    ]);
    expect(result.steps[0]?.log).toContain('ghcr.io/acme/backend:1.5.0 was deployed to staging');
    expect(result.steps[1]?.log).toContain('::error::1 of 1 arriving artifact not COMPLIANT');
    // The review's summary gives its verdict first, as the recipe says it lists what production would get.
    expect(result.jobs[0]?.summary).toContain(
      '### ❌ Promoting staging#2 to production#2: 1 of 1 arriving artifact is not compliant\n',
    );
    expect(result.steps[2]?.log).toBe('ghcr.io/acme/backend:1.5.0 NON-COMPLIANT\n');
    expect(result.jobs.map((j) => `${j.id} ${j.result}`)).toEqual(['review failure', 'deploy skipped']);
  });

  describe('Promote what may move, one job per service', () => {
    const w = () => pick(all, 'docs/recipes.md › Promote what may move, one job per service');
    const dispatch = { GITHUB_SHA: COMMIT.backend14, GITHUB_EVENT_NAME: 'workflow_dispatch' };

    it('one promote job per entry of the matrix, each with its values through env', async () => {
      // The seed's staging brings backend 1.6.0 (replacing 1.4.0) and web 3.2.0 (new), both COMPLIANT, worker 2.1.0
      // (NON-COMPLIANT: no job), payments 3.1.0 beside 3.0.0 (a rollout in progress: no job) and backend-migrate
      // 1.6.0 (COMPLIANT, left out by the recipe's exclude: no job).
      const { result } = await run(w(), { github: dispatch, seed: promotionSeed({ migration: true }) });
      expect(result.conclusion).toBe('success');
      expect(result.jobs.map((j) => `${j.id} ${j.result}`)).toEqual(['review success', 'promote success']);
      const [review, promote] = result.jobs;
      expect(review?.outputs['promotions-count']).toBe('2');
      expect(review?.steps[0]?.log).toContain(
        '::warning title=Rollout in progress::ghcr.io/acme/payments: a rollout in progress',
      );
      expect(review?.summary).toContain(
        'Promotions: 2 may move; left out: 1 not COMPLIANT, 1 by only or exclude, 1 in a rollout in progress.',
      );
      /** A version of an image of acme/shop, as an entry of the matrix gives it. */
      const version = (fingerprint: string, tag: string, commit: string) => ({
        fingerprint,
        tag,
        commit,
        'commit-url': commitUrl('acme/shop', commit),
      });
      const backend = {
        name: 'ghcr.io/acme/backend',
        from: version(FP.backend14, '1.4.0', COMMIT.backend14),
        to: version(FP.backend16, '1.6.0', COMMIT.backend16),
        'compare-url': `https://github.com/acme/shop/compare/${COMMIT.backend14}...${COMMIT.backend16}`,
        state: 'COMPLIANT',
        flow: 'backend',
      };
      const web = {
        name: 'ghcr.io/acme/web',
        from: null,
        to: version(FP.web32, '3.2.0', COMMIT.web32),
        'compare-url': null,
        state: 'COMPLIANT',
        flow: 'frontend',
      };
      // One run per entry, in the matrix's order, each named by its name: and with the entry as its matrix.
      expect(promote?.runs?.map((r) => [r.name, r.outcome, r.matrix])).toEqual([
        ['promote ghcr.io/acme/backend', 'success', backend],
        ['promote ghcr.io/acme/web', 'success', web],
      ]);
      expect(promote?.runs?.map((r) => r.steps.map((s) => `${s.name} ${s.outcome}`))).toEqual([
        ['Deploy success'],
        ['Deploy success'],
      ]);
      // Each run read its name and fingerprint through env: (the step checks both are set), and printed none of
      // the service's text, in the log or the summary.
      expect(promote?.runs?.map((r) => r.summary)).toEqual(['', '']);
      for (const r of promote?.runs ?? []) {
        for (const step of r.steps) expect(step.log).not.toMatch(/ghcr\.io|sha256|compare/);
      }
    });

    it('more than the matrix holds: the review stops, saying so, before any promote job runs', async () => {
      // 150 COMPLIANT services whose entries (names of 600 characters) pass the output's 64 KiB after about 100.
      const server = await serveArriving({
        count: ARRIVING,
        name: (n) => `registry.example.test/${'team/'.repeat(115)}svc-${n}`,
        state: 'COMPLIANT',
        environments: ['production', 'staging'],
      });
      later(() => server.close());
      const { result } = await run(w(), { github: dispatch, vars: { COMPLIANCE_API_URL: server.origin } });
      expect(result.conclusion).toBe('failure');
      expect(result.jobs.map((j) => `${j.id} ${j.result}`)).toEqual(['review failure', 'promote skipped']);
      const [review] = result.jobs;
      const kept = Number(review?.steps[0]?.outputs['promotions-count']);
      expect(kept).toBeGreaterThan(0);
      expect(kept).toBeLessThan(ARRIVING);
      expect(review?.steps[0]?.outputs['promotions-truncated']).toBe('true');
      expect(review?.steps[0]?.log).toMatch(
        new RegExp(`^::warning::${ARRIVING - kept} of ${ARRIVING} entries of promotions are left out`, 'm'),
      );
      expect(review?.summary).toContain(
        `Promotions: ${ARRIVING} may move, ${ARRIVING - kept} left out of the matrix.`,
      );
      expect(review?.steps[1]?.outcome).toBe('failure');
      expect(review?.steps[1]?.log).toContain(`::error::The matrix holds only the first ${kept} promotions`);
    });

    it('nothing may move: promote is skipped, and the run passes', async () => {
      // The demo seed's staging brings only backend 1.5.0, whose snyk scan failed: an empty matrix, guarded.
      const { result } = await run(w(), { github: dispatch });
      expect(result.conclusion).toBe('success');
      expect(result.jobs.map((j) => `${j.id} ${j.result}`)).toEqual(['review success', 'promote skipped']);
      expect(result.jobs[0]?.outputs).toMatchObject({
        promotions: '{"include":[]}',
        'promotions-count': '0',
      });
      expect(result.jobs[1]?.runs).toBeUndefined();
    });
  });

  it('Was every change in this release reviewed? The range since the tag before, reviewed, its result file uploaded', async () => {
    // The review cases (test/helpers/review.ts), a commit each after v1.0.0, the last one tagged v1.1.0.
    const dir = tempDir('git-');
    const { shas } = reviewRepo(dir);
    const head = shas[REVIEW_CASES.at(-1) ?? 'reviewed'];
    execFileSync('git', ['-C', dir, 'tag', 'v1.1.0', head]);
    const upload = uploadArtifact();
    const { result } = await run(pick(all, 'docs/recipes.md › Was every change in this release reviewed?'), {
      github: {
        GITHUB_SHA: head,
        GITHUB_REF: 'refs/tags/v1.1.0',
        GITHUB_REF_NAME: 'v1.1.0',
        GITHUB_REF_TYPE: 'tag',
      },
      stubs: [checkoutOf(dir), upload.stub],
      seed: reviewSeed(shas),
    });
    expect(outcomes(result)).toEqual([
      'review success stub Run actions/checkout@v7',
      'review success run The release before this one',
      'review failure action Every change reviewed by someone other than its author',
      'review success stub Keep the evidence',
    ]);
    const [, previous, gate] = result.steps;
    expect(previous?.outputs).toEqual({ tag: 'v1.0.0' });
    // Four reviewed, the bot's commit exempt, one accepted by an override; the other six fail the gate.
    const counts = REVIEW_COUNTS;
    expect(gate?.outputs).toMatchObject({ outcome: 'non-compliant', missing: '[]', 'non-compliant': '[]' });
    expect(JSON.parse(gate?.outputs.review ?? '')).toEqual(counts);
    expect(result.jobs[0]?.summary).toContain('4 of 12 commits reviewed by someone else');
    // The file uploaded is the gate's result file, read at the step: every commit of v1.0.0..v1.1.0 and its verdict.
    expect(upload.uploads.map((u) => [u.name, u.path])).toEqual([
      ['release-review', gate?.outputs['result-file']],
    ]);
    const file = JSON.parse(upload.uploads[0]?.text ?? '') as {
      commits: { sha: string }[];
      review: { verdicts: { commit: string; verdict: string }[] };
    };
    expect(file.commits.map((c) => c.sha).sort()).toEqual(Object.values(shas).sort());
    expect(file.review).toMatchObject({ rule: 'never-alone', exemptAuthors: ['dependabot[bot]'], counts });
    expect(file.review.verdicts.find((v) => v.commit === shas.bot)?.verdict).toBe('exempt');
  });

  it('Check a promotion against the production policy: staging brings a backend whose trail is not compliant, which blocks the deploy job', async () => {
    const policy =
      '_schema: https://kosli.com/schemas/policy/environment/v1\n' +
      'artifacts:\n  provenance:\n    required: true\n  trail-compliance:\n    required: true\n';
    const { result } = await run(
      pick(all, 'docs/recipes.md › Check a promotion against the production policy'),
      {
        repository: { 'policies/production.yml': policy },
        github: { GITHUB_EVENT_NAME: 'workflow_dispatch' },
      },
    );
    expect(outcomes(result)).toEqual([
      'review success stub Run actions/checkout@v7',
      'review failure action What the promotion brings, judged by the production policy',
      'review success run Name what breaks it',
    ]);
    // The seed's staging brings backend 1.5.0, whose snyk scan failed: its trail is not compliant.
    expect(result.steps[1]?.outputs['policy-verdict']).toBe('fail');
    expect(result.jobs[0]?.summary).toContain('### ❌ 1 of 1 arriving artifact breaks the production policy');
    expect(result.steps[2]?.log).toMatch(
      /^ghcr\.io\/acme\/backend:1\.5\.0: trail-compliance: trail \S+ is NON-COMPLIANT\n$/,
    );
    expect(result.jobs.map((j) => `${j.id} ${j.result}`)).toEqual(['review failure', 'deploy skipped']);
  });

  it('Preview a policy change in its pull request: the comment says what production would newly fail and pass', async () => {
    // main holds the policy in force; the pull request's branch adds a pull_request rule and lets library images go.
    const head =
      '_schema: https://kosli.com/schemas/policy/environment/v1\nartifacts:\n  provenance:\n    required: true\n';
    const user = userRepository({ 'policies/production.yml': head });
    user.git('checkout', '-q', '-b', 'review-rule');
    writeFileSync(
      join(user.dir, 'policies/production.yml'),
      `${head}    exceptions:\n      - if: \${{ matches(artifact.name, "^docker.io/library/") }}\n` +
        '  attestations:\n    - type: pull_request\n      if: ${{ exists(flow.name) }}\n',
    );
    user.git('commit', '-q', '-am', 'Every change reviewed; library images exempt');
    const api = await github();
    const { result } = await run(pick(all, 'docs/recipes.md › Preview a policy change in its pull request'), {
      ...onPullRequest(api, 7, user.git('rev-parse', 'HEAD'), { GITHUB_BASE_REF: 'main' }),
      stubs: [user.checkout],
    });
    expect(outcomes(result)).toEqual([
      'preview success stub Run actions/checkout@v7',
      'preview success run The policy on the base branch',
      'preview success action What the changed policy would say of production',
    ]);
    expect(result.steps[2]?.outputs).toMatchObject({ outcome: 'fail', count: '3', failing: '1' });
    const changed = (name: string) =>
      (JSON.parse(result.steps[2]?.outputs[name] ?? '') as { name: string }[]).map((c) => c.name);
    expect(changed('newly-failing')).toEqual(['ghcr.io/acme/web:3.2.0']);
    expect(changed('newly-passing')).toEqual(['docker.io/library/redis:7.4']);
    const [comment] = api.comments.get(7) ?? [];
    expect(comment?.body).toContain(
      'With policies/production.yml, 1 of 3 artifacts in production would fail',
    );
    expect(comment?.body).toContain('1 would newly fail, 1 would newly pass.');
  });

  describe('When the service is down: the outage switch', () => {
    const w = () => pick(all, 'docs/configuration.md › When the service is down');

    it('off (the variable unset): the build is reported, and the gate fails on the commit without unit-tests', async () => {
      const { result, sandbox } = await run(w(), { repository: BUILD });
      expect(result.steps.map((s) => `${s.outcome} ${s.name}`)).toEqual([
        'success Run actions/checkout@v7',
        'success Run make dist/app.tar.gz',
        'success Run ./',
        'success Run ./actions/report-artifact',
        'failure Run ./actions/check-attestations-for-commit',
      ]);
      expect(result.steps[3]?.outputs.outcome).toBe('reported');
      expect(result.steps[4]?.outputs).toMatchObject({ outcome: 'non-compliant', 'would-fail': 'true' });
      expect(await artifactStatus(sandbox, 'backend', result.steps[3]?.outputs.fingerprint)).toBe(200);
    });

    it('on (COMPLIANCE_DRY_RUN true): the report sends nothing, the gate decides and warns, the run passes', async () => {
      const { result, sandbox } = await run(w(), { repository: BUILD, vars: { COMPLIANCE_DRY_RUN: 'true' } });
      expect(result.conclusion).toBe('success');
      const [report, gate] = result.steps.slice(3);
      expect(report?.outputs.outcome).toBe('dry-run');
      // The payload is printed and kept in payload-file (under RUNNER_TEMP, cleared with the job).
      expect(report?.outputs['payload-file']).toMatch(/report-artifact-payload-.*\.json$/);
      expect(report?.log).toContain('/artifacts/demo/backend');
      expect(gate?.outputs).toMatchObject({ outcome: 'non-compliant', 'would-fail': 'true' });
      expect(gate?.log).toMatch(/::warning[^\n]*unit-tests/);
      expect(await artifactStatus(sandbox, 'backend', report?.outputs.fingerprint), 'nothing reported').toBe(
        404,
      );
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The README's `npm run action` commands, as a newcomer types them

/** The commands of the ```sh block under a heading: continuation lines joined, comments dropped. */
function shellCommands(file: string, heading: string): string[] {
  const markdown = readFileSync(join(ROOT, file), 'utf8');
  const at = markdown.indexOf(`\n${heading}\n`);
  if (at === -1) throw new Error(`${file} has no heading '${heading}'`);
  const block = /```sh\n([\s\S]*?)```/.exec(markdown.slice(at))?.[1] ?? '';
  return block
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

/** A command line run by bash in the checkout, as a newcomer runs it after `npm ci`. */
async function shell(command: string): Promise<{ code: number | null; out: string }> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('COMPLIANCE_') && !key.startsWith('npm_')),
  );
  const child = spawn('bash', ['-c', command], { cwd: ROOT, env });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (out += c));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  // The folder the command keeps the step's files in, for a look afterwards: not after a test.
  const kept = /kept in (\S+)\)$/m.exec(out)?.[1];
  if (kept?.startsWith(tmpdir())) rmSync(kept, { recursive: true, force: true });
  return { code, out };
}

describe('the README’s npm run action commands, run as written', () => {
  const commands = shellCommands('README.md', '## Try a sub-action locally');

  it('lists the two: the demo’s notification actions and the pull-request gate', () => {
    expect(commands.map((c) => c.split(' ').slice(0, 5).join(' '))).toEqual([
      'npm run action -- list-actions',
      'npm run action -- check-attestations-for-commit',
    ]);
  });

  it.each([
    // The demo's release-webhook fails to send.
    ['list-actions', [/^failing: \["release-webhook"\]$/m]],
    // The gate passes on the demo's compliant commit, and says so.
    [
      'check-attestations-for-commit',
      [
        /^outcome: compliant$/m,
        `1 commit from the commits input:\n    ${COMPLIANT}`,
        /✔ check-attestations-for-commit succeeded/,
      ],
    ],
  ])('npm run action -- %s runs as written', async (name, says) => {
    const ran = await shell(commands.find((c) => c.split(' ')[4] === name) ?? 'exit 1');
    expect(ran.code, ran.out).toBe(0);
    for (const text of says) expect(ran.out).toMatch(text);
  });
});
