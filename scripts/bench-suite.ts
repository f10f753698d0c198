// Benchmark: the whole suite's wall time on a quiet machine and with `stress-ng --cpu <cores>` keeping every core busy,
// in the same run, and the ratio of the medians. Each run is `vitest run` as `npm test` runs it (the tools installed).
// Usage: npm run bench:suite [-- <quiet runs> <loaded runs>]   (default 1 1)
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';

const [quietRuns, loadedRuns] = [process.argv[2] ?? '1', process.argv[3] ?? '1'].map(Number);
if (![quietRuns, loadedRuns].every((n) => Number.isInteger(n) && (n ?? -1) >= 0))
  throw new Error('usage: bench-suite [<quiet runs> <loaded runs>], each a whole number');

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** One `vitest run`: its wall seconds and its closing counts (the output is kept out of the way). */
function suite(): Promise<{ seconds: number; line: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('npx', ['vitest', 'run', '--reporter=dot'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out = (out + chunk.toString()).slice(-4000)));
    child.stderr.resume();
    child.on('error', reject);
    child.on('exit', (code) => {
      const plain = out.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex -- ANSI colours
      const line = /Tests\s+(.*)/.exec(plain)?.[1]?.trim() ?? '(no closing line)';
      resolve({ seconds: (performance.now() - started) / 1000, line, code });
    });
  });
}

async function runs(count: number, label: string): Promise<number[]> {
  const seconds: number[] = [];
  for (let i = 0; i < count; i++) {
    const run = await suite();
    console.log(
      `${label} run ${i + 1}: ${run.seconds.toFixed(0)} s, exit ${String(run.code)}, tests ${run.line}`,
    );
    seconds.push(run.seconds);
  }
  return seconds;
}

const cores = availableParallelism();
console.log(`Node ${process.version}, ${cores} cores, ${new Date().toISOString().slice(0, 16)}Z`);
const quiet = await runs(quietRuns ?? 1, 'quiet');
let stress: ChildProcess | undefined;
try {
  if (loadedRuns) stress = spawn('stress-ng', ['--cpu', String(cores), '--quiet'], { stdio: 'ignore' });
  stress?.on('error', (error) => {
    console.error(`stress-ng could not start (npm test installs it): ${error.message}`);
    process.exit(1);
  });
  const loaded = await runs(loadedRuns ?? 1, `loaded (stress-ng --cpu ${cores})`);
  if (quiet.length) console.log(`quiet median ${median(quiet).toFixed(0)} s`);
  if (loaded.length) console.log(`loaded median ${median(loaded).toFixed(0)} s`);
  if (quiet.length && loaded.length)
    console.log(`loaded/quiet ${(median(loaded) / median(quiet)).toFixed(2)}×`);
} finally {
  stress?.kill('SIGINT');
}
