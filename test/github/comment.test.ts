/**
 * The sticky comment module, in-process against the fake GitHub API: rendering (marker, footer, the 65,536-character
 * limit) and create-or-update by marker.
 */
import { describe, expect, it } from 'vitest';
import {
  COMMENT_LIMIT,
  renderStickyBody,
  stickyMarker,
  upsertStickyComment,
} from '../../src/github/comment.js';
import { createOctokit } from '../../src/github/octokit.js';
import { GITHUB_TOKEN, useFakeGitHub, type FakeComment } from '../helpers/github-api.js';
import { printedDuring } from '../helpers/inputs.js';

const github = useFakeGitHub();
const NOW = new Date('2026-11-02T07:00:00Z');
const RUN = 'https://github.com/acme/app/actions/runs/42';

describe('renderStickyBody', () => {
  it.each([
    [RUN, ` in [this workflow run](${RUN})`],
    // Not an http(s) URL: the link is left out.
    ['javascript:alert(1)', ''],
  ])('puts the marker first and a footer with the time and the run (%s) last', (runUrl, run) => {
    const { text, truncated } = renderStickyBody({
      key: 'build/gate',
      body: '### Hello\n',
      runUrl,
      now: NOW,
    });
    expect(truncated).toBe(false);
    expect(text).toBe(
      `<!-- compliance-actions:sticky build%2Fgate -->\n### Hello\n\n---\n<sub>Ran at 2026-11-02T07:00:00Z${run}.</sub>\n`,
    );
  });

  it('encodes the key, so no key closes the HTML comment or passes for another', () => {
    expect(stickyMarker('a --> b')).toBe('<!-- compliance-actions:sticky a%20--%3E%20b -->');
    expect(stickyMarker('build/gate')).not.toContain(stickyMarker('build/gat'));
  });

  it('cuts a long body at a line, under the limit, with a note that counts what was left out', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `| row ${i} | ${'x'.repeat(60)} |`);
    const { text, truncated } = renderStickyBody({ key: 'k', body: lines.join('\n'), runUrl: RUN, now: NOW });
    expect(truncated).toBe(true);
    expect(text.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(text.length).toBeGreaterThan(COMMENT_LIMIT - 1000);
    const shown = text.split('\n').filter((l) => l.startsWith('| row ')).length;
    // Whole lines only.
    for (const l of text.split('\n').filter((l) => l.startsWith('| row '))) expect(l).toMatch(/ \|$/);
    expect(text).toContain(
      `> This comment was cut to stay under GitHub's 65,536-character limit: ${2000 - shown} more lines are not shown. The full result is in the [job summary](${RUN}).`,
    );
    expect(text).toMatch(/<\/sub>\n$/);
  });

  it('closes a <details> block the cut left open', () => {
    const body = `<details><summary>Pods</summary>\n\n${Array.from({ length: 100 }, (_, i) => `- pod ${i}`).join('\n')}\n\n</details>`;
    const { text } = renderStickyBody({ key: 'k', body, now: NOW, limit: 800 });
    expect(text.length).toBeLessThanOrEqual(800);
    expect(text.match(/<details>/g)).toHaveLength(1);
    expect(text.match(/<\/details>/g)).toHaveLength(1);
    expect(text).toContain('The full result is in the job summary.');
  });

  it('cuts one very long line without splitting a character in two', () => {
    const body = '😀'.repeat(40_000);
    const { text } = renderStickyBody({ key: 'k', body, now: NOW });
    expect(text.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe('upsertStickyComment', () => {
  const human: FakeComment = { id: 1, body: 'LGTM', user: { login: 'ann', type: 'User' } };
  /** Pull request 7 of acme/app on the fake GitHub, with the workflow's token. */
  const pullRequest7 = (apiUrl: string) => ({
    token: GITHUB_TOKEN,
    apiUrl,
    owner: 'acme',
    repo: 'app',
    issueNumber: 7,
  });
  /** The comment 'x' on pull request 7, on a runner or not, and what it printed. */
  const commentX = (apiUrl: string, onActions: boolean) =>
    printedDuring(() => upsertStickyComment({ ...pullRequest7(apiUrl), key: 'k', body: 'x', onActions }));

  it('creates the comment, then updates it in place, leaving other comments alone', async () => {
    const api = await github({ comments: { 7: [human] } });
    const base = { ...pullRequest7(api.url), key: 'build/gate', runUrl: RUN };
    const first = await upsertStickyComment({ ...base, body: 'first', now: NOW });
    expect(first).toMatchObject({ status: 'created', truncated: false });
    const second = await upsertStickyComment({ ...base, body: 'second' });
    expect(second).toMatchObject({ status: 'updated', id: first.status === 'created' ? first.id : -1 });
    const other = await upsertStickyComment({ ...base, key: 'build/gate-2', body: 'other' });
    expect(other.status).toBe('created');
    const comments = api.comments.get(7) ?? [];
    expect(comments.map((c) => c.body.split('\n')[1] ?? c.body)).toEqual(['LGTM', 'second', 'other']);
    expect(api.requests.every((r) => r.headers.authorization === `token ${GITHUB_TOKEN}`)).toBe(true);
  });

  it('is refused by the fake GitHub when its body would not render as meant, so the test that wrote it fails', async () => {
    const api = await github();
    const base = { ...pullRequest7(api.url), now: NOW };
    // A table whose delimiter row does not match its header renders as a paragraph.
    const broken = await upsertStickyComment({ ...base, key: 'k', body: '| a | b |\n| --- |\n| 1 | 2 |' });
    expect(broken.status).not.toBe('created');
    expect(api.comments.get(7) ?? []).toEqual([]);
    const fine = await upsertStickyComment({
      ...base,
      key: 'k',
      body: '| a | b |\n| --- | --- |\n| 1 | 2 |',
    });
    expect(fine.status).toBe('created');
  });

  it('finds its comment past the first page of a long conversation', async () => {
    const many: FakeComment[] = Array.from({ length: 230 }, (_, i) => ({
      id: 10 + i,
      body: i === 180 ? `${stickyMarker('build/gate')}\nold` : `comment ${i}`,
      user: i === 180 ? { login: 'github-actions[bot]', type: 'Bot' } : { login: 'ann', type: 'User' },
    }));
    const api = await github({ comments: { 7: many } });
    const octokit = await createOctokit({ token: GITHUB_TOKEN, apiUrl: api.url });
    const result = await upsertStickyComment({
      ...pullRequest7(api.url),
      octokit,
      key: 'build/gate',
      body: 'new',
    });
    expect(result).toMatchObject({ status: 'updated', id: 190 });
    // Every page is read: a comment with the marker on a later page may be someone else's.
    expect(api.requestsTo('/repos/acme/app/issues/7/comments', 'GET')).toHaveLength(3);
    expect(api.comments.get(7)?.[180]?.body).toContain('\nnew\n');
  });

  it('keeps a body that would pass the limit under it', async () => {
    const api = await github();
    const body = Array.from({ length: 5000 }, (_, i) => `| ${i} | ${'y'.repeat(40)} |`).join('\n');
    const result = await upsertStickyComment({ ...pullRequest7(api.url), key: 'k', body });
    expect(result).toMatchObject({ status: 'created', truncated: true });
    expect(api.comments.get(7)?.[0]?.body.length).toBeLessThanOrEqual(COMMENT_LIMIT);
  });

  it("names the job's pull-requests: write permission only on a runner: a local run's refusal is the token's", async () => {
    const api = await github({ forbidComments: true });
    const local = await commentX(api.url, false);
    expect(local.value).toMatchObject({ status: 'skipped', httpStatus: 403 });
    expect(local.out).toContain(
      '::warning::Could not comment on pull request #7 (HTTP 403: Resource not accessible by integration). The token (github-token) cannot write to this pull request; the result is in the job summary only.',
    );
    expect(local.out).not.toContain('pull-requests: write');
  });

  it('on a wrong token or an unreachable API, even on a runner: a warning naming no permission, no throw', async () => {
    const api = await github({ token: 'ghs_someOtherToken000000000000' });
    const refused = await commentX(api.url, true);
    expect(refused.value).toMatchObject({
      status: 'skipped',
      httpStatus: 401,
      reason: 'HTTP 401: Bad credentials',
    });
    expect(refused.out).toContain('the comment is left as it was');
    expect(refused.out).not.toContain('permission');
    await api.server.close();
    const gone = await commentX(api.url, true);
    expect(gone.value).toMatchObject({ status: 'skipped' });
    expect(gone.value).not.toHaveProperty('httpStatus');
    expect(gone.out).toMatch(/::warning::Could not comment on pull request #7 \(no answer: /);
    expect(gone.out).not.toContain('permission');
  });
});
