/**
 * The one input reader. It reads the runner's `INPUT_*` variables from an environment map it is given (never from
 * `process.env` directly), so every sub-action's reading is testable, and it fails with a message that names the
 * input, the value's problem and the expected form.
 */
import * as core from '@actions/core';
import { proxyFromEnv, type ProxySettings } from '../api/config.js';
import { InputError, registerSecret } from '../api/errors.js';

export type Env = Record<string, string | undefined>;

const TRUE = ['true', 'True', 'TRUE'];
const FALSE = ['false', 'False', 'FALSE'];

export class InputReader {
  readonly env: Env;

  constructor(env: Env) {
    this.env = env;
  }

  /** The raw value as the runner passes it (`INPUT_<NAME>`), trimmed; '' when absent. */
  raw(name: string): string {
    return (this.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
  }

  /** The input, else the environment variable that stands in for it, else undefined. */
  optional(name: string, fallbackEnv?: string): string | undefined {
    const value = this.raw(name) || (fallbackEnv ? (this.env[fallbackEnv] ?? '').trim() : '');
    return value === '' ? undefined : value;
  }

  required(name: string, expected: string, fallbackEnv?: string): string {
    const value = this.optional(name, fallbackEnv);
    if (value === undefined) {
      throw new InputError(
        name,
        fallbackEnv
          ? `is required: set the input '${name}' or the environment variable ${fallbackEnv}`
          : 'is required',
        expected,
      );
    }
    return value;
  }

  /** YAML 1.2 core booleans, as `core.getBooleanInput` takes them; the fallback when empty. */
  boolean(name: string, fallback: boolean, fallbackEnv?: string): boolean {
    const value = this.optional(name, fallbackEnv);
    if (value === undefined) return fallback;
    if (TRUE.includes(value)) return true;
    if (FALSE.includes(value)) return false;
    throw new InputError(name, `'${value}' is not a boolean`, 'true or false');
  }

  /** One item per line, commas also accepted; blanks dropped. */
  list(name: string): string[] {
    return this.raw(name)
      .split(/[\n,]/)
      .map((item) => item.trim())
      .filter((item) => item !== '');
  }
}

/** The connection every sub-action needs: each input falls back to its `COMPLIANCE_*` variable. */
export interface ConnectionInputs {
  apiUrl: string;
  apiToken: string;
  org: string;
  /** From HTTPS_PROXY, HTTP_PROXY and NO_PROXY, as the runner sets them. */
  proxy: ProxySettings;
}

export function readConnection(inputs: InputReader): ConnectionInputs {
  // The token first, masked before anything else can be printed or thrown.
  const apiToken = inputs.required(
    'api-token',
    'the API token of the compliance service',
    'COMPLIANCE_API_TOKEN',
  );
  core.setSecret(apiToken);
  registerSecret(apiToken);
  return {
    apiToken,
    apiUrl: inputs.required(
      'api-url',
      'the service URL, e.g. https://compliance.example.com',
      'COMPLIANCE_API_URL',
    ),
    org: inputs.required('org', 'the organization name in the service', 'COMPLIANCE_ORG'),
    proxy: proxyFromEnv(inputs.env),
  };
}
