/**
 * `npm run new-action -- <name>` (issue 26), as a newcomer runs it: in a scratch copy of this working tree, it
 * scaffolds a sub-action, then `npm run build`, `npm run docs`, the type check, lint, and the tests that enforce the
 * touches of a new action pass, the new action's own included (its error paths, what it loads, its bundle against
 * the sandbox). A refused name writes nothing.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKERS, scaffold } from '../../scripts/new-action.js';
import { ROOT } from '../helpers/runner.js';

let copy = '';

/**
 * The working tree as git sees it (tracked and new files, not ignored ones), and a node_modules of links to this
 * one's, except the workspace packages, which link to the copy's own packages/ (the scaffold edits one of them).
 */
function scratchCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'new-action-'));
  const listed = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(ROOT, file))) continue; // deleted in the working tree
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(ROOT, file), join(dir, file));
  }
  const modules = join(ROOT, 'node_modules');
  mkdirSync(join(dir, 'node_modules/@compliance-actions'), { recursive: true });
  for (const entry of readdirSync(modules)) {
    if (entry !== '@compliance-actions') symlinkSync(join(modules, entry), join(dir, 'node_modules', entry));
  }
  for (const name of ['sandbox', 'runner']) {
    symlinkSync(join(dir, 'packages', name), join(dir, 'node_modules/@compliance-actions', name));
  }
  return dir;
}

/** Runs a command in the copy as a newcomer would, on this checkout's Node 24 (npm puts node_modules/.bin first). */
function sh(command: string): { code: number | null; output: string } {
  const result = spawnSync('bash', ['-c', command], {
    cwd: copy,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${join(copy, 'node_modules/.bin')}:${process.env.PATH ?? ''}`, CI: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: result.status, output: stripVTControlCharacters(`${result.stdout}${result.stderr}`) };
}

beforeAll(() => {
  copy = scratchCopy();
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('npm run new-action', () => {
  it('refuses a name that is not kebab-case, or taken, or a table without its marker, and writes nothing', async () => {
    const tables = Object.values(MARKERS).map(({ file }) => join(copy, file));
    const before = tables.map((file) => readFileSync(file, 'utf8'));
    await expect(scaffold(copy, 'GetThing')).rejects.toThrow("the name 'GetThing' is not kebab-case");
    await expect(scaffold(copy, 'diff-envs')).rejects.toThrow("an action named 'diff-envs' exists already");
    // A test of that name exists for something else: never overwritten.
    await expect(scaffold(copy, 'hostile')).rejects.toThrow(
      "'hostile' would overwrite test/dist/hostile.test.ts",
    );
    // The last table's marker gone: refused after every other table was read, before anything was written.
    const last = join(copy, MARKERS.typicalRuns.file);
    writeFileSync(last, readFileSync(last, 'utf8').replace(`${MARKERS.typicalRuns.marker}\n`, ''));
    await expect(scaffold(copy, 'get-thing')).rejects.toThrow(
      `${MARKERS.typicalRuns.file} needs the line '${MARKERS.typicalRuns.marker.trim()}' exactly once`,
    );
    writeFileSync(last, before[tables.indexOf(last)] ?? '');
    for (const name of ['GetThing', 'get-thing', 'hostile']) {
      expect(existsSync(join(copy, 'actions', name))).toBe(false);
      expect(existsSync(join(copy, 'src/actions', name))).toBe(false);
    }
    expect(tables.map((file) => readFileSync(file, 'utf8'))).toEqual(before);
  });

  it('every table it writes a row into has its marker once', () => {
    for (const { file, marker } of Object.values(MARKERS)) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(text.split(`${marker}\n`).length - 1, file).toBe(1);
    }
  });

  it('scaffolds a sub-action that builds, is documented, and passes the tests that hold every action', () => {
    const steps: [string, string][] = [
      ['scaffold', 'npm run --silent new-action -- example'],
      ['build', 'npm run --silent build'],
      ['docs', 'npm run --silent docs'],
      ['validate', 'npm run --silent validate'],
      ['typecheck', 'npx tsc --noEmit -p .'],
      [
        'lint',
        'npx eslint src/actions/example test/actions/example test/dist && npx prettier --check actions src test packages README.md docs',
      ],
      [
        'tests',
        'npx vitest run --project full test/scripts/house-rules.test.ts test/action-docs.test.ts ' +
          'test/workflows.test.ts test/actions/example test/dist/example.test.ts test/dist/module-load.test.ts',
      ],
      ['error paths', "npx vitest run --project full test/dist/lifecycle.test.ts -t 'example'"],
    ];
    const outputs = new Map<string, string>();
    for (const [step, command] of steps) {
      const { code, output } = sh(command);
      expect(code, `${step}: ${command}\n${output.slice(-4000)}`).toBe(0);
      outputs.set(step, output);
    }
    expect(readFileSync(join(copy, 'src/actions/index.ts'), 'utf8')).toContain(
      "example: () => import('./example/index.js')",
    );
    expect(existsSync(join(copy, 'dist/example/index.js'))).toBe(true);
    expect(readFileSync(join(copy, 'actions/example/README.md'), 'utf8')).toContain('fail-if-empty');
    // Its page, written by npm run docs from a skeleton: the least workflow and the tables, and its row in the README.
    expect(readFileSync(join(copy, 'docs/actions/example.md'), 'utf8')).toContain('| `fail-if-empty` ');
    expect(readFileSync(join(copy, 'README.md'), 'utf8')).toContain('[`example`](docs/actions/example.md)');
    // The four error paths ran for the new action, not zero tests.
    expect(outputs.get('error paths')).toMatch(/Tests\s+4 passed\b/);
    // A hang guard: about 45 s on a quiet 2-core machine, most of it the build.
  }, 600_000);
});
