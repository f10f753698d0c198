/**
 * The rule that keeps the trust boundary: code of the bundle prints only through the log writer (src/trust/log.ts).
 * Runs the project's own ESLint configuration on probes placed where sub-action and runtime code lives.
 *
 * Without type information (typescript-eslint's disableTypeChecked over the project's configuration): the rules held
 * here read imports, names and syntax, never types, and a typed lint builds a TypeScript program of the whole project
 * for each probe file, 19 s alone and 25 s on a loaded machine for the first probe.
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/runner.js';

const eslint = new ESLint({ cwd: ROOT, overrideConfig: [tseslint.configs.disableTypeChecked] });
const RULES = [
  'no-restricted-imports',
  'no-console',
  'no-restricted-properties',
  'no-restricted-syntax',
  'no-restricted-globals',
  'product/imports',
];

async function problems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? '').filter((rule) => RULES.includes(rule));
}

/** A probe: its code, the file it is placed as, and the rules it breaks there (none: it is allowed). */
type Probe = [code: string, place: string, rules: string[]];
/** Each probe, linted. */
const holds = (probes: Probe[]) =>
  it.each(probes)('%j in %s', async (code, place, rules) => {
    expect(await problems(code, place)).toEqual(rules);
  });
const IMPORTS = ['no-restricted-imports'];
const CORE = ['no-restricted-imports', 'product/imports'];
const PRODUCT = ['product/imports'];
const RUN = 'src/actions/get-artifact/run.ts';
/** Code that imports `name` from `from` and uses it. */
const use = (from: string, name = 'x') => `import { ${name} } from '${from}';\n${name};\n`;
const FAIL = "import { log } from '../trust/log.js';\nlog.fail('x');\n";

describe('the log boundary: printing around the log writer is refused', () => {
  holds(
    [RUN, 'src/runtime/output.ts', 'src/github/comment.ts'].flatMap((place): Probe[] => [
      ["import * as core from '@actions/core';\ncore.info('x');\n", place, CORE],
      ["import { warning } from '@actions/core';\nwarning('x');\n", place, CORE],
      ["import { issueCommand } from '../trust/commands.js';\nissueCommand('x', {}, 'y');\n", place, IMPORTS],
      ["console.log('x');\n", place, ['no-console']],
      ["process.stdout.write('x');\n", place, ['no-restricted-properties']],
    ]),
  );
});

describe('the log boundary: what the runtime may do, and the raw protocol elsewhere', () => {
  holds([
    // The runtime sets outputs and secrets, and prints through the writer.
    [
      "import { setOutput, setSecret } from '../trust/commands.js';\nimport { log } from '../trust/log.js';\n" +
        "setOutput('a', 'b');\nsetSecret('c');\nlog.info('x');\n",
      'src/runtime/output.ts',
      [],
    ],
    // The raw protocol is refused inside src/trust too, and through a dynamic import.
    [use('./commands.js', 'issueCommand'), 'src/trust/text.ts', IMPORTS],
    [
      "export const p = import('../trust/commands.js').then((m) => m.issueCommand('x', {}, 'y'));\n",
      'src/runtime/report.ts',
      ['no-restricted-syntax'],
    ],
    [
      "export const all = import('../api/schemas/index.js');\n",
      'src/runtime/report.ts',
      ['no-restricted-syntax'],
    ],
    // @actions/core stays out of the bundle even for what it does not print: it loads undici at start.
    ["import { setOutput } from '@actions/core';\nsetOutput('a', 'b');\n", 'src/runtime/output.ts', CORE],
    ["import { setOutput } from '@actions/core';\nsetOutput('a', 'b');\n", 'src/context/inputs.ts', CORE],
  ]);
});

describe('the start-time boundary', () => {
  const exec = "import { getExecOutput } from '@actions/exec';\nawait getExecOutput('git', ['log']);\n";
  const order = "export const order = ['b', 'a'].sort((x, y) => x.localeCompare(y));\n";
  holds([
    // @actions/exec: its PATH lookup loads node:assert and node:fs/promises.
    [exec, 'src/context/git.ts', CORE],
    [exec, 'src/k8s/kubectl.ts', CORE],
    [exec, RUN, CORE],
    // The performance global loads perf_hooks; the runner emulation may use it.
    ['export const started = performance.now();\n', 'src/runtime/step.ts', ['no-restricted-globals']],
    ['export const started = performance.now();\n', 'packages/runner/src/emulator.ts', []],
    // Locale-aware text loads ICU on first use; the sandbox may use it.
    [order, 'src/actions/diff-envs/render.ts', ['no-restricted-properties']],
    ['export const n = (1234).toLocaleString();\n', 'src/summary/writer.ts', ['no-restricted-properties']],
    [order, 'packages/sandbox/src/state.ts', []],
  ]);
});

describe('the zod boundary', () => {
  // Classic zod is slow to start: the bundle takes zod/mini, the sandbox keeps zod.
  holds([
    ...['src/api/schemas.ts', 'src/actions/report-artifact.ts', 'src/context/inputs.ts'].flatMap(
      (place): Probe[] => [
        ["import { z } from 'zod';\nz.string();\n", place, IMPORTS],
        ["import { z } from 'zod/v4';\nz.string();\n", place, IMPORTS],
        ["import * as z from 'zod/mini';\nz.string();\n", place, []],
      ],
    ),
    ["import { z } from 'zod';\nz.string();\n", 'packages/sandbox/src/state.ts', []],
  ]);

  // The modules that load every endpoint's schemas at start stay out of the bundle.
  holds([
    ...['src/runtime/context.ts', 'src/actions/report-artifact.ts'].flatMap((place): Probe[] =>
      ['../api/index.js', '../api/schemas/index.js'].map((from) => [use(from, 'validate'), place, IMPORTS]),
    ),
    [use('./schemas/index.js', 'validate'), 'src/api/client.ts', IMPORTS],
    // What the bundle imports instead: the shared schemas, and an endpoint's own module when it is called.
    [
      "import { Sha1 } from '../api/schemas.js';\n" +
        "const s = await import('../api/schemas/report-artifact.js');\nSha1;\ns;\n",
      'src/actions/report-artifact.ts',
      [],
    ],
  ]);
});

describe('the step lifecycle boundary', () => {
  // An action does not write to the runner itself: it returns a StepResult.
  holds([
    ["import { setOutput } from '@actions/core';\nsetOutput('a', 'b');\n", RUN, CORE],
    ["import { setOutputs } from '../../runtime/output.js';\nsetOutputs({});\n", RUN, IMPORTS],
    ["import { setOutput } from '../../trust/commands.js';\nsetOutput('a', 'b');\n", RUN, IMPORTS],
    [use('../../runtime/pr-comment.js', 'commentOnPullRequest'), RUN, IMPORTS],
    // Only the finisher fails a step.
    [FAIL, 'src/runtime/output.ts', ['no-restricted-syntax']],
    [FAIL, 'src/runtime/step.ts', []],
  ]);
});

describe('the product boundary: src/ is exactly what ships', () => {
  const sandbox = '@compliance-actions/sandbox/server';
  const facts = "import type { ActionFacts } from '@compliance-actions/runner/facts';\n";
  // The sandbox and the runner, by package name or by a path out of src/.
  holds(
    [
      sandbox,
      '@compliance-actions/runner/emulator',
      '../../../packages/sandbox/src/server.js',
      '../../../test/helpers/sandbox.js',
      '../../../scripts/lib/step-text.js',
    ].flatMap((from): Probe[] => [
      [use(from), RUN, PRODUCT],
      [`export const m = import('${from}');\n`, RUN, PRODUCT],
      [`export * from '${from}';\n`, RUN, PRODUCT],
    ]),
  );

  holds([
    // An action's facts stay out of the product, and may name the runner's types.
    [use('../get-artifact.facts.js', 'facts'), RUN, PRODUCT],
    [use('./get-artifact.facts.ts', 'facts'), RUN, PRODUCT],
    [facts, 'src/actions/get-artifact.facts.ts', []],
    [facts, 'src/actions/get-artifact/types.ts', PRODUCT],
    // A module named by a computed value cannot be checked: refused, with the way to name it.
    ["const name = 'x';\nexport const m = import(name);\n", RUN, PRODUCT],
    // A built-in through createRequire, as the HTTP exchange loads node:https, is allowed.
    [
      "import { createRequire } from 'node:module';\nconst load = createRequire(import.meta.url);\n" +
        "export const https: unknown = load('node:https');\n",
      'src/api/exchange.ts',
      [],
    ],
    // A package that is not in dependencies, a type import included.
    ...['fast-check', 'vitest', '@actions/workflow-parser', 'left-pad'].flatMap((from): Probe[] => [
      [use(from), RUN, PRODUCT],
      [`import type { X } from '${from}';\nexport type Y = X;\n`, RUN, PRODUCT],
    ]),
    // src/ imports src/, Node built-ins and its dependencies; the sandbox imports src/.
    [
      "import { readFileSync } from 'node:fs';\nimport { join } from 'path';\nimport * as z from 'zod/mini';\n" +
        "import { parse } from 'yaml';\nimport { log } from '../../trust/log.js';\n" +
        'export const all = [readFileSync, join, z, parse, log];\n',
      RUN,
      [],
    ],
    [use('../../../src/api/endpoints.js', 'endpoints'), 'packages/sandbox/src/server.ts', []],
  ]);

  it('sees through every other way of loading a module: a template literal, require, createRequire', async () => {
    for (const code of [
      `export const m = import(\`${sandbox}\`);\n`,
      `export const m = import(\`../../../packages/sandbox/src/server.js\`);\n`,
      `import m = require('${sandbox}');\nexport { m };\n`,
      `import { createRequire } from 'node:module';\nconst load = createRequire(import.meta.url);\nexport const m: unknown = load('${sandbox}');\n`,
      `import { createRequire } from 'node:module';\nexport const m: unknown = createRequire(import.meta.url)('fast-check');\n`,
    ]) {
      expect(await problems(code, RUN), code).toContain('product/imports');
    }
  });
});
