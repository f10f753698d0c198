// Benchmark: get-artifact verifying a release of N files (default 200) in one step, through the dist bundle run as
// the runner runs it, against an in-process sandbox that counts the requests it is answering at once. Prints the
// wall time and the peak number of requests in flight, with no added latency and with 20 ms per answer (which keeps
// requests in flight long enough to overlap). The bound: never over 8.
// Usage: npm run bench:verify [-- <files>]
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ComplianceClient, resolveConnection } from '../src/api/index.js';
import { DEMO_ORG, DEMO_TOKEN, demoSeed } from '@compliance-actions/sandbox/seeds/index';
import { Sandbox } from '@compliance-actions/sandbox/server';
import { measuredStep } from './lib/peak-memory.js';

const count = Number(process.argv[2] ?? 200);
const dir = mkdtempSync(join(tmpdir(), 'bench-verify-'));
const seed = demoSeed();
seed.orgs.demo.flows.push({ name: 'release' });
const sandbox = new Sandbox({ seed });
try {
  const url = await sandbox.start();
  const client = new ComplianceClient(resolveConnection({ baseUrl: url, org: DEMO_ORG, token: DEMO_TOKEN }));
  mkdirSync(join(dir, 'release'));
  for (let n = 0; n < count; n++) {
    const content = `part ${n} of the release\n`.repeat(1000);
    writeFileSync(join(dir, 'release', `part-${n}.bin`), content);
    await client.reportArtifact('release', {
      fingerprint: createHash('sha256').update(content).digest('hex'),
      filename: `part-${n}.bin`,
      build_url: 'https://ci.example.test/1',
      commit_url: 'https://git.example.test/c',
    });
  }
  await client.close();
  console.log(
    `Node ${process.version}, ${count} files of ${(Buffer.byteLength(`part 0 of the release\n`) * 1000) / 1000} KB`,
  );
  for (const latencyMs of [0, 20]) {
    sandbox.faults.latencyMs = latencyMs;
    sandbox.load.peak = 0;
    const { seconds, peak, result } = await measuredStep('get-artifact', {
      cwd: dir,
      inputs: {
        'api-url': url,
        'api-token': DEMO_TOKEN,
        org: DEMO_ORG,
        flow: 'release',
        artifact: 'release/*.bin',
        'artifact-type': 'file',
        'assert-compliant': 'true',
      },
    });
    console.log(
      `latency ${String(latencyMs).padStart(2)} ms: ${result.outputs.count} verified (${result.outputs.outcome}) in ` +
        `${seconds.toFixed(2)} s; peak requests in flight ${sandbox.load.peak} (bound 8: ` +
        `${sandbox.load.peak <= 8 ? 'held' : 'BROKEN'}); peak RSS ${(peak / 1024 / 1024).toFixed(0)} MiB`,
    );
  }
} finally {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}
