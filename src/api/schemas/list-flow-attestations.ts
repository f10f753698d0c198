/** GET /attestations/{org}/{flow_name} (2.9): a page of a flow's attestations. */
import * as z from 'zod/mini';
import {
  decides,
  GitCommit,
  PageQuery,
  Pagination,
  PAGING,
  readIfWhole,
  shown,
  shownTexts,
  specRequired,
  UnixSeconds,
} from './common.js';

export const FlowAttestationsQuery = z
  .extend(PageQuery, {
    from_timestamp: z.optional(UnixSeconds),
    to_timestamp: z.optional(UnixSeconds),
  })
  .check(
    z.refine(
      (q) =>
        q.from_timestamp === undefined || q.to_timestamp === undefined || q.from_timestamp <= q.to_timestamp,
      { error: 'from_timestamp must not be after to_timestamp', path: ['from_timestamp'] },
    ),
  );
export type FlowAttestationsQuery = z.input<typeof FlowAttestationsQuery>;

/** An attestation of a flow (2.9): `is_compliant` decides list-attestations' `non-compliant`; the rest is shown. */
export const Attestation = z.looseObject({
  ...shownTexts('attestation_id', 'attestation_name', 'attestation_type'),
  created_at: shown(z.number()),
  description: shown(z.string()),
  has_audit_package: shown(z.boolean()),
  html_url: shown(z.string()),
  is_compliant: decides("list-attestations' non-compliant list; absent is not counted", z.boolean()),
  ...shownTexts('origin_url', 'reported_by'),
  schema_version: shown(z.number().check(z.int())),
  user_data: z.optional(z.unknown()),
  trail_name: shown(z.string()),
  git_commit_info: shown(GitCommit),
});
export type Attestation = z.infer<typeof Attestation>;

/** The `{data, pagination}` envelope: `data` is spec-required (4.5); `pagination` where given (`readIfWhole`). */
export const FlowAttestationsResponse = z.looseObject({
  data: specRequired(z.array(Attestation)),
  pagination: readIfWhole(PAGING, Pagination),
});
