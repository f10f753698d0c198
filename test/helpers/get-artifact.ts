/** What get-artifact's in-process tests (test/actions/get-artifact) share. */

/** Demo seed: backend 1.4.0, COMPLIANT. */
export const COMPLIANT_FP = '9e5f20177e2131a174e6d70d947a1244919fcb0ef41d1ce7e975f79d068f647d';

/** The fingerprint of svc.tar, the artifact `answerOf` answers with. */
export const SVC_FP = 'a'.repeat(64);

/** An answer of GET /artifacts/{org}/{flow}/fingerprint/{fingerprint}: svc.tar in flow backend, then `fields`. */
export const answerOf = (fields: Record<string, unknown>) => ({
  id: 'a1',
  fingerprint: SVC_FP,
  filename: 'svc.tar',
  created_at: 1793610200,
  last_modified_at: 1793610200,
  evidence: {},
  flow_name: 'backend',
  commit_lead_times: {},
  build_lead_times: {},
  ...fields,
});
