/**
 * What the shared tests, the docs generator and the start benchmark need to know of each action, kept beside the
 * action as `src/actions/<name>.facts.ts`: plain data, one `export const facts: ActionFacts`, type imports only. It
 * is not product code: nothing under src/ imports it (lint refuses), so it never reaches dist/. FACTS holds every
 * action's, found from the actions' action.yml files; an action without its file, or a file without its action, stops here.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EndpointName } from '../../../src/api/endpoints.js';
import { actionNames, ROOT } from './emulator.js';

/** Inputs besides the connection (api-url, api-token, org). A path is relative to the workspace. */
export type Inputs = Record<string, string>;

/** A `with:` value of a least workflow; `note` marks one the step needs from where it runs (a cluster). */
export type With = Record<string, string | { value: string; note: string }>;

export interface LeastWorkflow {
  /** The workflow's `on:` (YAML lines under it; by default `workflow_dispatch:`), and its `permissions:`. */
  on?: string[];
  permissions: string[] | '{}';
  /** The inputs of its `workflow_dispatch`, each required: a description, and the value the page test gives. */
  dispatch?: Record<string, { description: string; value: string }>;
  /** Steps before the connection (checkout, a build), as YAML lines of the steps list, unindented. */
  before?: string[];
  /** The inputs of the action's step: each one it fails without (the page test drops each), nothing more. */
  with: With;
  /** What it needs around it to run against the sandbox; by default, a push of the demo's compliant commit. */
  context?: {
    /** GITHUB_EVENT_NAME, when it is not `push` or the dispatch. */
    event?: string;
    /** Files committed to a repository of the user's, which `actions/checkout` clones; GITHUB_SHA is its HEAD. */
    repository?: Record<string, string>;
    /** The secret that holds the kubeconfig of a stand-in cluster. */
    kubeconfigSecret?: string;
  };
}

export interface ActionFacts {
  /** The inputs a step needs, all valid (test/dist/lifecycle.test.ts; its workspace holds `pods.json`). */
  required: Inputs;
  /** One bad input of the action's own, and the input the error names. */
  bad: { inputs: Inputs; input: string };
  /**
   * Its typical run (`npm run bench:start`, and through the bundle with its contract, test/dist/module-load.test.ts),
   * against the demo seed, in the workspace packages/runner/src/typical-runs.ts makes: one commit, `build/app.bin`,
   * `pods.json`, `policy.yml`. By default, `required`.
   */
  typical?: Inputs;
  /** The endpoints its typical run calls, in order: the only schemas it loads. */
  calls: EndpointName[];
  /** Its JSON list outputs, each capped at 64 KiB with its `<name>-truncated` (test/actions/list-output-cap.test.ts). */
  lists: string[];
  /** Its least workflow on its page (`npm run docs`); without one, `workflow_dispatch` and no inputs. */
  leastWorkflow?: LeastWorkflow;
  /** Complete workflows of its page (by heading) that the page test cannot run here, and why. */
  pageWorkflowsNotRun?: Record<string, string>;
}

const ACTIONS_DIR = join(ROOT, 'src/actions');
const SUFFIX = '.facts.ts';

/** The facts file of an action, relative to the root. */
export const factsPath = (name: string): string => `src/actions/${name}${SUFFIX}`;

async function load(): Promise<Record<string, ActionFacts>> {
  const names = actionNames();
  const orphans = readdirSync(ACTIONS_DIR)
    .filter((file) => file.endsWith(SUFFIX) && !names.includes(file.slice(0, -SUFFIX.length)))
    .map((file) => `src/actions/${file}`);
  if (orphans.length > 0) throw new Error(`facts of no action (no action.yml): ${orphans.join(', ')}`);
  const all: Record<string, ActionFacts> = {};
  for (const name of names) {
    const file = join(ROOT, factsPath(name));
    if (!existsSync(file)) {
      throw new Error(
        `${factsPath(name)} is missing: every action has its facts beside it (packages/runner/src/facts.ts says what)`,
      );
    }
    const { facts } = (await import(pathToFileURL(file).href)) as { facts?: ActionFacts };
    if (facts === undefined) throw new Error(`${factsPath(name)} exports no \`facts\``);
    all[name] = facts;
  }
  return all;
}

/** Every action's facts, by name. */
export const FACTS: Readonly<Record<string, ActionFacts>> = await load();

/** The facts of `name`. */
export function factsOf(name: string): ActionFacts {
  const facts = FACTS[name];
  if (!facts) throw new Error(`${factsPath(name)}: no action '${name}' (actions/${name}/action.yml)`);
  return facts;
}
