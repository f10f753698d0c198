/** What report-k8s-env says: the summary, the warnings of pods left out, the could-not heading. */
import type { EnvironmentTarget } from '../../k8s/environments.js';
import type { PodReport, SkippedPod } from '../../k8s/pods.js';
import { cappedWarnings, MAX_ANNOTATIONS, type Annotation, type ErrorExtras } from '../../runtime/step.js';
import { escapeText, link, safeUrl, SummaryWriter, type Cell } from '../../summary/writer.js';
import { plural } from '../../trust/text.js';
import type { ReportK8sEnvInputs, EnvironmentOutcome, ReportK8sEnvResult, SnapshotMade } from './inputs.js';

export function couldNot(inputs: ReportK8sEnvInputs | undefined): string {
  return inputs
    ? `Could not report ${plural(inputs.targets.length, 'environment')} ${environmentsText(inputs.targets)}`
    : 'Could not report the environment';
}

// A step that could not report still sets the list, so `fromJSON(steps.<id>.outputs.environments)` never breaks.
export const onError: ErrorExtras<ReportK8sEnvInputs> = { outputs: { environments: [] } };

/** The environments in words: `staging`, or `staging, production and 2 more`. */
export function environmentsText(targets: EnvironmentTarget[]): string {
  const names = targets.map((t) => t.name);
  if (names.length <= 3) return names.join(names.length === 2 ? ' and ' : ', ');
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
}

/**
 * A named namespace without pods (prefixed with its environment's name when `named`), then each skipped pod once
 * (one pod is in the report of every environment whose namespaces hold it): as many as GitHub shows, then a count.
 */
export function warnings(
  environments: { target: EnvironmentTarget; report: PodReport }[],
  named: boolean,
): Annotation[] {
  const empty = environments.flatMap(({ target, report }) =>
    (target.filter.include ?? [])
      .filter((ns) => !report.namespaces.has(ns))
      .map(
        (ns) =>
          `${named ? `Environment ${target.name}: namespace` : 'Namespace'} '${ns}' has no pods (or does not exist).`,
      ),
  );
  const skipped = uniqueSkipped(environments.map((e) => e.report)).map(
    (pod) => `Skipped pod ${pod.namespace}/${pod.pod}: ${pod.reason}`,
  );
  // The namespaces' warnings all stand; the pods' fill the room left, at least one.
  const room = empty.length + Math.max(MAX_ANNOTATIONS - empty.length, 1);
  const rest = (count: number) =>
    `${count} more ${plural(count, 'pod')} ${plural(count, 'was', 'were')} skipped: ` +
    'see the job summary or result-file.';
  return cappedWarnings([...empty, ...skipped], rest, room);
}

/** Each skipped pod once: mapPodsFor maps a pod once, so the same object is in every report that holds it. */
function uniqueSkipped(reports: { skipped: SkippedPod[] }[]): SkippedPod[] {
  return [...new Set(reports.flatMap((r) => r.skipped))];
}

/** What the outputs count of an environment: its pods read, its distinct fingerprints, its skipped pods. */
export function countsOf(result: Pick<ReportK8sEnvResult, 'pods' | 'artifacts' | 'skipped'>) {
  return {
    pods: result.pods,
    artifacts: new Set(result.artifacts.map((a) => a.fingerprint)).size,
    skipped: result.skipped.length,
  };
}

export function summarize(result: ReportK8sEnvResult): SummaryWriter {
  const { dryRun, environment } = result;
  const heading = dryRun
    ? `DRY RUN: environment ${environment} not reported`
    : `Environment ${environment} reported`;
  return details(new SummaryWriter().heading(heading, 3), result);
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
  return skippedTable(summary, result.skipped);
}

function skippedTable(summary: SummaryWriter, skipped: SkippedPod[]): SummaryWriter {
  if (skipped.length === 0) return summary;
  return summary.heading(`Skipped pods (${skipped.length})`, 4).table(
    ['Namespace', 'Pod', 'Reason'],
    skipped.map((p) => [p.namespace, p.pod, p.reason]),
  );
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

/** How many pods were read, reported, left out and skipped, and why, in words. */
function counted(result: ReportK8sEnvResult): string {
  const pods = (n: number) => `${n} ${plural(n, 'pod')}`;
  const they = (n: number) => plural(n, 'it was', 'they were');
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

const OUTCOME_MARK: Record<EnvironmentOutcome['outcome'], string> = {
  reported: '✅ reported',
  'dry-run': 'dry run',
  error: '❌ not reported',
};

/** The summary of many environments: one row each, then the pods skipped in any of them. */
export function summarizeMany(dryRun: boolean, environments: EnvironmentOutcome[]): SummaryWriter {
  const summary = new SummaryWriter();
  const failed = environments.filter((e) => e.outcome === 'error').length;
  const n = environments.length;
  const counted = `${n} ${plural(n, 'environment')}`;
  summary.heading(
    dryRun
      ? `DRY RUN: ${counted} not reported`
      : failed > 0
        ? `${n - failed} of ${counted} reported`
        : `${counted} reported`,
    3,
  );
  summary.paragraph(
    `The cluster was read once for all of them; each environment is the pods of its namespaces.` +
      (dryRun
        ? ' Dry run: nothing was sent; each payload is kept (payload-file in the environments output).'
        : '') +
      (failed > 0
        ? ` ${failed} could not be reported: each payload is kept (payload-file in the environments output).`
        : ''),
  );
  summary.table(
    ['Environment', 'Outcome', 'Pods', 'Artifacts', 'Skipped', 'Snapshot', 'Message'],
    environments.map(({ outcome, result, error }): Cell[] => [
      result.environment,
      OUTCOME_MARK[outcome],
      // Pods, artifacts and skipped pods as the environments output counts them (pods read, not reported).
      ...Object.values(countsOf(result)),
      snapshotCell(result.snapshot),
      error?.message ?? result.message,
    ]),
  );
  return skippedTable(summary, uniqueSkipped(environments.map((e) => e.result)));
}

/** `staging#4 (new)`, `staging#3 (no new one)`, linked where the answer gives a page; empty when not delivered. */
function snapshotCell(snapshot: SnapshotMade | undefined): Cell {
  if (!snapshot) return '';
  const text = snapshot.created
    ? `${snapshot.id ?? 'a snapshot'} (new)`
    : `${snapshot.id ?? 'the latest'} (no new one)`;
  return { text, href: snapshot.url };
}
