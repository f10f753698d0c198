/**
 * check-attestations-for-commit over a range through the shipped bundle: the bundle reads the commits with git, a real
 * child of the step's process, in a real checkout. Its contract otherwise is test/dist/check-attestations-for-commit;
 * every branch of a range is tested in-process: test/actions/check-attestations-for-commit/range-steps.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  clean,
  listRequests,
  release as releaseIn,
  rangeResultOf,
  seedAttesting,
} from '../helpers/check-attestations.js';
import { useTempDirs } from '../helpers/git.js';
import { runAction } from '../helpers/runner.js';
import { DEMO_TOKEN, useSandbox } from '../helpers/sandbox.js';

const start = useSandbox();
const { repo } = useTempDirs();

const ACTION = 'check-attestations-for-commit';
const connection = (url: string) => ({ 'api-url': url, 'api-token': DEMO_TOKEN, org: 'demo' });
const commitUrl = (sha: string) => `https://github.com/acme/app/commit/${sha}`;

const resultOf = rangeResultOf;

const release = (count: number) => releaseIn(repo(), count);

describe('check-attestations-for-commit over a range', () => {
  it('checks every commit of v1..HEAD (300), newest first, in three requests of at most 100, grouped by state', async () => {
    const { r, after } = release(300);
    const newestFirst = [...after].reverse();
    // Every commit attested but two: one failing, one with nothing.
    const failing = after[150] ?? '';
    const missing = after[20] ?? '';
    const sandbox = await start({
      seed: seedAttesting(
        after.filter((sha) => sha !== failing && sha !== missing),
        [failing],
      ),
    });
    sandbox.sandbox.faults.latencyMs = 20;
    const asked = listRequests(sandbox);
    const result = await runAction(ACTION, {
      cwd: r.dir,
      inputs: { ...connection(sandbox.url), commits: 'v1..HEAD', required: 'unit-tests' },
      github: { GITHUB_SHA: after[299] ?? '' },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.outputs.outcome).toBe('non-compliant');
    // Three requests of at most 100 commits, every commit asked once, no more than four at once.
    expect(asked().map((chunk) => chunk.length)).toEqual([100, 100, 100]);
    expect(new Set(asked().flat())).toEqual(new Set(after));
    expect(sandbox.sandbox.load.peak).toBeLessThanOrEqual(4);
    const saved = resultOf(result);
    expect(saved.from).toBe('range');
    expect(saved.commits.map((c) => c.sha)).toEqual(newestFirst);
    expect(saved.commits[0]).toEqual({
      sha: after[299],
      title: 'Commit 299',
      url: commitUrl(after[299] ?? ''),
    });
    expect(saved.range).toEqual({
      shown: 'v1..HEAD',
      head: after[299],
      bases: [r.git('rev-parse', 'v1')],
      includeMerges: true,
    });
    expect(JSON.parse(result.outputs['non-compliant'] ?? '')).toEqual([
      { commit: failing, name: 'unit-tests' },
    ]);
    expect(JSON.parse(result.outputs.missing ?? '')).toEqual([{ commit: missing, name: 'unit-tests' }]);

    // The summary: the range as read, then the commits by state, worst first, each linked; no matrix of 300 rows.
    const { summary } = result;
    expect(summary).toContain(
      `300 commit(s) of v1..HEAD (${r.git('rev-parse', '--short=7', 'v1')}..${(after[299] ?? '').slice(0, 7)}), newest first, merges included.`,
    );
    expect(summary).not.toContain('| Commit | Result |');
    const headings = summary.match(/^#### .*$/gm);
    expect(headings).toEqual([
      '#### ❌ Non-compliant: 1 commit(s)',
      '#### ⚠️ Missing: 1 commit(s)',
      '#### ✅ Compliant: 298 commit(s)',
    ]);
    expect(summary).toContain(
      `- [${failing.slice(0, 7)} Commit 150](${commitUrl(failing)}): unit-tests non-compliant`,
    );
    expect(summary).toContain(
      `- [${missing.slice(0, 7)} Commit 20](${commitUrl(missing)}): unit-tests missing`,
    );
    const compliantLines = summary
      .slice(summary.indexOf('#### ✅'))
      .match(/^- \[[0-9a-f]{7} Commit \d+\]\(https:\/\/github\.com\/acme\/app\/commit\/[0-9a-f]{40}\)/gm);
    expect(compliantLines).toHaveLength(298);
    // In the order checked: newest first.
    expect(compliantLines?.[0]).toContain('Commit 299');
    expect(result.stdout).toContain('300 commit(s) of v1..HEAD (newest first):');
    clean(result);
  });
});
