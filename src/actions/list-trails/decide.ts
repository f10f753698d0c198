/** list-trails, deciding (pure): a trail's state, and which trails count as non-compliant. */
import type { Trail } from '../../api/schemas.js';

/** The trail's state: `compliance_state`, else `compliance_status.status`. */
export function stateOf(trail: Trail): string | undefined {
  return trail.compliance_state ?? trail.compliance_status?.status ?? undefined;
}

/** NON-COMPLIANT by its state; a trail without a state counts only when it says `is_compliant: false`. */
export function isNonCompliant(trail: Trail): boolean {
  const state = stateOf(trail);
  return state !== undefined ? state === 'NON-COMPLIANT' : trail.is_compliant === false;
}
