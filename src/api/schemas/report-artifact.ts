/** POST /artifacts/{org}/{flow_name} (4.4): the report of an artifact, and the answer that means delivered. */
import * as z from 'zod/mini';
import {
  artifactState,
  artifactVerdict,
  expectedForms,
  Fingerprint,
  patterns,
  Sha1,
  shown,
  specRequired,
  stateNamedOrVerdict,
  TemplateReferenceName,
  TrailName,
} from './common.js';

/** 2.2 as sent in an artifact report: strict, so a typo in a key is caught before sending. */
export const GitCommitInput = z.strictObject({
  sha1: Sha1,
  message: z.string(),
  author: z.string(),
  author_username: z.optional(z.string()),
  branch: z.string(),
  timestamp: z.number().check(z.int(), z.minimum(0)),
  url: z.optional(z.string()),
  parents: z.optional(z.array(Sha1)),
});
export type GitCommitInput = z.infer<typeof GitCommitInput>;

export const RepoInfoInput = z.strictObject({
  name: z.string().check(z.minLength(1)),
  url: z.string().check(z.minLength(1)),
  id: z.string().check(z.minLength(1)),
  description: z.optional(z.string()),
  provider: z.optional(z.enum(['github'])),
});
export type RepoInfoInput = z.infer<typeof RepoInfoInput>;

/** `external_urls` is `{label: {href, fingerprint?}}` or `{label: url}` (service-behaviour.md). */
export const ExternalUrls = z.record(
  z.string().check(z.minLength(1)),
  z.union([
    z.string().check(z.minLength(1)),
    z.strictObject({ href: z.string().check(z.minLength(1)), fingerprint: z.optional(Fingerprint) }),
  ]),
);

export const ReportArtifactBody = z.strictObject({
  fingerprint: Fingerprint,
  filename: z.string().check(z.minLength(1, { error: 'must not be empty' })),
  build_url: z.string().check(z.minLength(1, { error: 'must not be empty' })),
  commit_url: z.string().check(z.minLength(1, { error: 'must not be empty' })),
  trail_name: z.nullish(TrailName),
  template_reference_name: z.nullish(TemplateReferenceName),
  description: z.nullish(z.string()),
  git_commit: z.nullish(Sha1),
  git_commit_info: z.optional(GitCommitInput),
  repo_info: z.optional(RepoInfoInput),
  commits_list: z.nullish(z.array(GitCommitInput)),
  repo_url: z.optional(z.string()),
  is_compliant: z.nullish(z.boolean()),
  template: z.optional(z.string()),
  external_urls: z.optional(ExternalUrls),
  annotations: z.optional(
    z.record(
      z
        .string()
        .check(z.regex(patterns.annotationKey, { error: `keys must be ${expectedForms.annotationKey}` })),
      z.unknown(),
    ),
  ),
  user_data: z.optional(z.unknown()),
});
export type ReportArtifactBody = z.infer<typeof ReportArtifactBody>;

/** The artifact read back after a report (2.8), only what report-artifact reads: a report builds no more. */
export const ReportedArtifact = z
  .looseObject({
    fingerprint: specRequired(z.string(), 'the spec marks it required; held to the artifact just reported'),
    flow_name: specRequired(z.string(), 'the spec marks it required; held to the flow reported to'),
    html_url: shown(z.string()),
    state: artifactState('the state output; no state is empty'),
    is_compliant: artifactVerdict(),
  })
  .check(stateNamedOrVerdict());
export type ReportedArtifact = z.infer<typeof ReportedArtifact>;
