/**
 * A fake GitHub REST API on loopback, for the pieces of it the actions use: a pull request's commits (paginated
 * with Link headers, at most 250 as GitHub lists them) and issue comments (list, create, update). It checks the
 * token, refuses a comment body over 65,536 characters as GitHub does, and can refuse on purpose (a fork's
 * "Resource not accessible by integration", a failing commits list).
 */
import type { ServerResponse } from 'node:http';
import { afterEach } from 'vitest';
import { renderProblems } from './gfm.js';
import type { RunOptions } from './runner.js';
import { guardSecret } from './secrets.js';
import { json, startServer, type RecordedRequest, type TestServer } from './server.js';

/**
 * GitHub refuses a body over its limit. This fake also refuses one that does not render as meant by GitHub's own
 * renderer (test/helpers/gfm.ts), so the test that wrote it fails on the missing comment.
 */
function refused(body: string, res: ServerResponse): boolean {
  const problems = body.length > COMMENT_LIMIT ? ['Body is too long'] : renderProblems(body);
  if (problems.length === 0) return false;
  json(res, 422, { message: 'Validation Failed', errors: problems.map((message) => ({ message })) });
  return true;
}

export const GITHUB_TOKEN = 'ghs_fakeWorkflowToken0123456789abcdef';
guardSecret(GITHUB_TOKEN);

export interface FakeComment {
  id: number;
  body: string;
  user: { login: string; type: string };
}

export interface FakeGitHubOptions {
  /** `owner/name` (default acme/app, the harness's GITHUB_REPOSITORY). */
  repository?: string;
  token?: string;
  /** Commits of each pull request, oldest first. */
  pulls?: Record<number, { sha: string; message: string }[]>;
  /** Answer the commits list with this status and message. */
  failCommits?: { status: number; message: string };
  /** Answer comment requests (list, create, update) with 403 "Resource not accessible by integration". */
  forbidComments?: boolean;
  /** Comments already on the pull requests. */
  comments?: Record<number, FakeComment[]>;
  /**
   * The user the token acts as (a personal access token): GET /user answers it, and comments are written as that
   * user. Unset: an installation token, as the workflow's is: GET /user is refused, comments are github-actions[bot]'s.
   */
  viewer?: string;
  /** Answers an authorised request before the fake does (a body no client may read whole): true when it did. */
  answer?: (req: RecordedRequest, res: ServerResponse) => boolean;
}

export interface FakeGitHub {
  /** GITHUB_API_URL for the step. */
  url: string;
  server: TestServer;
  requests: RecordedRequest[];
  /** Comments by pull request number, as the fake holds them now. */
  comments: Map<number, FakeComment[]>;
  /** The requests whose path starts with a prefix, e.g. `/repos/acme/app/pulls/7/commits`. */
  requestsTo(prefix: string, method?: string): RecordedRequest[];
}

const MAX_LISTED_COMMITS = 250;
const COMMENT_LIMIT = 65_536;

export function useFakeGitHub() {
  const opened: TestServer[] = [];
  afterEach(async () => {
    for (const server of opened.splice(0)) await server.close();
  });
  return async (options: FakeGitHubOptions = {}): Promise<FakeGitHub> => {
    const repository = options.repository ?? 'acme/app';
    const token = options.token ?? GITHUB_TOKEN;
    const comments = new Map<number, FakeComment[]>(
      Object.entries(options.comments ?? {}).map(([n, list]) => [Number(n), [...list]]),
    );
    let nextId = 1000;
    for (const list of comments.values()) for (const c of list) nextId = Math.max(nextId, c.id + 1);
    let origin = '';

    const page = (
      req: RecordedRequest,
      items: unknown[],
      res: Parameters<typeof json>[0],
      path: string,
    ): void => {
      const perPage = Math.min(Number(req.url.searchParams.get('per_page') ?? '30') || 30, 100);
      const number = Math.max(Number(req.url.searchParams.get('page') ?? '1') || 1, 1);
      const last = Math.max(Math.ceil(items.length / perPage), 1);
      const links: string[] = [];
      const at = (p: number) => `<${origin}${path}?per_page=${perPage}&page=${p}>`;
      if (number < last) links.push(`${at(number + 1)}; rel="next"`, `${at(last)}; rel="last"`);
      if (number > 1) links.push(`${at(1)}; rel="first"`, `${at(number - 1)}; rel="prev"`);
      json(
        res,
        200,
        items.slice((number - 1) * perPage, number * perPage),
        links.length > 0 ? { link: links.join(', ') } : {},
      );
    };
    const forbidden = (res: Parameters<typeof json>[0]) =>
      json(res, 403, {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment',
        status: '403',
      });
    const commentJson = (c: FakeComment) => ({
      ...c,
      html_url: `https://github.com/${repository}/pull/0#issuecomment-${c.id}`,
    });

    const server = await startServer((req, res) => {
      if (req.headers.authorization !== `token ${token}`) {
        json(res, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
        return;
      }
      if (options.answer?.(req, res)) return;
      const path = req.url.pathname;
      const base = `/repos/${repository}`;
      if (path === '/user' && req.method === 'GET') {
        if (options.viewer) json(res, 200, { login: options.viewer, type: 'User' });
        else forbidden(res);
        return;
      }
      let m = new RegExp(`^${base}/pulls/(\\d+)/commits$`).exec(path);
      if (m && req.method === 'GET') {
        if (options.failCommits) {
          json(res, options.failCommits.status, { message: options.failCommits.message });
          return;
        }
        const list = options.pulls?.[Number(m[1])];
        if (!list) {
          json(res, 404, { message: 'Not Found' });
          return;
        }
        const items = list.slice(0, MAX_LISTED_COMMITS).map((c) => ({
          sha: c.sha,
          html_url: `https://github.com/${repository}/commit/${c.sha}`,
          commit: { message: c.message, author: { name: 'Ann', email: 'ann@acme.test' } },
        }));
        page(req, items, res, path);
        return;
      }
      m = new RegExp(`^${base}/issues/(\\d+)/comments$`).exec(path);
      if (m) {
        if (options.forbidComments && req.method === 'POST') return forbidden(res);
        const number = Number(m[1]);
        const list = comments.get(number) ?? [];
        if (req.method === 'GET') return page(req, list.map(commentJson), res, path);
        if (req.method === 'POST') {
          const body = (JSON.parse(req.body) as { body: string }).body;
          if (refused(body, res)) return;
          const created: FakeComment = {
            id: nextId++,
            body,
            user: options.viewer
              ? { login: options.viewer, type: 'User' }
              : { login: 'github-actions[bot]', type: 'Bot' },
          };
          comments.set(number, [...list, created]);
          json(res, 201, commentJson(created));
          return;
        }
      }
      m = new RegExp(`^${base}/issues/comments/(\\d+)$`).exec(path);
      if (m && req.method === 'PATCH') {
        if (options.forbidComments) return forbidden(res);
        const id = Number(m[1]);
        const found = [...comments.values()].flat().find((c) => c.id === id);
        if (!found) {
          json(res, 404, { message: 'Not Found' });
          return;
        }
        const body = (JSON.parse(req.body) as { body: string }).body;
        if (refused(body, res)) return;
        found.body = body;
        json(res, 200, commentJson(found));
        return;
      }
      json(res, 404, { message: 'Not Found' });
    });
    origin = server.origin;
    opened.push(server);
    return {
      url: server.origin,
      server,
      requests: server.requests,
      comments,
      requestsTo: (prefix, method) =>
        server.requests.filter((r) => r.url.pathname.startsWith(prefix) && (!method || r.method === method)),
    };
  };
}

/** A pull_request run of PR #7 whose GitHub API is the fake. */
export function onPullRequest(
  api: FakeGitHub,
  head: string,
  extra: Partial<RunOptions> = {},
  commits?: number,
): RunOptions {
  return {
    githubToken: GITHUB_TOKEN,
    github: {
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_API_URL: api.url,
      GITHUB_SHA: 'f'.repeat(40),
      GITHUB_REF: 'refs/pull/7/merge',
      GITHUB_REF_NAME: '7/merge',
      GITHUB_HEAD_REF: 'feature/retries',
    },
    event: { number: 7, pull_request: { number: 7, head: { sha: head }, ...(commits && { commits }) } },
    ...extra,
  };
}
