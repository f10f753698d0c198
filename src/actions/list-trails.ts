/** list-trails: the org's trails by flow, flow tag or fingerprint, one page or every page up to a cap. */
import { isRecord } from '../api/parse.js';
import type { Trail } from '../api/schemas.js';
import { attestationsOf } from '../compliance/decide.js';
import { stateOf, statusProblem, trailState, verdictOf } from '../compliance/state.js';
import type { InputReader } from '../context/inputs.js';
import { readCommon, withClient } from '../runtime/context.js';
import { listStep, readPaging } from '../runtime/paging.js';
import { defineAction, type StepResult } from '../runtime/step.js';
import { commitCell, problemsText, stateCell, timeCell, trailText } from '../summary/cells.js';

// The inputs: the filters (flow, flow tag, artifact fingerprint) and the paging.

export function readInputs(inputs: InputReader, cwd: string) {
  return {
    ...readCommon(inputs, cwd),
    flow: inputs.matching('flow', 'flowName'),
    flowTag: inputs.matching('flow-tag', 'flowTag'),
    fingerprint: inputs.fingerprint('fingerprint'),
    paging: readPaging(inputs),
  };
}

type ListTrailsInputs = ReturnType<typeof readInputs>;

/** The query's filters, as the API names them. */
export function filtersOf(inputs: ListTrailsInputs) {
  return {
    ...(inputs.flow !== undefined && { flow: inputs.flow }),
    ...(inputs.flowTag !== undefined && { flow_tag: inputs.flowTag }),
    ...(inputs.fingerprint !== undefined && { fingerprint: inputs.fingerprint }),
  };
}

// The decision (pure): which trails count as non-compliant.

/** NON-COMPLIANT by its state as read; a trail without a state counts only when it says `is_compliant: false`. */
export function isNonCompliant(trail: Trail): boolean {
  if (stateOf(trail) === undefined) return verdictOf(trail) === false;
  return trailState(trail).state === 'NON-COMPLIANT';
}

// The run: the trails with the filters asked, one page or every page up to the cap.

async function run(inputs: ListTrailsInputs): Promise<StepResult> {
  const filters = filtersOf(inputs);
  const named = Object.entries(filters).map(([k, v]) => `${k.replace('_', '-')} ${v}`);
  return withClient(inputs.connection, async (client) => {
    const url = client.urlFor('listTrails', {}, filters);
    return listStep(
      {
        paging: inputs.paging,
        noun: 'trail',
        title: `List trails (${url})`,
        onePage: (page, perPage) =>
          client.listTrails({ ...filters, page, ...(perPage !== undefined && { per_page: perPage }) }),
        allPages: (options) => client.listAllTrails(filters, options),
        isNonCompliant,
      },
      (counts, trails) => ({ url, filters, paging: inputs.paging, ...counts, trails }),
      (read) => ({
        heading: 'Trails',
        // A trail that gives neither a state nor is_compliant is counted as such, never as compliant.
        unknown: {
          count: read.items.filter((t) => stateOf(t) === undefined && verdictOf(t) === undefined).length,
          words: 'without a state',
        },
        // Each filter by its input's name: the API's `flow_tag` is `flow-tag`.
        narrowed: named.length > 0 ? `Filtered by ${named.join(', ')}. ` : '',
        columns: ['Trail', 'Flow', 'State', 'Commit', 'Missing or non-compliant', 'Created', 'Created by'],
        row,
      }),
    );
  });
}

// The rendering: a trail's row (shown fields the service left out or sent malformed are null: their cells stay
// empty), and the attestations that keep it from being compliant.

function row(trail: Trail) {
  const commit = trail.git_commit_info;
  const state = trailState(trail);
  return [
    { text: trailText(trail.name) ?? '?', href: trail.html_url },
    trail.flow?.name,
    stateCell(state.state ?? stateOf(trail), state.note),
    commit ? commitCell({ sha: commit.sha1, message: commit.message, url: commit.url }) : '',
    problems(trail),
    timeCell(trail.created_at),
    trail.created_by,
  ];
}

/**
 * The attestations that keep a trail from being compliant, its own then each of its artifacts'
 * (`artifacts_statuses`, only shown, so read by hand); one without a verdict is left to the trail's state.
 */
function problems(trail: Trail): string {
  const status = trail.compliance_status;
  const artifacts = Object.values(status?.artifacts_statuses ?? {}).flatMap((entry): unknown[] =>
    isRecord(entry) && Array.isArray(entry.attestations_statuses) ? entry.attestations_statuses : [],
  );
  return problemsText(
    attestationsOf({ list: [...(status?.attestations_statuses ?? []), ...artifacts] }).flatMap((s) => {
      const problem = statusProblem(s.status, s.compliant);
      return problem === undefined || problem === 'no-verdict' ? [] : [{ name: s.name, problem }];
    }),
  );
}

export const action = defineAction({
  name: 'list-trails',
  read: readInputs,
  run,
  couldNot: () => 'Could not list the trails',
  // The filters and the paging, for the result file of a step that could not list.
  describe: (inputs) => ({ filters: filtersOf(inputs), paging: inputs.paging }),
});
