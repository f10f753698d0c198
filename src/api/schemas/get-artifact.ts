/** GET /artifacts/{org}/{flow_name}/fingerprint/{fingerprint} (2.8): an artifact and its compliance state. */
import * as z from 'zod/mini';
import {
  artifactState,
  artifactVerdict,
  AttestationId,
  GitCommit,
  identifies,
  obj,
  Obj,
  shown,
  shownTexts,
  shownList,
  specRequired,
  stateNamedOrVerdict,
  TrailName,
} from './common.js';

export const GetArtifactQuery = z.strictObject({
  trail: z.optional(TrailName),
  attestation_id: z.optional(AttestationId),
});
export type GetArtifactQuery = z.input<typeof GetArtifactQuery>;

const RepoInfo = z.looseObject({
  ...shownTexts('name', 'url', 'id', 'description', 'provider'),
});

/** An artifact (2.8): strict in the spec's nine required fields (first: another shape is named by `id`). */
const ArtifactFields = z.looseObject({
  id: specRequired(z.string()),
  fingerprint: specRequired(z.string(), 'the spec marks it required; held to the fingerprint asked'),
  filename: specRequired(z.string()),
  // A string in 2.8, while every other timestamp is a number: either is taken.
  created_at: specRequired(z.union([z.string(), z.number()])),
  last_modified_at: specRequired(z.union([z.string(), z.number()])),
  evidence: specRequired(
    obj(),
    'the spec marks it required; what is missing or non-compliant is read from it',
  ),
  flow_name: specRequired(z.string(), 'the spec marks it required; held to the flow asked'),
  commit_lead_times: specRequired(obj()),
  build_lead_times: specRequired(obj()),
  trail_name: identifies(
    'held to the trail asked where given; absent, not confirmed (assert-compliant: could not check)',
    z.string(),
  ),
  ...shownTexts('template_reference_name', 'git_commit'),
  git_commit_info: shown(GitCommit),
  repo_info: shown(RepoInfo),
  ...shownTexts('commit_url', 'build_url', 'repo_url', 'html_url', 'api_url'),
  user_data: z.optional(z.unknown()),
  external_urls: shown(Obj),
  annotations: shown(Obj),
  state: artifactState('the compliance decision; no state is not compliant'),
  is_compliant: artifactVerdict(),
  deployments: shownList(z.number().check(z.int())),
  template: shownList(z.string()),
  state_info: shown(z.string()),
  approvals: shownList(z.number().check(z.int())),
  running: shown(z.array(z.unknown())),
  exited: shown(z.array(z.unknown())),
  history: shown(z.array(z.unknown())),
});
/** The same, with the check that a state spelled otherwise comes with `is_compliant` to read it by. */
export const Artifact = ArtifactFields.check(stateNamedOrVerdict());
export type Artifact = z.infer<typeof Artifact>;
