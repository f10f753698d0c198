/**
 * The runner's side of a step run in-process (runStep, finish): real GITHUB_OUTPUT, GITHUB_ENV and
 * GITHUB_STEP_SUMMARY files and a RUNNER_TEMP folder in a temp folder, as the runner gives them. @actions/core reads
 * its file commands from `process.env`, so those are stubbed to the same files for the test; stdout (annotations, the
 * failure, masks) is captured, and the exit code the failure sets is put back after each test.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, vi } from 'vitest';
import { ACTIONS, INPUTS, type ActionName } from '../../src/actions/index.js';
import type { Env } from '../../src/context/inputs.js';
import {
  checked,
  parseCommandFile,
  stepEnv,
  stepFiles,
  stepInputs,
  stepLeft,
  type RunOptions,
  type RunResult,
} from './runner.js';

export interface InProcessRunner {
  dir: string;
  /** The environment a step reads (runStep's `env`): RUNNER_TEMP and GITHUB_STEP_SUMMARY, plus `INPUT_*` to add. */
  env: Env;
  temp: string;
  files: { output: string; env: string; summary: string };
  outputs(): Record<string, string>;
  exported(): Record<string, string>;
  summary(): string;
  /** The files the step left under RUNNER_TEMP/compliance-actions (result and payload files), by name. */
  kept(): string[];
  /** A kept file, parsed. */
  keptJson(path: string): unknown;
  /** Everything printed on stdout so far. */
  stdout(): string;
  /** The lines printed so far that are annotations or the failure (`::error`, `::warning`, `::notice`). */
  annotations(): string[];
  /** Called with each chunk as it is printed, to see what the files held at that moment. */
  onPrint(listener: (chunk: string) => void): void;
}

export function useInProcessRunner(): () => InProcessRunner {
  const dirs: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    // log.fail (core.setFailed) sets it; the test worker must not end with it.
    process.exitCode = undefined;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), 'in-process-runner-'));
    dirs.push(dir);
    const files = { output: join(dir, 'output'), env: join(dir, 'env'), summary: join(dir, 'summary') };
    for (const file of Object.values(files)) writeFileSync(file, '');
    const temp = join(dir, 'temp');
    vi.stubEnv('GITHUB_OUTPUT', files.output);
    vi.stubEnv('GITHUB_ENV', files.env);
    let printed = '';
    const listeners: ((chunk: string) => void)[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      printed += text;
      for (const listener of listeners) listener(text);
      return true;
    });
    const keptDir = join(temp, 'compliance-actions');
    return {
      dir,
      env: { RUNNER_TEMP: temp, GITHUB_STEP_SUMMARY: files.summary },
      temp,
      files,
      outputs: () => parseCommandFile(readFileSync(files.output, 'utf8')),
      exported: () => parseCommandFile(readFileSync(files.env, 'utf8')),
      summary: () => readFileSync(files.summary, 'utf8'),
      kept: () => (existsSync(keptDir) ? readdirSync(keptDir).sort() : []),
      keptJson: (path) => JSON.parse(readFileSync(path, 'utf8')) as unknown,
      stdout: () => printed,
      annotations: () => printed.split('\n').filter((line) => /^::(error|warning|notice)\b/.test(line)),
      onPrint: (listener) => listeners.push(listener),
    };
  };
}

/**
 * `runAction` in-process: the action's step started as src/main.ts starts it (its declared inputs refused beside
 * the others), with the environment and files the runner emulation gives the bundle, and what it left read back as
 * the same RunResult; `code` is the exit code the failure set. For the branches of an action's logic: what only a
 * real process shows (signals, exit, memory, the runner's masking) stays in test/dist.
 */
export function useInProcessAction(): (name: ActionName, options?: RunOptions) => Promise<RunResult> {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return async (name, options = {}) => {
    const temp = mkdtempSync(join(tmpdir(), `in-process-${name}-`));
    dirs.push(temp);
    const files = stepFiles(temp, options.event);
    const env = stepEnv(files, temp, stepInputs(name, options), options);
    // The runner's file commands are read from process.env, an exported variable is set there, and a child the step
    // spawns (git, kubectl) inherits it with the extra environment given (a PATH to a recorder): all put back.
    const before = { ...process.env };
    Object.assign(process.env, options.env, { GITHUB_OUTPUT: files.output, GITHUB_ENV: files.env });
    let stdout = '';
    let stderr = '';
    const capture = (write: (text: string) => void) => (chunk: string | Uint8Array) => {
      write(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    };
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture((t) => (stdout += t)));
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture((t) => (stderr += t)));
    const started = Date.now();
    try {
      const { action } = await ACTIONS[name]();
      await action.start(env, options.cwd ?? temp, INPUTS[name].split(' ').filter(Boolean));
    } finally {
      out.mockRestore();
      err.mockRestore();
      for (const key of Object.keys(process.env))
        if (!(key in before)) Reflect.deleteProperty(process.env, key);
      Object.assign(process.env, before);
    }
    const code = Number(process.exitCode ?? 0);
    process.exitCode = undefined;
    return checked(stepLeft(files, temp, { code, stdout, stderr, ms: Date.now() - started }));
  };
}
