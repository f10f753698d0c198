/**
 * The emulation of the GitHub runner, shared by the tests, the demo (`npm start`) and the benchmarks: runs an action
 * the way the runner does. It reads the action.yml, builds `INPUT_*` from the given inputs (undeclared ones too) and
 * the declared defaults, gives it `GITHUB_OUTPUT`, `GITHUB_ENV`, `GITHUB_STEP_SUMMARY` and `RUNNER_TEMP` files, and
 * runs the `dist/` bundle named by `runs.main` under the same Node (24) as the caller. Returns what the runner would
 * see; it prints nothing. Not part of the bundle: src/main.ts does not import it.
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** What the runner and `npm run action` read of an action.yml, as written: whoever runs it checks `runs`. */
interface ActionYml {
  description?: string;
  inputs?: Record<string, { description?: string; required?: boolean; default?: string }>;
  outputs?: Record<string, { description?: string }>;
  runs?: { using?: unknown; main?: unknown; pre?: unknown; post?: unknown };
}

const parsed = new Map<string, ActionYml>();

/** An action.yml, parsed once per text: a step reads it for its inputs, its outputs and its `runs`. */
export function readActionYml(file: string): ActionYml {
  const text = readFileSync(file, 'utf8');
  let yml = parsed.get(text);
  if (yml === undefined) {
    yml = (parse(text) as ActionYml | null) ?? {};
    parsed.set(text, yml);
  }
  return yml;
}

export interface RunOptions {
  inputs?: Record<string, string>;
  /** Extra environment (COMPLIANCE_*, GITHUB_* overrides). */
  env?: Record<string, string>;
  /** An event payload written to GITHUB_EVENT_PATH. */
  event?: unknown;
  /**
   * GITHUB_* context variables over the defaults of a push to `main` of `acme/app` (run 42), or `false` for a
   * step outside GitHub Actions (none set).
   */
  github?: Record<string, string> | false;
  /** The step's working folder, also GITHUB_WORKSPACE (default: an empty temp folder). */
  cwd?: string;
  /**
   * The value of the `${{ github.token }}` expression in action.yml defaults (the runner always has one); '' when
   * not given.
   */
  githubToken?: string;
  /** Called with the step's process id once it started (benchmarks sample its memory). */
  onSpawn?: (pid: number) => void;
  /** Called with each chunk of the step's log as it comes (`npm run action` shows it live); the result has it all. */
  onOutput?: (stream: 'stdout' | 'stderr', text: string) => void;
  /** Node options before the bundle, e.g. `--import` of the load recorder (packages/runner/src/loads.ts); none on a runner. */
  nodeArgs?: string[];
  /**
   * The job's RUNNER_TEMP, shared with the job's other steps (packages/runner/src/workflow.ts): kept after the step, which gets
   * its command files in a folder of their own under it, as on the runner (default: a fresh temp folder, removed).
   */
  runnerTemp?: string;
}

/** What a hosted runner sets for a push to main; GITHUB_SHA is left to the test (it must match a real commit). */
export const DEFAULT_GITHUB: Record<string, string> = {
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_API_URL: 'https://api.github.com',
  GITHUB_REPOSITORY: 'acme/app',
  GITHUB_REPOSITORY_ID: '123456',
  GITHUB_REPOSITORY_OWNER: 'acme',
  GITHUB_RUN_ID: '42',
  GITHUB_RUN_NUMBER: '7',
  GITHUB_RUN_ATTEMPT: '1',
  GITHUB_WORKFLOW: 'build',
  GITHUB_JOB: 'build',
  GITHUB_ACTOR: 'octocat',
  GITHUB_EVENT_NAME: 'push',
  GITHUB_REF: 'refs/heads/main',
  GITHUB_REF_NAME: 'main',
  GITHUB_REF_TYPE: 'branch',
  RUNNER_OS: 'Linux',
  RUNNER_ARCH: 'X64',
};

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  exportedEnv: Record<string, string>;
  summary: string;
  /** Files the step left under RUNNER_TEMP/compliance-actions (result and payload files), by path. */
  files: Record<string, string>;
  /** Every log and file the step could have leaked into (not GITHUB_ENV, where setup puts the token on purpose). */
  everything: string;
  /** The step's wall time, from spawning its Node to its exit, in milliseconds (not the runner's own work). */
  ms: number;
}

/** An action ready to run: its action.yml read and its inputs resolved once; each run is a fresh step. */
export interface PreparedAction {
  /** Runs the step once, in a fresh RUNNER_TEMP (with fresh GITHUB_OUTPUT, GITHUB_ENV and summary files). */
  run(): Promise<RunResult>;
}

/** The parsed JSON file an output (`result-file`, `payload-file`) points at. */
export function outputFile(result: RunResult, output: string): unknown {
  const path = result.outputs[output];
  if (!path) throw new Error(`the step set no output '${output}'`);
  const text = result.files[path];
  if (text === undefined)
    throw new Error(`output '${output}' points at ${path}, which the step did not leave`);
  return JSON.parse(text) as unknown;
}

export function actionFile(name: string): string {
  return name === 'setup' ? join(ROOT, 'action.yml') : join(ROOT, 'actions', name, 'action.yml');
}

/**
 * Every action, as the build lists them (scripts/build.mjs): setup (the root action.yml), then each folder of actions/
 * with an action.yml, in name order.
 */
export function actionNames(): string[] {
  const dir = join(ROOT, 'actions');
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'action.yml')))
    .map((entry) => entry.name)
    .sort();
  return ['setup', ...folders];
}

/** Parses the `name<<DELIM ... DELIM` and `name=value` forms of GITHUB_OUTPUT and GITHUB_ENV. */
export function parseCommandFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, key = '', delimiter] = heredoc;
      const value: string[] = [];
      while (++i < lines.length && lines[i] !== delimiter) value.push(lines[i] ?? '');
      // As the runner: an unterminated value is an error, never the rest of the file (found by review).
      if (i >= lines.length)
        throw new Error(`Matching delimiter not found '${delimiter ?? ''}' (for ${key})`);
      out[key] = value.join('\n');
    } else if (line.includes('=')) {
      const at = line.indexOf('=');
      out[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return out;
}

export async function runAction(name: string, options: RunOptions = {}): Promise<RunResult> {
  return prepareAction(name, options).run();
}

/**
 * The step's `INPUT_*` variables as the runner sets them: the given inputs (undeclared ones too) over the defaults.
 * `file`: the action.yml, by default that of this repository's action `name`.
 */
export function stepInputs(
  name: string,
  options: RunOptions = {},
  file = actionFile(name),
): Record<string, string> {
  const declared = readActionYml(file).inputs ?? {};
  const inputs: Record<string, string> = {};
  for (const [input, spec] of Object.entries(declared)) {
    // The runner evaluates expressions in defaults; `github.token` is the one the actions use.
    const value =
      options.inputs?.[input] ??
      (spec.default ?? '').replace(/\$\{\{\s*github\.token\s*\}\}/g, options.githubToken ?? '');
    inputs[`INPUT_${input.replace(/ /g, '_').toUpperCase()}`] = value;
  }
  // As the runner: an input the action does not declare is passed all the same (the runner only warns).
  for (const [input, value] of Object.entries(options.inputs ?? {})) {
    if (!(input in declared)) inputs[`INPUT_${input.replace(/ /g, '_').toUpperCase()}`] = value;
  }
  return inputs;
}

/** The runner's files of one step, in `commands`: its output, env and summary files, empty, and its event payload. */
export interface StepFiles {
  output: string;
  env: string;
  summary: string;
  event: string;
}

export function stepFiles(commands: string, event: unknown): StepFiles {
  const files = {
    output: join(commands, 'output'),
    env: join(commands, 'env'),
    summary: join(commands, 'summary'),
    event: join(commands, 'event.json'),
  };
  for (const f of [files.output, files.env, files.summary]) writeFileSync(f, '');
  writeFileSync(files.event, JSON.stringify(event ?? {}));
  return files;
}

/** The environment the runner gives the step: its files, RUNNER_TEMP, the GITHUB_* context and its inputs. */
export function stepEnv(
  files: StepFiles,
  temp: string,
  inputs: Record<string, string>,
  options: RunOptions = {},
): Record<string, string> {
  const github = options.github === false ? {} : { ...DEFAULT_GITHUB, ...options.github };
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? temp,
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_OUTPUT: files.output,
    GITHUB_ENV: files.env,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_EVENT_PATH: files.event,
    RUNNER_TEMP: temp,
    GITHUB_WORKSPACE: options.cwd ?? temp,
    ...github,
    ...inputs,
  };
  if (options.github === false) delete env.GITHUB_WORKSPACE;
  return Object.assign(env, options.env);
}

/** What the runner sees once the step ended: its files read back, and the result and payload files it left. */
export function stepLeft(
  files: StepFiles,
  temp: string,
  ended: Pick<RunResult, 'code' | 'stdout' | 'stderr' | 'ms'>,
): RunResult {
  const outputText = readFileSync(files.output, 'utf8');
  const envText = readFileSync(files.env, 'utf8');
  const summary = readFileSync(files.summary, 'utf8');
  const left: Record<string, string> = {};
  const kept = join(temp, 'compliance-actions');
  if (existsSync(kept)) {
    for (const f of readdirSync(kept)) left[join(kept, f)] = readFileSync(join(kept, f), 'utf8');
  }
  return {
    ...ended,
    outputs: parseCommandFile(outputText),
    exportedEnv: parseCommandFile(envText),
    summary,
    files: left,
    everything: [ended.stdout, ended.stderr, outputText, summary, ...Object.values(left)].join('\n'),
  };
}

/** The script an action.yml runs, `runs.main` against its folder; the YAML is cast, not checked, so this checks it. */
export function actionMain(file: string): string {
  const main = readActionYml(file).runs?.main;
  if (typeof main !== 'string') throw new Error(`${file}: runs.main is not a path`);
  return resolve(dirname(file), main);
}

/**
 * Reads the action.yml and builds the step's environment once, for running the same step many times (the start
 * benchmark): each run only makes its temp folder, spawns the bundle and collects what the step left. `file`: the
 * action.yml, by default that of this repository's action `name` (another copy of the repository's, in a workflow's
 * workspace or at a commit, is run from its own folder: `runs.main` is relative to it).
 */
export function prepareAction(
  name: string,
  options: RunOptions = {},
  file = actionFile(name),
): PreparedAction {
  const inputs = stepInputs(name, options, file);
  const args = [...(options.nodeArgs ?? []), actionMain(file)];

  return {
    async run() {
      const temp = options.runnerTemp ?? mkdtempSync(join(tmpdir(), `runner-${name}-`));
      let commands = temp;
      if (options.runnerTemp !== undefined) {
        mkdirSync(join(temp, '_runner_file_commands'), { recursive: true });
        commands = mkdtempSync(join(temp, '_runner_file_commands', `${name}-`));
      }
      const files = stepFiles(commands, options.event);
      const env = stepEnv(files, temp, inputs, options);

      const started = performance.now();
      const child = spawn(process.execPath, args, { cwd: options.cwd ?? temp, env });
      if (child.pid !== undefined) options.onSpawn?.(child.pid);
      const log = { stdout: '', stderr: '' };
      // Decoded per stream, so a character split across two chunks is not garbled.
      for (const stream of ['stdout', 'stderr'] as const)
        child[stream].setEncoding('utf8').on('data', (c: string) => {
          log[stream] += c;
          options.onOutput?.(stream, c);
        });
      let ms = 0;
      child.on('exit', () => (ms = performance.now() - started));
      const code = await new Promise<number | null>((r) => child.on('close', r));

      const result = stepLeft(files, temp, { code, ...log, ms });
      rmSync(commands, { recursive: true, force: true });
      return result;
    },
  };
}
