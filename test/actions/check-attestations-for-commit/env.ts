/** The gate's inputs as the runner passes them, read in-process. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readInputs } from '../../../src/actions/check-attestations-for-commit/inputs.js';
import { InputReader, type Env } from '../../../src/context/inputs.js';
import { useTempDirs } from '../../helpers/git.js';
import { TEST_TOKEN } from '../../helpers/secrets.js';

const { tempDir } = useTempDirs();
export const A = 'a'.repeat(40);
export const B = 'b'.repeat(40);
export const HEAD = 'c'.repeat(40);

export function env(
  inputs: Record<string, string>,
  github: Env = { GITHUB_SHA: HEAD, GITHUB_EVENT_NAME: 'push' },
): Env {
  const all: Record<string, string> = {
    'api-url': 'https://compliance.example.com',
    'api-token': TEST_TOKEN,
    org: 'acme',
    ...inputs,
  };
  return {
    GITHUB_REPOSITORY: 'acme/app',
    ...github,
    ...Object.fromEntries(Object.entries(all).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])),
  };
}
export const read = (e: Env) => readInputs(new InputReader(e), process.cwd());

/** A pull_request run whose payload names pull request #7. */
export function pullRequestEnv(): Env {
  const file = join(tempDir('event-'), 'event.json');
  writeFileSync(file, JSON.stringify({ number: 7, pull_request: { number: 7, head: { sha: HEAD } } }));
  return { GITHUB_SHA: 'f'.repeat(40), GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: file };
}
