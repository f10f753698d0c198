/**
 * list-attestations: lists the attestations of a flow (GET /attestations/{org}/{flow}), optionally between two
 * times: one page, or every page up to a cap. Counts the non-compliant ones.
 */
import { log } from '../../trust/log.js';
import type { Attestation } from '../../api/schemas.js';
import type { InputReader } from '../../context/inputs.js';
import { formatTime } from '../../context/time.js';
import { readCommon, withClient, type CommonInputs } from '../../runtime/context.js';
import type { Annotation, StepResult } from '../../runtime/step.js';
import { describeRead, readList, readPaging, type ListRead, type Paging } from '../../runtime/paging.js';
import { commitCell, compliantCell, timeCell, trailText } from '../../summary/cells.js';
import { SummaryWriter, type Cell } from '../../summary/writer.js';

export interface ListAttestationsInputs extends CommonInputs {
  flow: string;
  /** Unix seconds. */
  from: number | undefined;
  to: number | undefined;
  paging: Paging;
}

/** `now` (Unix seconds) anchors relative times such as `7d`. */
export function readInputs(
  inputs: InputReader,
  cwd: string,
  now: number = Date.now() / 1000,
): ListAttestationsInputs {
  const common = readCommon(inputs, cwd);
  const flow = inputs.requiredMatching('flow', 'flowName');
  const { from, to } = inputs.timeWindow('from', 'to', now);
  return { ...common, flow, from, to, paging: readPaging(inputs) };
}

/** The query as asked: in the result file, also of a step that could not list. */
export function queryOf(
  inputs: ListAttestationsInputs,
): Pick<ListAttestationsResult, 'flow' | 'from' | 'to' | 'paging'> {
  return {
    flow: inputs.flow,
    ...(inputs.from !== undefined && { from: inputs.from }),
    ...(inputs.to !== undefined && { to: inputs.to }),
    paging: inputs.paging,
  };
}

export interface ListAttestationsResult {
  url: string;
  flow: string;
  /** Unix seconds, as sent. */
  from?: number;
  to?: number;
  paging: Paging;
  count: number;
  nonCompliant: number;
  /** The service's total, or what was read; null when max-items stopped a read of unknown size. */
  total: number | null;
  truncated: boolean;
  pagesRead: number;
  attestations: Attestation[];
}

/** Only `is_compliant: false` counts: an attestation that does not say is not called non-compliant. */
export function countNonCompliant(attestations: readonly Attestation[]): number {
  return attestations.filter((a) => a.is_compliant === false).length;
}

export async function run(inputs: ListAttestationsInputs): Promise<StepResult> {
  const window = {
    ...(inputs.from !== undefined && { from_timestamp: inputs.from }),
    ...(inputs.to !== undefined && { to_timestamp: inputs.to }),
  };
  return withClient(inputs.connection, async (client) => {
    const url = client.urlFor('listFlowAttestations', { flow_name: inputs.flow }, window);
    const read = await log.group(`List the attestations of ${inputs.flow} (${url})`, async () => {
      const list = await readList(
        inputs.paging,
        (page, perPage) =>
          client.listFlowAttestations(inputs.flow, {
            ...window,
            page,
            ...(perPage !== undefined && { per_page: perPage }),
          }),
        (options) => client.listAllFlowAttestations(inputs.flow, window, options),
      );
      log.info(describeRead(list, inputs.paging, 'attestation(s)'));
      return list;
    });
    const nonCompliant = countNonCompliant(read.items);
    log.info(`${nonCompliant} non-compliant.`);

    const result: ListAttestationsResult = {
      url,
      ...queryOf(inputs),
      count: read.items.length,
      nonCompliant,
      total: read.total,
      truncated: read.truncated,
      pagesRead: read.pagesRead,
      attestations: read.items,
    };
    // A read cut by max-items is worth a warning: the counts are of part of the list.
    const annotations: Annotation[] =
      inputs.paging.all && read.truncated
        ? [{ level: 'warning', message: describeRead(read, inputs.paging, 'attestation(s)') }]
        : [];
    return {
      outcome: 'listed',
      outputs: { count: result.count, 'non-compliant': nonCompliant },
      result: { ...result },
      summary: summarize(result, read, inputs.paging),
      annotations,
    };
  });
}

export function summarize(
  result: ListAttestationsResult,
  read: ListRead<Attestation>,
  paging: Paging,
): SummaryWriter {
  const summary = new SummaryWriter();
  // Not given is not compliant either: said, so the count never reads as more than the service told.
  const unknown = result.attestations.filter((a) => typeof a.is_compliant !== 'boolean').length;
  summary.heading(
    `Attestations of ${result.flow}: ${result.count} listed, ${result.nonCompliant} non-compliant` +
      (unknown > 0 ? `, ${unknown} without a verdict` : ''),
    3,
  );
  const window = [
    ...(result.from !== undefined ? [`from ${formatTime(result.from)}`] : []),
    ...(result.to !== undefined ? [`to ${formatTime(result.to)}`] : []),
  ];
  summary.paragraph(
    `${window.length > 0 ? `Created ${window.join(' ')}. ` : ''}${describeRead(read, paging, 'attestation(s)')}`,
  );
  if (result.attestations.length === 0) return summary.paragraph('No attestations match.');
  summary.table(
    ['Name', 'Type', 'Compliant', 'Trail', 'Commit', 'Created', 'Reported by', 'Description'],
    // Every field is only shown here: one the service left out leaves its cell empty, never fails the step.
    result.attestations.map((a): Cell[] => [
      { text: shown(a.attestation_name), href: a.html_url },
      a.attestation_type,
      compliantCell(a.is_compliant, ''),
      trailText(a.trail_name),
      commitCell({
        sha: a.git_commit_info?.sha1,
        message: a.git_commit_info?.message,
        url: a.git_commit_info?.url,
      }),
      timeCell(a.created_at),
      a.reported_by,
      a.description,
    ]),
  );
  return summary;
}

/** A name the service left out reads as `?`. */
function shown(text: string | null | undefined): string {
  return text ?? '?';
}
