// What a 404 is about. The service answers 404 for the thing looked up and also for the org, flow or environment it
// was looked up in; only the first is an answer ("not there"), the rest are a misconfiguration.
import type { ApiError } from '../errors/errors.js';

/** `Organization 'acme' does not exist`, `Flow named 'x' does not exist for organization 'y'`, `Environment ...`. */
const SCOPE_MISSING =
  /\b(organi[sz]ation|org|flow|environment|env)\b(?:\s+named)?\s+(?:'[^']*'|"[^"]*"|\S+)\s+(?:does not|doesn't) exist/i;
/** A path the API does not have at all (the sandbox's wording; a proxy's 404 page gives no message). */
const NO_SUCH_PATH = /^not found: \//i;

/** `scope`: the message names a missing org, flow or environment, or no path; `subject`: it names the thing. */
export function notFoundAbout(error: ApiError, subject: RegExp): 'subject' | 'scope' | 'unknown' {
  const message = error.serverMessage?.trim() ?? '';
  if (SCOPE_MISSING.test(message) || NO_SUCH_PATH.test(message)) return 'scope';
  return subject.test(message) ? 'subject' : 'unknown';
}
