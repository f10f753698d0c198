/**
 * get-artifact, its inputs: the flow, one or more artifacts (the fingerprint given as is, or computed the way
 * report-artifact computes it), the trail or attestation asked, and the gate.
 */
import { GRADES, readFailOn, type Shorthand } from '../../compliance/grades.js';
import { InputError } from '../../errors/errors.js';
import type { InputReader } from '../../context/inputs.js';
import { readArtifactSpecs } from '../../runtime/artifact.js';
import { readCommon } from '../../runtime/context.js';

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
  return {
    ...common,
    flow: inputs.requiredMatching('flow', 'flowName'),
    ...(await readItems(inputs, common.runner.workspace)),
    trail: inputs.matching('trail', 'trailName'),
    attestationId: inputs.matching('attestation-id', 'attestationId'),
    ...readGate(inputs),
  };
}

export type GetArtifactInputs = Awaited<ReturnType<typeof readInputs>>;

/**
 * The grades that fail the step (`fail-on`, or `assert-compliant` as its shorthand); by default missing only (a
 * not-found fails). `assertCompliant`: every grade fails the step, the gate in full.
 */
function readGate(inputs: InputReader) {
  const failOn = readFailOn(inputs, SHORTHAND);
  return { failOn, assertCompliant: GRADES.every((g) => failOn.grades.includes(g)) };
}

/**
 * Every artifact asked about, each once (one or more lines of fingerprint or artifact, globs expanded); the first
 * (with one item, the only); and whether they are many (several lines or a glob: the outputs of many).
 */
async function readItems(inputs: InputReader, workspace: string) {
  const { items, many } = await readArtifactSpecs(inputs, workspace);
  const [first] = items;
  // readArtifactSpecs gives at least one item or throws an InputError.
  if (!first) throw new Error('no artifact was read from the inputs');
  if (many && inputs.optional('attestation-id') !== undefined) {
    throw new InputError(
      'attestation-id',
      'is given with several artifacts: an attestation belongs to one artifact, the others would all be not found',
      'attestation-id with one fingerprint or artifact',
    );
  }
  return { artifact: first.spec, items, many };
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
    failOn: inputs.failOn.grades,
    found: null,
    compliant: false,
  };
}
