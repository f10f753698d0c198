/** list-trails, rendering: the job summary (the counts, the filters, the table) and what a failed step says. */
import type { Trail } from '../../api/schemas.js';
import { statusProblem } from '../../compliance/state.js';
import { describeRead, type ListRead, type Paging } from '../../runtime/paging.js';
import { commitCell, problemsText, stateCell, timeCell, trailText } from '../../summary/cells.js';
import { SummaryWriter, type Cell } from '../../summary/writer.js';
import { stateOf, trailState, verdictOf } from './decide.js';
import type { ListTrailsResult } from './types.js';

/** The heading of a step that could not list. */
export function couldNot(): string {
  return 'Could not list the trails';
}

/** The attestations that keep a trail from being compliant: missing ones and non-compliant ones. */
function problems(trail: Trail): string {
  // A status the service sent malformed is null in the list: it names nothing.
  return problemsText(
    (trail.compliance_status?.attestations_statuses ?? []).flatMap((s) => {
      const problem = s?.attestation_name == null ? undefined : statusProblem(s.status, s.is_compliant);
      // Named when the service says so; one without a verdict is left to the trail's state.
      if (s?.attestation_name == null || problem === undefined || problem === 'no-verdict') return [];
      return [{ name: s.attestation_name, problem }];
    }),
  );
}

export function summarize(result: ListTrailsResult, read: ListRead<Trail>, paging: Paging): SummaryWriter {
  const summary = new SummaryWriter();
  // A trail that gives neither a state nor is_compliant is counted as such, never as compliant.
  const unknown = result.trails.filter((t) => stateOf(t) === undefined && verdictOf(t) === undefined).length;
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
      const read = trailState(t);
      return [
        { text: trailText(t.name) ?? '?', href: t.html_url },
        t.flow?.name,
        stateCell(read.state ?? stateOf(t), read.note),
        commit ? commitCell({ sha: commit.sha1, message: commit.message, url: commit.url }) : '',
        problems(t),
        timeCell(t.created_at),
        t.created_by,
      ];
    }),
  );
  return summary;
}
