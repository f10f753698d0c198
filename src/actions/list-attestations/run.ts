/**
 * list-attestations: lists the attestations of a flow (GET /attestations/{org}/{flow}), optionally between two
 * times: one page, or every page up to a cap. Counts the non-compliant ones.
 */
import { log } from '../../trust/log.js';
import { InputError } from '../../errors/errors.js';
import { shownField } from '../../api/parse.js';
import type { Attestation } from '../../api/schemas.js';
import type { InputReader } from '../../context/inputs.js';
import { formatTime, parseTime } from '../../context/time.js';
import { readCommon, withClient, type CommonInputs } from '../../runtime/context.js';
import { setOutputs, writeResultFile } from '../../runtime/legacy-output.js';
import { describeRead, readList, readPaging, type ListRead, type Paging } from '../../runtime/paging.js';
import { compliantCell, timeCell } from '../../summary/cells.js';
import { SummaryWriter, type Cell } from '../../summary/writer.js';

const ACTION = 'list-attestations';

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
  const time = (name: string) => {
    const value = inputs.optional(name);
    return value === undefined ? undefined : parseTime(value, name, now);
  };
  const from = time('from');
  const to = time('to');
  if (from !== undefined && to !== undefined && from > to) {
    throw new InputError(
      'from',
      `'${inputs.raw('from')}' (${formatTime(from)}) is later than to '${inputs.raw('to')}' (${formatTime(to)})`,
      'from at or before to',
    );
  }
  return { ...common, flow, from, to, paging: readPaging(inputs) };
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
  total: number;
  truncated: boolean;
  pagesRead: number;
  attestations: Attestation[];
}

export async function run(inputs: ListAttestationsInputs): Promise<ListAttestationsResult> {
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
    if (inputs.paging.all && read.truncated) {
      log.warning(describeRead(read, inputs.paging, 'attestation(s)'));
    }
    const nonCompliant = read.items.filter((a) => a.is_compliant === false).length;
    log.info(`${nonCompliant} non-compliant.`);

    const result: ListAttestationsResult = {
      url,
      flow: inputs.flow,
      ...(inputs.from !== undefined && { from: inputs.from }),
      ...(inputs.to !== undefined && { to: inputs.to }),
      paging: inputs.paging,
      count: read.items.length,
      nonCompliant,
      total: read.total,
      truncated: read.truncated,
      pagesRead: read.pagesRead,
      attestations: read.items,
    };
    setOutputs({ count: result.count, 'non-compliant': nonCompliant });
    await writeResultFile(inputs.runner, ACTION, result);
    if (inputs.summary) await summarize(result, read, inputs.paging).write(inputs.runner.summaryFile);
    return result;
  });
}

function summarize(
  result: ListAttestationsResult,
  read: ListRead<Attestation>,
  paging: Paging,
): SummaryWriter {
  const summary = new SummaryWriter();
  summary.heading(
    `Attestations of ${result.flow}: ${result.count} listed, ${result.nonCompliant} non-compliant`,
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
    ['Name', 'Type', 'Compliant', 'Created', 'Reported by', 'Description'],
    // Every field is only shown here: one the service sent malformed leaves its cell empty, never fails the step.
    result.attestations.map((a): Cell[] => [
      { text: shownField(() => a.attestation_name) ?? '?', href: shownField(() => a.html_url) },
      shownField(() => a.attestation_type),
      compliantCell(
        shownField(() => a.is_compliant),
        '',
      ),
      timeCell(shownField(() => a.created_at)),
      shownField(() => a.reported_by),
      shownField(() => a.description),
    ]),
  );
  return summary;
}
