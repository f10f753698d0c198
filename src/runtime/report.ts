/**
 * Delivering a report (report-artifact, report-k8s-env) so that nothing is lost: a report the service did not take
 * carries its payload to the finisher (`payload-file`), and a step that fails after gathering keeps what it gathered.
 */
import { InputError, UndeliveredError } from '../errors/errors.js';
import type { SummaryWriter } from '../summary/writer.js';
import { GatheredFailure, type Annotation } from './step.js';

/**
 * Sends a report; if it cannot be delivered (after the client's retries), fails with an UndeliveredError that carries
 * the payload, which the step finisher keeps (step.ts). An input error means nothing was sent and nothing needs keeping.
 */
export async function deliver<T>(payload: unknown, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new UndeliveredError(error instanceof Error ? error : new Error(String(error)), payload);
  }
}

/**
 * The failure of a report after gathering, for `run` to throw: the result file keeps `gathered` (once it was built),
 * the warnings found gathering it stay, and for a report not delivered the summary shows `details` under the reason.
 */
export function reportFailure<R extends object>(
  error: unknown,
  gathered: R | undefined,
  annotations: Annotation[],
  details: (summary: SummaryWriter, result: R) => SummaryWriter,
): GatheredFailure {
  return new GatheredFailure(error, {
    result: gathered ?? {},
    ...(gathered !== undefined &&
      error instanceof UndeliveredError && {
        details: (summary: SummaryWriter) =>
          details(summary.heading('The report that was not delivered', 4), gathered),
      }),
    annotations,
  });
}
