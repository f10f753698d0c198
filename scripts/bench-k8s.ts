// Benchmark: report-k8s-env (the dist bundle, run as the runner runs it) on a pods file of N pods (default 150,000),
// reported to an in-process sandbox as one environment, then split over ten environments by a config (one read,
// ten PUTs). Prints each run's wall time and the step's peak RSS, and the ratio of the two times: the targets
// are under 1 GiB and at most 1.5x. Each is run ROUNDS times (default 3), alternating; medians are printed.
// Usage: npm run bench:k8s [-- <pods>]
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ORG, DEMO_TOKEN, demoSeed } from '@compliance-actions/sandbox/seeds/index';
import { Sandbox } from '@compliance-actions/sandbox/server';
import { measuredStep, mib } from './lib/peak-memory.js';
import { writePodsFile } from './lib/pods-fixture.js';

const count = Number(process.argv[2] ?? 150_000);
const rounds = Number(process.env.ROUNDS ?? 3);
const ENVIRONMENTS = 10;
const dir = mkdtempSync(join(tmpdir(), 'bench-k8s-'));

// The fixture's namespaces are team-0 .. team-999: environment d takes those ending in the digit d.
const config = [
  'environments:',
  ...Array.from({ length: ENVIRONMENTS }, (_, d) => [
    `  - name: env-${d}`,
    `    namespacesRegex: ["^team-[0-9]*${d}$"]`,
  ]).flat(),
].join('\n');

async function step(url: string, inputs: Record<string, string>) {
  const { seconds, peak, result } = await measuredStep('report-k8s-env', {
    cwd: dir,
    inputs: {
      'api-url': url,
      'api-token': DEMO_TOKEN,
      org: DEMO_ORG,
      'pods-file': 'pods.json',
      ...inputs,
    },
  });
  return { seconds, peak, outputs: result.outputs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;

const seed = demoSeed();
for (let d = 0; d < ENVIRONMENTS; d++) seed.orgs.demo.environments.push({ name: `env-${d}` });
const sandbox = new Sandbox({ seed, maxBodyBytes: 1024 * 1024 * 1024 });
try {
  const url = await sandbox.start();
  await writePodsFile(join(dir, 'pods.json'), count);
  writeFileSync(join(dir, 'envs.yaml'), config);
  const size = statSync(join(dir, 'pods.json')).size;
  const one: Awaited<ReturnType<typeof step>>[] = [];
  const ten: Awaited<ReturnType<typeof step>>[] = [];
  for (let r = 0; r < rounds; r++) {
    // Alternating, so a slower moment of the machine falls on both.
    one.push(await step(url, { environment: 'production' }));
    ten.push(await step(url, { 'config-file': 'envs.yaml' }));
  }
  const envs = JSON.parse(ten[0]?.outputs.environments ?? '[]') as { pods: number }[];
  const split = envs.map((e) => e.pods);
  const t1 = median(one.map((s) => s.seconds));
  const t10 = median(ten.map((s) => s.seconds));
  const p1 = Math.max(...one.map((s) => s.peak));
  const p10 = Math.max(...ten.map((s) => s.peak));
  console.log(`Node ${process.version}, ${rounds} round(s), pods file ${mib(size)}`);
  console.log(`one environment:  ${count} pods, median ${t1.toFixed(1)} s, peak RSS ${mib(p1)}`);
  console.log(
    `${ENVIRONMENTS} environments: ${split.reduce((a, b) => a + b, 0)} pods (${split.join(', ')}), median ${t10.toFixed(1)} s, peak RSS ${mib(p10)}`,
  );
  console.log(
    `ratio ${(t10 / t1).toFixed(2)}x (target at most 1.5x: ${t10 / t1 <= 1.5 ? 'met' : 'MISSED'}); ` +
      `peak under 1 GiB: ${Math.max(p1, p10) < 1024 ** 3 ? 'met' : 'MISSED'}`,
  );
} finally {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}
