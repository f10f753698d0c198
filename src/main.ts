/**
 * The one bundle behind every sub-action. Each `dist/<name>/index.js` stub calls `runAction('<name>', inputs)`; an
 * action's code is loaded only when that action runs, so a step parses only what it needs. The stub passes the inputs
 * its action.yml declares: the runner passes a `with:` key the action does not declare, and the step refuses it.
 */
import { ACTIONS, type ActionName } from './actions/index.js';

export async function runAction(name: ActionName, declared: readonly string[]): Promise<void> {
  const { action } = await ACTIONS[name]();
  await action.start(process.env, process.cwd(), declared);
}
