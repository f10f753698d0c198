/** setup, rendering: what a step that could not set up says, and which setting a failed check blames. */
import { ApiError, InputError, NetworkError } from '../../errors/errors.js';
import type { SetupInputs } from './types.js';

/** The heading of a step that could not set up. */
export function couldNot(): string {
  return 'Could not set up the connection to the compliance service';
}

/** Says which of the three settings is most likely wrong. */
export function explainVerifyFailure(error: unknown, inputs: Pick<SetupInputs, 'org' | 'apiRoot'>): unknown {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403) {
      return new InputError(
        'api-token',
        `the service refused the token (HTTP ${error.status})`,
        'a valid API token for this org',
      );
    }
    if (error.status === 404) {
      return new InputError(
        'org',
        `the service does not know org '${inputs.org}' or the URL is not an API v2 root (HTTP 404)`,
        'an existing organization and the service URL',
      );
    }
  }
  if (error instanceof NetworkError) {
    return new InputError(
      'api-url',
      `could not reach ${inputs.apiRoot.href}: ${error.reason}`,
      'a reachable service URL',
    );
  }
  return error;
}
