// Whether an answer is about what was asked, one check per endpoint: one that names something else than was asked is
// an `UnexpectedResponseError` (could not check), never read as the answer.
import { UnexpectedResponseError } from '../errors/errors.js';
import { quoteValue } from '../trust/text.js';
import type { Page } from './pagination.js';
import type { QueryValue } from './http.js';
import type * as s from './schemas.js';
import { OVERRIDE_ATTESTATION_TYPE } from './schemas/common.js';
import { formatSnapshotExpression, type SnapshotExpression } from './snapshot.js';

/** What a call asked: its path parameters as checked, and its query as the caller gave it (an expression typed). */
export interface Asked<Q = Record<string, QueryValue | SnapshotExpression>> {
  params: Record<string, string>;
  query: Q;
}

/** A field the spec does not require names nothing when absent, null or empty; a `required` one must be as asked. */
function sameAsAsked(endpoint: string, field: string, named: unknown, asked: unknown, required = false) {
  if (named === asked) return;
  if (!required && (named === undefined || named === null || named === '')) return;
  throw new UnexpectedResponseError(
    endpoint,
    field,
    `is ${quoteValue(named)}, not ${quoteValue(asked)} as asked: the answer is about something else`,
  );
}

/** A trail that names its flow must be of the flow asked: a service that ignored the filter lists others. */
export function aboutTrails(page: Page<s.Trail>, { query }: Asked<s.ListTrailsQuery>, endpoint: string) {
  const { flow } = query;
  if (flow === undefined) return;
  page.items.forEach((trail, i) => sameAsAsked(endpoint, `[${i}].flow.name`, trail.flow?.name, flow));
}

/** A 200 is "deployed": the fingerprint and environment, where named, must be the ones asked. */
export function aboutDeployment(answer: s.Deployment, { params }: Asked, endpoint: string): void {
  sameAsAsked(endpoint, 'fingerprint', answer.fingerprint, params.fingerprint);
  sameAsAsked(endpoint, 'env_name', answer.env_name, params.env_name);
}

/** The artifact asked (fingerprint and flow, both required), and of the trail asked for, where one was. */
export function aboutArtifact(
  artifact: { fingerprint: unknown; flow_name: unknown; trail_name?: unknown },
  { params, query }: Asked<s.GetArtifactQuery>,
  endpoint: string,
): void {
  sameAsAsked(endpoint, 'fingerprint', artifact.fingerprint, params.fingerprint, true);
  sameAsAsked(endpoint, 'flow_name', artifact.flow_name, params.flow_name, true);
  if (query.trail !== undefined) sameAsAsked(endpoint, 'trail_name', artifact.trail_name, query.trail);
}

/** Only in 1 is about snapshot 1, only in 2 about snapshot 2; the shared groups may name either. */
export function aboutDiff(
  diff: s.EnvDiff,
  { query }: Asked<{ snappish1: SnapshotExpression; snappish2: SnapshotExpression }>,
  endpoint: string,
): void {
  const { snappish1: one, snappish2: two } = query;
  checkSnapshot(endpoint, 'snappish1', diff.snappish1.snapshot_id, [one]);
  checkSnapshot(endpoint, 'snappish2', diff.snappish2.snapshot_id, [two]);
  checkSnapshot(endpoint, 'changed', diff.changed.snapshot_id, [one, two]);
  checkSnapshot(endpoint, 'not-changed', diff['not-changed'].snapshot_id, [one, two]);
}

/** A diff group's `snapshot_id`, where given, must be of an environment asked (the very snapshot when named). */
function checkSnapshot(
  endpoint: string,
  group: string,
  id: string | null | undefined,
  asked: SnapshotExpression[],
): void {
  if (id === undefined || id === null || id === '') return;
  const match = /^(.+)#(\d+)$/.exec(id);
  const about = (e: SnapshotExpression) =>
    match !== null && match[1] === e.env && (e.kind !== 'index' || Number(match[2]) === e.index);
  if (asked.some(about)) return;
  const wanted = asked.map((e) =>
    e.kind === 'index' ? formatSnapshotExpression(e) : `a snapshot of ${e.env}`,
  );
  throw new UnexpectedResponseError(
    endpoint,
    `${group}.snapshot_id`,
    `is ${quoteValue(id)}, not ${[...new Set(wanted)].join(' or ')} as asked: the answer is about something else`,
  );
}

/** No commit not asked, no attestation of another commit, flow, name or type (an override passes a type filter). */
export function aboutCommits(
  map: s.AttestationsByCommit,
  { query }: Asked<s.AttestationsForCommitsQuery>,
  endpoint: string,
): void {
  for (const commit of Object.keys(map)) {
    if (!query.commit_list.includes(commit)) {
      throw new UnexpectedResponseError(
        endpoint,
        '',
        `names commit ${quoteValue(commit)}, which was not asked: the answer is about something else`,
      );
    }
    const list = map[commit] ?? [];
    list.forEach((a, i) => {
      const at = `${commit}[${i}]`;
      // Only shown elsewhere: a commit info sent malformed names no commit (null), so it is not compared.
      sameAsAsked(endpoint, `${at}.git_commit_info.sha1`, a.git_commit_info?.sha1, commit);
      if (query.flow_name !== undefined)
        sameAsAsked(endpoint, `${at}.flow_name`, a.flow_name, query.flow_name);
      if (query.attestation_name !== undefined)
        sameAsAsked(endpoint, `${at}.attestation_name`, a.attestation_name, query.attestation_name, true);
      // A gate narrowed to a type must not pass on another type, nor on one that does not say its type.
      if (query.attestation_type !== undefined) {
        if (a.attestation_type === undefined || a.attestation_type === null)
          throw new UnexpectedResponseError(
            endpoint,
            `${at}.attestation_type`,
            `is missing: the answer does not show the type asked for (${quoteValue(query.attestation_type)})`,
          );
        if (a.attestation_type !== OVERRIDE_ATTESTATION_TYPE)
          sameAsAsked(endpoint, `${at}.attestation_type`, a.attestation_type, query.attestation_type, true);
      }
    });
  }
}
