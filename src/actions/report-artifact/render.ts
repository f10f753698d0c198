/**
 * What report-artifact says: the job summary of what was (or would have been) reported, and the heading of a step that
 * could not finish.
 */
import { commitCell, stateCell } from '../../summary/cells.js';
import { link, safeUrl, SummaryWriter } from '../../summary/writer.js';
import type { ReportArtifactInputs } from './inputs.js';
import type { ReportArtifactResult } from './types.js';

export function couldNot(inputs: ReportArtifactInputs | undefined): string {
  return inputs ? `Could not report the artifact to flow ${inputs.flow}` : 'Could not report the artifact';
}

export function summarize(result: ReportArtifactResult): SummaryWriter {
  const summary = new SummaryWriter();
  summary.heading(result.dryRun ? 'DRY RUN: artifact not reported' : 'Artifact reported', 3);
  if (result.dryRun) {
    summary.paragraph(`Dry run: nothing was sent. The report would have gone to ${result.url}.`);
  }
  const page = result.page;
  if (page && safeUrl(page.htmlUrl)) summary.markdown(link('Open in the compliance service', page.htmlUrl));
  if (page?.unread) summary.paragraph(`Its page and state could not be read back: ${page.unread}`);
  return details(summary, result);
}

/** The report's fields, annotations and links, added to `summary`. */
export function details(summary: SummaryWriter, result: ReportArtifactResult): SummaryWriter {
  const p = result.payload;
  summary.table(
    ['Field', 'Value'],
    [
      ['Flow', result.flow],
      ['Name', result.filename],
      ['Fingerprint', { code: result.fingerprint }],
      ['Trail', result.trail],
      ...(result.page?.state
        ? [['State after the report', stateCell(result.page.state, result.page.stateNote)]]
        : []),
      [
        'Commit',
        commitCell({ sha: result.gitCommit, message: p.git_commit_info?.message, url: p.commit_url }),
      ],
      ['Build', { text: 'run', href: p.build_url }],
      ...(p.description ? [['Description', p.description]] : []),
      ...(p.is_compliant !== undefined && p.is_compliant !== null
        ? [['Compliant', String(p.is_compliant)]]
        : []),
    ],
  );
  const annotations = Object.entries(p.annotations ?? {});
  if (annotations.length > 0) {
    summary.heading('Annotations', 4).table(
      ['Key', 'Value'],
      annotations.map(([key, value]) => [key, String(value)]),
    );
  }
  const urls = Object.entries(p.external_urls ?? {});
  if (urls.length > 0) {
    summary.heading('Links', 4).table(
      ['Name', 'Link'],
      urls.map(([name, url]) => {
        const href = typeof url === 'string' ? url : url.href;
        return [name, { text: href, href }];
      }),
    );
  }
  return summary;
}
