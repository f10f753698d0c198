// Policies applied to artifacts: their facts read once (facts.ts), each artifact judged by each policy (evaluate.ts),
// each policy's result file block made (report.ts). Loaded only when a step has a policy.
import type { ComplianceClient } from '../../api/client.js';
import { lastByKey } from '../../api/pagination.js';
import type { DiffArtifact } from '../../api/schemas.js';
import { log } from '../../trust/log.js';
import { evaluatePolicy, type ArtifactFacts } from './evaluate.js';
import { keyOf, readPolicyFacts, type PolicySubject } from './facts.js';
import type { Policy } from './load.js';
import { policyResult, type PolicyResult } from './report.js';

export { keyOf };

/** Each policy's result over the subjects, once per distinct flow and fingerprint, the reads shared. */
export async function judgeArtifacts(
  client: ComplianceClient,
  subjects: readonly PolicySubject[],
  policies: readonly Policy[],
): Promise<PolicyResult[]> {
  const distinct = lastByKey(subjects, keyOf);
  const { facts, ...reads } = await readPolicyFacts(client, distinct, policies);
  return policies.map((policy) => {
    const judged = distinct.map((s, i) => ({
      name: s.name,
      fingerprint: s.fingerprint,
      flow: s.flow ?? null,
      ...(s.url !== undefined && { url: s.url }),
      ...evaluatePolicy(policy, facts[i] as ArtifactFacts),
      ...(facts[i]?.notRead && { notRead: true }),
    }));
    for (const j of judged) {
      log.info(`${policy.file}: ${j.name ?? '?'}  ${j.fingerprint.slice(0, 12)}  ${j.verdict}`);
    }
    return policyResult(policy, judged, reads);
  });
}

/** A diff entry as a subject: its flow empty is no provenance (null); absent, the answer does not say (undefined). */
export function diffSubject(a: DiffArtifact): PolicySubject {
  return {
    name: a.name ?? null,
    fingerprint: a.fingerprint,
    flow: typeof a.flow === 'string' ? (a.flow === '' ? null : a.flow) : undefined,
  };
}
