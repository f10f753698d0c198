/**
 * An input the action does not declare, to each action's step started as src/main.ts starts it, in-process (the runner
 * passes it as `INPUT_*` and only warns): the step fails before sending anything, naming the input, the declared one it was likely
 * meant to be, and the declared inputs. Each action's misspelling is derived from its own action.yml, and is the only
 * thing wrong with its typical run (the one that calls the service: `typical` of src/actions/<name>.facts.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { typicalRuns } from '@compliance-actions/runner/typical-runs';
import type { ActionName } from '../../src/actions/index.js';
import { useInProcessAction } from '../helpers/in-process.js';
import { actionFile, actionNames, type RunOptions } from '../helpers/runner.js';
import { startServer } from '../helpers/server.js';
import { errorLines, expectCouldNotFinish } from '../helpers/step-result.js';

let dir = '';
let runs: Record<string, RunOptions> = {};
const runStep = useInProcessAction();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'undeclared-input-'));
  // Pointed at each test's own server below; the URL here is only a placeholder.
  runs = typicalRuns('http://127.0.0.1:1', dir);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The first declared input the typical run leaves to its default, its second and third letters swapped. */
function misspelling(declared: string[], given: Record<string, string>): { typo: string; meant: string } {
  const meant = declared.find((name) => !(name in given) && name[1] !== name[2]);
  if (meant === undefined) throw new Error(`no input to misspell among ${declared.join(', ')}`);
  return { typo: `${meant.slice(0, 1)}${meant.slice(2, 3)}${meant.slice(1, 2)}${meant.slice(3)}`, meant };
}

describe('a misspelled input fails the step before anything is sent', () => {
  for (const name of actionNames()) {
    it(name, async () => {
      const run = runs[name];
      if (!run) throw new Error(`${name} has no typical run`);
      const yml = parse(readFileSync(actionFile(name), 'utf8')) as { inputs?: Record<string, unknown> };
      const declared = Object.keys(yml.inputs ?? {});
      const { typo, meant } = misspelling(declared, run.inputs ?? {});
      expect(declared).not.toContain(typo);

      const server = await startServer((_req, res) => {
        res.end('{}');
      });
      try {
        const result = await runStep(name as ActionName, {
          ...run,
          inputs: { ...run.inputs, 'api-url': server.origin, [typo]: 'true' },
        });
        const message =
          `Invalid input '${typo}': is not an input of this action (did you mean '${meant}'?). ` +
          `Expected one of its inputs: ${declared.join(', ')}.`;
        expectCouldNotFinish(expect, result, {
          kinds: ['input'],
          // Input names are kebab-case: nothing in them to escape.
          reason: new RegExp(
            `Invalid input '${typo}': is not an input of this action \\(did you mean '${meant}'\\?\\)`,
          ),
          resultFile: name !== 'setup',
        });
        expect(errorLines(result)).toEqual([message]);
        expect(server.requests).toEqual([]);
      } finally {
        await server.close();
      }
    });
  }
});
