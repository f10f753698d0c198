/** list-trails, its inputs: the filters (flow, flow tag, artifact fingerprint) and the paging. */
import type { InputReader } from '../../context/inputs.js';
import { readCommon } from '../../runtime/context.js';
import { readPaging } from '../../runtime/paging.js';
import type { ListTrailsInputs, ListTrailsResult } from './types.js';

export function readInputs(inputs: InputReader, cwd: string): ListTrailsInputs {
  return {
    ...readCommon(inputs, cwd),
    flow: inputs.matching('flow', 'flowName'),
    flowTag: inputs.matching('flow-tag', 'flowTag'),
    fingerprint: inputs.fingerprint('fingerprint'),
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

/** What the inputs say, for the result file of a step that could not list: the filters and the paging. */
export function describe(inputs: ListTrailsInputs): Record<string, unknown> {
  return { filters: filtersOf(inputs), paging: inputs.paging };
}
