/**
 * The outage switch: what a dry run forgives. Under dry run (CommonInputs.dryRun: the `dry-run` input, else
 * COMPLIANCE_DRY_RUN) the finisher (step.ts) forgoes a failure that is not about the step's own inputs, and says so
 * first in the summary and the pull-request comment. Kept apart from the finisher, which it only advises.
 */
/**
 * What fails a step even in a dry run: its own inputs, what it was given to read (an artifact, a cluster), and a bug.
 * Anything the service says or does not say (a tripped gate, an answer not in the documented form, a service that
 * cannot be reached) is what the outage switch is for.
 */
const FAILS_EVEN_IN_DRY_RUN = new Set(['input', 'source', 'unexpected']);

/** Under dry run, the failure the step forgoes (undefined when it has none, or one a dry run does not forgive). */
export function forgone(
  inputs: { dryRun?: boolean },
  step: { failure?: string | undefined; result: object },
): string | undefined {
  if (inputs.dryRun !== true || step.failure === undefined) return undefined;
  const error = (step.result as { error?: { kind?: unknown } }).error;
  return typeof error?.kind === 'string' && FAILS_EVEN_IN_DRY_RUN.has(error.kind) ? undefined : step.failure;
}

/**
 * What the summary and the pull-request comment say first under dry run: that it is on, what that means, and whether
 * the step would have failed.
 */
export function dryRunWarning(wouldHaveFailed: string | undefined): string {
  return (
    'Dry run is on (dry-run or COMPLIANCE_DRY_RUN): nothing that changes the service is sent, and nothing is gated: ' +
    'this step fails only on its own inputs. ' +
    (wouldHaveFailed === undefined
      ? 'Without it, this step would not have failed for anything the service said.'
      : `Without it, this step would have failed: ${wouldHaveFailed}`)
  );
}
