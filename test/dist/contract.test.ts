/**
 * Each action through the shipped bundle, as the runner runs it, under both answer profiles: its typical run
 * (packages/runner/src/typical-runs.ts) succeeds and leaves what the runner reads in the contract's shape. A bad input
 * and the service down, through the bundle: lifecycle.test.ts. What each action says and decides, every branch:
 * test/actions/<name>, in-process.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { factsOf } from '@compliance-actions/runner/facts';
import { typicalRuns } from '@compliance-actions/runner/typical-runs';
import { actionFile, actionNames, outputFile, runAction } from '../helpers/runner.js';
import { DEMO_TOKEN, useSharedSandbox } from '../helpers/sandbox.js';
import { noLeak } from '../helpers/step-result.js';

const sandbox = useSharedSandbox();
const workspace = mkdtempSync(join(tmpdir(), 'contract-'));
let runs: ReturnType<typeof typicalRuns> = {};
beforeAll(() => {
  runs = typicalRuns(sandbox().url, workspace);
});
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

it.each(actionNames())('%s', async (name) => {
  const result = await runAction(name, runs[name]);
  expect(result.stderr).toBe('');
  expect(result.code, result.stdout).toBe(0);
  noLeak(result.everything);
  const yml = parse(readFileSync(actionFile(name), 'utf8')) as { outputs?: Record<string, unknown> };
  // Only outputs its action.yml declares; each list output JSON (a list, or a matrix's include).
  expect(Object.keys(yml.outputs ?? {})).toEqual(expect.arrayContaining(Object.keys(result.outputs)));
  for (const list of factsOf(name).lists)
    if (list in result.outputs) expect(JSON.parse(result.outputs[list] ?? '')).toBeTypeOf('object');
  if (name === 'setup') {
    // The connection, for the later steps of the job; no outcome, no result file, no summary.
    expect(result.exportedEnv).toMatchObject({ COMPLIANCE_API_TOKEN: DEMO_TOKEN, COMPLIANCE_ORG: 'demo' });
    expect([result.outputs, result.files, result.summary]).toEqual([{}, {}, '']);
  } else {
    // The result file, left under RUNNER_TEMP, holds the outcome the output says; the summary has its heading.
    expect(outputFile(result, 'result-file')).toMatchObject({ outcome: result.outputs.outcome });
    expect(result.summary).toMatch(/^### \S/m);
  }
});
