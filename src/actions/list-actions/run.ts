/**
 * list-actions, running the check: reads the actions (GET /actions/{org}), decides (decide.ts) and renders the result
 * (render.ts).
 */
import { withClient } from '../../runtime/context.js';
import type { StepResult } from '../../runtime/step.js';
import { log } from '../../trust/log.js';
import { decide } from './decide.js';
import { failureText, summarize, warnings } from './render.js';
import type { ListActionsInputs, ListActionsResult } from './types.js';

export async function run(inputs: ListActionsInputs): Promise<StepResult> {
  const { url, actions } = await withClient(inputs.connection, async (client) => ({
    url: client.urlFor('listActions'),
    actions: await log.group(`List the actions of ${inputs.connection.org}`, async () => {
      const list = await client.listActions();
      log.info(`${list.length} action(s).`);
      return list;
    }),
  }));
  const health = decide(actions, inputs.failIfFailing);
  const failing = health.failing.map((a) => a.name);
  const result: ListActionsResult = {
    url,
    count: actions.length,
    failing,
    failIfFailing: inputs.failIfFailing,
    actions,
  };
  if (health.tripped) {
    result.failure = failureText(health.tripped, actions.length);
    if (health.tripped.by === 'unknown') {
      result.error = { kind: 'unexpected-response', message: result.failure };
    }
  }
  return {
    outcome: health.outcome,
    outputs: { count: result.count, failing },
    result: { ...result },
    summary: summarize(result),
    ...(result.failure !== undefined
      ? { failure: result.failure }
      : { annotations: warnings(health.failing) }),
  };
}
