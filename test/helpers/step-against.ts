/**
 * A small action's step run in-process against the sandbox under an answer profile, or against a loopback server that
 * answers what the sandbox would not (a live-shaped answer, an echo of the token, a failing page).
 */
import type { AnswerProfile } from '@compliance-actions/sandbox/profile';
import type { ActionName } from '../../src/actions/index.js';
import { useInProcessAction } from './in-process.js';
import type { RunOptions, RunResult } from './runner.js';
import { connection, useSandbox } from './sandbox.js';
import { loopback } from './inputs.js';
import { json, startServer, type Handler, type RecordedRequest } from './server.js';

type Asked = RunResult & { requests: readonly RecordedRequest[] };

/**
 * `ask(answer, inputs, options)`: `name` run with the connection to a server answering `answer` (a handler, or a body
 * sent with 200), `base` and `inputs` over it, the server closed after; the result with the requests it got.
 */
export function useLoopbackStep(name: ActionName, base: Record<string, string> = {}) {
  const runAction = useInProcessAction();
  return async (
    answer: Handler | readonly unknown[] | Record<string, unknown>,
    inputs: Record<string, string> = {},
    options: RunOptions = {},
  ): Promise<Asked> => {
    const handler: Handler = typeof answer === 'function' ? answer : (_req, res) => json(res, 200, answer);
    const server = await startServer(handler);
    try {
      const connection = loopback(server.origin);
      const result = await runAction(name, { ...options, inputs: { ...connection, ...base, ...inputs } });
      return { ...result, requests: server.requests };
    } finally {
      await server.close();
    }
  };
}

/** `list(profile, inputs, seed)`: `name` run against a sandbox of org demo answering `profile`, its seed `seed`. */
export function useSandboxStep(name: ActionName) {
  const runAction = useInProcessAction();
  const start = useSandbox();
  return async (
    profile: AnswerProfile,
    inputs: Record<string, string>,
    seed?: unknown,
  ): Promise<RunResult> => {
    const sandbox = await start({ profile, ...(seed !== undefined && { seed }) });
    return runAction(name, {
      inputs: { ...connection(sandbox.url), ...inputs },
    });
  };
}

/** The names a result file lists under `profile`: a minimal answer sends none (only shown), so each is null. */
export const namesUnder =
  (profile: AnswerProfile) =>
  (names: string[]): (string | null)[] =>
    profile === 'minimal' ? names.map(() => null) : names;
