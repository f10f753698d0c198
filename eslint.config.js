import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { productImports } from './scripts/eslint-product-imports.mjs';

// Classic zod attaches dozens of methods to every schema it builds, and its bundle is larger: a step's start pays for
// both (issue 14). The sandbox (packages/sandbox), a server, may keep it for its own state.
const ZOD_MESSAGE =
  "Not in the bundle: import * as z from 'zod/mini' (issue 14: classic zod is slow to start).";
// Refused in every file of the bundle (a files block's rule options replace another's, so both blocks list these).
const CLASSIC_ZOD = [
  { name: 'zod', message: ZOD_MESSAGE },
  { name: 'zod/v4', message: ZOD_MESSAGE },
];
// Refused in every file of the bundle too: its PATH lookup loads node:assert and node:fs/promises at start.
const EXEC = {
  name: '@actions/exec',
  message:
    "Not in the bundle: its PATH lookup loads node:assert and node:fs/promises, ~7 ms of a step's start " +
    '(issue 14). Run a tool with node:child_process (src/context/git.ts, src/k8s/kubectl.ts).',
};
// Each endpoint's schemas load when it is called (src/api/endpoints.ts); these two modules load them all.
const ALL_SCHEMAS = {
  regex: '(^|/)(api/index|schemas/index)\\.js$',
  message:
    "Loads every endpoint's schemas at start (issue 14): import the module you need (api/client.js, " +
    'api/schemas.js for shared schemas and types, api/schemas/<endpoint>.js with a dynamic import).',
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'demo-output/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      // `(res) => json(res, ...)` in handlers reads better than braces; returning void is harmless there.
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The trust boundary (docs/security.md): the bundle prints only through the log writer, which puts untrusted text
    // on one line that cannot be a workflow command.
    files: ['src/**/*.ts'],
    ignores: ['src/trust/log.ts', 'src/trust/commands.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            EXEC,
            {
              name: '@actions/core',
              message:
                "Not in the bundle: it loads undici at every step's start (issue 14). Print through 'log' " +
                '(src/trust/log.ts); outputs, variables and masks are in src/trust/commands.ts.',
            },
            ...CLASSIC_ZOD,
          ],
          patterns: [
            ALL_SCHEMAS,
            {
              regex: '(^|/)commands\\.js$',
              importNames: ['issueCommand', 'writeLine'],
              message:
                "Print through 'log' from src/trust/log.ts, the one writer that makes untrusted text safe.",
            },
          ],
        },
      ],
      'no-console': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'stdout', message: "Print through 'log' from src/trust/log.ts." },
        { object: 'process', property: 'stderr', message: "Print through 'log' from src/trust/log.ts." },
        // Locale-aware text loads ICU's data on first use, about 9 ms of a step's start (issue 14), and makes what a
        // step prints depend on the runner's locale.
        ...['localeCompare', 'toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map(
          (property) => ({
            property,
            message: 'Locale-dependent and slow to start: compare with < and >, format explicitly.',
          }),
        ),
      ],
    },
  },
  {
    // Start time (issue 14): the first use of `performance` loads perf_hooks and its timing modules, ~1 ms of every
    // step.
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'performance', message: "Loads perf_hooks at a step's start: use Date.now() (issue 14)." },
      ],
    },
  },
  {
    // The step lifecycle (docs/architecture.md): an action's run(inputs) returns a StepResult; only the finisher in
    // src/runtime/step.ts writes to the runner (outputs, files, summary, comment, variables, failure).
    files: ['src/actions/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@actions/core',
              message:
                'Return it in the StepResult: the finisher (src/runtime/step.ts) writes to the runner.',
            },
            EXEC,
            ...CLASSIC_ZOD,
          ],
          patterns: [
            ALL_SCHEMAS,
            {
              regex: '(^|/)trust/commands\\.js$',
              message:
                'Return it in the StepResult: the finisher (src/runtime/step.ts) writes to the runner.',
            },
            {
              regex: 'runtime/(output|pr-comment)\\.js$',
              importNames: ['setOutputs', 'writeResultFile', 'keepPayload', 'commentOnPullRequest'],
              message:
                'Return it in the StepResult: the finisher (src/runtime/step.ts) writes to the runner.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one place a step fails: the finisher.
    files: ['src/**/*.ts'],
    ignores: ['src/runtime/step.ts', 'src/trust/log.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='log'][property.name='fail']",
          message: 'A step fails in one place: return `failure` in the StepResult (src/runtime/step.ts).',
        },
        // no-restricted-imports sees static imports only: the same modules, loaded by import().
        {
          selector: 'ImportExpression[source.value=/(^|\\/)(api\\/index|schemas\\/index)\\.js$/]',
          message: ALL_SCHEMAS.message,
        },
        {
          selector: 'ImportExpression[source.value=/(^|\\/)commands\\.js$/]',
          message: "The runner's protocol is imported statically, by the log writer and the finisher only.",
        },
      ],
    },
  },
  {
    // src/ is exactly what ships (issue 26): it imports only src/, Node built-ins and package.json dependencies; the
    // sandbox and the runner (packages/) import src/, never the other way round.
    files: ['src/**/*.ts'],
    plugins: { product: { rules: { imports: productImports(import.meta.dirname) } } },
    rules: { 'product/imports': 'error' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
);
