/** PUT /environments/{org}/{env_name}/report/K8S (4.8): the pods of a Kubernetes environment. */
import * as z from 'zod/mini';
import { Fingerprint } from './common.js';

const K8sOwner = z.looseObject({
  apiVersion: z.string(),
  kind: z.string(),
  name: z.string(),
  uid: z.string(),
  controller: z.optional(z.boolean()),
  blockOwnerDeletion: z.optional(z.boolean()),
});

export const K8sArtifact = z.strictObject({
  podName: z.string().check(z.minLength(1)),
  namespace: z.string().check(z.minLength(1)),
  digests: z.record(z.string().check(z.minLength(1)), Fingerprint),
  creationTimestamp: z.number().check(z.int(), z.minimum(0)),
  // The service's own example leaves `owners` out (real-answers/report-k8s-environment/openapi-example-request.json).
  owners: z.nullish(z.array(K8sOwner)),
});
export type K8sArtifact = z.infer<typeof K8sArtifact>;

export const K8sReportBody = z.strictObject({
  artifacts: z.array(K8sArtifact),
  type: z.optional(z.literal('K8S')),
});
export type K8sReportBody = z.infer<typeof K8sReportBody>;
