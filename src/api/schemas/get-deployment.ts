/** GET /deployments/{org}/{env_name}/{fingerprint} (2.7): a deployment. */
import * as z from 'zod/mini';
import { Fingerprint, GitCommit, Obj, shown } from './common.js';

const DeploymentArtifact = z.looseObject({
  flow_name: shown(z.string()),
  trail_name: shown(z.string()),
  template_reference_name: shown(z.string()),
  git_commit: shown(z.string()),
  git_commit_info: shown(GitCommit),
  repo_info: shown(z.looseObject({ name: shown(z.string()), repo_id: shown(z.string()) })),
});

/**
 * `fingerprint` and `deployed_at` are the answer (found, and when); `env_name`, where given, must be the environment
 * asked. The rest is shown or passed on as an output.
 */
export const Deployment = z.looseObject({
  fingerprint: z.string(),
  deployed_at: z.number(),
  artifact_name: shown(z.string()),
  env_name: z.nullish(z.string()),
  snapshot_index: shown(z.number()),
  artifact: shown(DeploymentArtifact),
  replaced_artifact: shown(
    z.looseObject({
      // A fingerprint or nothing: it becomes an output a workflow may put in a command line.
      fingerprint: shown(Fingerprint),
      artifact_name: shown(z.string()),
      snapshot_index: shown(z.number()),
      artifact: shown(DeploymentArtifact),
    }),
  ),
  diff_url: shown(z.string()),
  _links: shown(Obj),
});
export type Deployment = z.infer<typeof Deployment>;
