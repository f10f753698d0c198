/** list-attestations, rendering: the job summary (the counts, the window, the table) and what a failed step says. */
import { OVERRIDE_ATTESTATION_TYPE, type Attestation } from '../../api/schemas.js';
import { formatTime } from '../../context/time.js';
import { describeRead, type ListRead, type Paging } from '../../runtime/paging.js';
import { commitCell, compliantCell, overrideCell, timeCell, trailText } from '../../summary/cells.js';
import { SummaryWriter, type Cell } from '../../summary/writer.js';
import type { ListAttestationsInputs, ListAttestationsResult } from './types.js';

/** The heading of a step that could not list. */
export function couldNot(inputs: ListAttestationsInputs | undefined): string {
  return inputs ? `Could not list the attestations of ${inputs.flow}` : 'Could not list the attestations';
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
    ]),
  );
  return summary;
}

/** A name the service left out reads as `?`. */
function shown(text: string | null | undefined): string {
  return text ?? '?';
}
