/** list-attestations, its inputs: the flow, the time window (relative times such as `7d` against now), the paging. */
import type { InputReader } from '../../context/inputs.js';
import { readCommon } from '../../runtime/context.js';
import { readPaging } from '../../runtime/paging.js';
import type { ListAttestationsInputs, ListAttestationsResult } from './types.js';

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

/** What the inputs say, for the result file of a step that could not list: the query as asked. */
export const describe = queryOf;
