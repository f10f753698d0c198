// `comment-on-pr` and `github-token`, read the same way by every sub-action that can comment, and the one call that
// posts the sticky comment; a comment never fails a step (src/github/comment.ts).
import { log } from '../trust/log.js';
import { InputError } from '../errors/errors.js';
import { buildUrl, pullRequestOf } from '../context/github.js';
import type { InputReader } from '../context/inputs.js';
import { COMMENT_LIMIT, upsertStickyComment, type StickyCommentResult } from '../github/comment.js';
import type { CommonInputs, RunnerContext } from './context.js';

/** SummaryWriter options for a comment body: room left for its marker, footer and cut note, never cut again. */
export const COMMENT_WRITER_OPTIONS = {
  limit: COMMENT_LIMIT - 2048,
  cutReason: "This comment was cut to stay under GitHub's 65,536-character limit",
  fullDataHint: "the run's job summary and the `result-file` output",
};

export type PrCommentInputs = ReturnType<typeof readPrComment>;

/** `comment-on-pr` with the token it needs, and the pull request it would go to. */
export function readPrComment(inputs: InputReader, common: CommonInputs, githubToken: string | undefined) {
  const commentOnPr = inputs.boolean('comment-on-pr', false);
  if (commentOnPr && githubToken === undefined) {
    throw new InputError(
      'github-token',
      'is required with comment-on-pr: true',
      "a token that may write pull-request comments (default: the workflow's github.token)",
    );
  }
  const { github, event } = common.runner;
  return { commentOnPr, githubToken, pullRequest: pullRequestOf(github, event) };
}

/** Posts or updates the comment of `key`, once per workflow and job, when asked and the run is for a pull request. */
export async function commentOnPullRequest(
  inputs: PrCommentInputs & { runner: RunnerContext },
  key: string,
  body: () => string,
): Promise<StickyCommentResult | undefined> {
  if (!inputs.commentOnPr || inputs.githubToken === undefined) return undefined;
  const pr = inputs.pullRequest;
  if (!pr) {
    log.info('comment-on-pr: this run is not for a pull request; no comment.');
    return undefined;
  }
  const { github } = inputs.runner;
  const token = inputs.githubToken;
  return log.group(`Comment on pull request #${pr.number}`, () =>
    upsertStickyComment({
      token,
      apiUrl: github.apiUrl,
      owner: pr.owner,
      repo: pr.repo,
      issueNumber: pr.number,
      key: `${github.workflow ?? 'workflow'}/${github.job ?? 'job'}/${key}`,
      body: body(),
      runUrl: buildUrl(github),
      onActions: github.onActions,
    }),
  );
}
