/**
 * get-artifact, reading: the step's inputs, and the artifact as the service has it (GET
 * /artifacts/{org}/{flow}/fingerprint/{fp}), the fingerprint given as is or computed the way report-artifact computes
 * it (src/compliance/lookup.ts says which 404 is "not found").
 */
import { InputError, type ApiError } from '../../errors/errors.js';
import type { Artifact } from '../../api/schemas.js';
import { lookUpArtifact } from '../../compliance/lookup.js';
import type { InputReader } from '../../context/inputs.js';
import type { ArtifactSpec } from '../../fingerprint/artifact.js';
import { readArtifactSpecs, resolveFingerprint, type NamedSpec } from '../../runtime/artifact.js';
import { readCommon, withClient, type CommonInputs } from '../../runtime/context.js';
import { log } from '../../trust/log.js';

export interface GetArtifactInputs extends CommonInputs {
  flow: string;
  /** The first (with one item, the only) artifact. */
  artifact: ArtifactSpec;
  /** Every artifact asked about, each once: one or more lines of fingerprint or artifact, globs expanded. */
  items: NamedSpec[];
  /** Several lines or a glob: the outputs of many (count, lists), however many items that gives. */
  many: boolean;
  trail: string | undefined;
  attestationId: string | undefined;
  /** Fail the step unless the artifact is compliant. */
  assertCompliant: boolean;
}

export async function readInputs(inputs: InputReader, cwd: string): Promise<GetArtifactInputs> {
  const common = readCommon(inputs, cwd);
  return {
    ...common,
    flow: inputs.requiredMatching('flow', 'flowName'),
    ...(await readItems(inputs, common.runner.workspace)),
    trail: inputs.matching('trail', 'trailName'),
    attestationId: inputs.matching('attestation-id', 'attestationId'),
    assertCompliant: inputs.boolean('assert-compliant', false),
  };
}

async function readItems(
  inputs: InputReader,
  workspace: string,
): Promise<Pick<GetArtifactInputs, 'artifact' | 'items' | 'many'>> {
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

/**
 * Said when a trail was asked and the answer names none (`trail_name` is not required by 2.8): the artifact is shown,
 * not confirmed to be the trail's; with assert-compliant it is "could not check" (a gate fails closed).
 */
export function trailNotConfirmed(trail: string | undefined, artifact: Artifact): string | undefined {
  if (trail === undefined || artifact.trail_name) return undefined;
  return `Not confirmed: the answer names no trail, so it cannot be shown to be about trail '${trail}' as asked.`;
}

export interface ArtifactRead {
  fingerprint: string;
  /** The API URL that was read. */
  url: string;
  /** The service's answer; undefined when it answered 404 about the artifact. */
  artifact: Artifact | undefined;
  /** That 404, for the message that says what was looked for. */
  notFound: ApiError | undefined;
}

export async function readArtifact(inputs: GetArtifactInputs): Promise<ArtifactRead> {
  const { fingerprint } = await resolveFingerprint(inputs.artifact);
  const query = {
    ...(inputs.trail !== undefined && { trail: inputs.trail }),
    ...(inputs.attestationId !== undefined && { attestation_id: inputs.attestationId }),
  };
  return withClient(inputs.connection, async (client) => {
    const url = client.urlFor('getArtifact', { flow_name: inputs.flow, fingerprint }, query);
    return log.group(`Read the artifact from flow ${inputs.flow}`, async (): Promise<ArtifactRead> => {
      const found = await lookUpArtifact(client, inputs.flow, fingerprint, query);
      if (found.notFound) {
        log.info(`No artifact with fingerprint ${fingerprint}.`);
        return { fingerprint, url, artifact: undefined, notFound: found.notFound };
      }
      log.info(`${found.artifact.filename} (${fingerprint}): ${found.artifact.state ?? 'no state'}`);
      return { fingerprint, url, artifact: found.artifact, notFound: undefined };
    });
  });
}
