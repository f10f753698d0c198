/**
 * The error paths of the step lifecycle, for every action: an unreachable service and a bad input through the shipped
 * bundles as the runner runs them, no token and an answer not in the documented shape in-process. Each ends with
 * outcome=error, a result file that holds the error, a job summary that says what could not be done and why, and the
 * failure (setup: the summary and the failure; it has no outcome and no result file). Through the bundles too, an
 * input the action does not declare (the runner passes it as `INPUT_*` and only warns): refused before anything is
 * sent, naming the declared one it was likely meant to be, and the declared inputs (its stub passes them, as its
 * action.yml declares them). The actions are
 * listed from the actions/ folders; each one's facts (src/actions/<name>.facts.ts) give its required inputs and one
 * bad input of its own.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factsOf } from '@compliance-actions/runner/facts';
import type { ActionName } from '../../src/actions/index.js';
import { useInProcessAction } from '../helpers/in-process.js';
import { actionFile, actionNames, readActionYml, runAction } from '../helpers/runner.js';
import { pod, podList } from '../helpers/pods.js';
import { connection, useSharedSandbox } from '../helpers/sandbox.js';
import { closedOrigin, json, useSharedServer } from '../helpers/server.js';
import { errors, expectCouldNotFinish } from '../helpers/step-result.js';
import { TEST_TOKEN } from '../helpers/secrets.js';
import { loopback } from '../helpers/inputs.js';
import { COMPLIANT_COMMIT as SHA } from '@compliance-actions/sandbox/seeds/index';

const NAMES = actionNames() as ActionName[];
const INPUT = ['input'];
const sandbox = useSharedSandbox();
/**
 * A service that answers every request 200 with JSON of a shape no endpoint documents. A deployment (2.7) requires no
 * field, so an object of unknown fields alone would be one: the fingerprint in it is a number, not a string.
 */
// A read gets JSON of another shape; a report, which takes any JSON as the service's word, a page that is not JSON.
const unexpected = useSharedServer((req, res) => {
  if (req.method === 'GET') json(res, 200, { unexpected: 'shape', fingerprint: 42 });
  else {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><body>Signed out</body></html>');
  }
});
let unreachable = '';
/** The workspace of every step: the pods file and the policy its facts name. */
let dir = '';

beforeAll(async () => {
  unreachable = await closedOrigin();
  dir = mkdtempSync(join(tmpdir(), 'lifecycle-'));
  writeFileSync(join(dir, 'pods.json'), JSON.stringify(podList([pod('web-1')])));
  writeFileSync(join(dir, 'policy.yml'), '_schema: https://kosli.com/schemas/policy/environment/v1\n');
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the actions', () => {
  it('are listed from the actions/ folders', () => {
    expect(NAMES[0]).toBe('setup');
    expect(NAMES.length).toBeGreaterThan(1);
  });
});

/** One step of `name`: its valid inputs, the connection, then `inputs` over them. */
function optionsOf(name: string, connection: Record<string, string>, inputs: Record<string, string> = {}) {
  return {
    cwd: dir,
    inputs: { ...factsOf(name).required, ...connection, ...inputs },
    // Refused at once, and no retries: an unreachable service fails the step without waiting.
    env: { COMPLIANCE_RETRIES: '0' },
    // No checkout: a report names its commit by its SHA alone.
    github: { GITHUB_SHA: SHA },
  };
}

// The bundle's contract, as the runner runs it: a bad or undeclared input refused, the service down.
describe.concurrent('through the bundle: outcome error, result file, summary, failure', () => {
  for (const name of NAMES) {
    const resultFile = name !== 'setup';
    describe(name, () => {
      it('with the service unreachable', async ({ expect }) => {
        const result = await runAction(name, optionsOf(name, loopback(unreachable)));
        expectCouldNotFinish(expect, result, {
          // A report that could not be sent is undelivered (its payload kept); setup names api-url.
          kinds: ['network', 'undelivered'],
          reason: /could not reach/,
          resultFile,
        });
      });

      it('with a bad input', async ({ expect }) => {
        const { inputs, input } = factsOf(name).bad;
        // The sandbox would answer: only the bad input stands between the step and success.
        const result = await runAction(name, optionsOf(name, connection(sandbox().url), inputs));
        expectCouldNotFinish(expect, result, {
          kinds: INPUT,
          reason: new RegExp(`Invalid input '${input}'`),
          resultFile,
        });
      });

      it('with an input it does not declare', async ({ expect }) => {
        const declared = Object.keys(readActionYml(actionFile(name)).inputs ?? {});
        const options = optionsOf(name, {
          'api-url': unexpected().origin,
          'api-token': TEST_TOKEN,
          org: 'acme',
        });
        // The first declared input the run leaves to its default, its second and third letters swapped.
        const meant = declared.find((input) => !(input in options.inputs) && input[1] !== input[2]) ?? '';
        const typo = `${meant.slice(0, 1)}${meant.slice(2, 3)}${meant.slice(1, 2)}${meant.slice(3)}`;
        expect(declared).not.toContain(typo);
        const asked = unexpected().requests.length;
        const result = await runAction(name, { ...options, inputs: { ...options.inputs, [typo]: 'true' } });
        const refused = `Invalid input '${typo}': is not an input of this action (did you mean '${meant}'?)`;
        // Input names are kebab-case: nothing in them to escape but the parentheses and the question mark.
        const reason = new RegExp(refused.replace(/[()?]/g, '\\$&'));
        expectCouldNotFinish(expect, result, { kinds: INPUT, reason, resultFile });
        expect(errors(result)).toEqual([
          `::error::${refused}. Expected one of its inputs: ${declared.join(', ')}.`,
        ]);
        expect(unexpected().requests).toHaveLength(asked);
      });
    });
  }
});

// The other error paths are the step's own branches: in-process, as src/main.ts starts it.
describe('in-process: outcome error, result file, summary, failure', () => {
  const runStep = useInProcessAction();
  for (const name of NAMES) {
    const resultFile = name !== 'setup';
    describe(name, () => {
      it('without a token', async () => {
        const result = await runStep(name, optionsOf(name, { 'api-url': sandbox().url, org: 'demo' }));
        expectCouldNotFinish(expect, result, {
          kinds: INPUT,
          reason:
            /Invalid input 'api-token': is required: set the input 'api-token' or the environment variable COMPLIANCE_API_TOKEN/,
          resultFile,
        });
      });

      it('with an answer not in the documented shape', async () => {
        const result = await runStep(name, optionsOf(name, loopback(unexpected().origin)));
        expectCouldNotFinish(expect, result, {
          kinds: ['unexpected-response', 'undelivered'],
          reason: /unexpected response from /,
          resultFile,
        });
      });
    });
  }
});
