/** The GitHub REST client (Octokit through @actions/github), imported only when a step talks to GitHub. */
import { log } from '../trust/log.js';
import type { getOctokit } from '@actions/github';
import { describeLimit, readBounded } from '../api/bounded-body.js';
import { USER_AGENT } from '../version.js';
import { redact, registerSecret } from '../trust/redact.js';

export type Octokit = ReturnType<typeof getOctokit>;

type GitHubConnection = { token: string; apiUrl: string };
export type OctokitSource = { octokit: Octokit } | GitHubConnection;

/** A page of 100 of GitHub's largest comments is under 40 MB, even with every character escaped in the JSON. */
const GITHUB_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** An answer past the limit (what describeGitHubError finds behind Octokit's own error). */
class AnswerTooLarge extends Error {}

/** `fetch` with every answer read by the bounded reader first: Octokit's `text()` would inflate it without end. */
export function boundedFetch(fetch: typeof globalThis.fetch, limit: number): typeof globalThis.fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    const body = res.body === null ? Buffer.alloc(0) : await readBounded(res.body, limit);
    if (body === undefined) {
      const problem = `GitHub's answer is larger than ${describeLimit(limit)}; the rest was not read`;
      throw new AnswerTooLarge(problem);
    }
    const { status, statusText, headers } = res;
    const bounded = new Response(body.length > 0 ? body : null, { status, statusText, headers });
    Object.defineProperty(bounded, 'url', { value: res.url });
    return bounded;
  };
}

export async function createOctokit({ token, apiUrl }: GitHubConnection): Promise<Octokit> {
  // Scrubbed from every message of the error family, whatever GitHub echoes back.
  registerSecret(token);
  const { getOctokit } = await import('@actions/github');
  const debug = (message: string) => log.debug(message);
  const octokit = getOctokit(token, {
    baseUrl: apiUrl.replace(/\/+$/, ''),
    userAgent: USER_AGENT,
    // Octokit writes warnings to the console by default; keep stdout clean and every line scrubbed.
    log: { debug, info: debug, warn: debug, error: debug },
  });
  // Around whichever fetch the client was given, set on the options: the hooks inside this one are bound to them.
  octokit.hook.wrap('request', (request, options) => {
    const given = (options.request.fetch as typeof globalThis.fetch | undefined) ?? globalThis.fetch;
    options.request = { ...options.request, fetch: boundedFetch(given, GITHUB_MAX_RESPONSE_BYTES) };
    return request(options);
  });
  return octokit;
}

export async function octokitFrom(source: OctokitSource): Promise<Octokit> {
  return 'octokit' in source ? source.octokit : createOctokit(source);
}

/** Per-call request options: a minute for the call and all its pages (an unref'd timer never holds the process). */
export function requestOptions(): { signal: AbortSignal } {
  return { signal: AbortSignal.timeout(60_000) };
}

export function githubStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  // Octokit reports a request that never got an answer as status 500 with no response.
  const response = (error as { response?: unknown } | null)?.response;
  return typeof status === 'number' && response !== undefined ? status : undefined;
}

/** Whether the job's permissions can be why GitHub refused a call: on a runner, for 403 or 404. */
export function permissionsMayBeTheCause(error: unknown, onActions: boolean): boolean {
  const status = githubStatus(error);
  return onActions && (status === 403 || status === 404);
}

/** One line for a log: `HTTP 403: Resource not accessible by integration`, or the network failure; scrubbed. */
export function describeGitHubError(error: unknown): string {
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof AnswerTooLarge) return redact(cause.message);
  const status = githubStatus(error);
  const raw = error instanceof Error ? error.message : String(error);
  // Octokit appends " - <documentation_url>"; the message alone reads better in a log line.
  const message = raw.replace(/ - https:\/\/docs\.github\.com\S*$/, '').trim();
  return redact(status !== undefined ? `HTTP ${status}: ${message}` : `no answer: ${message}`);
}
