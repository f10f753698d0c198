/**
 * Many commits grouped by state in a summary (src/summary/commit-groups.ts): the line budget across groups, the count of
 * what is left out, and text from outside (a commit subject) escaped, all rendered as GitHub renders it.
 */
import { describe, expect, it } from 'vitest';
import { writeCommitGroups, type GroupedCommit } from '../../src/summary/commit-groups.js';
import { SummaryWriter } from '../../src/summary/writer.js';
import { renderProblems } from '../helpers/gfm.js';

const commit = (i: number, detail?: string): GroupedCommit => ({
  sha: i.toString(16).padStart(40, 'a'),
  title: `Change ${i}`,
  url: `https://github.com/acme/app/commit/${i.toString(16).padStart(40, 'a')}`,
  ...(detail !== undefined && { detail }),
});
const many = (from: number, count: number, detail?: string) =>
  Array.from({ length: count }, (_, i) => commit(from + i, detail));

describe('writeCommitGroups', () => {
  it('lists the groups in order, each with its count, within maxLines in all, counting what is left out', () => {
    const text = writeCommitGroups(
      new SummaryWriter(),
      [
        { title: '❌ Non-compliant', commits: many(0, 3, 'sbom non-compliant') },
        { title: '⚠️ Missing', commits: [] },
        { title: '✅ Compliant', commits: many(3, 10) },
      ],
      { maxLines: 5, fullData: 'the `result-file` output' },
    ).toString();
    expect(text.match(/^#### .*$/gm)).toEqual([
      '#### ❌ Non-compliant: 3 commit(s)',
      '#### ✅ Compliant: 10 commit(s)',
    ]);
    expect(text).toContain(`- [aaaaaaa Change 0](${commit(0).url ?? ''}): sbom non-compliant`);
    expect(text.match(/^- \[/gm)).toHaveLength(5);
    expect(text).toContain('… and 8 more, not shown here: every commit is in the `result-file` output.');
    expect(text).not.toContain('… and 0 more');
    expect(renderProblems(text)).toEqual([]);
  });

  it('escapes what came from outside: a subject, a detail', () => {
    const hostile: GroupedCommit = {
      sha: 'b'.repeat(40),
      title: '*bold* [x](javascript:alert(1)) @octocat <img src=x>',
      url: 'javascript:alert(1)',
      detail: `name_${'y'.repeat(300)} @github/security`,
    };
    const text = writeCommitGroups(new SummaryWriter(), [{ title: 'Missing', commits: [hostile] }], {
      maxLines: 10,
      fullData: 'the result file',
    }).toString();
    expect(text).not.toMatch(/<img|\]\(javascript:|(?<![A-Za-z0-9_])@[A-Za-z0-9]/);
    // A link only to http(s): this one is text.
    expect(text).toContain('- bbbbbbb \\*bold\\*');
    // A long detail is cut.
    expect(text).toContain('…');
    expect(text.split('\n').find((line) => line.startsWith('- '))?.length).toBeLessThan(400);
    expect(renderProblems(text)).toEqual([]);
  });
});
