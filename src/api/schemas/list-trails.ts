/** GET /trails/{org} (2.4 - 2.6): a page of trails. */
import * as z from 'zod/mini';
import {
  Fingerprint,
  FlowName,
  FlowTag,
  GitCommit,
  decides,
  Obj,
  PageQuery,
  Pagination,
  PAGING,
  readIfWhole,
  shown,
  shownTexts,
  shownList,
  specRequired,
} from './common.js';

export const ListTrailsQuery = z.extend(PageQuery, {
  flow: z.optional(FlowName),
  flow_tag: z.optional(FlowTag),
  fingerprint: z.optional(Fingerprint),
});
export type ListTrailsQuery = z.input<typeof ListTrailsQuery>;

/** An attestation status of a trail: only shown (list-trails names the missing and non-compliant ones). */
const AttestationStatus = z.looseObject({
  ...shownTexts('attestation_name', 'attestation_type', 'attestation_id'),
  ...shownTexts('overridden_attestation_id', 'status'),
  is_compliant: shown(z.boolean()),
  unexpected: z.catch(z.boolean(), false),
});

/** `status` and `is_compliant` decide whether a trail without `compliance_state` counts as non-compliant. */
const TrailComplianceStatus = z.looseObject({
  status: decides("list-trails' non-compliant count, when the trail has no compliance_state", z.string()),
  is_compliant: decides(
    "list-trails' non-compliant count: reads a state spelled otherwise, and fails closed against one it contradicts",
    z.boolean(),
  ),
  attestations_statuses: shownList(AttestationStatus),
  artifacts_statuses: shown(Obj),
  evaluated_at: shown(z.number()),
  flow_template_id: shown(z.string()),
});

/** A trail's template (2.6): only passed on to the result file, so every part of it is only shown. */
const TemplateAttestation = z.looseObject({ name: shown(z.string()), type: shown(z.string()) });
const TrailTemplate = z.looseObject({
  trail: shown(
    z.looseObject({
      attestations: shownList(TemplateAttestation),
      artifacts: shownList(
        z.looseObject({ name: shown(z.string()), attestations: shownList(TemplateAttestation) }),
      ),
    }),
  ),
  version: shown(z.number().check(z.int())),
  content: shown(z.string()),
});

/** A trail (2.4): state fields nullish but typed, so a count never drops a trail whose state came malformed. */
export const Trail = z.looseObject({
  name: shown(z.string()),
  last_modified_at: shown(z.number()),
  created_at: shown(z.number()),
  compliance_status: decides("list-trails' non-compliant count (its status)", TrailComplianceStatus),
  template: shown(TrailTemplate),
  compliance_state: decides("list-trails' non-compliant count", z.string()),
  is_compliant: decides(
    "list-trails' non-compliant count, when the trail gives no state or one spelled otherwise; against a state it contradicts, non-compliant",
    z.boolean(),
  ),
  created_by: shown(z.string()),
  flow: shown(z.looseObject({ name: shown(z.string()), tags: shown(Obj) })),
  ...shownTexts('html_url', 'description'),
  git_commit_info: shown(GitCommit),
  origin_url: shown(z.string()),
  user_data: z.optional(z.unknown()),
  repo_ids: shownList(z.string()),
  events: shownList(Obj),
  external_urls: shown(Obj),
});
export type Trail = z.infer<typeof Trail>;

/** A bare list, or the `{data, pagination?}` envelope: `data` is spec-required (4.2); `pagination` where given (`readIfWhole`). */
export const ListTrailsResponse = z.union([
  z.array(Trail),
  z.looseObject({ data: specRequired(z.array(Trail)), pagination: readIfWhole(PAGING, Pagination) }),
]);
