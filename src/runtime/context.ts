/** What every sub-action reads besides its own inputs: the connection, `summary` and the runner's context. */
import { log } from '../trust/log.js';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { ComplianceClient } from '../api/client.js';
import type { Connection } from '../api/config.js';
import { readGitHubContext } from '../context/github.js';
import { insecureWarnings, readConnection, type Env, type InputReader } from '../context/inputs.js';

export type RunnerContext = ReturnType<typeof readRunner>;

export function readRunner(env: Env, cwd: string) {
  const github = readGitHubContext(env);
  let event: unknown = {};
  if (github.eventPath) {
    try {
      event = JSON.parse(readFileSync(github.eventPath, 'utf8')) as unknown;
    } catch {
      log.debug(`could not read the event payload at ${github.eventPath}`);
    }
  }
  return {
    /** RUNNER_TEMP; the OS temp folder outside a runner. */
    temp: env.RUNNER_TEMP?.trim() || tmpdir(),
    summaryFile: env.GITHUB_STEP_SUMMARY?.trim() || undefined,
    /** GITHUB_WORKSPACE, else the current folder: relative paths and `git` start here. */
    workspace: resolve(cwd, env.GITHUB_WORKSPACE?.trim() || '.'),
    github,
    /** The parsed event payload, `{}` when there is none. */
    event,
  };
}

export type CommonInputs = ReturnType<typeof readCommon>;

/** The connection first: its token is masked before any other input can fail with a message. */
export function readCommon(inputs: InputReader, cwd: string) {
  const connection = readConnection(inputs);
  return {
    connection,
    warnings: insecureWarnings(connection),
    /** Write a job summary (input `summary`, default true). */
    summary: inputs.boolean('summary', true),
    runner: readRunner(inputs.env, cwd),
    /** Dry run (input `dry-run`, else COMPLIANCE_DRY_RUN): the step fails on nothing but its own inputs. */
    dryRun: inputs.boolean('dry-run', false, 'COMPLIANCE_DRY_RUN'),
  };
}

/** Runs `work` with a client that is always closed after, so no socket or timer keeps the step alive. */
export async function withClient<T>(connection: Connection, work: (client: ComplianceClient) => Promise<T>) {
  const client = new ComplianceClient(connection);
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}
