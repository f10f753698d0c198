/** An attestation as the gate's client reads it: light (no sandbox, no runner), for the tests of the decision. */
import { CommitAttestation } from '../../src/api/schemas/list-attestations-for-commits.js';

/**
 * An attestation of `name` through the schema, as the client reads an answer (display-only fields absent read null);
 * `verdict` undefined leaves is_compliant out, as a service without a verdict does.
 */
export function at(
  name: string,
  verdict: boolean | null | undefined,
  extra: Partial<CommitAttestation> = {},
) {
  return CommitAttestation.parse({
    attestation_name: name,
    attestation_type: 'generic',
    ...(verdict !== undefined && { is_compliant: verdict }),
    ...extra,
  });
}
