/**
 * report-k8s-env, what the service made of a report: whether a new snapshot was made, its id and its page. The spec
 * documents 200 as the case without a new snapshot, so 201 is one made; the id (`staging#4`, the form the service
 * gives snapshots in a diff) and a page are read from the answer where it gives them. Only shown, never decided on.
 */
import { isRecord } from '../../api/parse.js';

export interface SnapshotMade {
  /** Whether the report made a new snapshot: 201, or 200 (the spec's "processed, no new snapshot"). */
  created: boolean;
  /** `<env>#<N>`: the new snapshot, or the latest one when none was made; where the message names it. */
  id?: string;
  /** The snapshot's page, where the answer gives one (`html_url`). */
  url?: string;
}

export function snapshotOf(
  environment: string,
  answer: { status: number; message: string } & Record<string, unknown>,
): SnapshotMade {
  const named = new RegExp(`(?:^|[^\\w.-])${environment.replace(/[.]/g, '\\.')}#(\\d{1,9})(?!\\d)`).exec(
    answer.message,
  );
  const url = isRecord(answer) && typeof answer.html_url === 'string' ? answer.html_url : undefined;
  return {
    created: answer.status === 201,
    ...(named && { id: `${environment}#${named[1] ?? ''}` }),
    ...(url && { url }),
  };
}
