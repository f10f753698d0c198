/** What get-artifact's in-process tests (test/actions/get-artifact) share. */

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
