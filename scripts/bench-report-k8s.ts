// Benchmark: the whole report-k8s-env step (the dist bundle, run as the runner runs it) on a pods file of N pods
// (default 150,000), reporting to an in-process sandbox. Prints time and the step's peak RSS, against a baseline run
// of the same step on 10 pods in the same run. Target: under 1 GiB at 150,000 pods.
// Usage: npm run bench:report-k8s [-- <pods>]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ORG, DEMO_TOKEN, demoSeed } from '@compliance-actions/sandbox/seeds/index';
import { Sandbox } from '@compliance-actions/sandbox/server';
import { measuredStep, mib } from './lib/peak-memory.js';
import { writePodsFile } from './lib/pods-fixture.js';

const count = Number(process.argv[2] ?? 150_000);
const dir = mkdtempSync(join(tmpdir(), 'bench-report-k8s-'));

async function step(url: string, pods: number, environment: string) {
  const file = join(dir, `pods-${pods}.json`);
  await writePodsFile(file, pods);
  const { seconds, peak, result } = await measuredStep('report-k8s-env', {
    cwd: dir,
    inputs: {
      'api-url': url,
      'api-token': DEMO_TOKEN,
      org: DEMO_ORG,
      environment,
      'pods-file': file,
      summary: 'true',
    },
  });
  return {
    seconds,
    peak,
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
