// A synthetic `kubectl get pods -o json` of N pods (~1.7 KB each, 500 images, 1 in 50 Pending), written as a
// stream so the generator never holds the document either. Shared by the benchmarks.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

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

export async function writePodsFile(file: string, count: number): Promise<void> {
  const out = createWriteStream(file);
  out.write('{"apiVersion":"v1","kind":"List","items":[');
  for (let i = 0; i < count; i++) {
    if (!out.write(`${i ? ',' : ''}${podJson(i)}`)) await once(out, 'drain');
  }
  out.end('],"metadata":{"resourceVersion":""}}');
  await once(out, 'finish');
}
