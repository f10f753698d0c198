// Scaffolds a new sub-action with every touch the build and the tests enforce (issue 26), so that it builds and the
// suite passes before a line of it is changed:
//   actions/<name>/action.yml                     the interface (the build's naming rules, the docs, the validator)
//   src/actions/<name>/{index,inputs,run,render,types,decide}.ts    the one floor plan (test/scripts/house-rules)
//   test/actions/<name>/decide.test.ts            the pure decision, in-process
//   test/dist/<name>.test.ts                      the shipped bundle against the sandbox
//   test/dist/lifecycle.test.ts                   its row in CASES (valid inputs, one bad input): its four error paths
//   test/dist/module-load.test.ts                 its row in CALLS (the endpoints its typical run calls)
//   packages/runner/src/typical-runs.ts           its typical run (the load test and `npm run bench:start`)
// then `npm run build` (the action table, dist/) and `npm run docs` (its row in the README, its page
// docs/actions/<name>.md from a skeleton, and actions/<name>/README.md) are yours to run. The action it makes is a working example: it lists the org's notification actions (GET /actions/{org},
// one request) and, with `fail-if-empty`, fails when there are none. Replace the request, the decision and the
// summary with your own; docs/architecture.md says what goes where.
// Usage: npm run new-action -- <name> [--root DIR]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { parse } from 'yaml';
import { pointer } from './action-docs.js';

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** `get-thing` → `GetThing`, for type names. */
function pascal(name: string): string {
  return name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** The inputs every action reads through readCommon, with the descriptions list-actions gives them. */
const COMMON_INPUTS = ['summary', 'api-url', 'api-token', 'org', 'timeout-seconds', 'allow-insecure-http'];

/** The common inputs as action.yml text, copied from an existing action so that the words cannot drift. */
function commonInputs(root: string): string {
  const source = 'actions/list-actions/action.yml';
  const yml = parse(readFileSync(join(root, source), 'utf8')) as {
    inputs?: Record<string, { description?: string; required?: boolean; default?: string }>;
  };
  return COMMON_INPUTS.map((input) => {
    const spec = yml.inputs?.[input];
    if (!spec?.description) throw new Error(`${source} has no input '${input}' to copy`);
    const lines = [
      `  ${input}:`,
      `    description: ${JSON.stringify(spec.description)}`,
      '    required: false',
    ];
    if (spec.default !== undefined) lines.push(`    default: ${JSON.stringify(spec.default)}`);
    return `${lines.join('\n')}\n`;
  }).join('');
}

/** Where each shared table takes a new row: the line a tool writes above, in the file it names. */
export const MARKERS = {
  lifecycle: { file: 'test/dist/lifecycle.test.ts', marker: '  // npm run new-action adds its row above.' },
  moduleLoad: {
    file: 'test/dist/module-load.test.ts',
    marker: '  // npm run new-action adds its row above.',
  },
  typicalRuns: {
    file: 'packages/runner/src/typical-runs.ts',
    marker: '    // npm run new-action adds its run above.',
  },
} as const;

export function files(root: string, name: string): Record<string, string> {
  const type = pascal(name);
  const connectionInputs = commonInputs(root);
  return {
    [`actions/${name}/action.yml`]: `${pointer(name)}
name: 'Compliance: ${name}'
description: 'TODO: what ${name} does, in one sentence (scaffolded: it lists the org''s notification actions).'
author: 'compliance-actions'
branding:
  icon: 'shield'
  color: 'green'
inputs:
  fail-if-empty:
    description: 'When true, fail the step if the org has no notification actions.'
    required: false
    default: 'false'
${connectionInputs}outputs:
  outcome:
    description: 'listed (the org has actions), empty (it has none; the step fails only with fail-if-empty), or error (it could not check: the service unreachable or failing, the token refused, a malformed answer, bad input; the step fails).'
  count:
    description: 'How many actions the org has; empty when it could not check.'
  result-file:
    description: 'Path of a JSON file with the full result: outcome, the URL read, count, failIfEmpty, and failure when the step failed. When it could not check: outcome error and the error (kind and message).'
runs:
  using: 'node24'
  main: '../../dist/${name}/index.js'
`,
    [`src/actions/${name}/types.ts`]: `/** ${name}: the shapes its files share (the inputs, the outcome, the result file). Types only. */
import type { CommonInputs } from '../../runtime/context.js';

export interface ${type}Inputs extends CommonInputs {
  /** Fail the step when the org has no actions. */
  failIfEmpty: boolean;
}

/** \`error\`: it could not check (the lifecycle's error path). */
export type ${type}Outcome = 'listed' | 'empty' | 'error';

/** The verdict: the outcome, and why the step fails when it does. */
export interface ${type}Verdict {
  outcome: ${type}Outcome;
  failure?: string;
}

/** The result file (besides \`outcome\`, which the finisher writes first). */
export interface ${type}Result {
  /** The API URL that was read. */
  url: string;
  count: number;
  failIfEmpty: boolean;
  /** Why the step failed; absent when it passed. */
  failure?: string;
}
`,
    [`src/actions/${name}/inputs.ts`]: `/** ${name}'s inputs: the connection, and whether an empty org fails the step. */
import type { InputReader } from '../../context/inputs.js';
import { readCommon } from '../../runtime/context.js';
import type { ${type}Inputs } from './types.js';

export function readInputs(inputs: InputReader, cwd: string): ${type}Inputs {
  return { ...readCommon(inputs, cwd), failIfEmpty: inputs.boolean('fail-if-empty', false) };
}

/** What the inputs say, for the result file of a step that could not finish. */
export function describe(inputs: ${type}Inputs): Record<string, unknown> {
  return { failIfEmpty: inputs.failIfEmpty };
}
`,
    [`src/actions/${name}/decide.ts`]: `/** ${name}'s decision, pure (no I/O, no log): listed or empty, and whether that fails the step. */
import type { ${type}Verdict } from './types.js';

export function decide(count: number, failIfEmpty: boolean): ${type}Verdict {
  if (count > 0) return { outcome: 'listed' };
  return failIfEmpty
    ? { outcome: 'empty', failure: 'fail-if-empty: the org has no notification actions.' }
    : { outcome: 'empty' };
}
`,
    [`src/actions/${name}/render.ts`]: `/** ${name}, rendering: the job summary, and what a step that could not finish says. */
import { SummaryWriter } from '../../summary/writer.js';
import type { ${type}Inputs, ${type}Result } from './types.js';

/** The heading of a step that could not finish. */
export function couldNot(inputs: ${type}Inputs | undefined): string {
  return inputs ? \`Could not run ${name} for \${inputs.connection.org}\` : 'Could not run ${name}';
}

export function summarize(result: ${type}Result): SummaryWriter {
  return new SummaryWriter().heading(\`${name}: \${result.count} action(s)\${result.failure ? ' ❌' : ''}\`, 3);
}
`,
    [`src/actions/${name}/run.ts`]: `/** ${name}, running: one read of the service, the decision (decide.ts), the summary (render.ts). */
import { withClient } from '../../runtime/context.js';
import type { StepResult } from '../../runtime/step.js';
import { log } from '../../trust/log.js';
import { decide } from './decide.js';
import { summarize } from './render.js';
import type { ${type}Inputs, ${type}Result } from './types.js';

export async function run(inputs: ${type}Inputs): Promise<StepResult> {
  const { url, count } = await withClient(inputs.connection, async (client) => ({
    url: client.urlFor('listActions'),
    count: (await client.listActions()).length,
  }));
  log.info(\`\${count} action(s).\`);
  const verdict = decide(count, inputs.failIfEmpty);
  const result: ${type}Result = { url, count, failIfEmpty: inputs.failIfEmpty, ...verdict };
  return {
    outcome: verdict.outcome,
    outputs: { count },
    result: { ...result },
    summary: summarize(result),
    ...(verdict.failure !== undefined && { failure: verdict.failure }),
  };
}
`,
    [`src/actions/${name}/index.ts`]: `/** ${name}: TODO: what it does, for whom, and what its outcome tells a later step. */
import { defineAction } from '../../runtime/step.js';
import { describe, readInputs } from './inputs.js';
import { couldNot } from './render.js';
import { run } from './run.js';

export const action = defineAction({ name: '${name}', read: readInputs, run, couldNot, describe });
`,
    [`test/actions/${name}/decide.test.ts`]: `import { describe, expect, it } from 'vitest';
import { decide } from '../../../src/actions/${name}/decide.js';

describe('${name} decide', () => {
  it('lists an org with actions, and fails an empty one only with fail-if-empty', () => {
    expect(decide(3, true)).toEqual({ outcome: 'listed' });
    expect(decide(0, false)).toEqual({ outcome: 'empty' });
    expect(decide(0, true).failure).toMatch(/^fail-if-empty: /);
  });
});
`,
    [`test/dist/${name}.test.ts`]: `/** ${name} end to end: the dist bundle run as the runner runs it, against the sandbox over real HTTP. */
import { describe, expect, it } from 'vitest';
import { outputFile, runAction } from '../helpers/runner.js';
import { DEMO_TOKEN, useSandbox } from '../helpers/sandbox.js';

const start = useSandbox();

describe('${name}', () => {
  it("counts the demo org's actions, and writes the result file", async () => {
    const sandbox = await start();
    const result = await runAction('${name}', {
      inputs: { 'api-url': sandbox.url, 'api-token': DEMO_TOKEN, org: 'demo' },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.outputs.outcome).toBe('listed');
    expect(result.outputs.count).toBe('3');
    expect(outputFile(result, 'result-file')).toMatchObject({ outcome: 'listed', count: 3, failIfEmpty: false });
  });
});
`,
  };
}

/** The rows each shared table gets for the new action. */
export function rows(name: string): Record<keyof typeof MARKERS, string> {
  return {
    lifecycle: `  '${name}': { inputs: () => ({}), bad: [{ 'fail-if-empty': 'maybe' }, 'fail-if-empty'] },`,
    moduleLoad: `  '${name}': ['listActions'],`,
    typicalRuns: `    '${name}': run({}),`,
  };
}

export async function scaffold(root: string, name: string): Promise<string[]> {
  if (!KEBAB.test(name)) {
    throw new Error(
      `the name '${name}' is not kebab-case: lower-case words joined by '-', such as get-thing`,
    );
  }
  if (
    name === 'setup' ||
    existsSync(join(root, 'actions', name)) ||
    existsSync(join(root, 'src/actions', name))
  ) {
    throw new Error(`an action named '${name}' exists already`);
  }
  const created = Object.entries(files(root, name));
  // A test file of that name may exist for something else (test/dist/hostile.test.ts): never overwritten.
  const taken = created.map(([file]) => file).filter((file) => existsSync(join(root, file)));
  if (taken.length > 0) {
    throw new Error(`'${name}' would overwrite ${taken.join(', ')}: choose another name`);
  }
  const own = rows(name);
  const edits: [string, string][] = [];
  for (const [table, { file, marker }] of Object.entries(MARKERS) as [
    keyof typeof MARKERS,
    (typeof MARKERS)[keyof typeof MARKERS],
  ][]) {
    const text = readFileSync(join(root, file), 'utf8');
    const at = text.indexOf(`${marker}\n`);
    if (at === -1 || text.indexOf(`${marker}\n`, at + 1) !== -1) {
      throw new Error(
        `${file} needs the line '${marker.trim()}' exactly once, where the new ${table} row goes`,
      );
    }
    edits.push([file, `${text.slice(0, at)}${own[table]}\n${text.slice(at)}`]);
  }
  // Everything is checked and formatted (in the project's own style, so that npm run lint passes on it) before
  // anything is written: a failed scaffold leaves the tree as it was.
  const formatted: [string, string][] = [];
  for (const [file, text] of [...created, ...edits]) {
    const path = join(root, file);
    formatted.push([
      path,
      await prettier.format(text, { ...(await prettier.resolveConfig(path)), filepath: path }),
    ]);
  }
  for (const [path, text] of formatted) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  return [...created, ...edits].map(([file]) => file);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { root: { type: 'string', default: join(dirname(fileURLToPath(import.meta.url)), '..') } },
  });
  const [name] = positionals;
  if (!name || positionals.length > 1) {
    console.error('usage: npm run new-action -- <name>   (one kebab-case name, such as get-thing)');
    process.exit(2);
  }
  try {
    for (const file of await scaffold(values.root, name)) console.log(`wrote ${file}`);
  } catch (error) {
    console.error(`new-action: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  console.log(
    `\nNext: npm run build && npm run docs, then npm test. Fill in actions/${name}/action.yml, the TODOs and the ` +
      `page npm run docs writes (docs/actions/${name}.md), and replace the request in src/actions/${name}/run.ts ` +
      '(docs/architecture.md, "Adding a sub-action").',
  );
}
