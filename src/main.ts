/**
 * The one bundle behind every sub-action. Each `dist/<name>/index.js` stub calls `runAction('<name>')`; an action's
 * code is loaded only when that action runs, so a step parses only what it needs. Its declared inputs come with it:
 * the runner passes a `with:` key the action does not declare, and the step refuses it.
 */
import { ACTIONS, INPUTS, type ActionName } from './actions/index.js';

export async function runAction(name: ActionName): Promise<void> {
  const { action } = await ACTIONS[name]();
  await action.start(process.env, process.cwd(), INPUTS[name].split(' ').filter(Boolean));
}
