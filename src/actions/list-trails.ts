/** list-trails: the org's trails by flow, flow tag or fingerprint, one page or every page up to a cap. */
import { isRecord } from '../api/parse.js';
import type { Trail } from '../api/schemas.js';
import { attestationsOf, type AttestationCheck } from '../compliance/decide.js';
import { stateOf, statusProblem, trailState, verdictOf } from '../compliance/state.js';
import type { InputReader } from '../context/inputs.js';
import { readCommon, withClient } from '../runtime/context.js';
import {
  listStep,
  listSummary,
  readPaging,
  type ListCounts,
  type ListRead,
  type Paging,
} from '../runtime/paging.js';
import { defineAction, type StepResult } from '../runtime/step.js';
import { commitCell, problemsText, stateCell, timeCell, trailText } from '../summary/cells.js';
import type { SummaryWriter } from '../summary/writer.js';

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

export type ListTrailsInputs = ReturnType<typeof readInputs>;

type ListTrailsResult = ListCounts & {
  url: string;
  filters: ReturnType<typeof filtersOf>;
  paging: Paging;
  trails: Trail[];
};

/** The query's filters, as the API names them. */
export function filtersOf(inputs: ListTrailsInputs) {
  return {
    ...(inputs.flow !== undefined && { flow: inputs.flow }),
    ...(inputs.flowTag !== undefined && { flow_tag: inputs.flowTag }),
    ...(inputs.fingerprint !== undefined && { fingerprint: inputs.fingerprint }),
  };
}

/** What the inputs say, for the result file of a step that could not list: the filters and the paging. */
function describe(inputs: ListTrailsInputs): Record<string, unknown> {
  return { filters: filtersOf(inputs), paging: inputs.paging };
}

// The decision (pure): a trail's state, and which trails count as non-compliant.

/** NON-COMPLIANT by its state as read; a trail without a state counts only when it says `is_compliant: false`. */
export function isNonCompliant(trail: Trail): boolean {
  if (stateOf(trail) === undefined) return verdictOf(trail) === false;
  return trailState(trail).state === 'NON-COMPLIANT';
}

// The run: the trails with the filters asked, one page or every page up to the cap.

async function run(inputs: ListTrailsInputs): Promise<StepResult> {
  const filters = filtersOf(inputs);
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
      (counts, trails): ListTrailsResult => ({ url, filters, paging: inputs.paging, ...counts, trails }),
      summarize,
    );
  });
}

// The rendering: the job summary (the counts, the filters, the table) and what a failed step says.

function couldNot(): string {
  return 'Could not list the trails';
}

/** The attestation statuses of a trail: its own, then each of its artifacts' (`artifacts_statuses`). */
function statusesOf(trail: Trail): AttestationCheck[] {
  // A status the service sent malformed is null in the list: it names nothing.
  const own = (trail.compliance_status?.attestations_statuses ?? []).flatMap((s) =>
    s?.attestation_name == null
      ? []
      : [{ name: s.attestation_name, status: s.status ?? undefined, compliant: s.is_compliant }],
  );
  // Only shown, so read by hand: an entry or a status that is not one is skipped.
  const artifacts = Object.values(trail.compliance_status?.artifacts_statuses ?? {}).flatMap((entry) =>
    isRecord(entry) && Array.isArray(entry.attestations_statuses)
      ? attestationsOf({ list: entry.attestations_statuses })
      : [],
  );
  return [...own, ...artifacts];
}

/** The attestations that keep a trail from being compliant: missing ones and non-compliant ones. */
function problems(trail: Trail): string {
  return problemsText(
    statusesOf(trail).flatMap((s) => {
      const problem = statusProblem(s.status, s.compliant);
      // Named when the service says so; one without a verdict is left to the trail's state.
      if (problem === undefined || problem === 'no-verdict') return [];
      return [{ name: s.name, problem }];
    }),
  );
}

export function summarize(result: ListTrailsResult, read: ListRead<Trail>, paging: Paging): SummaryWriter {
  // Each filter by its input's name: the API's `flow_tag` is `flow-tag`.
  const filters = Object.entries(result.filters).map(([k, v]) => `${k.replace('_', '-')} ${v}`);
  return listSummary(result, read, paging, 'trail', {
    heading: 'Trails',
    // A trail that gives neither a state nor is_compliant is counted as such, never as compliant.
    unknown: {
      count: read.items.filter((t) => stateOf(t) === undefined && verdictOf(t) === undefined).length,
      words: 'without a state',
    },
    narrowed: filters.length > 0 ? `Filtered by ${filters.join(', ')}. ` : '',
    columns: ['Trail', 'Flow', 'State', 'Commit', 'Missing or non-compliant', 'Created', 'Created by'],
    // Shown fields the service left out or sent malformed are null (see `shown` in api/schemas/common.ts): their cells stay empty.
    row: (t) => {
      const commit = t.git_commit_info;
      const state = trailState(t);
      return [
        { text: trailText(t.name) ?? '?', href: t.html_url },
        t.flow?.name,
        stateCell(state.state ?? stateOf(t), state.note),
        commit ? commitCell({ sha: commit.sha1, message: commit.message, url: commit.url }) : '',
        problems(t),
        timeCell(t.created_at),
        t.created_by,
      ];
    },
  });
}

export const action = defineAction({ name: 'list-trails', read: readInputs, run, couldNot, describe });
