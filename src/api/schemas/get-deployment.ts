/** GET /deployments/{org}/{env_name}/{fingerprint} (2.7): a deployment. */
import * as z from 'zod/mini';
import { Fingerprint, GitCommit, identifies, Obj, shown, shownTexts } from './common.js';

const DeploymentArtifact = z.looseObject({
  ...shownTexts('flow_name', 'trail_name', 'template_reference_name', 'git_commit'),
  git_commit_info: shown(GitCommit),
  repo_info: shown(z.looseObject({ name: shown(z.string()), repo_id: shown(z.string()) })),
});

/** A deployment (2.7): nothing required, a 200 is "deployed"; `fingerprint` and `env_name` identify it where given. */
export const Deployment = z.looseObject({
  fingerprint: identifies('held to the fingerprint asked where given; absent, not confirmed', z.string()),
  deployed_at: shown(z.number()),
  artifact_name: shown(z.string()),
  env_name: identifies('held to the environment asked where given; absent, not confirmed', z.string()),
  snapshot_index: shown(z.number()),
  artifact: shown(DeploymentArtifact),
  // Shown, with three readings: an object (what it replaced), null (it replaced nothing, as the service said), or
  // undefined (not said, or malformed: unknown, never "nothing").
  replaced_artifact: z.catch(
    z.nullish(
      z.looseObject({
        // A fingerprint or nothing: it becomes an output a workflow may put in a command line.
        fingerprint: shown(Fingerprint),
        artifact_name: shown(z.string()),
        snapshot_index: shown(z.number()),
        artifact: shown(DeploymentArtifact),
      }),
    ),
    undefined,
  ),
  diff_url: shown(z.string()),
  _links: shown(Obj),
});
export type Deployment = z.infer<typeof Deployment>;
