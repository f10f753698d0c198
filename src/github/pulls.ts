/** The commits of a pull request (GET /repos/{owner}/{repo}/pulls/{n}/commits), oldest first: at most 250. */
import { octokitFrom, requestOptions, type OctokitSource } from './octokit.js';

export async function listPullRequestCommits(
  options: OctokitSource & { owner: string; repo: string; pullNumber: number; max?: number },
) {
  const octokit = await octokitFrom(options);
  const max = options.max ?? 250;
  const commits: { sha: string; message: string; url: string | undefined }[] = [];
  let truncated = false;
  const { owner, repo, pullNumber } = options;
  const list = { owner, repo, pull_number: pullNumber, per_page: 100, request: requestOptions() };
  await octokit.paginate(octokit.rest.pulls.listCommits, list, (response, done) => {
    for (const item of response.data) {
      if (commits.length >= max) {
        truncated = true;
        break;
      }
      commits.push({ sha: item.sha, message: item.commit.message, url: item.html_url });
    }
    if (commits.length >= max) {
      truncated ||= /rel="next"/.test(response.headers.link ?? '');
      done();
    }
    return [];
  });
  return { commits, truncated };
}
