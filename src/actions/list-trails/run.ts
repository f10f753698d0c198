/**
 * list-trails, running: reads the trails of the org (GET /trails/{org}) with the filters asked, one page or every
 * page up to the cap, counts the non-compliant ones and renders the summary.
 */
import { log } from '../../trust/log.js';
import { withClient } from '../../runtime/context.js';
import type { StepResult } from '../../runtime/step.js';
import { describeRead, readList } from '../../runtime/paging.js';
import { isNonCompliant } from './decide.js';
import { filtersOf } from './inputs.js';
import { summarize } from './render.js';
import type { ListTrailsInputs, ListTrailsResult } from './types.js';

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
