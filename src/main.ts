/**
 * The one bundle behind every sub-action. Each `dist/<name>/index.js` stub calls `runAction('<name>')`; an action's
 * code is loaded only when that action runs, so a step parses only what it needs.
 */
import { ACTIONS, type ActionName } from './actions/index.js';
import { runStep, type ActionDefinition, type FinishInputs } from './runtime/step.js';

export async function runAction(name: ActionName): Promise<void> {
  const loaded: { action?: ActionDefinition<FinishInputs>; main?: () => Promise<void> } =
    await ACTIONS[name]();
  // TEMPORARY (issue 13 transition): `main` is an action not yet moved to the lifecycle.
  if (loaded.action) await runStep(loaded.action, process.env, process.cwd());
  else await loaded.main?.();
}
