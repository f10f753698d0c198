// Many commits in a summary, grouped under a heading each, one linked line per commit: at most `maxLines` in all (5,000
// would not fit GitHub's limits), each group saying how many it leaves out and where they are.
import { cutText, plural } from '../trust/text.js';
import { escapeText, link, type SummaryWriter } from './writer.js';

export interface GroupedCommit {
  sha: string;
  title: string | undefined;
  url: string | undefined;
  detail?: string;
}

/** Lines per block of Markdown: a block the writer's budget refuses costs at most this many. */
const LINES_PER_BLOCK = 100;
const MAX_DETAIL = 200;

/** Writes the groups that have commits, at most `maxLines` commit lines in all, in the order given. */
export function writeCommitGroups(
  summary: SummaryWriter,
  groups: { title: string; commits: GroupedCommit[] }[],
  /** `fullData`: where every commit is, as Markdown (`the \`result-file\` output`). */
  options: { maxLines: number; fullData: string },
): SummaryWriter {
  let room = options.maxLines;
  for (const group of groups) {
    const { commits } = group;
    if (commits.length === 0) continue;
    summary.heading(`${group.title}: ${commits.length} ${plural(commits.length, 'commit')}`, 4);
    const shown = commits.slice(0, Math.max(0, room));
    room -= shown.length;
    for (let i = 0; i < shown.length; i += LINES_PER_BLOCK) {
      const block = shown.slice(i, i + LINES_PER_BLOCK);
      summary.markdown(block.map(line).join('\n'));
    }
    const left = commits.length - shown.length;
    // fullData is the caller's own Markdown (a code span), not text from outside.
    if (left > 0)
      summary.markdown(`… and ${left} more, not shown here: every commit is in ${options.fullData}.`);
  }
  return summary;
}

function line(commit: GroupedCommit): string {
  const text = `${commit.sha.slice(0, 7)}${commit.title ? ` ${commit.title}` : ''}`;
  const detail = commit.detail ? `: ${escapeText(cutText(commit.detail, MAX_DETAIL))}` : '';
  return `- ${link(text, commit.url)}${detail}`;
}
