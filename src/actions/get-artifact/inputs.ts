/** get-artifact's inputs: the flow, the artifacts, the trail or attestation asked, and the gate. */
import { GRADES, readFailOn, withPolicy, type Shorthand, type Grade } from '../../compliance/grades.js';
import { readPolicyInput } from '../../compliance/policy/input.js';
import { InputError } from '../../errors/errors.js';
import type { InputReader } from '../../context/inputs.js';
import { readArtifactSpecs, type NamedSpec } from '../../runtime/artifact.js';
import { readCommon } from '../../runtime/context.js';
import type { Artifact } from '../../api/schemas.js';
import type { Judged, Verdict } from '../../compliance/decide.js';
import type { StepError } from '../../runtime/step.js';

/** The one decision's verdict (src/compliance/decide.ts), with what was asked and what the gate made of it. */
export interface GetArtifactResult extends Omit<Verdict, 'outcome'> {
  flow: string;
  fingerprint: string;
  trail?: string;
  attestationId?: string;
  url: string;
  htmlUrl: string | null;
  stateInfo: string | null;
  assertCompliant: boolean;
  failOn: Grade[];
  /** The input that made the step a gate (fail-on, or assert-compliant true); absent when it only reads. */
  gate?: string;
  /** The grade of what was found (see decide.ts); null when it passes. */
  grade: Grade | null;
  /** What the step would decide with every grade listed: true when the artifact has a grade. */
  wouldFail: boolean;
  /** Why the step failed (not found, or the gate tripped); absent when it passed. */
  failure?: string;
  /** What a gate found whose grade is not in fail-on: a warning, not a failure. */
  warning?: string;
  /** A trail was asked and the answer names none: what the summary says. */
  notConfirmed?: string;
  /** The service's answer; absent when the artifact was not found. */
  artifact?: Artifact;
}

export type ItemOutcome = 'compliant' | 'non-compliant' | 'not-found' | 'error';

export interface ItemResult extends Judged {
  name: string;
  /** Absent when it could not be fingerprinted. */
  fingerprint?: string;
  outcome: ItemOutcome;
  error?: StepError;
  /** A trail was asked and the answer names none (unknown not in fail-on: judged, and said). */
  notConfirmed?: string;
  /** Its grade (in the result file), where it has one. */
  grade?: Grade;
}

/** `assert-compliant`, the older word: true is every grade; false (the default) is missing only. */
const SHORTHAND: Shorthand = {
  input: 'assert-compliant',
  whenTrue: GRADES,
  whenFalse: ['missing'],
  fallback: false,
  found: GRADES,
};

export async function readInputs(inputs: InputReader, cwd: string) {
  const common = readCommon(inputs, cwd);
  const flow = inputs.requiredMatching('flow', 'flowName');
  // Every artifact asked about, each once (globs expanded): at least one, or an InputError.
  const { items, many } = await readArtifactSpecs(inputs, common.runner.workspace);
  if (many && inputs.optional('attestation-id') !== undefined) {
    throw new InputError(
      'attestation-id',
      'is given with several artifacts: an attestation belongs to one artifact, the others would all be not found',
      'attestation-id with one fingerprint or artifact',
    );
  }
  const policy = await readPolicyInput(inputs, common.runner.workspace);
  const trail = inputs.matching('trail', 'trailName');
  const attestationId = inputs.matching('attestation-id', 'attestationId');
  // With a policy, the step fails by default on what breaks it and on what cannot be checked, as on a missing one.
  const failOn = readFailOn(inputs, policy === undefined ? SHORTHAND : withPolicy(SHORTHAND));
  return {
    ...common,
    flow,
    artifact: (items[0] as NamedSpec).spec,
    items,
    many,
    trail,
    attestationId,
    failOn,
    assertCompliant: GRADES.every((g) => failOn.grades.includes(g)),
    /** A policy each artifact read is judged by. */
    policy,
  };
}

export type GetArtifactInputs = Awaited<ReturnType<typeof readInputs>>;

/** What the inputs say, for the result file of a step that could not check: never compliant, never "not found". */
export function describe(inputs: GetArtifactInputs): Record<string, unknown> {
  return {
    flow: inputs.flow,
    ...(inputs.many && { items: inputs.items.map((i) => i.name) }),
    ...(inputs.artifact.type === 'fingerprint' && { fingerprint: inputs.artifact.fingerprint }),
    ...(inputs.trail !== undefined && { trail: inputs.trail }),
    ...(inputs.attestationId !== undefined && { attestationId: inputs.attestationId }),
    assertCompliant: inputs.assertCompliant,
    failOn: inputs.failOn.grades,
    found: null,
    compliant: false,
  };
}
