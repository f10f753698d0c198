/** One artifact by fingerprint: a 404 about it is "not found"; one about the org or flow throws. */
import type { ComplianceClient } from '../api/client.js';
import type { Artifact, GetArtifactQuery } from '../api/schemas.js';
import { patterns } from '../api/schemas/common.js';
import { ApiError, ComplianceError } from '../errors/errors.js';
import { quoteText } from '../trust/text.js';
import { notFoundAbout } from '../runtime/not-found.js';

/** Artifact lookups in one step, for every action that makes one per artifact the service names: past it, none. */
export const MAX_LOOKUPS = 200;
/** Artifact lookups in flight at once. */
export const LOOKUP_CONCURRENCY = 8;

/** A 404 that names the artifact (or its trail or attestation), as opposed to the org or flow. */
const ABOUT_ARTIFACT = /\b(artifact|fingerprint|trail|attestation)/i;

export type Lookup<T> = { artifact: T; notFound?: never } | { artifact?: never; notFound: ApiError };
export type ArtifactLookup = Lookup<Artifact>;

export async function lookUpArtifact(
  client: ComplianceClient,
  flow: string,
  fingerprint: string,
  query: GetArtifactQuery = {},
): Promise<ArtifactLookup> {
  return notFoundOr(() => client.getArtifact(flow, fingerprint, query));
}

/** `read`'s answer, or the 404 that says the artifact is not there; any other failure throws. */
export async function notFoundOr<T>(read: () => Promise<T>): Promise<Lookup<T>> {
  try {
    return { artifact: await read() };
  } catch (error) {
    // Only a 404 about the artifact is "not found"; an org or flow that does not exist could not be checked.
    if (
      error instanceof ApiError &&
      error.status === 404 &&
      notFoundAbout(error, ABOUT_ARTIFACT) === 'subject'
    ) {
      return { notFound: error };
    }
    throw error;
  }
}

/** What one lookup is about: the flow the diff names (none is its own key) and the fingerprint. */
export function checkKey(a: { flow?: string | null; fingerprint: string }): string {
  return `${a.flow ?? ''}\u0000${a.fingerprint}`;
}

/** A failure not about one artifact: a refused token, no service, no time left; by default a 404 (org, flow) too. */
export function stepWide(error: unknown, statuses: readonly number[] = [401, 403, 404]): boolean {
  if (error instanceof ApiError) return statuses.includes(error.status);
  return error instanceof ComplianceError && (error.kind === 'network' || error.kind === 'timeout');
}

/** What is wrong with a flow and fingerprint the service named, before they go into a request: its answer's fault. */
export function malformedName(flow: string, fingerprint: string): string | undefined {
  if (!patterns.flowName.test(flow)) return `flow ${quoteText(flow)}, not a flow name`;
  if (!patterns.fingerprint.test(fingerprint)) {
    return `fingerprint ${quoteText(fingerprint)}, not 64 lowercase hexadecimal characters`;
  }
  return undefined;
}
