/**
 * The one bundle behind every sub-action. Each `dist/<name>/index.js` stub calls `runAction('<name>')`; an action's
 * code is loaded only when that action runs, so a step parses only what it needs.
 */
import { log } from './trust/log.js';
import { ComplianceError } from './api/errors.js';
import { redact } from './trust/redact.js';

type Entry = () => Promise<{ main: () => Promise<void> }>;

export const ACTIONS: Record<string, Entry> = {
  setup: () => import('./actions/setup/main.js'),
  'report-artifact': () => import('./actions/report-artifact/main.js'),
  'report-k8s-env': () => import('./actions/report-k8s-env/main.js'),
  'check-attestations-for-commit': () => import('./actions/check-attestations-for-commit/main.js'),
  'get-artifact': () => import('./actions/get-artifact/main.js'),
  'get-deployment': () => import('./actions/get-deployment/main.js'),
  'list-actions': () => import('./actions/list-actions/main.js'),
  'diff-envs': () => import('./actions/diff-envs/main.js'),
  'list-trails': () => import('./actions/list-trails/main.js'),
  'list-attestations': () => import('./actions/list-attestations/main.js'),
};

export async function runAction(name: string): Promise<void> {
  const load = ACTIONS[name];
  if (!load) {
    log.fail(`compliance-actions: no action named '${name}'`);
    return;
  }
  try {
    const { main } = await load();
    await main();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // ComplianceError messages are already scrubbed; anything else is scrubbed here.
    log.fail(error instanceof ComplianceError ? message : redact(message));
    if (!(error instanceof ComplianceError) && error instanceof Error && error.stack) log.debug(error.stack);
  }
}
