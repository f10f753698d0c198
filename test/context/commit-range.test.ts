/**
 * A range of commits in the checkout (src/context/commit-range.ts, over src/context/git.ts), in-process against real
 * git repositories: the form as written, the walk (merges, several bases, unrelated histories), and every reason it
 * cannot be read, each an InputError on the input it came from.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { grouped, parseRange, readRange, type RangeRequest } from '../../src/context/commit-range.js';
import { countCommits, resolveCommits, resolveRevision } from '../../src/context/git.js';
import { InputError } from '../../src/errors/errors.js';
import { fastCommits, useTempDirs, type Repo } from '../helpers/git.js';
import { thrownBy } from '../helpers/inputs.js';

const { repo, tempDir } = useTempDirs();

/** The InputError `run` threw. */
function inputError(run: () => unknown): InputError {
  const error = thrownBy(run);
  if (!(error instanceof InputError)) throw error;
  return error;
}

describe('parseRange', () => {
  it.each([
    ['v1.2.0..HEAD', { base: 'v1.2.0', head: 'HEAD' }],
    ['  main .. feature/x  ', { base: 'main', head: 'feature/x' }],
    ['HEAD~3..HEAD@{0}', { base: 'HEAD~3', head: 'HEAD@{0}' }],
  ])('%s is a range', (text, range) => {
    expect(parseRange(text, 'commits')).toEqual(range);
  });

  it('is undefined for what is not a range (a list of SHAs)', () => {
    expect(parseRange(`${'a'.repeat(40)}\n${'b'.repeat(40)}`, 'commits')).toBeUndefined();
    expect(parseRange('', 'commits')).toBeUndefined();
  });

  it.each([
    ['v1..HEAD\nv2..HEAD', 'holds a range and other lines'],
    ['v1...HEAD', "'v1...HEAD' has three dots"],
    ['..HEAD', "'..HEAD' leaves its base empty"],
    ['v1..', "'v1..' leaves its head empty"],
    ['a..b..c', "'a..b..c' has more than one '..'"],
    ['--output=/tmp/x..HEAD', "'--output=/tmp/x' starts with '-', which git would read as an option"],
    ['v1..-x', "'-x' starts with '-'"],
    ['v1..HE\u0007AD', 'holds a control character'],
  ])('refuses %j', (text, problem) => {
    const error = inputError(() => parseRange(text, 'commits'));
    expect(error.input).toBe('commits');
    expect(error.problem).toContain(problem);
    expect(error.expected).toContain('<base>..<head>');
  });
});

describe('resolveRevision', () => {
  it('never lets a revision act as an option (--end-of-options)', () => {
    const r = repo();
    fastCommits(r, 1);
    const file = join(tempDir(), 'written');
    expect(resolveRevision(r.dir, `--output=${file}`)).toBeUndefined();
    expect(existsSync(file)).toBe(false);
    expect(resolveRevision(r.dir, 'HEAD')).toBe(r.git('rev-parse', 'HEAD'));
  });

  it('peels a tag to its commit, and names no tree', () => {
    const r = repo();
    const [sha = ''] = fastCommits(r, 1);
    r.git('tag', '-a', '-m', 'annotated', 'v1', sha);
    expect(resolveRevision(r.dir, 'v1')).toBe(sha);
    expect(resolveRevision(r.dir, 'HEAD^{tree}')).toBeUndefined();
  });
});

describe('resolveCommits', () => {
  /** Three commits; a branch named as the first's full SHA and a tag named as the second's short SHA, both at the last. */
  function misleading() {
    const r = repo();
    const [one = '', two = '', three = ''] = fastCommits(r, 3);
    r.git('branch', one, three);
    r.git('tag', two.slice(0, 7), three);
    return { r, one, two, three };
  }

  it('reads a SHA as the commit it names, never a branch or tag named like it, full or abbreviated', () => {
    const { r, one, two, three } = misleading();
    // git itself follows the tag for the abbreviated SHA.
    expect(r.git('rev-parse', `${two.slice(0, 7)}^{commit}`)).toBe(three);
    const resolved = resolveCommits(r.dir, [one, two.slice(0, 7), two.slice(0, 9).toUpperCase()]);
    expect(resolved).toEqual(
      new Map([
        [one, one],
        [two.slice(0, 7), two],
        [two.slice(0, 9), two],
      ]),
    );
  });

  it('names no commit for a SHA the repository lacks (a branch of that name or not), a tree, or no SHA at all', () => {
    const { r, three } = misleading();
    const absent = 'e'.repeat(40);
    r.git('branch', absent, three);
    const tree = r.git('rev-parse', 'HEAD^{tree}');
    expect(resolveCommits(r.dir, [absent, 'eeeeeee', tree, 'HEAD', '--output=x', three])).toEqual(
      new Map([[three, three]]),
    );
    expect(resolveCommits(r.dir, [])).toEqual(new Map());
    expect(resolveCommits(tempDir(), [three])).toBeUndefined();
  });

  it('counts between the commits two SHAs name, never refs named like them; nothing for what is no commit here', () => {
    const { r, one, two, three } = misleading();
    expect(countCommits(r.dir, two.slice(0, 7), three)).toBe(1);
    expect(countCommits(r.dir, one, three.slice(0, 8).toUpperCase())).toBe(2);
    expect(countCommits(r.dir, 'e'.repeat(40), three)).toBeUndefined();
    expect(countCommits(r.dir, 'HEAD~2', 'HEAD')).toBeUndefined();
    expect(countCommits(tempDir(), one, three)).toBeUndefined();
  });

  it('in a range, a base from the service is a commit only; one from an input is any revision', () => {
    const { r, one, two, three } = misleading();
    const since = (revision: string, commitOnly: boolean) =>
      shas(readRange(request(r, { bases: [{ revision, commitOnly }] })));
    expect(since(one, true)).toEqual([three, two]);
    expect(since(two.slice(0, 7), true)).toEqual([three]);
    // The input's word is git's: the tag named like the short SHA is the last commit.
    expect(since(two.slice(0, 7), false)).toEqual([]);
    const error = inputError(() =>
      readRange(request(r, { bases: [{ revision: 'e'.repeat(40), commitOnly: true }] })),
    );
    expect(error.message).toContain(`'${'e'.repeat(40)}' names no commit in the repository`);
  });
});

const request = (r: Repo, over: Partial<RangeRequest>): RangeRequest => ({
  cwd: r.dir,
  input: 'commits',
  shown: 'the range',
  head: { revision: 'HEAD' },
  bases: [],
  includeMerges: true,
  max: 5000,
  ...over,
});
const shas = (read: { commits: { sha: string }[] }) => read.commits.map((c) => c.sha);

describe('readRange', () => {
  it('lists base..head newest first, each with its subject, the base and head resolved', () => {
    const r = repo();
    const [root = '', ...after] = fastCommits(r, 4, { message: (i) => `Change ${i}\n\nwith a body` });
    r.git('tag', 'v1', root);
    const read = readRange(request(r, { bases: [{ revision: 'v1' }] }));
    expect(shas(read)).toEqual([...after].reverse());
    expect(read.commits[0]?.subject).toBe('Change 3');
    expect(read).toMatchObject({ head: after[2], bases: [root] });
  });

  it('with several bases, checks every commit one of them lacks (the union of each base..head)', () => {
    // root - a1 - a2 ------ M (HEAD)
    //          \           /
    //           x1 -------'
    const r = repo();
    const [, a1 = '', a2 = ''] = fastCommits(r, 3);
    r.git('branch', 'x', a1);
    const [x1 = ''] = fastCommits(r, 1, { branch: 'x' });
    r.git('merge', '-q', '--no-ff', '-m', 'Merge x', 'x');
    const merge = r.git('rev-parse', 'HEAD');
    const read = readRange(request(r, { bases: [{ revision: a2 }, { revision: x1 }] }));
    // a2..M is x1 and M; x1..M is a2 and M: together all three, though neither base alone gives them.
    expect(new Set(shas(read))).toEqual(new Set([merge, a2, x1]));
    expect(read.bases).toEqual([a2, x1]);
    expect(new Set(shas(readRange(request(r, { bases: [{ revision: a2 }] }))))).toEqual(new Set([merge, x1]));
    // Without merges: the merge is left out.
    expect(
      new Set(
        shas(readRange(request(r, { bases: [{ revision: a2 }, { revision: x1 }], includeMerges: false }))),
      ),
    ).toEqual(new Set([a2, x1]));
  });

  it('with bases that share no history, checks every commit of the head', () => {
    const r = repo();
    const all = fastCommits(r, 3);
    const [lone = ''] = fastCommits(r, 1, { branch: 'orphan', message: () => 'Unrelated' });
    const read = readRange(request(r, { bases: [{ revision: all[1] ?? '' }, { revision: lone }] }));
    expect(shas(read)).toEqual([...all].reverse());
  });

  it('an empty range is no commits, not an error', () => {
    const r = repo();
    fastCommits(r, 2);
    expect(readRange(request(r, { bases: [{ revision: 'HEAD' }] }))).toMatchObject({ commits: [] });
    expect(readRange(request(r, { bases: [{ revision: 'HEAD' }] })).onlyMerges).toBeUndefined();
  });

  it('with merges left out, counts the merges of a range that has nothing else', () => {
    const r = repo();
    const [root = ''] = fastCommits(r, 1);
    r.git('branch', 'side', root);
    const [side = ''] = fastCommits(r, 1, { branch: 'side' });
    r.git('merge', '-q', '--no-ff', '-m', 'Merge side', 'side');
    const merge = r.git('rev-parse', 'HEAD');
    const onlyMerges = request(r, { bases: [{ revision: side }], includeMerges: false });
    expect(readRange(onlyMerges)).toMatchObject({ commits: [], onlyMerges: 1 });
    const withMerges = readRange({ ...onlyMerges, includeMerges: true });
    expect(shas(withMerges)).toEqual([merge]);
    expect(withMerges.onlyMerges).toBeUndefined();
    // Another commit beside the merge: something to check, no count.
    expect(readRange({ ...onlyMerges, bases: [{ revision: root }] }).onlyMerges).toBeUndefined();
  });

  it('refuses more than max, saying how many', () => {
    const r = repo();
    fastCommits(r, 5);
    const error = inputError(() => readRange(request(r, { max: 3, shown: 'v1..HEAD' })));
    expect(error.message).toBe(
      "Invalid input 'commits': v1..HEAD has 5 commits, more than the 3 one step checks. Expected at most 3 commits: " +
        'a later base, or the range split over several steps.',
    );
  });

  it('names a revision the repository does not have, and the input it came from', () => {
    const r = repo();
    fastCommits(r, 1);
    const error = inputError(() =>
      readRange(
        request(r, {
          input: 'since-deployed-in',
          bases: [{ revision: 'f'.repeat(40), described: 'the commit fff… of app 1.0' }],
        }),
      ),
    );
    expect(error.input).toBe('since-deployed-in');
    expect(error.problem).toBe(`the commit fff… of app 1.0 names no commit in the repository at ${r.dir}`);
  });

  it('outside a repository, says to check it out', () => {
    const error = inputError(() => readRange({ ...request(repo(), {}), cwd: tempDir() }));
    expect(error.problem).toMatch(/is not a git repository/);
    expect(error.expected).toContain('fetch-depth: 0');
  });

  describe('in a shallow clone', () => {
    function shallowClone(r: Repo, depth: number): string {
      const dir = tempDir('shallow-');
      r.git('clone', '-q', '--no-single-branch', '--depth', String(depth), `file://${r.dir}`, dir);
      return dir;
    }

    it('a base it has, with the history between them cut: fetch the whole history', () => {
      // main: r0 … r5; the branch old: o1 on r1. With depth 2 the clone has r4, r5 and r1, o1: both ends, but not r2
      // and r3, so o1..main would end at r4 instead of r2.
      const r = repo();
      const main = fastCommits(r, 6);
      r.git('branch', 'old', main[1] ?? '');
      const [o1 = ''] = fastCommits(r, 1, { branch: 'old' });
      const dir = shallowClone(r, 2);
      const error = inputError(() => readRange({ ...request(r, { bases: [{ revision: o1 }] }), cwd: dir }));
      expect(error.problem).toBe(
        `the range reaches past the history of this shallow clone (it is cut at ${main[4] ?? ''})`,
      );
      expect(error.expected).toContain('fetch-depth: 0');
      // A range within what the clone has reads as in a full clone.
      expect(shas(readRange({ ...request(r, { bases: [{ revision: main[4] ?? '' }] }), cwd: dir }))).toEqual([
        main[5],
      ]);
    });
  });
});

describe('grouped', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [5000, '5,000'],
    [1234567, '1,234,567'],
  ])('%i is %s', (n, text) => {
    expect(grouped(n)).toBe(text);
  });
});
