/**
 * `comment-on-pr` and `github-token` in-process, read the same way by every sub-action that can comment.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors/errors.js';
import { readCommon } from '../../src/runtime/context.js';
import { commentOnPullRequest, readPrComment } from '../../src/runtime/pr-comment.js';
import { useTempDirs } from '../helpers/git.js';
import { CONNECTION, printedDuring, readerOf } from '../helpers/inputs.js';

const { tempDir } = useTempDirs();
const HEAD = 'c'.repeat(40);

/** The reader and common inputs of a step run for `eventName` with this payload. */
function step(inputs: Record<string, string>, eventName: string, event: unknown) {
  const dir = tempDir('pr-comment-');
  const eventPath = join(dir, 'event.json');
  writeFileSync(eventPath, JSON.stringify(event));
  const reader = readerOf(
    { ...CONNECTION, ...inputs },
    { GITHUB_EVENT_NAME: eventName, GITHUB_EVENT_PATH: eventPath, GITHUB_REPOSITORY: 'acme/app' },
  );
  return { reader, common: readCommon(reader, dir) };
}

const PULL_REQUEST = { number: 7, pull_request: { number: 7, commits: 3, head: { sha: HEAD } } };

describe('readPrComment', () => {
  it('does not comment by default; names the pull request of a pull_request run', () => {
    const { reader, common } = step({}, 'pull_request', PULL_REQUEST);
    expect(readPrComment(reader, common, undefined)).toEqual({
      commentOnPr: false,
      githubToken: undefined,
      pullRequest: { owner: 'acme', repo: 'app', number: 7, headSha: HEAD, commits: 3 },
    });
  });

  it('comments with a token; no pull request on a push', () => {
    const { reader, common } = step({ 'comment-on-pr': 'true' }, 'push', { head_commit: {} });
    expect(readPrComment(reader, common, 'ghs_x')).toEqual({
      commentOnPr: true,
      githubToken: 'ghs_x',
      pullRequest: undefined,
    });
  });

  it('refuses comment-on-pr: true without a github-token, naming the token and what it must be allowed', () => {
    const { reader, common } = step({ 'comment-on-pr': 'true' }, 'pull_request', PULL_REQUEST);
    expect(() => readPrComment(reader, common, undefined)).toThrow(
      new InputError(
        'github-token',
        'is required with comment-on-pr: true',
        "a token that may write pull-request comments (default: the workflow's github.token)",
      ),
    );
  });
});

describe('commentOnPullRequest', () => {
  it('posts nothing when not asked, and says so outside a pull request', async () => {
    const { reader, common } = step({ 'comment-on-pr': 'true' }, 'push', {});
    const settings = { ...readPrComment(reader, common, 'ghs_x'), runner: common.runner };
    const body = () => {
      throw new Error('the body is built only for a comment that is posted');
    };
    const skipped = await printedDuring(() =>
      commentOnPullRequest({ ...settings, commentOnPr: false }, 'k', body),
    );
    expect(skipped).toEqual({ value: undefined, out: '' });
    const outside = await printedDuring(() => commentOnPullRequest(settings, 'k', body));
    expect(outside).toEqual({
      value: undefined,
      out: 'comment-on-pr: this run is not for a pull request; no comment.\n',
    });
  });
});
