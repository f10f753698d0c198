/**
 * get-artifact: reads one artifact of a flow by its fingerprint and gives its compliance state. With
 * `assert-compliant` it is a gate: the step fails unless the artifact is compliant, naming what is missing or
 * non-compliant. `outcome` tells a later step compliant, non-compliant, not-found (the step fails) or error (it could
 * not check: the entry wrapper's path). Reading (read.ts), the decision (decide.ts) and rendering (render.ts) are
 * apart; this joins them into the step's result.
 */
import type { Artifact, ArtifactState } from '../../api/schemas.js';
import type { StepResult } from '../../runtime/step.js';
import { log } from '../../trust/log.js';
import {
  decide,
  type AttestationCheck,
  type AttestationProblem,
  type Decided,
} from '../../compliance/decide.js';
import { readArtifact, trailNotConfirmed, type GetArtifactInputs } from './read.js';
import { notFoundMessage, summarize, trippedMessage } from './render.js';

/** The result file (besides `outcome`, which the finisher writes first). */
export interface GetArtifactResult {
  flow: string;
  fingerprint: string;
  trail?: string;
  attestationId?: string;
  /** The API URL that was read. */
  url: string;
  found: boolean;
  state: ArtifactState | null;
  compliant: boolean;
  htmlUrl: string | null;
  stateInfo: string | null;
  attestations: AttestationCheck[];
  /** What keeps the artifact from being compliant: missing and non-compliant attestations. */
  problems: AttestationProblem[];
  assertCompliant: boolean;
  /** Why the step failed (not found, or the gate tripped); absent when it passed. */
  failure?: string;
  /** A trail was asked and the answer names none: what the summary says. */
  notConfirmed?: string;
  /** The service's answer; absent when the artifact was not found. */
  artifact?: Artifact;
}

/** What the inputs say, for the result file of a step that could not check: never compliant, never "not found". */
export function describe(inputs: GetArtifactInputs): Record<string, unknown> {
  return {
    flow: inputs.flow,
    ...(inputs.many && { items: inputs.items.map((i) => i.name) }),
    ...(inputs.artifact.type === 'fingerprint' && { fingerprint: inputs.artifact.fingerprint }),
    ...(inputs.trail !== undefined && { trail: inputs.trail }),
    ...(inputs.attestationId !== undefined && { attestationId: inputs.attestationId }),
    assertCompliant: inputs.assertCompliant,
    found: null,
    compliant: false,
  };
}

/** The outputs of a step that could not check: `compliant` false, the rest empty. */
export const ERROR_OUTPUTS = { compliant: false, found: '', state: '', 'html-url': '' };

export async function run(inputs: GetArtifactInputs): Promise<StepResult> {
  // Several items (lines, or a glob): one table and the lists; one item: the outputs as they always were.
  if (inputs.many) {
    const { runMany } = await import('./many.js');
    return runMany(inputs);
  }
  const read = await readArtifact(inputs);
  const verdict = decide(read.artifact);
  const { artifact } = read;
  const result: GetArtifactResult = {
    flow: inputs.flow,
    fingerprint: read.fingerprint,
    ...(inputs.trail !== undefined && { trail: inputs.trail }),
    ...(inputs.attestationId !== undefined && { attestationId: inputs.attestationId }),
    url: read.url,
    found: verdict.found,
    state: verdict.state,
    compliant: verdict.compliant,
    htmlUrl: artifact?.html_url ?? null,
    stateInfo: artifact?.state_info ?? null,
    attestations: verdict.attestations,
    problems: verdict.problems,
    assertCompliant: inputs.assertCompliant,
    ...(artifact && { artifact }),
  };
  const notConfirmed = artifact && trailNotConfirmed(inputs.trail, artifact);
  if (notConfirmed) result.notConfirmed = notConfirmed;
  // The gate cannot pass, nor trip, on an artifact not shown to be the trail's: could not check.
  const unchecked = notConfirmed !== undefined && inputs.assertCompliant;
  if (read.notFound) result.failure = notFoundMessage(inputs, read.fingerprint, read.notFound);
  else if (unchecked) result.failure = `assert-compliant: could not check. ${notConfirmed}`;
  else if (inputs.assertCompliant && !result.compliant) result.failure = trippedMessage(result);
  else if (inputs.assertCompliant) log.info('assert-compliant: the artifact is COMPLIANT.');

  const outcome: Decided | 'error' = unchecked ? 'error' : verdict.outcome;
  return {
    outcome,
    outputs: {
      found: result.found,
      state: result.state ?? '',
      // Not confirmed to be the trail's, never compliant for a later step that gates on this output alone.
      compliant: result.compliant && notConfirmed === undefined,
      'html-url': result.htmlUrl ?? '',
    },
    result: {
      ...result,
      ...(unchecked && { compliant: false, error: { kind: 'unexpected-response', message: result.failure } }),
    },
    summary: summarize(result),
    ...(result.failure !== undefined && { failure: result.failure }),
  };
}
