/** What get-artifact's tests share, through the bundle (test/dist) and in-process (test/actions/get-artifact). */
import { expect } from 'vitest';
import { outputFile, type RunOptions, type RunResult } from './runner.js';
import { assertNoSecret, TEST_TOKEN, withoutMaskCommands } from './secrets.js';
import { json, startServer } from './server.js';

/** Demo seed: backend 1.4.0, COMPLIANT. */
export const COMPLIANT_FP = '9e5f20177e2131a174e6d70d947a1244919fcb0ef41d1ce7e975f79d068f647d';

/** The result file, as far as the tests read it. */
export interface Saved {
  found: boolean;
  state: string | null;
  compliant: boolean;
  problems: { name: string; problem: string }[];
  attestations: { name: string; status?: string; compliant?: boolean | null }[];
  failure?: string;
  artifact?: { filename: string; fingerprint: string };
}

/** A bad input (over a valid lookup) fails before any request, naming the input, in every place the step writes. */
export async function expectRefusedBeforeAnyRequest(
  run: (options: RunOptions) => Promise<RunResult>,
  inputs: Record<string, string>,
  message: string,
): Promise<void> {
  const server = await startServer((_req, res) => json(res, 200, {}));
  try {
    const base = { 'api-token': TEST_TOKEN, org: 'acme', flow: 'backend', fingerprint: COMPLIANT_FP };
    const result = await run({ inputs: { ...base, 'api-url': server.origin, ...inputs } });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`::error::${message}`);
    expect(server.requests).toHaveLength(0);
    expect(result.outputs).toMatchObject({ outcome: 'error', compliant: 'false', found: '' });
    expect(outputFile(result, 'result-file')).toMatchObject({
      outcome: 'error',
      error: { kind: 'input', message: expect.stringContaining(message) as unknown },
    });
    expect(result.summary).toContain('### ⚠️ Could not check the artifact');
    expect(result.summary).toContain('Fix the input named above; nothing was sent to the service.');
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  } finally {
    await server.close();
  }
}
