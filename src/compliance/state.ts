// A state read with `is_compliant`, one reading for artifacts and trails: a named state decides (NON-COMPLIANT where
// `is_compliant` contradicts it), one spelled otherwise is read by `is_compliant`, else no state (null).
import { ARTIFACT_STATES, type ArtifactState, type Trail } from '../api/schemas.js';
import { quoteValue } from '../trust/text.js';

/** What each named state says of compliance: INCOMPLETE is not compliant (some attestation is missing). */
const COMPLIANT_BY_STATE: Record<ArtifactState, boolean> = {
  COMPLIANT: true,
  'NON-COMPLIANT': false,
  INCOMPLETE: false,
};

/** The state that counts (null: none can be read), and why it is not the service's word as given, in words. */
type StateRead = { state: ArtifactState | null; note?: string };

function isNamedState(value: unknown): value is ArtifactState {
  return (ARTIFACT_STATES as readonly unknown[]).includes(value);
}

export function readState(
  given: string | null | undefined,
  isCompliant: boolean | null | undefined,
): StateRead {
  if (given === undefined || given === null || given === '') return { state: null };
  const verdict = typeof isCompliant === 'boolean' ? isCompliant : undefined;
  if (isNamedState(given)) {
    if (verdict === undefined || verdict === COMPLIANT_BY_STATE[given]) return { state: given };
    return { state: 'NON-COMPLIANT', note: `given as ${given}, but is_compliant ${String(verdict)}` };
  }
  if (verdict === undefined) return { state: null };
  return {
    state: verdict ? 'COMPLIANT' : 'NON-COMPLIANT',
    note: `given as ${quoteValue(given, 40)}, is_compliant ${String(verdict)}`,
  };
}

/** What keeps an attestation status from passing (MISSING, or `is_compliant`); undefined: it passes. */
export function statusProblem(status: string | null | undefined, isCompliant: boolean | null | undefined) {
  if (status === 'MISSING') return isCompliant === true ? 'non-compliant' : 'missing';
  if (isCompliant === true) return undefined;
  return isCompliant === false ? 'non-compliant' : 'no-verdict';
}

/** The trail's state as the service gave it: `compliance_state`, else `compliance_status.status`. */
export function stateOf(trail: Trail): string | undefined {
  return trail.compliance_state ?? trail.compliance_status?.status ?? undefined;
}

/** The trail's verdict, a false `is_compliant` of its two before a true. */
export function verdictOf(trail: Trail): boolean | undefined {
  const given = [trail.is_compliant, trail.compliance_status?.is_compliant];
  if (given.includes(false)) return false;
  return given.includes(true) ? true : undefined;
}

/** The trail's state that counts. */
export function trailState(trail: Trail): StateRead {
  return readState(stateOf(trail), verdictOf(trail));
}
