// Benchmark: maps a `kubectl get pods -o json` of N pods (default 150,000) streamed from a file, and prints the
// file size, the time, and the peak memory (max RSS) against the same process's RSS before reading.
// Usage: npm run bench:k8s [-- <pods>]
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mapPods } from '../src/k8s/pods.js';
import { streamItems } from '../src/k8s/stream.js';
import { writePodsFile } from './lib/pods-fixture.js';

const count = Number(process.argv[2] ?? 150_000);
const dir = mkdtempSync(join(tmpdir(), 'bench-k8s-'));
const file = join(dir, 'pods.json');

try {
  await writePodsFile(file, count);
  const size = statSync(file).size;

  global.gc?.();
  const baseline = process.memoryUsage().rss;
  const started = performance.now();
  const report = await mapPods(streamItems(createReadStream(file, { highWaterMark: 1024 * 1024 })));
  const ms = performance.now() - started;
  const peak = process.resourceUsage().maxRSS * 1024;
  const payload = Buffer.byteLength(JSON.stringify({ artifacts: report.artifacts }));
  const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;
  console.log(
    `pods ${count}: input ${mib(size)}, mapped ${report.artifacts.length}, left out ${report.leftOut}, skipped ${report.skipped.length}`,
  );
  console.log(`time ${(ms / 1000).toFixed(1)} s; payload ${mib(payload)}`);
  console.log(
    `memory: baseline RSS ${mib(baseline)}, peak RSS ${mib(peak)}, ratio peak/input ${(peak / size).toFixed(2)}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
