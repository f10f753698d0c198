/**
 * When the pull request's commits cannot be read, the gate checks its head alone and says what to do. The job's
 * `pull-requests: read` permission is named only where it can be the cause: on a GitHub Actions runner
 * (GITHUB_ACTIONS=true) and for a refusal GitHub gave (403, 404). Not in a local run, not for a token GitHub did not
 * take, not when GitHub could not be reached, not when there is no token. In-process, against the sandbox and a fake
 * GitHub on loopback.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { action } from '../../../src/actions/check-attestations-for-commit/index.js';
import type { Env } from '../../../src/context/inputs.js';
import { useTempDirs } from '../../helpers/git.js';
import { GITHUB_TOKEN, useFakeGitHub } from '../../helpers/github-api.js';
import { useInProcessRunner } from '../../helpers/in-process.js';
import { DEMO_TOKEN, useSandbox } from '../../helpers/sandbox.js';
import { closedOrigin } from '../../helpers/server.js';

const runner = useInProcessRunner();
const start = useSandbox();
const github = useFakeGitHub();
const { tempDir } = useTempDirs();

/** Demo seed: a backend commit whose attestations are all compliant. */
const COMPLIANT = '3dfdaa9cbad35a60632a382f8653df6ef6539d28';
const PERMISSION =
  "Give the job the 'pull-requests: read' permission, or list the commits in the 'commits' input.";
const LIST_THEM = "To check them all, list the commits in the 'commits' input.";

/** The warnings of a run of the gate on pull request #7 (head COMPLIANT) whose commits are read from `apiUrl`. */
async function warningsOf(
  apiUrl: string,
  options: { onActions: boolean; token?: string },
): Promise<string[]> {
  const sandbox = await start();
  const event = join(tempDir('event-'), 'event.json');
  writeFileSync(event, JSON.stringify({ number: 7, pull_request: { number: 7, head: { sha: COMPLIANT } } }));
  const r = runner();
  const env: Env = {
    ...r.env,
    ...(options.onActions && { GITHUB_ACTIONS: 'true' }),
    GITHUB_REPOSITORY: 'acme/app',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: event,
    GITHUB_SHA: 'f'.repeat(40),
    GITHUB_API_URL: apiUrl,
    'INPUT_API-URL': sandbox.url,
    'INPUT_API-TOKEN': DEMO_TOKEN,
    INPUT_ORG: 'demo',
    'INPUT_GITHUB-TOKEN': options.token ?? GITHUB_TOKEN,
  };
  await action.start(env, process.cwd());
  expect(r.outputs().outcome).toBe('compliant');
  return r.annotations().filter((line) => line.startsWith('::warning'));
}

const headOnly = `checking its head commit ${COMPLIANT} alone. `;

describe("advice about the job's permissions when the pull request's commits cannot be read", () => {
  it.each([403, 404])(
    'on a runner, GitHub refusing (%i): give the job pull-requests: read',
    async (status) => {
      const api = await github({
        failCommits: { status, message: 'Resource not accessible by integration' },
      });
      expect(await warningsOf(api.url, { onActions: true })).toEqual([
        `::warning::Could not read the commits of pull request #7 (HTTP ${status}: Resource not accessible by ` +
          `integration): ${headOnly}${PERMISSION}`,
      ]);
    },
  );

  it('in a local run (no GITHUB_ACTIONS), the same refusal names no job permission', async () => {
    const api = await github({
      failCommits: { status: 403, message: 'Resource not accessible by integration' },
    });
    const warnings = await warningsOf(api.url, { onActions: false });
    expect(warnings).toEqual([
      `::warning::Could not read the commits of pull request #7 (HTTP 403: Resource not accessible by integration): ${headOnly}${LIST_THEM}`,
    ]);
  });

  it('on a runner, a token GitHub does not take (401) or GitHub unreachable names no job permission', async () => {
    const api = await github({ token: 'ghs_someOtherToken000000000000' });
    const refused = await warningsOf(api.url, { onActions: true });
    expect(refused).toEqual([
      `::warning::Could not read the commits of pull request #7 (HTTP 401: Bad credentials): ${headOnly}${LIST_THEM}`,
    ]);
    const unreachable = await warningsOf(await closedOrigin(), { onActions: true });
    expect(unreachable).toHaveLength(1);
    expect(unreachable[0]).toMatch(/^::warning::Could not read the commits of pull request #7 \(no answer: /);
    expect(unreachable[0]).toContain(`${headOnly}${LIST_THEM}`);
  });

  it('without a github-token, on a runner or not: set github-token', async () => {
    const api = await github();
    for (const onActions of [true, false]) {
      expect(await warningsOf(api.url, { onActions, token: '' })).toEqual([
        `::warning::Could not read the commits of pull request #7 (no github-token): ${headOnly}Set 'github-token', or list the commits in the 'commits' input.`,
      ]);
    }
    expect(api.requests).toHaveLength(0);
  });
});
