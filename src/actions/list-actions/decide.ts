/**
 * list-actions' decision, pure (no I/O, no log): healthy or failing, and with `fail-if-failing` whether the health
 * check fails the step, or could not check.
 */
import type { Action } from '../../api/schemas.js';
import type { Health } from './types.js';

export function decide(actions: Action[], failIfFailing: boolean): Health {
  const failing = actions.filter((a) => a.is_failing === true);
  // A gate cannot pass on a status the service does not give: "unknown" is could-not-check, not healthy.
  const unknown = actions.filter((a) => typeof a.is_failing !== 'boolean');
  if (failIfFailing && failing.length === 0 && unknown.length > 0) {
    return { outcome: 'error', failing, tripped: { by: 'unknown', actions: unknown } };
  }
  const outcome = failing.length > 0 ? 'failing' : 'healthy';
  if (failIfFailing && failing.length > 0) {
    return { outcome, failing, tripped: { by: 'failing', actions: failing } };
  }
  return { outcome, failing };
}
