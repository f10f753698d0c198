/**
 * list-attestations, running: reads the attestations of the flow (GET /attestations/{org}/{flow}), in the window
 * asked, one page or every page up to the cap, counts the non-compliant ones and renders the summary.
 */
import { log } from '../../trust/log.js';
import { withClient } from '../../runtime/context.js';
import type { Annotation, StepResult } from '../../runtime/step.js';
import { describeRead, readList } from '../../runtime/paging.js';
import { countNonCompliant } from './decide.js';
import { queryOf } from './inputs.js';
import { summarize } from './render.js';
import type { ListAttestationsInputs, ListAttestationsResult } from './types.js';

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
