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

async function problems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) =>
      [
        'no-restricted-imports',
        'no-console',
        'no-restricted-properties',
        'no-restricted-syntax',
        'no-restricted-globals',
        'product/imports',
      ].includes(m.ruleId ?? ''),
    )
    .map((m) => m.ruleId ?? '');
}

describe('the log boundary', () => {
  const places = ['src/actions/get-artifact/run.ts', 'src/runtime/output.ts', 'src/github/comment.ts'];

  for (const place of places) {
    it(`refuses printing around the log writer in ${place}`, async () => {
      expect(await problems("import * as core from '@actions/core';\ncore.info('x');\n", place)).toEqual([
        'no-restricted-imports',
        'product/imports',
      ]);
      expect(await problems("import { warning } from '@actions/core';\nwarning('x');\n", place)).toEqual([
        'no-restricted-imports',
        'product/imports',
      ]);
      expect(
        await problems(
          "import { issueCommand } from '../trust/commands.js';\nissueCommand('x', {}, 'y');\n",
          place,
        ),
      ).toEqual(['no-restricted-imports']);
      expect(await problems("console.log('x');\n", place)).toEqual(['no-console']);
      expect(await problems("process.stdout.write('x');\n", place)).toEqual(['no-restricted-properties']);
    });
  }

  it('lets the runtime set outputs and secrets, and print through the writer', async () => {
    const code =
      "import { setOutput, setSecret } from '../trust/commands.js';\nimport { log } from '../trust/log.js';\n" +
      "setOutput('a', 'b');\nsetSecret('c');\nlog.info('x');\n";
    expect(await problems(code, 'src/runtime/output.ts')).toEqual([]);
  });

  it('refuses the raw protocol inside src/trust too, and through a dynamic import', async () => {
    expect(
      await problems(
        "import { issueCommand } from './commands.js';\nissueCommand('x', {}, 'y');\n",
        'src/trust/text.ts',
      ),
    ).toEqual(['no-restricted-imports']);
    expect(
      await problems(
        "export const p = import('../trust/commands.js').then((m) => m.issueCommand('x', {}, 'y'));\n",
        'src/runtime/report.ts',
      ),
    ).toEqual(['no-restricted-syntax']);
    expect(
      await problems("export const all = import('../api/schemas/index.js');\n", 'src/runtime/report.ts'),
    ).toEqual(['no-restricted-syntax']);
  });

  it('keeps @actions/core out of the bundle, even for what it does not print (it loads undici at start)', async () => {
    const code = "import { setOutput } from '@actions/core';\nsetOutput('a', 'b');\n";
    expect(await problems(code, 'src/runtime/output.ts')).toEqual([
      'no-restricted-imports',
      'product/imports',
    ]);
    expect(await problems(code, 'src/context/inputs.ts')).toEqual([
      'no-restricted-imports',
      'product/imports',
    ]);
  });
});

describe('the start-time boundary', () => {
  it('keeps @actions/exec out of the bundle (its PATH lookup loads node:assert and node:fs/promises)', async () => {
    const code = "import { getExecOutput } from '@actions/exec';\nawait getExecOutput('git', ['log']);\n";
    expect(await problems(code, 'src/context/git.ts')).toEqual(['no-restricted-imports', 'product/imports']);
    expect(await problems(code, 'src/k8s/kubectl.ts')).toEqual(['no-restricted-imports', 'product/imports']);
    expect(await problems(code, 'src/actions/get-artifact/run.ts')).toEqual([
      'no-restricted-imports',
      'product/imports',
    ]);
  });

  it('refuses the performance global in the bundle (it loads perf_hooks), and lets the runner emulation use it', async () => {
    const code = 'export const started = performance.now();\n';
    expect(await problems(code, 'src/runtime/step.ts')).toEqual(['no-restricted-globals']);
    expect(await problems(code, 'packages/runner/src/emulator.ts')).toEqual([]);
  });

  it('refuses locale-aware text in the bundle (ICU loads on first use), and lets the sandbox use it', async () => {
    const code = "export const order = ['b', 'a'].sort((x, y) => x.localeCompare(y));\n";
    expect(await problems(code, 'src/actions/diff-envs/render.ts')).toEqual(['no-restricted-properties']);
    expect(await problems('export const n = (1234).toLocaleString();\n', 'src/summary/writer.ts')).toEqual([
      'no-restricted-properties',
    ]);
    expect(await problems(code, 'packages/sandbox/src/state.ts')).toEqual([]);
  });
});

describe('the zod boundary', () => {
  it('keeps classic zod out of the bundle (slow to start), and lets the sandbox keep it', async () => {
    for (const place of ['src/api/schemas.ts', 'src/actions/report-artifact.ts', 'src/context/inputs.ts']) {
      for (const from of ['zod', 'zod/v4']) {
        expect(await problems(`import { z } from '${from}';\nz.string();\n`, place)).toEqual([
          'no-restricted-imports',
        ]);
      }
      expect(await problems("import * as z from 'zod/mini';\nz.string();\n", place)).toEqual([]);
    }
    expect(
      await problems("import { z } from 'zod';\nz.string();\n", 'packages/sandbox/src/state.ts'),
    ).toEqual([]);
  });

  it("keeps out of the bundle the modules that load every endpoint's schemas at start", async () => {
    const places = {
      'src/runtime/context.ts': ['../api/index.js', '../api/schemas/index.js'],
      'src/actions/report-artifact.ts': ['../api/index.js', '../api/schemas/index.js'],
      'src/api/client.ts': ['./schemas/index.js'],
    };
    for (const [place, modules] of Object.entries(places)) {
      for (const from of modules) {
        expect(await problems(`import { validate } from '${from}';\nvalidate;\n`, place)).toEqual([
          'no-restricted-imports',
        ]);
      }
    }
    // What the bundle imports instead: the shared schemas, and an endpoint's own module when it is called.
    const code =
      "import { Sha1 } from '../api/schemas.js';\n" +
      "const s = await import('../api/schemas/report-artifact.js');\nSha1;\ns;\n";
    expect(await problems(code, 'src/actions/report-artifact.ts')).toEqual([]);
  });
});

describe('the step lifecycle boundary', () => {
  it('refuses an action writing to the runner itself: it returns a StepResult', async () => {
    const place = 'src/actions/get-artifact/run.ts';
    expect(
      await problems("import { setOutput } from '@actions/core';\nsetOutput('a', 'b');\n", place),
    ).toEqual(['no-restricted-imports', 'product/imports']);
    expect(
      await problems("import { setOutputs } from '../../runtime/output.js';\nsetOutputs({});\n", place),
    ).toEqual(['no-restricted-imports']);
    expect(
      await problems("import { setOutput } from '../../trust/commands.js';\nsetOutput('a', 'b');\n", place),
    ).toEqual(['no-restricted-imports']);
    expect(
      await problems(
        "import { commentOnPullRequest } from '../../runtime/pr-comment.js';\nexport const c = commentOnPullRequest;\n",
        place,
      ),
    ).toEqual(['no-restricted-imports']);
  });

  it('lets only the finisher fail a step', async () => {
    const code = "import { log } from '../trust/log.js';\nlog.fail('x');\n";
    expect(await problems(code, 'src/runtime/output.ts')).toEqual(['no-restricted-syntax']);
    expect(await problems(code, 'src/runtime/step.ts')).toEqual([]);
  });
});

describe('the product boundary: src/ is exactly what ships', () => {
  const place = 'src/actions/get-artifact/run.ts';

  it('refuses the sandbox and the runner, by package name or by a path out of src/', async () => {
    for (const from of [
      '@compliance-actions/sandbox/server',
      '@compliance-actions/runner/emulator',
      '../../../packages/sandbox/src/server.js',
      '../../../test/helpers/sandbox.js',
      '../../../scripts/lib/step-text.js',
    ]) {
      expect(await problems(`import { x } from '${from}';\nx;\n`, place), from).toEqual(['product/imports']);
      expect(await problems(`export const m = import('${from}');\n`, place), from).toEqual([
        'product/imports',
      ]);
      expect(await problems(`export * from '${from}';\n`, place), from).toEqual(['product/imports']);
    }
  });

  it("keeps an action's facts out of the product, and lets them name the runner's types", async () => {
    for (const from of ['../get-artifact.facts.js', './get-artifact.facts.ts']) {
      expect(await problems(`import { facts } from '${from}';\nfacts;\n`, place), from).toEqual([
        'product/imports',
      ]);
    }
    const facts = "import type { ActionFacts } from '@compliance-actions/runner/facts';\n";
    expect(await problems(facts, 'src/actions/get-artifact.facts.ts')).toEqual([]);
    expect(await problems(facts, 'src/actions/get-artifact/types.ts')).toEqual(['product/imports']);
  });

  it('sees through every other way of loading a module: a template literal, require, createRequire', async () => {
    const sandbox = '@compliance-actions/sandbox/server';
    for (const code of [
      `export const m = import(\`${sandbox}\`);\n`,
      `export const m = import(\`../../../packages/sandbox/src/server.js\`);\n`,
      `import m = require('${sandbox}');\nexport { m };\n`,
      `import { createRequire } from 'node:module';\nconst load = createRequire(import.meta.url);\nexport const m: unknown = load('${sandbox}');\n`,
      `import { createRequire } from 'node:module';\nexport const m: unknown = createRequire(import.meta.url)('fast-check');\n`,
    ]) {
      expect(await problems(code, place), code).toContain('product/imports');
    }
    // A module named by a computed value cannot be checked: refused, with the way to name it.
    const computed = "const name = 'x';\nexport const m = import(name);\n";
    expect(await problems(computed, place)).toEqual(['product/imports']);
    // A built-in through createRequire, as the HTTP exchange loads node:https, is allowed.
    const builtin =
      "import { createRequire } from 'node:module';\nconst load = createRequire(import.meta.url);\n" +
      "export const https: unknown = load('node:https');\n";
    expect(await problems(builtin, 'src/api/exchange.ts')).toEqual([]);
  });

  it('refuses a package that is not in dependencies, a type import included', async () => {
    for (const from of ['fast-check', 'vitest', '@actions/workflow-parser', 'left-pad']) {
      expect(await problems(`import { x } from '${from}';\nx;\n`, place), from).toEqual(['product/imports']);
      expect(await problems(`import type { X } from '${from}';\nexport type Y = X;\n`, place), from).toEqual([
        'product/imports',
      ]);
    }
  });

  it('lets src/ import src/, Node built-ins and its dependencies; and lets the sandbox import src/', async () => {
    const code =
      "import { readFileSync } from 'node:fs';\nimport { join } from 'path';\nimport * as z from 'zod/mini';\n" +
      "import { parse } from 'yaml';\nimport { log } from '../../trust/log.js';\n" +
      'export const all = [readFileSync, join, z, parse, log];\n';
    expect(await problems(code, place)).toEqual([]);
    expect(
      await problems(
        "import { endpoints } from '../../../src/api/endpoints.js';\nexport const e = endpoints;\n",
        'packages/sandbox/src/server.ts',
      ),
    ).toEqual([]);
  });
});
