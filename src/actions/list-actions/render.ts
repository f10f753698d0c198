/**
 * list-actions, rendering: the job summary, one row per action. Text from the service is escaped by the summary
 * writer; a webhook target shows its host only.
 */
import { timeCell } from '../../summary/cells.js';
import { SummaryWriter } from '../../summary/writer.js';
import type { ListActionsResult } from './run.js';

/**
 * A target in a few words: its type and where it sends. A webhook URL often carries a secret in its path (a chat
 * webhook does), so only its host is shown; the full targets are in the result file.
 */
export function describeTarget(target: Record<string, unknown>): string {
  const type = typeof target.type === 'string' ? target.type : 'target';
  const where = ['channel', 'address', 'email', 'name'].map((key) => target[key]).find(isText);
  if (where !== undefined) return `${type} ${where}`;
  const url = isText(target.url) && URL.canParse(target.url) ? new URL(target.url).host : undefined;
  return url ? `${type} (${url})` : type;
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

export function summarize(result: ListActionsResult): SummaryWriter {
  const summary = new SummaryWriter();
  // Not given is not "not failing": said in the heading, so healthy never reads as more than was told.
  const unknown = result.actions.filter((a) => typeof a.is_failing !== 'boolean').length;
  summary.heading(
    `Notification actions: ${result.count}, failing: ${result.failing.length}` +
      `${unknown > 0 ? `, status unknown: ${unknown}` : ''}${result.failure ? ' ❌' : ''}`,
    3,
  );
  // A health check that could not check (outcome error) says why in the summary too, not only in the failure.
  if (result.error !== undefined) summary.paragraph(result.error.message);
  if (result.count === 0) return summary.paragraph('The org has no actions.');
  summary.table(
    [
      'Name',
      'Type',
      'Triggers',
      'Targets',
      'Flows or environments',
      'Failing',
      'Last success',
      'Last failure',
    ],
    result.actions.map((a) => {
      const flows = a.flows ?? [];
      const environments = a.environments ?? [];
      const scope = [
        ...(flows.length > 0 ? [`flows: ${flows.join(', ')}`] : []),
        ...(environments.length > 0 ? [`environments: ${environments.join(', ')}`] : []),
      ];
      const failing = a.is_failing;
      return [
        a.name,
        a.type,
        a.triggers.join(', '),
        a.targets.map(describeTarget).join(', '),
        scope.join('; '),
        failing === true ? '❌ yes' : failing === false ? 'no' : 'unknown',
        timeCell(a.last_success_timestamp) ?? '—',
        timeCell(a.last_failure_timestamp) ?? '—',
      ];
    }),
  );
  return summary;
}
