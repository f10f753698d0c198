/**
 * report-k8s-env end to end: the dist bundle run as the runner runs it, against the sandbox over real HTTP, reading
 * pods from a saved `kubectl get pods -o json`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/git.js';
import { startKubeApi, writeKubeconfig } from '../helpers/kube-api.js';
import { D1, D2, pod, podList, running } from '../helpers/pods.js';
import { outputFile, runAction, type RunResult } from '../helpers/runner.js';
import { byProfile, DEMO_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, TEST_TOKEN, withoutMaskCommands } from '../helpers/secrets.js';
import { json, startServer } from '../helpers/server.js';

const start = useSandbox();
const { tempDir } = useTempDirs();

const connection = (url: string) => ({ 'api-url': url, 'api-token': DEMO_TOKEN, org: 'demo' });

function podsFile(items: unknown[]): { dir: string; file: string } {
  const dir = tempDir('pods-');
  writeFileSync(join(dir, 'pods.json'), JSON.stringify(podList(items)));
  return { dir, file: 'pods.json' };
}

const cluster = [
  pod('web-1', { ns: 'shop', statuses: [running('nginx:1.27', D1)] }),
  pod('web-2', { ns: 'shop', statuses: [running('nginx:1.27', D1)] }),
  pod('api-1', { ns: 'shop', statuses: [running('api:2', D2), running('envoy:1', 'c'.repeat(64), 'proxy')] }),
  pod('job-1', { ns: 'batch', phase: 'Succeeded' }),
  pod('new-1', { ns: 'shop', statuses: [{ name: 'app', image: 'api:3', imageID: '' }] }),
  pod('sys-1', { ns: 'kube-system', statuses: [running('coredns:1', 'd'.repeat(64))] }),
];

describe('report-k8s-env from a pods file', () => {
  it('reports the mapped pods, skips the one it cannot map (warned, counted, summarized)', async () => {
    const sandbox = await start();
    const { dir, file } = podsFile(cluster);
    const result = await runAction('report-k8s-env', {
      cwd: dir,
      inputs: { ...connection(sandbox.url), environment: 'staging', 'pods-file': file },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({
      outcome: 'reported',
      pods: '6',
      artifacts: '4',
      skipped: '1',
      'payload-file': '',
    });
    // The seed's staging has two snapshots: this report makes the third (201), which the summary names where the
    // answer does (a minimal answer to a first report has no body).
    expect(result.outputs.message).toBe(byProfile('Snapshot staging#3 created with 4 artifact(s)', ''));
    expect(result.outputs).toMatchObject({
      'snapshot-created': 'true',
      'snapshot-id': byProfile('staging#3', ''),
    });
    expect(result.summary).toContain(
      byProfile(
        '**A new snapshot was made: staging#3.**',
        '**A new snapshot of staging was made** (the service did not say its number).',
      ),
    );
    expect(result.stdout).toContain(
      "::warning::Skipped pod shop/new-1: container 'app' has no imageID yet (image still being pulled?)",
    );

    // The service's latest staging snapshot now runs exactly these fingerprints.
    const diff = await sandbox.client().diffEnvironments('staging~1', 'staging');
    const now = [...diff.snappish2.artifacts, ...diff.changed.artifacts, ...diff['not-changed'].artifacts];
    expect(now.map((a) => a.fingerprint).sort()).toEqual([D1, D2, 'c'.repeat(64), 'd'.repeat(64)].sort());

    expect(result.summary).toContain('### Environment staging reported');
    expect(result.summary).toContain(`| nginx:1.27 | <code>${D1.slice(0, 12)}</code> | 2 |`);
    expect(result.summary).toContain(
      "| shop | new-1 | container 'app' has no imageID yet (image still being pulled?) |",
    );
    const saved = outputFile(result, 'result-file') as {
      reported: number;
      leftOut: number;
      artifacts: unknown[];
    };
    expect(saved).toMatchObject({
      outcome: 'reported',
      reported: 4,
      leftOut: 1,
      message: result.outputs.message,
    });
    expect(saved.artifacts).toHaveLength(4);
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });

  it('gives the service message when nothing changed (no new snapshot)', async () => {
    const sandbox = await start();
    const { dir, file } = podsFile(cluster);
    const run = () =>
      runAction('report-k8s-env', {
        cwd: dir,
        inputs: { ...connection(sandbox.url), environment: 'production', 'pods-file': file },
      });
    const first = await run();
    expect(first.outputs.message).toMatch(byProfile(/created/, /^$/));
    expect(first.outputs).toMatchObject({
      'snapshot-created': 'true',
      'snapshot-id': byProfile('production#3', ''),
    });
    const second = await run();
    expect(second.code).toBe(0);
    // A minimal answer to the second report is the bare string "OK": no snapshot named.
    expect(second.outputs.message).toMatch(byProfile(/^No new snapshot/, /^OK$/));
    expect(second.outputs).toMatchObject({
      'snapshot-created': 'false',
      'snapshot-id': byProfile('production#3', ''),
    });
    expect(second.summary).toContain(
      `**No new snapshot was made**: what runs is what the latest snapshot${byProfile(', production#3,', '')} already holds (HTTP 200: the set of running artifacts did not change).`,
    );
  });

  it('links the snapshot where the answer gives a page, and says when it names no number', async () => {
    const answers = [
      {
        status: 201,
        body: { message: 'Accepted', errors: {}, html_url: 'https://app.example.test/e/prod/9' },
      },
      // No `errors`: only shown, a string `message` alone is the service's answer (delivered).
      { status: 201, body: { message: 'prod#12 and more', html_url: 'https://app.example.test/e/prod/12' } },
    ];
    const server = await startServer((_req, res, index) => {
      const answer = answers[index] ?? { status: 500, body: {} };
      json(res, answer.status, answer.body);
    });
    try {
      const { dir, file } = podsFile(cluster);
      const run = () =>
        runAction('report-k8s-env', {
          cwd: dir,
          inputs: {
            'api-url': server.origin,
            'api-token': TEST_TOKEN,
            org: 'acme',
            environment: 'prod',
            'pods-file': file,
          },
        });
      const unnamed = await run();
      expect(unnamed.outputs).toMatchObject({ 'snapshot-created': 'true', 'snapshot-id': '' });
      expect(unnamed.summary).toContain(
        '**A new snapshot of prod was made** (the service did not say its number). [Open it in the compliance service](https://app.example.test/e/prod/9).',
      );
      const named = await run();
      expect(named.outputs).toMatchObject({ 'snapshot-created': 'true', 'snapshot-id': 'prod#12' });
      expect(named.summary).toContain(
        '**A new snapshot was made: [prod#12](https://app.example.test/e/prod/12).**',
      );
    } finally {
      await server.close();
    }
  });

  it('warns about a named namespace that has no pods', async () => {
    const sandbox = await start();
    const { dir, file } = podsFile(cluster);
    const result = await runAction('report-k8s-env', {
      cwd: dir,
      inputs: {
        ...connection(sandbox.url),
        environment: 'staging',
        'pods-file': file,
        namespaces: 'shop\nshopp',
        'dry-run': 'true',
      },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("::warning::Namespace 'shopp' has no pods (or does not exist).");
    expect(result.stdout).not.toContain("Namespace 'shop' has no pods");
  });

  it('scrubs the token from the service message in outputs and summary, even escaped', async () => {
    const server = await startServer((req, res) =>
      json(res, 200, { message: `accepted for ${req.headers.authorization ?? ''}`, errors: {} }),
    );
    try {
      const { dir, file } = podsFile(cluster);
      const result = await runAction('report-k8s-env', {
        cwd: dir,
        inputs: {
          'api-url': server.origin,
          'api-token': TEST_TOKEN,
          org: 'acme',
          environment: 'staging',
          'pods-file': file,
        },
      });
      expect(result.code).toBe(0);
      expect(result.outputs.message).toBe('accepted for Bearer ***');
      assertNoSecret(withoutMaskCommands(result.everything), 'the step');
      // The escaped form would slip past the runner's mask.
      expect(result.summary).not.toContain(TEST_TOKEN.replace(/_/g, '\\_'));
    } finally {
      await server.close();
    }
  });

  it('dry run: sends nothing, keeps the payload, says DRY RUN', async () => {
    const sandbox = await start();
    const before = await sandbox.client().diffEnvironments('staging', 'staging');
    const { dir, file } = podsFile(cluster);
    const result = await runAction('report-k8s-env', {
      cwd: dir,
      inputs: { ...connection(sandbox.url), environment: 'staging', 'pods-file': file },
      env: { COMPLIANCE_DRY_RUN: 'true' },
    });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ outcome: 'dry-run', message: 'dry run: nothing was sent' });
    expect(outputFile(result, 'result-file')).toMatchObject({ outcome: 'dry-run', dryRun: true, pods: 6 });
    expect(result.stdout).toContain(`DRY RUN: would PUT ${sandbox.url}/environments/demo/staging/report/K8S`);
    expect(result.stdout).toContain('"podName": "web-1"');
    const payload = outputFile(result, 'payload-file') as { artifacts: { podName: string }[] };
    expect(payload.artifacts.map((a) => a.podName)).toEqual(['web-1', 'web-2', 'api-1', 'sys-1']);
    expect(result.summary).toContain('DRY RUN');
    const after = await sandbox.client().diffEnvironments('staging', 'staging');
    expect(after.snappish1.snapshot_id).toBe(before.snappish1.snapshot_id);
  });

  /** What a failed delivery must leave: outcome error, the payload and the counts in files, the failure saying where. */
  function assertKept(result: RunResult): void {
    expect(result.code).toBe(1);
    expect(result.outputs.outcome).toBe('error');
    expect(result.outputs.message).toBeUndefined();
    const path = result.outputs['payload-file'] ?? 'no payload-file';
    expect(result.stdout).toContain(
      `The report was not delivered. Its payload is kept in ${path} (output payload-file)`,
    );
    expect(outputFile(result, 'result-file')).toMatchObject({
      outcome: 'error',
      environment: 'staging',
      pods: 6,
      reported: 4,
      skipped: [{ namespace: 'shop', pod: 'new-1' }],
      payloadFile: path,
      error: { kind: 'undelivered' },
    });
    // The warning about the pod the payload leaves out is not lost with the delivery.
    expect(result.stdout).toContain('::warning::Skipped pod shop/new-1');
    expect(result.summary).toContain('### ⚠️ Could not report environment staging');
    expect(result.summary).toContain('The report was not delivered: see');
    expect(result.summary).toContain(
      '6 pods read, 4 reported. 1 pod left out: it was neither Running nor Failed (Pending, Succeeded or Unknown), ' +
        'so not part of what the environment runs. 1 pod skipped: it was not mappable to an artifact (why is ' +
        'listed below).',
    );
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  }

  it('keeps the payload and fails saying where when the service is unreachable', async () => {
    const server = await startServer((_req, res) => json(res, 200, {}));
    const url = server.origin;
    await server.close();
    const { dir, file } = podsFile(cluster);
    const result = await runAction('report-k8s-env', {
      cwd: dir,
      inputs: {
        'api-url': url,
        'api-token': TEST_TOKEN,
        org: 'acme',
        environment: 'staging',
        'pods-file': file,
      },
      env: { COMPLIANCE_RETRIES: '0' },
    });
    expect(result.stdout).toMatch(/::error::.*could not reach the service.*The report was not delivered/);
    assertKept(result);
    expect((outputFile(result, 'payload-file') as { artifacts: unknown[] }).artifacts).toHaveLength(4);
  });

  it('keeps the payload when the service answers a login page with 200: not taken as delivered', async () => {
    const sandbox = await start();
    const { dir, file } = podsFile(cluster);
    const inputs = { ...connection(sandbox.url), environment: 'staging', 'pods-file': file };
    const dryRun = await runAction('report-k8s-env', { cwd: dir, inputs: { ...inputs, 'dry-run': 'true' } });
    sandbox.sandbox.faults.respondNext(1, {
      status: 200,
      contentType: 'text/html',
      body: `\n<html><body>Sign in (${DEMO_TOKEN})</body></html>`,
      path: /\/report\/K8S$/,
    });
    const result = await runAction('report-k8s-env', { cwd: dir, inputs });
    expect(result.stdout).toContain(
      '::error::unexpected response from PUT /environments/{org}/{env_name}/report/K8S: HTTP 200, content type ' +
        '"text/html", first line "<html><body>Sign in (***)</body></html>": not the service\'s answer to a report (no ' +
        'body, or JSON: an object, a string or null), so the report is not taken as delivered. The report was not ' +
        'delivered.',
    );
    assertKept(result);
    // The very payload a dry run keeps: nothing of the report is lost.
    expect(outputFile(result, 'payload-file')).toEqual(outputFile(dryRun, 'payload-file'));
  });

  it('keeps the payload when the environment does not exist (404)', async () => {
    const sandbox = await start();
    const { dir, file } = podsFile(cluster);
    const result = await runAction('report-k8s-env', {
      cwd: dir,
      inputs: { ...connection(sandbox.url), environment: 'nowhere', 'pods-file': file },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/::error::PUT .* failed with HTTP 404 Not Found: .*nowhere/);
    expect(result.outputs.outcome).toBe('error');
    expect((outputFile(result, 'payload-file') as { artifacts: unknown[] }).artifacts).toHaveLength(4);
  });

  it('a bad input fails before anything is read or sent, with outcome error, a result file and a summary', async () => {
    const server = await startServer((_req, res) => json(res, 200, {}));
    try {
      const { dir, file } = podsFile(cluster);
      const result = await runAction('report-k8s-env', {
        cwd: dir,
        inputs: {
          'api-url': server.origin,
          'api-token': TEST_TOKEN,
          org: 'acme',
          environment: 'staging',
          'pods-file': file,
          namespaces: 'shop',
          'exclude-namespaces': 'kube-system',
        },
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(
        "::error::Invalid input 'exclude-namespaces': cannot be combined with namespaces or namespaces-regex",
      );
      expect(result.outputs.outcome).toBe('error');
      expect(outputFile(result, 'result-file')).toMatchObject({ outcome: 'error', error: { kind: 'input' } });
      expect(result.summary).toContain('### ⚠️ Could not report the environment');
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it('a pods file that is not a pod list fails before anything is sent, the result file saying what was asked', async () => {
    const server = await startServer((_req, res) => json(res, 200, {}));
    try {
      const dir = tempDir('pods-');
      writeFileSync(join(dir, 'pods.json'), '{"items": [{"metadata": ');
      const result = await runAction('report-k8s-env', {
        cwd: dir,
        inputs: {
          'api-url': server.origin,
          'api-token': TEST_TOKEN,
          org: 'acme',
          environment: 'staging',
          'pods-file': 'pods.json',
        },
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/::error::pods-file: .*pods\.json is not the JSON of a pod list/);
      expect(outputFile(result, 'result-file')).toMatchObject({
        outcome: 'error',
        environment: 'staging',
        source: join(dir, 'pods.json'),
        error: { kind: 'source' },
      });
      expect(result.summary).toContain('### ⚠️ Could not report environment staging');
      expect(result.outputs['payload-file']).toBeUndefined();
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});

describe('report-k8s-env live through the real kubectl', () => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const o of opened.splice(0).reverse()) await o.close();
  });

  /** A loopback Kubernetes API holding `cluster`, and a kubeconfig with contexts `live` (current) and `other`. */
  async function liveCluster(podsStatus?: number) {
    const api = await startKubeApi({ pods: cluster, ...(podsStatus !== undefined && { podsStatus }) });
    opened.push(api);
    const kc = await writeKubeconfig({ live: api.origin, other: 'http://127.0.0.1:9' }, 'live');
    opened.push({ close: () => kc.remove() });
    // kubectl caches discovery under HOME: one per test.
    return { api, kc, env: { HOME: kc.dir } };
  }

  it('reads every namespace with the kubeconfig input and reports', async () => {
    const sandbox = await start();
    const { api, kc, env } = await liveCluster();
    const result = await runAction('report-k8s-env', {
      inputs: { ...connection(sandbox.url), environment: 'staging', kubeconfig: kc.path },
      env,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({
      pods: '6',
      artifacts: '4',
      skipped: '1',
      'snapshot-created': 'true',
    });
    expect(result.outputs.message).toMatch(byProfile(/created/, /^$/));
    expect(api.podRequests().map((r) => r.namespace)).toEqual([undefined]);
    expect(result.stdout).toContain('::group::Read pods (kubectl)');
  });

  it('asks only for the named namespaces, with KUBECONFIG from the environment and a kube-context', async () => {
    const sandbox = await start();
    const { api, kc, env } = await liveCluster();
    const result = await runAction('report-k8s-env', {
      inputs: {
        ...connection(sandbox.url),
        environment: 'staging',
        namespaces: 'shop\nbatch',
        'kube-context': 'live',
      },
      env: { ...env, KUBECONFIG: kc.path },
    });
    expect(result.code).toBe(0);
    expect(
      api
        .podRequests()
        .map((r) => r.namespace)
        .sort(),
    ).toEqual(['batch', 'shop']);
    expect(result.outputs).toMatchObject({ pods: '5', artifacts: '3' });
  });

  /** A live read against a recording stand-in for the service, which a failing step must not have reached. */
  async function failingLiveRead(inputs: Record<string, string>, podsStatus?: number) {
    const server = await startServer((_req, res) => json(res, 200, {}));
    opened.push(server);
    const { api, kc, env } = await liveCluster(podsStatus);
    const result = await runAction('report-k8s-env', {
      inputs: {
        'api-url': server.origin,
        'api-token': TEST_TOKEN,
        org: 'acme',
        environment: 'staging',
        kubeconfig: kc.path,
        ...inputs,
      },
      env,
    });
    expect(result.code).toBe(1);
    expect(server.requests).toHaveLength(0);
    return { result, api };
  }

  it('fails before reporting when kubectl is refused (RBAC), naming what to check', async () => {
    const { result } = await failingLiveRead({}, 403);
    expect(result.stdout).toMatch(/::error::kubectl: .*Forbidden.*RBAC/);
    expect(outputFile(result, 'result-file')).toMatchObject({
      outcome: 'error',
      source: 'kubectl',
      error: { kind: 'source' },
    });
  });
});
