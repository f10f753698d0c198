/**
 * The runner's side of a step run in-process: real GITHUB_OUTPUT, GITHUB_ENV and GITHUB_STEP_SUMMARY files and a
 * RUNNER_TEMP folder, stubbed into `process.env` for @actions/core; stdout captured, the exit code put back.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, vi } from 'vitest';
import { ACTIONS, type ActionName } from '../../src/actions/index.js';
import type { Env } from '../../src/context/inputs.js';
import {
  actionFile,
  parseCommandFile,
  readActionYml,
  stepEnv,
  stepFiles,
  stepInputs,
  stepLeft,
  type RunOptions,
  type RunResult,
} from '@compliance-actions/runner/emulator';
import { checked } from './runner.js';
import { capture } from './inputs.js';
import { cleanedAfterEach } from './server.js';

export type InProcessRunner = ReturnType<ReturnType<typeof useInProcessRunner>>;

export function useInProcessRunner() {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    // log.fail (core.setFailed) sets it; the test worker must not end with it.
    process.exitCode = undefined;
  });
  const later = cleanedAfterEach();
  return () => {
    const dir = mkdtempSync(join(tmpdir(), 'in-process-runner-'));
    later(() => rmSync(dir, { recursive: true, force: true }));
    const files = { output: join(dir, 'output'), env: join(dir, 'env'), summary: join(dir, 'summary') };
    for (const file of Object.values(files)) writeFileSync(file, '');
    const temp = join(dir, 'temp');
    vi.stubEnv('GITHUB_OUTPUT', files.output);
    vi.stubEnv('GITHUB_ENV', files.env);
    const listeners: ((chunk: string) => void)[] = [];
    const stdout = capture(process.stdout, (text) => listeners.forEach((listener) => listener(text)));
    const keptDir = join(temp, 'compliance-actions');
    /** The environment a step reads (runStep's `env`), plus `INPUT_*` to add. */
    const env: Env = { RUNNER_TEMP: temp, GITHUB_STEP_SUMMARY: files.summary };
    return {
      dir,
      env,
      temp,
      files,
      outputs: () => parseCommandFile(readFileSync(files.output, 'utf8')),
      exported: () => parseCommandFile(readFileSync(files.env, 'utf8')),
      summary: () => readFileSync(files.summary, 'utf8'),
      /** The files the step left under RUNNER_TEMP/compliance-actions (result and payload files), by name. */
      kept: () => (existsSync(keptDir) ? readdirSync(keptDir).sort() : []),
      keptJson: (path: string) => JSON.parse(readFileSync(path, 'utf8')) as unknown,
      stdout: stdout.printed,
      /** The lines printed so far that are annotations or the failure (`::error`, `::warning`, `::notice`). */
      annotations: () =>
        stdout
          .printed()
          .split('\n')
          .filter((line) => /^::(error|warning|notice)\b/.test(line)),
      /** Called with each chunk as it is printed, to see what the files held at that moment. */
      onPrint: (listener: (chunk: string) => void) => void listeners.push(listener),
    };
  };
}

/** The inputs `name`'s action.yml declares, as its stub passes them to `runAction`. */
const declared = (name: ActionName) => Object.keys(readActionYml(actionFile(name)).inputs ?? {});

/**
 * `runAction` in-process: the step started as src/main.ts starts it, in the environment and files the runner
 * emulation gives the bundle, read back as the same RunResult (`code`: the exit code the failure set).
 */
export function useInProcessAction(): (name: ActionName, options?: RunOptions) => Promise<RunResult> {
  const later = cleanedAfterEach();
  return async (name, options = {}) => {
    const temp = mkdtempSync(join(tmpdir(), `in-process-${name}-`));
    later(() => rmSync(temp, { recursive: true, force: true }));
    const files = stepFiles(temp, options.event);
    const env = stepEnv(files, temp, stepInputs(name, options), options);
    // The runner's file commands are read from process.env, an exported variable is set there, and a child the step
    // spawns (git, kubectl) inherits it with the extra environment given (a PATH to a recorder): all put back.
    const before = { ...process.env };
    Object.assign(process.env, options.env, { GITHUB_OUTPUT: files.output, GITHUB_ENV: files.env });
    const [stdout, stderr] = [capture(process.stdout), capture(process.stderr)];
    const started = Date.now();
    try {
      const { action } = await ACTIONS[name]();
      await action.start(env, options.cwd ?? temp, declared(name));
    } finally {
      for (const key of Object.keys(process.env))
        if (!(key in before)) Reflect.deleteProperty(process.env, key);
      Object.assign(process.env, before);
      // Each stop checks for a leaked secret: both spies are put back even when the first finds one.
      try {
        stdout.stop();
      } finally {
        stderr.stop();
      }
    }
    const code = Number(process.exitCode ?? 0);
    process.exitCode = undefined;
    return checked(
      stepLeft(files, temp, {
        code,
        stdout: stdout.printed(),
        stderr: stderr.printed(),
        ms: Date.now() - started,
      }),
    );
  };
}
