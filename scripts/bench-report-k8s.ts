// Benchmark: the whole report-k8s-env step (the dist bundle, run as the runner runs it) on a pods file of N pods
// (default 150,000), reporting to an in-process sandbox. Prints time and the step's peak RSS, against a baseline run
// of the same step on 10 pods in the same run. Target: under 1 GiB at 150,000 pods.
// Usage: npm run bench:report-k8s [-- <pods>]
import { readFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoSeed } from '../src/sandbox/seeds/index.js';
import { Sandbox } from '../src/sandbox/server.js';
import { runAction } from '../src/runner/emulator.js';
import { writePodsFile } from './lib/pods-fixture.js';

const count = Number(process.argv[2] ?? 150_000);
const dir = mkdtempSync(join(tmpdir(), 'bench-report-k8s-'));
const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;

/** Samples the child's high-water mark of resident memory (VmHWM) until it exits. */
function watchPeak(): { onSpawn: (pid: number) => void; peak: () => number } {
  let peak = 0;
  let timer: NodeJS.Timeout | undefined;
  return {
    onSpawn(pid) {
      timer = setInterval(() => {
        try {
          const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
          if (kb) peak = Math.max(peak, Number(kb) * 1024);
        } catch {
          clearInterval(timer);
        }
      }, 10);
    },
    peak: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

async function step(url: string, pods: number, environment: string) {
  const file = join(dir, `pods-${pods}.json`);
  await writePodsFile(file, pods);
  const watch = watchPeak();
  const started = performance.now();
  const result = await runAction('report-k8s-env', {
    cwd: dir,
    inputs: {
      'api-url': url,
      'api-token': 'sandbox-demo-token',
      org: 'demo',
      environment,
      'pods-file': file,
      summary: 'true',
    },
    onSpawn: watch.onSpawn,
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.code !== 0) throw new Error(`the step failed:\n${result.stdout}\n${result.stderr}`);
  return {
    seconds,
    peak: watch.peak(),
    size: statSync(file).size,
    outputs: result.outputs,
    summary: result.summary.length,
  };
}

const sandbox = new Sandbox({
  seed: demoSeed(),
  maxBodyBytes: 1024 * 1024 * 1024,
});
try {
  const url = await sandbox.start();
  const base = await step(url, 10, 'staging');
  const big = await step(url, count, 'production');
  console.log(`baseline: 10 pods, ${base.seconds.toFixed(2)} s, peak RSS ${mib(base.peak)}`);
  console.log(
    `${count} pods: input ${mib(big.size)}, ${big.seconds.toFixed(1)} s, peak RSS ${mib(big.peak)}; ` +
      `outputs pods=${big.outputs.pods} artifacts=${big.outputs.artifacts} skipped=${big.outputs.skipped}; summary ${big.summary} bytes`,
  );
  console.log(
    `ratio peak/baseline ${(big.peak / base.peak).toFixed(2)}; target under 1 GiB: ${big.peak < 1024 ** 3 ? 'met' : 'MISSED'}`,
  );
} finally {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}
