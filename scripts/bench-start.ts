// Benchmark: how long each sub-action takes to start and do a typical run (packages/runner/src/typical-runs.ts
// with `typical` of src/actions/<name>.facts.ts: one request to an in-process sandbox on loopback), against a bare `node -e ''` of the same Node, interleaved in the same
// run. Each step is spawned as the runner spawns it (packages/runner/src/emulator.ts), on a cold start: no compile cache (the
// step's environment is built from scratch and names none) and a fresh RUNNER_TEMP per run. The time is the child's
// spawn-to-exit wall time only. The KB column comes from a separate, untimed run of each action with the load
// recorder (packages/runner/src/loads.ts), which also checks that the typical run succeeds; the timed runs have no recorder.
// Prints: action | median ms | bare node median ms | ratio | KB of JavaScript loaded; the last line is the worst ratio.
// A reference row comes before it: the least a step can do (scripts/lib/minimal-step.ts: list-actions' request, a zod
// parse, two file writes), bundled as dist/ is and run in the same rounds, so what the actions add is in view.
// Usage: npm run bench:start [-- <rounds>]   (default 15)
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoSeed } from '@compliance-actions/sandbox/seeds/index';
import { Sandbox } from '@compliance-actions/sandbox/server';
import {
  actionNames,
  prepareAction,
  type PreparedAction,
  type RunResult,
} from '@compliance-actions/runner/emulator';
import { recordLoads } from '@compliance-actions/runner/loads';
import { typicalRuns } from '@compliance-actions/runner/typical-runs';
import { bundle } from './bundle.mjs';

const rounds = Number(process.argv[2] ?? 15);
if (!Number.isInteger(rounds) || rounds < 1)
  throw new Error(`rounds must be a positive integer, not ${process.argv[2]}`);

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** A bare `node -e ''` of the same binary, spawned as the steps are (piped output, a minimal environment). */
function bareNode(): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['-e', ''], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir() },
    });
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = performance.now() - started;
      if (code === 0) resolve(ms);
      else reject(new Error(`node -e '' exited with ${String(code)}`));
    });
  });
}

function failed(name: string, result: RunResult): Error {
  return new Error(
    `${name}: the typical run exited with ${String(result.code)}\n${result.stdout}\n${result.stderr}`,
  );
}

const MINIMAL = '(reference) minimal step';
const sandbox = new Sandbox({ seed: demoSeed() });
const workspace = mkdtempSync(join(tmpdir(), 'bench-start-'));
const minimalDir = mkdtempSync(join(tmpdir(), 'bench-minimal-step-'));
try {
  const url = await sandbox.start(0, '127.0.0.1');
  const runs = typicalRuns(url, workspace);
  const names = actionNames();
  for (const name of names) {
    const options = runs[name];
    if (!options) throw new Error(`no typical run for '${name}'`);
    if (options.env && 'NODE_COMPILE_CACHE' in options.env)
      throw new Error('a cold start uses no compile cache');
  }

  // Untimed: what each action loads (and a check that its typical run succeeds, and a warm-up of the disk cache).
  const kb = new Map<string, number>();
  for (const name of names) {
    const loaded = await recordLoads(name, runs[name]);
    if (loaded.result.code !== 0) throw failed(name, loaded.result);
    kb.set(name, loaded.bytes / 1024);
  }

  await bundle('scripts/lib/minimal-step.ts', minimalDir);
  const prepared = new Map<string, PreparedAction>(
    names.map((name) => [name, prepareAction(name, runs[name])]),
  );
  // list-actions' environment, with the minimal step's bundle as the script node runs (the action's own path
  // follows as an argument it ignores).
  prepared.set(
    MINIMAL,
    prepareAction('list-actions', { ...runs['list-actions'], nodeArgs: [join(minimalDir, 'index.js')] }),
  );
  const timed = [...names, MINIMAL];
  const times = new Map<string, number[]>(timed.map((name) => [name, []]));
  const bare: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // Each round starts at a different action, and every step is preceded by a bare start.
    const order = [...timed.slice(round % timed.length), ...timed.slice(0, round % timed.length)];
    for (const name of order) {
      bare.push(await bareNode());
      const result = await (prepared.get(name) as PreparedAction).run();
      if (result.code !== 0) throw failed(name, result);
      times.get(name)?.push(result.ms);
    }
  }

  const bareMedian = median(bare);
  const minimalBytes = readdirSync(minimalDir)
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + statSync(join(minimalDir, file)).size, 0);
  kb.set(MINIMAL, minimalBytes / 1024);
  const rowOf = (name: string) => {
    const ms = median(times.get(name) ?? []);
    return { name, ms, ratio: ms / bareMedian, kb: kb.get(name) ?? 0 };
  };
  const rows = names.map(rowOf);
  const width = Math.max(...timed.map((n) => n.length), 'action'.length);
  console.log(
    `Node ${process.version}, ${rounds} round(s), ${bare.length} bare starts, ${new Date().toISOString().slice(0, 10)}`,
  );
  console.log(`${'action'.padEnd(width)} | median ms | bare node median ms | ratio | KB loaded`);
  console.log(`${'-'.repeat(width)} | --------- | ------------------- | ----- | ---------`);
  for (const row of [...rows, rowOf(MINIMAL)]) {
    console.log(
      `${row.name.padEnd(width)} | ${row.ms.toFixed(1).padStart(9)} | ${bareMedian.toFixed(1).padStart(19)} | ` +
        `${row.ratio.toFixed(2).padStart(4)}× | ${row.kb.toFixed(0).padStart(9)}`,
    );
  }
  const worst = rows.reduce((a, b) => (b.ratio > a.ratio ? b : a));
  console.log(`worst: ${worst.name} ${worst.ratio.toFixed(2)}×`);
} finally {
  await sandbox.close();
  rmSync(workspace, { recursive: true, force: true });
  rmSync(minimalDir, { recursive: true, force: true });
}
