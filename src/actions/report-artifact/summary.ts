/** The job summary of report-artifact: what was (or would have been) reported. */
import type { ReportArtifactBody } from '../../api/schemas.js';
import { escapeText, link, SummaryWriter } from '../../summary/writer.js';

export interface ReportArtifactResult {
  dryRun: boolean;
  flow: string;
  url: string;
  fingerprint: string;
  filename: string;
  trail: string;
  gitCommit: string;
  payload: ReportArtifactBody;
  /** The service's answer; absent in a dry run and when the report was not delivered. */
  response?: unknown;
}

export function summarize(result: ReportArtifactResult): SummaryWriter {
  const summary = new SummaryWriter();
  summary.heading(result.dryRun ? 'DRY RUN: artifact not reported' : 'Artifact reported', 3);
  if (result.dryRun) {
    summary.paragraph(`Dry run: nothing was sent. The report would have gone to ${result.url}.`);
  }
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
      ['Commit', { text: result.gitCommit.slice(0, 7), href: p.commit_url }],
      ['Build', { text: 'run', href: p.build_url }],
      ...(p.description ? [['Description', p.description]] : []),
      ...(p.is_compliant !== undefined && p.is_compliant !== null
        ? [['Compliant', String(p.is_compliant)]]
        : []),
    ],
  );
  const annotations = Object.entries(p.annotations ?? {});
  const urls = Object.entries(p.external_urls ?? {});
  if (annotations.length > 0 || urls.length > 0) {
    summary.markdown(
      [
        ...annotations.map(([k, v]) => `- ${escapeText(k)}: ${escapeText(String(v))}`),
        ...urls.map(([k, v]) => `- ${link(k, typeof v === 'string' ? v : v.href)}`),
      ].join('\n'),
    );
  }
  return summary;
}
