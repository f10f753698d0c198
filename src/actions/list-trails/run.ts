/**
 * list-trails: lists the trails of the org (GET /trails/{org}), narrowed by flow, flow tag or artifact fingerprint:
 * one page, or every page up to a cap. Counts the non-compliant ones.
 */
import { log } from '../../trust/log.js';
import type { Trail } from '../../api/schemas.js';
import type { InputReader } from '../../context/inputs.js';
import { readCommon, withClient, type CommonInputs } from '../../runtime/context.js';
import type { StepResult } from '../../runtime/step.js';
import { describeRead, readList, readPaging, type ListRead, type Paging } from '../../runtime/paging.js';
import { commitCell, problemsText, stateCell, timeCell, trailText } from '../../summary/cells.js';
import { SummaryWriter, type Cell } from '../../summary/writer.js';

export interface ListTrailsInputs extends CommonInputs {
  flow: string | undefined;
  flowTag: string | undefined;
  fingerprint: string | undefined;
  paging: Paging;
}

export function readInputs(inputs: InputReader, cwd: string): ListTrailsInputs {
  return {
    ...readCommon(inputs, cwd),
    flow: inputs.matching('flow', 'flowName'),
    flowTag: inputs.matching('flow-tag', 'flowTag'),
    fingerprint: inputs.matching('fingerprint', 'fingerprint'),
    paging: readPaging(inputs),
  };
}

/** The query's filters, as the API names them. */
export function filtersOf(inputs: ListTrailsInputs): ListTrailsResult['filters'] {
  return {
    ...(inputs.flow !== undefined && { flow: inputs.flow }),
    ...(inputs.flowTag !== undefined && { flow_tag: inputs.flowTag }),
    ...(inputs.fingerprint !== undefined && { fingerprint: inputs.fingerprint }),
  };
}

export interface ListTrailsResult {
  url: string;
  filters: { flow?: string; flow_tag?: string; fingerprint?: string };
  paging: Paging;
  count: number;
  nonCompliant: number;
  /** The service's total, or what was read; null when max-items stopped a read of unknown size. */
  total: number | null;
  truncated: boolean;
  pagesRead: number;
  trails: Trail[];
}

export async function run(inputs: ListTrailsInputs): Promise<StepResult> {
  const filters = filtersOf(inputs);
  return withClient(inputs.connection, async (client) => {
    const url = client.urlFor('listTrails', {}, filters);
    const read = await log.group(`List trails (${url})`, async () => {
      const list = await readList(
        inputs.paging,
        (page, perPage) =>
          client.listTrails({ ...filters, page, ...(perPage !== undefined && { per_page: perPage }) }),
        (options) => client.listAllTrails(filters, options),
      );
      log.info(describeRead(list, inputs.paging, 'trail(s)'));
      return list;
    });
    const nonCompliant = read.items.filter(isNonCompliant).length;
    log.info(`${nonCompliant} non-compliant.`);

    const result: ListTrailsResult = {
      url,
      filters,
      paging: inputs.paging,
      count: read.items.length,
      nonCompliant,
      total: read.total,
      truncated: read.truncated,
      pagesRead: read.pagesRead,
      trails: read.items,
    };
    return {
      outcome: 'listed',
      outputs: { count: result.count, 'non-compliant': nonCompliant },
      result: { ...result },
      summary: summarize(result, read, inputs.paging),
      annotations:
        inputs.paging.all && read.truncated
          ? [{ level: 'warning', message: describeRead(read, inputs.paging, 'trail(s)') }]
          : [],
    };
  });
}

/** The trail's state: `compliance_state`, else `compliance_status.status`. */
function stateOf(trail: Trail): string | undefined {
  return trail.compliance_state ?? trail.compliance_status?.status ?? undefined;
}

/** NON-COMPLIANT by its state; a trail without a state counts only when it says `is_compliant: false`. */
export function isNonCompliant(trail: Trail): boolean {
  const state = stateOf(trail);
  return state !== undefined ? state === 'NON-COMPLIANT' : trail.is_compliant === false;
}

/** The attestations that keep a trail from being compliant: missing ones and non-compliant ones. */
function problems(trail: Trail): string {
  // A status the service sent malformed is null in the list: it names nothing.
  return problemsText(
    (trail.compliance_status?.attestations_statuses ?? []).flatMap((s) => {
      if (s?.attestation_name == null || (s.status !== 'MISSING' && s.is_compliant !== false)) return [];
      return [
        { name: s.attestation_name, problem: s.status === 'MISSING' ? 'missing' : 'non-compliant' } as const,
      ];
    }),
  );
}

function summarize(result: ListTrailsResult, read: ListRead<Trail>, paging: Paging): SummaryWriter {
  const summary = new SummaryWriter();
  // A trail that gives neither a state nor is_compliant is counted as such, never as compliant.
  const unknown = result.trails.filter(
    (t) => stateOf(t) === undefined && typeof t.is_compliant !== 'boolean',
  ).length;
  summary.heading(
    `Trails: ${result.count} listed, ${result.nonCompliant} non-compliant` +
      (unknown > 0 ? `, ${unknown} without a state` : ''),
    3,
  );
  const inputNames: Record<string, string> = {
    flow: 'flow',
    flow_tag: 'flow-tag',
    fingerprint: 'fingerprint',
  };
  const filters = Object.entries(result.filters).map(([k, v]) => `${inputNames[k] ?? k} ${v}`);
  summary.paragraph(
    `${filters.length > 0 ? `Filtered by ${filters.join(', ')}. ` : ''}${describeRead(read, paging, 'trail(s)')}`,
  );
  if (result.trails.length === 0) return summary.paragraph('No trails match.');
  summary.table(
    ['Trail', 'Flow', 'State', 'Commit', 'Missing or non-compliant', 'Created', 'Created by'],
    // Shown fields the service left out or sent malformed are null (see `shown` in api/schemas/common.ts): their cells stay empty.
    result.trails.map((t): Cell[] => {
      const commit = t.git_commit_info;
      return [
        { text: trailText(t.name) ?? '?', href: t.html_url },
        t.flow?.name,
        stateCell(stateOf(t)),
        commit ? commitCell({ sha: commit.sha1, message: commit.message, url: commit.url }) : '',
        problems(t),
        timeCell(t.created_at),
        t.created_by,
      ];
    }),
  );
  return summary;
}
