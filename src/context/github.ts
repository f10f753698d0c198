/** The GitHub Actions context, read from the environment map it is given, and the URLs derived from it. */
import { patterns, type GitCommitInput, type RepoInfoInput } from '../api/schemas.js';
import type { Env } from './inputs.js';

/** The context's optional fields, each read from `GITHUB_` and its name in capitals (`runId`: GITHUB_RUN_ID). */
const FIELDS = [
  'repository',
  'repositoryId',
  'runId',
  'sha',
  'refName',
  'refType',
  'headRef',
  'eventName',
  'eventPath',
  'workflow',
  'job',
] as const;

export type GitHubContext = { [K in (typeof FIELDS)[number]]?: string } & {
  /** GITHUB_ACTIONS is `true`: the job's `permissions:` govern `github.token`; false in a local run. */
  onActions: boolean;
  serverUrl: string;
  apiUrl: string;
};

export function readGitHubContext(env: Env): GitHubContext {
  const pick = (name: string) => env[name]?.trim() || undefined;
  const ctx: GitHubContext = {
    onActions: pick('GITHUB_ACTIONS') === 'true',
    serverUrl: (pick('GITHUB_SERVER_URL') ?? 'https://github.com').replace(/\/+$/, ''),
    apiUrl: (pick('GITHUB_API_URL') ?? 'https://api.github.com').replace(/\/+$/, ''),
  };
  for (const key of FIELDS) {
    const value = pick(`GITHUB_${key.replace(/[A-Z]/g, '_$&').toUpperCase()}`);
    if (value !== undefined) ctx[key] = value;
  }
  return ctx;
}

export function buildUrl(ctx: GitHubContext): string | undefined {
  return ctx.repository && ctx.runId
    ? `${ctx.serverUrl}/${ctx.repository}/actions/runs/${ctx.runId}`
    : undefined;
}

export function commitUrl(ctx: GitHubContext, sha: string): string | undefined {
  return ctx.repository ? `${ctx.serverUrl}/${ctx.repository}/commit/${sha}` : undefined;
}

export function repoUrl(ctx: GitHubContext): string | undefined {
  return ctx.repository ? `${ctx.serverUrl}/${ctx.repository}` : undefined;
}

/** Left out unless id, name and URL are all known, as the official CLI does. */
export function repoInfo(ctx: GitHubContext): RepoInfoInput | undefined {
  const url = repoUrl(ctx);
  if (!ctx.repository || !ctx.repositoryId || !url) return undefined;
  return { id: ctx.repositoryId, name: ctx.repository, url, provider: 'github' };
}

/** The branch of the run: the head branch on pull requests (the checkout is detached there), else the ref name. */
export function branchOf(ctx: GitHubContext): string | undefined {
  if (ctx.eventName?.startsWith('pull_request') && ctx.headRef) return ctx.headRef;
  // On a tag push GITHUB_REF_NAME is the tag, not a branch.
  if (ctx.refType === 'tag') return undefined;
  return ctx.refName ?? undefined;
}

interface PushCommit {
  id?: unknown;
  message?: unknown;
  timestamp?: unknown;
  url?: unknown;
  author?: { name?: unknown; email?: unknown; username?: unknown };
}

function fromPushCommit(object: object, branch: string | undefined): GitCommitInput | undefined {
  const raw = object as PushCommit;
  if (typeof raw.id !== 'string' || !patterns.sha1.test(raw.id)) return undefined;
  const name = typeof raw.author?.name === 'string' ? raw.author.name : '';
  const email = typeof raw.author?.email === 'string' ? raw.author.email : '';
  const when = typeof raw.timestamp === 'string' ? Math.floor(Date.parse(raw.timestamp) / 1000) : NaN;
  return {
    sha1: raw.id,
    message: typeof raw.message === 'string' ? raw.message.trim() : '',
    author: email ? `${name} <${email}>` : name,
    ...(typeof raw.author?.username === 'string' && { author_username: raw.author.username }),
    branch: branch ?? '',
    timestamp: Number.isFinite(when) ? when : 0,
    ...(typeof raw.url === 'string' && { url: raw.url }),
  };
}

export function commitsFromPushEvent(event: unknown, branch: string | undefined): GitCommitInput[] {
  const commits = (event as { commits?: unknown } | null)?.commits;
  if (!Array.isArray(commits)) return [];
  // A malformed element is skipped, not a crash: event payloads are not ours to trust.
  const out = (commits as unknown[]).flatMap((raw) =>
    raw !== null && typeof raw === 'object' ? (fromPushCommit(raw, branch) ?? []) : [],
  );
  return out.reverse();
}

/** `git_commit_info` from a push event's `head_commit`, when it is the commit asked for (no checkout needed). */
export function commitFromEvent(event: unknown, sha: string, branch: string | undefined) {
  const head = (event as { head_commit?: unknown } | null)?.head_commit;
  if (head === null || typeof head !== 'object') return undefined;
  const commit = fromPushCommit(head, branch);
  return commit?.sha1 === sha ? commit : undefined;
}

/** The pull request a `pull_request` or `pull_request_target` run is about, from its event payload. */
export type PullRequestRef = NonNullable<ReturnType<typeof pullRequestOf>>;

/** Undefined on other events, or when the payload or GITHUB_REPOSITORY does not name the pull request. */
export function pullRequestOf(ctx: GitHubContext, event: unknown) {
  if (ctx.eventName !== 'pull_request' && ctx.eventName !== 'pull_request_target') return undefined;
  const [owner, repo, ...rest] = (ctx.repository ?? '').split('/');
  if (!owner || !repo || rest.length > 0) return undefined;
  // Event payloads are not ours to trust: every field is checked before use.
  const payload = event as {
    number?: unknown;
    pull_request?: { number?: unknown; commits?: unknown; head?: { sha?: unknown } | null } | null;
  } | null;
  const pr = payload?.pull_request;
  const number = pr?.number ?? payload?.number;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1) return undefined;
  const head = pr?.head?.sha;
  return {
    owner,
    repo,
    number,
    // The head commit: GITHUB_SHA is the merge commit there.
    headSha: typeof head === 'string' && patterns.sha1.test(head) ? head : undefined,
    commits: typeof pr?.commits === 'number' ? pr.commits : undefined,
  };
}
