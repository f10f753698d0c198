/** list-actions: the shapes its files share (the inputs, the outcome and the result file). Types only. */
import type { Action } from '../../api/schemas.js';
import type { CommonInputs } from '../../runtime/context.js';

export interface ListActionsInputs extends CommonInputs {
  /** Fail the step when any action is failing to send its notifications. */
  failIfFailing: boolean;
}

/** `error`: it could not check (unreachable, 5xx, 401, a malformed answer, a status the gate is not given). */
export type ListActionsOutcome = 'healthy' | 'failing' | 'error';

/** The result file (besides `outcome`, which the finisher writes first). */
export interface ListActionsResult {
  /** The API URL that was read. */
  url: string;
  count: number;
  /** Names of the actions whose notifications currently fail (`is_failing: true`). */
  failing: string[];
  failIfFailing: boolean;
  /** Why the step failed; absent when it passed. */
  failure?: string;
  /** Why it could not check, as a step that could not finish says it (fail-if-failing without a status). */
  error?: { kind: string; message: string };
  actions: Action[];
}

/** The health check's verdict on the actions listed. */
export interface Health {
  outcome: ListActionsOutcome;
  /** The actions whose notifications currently fail (`is_failing: true`). */
  failing: Action[];
  /** What fails the step with fail-if-failing; absent when the step passes. */
  tripped?: Tripped;
}

/**
 * What trips the health check: the failing actions, or, none failing, the actions the service gives no status for
 * (`unknown`: could not check).
 */
export interface Tripped {
  by: 'failing' | 'unknown';
  actions: Action[];
}
