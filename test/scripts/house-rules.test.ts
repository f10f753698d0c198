/**
 * The house rules, held where lint cannot hold them: a small action is one file that defines it once, a
 * large one a folder with the one floor plan; the import graph has no cycle (dependency-cruiser with the project's
 * own configuration, type imports counted), and dist/ is built from src/ alone.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/git.js';
import { ROOT } from '../helpers/runner.js';

/** The files every action folder (a large action) has, and the one it has where the action decides something. */
const FLOOR_PLAN = ['index.ts', 'inputs.ts', 'render.ts', 'run.ts'];
const WHERE_IT_DECIDES = 'decide.ts';

async function cycles(paths: string[]): Promise<string[][]> {
  // By URL: the configuration is plain JavaScript, for `npm run lint`.
  const configuration = pathToFileURL(join(ROOT, '.dependency-cruiser.mjs')).href;
  const config = ((await import(configuration)) as { default: IConfiguration }).default;
  const { output } = await cruise(paths, {
    validate: true,
    ruleSet: config,
    ...config.options,
    outputType: 'json',
  });
  const result = (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult;
  return result.summary.violations.map((v) => (v.cycle ?? []).map((step) => step.name));
}

describe('every action is one file, or a folder with one floor plan', () => {
  const entries = readdirSync(join(ROOT, 'src/actions'), { withFileTypes: true });
  const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  const files = entries
    // An action's facts (`<name>.facts.ts`) are the tests', not its code.
    .filter((entry) => entry.isFile() && entry.name !== 'index.ts' && !entry.name.endsWith('.facts.ts'))
    .map((entry) => entry.name.replace(/\.ts$/, ''));

  it('finds the actions, both kinds', () => {
    expect(folders.length).toBeGreaterThanOrEqual(4);
    expect(files.length).toBeGreaterThanOrEqual(4);
    expect(folders.filter((name) => files.includes(name))).toEqual([]);
  });

  for (const name of files) {
    it(`src/actions/${name}.ts defines the action '${name}', once`, () => {
      const code = readFileSync(join(ROOT, 'src/actions', `${name}.ts`), 'utf8');
      expect(code.match(/\bdefineAction\(/g)).toHaveLength(1);
      expect(code).toMatch(
        new RegExp(`^export const action = defineAction\\(\\{\\n?\\s*name: '${name}',`, 'm'),
      );
    });
  }

  for (const name of folders) {
    it(`src/actions/${name}: ${FLOOR_PLAN.join(', ')}, and decide.ts only where it decides`, () => {
      const files = readdirSync(join(ROOT, 'src/actions', name)).sort();
      expect(files.filter((file) => file !== WHERE_IT_DECIDES)).toEqual(FLOOR_PLAN);
    });

    it(`src/actions/${name}/index.ts is the defineAction call and nothing else`, () => {
      const code = readFileSync(join(ROOT, 'src/actions', name, 'index.ts'), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      const statements = code.split(/;\s*\n/).filter((statement) => statement.trim() !== '');
      const imports = statements.filter((statement) => statement.trim().startsWith('import '));
      expect(statements.length - imports.length).toBe(1);
      expect(statements.find((statement) => !statement.trim().startsWith('import '))).toMatch(
        /^\s*export const action = defineAction\(\{[\s\S]*\}\)\s*;?\s*$/,
      );
    });
  }
});

describe('the import graph (dependency-cruiser, as `npm run lint` runs it)', () => {
  const { tempDir } = useTempDirs();

  it('finds a cycle made of type imports alone', async () => {
    const scratch = tempDir('cycles-');
    writeFileSync(
      join(scratch, 'run.ts'),
      "import type { Shown } from './render.js';\nexport type Run = Shown;\n",
    );
    writeFileSync(
      join(scratch, 'render.ts'),
      "import type { Run } from './run.js';\nexport interface Shown { run?: Run }\nexport const x = 1;\n",
    );
    const found = await cycles([scratch]);
    expect(found).toHaveLength(1);
    expect(found[0]?.map((step) => step.replace(/^.*\//, '')).sort()).toEqual(['render.ts', 'run.ts']);
  });

  it('src/ and packages/ have none', async () => {
    expect(await cycles([join(ROOT, 'src'), join(ROOT, 'packages')])).toEqual([]);
  });
});

describe('dist/ is built from src/ alone', () => {
  it('holds none of the sandbox, the runner or the test helpers', () => {
    const files = readdirSync(join(ROOT, 'dist'), { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.js'),
    );
    expect(files.length).toBeGreaterThan(10);
    // Names the minifier keeps (it keeps class and function names) that only the dev tooling has.
    const tooling = [
      /\bclass\s+Sandbox\b/,
      /\bfunction\s+(\w+_)?runWorkflow\(/,
      /\bfunction\s+(\w+_)?useSandbox\(/,
    ];
    for (const file of files) {
      const text = readFileSync(join(ROOT, 'dist', file), 'utf8');
      for (const name of tooling) expect(name.test(text), `${file} holds ${String(name)}`).toBe(false);
    }
  });
});
