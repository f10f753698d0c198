/**
 * check-attestations-for-commit over a range, run as a step in-process in real git repositories against the sandbox
 * (told of every request, so the chunks of `commit_list` are counted where they arrive): every branch of
 * `commits: <base>..<head>` and `since-deployed-in`, under both answer profiles.
 */
import {
  clean,
  listRequests,
  release as releaseIn,
  rangeResultOf,
  seedAttesting,
  type Org,
} from '../../helpers/check-attestations.js';
import { describe, expect, it } from 'vitest';
import { fastCommits, gitRecorder, useTempDirs } from '../../helpers/git.js';
import { liveShaped, unconfirmedDiff } from '../../helpers/live-diff.js';
import { DEMO_TOKEN, useSandbox, type Running } from '../../helpers/sandbox.js';
import { TEST_TOKEN } from '../../helpers/secrets.js';
import { artifactAnswer, heldAnswers } from '../../helpers/lookups.js';
import { json, startServer } from '../../helpers/server.js';

import { useInProcessAction } from '../../helpers/in-process.js';
import { byProfileOf, PROFILES } from '@compliance-actions/sandbox/profile';
import type { SandboxOptions } from '@compliance-actions/sandbox/server';

const runAction = useInProcessAction();
const startSandbox = useSandbox();
const { repo, tempDir } = useTempDirs();

const ACTION = 'check-attestations-for-commit';
const connection = (url: string) => ({ 'api-url': url, 'api-token': DEMO_TOKEN, org: 'demo' });

const resultOf = rangeResultOf;

/**
 * `seed` with an environment `app-prod` whose one snapshot runs `running` (name and the commit of acme/app it was
 * built from, or of another repository), each an artifact of the flow `app`.
 */
function withDeployed(
  seed: { orgs: { demo: Org } },
  running: { name: string; commit: string; repository?: string }[],
): unknown {
  const org = seed.orgs.demo;
  org.flows.push({ name: 'app' });
  const artifacts = running.map(({ name, commit, repository = 'acme/app' }, i) => {
    const fingerprint = (i + 1).toString(16).padStart(64, 'a');
    org.artifacts.push({
      id: String(900 + i).padStart(24, '0'),
      flow: 'app',
      fingerprint,
      filename: name,
      git_commit: commit,
      commit_url: `https://github.com/${repository}/commit/${commit}`,
      created_at: 1793700000,
      last_modified_at: 1793700000,
    });
    return { fingerprint, name, pods: [`pod-${i}`], most_recent_timestamp: 1793700000 };
  });
  org.environments.push({
    name: 'app-prod',
    type: 'K8S',
    snapshots: [{ index: 1, created_at: 1793700000, artifacts }],
  });
  return seed;
}

function countRequests(sandbox: Running): () => number {
  let count = 0;
  sandbox.sandbox.observe(() => count++);
  return () => count;
}

const release = (count: number) => releaseIn(repo(), count);

describe.each(PROFILES)('check-attestations-for-commit over a range, the sandbox answering %s', (PROFILE) => {
  const byProfile = byProfileOf(PROFILE);
  const start = (options: Partial<SandboxOptions> = {}) => startSandbox({ profile: PROFILE, ...options });

  it('checks merge commits unless include-merges is false', async () => {
    const r = repo();
    const [root = ''] = fastCommits(r, 1, { message: () => 'Root' });
    r.git('branch', 'side', root);
    const [side = ''] = fastCommits(r, 1, { branch: 'side', message: () => 'On the side' });
    const [main = ''] = fastCommits(r, 1, { message: () => 'On main' });
    r.git('merge', '-q', '--no-ff', '-m', 'Merge side', 'side');
    const merge = r.git('rev-parse', 'HEAD');
    const sandbox = await start({ seed: seedAttesting([merge, side, main]) });
    const run = (includeMerges: string) =>
      runAction(ACTION, {
        cwd: r.dir,
        inputs: { ...connection(sandbox.url), commits: `${root}..HEAD`, 'include-merges': includeMerges },
      });
    const withMerges = await run('true');
    expect(withMerges.code).toBe(0);
    expect(resultOf(withMerges).commits[0]?.sha).toBe(merge);
    expect(new Set(resultOf(withMerges).commits.map((c) => c.sha))).toEqual(new Set([merge, side, main]));
    const without = await run('false');
    expect(without.code).toBe(0);
    expect(new Set(resultOf(without).commits.map((c) => c.sha))).toEqual(new Set([side, main]));
    expect(without.summary).toContain('newest first, merges left out.');
    clean(without);
  });

  it('a range of merges alone, left out by include-merges: false, checks nothing: never a pass, graded missing', async () => {
    const r = repo();
    const [root = ''] = fastCommits(r, 1, { message: () => 'Root' });
    r.git('branch', 'side', root);
    const [side = ''] = fastCommits(r, 1, { branch: 'side', message: () => 'On the side' });
    r.git('merge', '-q', '--no-ff', '-m', 'Merge side', 'side');
    const sandbox = await start({ seed: seedAttesting([side]) });
    const requests = listRequests(sandbox);
    const run = (inputs: Record<string, string> = {}) =>
      runAction(ACTION, {
        cwd: r.dir,
        inputs: {
          ...connection(sandbox.url),
          commits: `${side}..HEAD`,
          'include-merges': 'false',
          ...inputs,
        },
      });
    const note = `${side}..HEAD has only merge commits (1), which include-merges: false leaves out: nothing was checked.`;
    const failed = await run();
    expect(failed.code).toBe(1);
    expect(failed.outputs).toMatchObject({
      outcome: 'non-compliant',
      compliant: 'false',
      'would-fail': 'true',
    });
    expect(resultOf(failed)).toMatchObject({
      compliant: false,
      commits: [],
      note,
      nothingChecked: 'missing',
    });
    expect(failed.summary).toContain('### ❌ Compliance gate tripped: nothing checked');
    expect(failed.summary).toContain(note);
    expect(failed.stdout).toContain(`\n${note}\n`);
    expect(failed.stdout.trimEnd().split('\n').at(-1)).toBe(
      `::error::Compliance gate tripped: ${note} Nothing checked is graded missing, which fails the step ` +
        '(fail-on: non-compliant, missing, unknown).',
    );
    // fail-on decides: without missing it warns, and still never passes.
    const warned = await run({ 'fail-on': 'non-compliant' });
    expect(warned.code).toBe(0);
    expect(warned.outputs).toMatchObject({
      outcome: 'non-compliant',
      compliant: 'false',
      'would-fail': 'true',
    });
    expect(warned.summary).toContain(
      '### ❌ Compliance gate tripped (not failing the step): nothing checked',
    );
    expect(warned.stdout).toContain(
      `::warning title=Compliance gate::${note} Nothing checked is graded missing, which only warns ` +
        '(fail-on is non-compliant).',
    );
    // Nothing was asked of the service.
    expect(requests()).toEqual([]);
    clean(warned);
  });

  it('commit subjects from git act on nothing: not the log, not the summary', async () => {
    const { r, root } = release(0);
    fastCommits(r, 2, {
      message: (i) => `::warning::from-git ${i}\r::stop-commands::x @octocat <img src=x> [a](javascript:x)`,
    });
    const sandbox = await start();
    const result = await runAction(ACTION, {
      cwd: r.dir,
      inputs: { ...connection(sandbox.url), commits: `${root}..HEAD` },
    });
    expect(result.code).toBe(1);
    // The subjects reached the log and the summary, each on one line and inert.
    expect(result.stdout).toContain('from-git 1');
    expect(result.summary).toContain('from-git 1');
    for (const line of result.stdout.split('\n')) {
      if (line.startsWith('::'))
        expect(line).toMatch(/^::(group|endgroup|debug|notice|warning|error|add-mask)( [^:]*)?::/);
      expect(line).not.toMatch(/^::warning::from-git/);
    }
    expect(result.summary).not.toMatch(/(?<![A-Za-z0-9_])@[A-Za-z0-9]/);
    expect(result.summary).not.toMatch(/<img|\]\(javascript:/i);
    clean(result);
  });

  describe('since-deployed-in', () => {
    it('checks every commit since what runs of this repository: several versions, each one missing counts', async () => {
      const { r, after } = release(10);
      const [c3 = '', c6 = '', head = ''] = [after[3], after[6], after[9]];
      const seed = withDeployed(seedAttesting(after), [
        // Two services of this repository at different versions, and one of another repository.
        { name: 'ghcr.io/acme/app:1.3.0', commit: c3 },
        { name: 'ghcr.io/acme/app-worker:1.6.0', commit: c6 },
        { name: 'ghcr.io/acme/other:2.0.0', commit: 'f'.repeat(40), repository: 'acme/other' },
      ]);
      // A branch named as a base's SHA, at the head: the base is still the commit the SHA names.
      r.git('branch', c3, head);
      const sandbox = await start({ seed });
      await liveShaped(sandbox, 'app-prod', 'app-prod');
      const git = gitRecorder(tempDir('git-'));
      const result = await runAction(ACTION, {
        cwd: r.dir,
        inputs: {
          ...connection(sandbox.url),
          'since-deployed-in': 'app-prod',
          name: 'ghcr.io/acme/*',
          required: 'unit-tests',
        },
        github: { GITHUB_SHA: head },
        env: git.env,
      });
      const saved = resultOf(result);
      // The minimal profile sends no commit_url nor git_commit (only shown): no base, and the gate fails closed.
      if (byProfile(true, false)) {
        expect(result.code).toBe(0);
        expect(result.outputs.outcome).toBe('compliant');
        expect(saved.from).toBe('since-deployed');
        // The union of c3..head and c6..head: every commit after c3, newest first.
        expect(saved.commits.map((c) => c.sha)).toEqual(after.slice(4).reverse());
        expect(saved.range?.bases).toEqual([c3, c6]);
        // Both bases read in one git call, as commits only; the head as git names it.
        const resolving = git.calls().filter((c) => /^-C \S+ (cat-file|rev-parse --verify)/.test(c));
        expect(resolving).toEqual([
          `-C ${r.dir} cat-file --batch-check=%(objectname) %(objecttype)`,
          `-C ${r.dir} rev-parse --verify --quiet --end-of-options ${head}^{commit}`,
        ]);
        expect(saved.deployed).toMatchObject({
          environment: 'app-prod',
          snapshot: 'app-prod#1',
          artifacts: [
            { name: 'ghcr.io/acme/app:1.3.0', commit: c3, why: 'its commit_url' },
            { name: 'ghcr.io/acme/app-worker:1.6.0', commit: c6, why: 'its commit_url' },
          ],
        });
        expect(result.summary).toContain(
          `6 commit(s) since what runs in app-prod (since ${c3.slice(0, 7)} and ${c6.slice(0, 7)}, up to ${head.slice(0, 7)}), newest first, merges included.`,
        );
        expect(result.summary).toContain('3 artifact(s) run in app-prod (app-prod#1), 2 of this repository:');
        expect(result.summary).toContain(`| ghcr.io/acme/app:1.3.0 | <code>${c3}</code> | its commit_url |`);
      } else {
        expect(result.code).toBe(1);
        expect(result.outputs.outcome).toBe('error');
        expect(saved.error?.kind).toBe('input');
        expect(saved.error?.message).toContain("Invalid input 'since-deployed-in': found no base");
        expect(saved.error?.message).toContain('the commit of ghcr.io/acme/app:1.3.0');
      }
      clean(result);
    });

    it('in a shallow clone that lacks the base: set fetch-depth: 0', async () => {
      const { r, after } = release(5);
      const base = after[1] ?? '';
      const shallow = tempDir('shallow-');
      r.git('clone', '-q', '--depth', '1', `file://${r.dir}`, shallow);
      const sandbox = await start({
        seed: withDeployed(seedAttesting([]), [{ name: 'ghcr.io/acme/app:1.1.0', commit: base }]),
      });
      await liveShaped(sandbox, 'app-prod', 'app-prod');
      const result = await runAction(ACTION, {
        cwd: shallow,
        inputs: { ...connection(sandbox.url), 'since-deployed-in': 'app-prod', flow: 'app' },
        github: { GITHUB_SHA: after[4] ?? '' },
      });
      expect(result.code).toBe(1);
      expect(result.outputs.outcome).toBe('error');
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
      clean(result);
    });

    it('without a base (nothing of this repository runs there): on-no-base fail, all and skip', async () => {
      const { r, root, after } = release(5);
      // The demo's production runs acme/shop's backend (flow backend): not this repository (acme/app).
      const sandbox = await start({ seed: seedAttesting([root, ...after]) });
      const requests = countRequests(sandbox);
      const step = (onNoBase: string) =>
        runAction(ACTION, {
          cwd: r.dir,
          inputs: {
            ...connection(sandbox.url),
            'since-deployed-in': 'production',
            flow: 'backend',
            'on-no-base': onNoBase,
          },
          github: { GITHUB_SHA: after[4] ?? '' },
        });
      const run = async (onNoBase: string) => {
        await liveShaped(sandbox, 'production', 'production');
        return step(onNoBase);
      };

      const fail = await run('fail');
      expect(fail.code).toBe(1);
      expect(fail.outputs).toMatchObject({ outcome: 'error', compliant: 'false' });
      const failed = resultOf(fail);
      expect(failed.error?.kind).toBe('input');
      // The full profile names acme/shop's commit page (not this repository); the minimal one no commit at all.
      const noBase = byProfile(
        'nothing of this repository (flow backend) runs in production',
        'the commit of ghcr.io/acme/backend:1.4.0 (the service names no commit for it), running in production, is ' +
          'not known',
      );
      expect(failed.error?.message).toContain(
        `Invalid input 'since-deployed-in': found no base to check the commits since: ${noBase}`,
      );
      expect(failed.deployed?.environment).toBe('production');
      expect(fail.summary).toContain('Compliance gate could not check');
      expect(fail.summary).toContain('found no base');

      const all = await run('all');
      expect(all.code).toBe(0);
      expect(all.outputs.outcome).toBe('compliant');
      // Every commit of the head, the root included.
      expect(resultOf(all).commits.map((c) => c.sha)).toEqual([...after].reverse().concat(root));
      expect(resultOf(all).deployed?.noBase).toBe('all');
      expect(all.stdout).toContain(
        `::warning::No base in production: ${noBase}. Every commit of the head commit ${after[4] ?? ''} is checked ` +
          '(on-no-base: all).',
      );

      await liveShaped(sandbox, 'production', 'production');
      const before = requests();
      const skip = await step('skip');
      expect(skip.code).toBe(0);
      expect(skip.outputs).toMatchObject({ outcome: 'skipped', compliant: 'false', missing: '[]' });
      expect(resultOf(skip)).toMatchObject({ outcome: 'skipped', compliant: false, commits: [] });
      expect(skip.summary).toContain('### ⏭️ Compliance gate skipped: nothing checked');
      expect(skip.stdout).toContain('::warning::No base in production');
      // The diff was read (and the artifact of acme/shop asked about in the minimal profile), no attestation.
      expect(requests() - before).toBe(byProfile(1, 2));
      clean(skip);
    });
    it('on an answer that names no snapshot, could not check: nothing looked up, a dry run forgives it', async () => {
      const { r, after } = release(3);
      const sandbox = await start({
        seed: withDeployed(seedAttesting(after), [
          { name: 'ghcr.io/acme/app:1.0.0', commit: after[0] ?? '' },
        ]),
      });
      const asked: string[] = [];
      sandbox.sandbox.observe(({ url }) => asked.push(new URL(url, 'http://sandbox').pathname));
      const run = async (more: Record<string, string> = {}) => {
        await unconfirmedDiff(sandbox, 'app-prod', 'app-prod');
        asked.length = 0;
        return runAction(ACTION, {
          cwd: r.dir,
          inputs: { ...connection(sandbox.url), 'since-deployed-in': 'app-prod', flow: 'app', ...more },
          github: { GITHUB_SHA: after[2] ?? '' },
        });
      };
      const why =
        'unexpected response from GET /env-diff/{org}: names no snapshot for snappish1 and snappish2 (not ' +
        'confirmed), so it cannot be shown to be about what runs in app-prod: since-deployed-in takes no base from it';
      const result = await run();
      expect(result.code).toBe(1);
      expect(result.outputs).toMatchObject({ outcome: 'error', compliant: 'false', 'would-fail': 'true' });
      expect(resultOf(result).error).toEqual({ kind: 'unexpected-response', message: why });
      expect(result.summary).toContain('### ⚠️ Compliance gate could not check');
      expect(result.stdout.trimEnd().split('\n').at(-1)).toBe(`::error::${why}`);
      // The diff alone: no artifact looked up on its word, no attestation read.
      expect(asked).toEqual(['/api/v2/env-diff/demo']);

      const dry = await run({ 'dry-run': 'true' });
      expect(dry.code).toBe(0);
      expect(dry.outputs).toMatchObject({ outcome: 'error', compliant: 'false' });
      expect(dry.stdout).toContain(`::warning title=Dry run::Not failed (dry run): ${why}`);
      clean(dry);
    });
    it('looks up at most 200 artifacts, 8 at a time, and says the bound left their commits unknown', async () => {
      const { r, after } = release(1);
      const fingerprint = (n: number) => n.toString(16).padStart(64, '0');
      const running = Array.from({ length: 205 }, (_, n) => ({
        fingerprint: fingerprint(n),
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
        lookups.hold(() => json(res, 200, artifactAnswer(fp, 'app', 'COMPLIANT', { git_commit: after[0] })));
      });
      const run = (onNoBase: string) =>
        runAction(ACTION, {
          cwd: r.dir,
          inputs: {
            'api-url': server.origin,
            'api-token': TEST_TOKEN,
            org: 'acme',
            'since-deployed-in': 'prod',
            flow: 'app',
            'on-no-base': onNoBase,
          },
          github: { GITHUB_SHA: after[0] ?? '' },
        });
      const bound =
        '5 of the 205 artifact(s) of this repository running in prod were not looked up (at most 200 lookups in ' +
        'one step), so their commits are not known';
      try {
        const failed = await run('fail');
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
        const skipped = await run('skip');
        expect(skipped.outputs.outcome).toBe('skipped');
        expect(skipped.stdout).toContain(
          `::warning::No base in prod: ${bound}. Nothing was checked (on-no-base: skip).`,
        );
        expect(skipped.summary).toContain(bound);
        clean(skipped);
      } finally {
        lookups.stop();
        await server.close();
      }
    });
  });

  describe('refused before any request to the service, naming the input', () => {
    const refused = async (
      sandbox: Running,
      cwd: string,
      inputs: Record<string, string>,
      github: Record<string, string> = {},
    ) => {
      const requests = countRequests(sandbox);
      const result = await runAction(ACTION, {
        cwd,
        inputs: { ...connection(sandbox.url), ...inputs },
        github,
      });
      expect(result.code).toBe(1);
      expect(result.outputs.outcome).toBe('error');
      expect(resultOf(result).error?.kind).toBe('input');
      expect(requests()).toBe(0);
      clean(result);
      return resultOf(result).error?.message ?? '';
    };

    it('a shallow clone that lacks the base: set fetch-depth: 0', async () => {
      const { r, root } = release(5);
      const shallow = tempDir('shallow-');
      r.git('clone', '-q', '--depth', '1', `file://${r.dir}`, shallow);
      const sandbox = await start();
      expect(await refused(sandbox, shallow, { commits: `${root}..HEAD` })).toBe(
        `Invalid input 'commits': '${root}' is not in this shallow clone. Expected the whole history in the ` +
          'checkout: set fetch-depth: 0 on actions/checkout.',
      );
    });

    it('a revision the repository does not have', async () => {
      const { r } = release(2);
      const sandbox = await start();
      const message = await refused(sandbox, r.dir, { commits: 'v9.9.9..HEAD' });
      expect(message).toContain(
        `Invalid input 'commits': 'v9.9.9' names no commit in the repository at ${r.dir}.`,
      );
    });

    it('more than 5,000 commits, saying how many', async () => {
      const { r } = release(5001);
      const sandbox = await start();
      expect(await refused(sandbox, r.dir, { commits: 'v1..main' })).toBe(
        "Invalid input 'commits': v1..main has 5,001 commits, more than the 5,000 one step checks. Expected at " +
          'most 5,000 commits: a later base, or the range split over several steps.',
      );
    }, 60_000);
  });
});
