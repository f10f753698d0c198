// Delivering a report (report-artifact, report-k8s-env) so that nothing is lost: a report the service did not take
// carries its payload to the finisher (`payload-file`), and a step that fails after gathering keeps what it gathered.
import { InputError, UndeliveredError } from '../errors/errors.js';
import type { SummaryWriter } from '../summary/writer.js';
import { GatheredFailure, type Annotation } from './step.js';

/** Sends a report; one not delivered fails with an UndeliveredError carrying the payload (not an input error). */
export async function deliver<T>(payload: unknown, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new UndeliveredError(error instanceof Error ? error : new Error(String(error)), payload);
  }
}

/** The failure of a report after gathering, for `run` to throw: `details` shows a report not delivered. */
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
