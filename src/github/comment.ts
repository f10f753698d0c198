// The sticky pull-request comment: one per key, found again by a hidden marker and updated in place, under GitHub's
// limit. Where the token may not write it warns, leaving the job summary as the report: a comment never fails a step.
import { log } from '../trust/log.js';
import { noMention, plural } from '../trust/text.js';
import { formatTime } from '../context/time.js';
import {
  describeGitHubError,
  githubStatus,
  octokitFrom,
  permissionsMayBeTheCause,
  requestOptions,
  type Octokit,
  type OctokitSource,
} from './octokit.js';
import { redact } from '../trust/redact.js';

export const COMMENT_LIMIT = 65_536;

interface StickyCommentOptions {
  owner: string;
  repo: string;
  issueNumber: number;
  /** What makes the comment one of a kind, e.g. `<workflow>/<action>`. */
  key: string;
  /** The comment's Markdown (the caller escapes what it took from users or servers). */
  body: string;
  runUrl?: string | undefined;
  /** For tests: the footer's time, the characters allowed. */
  now?: Date;
  limit?: number;
  /** On a GitHub Actions runner, a refusal may be the job's permissions. */
  onActions?: boolean;
}

export type StickyCommentResult =
  | { status: 'created' | 'updated'; id: number; url: string; truncated: boolean; length: number }
  /** Not written: `reason` says why; a warning has been logged. */
  | { status: 'skipped'; reason: string; httpStatus?: number };

export function stickyMarker(key: string): string {
  // Encoded, so no key can close the HTML comment or match another key's marker; scrubbed like the rest.
  return redact(`<!-- compliance-actions:sticky ${encodeURIComponent(key)} -->`);
}

function footer(now: Date, runUrl: string | undefined): string {
  const where = runUrl && /^https?:\/\//.test(runUrl) ? ` in [this workflow run](${runUrl})` : '';
  return `\n\n---\n<sub>Ran at ${formatTime(now.getTime() / 1000)}${where}.</sub>\n`;
}

function truncationNote(lines: number, runUrl: string | undefined): string {
  const where = runUrl && /^https?:\/\//.test(runUrl) ? `the [job summary](${runUrl})` : 'the job summary';
  return (
    `\n\n> [!NOTE]\n> This comment was cut to stay under GitHub's 65,536-character ` +
    `limit: ${lines} more ${plural(lines, 'line')} ${plural(lines, 'is', 'are')} not shown. ` +
    `The full result is in ${where}.`
  );
}

/** Closes the `<details>` blocks a cut left open, so the rest of the comment still renders. */
function closeOpenDetails(text: string): string {
  const opened = (text.match(/<details[\s>]/g) ?? []).length;
  const closed = (text.match(/<\/details>/g) ?? []).length;
  return opened > closed ? `${text}\n${'</details>\n'.repeat(opened - closed)}` : text;
}

/** The full comment body: marker, content (cut at a line boundary with a note past the limit), footer. */
export function renderStickyBody(
  options: Pick<StickyCommentOptions, 'key' | 'body' | 'runUrl' | 'now' | 'limit'>,
) {
  const limit = options.limit ?? COMMENT_LIMIT;
  const head = `${stickyMarker(options.key)}\n`;
  const tail = footer(options.now ?? new Date(), options.runUrl);
  // Scrubbed: a body quotes the server's text, and a server may echo a token; no mention survives either.
  const content = noMention(redact(options.body)).trimEnd();
  if (head.length + content.length + tail.length <= limit) {
    return { text: head + content + tail, truncated: false };
  }
  const totalLines = content.split('\n').length;
  // Room for the note (with the largest count it can show) and the closing tags a cut may need.
  const reserve = truncationNote(totalLines, options.runUrl).length + 16 * '</details>\n'.length + 2;
  const budget = limit - head.length - tail.length - reserve;
  if (budget <= 0) throw new Error(`the comment limit (${limit}) leaves no room for the body`);
  let cut = content.lastIndexOf('\n', budget);
  if (cut <= 0) {
    // One very long line: cut inside it, never between the two halves of a surrogate pair.
    cut = budget;
    const code = content.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  }
  const kept = content.slice(0, cut);
  const shownLines = kept.split('\n').length;
  const closed = closeOpenDetails(kept);
  const text = head + closed + truncationNote(totalLines - shownLines, options.runUrl) + tail;
  return { text, truncated: true };
}

/** The login the token acts as; undefined for an installation token (the workflow's), which may not ask. */
function viewerLogin(octokit: Octokit): Promise<string | undefined> {
  const asked = octokit.rest.users.getAuthenticated({ request: requestOptions() });
  return asked.then(({ data }) => data.login).catch(() => undefined);
}

const FORBIDDEN_HINT =
  'The token cannot write to this pull request (a pull request from a fork, or a job without the ' +
  "'pull-requests: write' permission); the result is in the job summary only.";
const FORBIDDEN_LOCAL_HINT =
  'The token (github-token) cannot write to this pull request; the result is in the job summary only.';

/** Creates or updates the comment of `key`; a GitHub failure is a warning and `skipped`, never thrown. */
export async function upsertStickyComment(
  options: OctokitSource & StickyCommentOptions,
): Promise<StickyCommentResult> {
  const { owner, repo, issueNumber } = options;
  const { text, truncated } = renderStickyBody(options);
  const marker = stickyMarker(options.key);
  try {
    const octokit = await octokitFrom(options);
    // Anyone can paste the marker: only a comment by a bot or by the token's own user is ours to update.
    const marked: { id: number; user: { login: string; type: string } | null }[] = [];
    const list = { owner, repo, issue_number: issueNumber, per_page: 100, request: requestOptions() };
    for await (const page of octokit.paginate.iterator(octokit.rest.issues.listComments, list)) {
      for (const c of page.data) if (c.body?.includes(marker)) marked.push({ id: c.id, user: c.user });
    }
    let existing = marked.find((c) => c.user?.type === 'Bot')?.id;
    if (existing === undefined && marked.length > 0) {
      const viewer = await viewerLogin(octokit);
      existing = marked.find((c) => viewer !== undefined && c.user?.login === viewer)?.id;
      if (existing === undefined) {
        const by = [...new Set(marked.map((c) => c.user?.login ?? 'unknown'))].join(', ');
        log.info(
          `Left alone ${marked.length} ${plural(marked.length, 'comment')} with this step's marker written by ${by}.`,
        );
      }
    }
    const write = { owner, repo, body: text, request: requestOptions() };
    const { data } =
      existing === undefined
        ? await octokit.rest.issues.createComment({ ...write, issue_number: issueNumber })
        : await octokit.rest.issues.updateComment({ ...write, comment_id: existing });
    const said = existing === undefined ? 'Commented on' : 'Updated the comment on';
    log.info(`${said} pull request #${issueNumber}: ${data.html_url}`);
    const status = existing === undefined ? 'created' : 'updated';
    return { status, id: data.id, url: data.html_url, truncated, length: text.length };
  } catch (error) {
    const httpStatus = githubStatus(error);
    const reason = describeGitHubError(error);
    const hint = permissionsMayBeTheCause(error, options.onActions ?? false)
      ? FORBIDDEN_HINT
      : httpStatus === 403 || httpStatus === 404
        ? FORBIDDEN_LOCAL_HINT
        : 'The result is in the job summary; the comment is left as it was.';
    log.warning(`Could not comment on pull request #${issueNumber} (${reason}). ${hint}`);
    return { status: 'skipped', reason, ...(httpStatus !== undefined && { httpStatus }) };
  }
}
