/**
 * What report-k8s-env's tests share, in-process and through the bundle: a cluster's pods, a workspace holding them as
 * `kubectl get pods -o json` saves them, and what a report that was not delivered must leave.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { D1, D2, pod, podList, running } from './pods.js';
import type { RunResult } from './runner.js';
import { expectStep } from './step-result.js';

/** Six pods: four mapped to four fingerprints, one that is done (left out), one not mappable yet (skipped). */
export const CLUSTER = [
  pod('web-1', { ns: 'shop', statuses: [running('nginx:1.27', D1)] }),
  pod('web-2', { ns: 'shop', statuses: [running('nginx:1.27', D1)] }),
  pod('api-1', { ns: 'shop', statuses: [running('api:2', D2), running('envoy:1', 'c'.repeat(64), 'proxy')] }),
  pod('job-1', { ns: 'batch', phase: 'Succeeded' }),
  pod('new-1', { ns: 'shop', statuses: [{ name: 'app', image: 'api:3', imageID: '' }] }),
  pod('sys-1', { ns: 'kube-system', statuses: [running('coredns:1', 'd'.repeat(64))] }),
];

/** `dir` with pods.json of `items` in it (and envs.yaml of `config`, when given). */
export function podsWorkspace(dir: string, items: unknown[] = CLUSTER, config?: string): string {
  writeFileSync(join(dir, 'pods.json'), JSON.stringify(podList(items)));
  if (config !== undefined) writeFileSync(join(dir, 'envs.yaml'), config);
  return dir;
}

/** What a failed delivery of CLUSTER to staging must leave: outcome error, the payload and counts kept, the failure saying where. */
export function expectKept(result: RunResult): void {
  const path = result.outputs['payload-file'] ?? 'no payload-file';
  expectStep(result, {
    code: 1,
    outputs: { outcome: 'error' },
    unset: ['message'],
    stdout: [
      `The report was not delivered. Its payload is kept in ${path} (output payload-file)`,
      // The warning about the pod the payload leaves out is not lost with the delivery.
      '::warning::Skipped pod shop/new-1',
    ],
    summary: [
      '### ⚠️ Could not report environment staging',
      'The report was not delivered: see',
      '6 pods read, 4 reported. 1 pod left out: it was neither Running nor Failed (Pending, Succeeded or Unknown), ' +
        'so not part of what the environment runs. 1 pod skipped: it was not mappable to an artifact (why is ' +
        'listed below).',
    ],
    saved: {
      outcome: 'error',
      environment: 'staging',
      pods: 6,
      reported: 4,
      skipped: [{ namespace: 'shop', pod: 'new-1' }],
      payloadFile: path,
      error: { kind: 'undelivered' },
    },
  });
}
