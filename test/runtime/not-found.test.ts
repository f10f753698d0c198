import { describe, expect, it } from 'vitest';
import { ApiError, InputError, NetworkError } from '../../src/errors/errors.js';
import { notFoundAbout } from '../../src/runtime/not-found.js';
import { stepError } from '../../src/runtime/step.js';

const notFound = (serverMessage?: string) =>
  new ApiError({
    endpoint: 'GET /deployments/{org}/{env_name}/{fingerprint}',
    status: 404,
    ...(serverMessage !== undefined && { serverMessage }),
  });
const DEPLOYMENT = /\b(artifact|fingerprint|deploy)/i;

describe('notFoundAbout', () => {
  it.each([
    // The sandbox's words, and the live service's for a flow (service-behaviour.md).
    [
      `Artifact with fingerprint '${'a'.repeat(64)}' was not deployed to environment 'prod' in organization 'acme'`,
      'subject',
    ],
    ['No deployment of this fingerprint', 'subject'],
    ["Organization 'acme' does not exist", 'scope'],
    ["Environment named 'prod' does not exist for organization 'acme'", 'scope'],
    ["Flow named 'x' does not exist for organization 'y'", 'scope'],
    ['Not found: /api/v2/nothing', 'scope'],
    ['Not Found', 'unknown'],
    [undefined, 'unknown'],
  ] as const)('%s: %s', (message, about) => {
    expect(notFoundAbout(notFound(message), DEPLOYMENT)).toBe(about);
  });

  it('does not take an artifact missing from a flow for a missing flow', () => {
    const error = notFound(`Artifact with fingerprint '${'a'.repeat(64)}' does not exist in flow 'backend'`);
    expect(notFoundAbout(error, /\bartifact/i)).toBe('subject');
  });
});

describe('stepError', () => {
  it('keeps the kind of the error and its message', () => {
    expect(stepError(new InputError('flow', 'is required'))).toEqual({
      kind: 'input',
      message: "Invalid input 'flow': is required.",
    });
    expect(stepError(new NetworkError('GET /x', 'ECONNREFUSED')).kind).toBe('network');
    expect(stepError(new Error('boom'))).toEqual({ kind: 'unexpected', message: 'boom' });
  });
});
