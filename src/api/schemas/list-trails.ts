/** GET /trails/{org} (2.4 - 2.6): a page of trails. */
import * as z from 'zod/mini';
import {
  Fingerprint,
  FlowName,
  FlowTag,
  GitCommit,
  Obj,
  PageQuery,
  Pagination,
  shown,
  shownList,
} from './common.js';

export const ListTrailsQuery = z.extend(PageQuery, {
  flow: z.optional(FlowName),
  flow_tag: z.optional(FlowTag),
  fingerprint: z.optional(Fingerprint),
});
export type ListTrailsQuery = z.input<typeof ListTrailsQuery>;

/** An attestation status of a trail: only shown (list-trails names the missing and non-compliant ones). */
export const AttestationStatus = z.looseObject({
  attestation_name: shown(z.string()),
  attestation_type: shown(z.string()),
  attestation_id: shown(z.string()),
  overridden_attestation_id: shown(z.string()),
  status: shown(z.string()),
  is_compliant: shown(z.boolean()),
  unexpected: z.catch(z.boolean(), false),
});
export type AttestationStatus = z.infer<typeof AttestationStatus>;

/** `status` decides whether a trail without `compliance_state` counts as non-compliant; the rest is only shown. */
export const TrailComplianceStatus = z.looseObject({
  status: z.nullish(z.string()),
  is_compliant: shown(z.boolean()),
  attestations_statuses: shownList(AttestationStatus),
  artifacts_statuses: shown(Obj),
  evaluated_at: shown(z.number()),
  flow_template_id: shown(z.string()),
});

const TemplateAttestation = z.looseObject({ name: z.string(), type: z.string() });
export const TrailTemplate = z.looseObject({
  trail: z.optional(
    z.looseObject({
      attestations: z.optional(z.array(TemplateAttestation)),
      artifacts: z.optional(
        z.array(z.looseObject({ name: z.string(), attestations: z.optional(z.array(TemplateAttestation)) })),
      ),
    }),
  ),
  version: z.optional(z.number().check(z.int())),
  content: z.optional(z.string()),
});
export type TrailTemplate = z.infer<typeof TrailTemplate>;

/**
 * A trail (2.4, no field marked required). `compliance_state`, `compliance_status.status` and `is_compliant` decide
 * list-trails' `non-compliant` count; everything else, the name included, is only shown or passed on.
 */
export const Trail = z.looseObject({
  name: shown(z.string()),
  last_modified_at: shown(z.number()),
  created_at: shown(z.number()),
  compliance_status: z.nullish(TrailComplianceStatus),
  template: shown(TrailTemplate),
  compliance_state: z.nullish(z.string()),
  is_compliant: z.nullish(z.boolean()),
  created_by: shown(z.string()),
  flow: shown(z.looseObject({ name: shown(z.string()), tags: shown(Obj) })),
  html_url: shown(z.string()),
  description: shown(z.string()),
  git_commit_info: shown(GitCommit),
  origin_url: shown(z.string()),
  user_data: z.optional(z.unknown()),
  repo_ids: shownList(z.string()),
  events: shownList(Obj),
  external_urls: shown(Obj),
});
export type Trail = z.infer<typeof Trail>;

/** A bare list, or the `{data, pagination?}` envelope. */
export const ListTrailsResponse = z.union([
  z.array(Trail),
  z.looseObject({ data: z.array(Trail), pagination: z.optional(Pagination) }),
]);
