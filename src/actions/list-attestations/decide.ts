/** list-attestations, deciding (pure): which attestations count as non-compliant. */
import type { Attestation } from '../../api/schemas.js';

/** Only `is_compliant: false` counts: an attestation that does not say is not called non-compliant. */
export function countNonCompliant(attestations: readonly Attestation[]): number {
  return attestations.filter((a) => a.is_compliant === false).length;
}
