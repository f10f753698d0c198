/**
 * Many commits grouped by state in a summary (src/summary/commit-groups.ts): the line budget across groups, the count of
 * what is left out, and text from outside (a commit subject) escaped, all rendered as GitHub renders it.
 */
import { describe, expect, it } from 'vitest';
import { writeCommitGroups, type GroupedCommit } from '../../src/summary/commit-groups.js';
import { SummaryWriter } from '../../src/summary/writer.js';
import { renderProblems } from '../helpers/gfm.js';

describe('writeCommitGroups', () => {
  // The groups in order, each with its count, within maxLines in all, counting what is left out: the gate's
  // summary of a range in test/actions/check-attestations-for-commit/read-render.test.ts.
  it('escapes what came from outside: a subject, a detail', () => {
    const hostile: GroupedCommit = {
      sha: 'b'.repeat(40),
      title: '*bold* [x](javascript:alert(1)) @octocat <img src=x>',
      url: 'javascript:alert(1)',
      detail: `name_${'y'.repeat(300)} @github/security`,
    };
    const groups = [
      { title: 'Missing', commits: [hostile] },
      { title: 'Compliant', commits: [] },
    ];
    const text = writeCommitGroups(new SummaryWriter(), groups, {
      maxLines: 10,
      fullData: 'the result file',
    }).toString();
    // An empty group is left out, and nothing left out is not counted.
    expect(text.match(/^#### .*$/gm)).toEqual(['#### Missing: 1 commit']);
    expect(text).not.toContain('… and 0 more');
    expect(text).not.toMatch(/<img|\]\(javascript:|(?<![A-Za-z0-9_])@[A-Za-z0-9]/);
    // A link only to http(s): this one is text.
    expect(text).toContain('- bbbbbbb \\*bold\\*');
    // A long detail is cut.
    expect(text).toContain('…');
    expect(text.split('\n').find((line) => line.startsWith('- '))?.length).toBeLessThan(400);
    expect(renderProblems(text)).toEqual([]);
  });
});
