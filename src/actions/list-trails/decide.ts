/** list-trails, deciding (pure): a trail's state, and which trails count as non-compliant. */
import type { Trail } from '../../api/schemas.js';
import { readState, type StateRead } from '../../compliance/state.js';

/** The trail's state as the service gave it: `compliance_state`, else `compliance_status.status`. */
export function stateOf(trail: Trail): string | undefined {
  return trail.compliance_state ?? trail.compliance_status?.status ?? undefined;
}

/**
 * The trail's verdict, one false of its two `is_compliant` before a true: what reads a state spelled otherwise, and
 * what a named state must not contradict (src/compliance/state.ts).
 */
export function verdictOf(trail: Trail): boolean | undefined {
  const given = [trail.is_compliant, trail.compliance_status?.is_compliant];
  if (given.includes(false)) return false;
  return given.includes(true) ? true : undefined;
}

/** The state that counts: named, or read by `is_compliant` (null when neither gives one). */
export function trailState(trail: Trail): StateRead {
  return readState(stateOf(trail), verdictOf(trail));
}

/** NON-COMPLIANT by its state as read; a trail without a state counts only when it says `is_compliant: false`. */
export function isNonCompliant(trail: Trail): boolean {
  if (stateOf(trail) === undefined) return verdictOf(trail) === false;
  return trailState(trail).state === 'NON-COMPLIANT';
}
