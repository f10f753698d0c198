/**
 * What diff-envs shows: the log lines, and the summary (also the PR comment's body). Every field of an artifact is
 * only shown here: one the service left out reads as `?` or an empty cell, never fails the step.
 */
import type { DiffArtifact } from '../../api/schemas.js';
import { commitCell } from '../../summary/cells.js';
import { SummaryWriter, type Cell } from '../../summary/writer.js';
import { log } from '../../trust/log.js';
import type { DiffEnvsResult } from './run.js';

/** Lines per group in the log; the rest are counted (the full lists are in result-file and the summary). */
export const LOG_LINES = 50;
/** Pods shown in one summary cell; the rest are counted. */
export const PODS_SHOWN = 20;

export function counts(result: DiffEnvsResult): string {
  const { snapshot1: s1, snapshot2: s2, counts: c } = result;
  return (
    `${c.onlyIn1} artifact(s) only in ${s1.id}, ${c.onlyIn2} only in ${s2.id}, ${c.scaled} scaled, ` +
    `${c.unchanged} unchanged`
  );
}

/** Instances in the first and second snapshot: the group's count, else the entry's `instance_count`. */
export function instances(a: DiffArtifact, side: 1 | 2): number | undefined {
  return (side === 1 ? a.s1_instance_count : a.s2_instance_count) ?? a.instance_count ?? undefined;
}

function nameOf(a: DiffArtifact): string {
  return orMark(a.name);
}

function shortFingerprint(a: DiffArtifact): string {
  return orMark(a.fingerprint).slice(0, 12);
}

function orMark(text: string | null | undefined): string {
  return text ?? '?';
}

function scaling(a: DiffArtifact): string {
  return `${instances(a, 1) ?? '?'} → ${instances(a, 2) ?? '?'}`;
}

/** The pod names the service gave, any it left out or sent malformed dropped. */
function podsOf(a: DiffArtifact): string[] {
  return (a.pods ?? []).filter((p: unknown): p is string => typeof p === 'string');
}

/** Names and snapshot ids come from the server: `log` scrubs every line, a server may echo the token. */
export function logDiff(result: DiffEnvsResult): void {
  const { snapshot1: s1, snapshot2: s2 } = result;
  log.info(`${s1.expression} is ${s1.id}; ${s2.expression} is ${s2.id}.`);
  log.info(`${counts(result)}.`);
  const groups: [string, DiffArtifact[], (a: DiffArtifact) => string][] = [
    [`Only present in ${s1.id}`, result.onlyIn1, (a) => `${instances(a, 1) ?? '?'} instance(s)`],
    [`Only present in ${s2.id}`, result.onlyIn2, (a) => `${instances(a, 2) ?? '?'} instance(s)`],
    [`${s1.id} -> ${s2.id} scaling`, result.scaled, scaling],
  ];
  for (const [title, artifacts, detail] of groups) {
    if (artifacts.length === 0) continue;
    log.startGroup(`${title} (${artifacts.length})`);
    for (const a of artifacts.slice(0, LOG_LINES)) {
      log.info(`${nameOf(a)}  ${shortFingerprint(a)}  ${detail(a)}`);
    }
    if (artifacts.length > LOG_LINES)
      log.info(`... and ${artifacts.length - LOG_LINES} more (see result-file)`);
    log.endGroup();
  }
}

function podsCell(a: DiffArtifact): Cell {
  const pods = podsOf(a);
  if (pods.length === 0) return '';
  const shown = pods.slice(0, PODS_SHOWN);
  const more = pods.length - shown.length;
  return {
    details: `${pods.length} pod(s)`,
    lines: more > 0 ? [...shown, `... and ${more} more`] : shown,
  };
}

/**
 * The summary: counts first, then one table per group; unchanged artifacts only with `show-unchanged`. The writer's
 * budget is the job summary's by default; the PR comment passes its own.
 */
export function summarize(
  result: DiffEnvsResult,
  showUnchanged: boolean,
  options: ConstructorParameters<typeof SummaryWriter>[0] = {},
): SummaryWriter {
  const { snapshot1: s1, snapshot2: s2 } = result;
  const summary = new SummaryWriter(options);
  summary.heading(`Environment diff: ${s1.id} → ${s2.id}`, 3);
  const resolved =
    s1.expression !== s1.id || s2.expression !== s2.id
      ? `${s1.expression} is ${s1.id}, ${s2.expression} is ${s2.id}. `
      : '';
  summary.paragraph(
    result.changed
      ? `${resolved}${counts(result)}.`
      : `${resolved}No differences: both snapshots run the same ${result.counts.unchanged} artifact(s) with the same instance counts.`,
  );
  const row = (a: DiffArtifact, count: string | number | undefined): Cell[] => [
    nameOf(a),
    { code: shortFingerprint(a) },
    a.flow,
    commitCell({ url: a.commit_url }),
    count,
    podsCell(a),
  ];
  const group = (
    title: string,
    column: string,
    artifacts: DiffArtifact[],
    count: (a: DiffArtifact) => string | number | undefined,
  ) => {
    if (artifacts.length === 0) return;
    summary.heading(`${title} (${artifacts.length})`, 4);
    summary.table(
      ['Name', 'Fingerprint', 'Flow', 'Commit', column, 'Pods'],
      artifacts.map((a) => row(a, count(a))),
    );
  };
  group(`Only in ${s1.id}`, 'Instances', result.onlyIn1, (a) => instances(a, 1));
  group(`Only in ${s2.id}`, 'Instances', result.onlyIn2, (a) => instances(a, 2));
  group(`Scaled ${s1.id} → ${s2.id}`, 'Scaling', result.scaled, scaling);
  if (showUnchanged) {
    group('Unchanged', 'Instances', result.unchanged, (a) => a.instance_count ?? instances(a, 2));
  } else if (result.changed && result.counts.unchanged > 0) {
    summary.paragraph(
      `${result.counts.unchanged} unchanged artifact(s) not listed: set show-unchanged to true to list them.`,
    );
  }
  return summary;
}
