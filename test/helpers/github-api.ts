/**
 * A fake GitHub REST API on loopback: a pull request's commits (Link-paginated, at most 250) and issue comments. It
 * checks the token, refuses a comment over 65,536 characters or that GitHub would not render as meant (gfm.ts), and
 * can refuse on purpose (a fork's "Resource not accessible by integration", a failing commits list).
 */
import type { ServerResponse } from 'node:http';
import { renderProblems } from './gfm.js';
import type { RunOptions } from './runner.js';
import { guardSecret } from './secrets.js';
import { cleanedAfterEach, json, startServer, type RecordedRequest } from './server.js';

export const GITHUB_TOKEN = 'ghs_fakeWorkflowToken0123456789abcdef';
guardSecret(GITHUB_TOKEN);

export interface FakeComment {
  id: number;
  body: string;
  user: { login: string; type: string };
}

export interface FakeGitHubOptions {
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

type FakeGitHub = Awaited<ReturnType<ReturnType<typeof useFakeGitHub>>>;

/** The harness's GITHUB_REPOSITORY. */
const repository = 'acme/app';
const MAX_LISTED_COMMITS = 250;
const COMMENT_LIMIT = 65_536;

export function useFakeGitHub() {
  const later = cleanedAfterEach();
  return async (options: FakeGitHubOptions = {}) => {
    const token = options.token ?? GITHUB_TOKEN;
    const comments = new Map<number, FakeComment[]>(
      Object.entries(options.comments ?? {}).map(([n, list]) => [Number(n), [...list]]),
    );
    let nextId = Math.max(1000, ...[...comments.values()].flat().map((c) => c.id + 1));
    const viewer = options.viewer ? { login: options.viewer, type: 'User' } : undefined;
    const commentJson = (c: FakeComment) => ({
      ...c,
      html_url: `https://github.com/${repository}/pull/0#issuecomment-${c.id}`,
    });

    const server = await startServer((req, res) => {
      const answer = (status: number, body: unknown, headers?: Record<string, string>) =>
        json(res, status, body, headers);
      const forbidden = () =>
        answer(403, {
          message: 'Resource not accessible by integration',
          documentation_url: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment',
          status: '403',
        });
      /** A page of `items` as `per_page` and `page` ask, with GitHub's Link header. */
      const page = (items: unknown[]) => {
        const perPage = Math.min(Number(req.url.searchParams.get('per_page') ?? '30') || 30, 100);
        const number = Math.max(Number(req.url.searchParams.get('page') ?? '1') || 1, 1);
        const last = Math.max(Math.ceil(items.length / perPage), 1);
        const at = (p: number) => `<${server.origin}${req.url.pathname}?per_page=${perPage}&page=${p}>`;
        const links = [
          ...(number < last ? [`${at(number + 1)}; rel="next"`, `${at(last)}; rel="last"`] : []),
          ...(number > 1 ? [`${at(1)}; rel="first"`, `${at(number - 1)}; rel="prev"`] : []),
        ];
        const slice = items.slice((number - 1) * perPage, number * perPage);
        answer(200, slice, links.length > 0 ? { link: links.join(', ') } : {});
      };
      /** The body of a comment to write, or undefined once it is refused. */
      const body = () => {
        const text = (JSON.parse(req.body) as { body: string }).body;
        const problems = text.length > COMMENT_LIMIT ? ['Body is too long'] : renderProblems(text);
        if (problems.length === 0) return text;
        answer(422, { message: 'Validation Failed', errors: problems.map((message) => ({ message })) });
      };

      if (req.headers.authorization !== `token ${token}`)
        return answer(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
      if (options.answer?.(req, res)) return;
      const number = Number(/\/(\d+)(?:\/|$)/.exec(req.url.pathname)?.[1]);
      const route = `${req.method} ${req.url.pathname.replace(`/repos/${repository}/`, '/').replace(/\/\d+(?=\/|$)/, '/N')}`;
      if (route === 'GET /user') return viewer ? answer(200, viewer) : forbidden();
      if (route === 'GET /pulls/N/commits') {
        if (options.failCommits)
          return answer(options.failCommits.status, { message: options.failCommits.message });
        const list = options.pulls?.[number];
        if (!list) return answer(404, { message: 'Not Found' });
        return page(
          list.slice(0, MAX_LISTED_COMMITS).map((c) => ({
            sha: c.sha,
            html_url: `https://github.com/${repository}/commit/${c.sha}`,
            commit: { message: c.message, author: { name: 'Ann', email: 'ann@acme.test' } },
          })),
        );
      }
      const list = comments.get(number) ?? [];
      if (route === 'GET /issues/N/comments') return page(list.map(commentJson));
      if (route === 'POST /issues/N/comments' || route === 'PATCH /issues/comments/N') {
        if (options.forbidComments) return forbidden();
        const text = body();
        if (text === undefined) return;
        if (req.method === 'POST') {
          const user = viewer ?? { login: 'github-actions[bot]', type: 'Bot' };
          const created: FakeComment = { id: nextId++, body: text, user };
          comments.set(number, [...list, created]);
          return answer(201, commentJson(created));
        }
        const found = [...comments.values()].flat().find((c) => c.id === number);
        if (!found) return answer(404, { message: 'Not Found' });
        found.body = text;
        return answer(200, commentJson(found));
      }
      answer(404, { message: 'Not Found' });
    });
    later(() => server.close());
    return {
      /** GITHUB_API_URL for the step. */
      url: server.origin,
      server,
      requests: server.requests,
      comments,
      /** The requests whose path starts with a prefix, e.g. `/repos/acme/app/pulls/7/commits`. */
      requestsTo: (prefix: string, method?: string) =>
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
