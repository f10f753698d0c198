/**
 * check-attestations-for-commit over a range, run as a step in-process in one real git repository built before the
 * first test and only read after, against the sandbox: every branch of `commits: <base>..<head>` and
 * `since-deployed-in`. What the service's answer profile changes (the commit an artifact names) runs under both
 * profiles; how the commits are split into requests, test/api/client.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resultOf, seedAttesting, withDeployed } from '../../helpers/check-attestations.js';
import { expectStep, noLeak } from '../../helpers/step-result.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastCommits, gitRecorder, repoIn, useTempDirs, type Repo } from '../../helpers/git.js';
import { liveShaped, unconfirmedDiff } from '../../helpers/live-diff.js';
import type { RunOptions } from '../../helpers/runner.js';
import { connection, observed, useSandbox } from '../../helpers/sandbox.js';
import { TEST_TOKEN } from '../../helpers/secrets.js';
import { artifactAnswer, heldAnswers } from '../../helpers/lookups.js';
import { json, startServer } from '../../helpers/server.js';
import { useInProcessAction } from '../../helpers/in-process.js';
import { byProfileOf, PROFILES } from '@compliance-actions/sandbox/profile';
import type { SandboxOptions } from '@compliance-actions/sandbox/server';

const runAction = useInProcessAction();
const startSandbox = useSandbox();
const { tempDir } = useTempDirs();

const ACTION = 'check-attestations-for-commit';
/** A step of the gate in the repository (or `options.cwd`), against the service at `url`. */
const gate = (url: string, inputs: Record<string, string>, options: RunOptions = {}) =>
  runAction(ACTION, {
    cwd: r.dir,
    ...options,
    inputs: { ...connection(url), ...inputs },
  });
const commitUrl = (sha: string) => `https://github.com/acme/app/commit/${sha}`;

/**
 * main: a root commit tagged v1, then 300 ("Commit 0" to "Commit 299"), HEAD there; `side`: one commit on the root;
 * `merged`: one commit on the root, then side merged; `merges-only`: side merged into the root; `hostile`: two
 * commits whose subjects are runner commands and markup. And a clone of main of depth 1.
 */
let r: Repo;
let shallow = '';
let root = '';
let after: string[] = [];
let side = '';
let onMain = '';
let merge = '';
beforeAll(() => {
  r = repoIn(mkdtempSync(join(tmpdir(), 'range-')));
  [root = ''] = fastCommits(r, 1, { message: () => 'Root' });
  r.git('tag', 'v1', root);
  after = fastCommits(r, 300, { start: 1793600100 });
  r.git('branch', 'side', root);
  [side = ''] = fastCommits(r, 1, { branch: 'side', message: () => 'On the side' });
  r.git('checkout', '-q', '-b', 'merges-only', root);
  r.git('merge', '-q', '--no-ff', '-m', 'Merge side', 'side');
  r.git('checkout', '-q', '-b', 'merged', root);
  [onMain = ''] = fastCommits(r, 1, { branch: 'merged', message: () => 'On main' });
  r.git('reset', '-q', '--hard', 'merged');
  r.git('merge', '-q', '--no-ff', '-m', 'Merge side', 'side');
  merge = r.git('rev-parse', 'HEAD');
  r.git('checkout', '-q', 'main');
  // A branch named as a base's SHA, at a later commit: the base is still the commit the SHA names.
  r.git('branch', after[3] ?? '', after[9] ?? '');
  r.git('branch', 'hostile', root);
  fastCommits(r, 2, {
    branch: 'hostile',
    message: (i) => `::warning::from-git ${i}\r::stop-commands::x @octocat <img src=x> [a](javascript:x)`,
  });
  shallow = mkdtempSync(join(tmpdir(), 'range-shallow-'));
  r.git('clone', '-q', '--depth', '1', `file://${r.dir}`, shallow);
});
afterAll(() => {
  for (const dir of [r.dir, shallow]) rmSync(dir, { recursive: true, force: true });
});

describe('check-attestations-for-commit over a range', () => {
  const head = () => after[299] ?? '';

  it('checks every commit of v1..HEAD (300), newest first, grouped by state', async () => {
    const newestFirst = [...after].reverse();
    // Every commit attested but two: one failing, one with nothing.
    const failing = after[150] ?? '';
    const missing = after[20] ?? '';
    const sandbox = await startSandbox({
      seed: seedAttesting(
        after.filter((sha) => sha !== failing && sha !== missing),
        [failing],
      ),
    });
    const result = await gate(
      sandbox.url,
      { commits: 'v1..HEAD', required: 'unit-tests' },
      { github: { GITHUB_SHA: head() } },
    );
    expect(result.stderr).toBe('');
    // The summary: the range as read, then the commits by state, worst first, each linked; no matrix of 300 rows.
    expectStep(result, {
      code: 1,
      outputs: { outcome: 'non-compliant' },
      lists: {
        'non-compliant': [{ commit: failing, name: 'unit-tests' }],
        missing: [{ commit: missing, name: 'unit-tests' }],
      },
      saved: { from: 'range', commits: newestFirst.map((sha) => ({ sha })) },
      stdout: ['300 commits of v1..HEAD (newest first):'],
      summary: [
        `300 commits of v1..HEAD (${root.slice(0, 7)}..${head().slice(0, 7)}), newest first, merges included.`,
        `- [${failing.slice(0, 7)} Commit 150](${commitUrl(failing)}): unit-tests non-compliant`,
        `- [${missing.slice(0, 7)} Commit 20](${commitUrl(missing)}): unit-tests missing`,
      ],
    });
    const saved = resultOf(result);
    expect(saved.commits[0]).toEqual({ sha: head(), title: 'Commit 299', url: commitUrl(head()) });
    expect(saved.range).toEqual({ shown: 'v1..HEAD', head: head(), bases: [root], includeMerges: true });
    // Grouped by state past the matrix's bound: read-render.test.ts has the headings and counts.
    expect(result.summary).toContain(
      `#### ✅ Compliant: 298 commits\n\n- [${head().slice(0, 7)} Commit 299](`,
    );
  });

  it('checks merge commits unless include-merges is false', async () => {
    const { url } = await startSandbox({ seed: seedAttesting([merge, side, onMain]) });
    const run = (includeMerges: string) =>
      gate(url, { commits: `${root}..merged`, 'include-merges': includeMerges });
    const withMerges = await run('true');
    expectStep(withMerges, { code: 0 });
    expect(resultOf(withMerges).commits[0]?.sha).toBe(merge);
    expect(new Set(resultOf(withMerges).commits.map((c) => c.sha))).toEqual(new Set([merge, side, onMain]));
    const without = await run('false');
    expectStep(without, { code: 0, summary: ['newest first, merges left out.'] });
    expect(new Set(resultOf(without).commits.map((c) => c.sha))).toEqual(new Set([side, onMain]));
  });

  it('a range of merges alone, left out by include-merges: false, checks nothing: never a pass, graded missing', async () => {
    const sandbox = await startSandbox({ seed: seedAttesting([side]) });
    const asked = observed(sandbox);
    const run = (inputs: Record<string, string> = {}) =>
      gate(sandbox.url, { commits: `${side}..merges-only`, 'include-merges': 'false', ...inputs });
    const note = `${side}..merges-only has only merge commits (1), which include-merges: false leaves out: nothing was checked.`;
    const failure = `::error::Compliance gate tripped: ${note} Nothing checked counts as missing, which fails this step.`;
    const failed = await run();
    expectStep(failed, {
      code: 1,
      outputs: {
        outcome: 'non-compliant',
        compliant: 'false',
        missing: '[]',
        'non-compliant': '[]',
        'would-fail': 'true',
      },
      errors: [failure],
      warnings: [],
      saved: { compliant: false, commits: [], note, wouldFail: true, nothingChecked: 'missing' },
      stdout: [`\n${note}\n`],
      summary: [
        '### ❌ Compliance gate tripped: nothing checked\n',
        note,
        'Nothing checked counts as missing, which fails this step.',
      ],
    });
    expect(failed.stdout.trimEnd().split('\n').at(-1)).toBe(failure);
    // fail-on decides: without missing it warns, and still never passes.
    const warned = 'Nothing checked counts as missing: this step is set to warn, not fail, on it.';
    const warnOnly: Record<string, string>[] = [
      { 'fail-on': 'non-compliant' },
      { 'fail-on-non-compliant': 'false' },
    ];
    for (const inputs of warnOnly) {
      const step = await run(inputs);
      expectStep(step, {
        code: 0,
        outputs: { outcome: 'non-compliant', compliant: 'false', 'would-fail': 'true' },
        errors: [],
        warnings: [`::warning title=Compliance gate::${note} ${warned}`],
        summary: ['### ❌ Compliance gate found problems (set to warn, not fail): nothing checked\n', warned],
      });
      expect(step.summary).not.toContain('which fails this step');
    }
    // Nothing was asked of the service.
    expect(asked).toEqual([]);
  });

  it('commit subjects from git act on nothing: not the log, not the summary', async () => {
    const result = await gate((await startSandbox()).url, { commits: 'v1..hostile' });
    // The subjects reached the log and the summary, each on one line and inert.
    expectStep(result, { code: 1, stdout: ['from-git 1'], summary: ['from-git 1'] });
    for (const line of result.stdout.split('\n')) {
      if (line.startsWith('::'))
        expect(line).toMatch(/^::(group|endgroup|debug|notice|warning|error|add-mask)( [^:]*)?::/);
      expect(line).not.toMatch(/^::warning::from-git/);
    }
    expect(result.summary).not.toMatch(/(?<![A-Za-z0-9_])@[A-Za-z0-9]/);
    expect(result.summary).not.toMatch(/<img|\]\(javascript:/i);
  });

  it('since-deployed-in, on an answer that names no snapshot, could not check: nothing looked up, a dry run forgives it', async () => {
    const sandbox = await startSandbox({
      seed: withDeployed(seedAttesting(after.slice(0, 3)), [
        { name: 'ghcr.io/acme/app:1.0.0', commit: after[0] ?? '' },
      ]),
    });
    const asked = observed(sandbox);
    const run = async (more: Record<string, string> = {}) => {
      await unconfirmedDiff(sandbox, 'app-prod', 'app-prod');
      asked.length = 0;
      return gate(
        sandbox.url,
        { 'since-deployed-in': 'app-prod', flow: 'app', ...more },
        { github: { GITHUB_SHA: after[2] ?? '' } },
      );
    };
    const why =
      'unexpected response from GET /env-diff/{org}: names no snapshot for snappish1 and snappish2 (not ' +
      'confirmed), so it cannot be shown to be about what runs in app-prod: since-deployed-in takes no base from it';
    const result = await run();
    expectStep(result, {
      code: 1,
      outputs: { outcome: 'error', compliant: 'false', 'would-fail': 'true' },
      summary: ['### ⚠️ Compliance gate could not check'],
    });
    expect(resultOf(result).error).toEqual({ kind: 'unexpected-response', message: why });
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe(`::error::${why}`);
    // The diff alone: no artifact looked up on its word, no attestation read.
    expect(asked.map((url) => new URL(url, 'http://sandbox').pathname)).toEqual(['/api/v2/env-diff/demo']);

    const dry = await run({ 'dry-run': 'true' });
    expectStep(dry, {
      code: 0,
      outputs: { outcome: 'error', compliant: 'false' },
      stdout: [`::warning title=Dry run::Not failed (dry run): ${why}`],
    });
  });

  it('since-deployed-in looks up at most 200 artifacts, 8 at a time, and says the bound left their commits unknown', async () => {
    const running = Array.from({ length: 205 }, (_, n) => ({
      fingerprint: n.toString(16).padStart(64, '0'),
      name: `ghcr.io/acme/app-${n}:1.0`,
      flow: 'app',
      instance_count: 1,
      pods: [`app-${n}-0`],
    }));
    const lookups = heldAnswers();
    const server = await startServer((req, res) => {
      if (req.url.pathname.startsWith('/api/v2/env-diff/')) {
        json(res, 200, {
          snappish1: { snapshot_id: 'prod#9', artifacts: [] },
          snappish2: { snapshot_id: 'prod#9', artifacts: [] },
          changed: { artifacts: [] },
          'not-changed': { artifacts: running },
        });
        return;
      }
      const fp = req.url.pathname.split('/').at(-1) ?? '';
      const answer = () => json(res, 200, artifactAnswer(fp, 'app', 'COMPLIANT', { git_commit: after[0] }));
      // Held, to count how many are asked at once.
      lookups.hold(answer);
    });
    const bound =
      '5 of the 205 artifacts of this repository running in prod were not looked up (at most 200 lookups in ' +
      'one step), so their commits are not known';
    try {
      const inputs = { 'api-token': TEST_TOKEN, org: 'acme', 'since-deployed-in': 'prod', flow: 'app' };
      const failed = await gate(server.origin, inputs, { github: { GITHUB_SHA: after[0] ?? '' } });
      const asked = server.requests.filter((q) => q.url.pathname.startsWith('/api/v2/artifacts/'));
      expect(asked).toHaveLength(200);
      expect(new Set(asked.map((q) => q.url.pathname)).size).toBe(200);
      expect(lookups.peak()).toBe(8);
      expect(failed.code).toBe(1);
      expect(resultOf(failed).error?.message).toBe(
        `Invalid input 'since-deployed-in': found no base to check the commits since: ${bound}. Expected an ` +
          'environment that runs an artifact of this repository with a known commit (matched by flow or name), or ' +
          'on-no-base: all (check every commit of the head) or skip (check nothing).',
      );
      expect(resultOf(failed).deployed?.artifacts[204]).toMatchObject({
        name: 'ghcr.io/acme/app-204:1.0',
        why: 'not looked up (at most 200 lookups in one step)',
      });
      expect(failed.summary).toContain(bound);
      noLeak(failed.everything);
    } finally {
      lookups.stop();
      await server.close();
    }
  });

  it('refuses a revision the repository does not have before any request to the service, naming the input', async () => {
    const sandbox = await startSandbox();
    const asked = observed(sandbox);
    const result = await gate(sandbox.url, { commits: 'v9.9.9..HEAD' });
    expectStep(result, { code: 1, outputs: { outcome: 'error' }, saved: { error: { kind: 'input' } } });
    expect(resultOf(result).error?.message).toBe(
      `Invalid input 'commits': 'v9.9.9' names no commit in the repository at ${r.dir}. Expected <base>..<head> ` +
        'on one line, each a revision git knows in the checkout (v1.2.0..HEAD, main..feature, two SHAs).',
    );
    expect(asked).toEqual([]);
  });
});

describe.each(PROFILES)('since-deployed-in, the sandbox answering %s', (PROFILE) => {
  const byProfile = byProfileOf(PROFILE);
  const start = (options: Partial<SandboxOptions> = {}) => startSandbox({ profile: PROFILE, ...options });

  it('checks every commit since what runs of this repository: several versions, each one missing counts', async () => {
    const [c3 = '', c6 = '', head = ''] = [after[3], after[6], after[9]];
    const seed = withDeployed(seedAttesting(after.slice(0, 10)), [
      // Two services of this repository at different versions, and one of another repository.
      { name: 'ghcr.io/acme/app:1.3.0', commit: c3 },
      { name: 'ghcr.io/acme/app-worker:1.6.0', commit: c6 },
      { name: 'ghcr.io/acme/other:2.0.0', commit: 'f'.repeat(40), repository: 'acme/other' },
    ]);
    const sandbox = await start({ seed });
    await liveShaped(sandbox, 'app-prod', 'app-prod');
    const git = gitRecorder(tempDir('git-'));
    const inputs = { 'since-deployed-in': 'app-prod', name: 'ghcr.io/acme/*', required: 'unit-tests' };
    const result = await gate(sandbox.url, inputs, { github: { GITHUB_SHA: head }, env: git.env });
    const saved = resultOf(result);
    // The minimal profile sends no commit_url nor git_commit (only shown): no base, and the gate fails closed.
    if (byProfile(true, false)) {
      expectStep(result, {
        code: 0,
        outputs: { outcome: 'compliant' },
        // The union of c3..head and c6..head: every commit after c3, newest first.
        saved: {
          from: 'since-deployed',
          commits: after
            .slice(4, 10)
            .reverse()
            .map((sha) => ({ sha })),
          range: { bases: [c3, c6] },
          deployed: {
            environment: 'app-prod',
            snapshot: 'app-prod#1',
            artifacts: [
              { name: 'ghcr.io/acme/app:1.3.0', commit: c3, why: 'its commit_url' },
              { name: 'ghcr.io/acme/app-worker:1.6.0', commit: c6, why: 'its commit_url' },
            ],
          },
        },
        summary: [
          `6 commits since what runs in app-prod (since ${c3.slice(0, 7)} and ${c6.slice(0, 7)}, up to ${head.slice(0, 7)}), newest first, merges included.`,
          '3 artifacts run in app-prod (app-prod#1), 2 of this repository:',
          `| ghcr.io/acme/app:1.3.0 | <code>${c3}</code> | its commit_url |`,
        ],
      });
      // Both bases read in one git call, as commits only; the head as git names it.
      const resolving = git.calls().filter((c) => /^-C \S+ (cat-file|rev-parse --verify)/.test(c));
      expect(resolving).toEqual([
        `-C ${r.dir} cat-file --batch-check=%(objectname) %(objecttype)`,
        `-C ${r.dir} rev-parse --verify --quiet --end-of-options ${head}^{commit}`,
      ]);
    } else {
      expectStep(result, { code: 1, outputs: { outcome: 'error' }, saved: { error: { kind: 'input' } } });
      expect(saved.error?.message).toContain("Invalid input 'since-deployed-in': found no base");
      expect(saved.error?.message).toContain('the commit of ghcr.io/acme/app:1.3.0');
    }
  });

  it('in a shallow clone that lacks the base: set fetch-depth: 0', async () => {
    const base = after[1] ?? '';
    const sandbox = await start({
      seed: withDeployed(seedAttesting([]), [{ name: 'ghcr.io/acme/app:1.1.0', commit: base }]),
    });
    await liveShaped(sandbox, 'app-prod', 'app-prod');
    const inputs = { 'since-deployed-in': 'app-prod', flow: 'app' };
    const result = await gate(sandbox.url, inputs, {
      cwd: shallow,
      github: { GITHUB_SHA: after[299] ?? '' },
    });
    expectStep(result, { code: 1, outputs: { outcome: 'error' } });
    expect(resultOf(result).error?.message).toContain(
      byProfile(
        `Invalid input 'since-deployed-in': the commit ${base} (of ghcr.io/acme/app:1.1.0, running in app-prod) is ` +
          'not in this shallow clone. Expected the whole history in the checkout: set fetch-depth: 0 on ' +
          'actions/checkout.',
        "Invalid input 'since-deployed-in': found no base",
      ),
    );
    // What runs there is kept in the result file.
    expect(resultOf(result).deployed?.artifacts).toMatchObject([{ name: 'ghcr.io/acme/app:1.1.0' }]);
  });

  it('without a base (nothing of this repository runs there): on-no-base fail, all and skip', async () => {
    const head = after[4] ?? '';
    // The demo's production runs acme/shop's backend (flow backend): not this repository (acme/app).
    const sandbox = await start({ seed: seedAttesting([root, ...after.slice(0, 5)]) });
    const requests = observed(sandbox);
    const run = async (onNoBase: string) => {
      await liveShaped(sandbox, 'production', 'production');
      const before = requests.length;
      const inputs = { 'since-deployed-in': 'production', flow: 'backend', 'on-no-base': onNoBase };
      const result = await gate(sandbox.url, inputs, { github: { GITHUB_SHA: head } });
      return { result, asked: requests.length - before };
    };

    const { result: fail } = await run('fail');
    const failed = resultOf(fail);
    // The full profile names acme/shop's commit page (not this repository); the minimal one no commit at all.
    const noBase = byProfile(
      'nothing of this repository (flow backend) runs in production',
      'the commit of ghcr.io/acme/backend:1.4.0 (the service names no commit for it), running in production, is ' +
        'not known',
    );
    expect(failed.error?.message).toContain(
      `Invalid input 'since-deployed-in': found no base to check the commits since: ${noBase}`,
    );
    expectStep(fail, {
      code: 1,
      outputs: { outcome: 'error', compliant: 'false' },
      saved: { error: { kind: 'input' }, deployed: { environment: 'production' } },
      summary: ['Compliance gate could not check', 'found no base'],
    });

    const { result: all } = await run('all');
    expectStep(all, {
      code: 0,
      outputs: { outcome: 'compliant' },
      // Every commit of the head, the root included.
      saved: {
        commits: [...after.slice(0, 5).reverse(), root].map((sha) => ({ sha })),
        deployed: { noBase: 'all' },
      },
      stdout: [
        `::warning::No base in production: ${noBase}. Every commit of the head commit ${head} is checked ` +
          '(on-no-base: all).',
      ],
    });

    const { result: skip, asked } = await run('skip');
    expectStep(skip, {
      code: 0,
      outputs: { outcome: 'skipped', compliant: 'false', missing: '[]', 'would-fail': 'false' },
      saved: { outcome: 'skipped', compliant: false, commits: [] },
      summary: ['### ⏭️ Compliance gate skipped: nothing checked', noBase],
      stdout: [`::warning::No base in production: ${noBase}. Nothing was checked (on-no-base: skip).`],
    });
    // The diff was read (and the artifact of acme/shop asked about in the minimal profile), no attestation.
    expect(asked).toBe(byProfile(1, 2));
  });
});
