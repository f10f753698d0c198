/** What report-k8s-env says about a report: the job summary and the warnings about pods it left out. */
import type { NamespaceFilter, PodReport, SkippedPod } from '../../k8s/pods.js';
import { MAX_ANNOTATIONS, type Annotation } from '../../runtime/step.js';
import { escapeText, link, safeUrl, SummaryWriter } from '../../summary/writer.js';
import type { ArtifactCount } from './pods.js';
import type { SnapshotMade } from './snapshot.js';

export interface ReportK8sEnvResult {
  dryRun: boolean;
  environment: string;
  url: string;
  /** Pods read (after namespace filtering). */
  pods: number;
  /** Pods in the report (Running or Failed, mapped). */
  reported: number;
  /** Pods left out by phase (Pending, Succeeded, Unknown). */
  leftOut: number;
  skipped: SkippedPod[];
  artifacts: ArtifactCount[];
  /** The service's answer (scrubbed); says why there is none in a dry run; absent when it was not delivered. */
  message?: string;
  /** What the service made of the report; absent when it was not delivered. */
  snapshot?: SnapshotMade;
}

/**
 * A named namespace without pods (most often a typo or a missing permission), then the skipped pods: at most as many
 * warnings as GitHub shows, the last one counting the rest, which the summary and the result file list.
 */
export function warnings(filter: NamespaceFilter, report: PodReport): Annotation[] {
  const empty = (filter.include ?? [])
    .filter((ns) => !report.namespaces.has(ns))
    .map((ns): Annotation => ({
      level: 'warning',
      message: `Namespace '${ns}' has no pods (or does not exist).`,
    }));
  const room = Math.max(MAX_ANNOTATIONS - empty.length, 1);
  const shown = report.skipped.length > room ? room - 1 : report.skipped.length;
  const skipped = report.skipped.slice(0, shown).map((pod): Annotation => ({
    level: 'warning',
    message: `Skipped pod ${pod.namespace}/${pod.pod}: ${pod.reason}`,
  }));
  if (report.skipped.length > shown) {
    skipped.push({
      level: 'warning',
      message: `${report.skipped.length - shown} more pod(s) were skipped: see the job summary or result-file.`,
    });
  }
  return [...empty, ...skipped];
}

export function summarize(result: ReportK8sEnvResult): SummaryWriter {
  const summary = new SummaryWriter();
  summary.heading(
    result.dryRun
      ? `DRY RUN: environment ${result.environment} not reported`
      : `Environment ${result.environment} reported`,
    3,
  );
  return details(summary, result);
}

/** The counts, the artifacts and the skipped pods, added to `summary`. */
export function details(summary: SummaryWriter, result: ReportK8sEnvResult): SummaryWriter {
  const answer = result.dryRun
    ? `Dry run: nothing was sent to ${result.url}.`
    : result.message !== undefined
      ? `The service answered: ${result.message || '(no message)'}`
      : '';
  summary.paragraph(`${counted(result)}${answer ? ` ${answer}` : ''}`);
  if (result.snapshot) snapshotLine(summary, result.environment, result.snapshot);
  summary.table(
    ['Image', 'Fingerprint', 'Pods'],
    result.artifacts.map((a) => [a.image, { code: a.fingerprint.slice(0, 12) }, a.pods]),
  );
  if (result.skipped.length > 0) {
    summary.heading(`Skipped pods (${result.skipped.length})`, 4);
    summary.table(
      ['Namespace', 'Pod', 'Reason'],
      result.skipped.map((p) => [p.namespace, p.pod, p.reason]),
    );
  }
  return summary;
}

/** Whether a snapshot was made, which one, and its page: linked where the answer gives one. */
function snapshotLine(summary: SummaryWriter, environment: string, snapshot: SnapshotMade): void {
  const id = snapshot.id ?? '';
  const named = id && safeUrl(snapshot.url) ? link(id, snapshot.url) : escapeText(id);
  const page =
    !id && safeUrl(snapshot.url) ? ` ${link('Open it in the compliance service', snapshot.url)}.` : '';
  const text = snapshot.created
    ? id
      ? `**A new snapshot was made: ${named}.**`
      : `**A new snapshot of ${escapeText(environment)} was made** (the service did not say its number).${page}`
    : `**No new snapshot was made**: what runs is what the latest snapshot${id ? `, ${named},` : ''} already holds (HTTP 200: the set of running artifacts did not change).${page}`;
  summary.markdown(text);
}

/** How many pods were read, reported, left out and skipped, and why, in words (issue 15). */
function counted(result: ReportK8sEnvResult): string {
  const pods = (n: number) => (n === 1 ? '1 pod' : `${n} pods`);
  const they = (n: number) => (n === 1 ? 'it was' : 'they were');
  const parts = [`${pods(result.pods)} read, ${result.reported} reported.`];
  if (result.leftOut > 0) {
    parts.push(
      `${pods(result.leftOut)} left out: ${they(result.leftOut)} neither Running nor Failed ` +
        '(Pending, Succeeded or Unknown), so not part of what the environment runs.',
    );
  }
  const skipped = result.skipped.length;
  if (skipped > 0) {
    parts.push(
      `${pods(skipped)} skipped: ${they(skipped)} not mappable to an artifact (why is listed below).`,
    );
  }
  return parts.join(' ');
}
