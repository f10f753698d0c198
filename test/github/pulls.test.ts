/**
 * A pull request's commits through the fake GitHub API: pages of 100, GitHub's 250 cap, a caller's cap, failures.
 */
import { describe, expect, it } from 'vitest';
import { listPullRequestCommits } from '../../src/github/pulls.js';
import { describeGitHubError, githubStatus, permissionsMayBeTheCause } from '../../src/github/octokit.js';
import { pullRequestOf, readGitHubContext } from '../../src/context/github.js';
import { GITHUB_TOKEN, useFakeGitHub } from '../helpers/github-api.js';

const github = useFakeGitHub();
const sha = (i: number) => i.toString(16).padStart(40, '0');
const commits = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ sha: sha(i), message: `Commit ${i}\n\nbody` }));
/** The commits of pull request 7 of acme/app (another number when given), with the workflow's token. */
const listed = (apiUrl: string, more: { max?: number; pullNumber?: number } = {}) =>
  listPullRequestCommits({ token: GITHUB_TOKEN, apiUrl, owner: 'acme', repo: 'app', pullNumber: 7, ...more });
const failure = (apiUrl: string, more: { pullNumber?: number } = {}): Promise<unknown> =>
  listed(apiUrl, more).catch((e: unknown) => e);

describe('listPullRequestCommits', () => {
  it('reads every page, 100 at a time, oldest first', async () => {
    const api = await github({ pulls: { 7: commits(250) } });
    const result = await listed(`${api.url}/`);
    expect(result.truncated).toBe(false);
    expect(result.commits).toHaveLength(250);
    expect(result.commits[0]).toEqual({
      sha: sha(0),
      message: 'Commit 0\n\nbody',
      url: `https://github.com/acme/app/commit/${sha(0)}`,
    });
    expect(result.commits.at(-1)?.sha).toBe(sha(249));
    const pages = api.requestsTo('/repos/acme/app/pulls/7/commits');
    expect(pages.map((r) => r.url.search)).toEqual([
      '?per_page=100',
      '?per_page=100&page=2',
      '?per_page=100&page=3',
    ]);
  });

  it("stops at the caller's cap, saying so, without reading further pages", async () => {
    const api = await github({ pulls: { 7: commits(250) } });
    const result = await listed(api.url, { max: 120 });
    expect(result).toMatchObject({ truncated: true });
    expect(result.commits).toHaveLength(120);
    expect(api.requestsTo('/repos/acme/app/pulls/7/commits')).toHaveLength(2);
    expect((await listed(api.url, { max: 250 })).truncated).toBe(false);
  });

  it("throws what GitHub said; a refusal (403, 404) on a runner, and nothing else, may be the job's permissions", async () => {
    const refusing = (status: number) =>
      github({ failCommits: { status, message: 'Resource not accessible by integration' } });
    for (const status of [403, 404]) {
      const error = await failure((await refusing(status)).url);
      expect(githubStatus(error)).toBe(status);
      expect(describeGitHubError(error)).toBe(`HTTP ${status}: Resource not accessible by integration`);
      expect(permissionsMayBeTheCause(error, true)).toBe(true);
      // A local run: no job, no job permissions.
      expect(permissionsMayBeTheCause(error, false)).toBe(false);
    }
    for (const status of [401, 422, 500]) {
      expect(permissionsMayBeTheCause(await failure((await refusing(status)).url), true)).toBe(false);
    }
    const other = await github({ pulls: { 7: commits(1) } });
    expect(describeGitHubError(await failure(other.url, { pullNumber: 8 }))).toBe('HTTP 404: Not Found');
    const gone = await github();
    await gone.server.close();
    expect(permissionsMayBeTheCause(await failure(gone.url), true)).toBe(false);
  });
});

describe('pullRequestOf', () => {
  const env = { GITHUB_REPOSITORY: 'acme/app', GITHUB_EVENT_NAME: 'pull_request' };

  // A pull_request event's number, head and commit count: readPrComment in test/runtime/pr-comment.test.ts.
  it('reads the number of a pull_request_target event', () => {
    expect(
      pullRequestOf(readGitHubContext({ ...env, GITHUB_EVENT_NAME: 'pull_request_target' }), { number: 9 }),
    ).toEqual({
      owner: 'acme',
      repo: 'app',
      number: 9,
      headSha: undefined,
      commits: undefined,
    });
  });

  it('is undefined on other events and for payloads that do not name a pull request', () => {
    const event = { pull_request: { number: 7 } };
    expect(pullRequestOf(readGitHubContext({ ...env, GITHUB_EVENT_NAME: 'push' }), event)).toBeUndefined();
    expect(pullRequestOf(readGitHubContext({ ...env, GITHUB_REPOSITORY: '' }), event)).toBeUndefined();
    expect(pullRequestOf(readGitHubContext(env), {})).toBeUndefined();
    expect(pullRequestOf(readGitHubContext(env), null)).toBeUndefined();
    expect(pullRequestOf(readGitHubContext(env), { pull_request: { number: '7' } })).toBeUndefined();
    expect(
      pullRequestOf(readGitHubContext(env), { pull_request: { number: 7, head: { sha: 'main' } } })?.headSha,
    ).toBeUndefined();
  });

  it('is on a GitHub Actions runner only when GITHUB_ACTIONS is true', () => {
    expect(readGitHubContext({ GITHUB_ACTIONS: 'true' }).onActions).toBe(true);
    for (const value of [undefined, '', 'false', '1']) {
      expect(readGitHubContext(value === undefined ? {} : { GITHUB_ACTIONS: value }).onActions).toBe(false);
    }
  });

  it('reads GITHUB_API_URL, default api.github.com', () => {
    expect(readGitHubContext({}).apiUrl).toBe('https://api.github.com');
    expect(readGitHubContext({ GITHUB_API_URL: 'https://ghe.example/api/v3/' }).apiUrl).toBe(
      'https://ghe.example/api/v3',
    );
  });
});
