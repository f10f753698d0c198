/** list-attestations: a flow's attestations, optionally between two times, one page or every page up to a cap. */
import { OVERRIDE_ATTESTATION_TYPE, type Attestation } from '../api/schemas.js';
import type { InputReader } from '../context/inputs.js';
import { formatTime } from '../context/time.js';
import { readCommon, withClient } from '../runtime/context.js';
import { listStep, readPaging } from '../runtime/paging.js';
import { defineAction, type StepResult } from '../runtime/step.js';
import { commitCell, compliantCell, overrideCell, timeCell, trailText } from '../summary/cells.js';

// The inputs: the flow, the time window (relative times such as `7d` against now), the paging.

/** `now` (Unix seconds) anchors relative times such as `7d`. */
export function readInputs(inputs: InputReader, cwd: string, now: number = Date.now() / 1000) {
  const common = readCommon(inputs, cwd);
  const flow = inputs.requiredMatching('flow', 'flowName');
  const { from, to } = inputs.timeWindow('from', 'to', now);
  return { ...common, flow, from, to, paging: readPaging(inputs) };
}

type ListAttestationsInputs = ReturnType<typeof readInputs>;

/** The query as asked (the times in Unix seconds, as sent): in the result file, also of a step that could not list. */
function queryOf(inputs: ListAttestationsInputs) {
  return {
    flow: inputs.flow,
    ...(inputs.from !== undefined && { from: inputs.from }),
    ...(inputs.to !== undefined && { to: inputs.to }),
    paging: inputs.paging,
  };
}

// The run: the attestations of the flow in the window asked, one page or every page up to the cap.

async function run(inputs: ListAttestationsInputs): Promise<StepResult> {
  const window = {
    ...(inputs.from !== undefined && { from_timestamp: inputs.from }),
    ...(inputs.to !== undefined && { to_timestamp: inputs.to }),
  };
  const created = [
    ...(inputs.from !== undefined ? [`from ${formatTime(inputs.from)}`] : []),
    ...(inputs.to !== undefined ? [`to ${formatTime(inputs.to)}`] : []),
  ];
  return withClient(inputs.connection, async (client) => {
    const url = client.urlFor('listFlowAttestations', { flow_name: inputs.flow }, window);
    return listStep(
      {
        paging: inputs.paging,
        noun: 'attestation',
        title: `List the attestations of ${inputs.flow} (${url})`,
        onePage: (page, perPage) =>
          client.listFlowAttestations(inputs.flow, {
            ...window,
            page,
            ...(perPage !== undefined && { per_page: perPage }),
          }),
        allPages: (options) => client.listAllFlowAttestations(inputs.flow, window, options),
        // Only `is_compliant: false` counts: an attestation that does not say is not called non-compliant.
        isNonCompliant: (attestation) => attestation.is_compliant === false,
      },
      (counts, attestations) => ({ url, ...queryOf(inputs), ...counts, attestations }),
      (read) => ({
        heading: `Attestations of ${inputs.flow}`,
        // Not given is not compliant either: said, so the count never reads as more than the service told.
        unknown: {
          count: read.items.filter((a) => typeof a.is_compliant !== 'boolean').length,
          words: 'without a verdict',
        },
        narrowed: created.length > 0 ? `Created ${created.join(' ')}. ` : '',
        columns: ['Name', 'Type', 'Compliant', 'Trail', 'Commit', 'Created', 'Reported by', 'Description'],
        row,
      }),
    );
  });
}

// The rendering: an attestation's row. Every field is only shown here: one the service left out leaves its cell
// empty, never fails the step.

function row(a: Attestation) {
  return [
    { text: a.attestation_name ?? '?', href: a.html_url },
    a.attestation_type,
    // An override is a person's verdict on an attestation of its name: said as one.
    a.attestation_type === OVERRIDE_ATTESTATION_TYPE
      ? overrideCell(a.is_compliant)
      : compliantCell(a.is_compliant, ''),
    trailText(a.trail_name),
    commitCell({
      sha: a.git_commit_info?.sha1,
      message: a.git_commit_info?.message,
      url: a.git_commit_info?.url,
    }),
    timeCell(a.created_at),
    a.reported_by,
    a.description,
  ];
}

export const action = defineAction({
  name: 'list-attestations',
  read: readInputs,
  run,
  couldNot: (inputs) =>
    inputs ? `Could not list the attestations of ${inputs.flow}` : 'Could not list the attestations',
  describe: queryOf,
});
