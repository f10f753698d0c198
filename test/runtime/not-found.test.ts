import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors/errors.js';
import { notFoundAbout } from '../../src/runtime/not-found.js';

const notFound = (serverMessage?: string) =>
  new ApiError({
    endpoint: 'GET /deployments/{org}/{env_name}/{fingerprint}',
    status: 404,
    ...(serverMessage !== undefined && { serverMessage }),
  });
const DEPLOYMENT = /\b(artifact|fingerprint|deploy)/i;

describe('notFoundAbout', () => {
  it.each([
    // The deployment's own words and a missing environment: test/actions/get-deployment.
    ["Organization 'acme' does not exist", 'scope'],
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
