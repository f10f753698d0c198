// Benchmark: preview-policy over an environment of many artifacts (default 500), through the dist bundle run as the
// runner runs it (packages/runner), against an in-process sandbox (fleetSeed) that is told of every request and counts
// those it is answering at once (Sandbox.load). The policy requires trail compliance and a security scan, which every
// tenth artifact failed, and is judged with a base policy beside it (the reads shared). Prints, with no added latency
// and with 20 ms per answer: the step's wall time, the trail reads, the most in flight (the bound is 8), the peak RSS
// and the job summary's size. Nothing here is asserted: read the numbers.
// Usage: npm run bench:policy [-- <artifacts>]   (default 500, at most 1000: the reads of one step)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ORG, DEMO_TOKEN, fleetSeed } from '@compliance-actions/sandbox/seeds/index';
import { Sandbox } from '@compliance-actions/sandbox/server';
import { mib, measuredStep } from './lib/peak-memory.js';

const given = process.argv[2];
const count = Number(given ?? 500);
if (!Number.isInteger(count) || count < 1 || count > 1000)
  throw new Error(`artifacts must be a whole number from 1 to 1000, not ${given}`);

const SCHEMA = '_schema: https://kosli.com/schemas/policy/environment/v1\n';
const dir = mkdtempSync(join(tmpdir(), 'bench-policy-'));
writeFileSync(
  join(dir, 'policy.yml'),
  `${SCHEMA}artifacts:\n  trail-compliance:\n    required: true\n  attestations:\n    - name: security-scan\n      type: snyk\n`,
);
writeFileSync(join(dir, 'base.yml'), `${SCHEMA}artifacts:\n  provenance:\n    required: true\n`);

const sandbox = new Sandbox({ seed: fleetSeed(count) });
let reads = 0;
sandbox.observe(({ url }) => {
  if (new URL(url, 'http://sandbox').pathname.startsWith('/api/v2/trails/')) reads++;
});
try {
  const url = await sandbox.start();
  console.log(
    `Node ${process.version}: preview-policy over fleet-production, ${count} artifacts, two policies`,
  );
  for (const latencyMs of [0, 20]) {
    sandbox.faults.latencyMs = latencyMs;
    sandbox.load.peak = 0;
    reads = 0;
    const { seconds, peak, result } = await measuredStep('preview-policy', {
      cwd: dir,
      inputs: {
        'api-url': url,
        'api-token': DEMO_TOKEN,
        org: DEMO_ORG,
        environment: 'fleet-production',
        policy: 'policy.yml',
        'base-policy': 'base.yml',
      },
    });
    console.log(
      `latency ${String(latencyMs).padStart(2)} ms: ${result.outputs.count ?? '?'} artifacts, ` +
        `${result.outputs.failing ?? '?'} failing (${result.outputs.outcome}) in ${seconds.toFixed(2)} s; ` +
        `${reads} trail reads; at most ${sandbox.load.peak} requests in flight (bound 8: ` +
        `${sandbox.load.peak <= 8 ? 'held' : 'BROKEN'}); peak RSS ${mib(peak)}; ` +
        `job summary ${(Buffer.byteLength(result.summary) / 1024).toFixed(0)} KiB`,
    );
  }
} finally {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}
