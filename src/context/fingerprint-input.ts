/**
 * A fingerprint input as people paste it: the digest (64 lowercase hex), the same as `docker inspect` prints it
 * (`sha256:<digest>`), or in upper case. Each is read as the digest the service knows; anything else is refused.
 */
import { expectedForms } from '../api/schemas/common.js';
import { InputError } from '../errors/errors.js';
import { log } from '../trust/log.js';

const WRITTEN = /^(?:sha256:)?([0-9a-f]{64})$/i;

export const FINGERPRINT_FORM = `${expectedForms.fingerprint}; sha256:<digest> as docker inspect prints it, or upper case, is read as the same`;

/** The digest `value` is written as (64 lowercase hex), or undefined when it is not a fingerprint. */
export function normaliseFingerprint(value: string): string | undefined {
  return WRITTEN.exec(value)?.[1]?.toLowerCase();
}

/** `value`, given in the input `name`, as the digest; the log says so when it was written otherwise. */
export function readFingerprint(name: string, value: string): string {
  const digest = normaliseFingerprint(value);
  if (digest === undefined) throw new InputError(name, `'${value}' is not a fingerprint`, FINGERPRINT_FORM);
  if (digest !== value) log.info(`Input '${name}': '${value}' normalised to the digest ${digest}.`);
  return digest;
}
