// Benchmark: maps a `kubectl get pods -o json` of N pods (default 150,000) streamed from a file, and prints the
// file size, the time, and the peak memory (max RSS) against the same process's RSS before reading.
// Usage: npm run bench:k8s [-- <pods>]
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { mapPods } from '../src/k8s/pods.js';
import { streamItems } from '../src/k8s/stream.js';

const count = Number(process.argv[2] ?? 150_000);
const dir = mkdtempSync(join(tmpdir(), 'bench-k8s-'));
const file = join(dir, 'pods.json');

function podJson(i: number): string {
  const hex = (n: number) => n.toString(16).padStart(64, '0');
  const ns = `team-${i % 1000}`;
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `app-${i}-7d9f8c6b5-x${i % 97}`,
      namespace: ns,
      uid: `uid-${i}`,
      creationTimestamp: '2026-11-01T10:00:00Z',
      labels: { app: `app-${i % 500}`, 'pod-template-hash': '7d9f8c6b5' },
      annotations: { 'kubectl.kubernetes.io/restartedAt': '2026-11-01T09:59:00Z', note: 'x'.repeat(600) },
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          name: `app-${i % 500}-7d9f8c6b5`,
          uid: `rs-${i % 500}`,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: {
      containers: [
        {
          name: 'app',
          image: `registry.example/app-${i % 500}:1.0`,
          resources: { limits: { cpu: '1', memory: '1Gi' } },
        },
        { name: 'envoy', image: 'envoyproxy/envoy:v1.31' },
      ],
      nodeName: `node-${i % 5000}`,
    },
    status: {
      phase: i % 50 === 0 ? 'Pending' : 'Running',
      podIP: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      containerStatuses: [
        {
          name: 'app',
          image: `registry.example/app-${i % 500}:1.0`,
          imageID: `registry.example/app@sha256:${hex(i % 500)}`,
          ready: true,
          restartCount: 0,
        },
        {
          name: 'envoy',
          image: 'envoyproxy/envoy:v1.31',
          imageID: `docker.io/envoyproxy/envoy@sha256:${hex(99999)}`,
          ready: true,
          restartCount: 0,
        },
      ],
    },
  });
}

try {
  const out = createWriteStream(file);
  out.write('{"apiVersion":"v1","kind":"List","items":[');
  for (let i = 0; i < count; i++) {
    if (!out.write(`${i ? ',' : ''}${podJson(i)}`)) await once(out, 'drain');
  }
  out.end('],"metadata":{"resourceVersion":""}}');
  await once(out, 'finish');
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
