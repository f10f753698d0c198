/**
 * get-artifact, reading: the step's inputs, and the artifact as the service has it (GET
 * /artifacts/{org}/{flow}/fingerprint/{fp}), the fingerprint given as is or computed the way report-artifact computes
 * it. A 404 about the artifact is an answer ("not found"); a 404 about the org or flow, like any other failure,
 * throws: the step could not check.
 */
import { ApiError } from '../../errors/errors.js';
import type { Artifact } from '../../api/schemas.js';
import type { InputReader } from '../../context/inputs.js';
import type { ArtifactSpec } from '../../fingerprint/artifact.js';
import { readArtifactSpec, resolveFingerprint } from '../../runtime/artifact.js';
import { readCommon, withClient, type CommonInputs } from '../../runtime/context.js';
import { notFoundAbout } from '../../runtime/not-found.js';
import { log } from '../../trust/log.js';

export interface GetArtifactInputs extends CommonInputs {
  flow: string;
  artifact: ArtifactSpec;
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
    artifact: await readArtifactSpec(inputs, common.runner.workspace),
    trail: inputs.matching('trail', 'trailName'),
    attestationId: inputs.matching('attestation-id', 'attestationId'),
    assertCompliant: inputs.boolean('assert-compliant', false),
  };
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

/** A 404 that names the artifact (or its trail or attestation), as opposed to the org or flow. */
const ABOUT_ARTIFACT = /\b(artifact|fingerprint|trail|attestation)/i;

export async function readArtifact(inputs: GetArtifactInputs): Promise<ArtifactRead> {
  const { fingerprint } = await resolveFingerprint(inputs.artifact);
  const query = {
    ...(inputs.trail !== undefined && { trail: inputs.trail }),
    ...(inputs.attestationId !== undefined && { attestation_id: inputs.attestationId }),
  };
  return withClient(inputs.connection, async (client) => {
    const url = client.urlFor('getArtifact', { flow_name: inputs.flow, fingerprint }, query);
    return log.group(`Read the artifact from flow ${inputs.flow}`, async (): Promise<ArtifactRead> => {
      try {
        const artifact = await client.getArtifact(inputs.flow, fingerprint, query);
        log.info(`${artifact.filename} (${fingerprint}): ${artifact.state ?? 'no state'}`);
        return { fingerprint, url, artifact, notFound: undefined };
      } catch (error) {
        // Only a 404 about the artifact is "not found"; an org or flow that does not exist could not be checked.
        if (
          error instanceof ApiError &&
          error.status === 404 &&
          notFoundAbout(error, ABOUT_ARTIFACT) === 'subject'
        ) {
          log.info(`No artifact with fingerprint ${fingerprint}.`);
          return { fingerprint, url, artifact: undefined, notFound: error };
        }
        throw error;
      }
    });
  });
}
