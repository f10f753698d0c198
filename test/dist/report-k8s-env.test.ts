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
import { outputFile, runAction } from '../helpers/runner.js';
import { DEMO_TOKEN, useSandbox } from '../helpers/sandbox.js';
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
    expect(result.outputs).toMatchObject({ pods: '6', artifacts: '4', skipped: '1', 'payload-file': '' });
    expect(result.outputs.message).toMatch(/^Snapshot staging#\d+ created with 4 artifact\(s\)$/);
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
      "| shop | new-1 | container 'app' has no imageID yet \\(image still being pulled?\\) |",
    );
    const saved = outputFile(result, 'result-file') as {
      reported: number;
      leftOut: number;
      artifacts: unknown[];
    };
    expect(saved).toMatchObject({ reported: 4, leftOut: 1 });
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
    expect(first.outputs.message).toMatch(/created/);
    const second = await run();
    expect(second.code).toBe(0);
    expect(second.outputs.message).toMatch(/^No new snapshot/);
  });

  /** A dry run over a pods file with extra inputs: the step's result and the pods its payload holds. */
  async function dryRun(url: string, items: unknown[], inputs: Record<string, string>) {
    const { dir, file } = podsFile(items);
    const result = await runAction('report-k8s-env', {
      cwd: dir,
      inputs: { ...connection(url), environment: 'staging', 'pods-file': file, 'dry-run': 'true', ...inputs },
    });
    expect(result.code).toBe(0);
    const payload = outputFile(result, 'payload-file') as { artifacts: { podName: string }[] };
    return { pods: Number(result.outputs.pods), reported: payload.artifacts.map((a) => a.podName) };
  }

  it('scopes namespaces by name, by regex, or by exclusion', async () => {
    const sandbox = await start();
    const scoped = async (inputs: Record<string, string>) =>
      (await dryRun(sandbox.url, cluster, inputs)).pods;
    expect(await scoped({ namespaces: 'batch\nkube-system' })).toBe(2);
    expect(await scoped({ 'namespaces-regex': '^sh' })).toBe(4);
    expect(await scoped({ 'exclude-namespaces': 'kube-system' })).toBe(5);
    expect(await scoped({ 'exclude-namespaces-regex': 'kube-\nbat' })).toBe(4);
  });

  it('selects by a regex that is exponential for a backtracking engine, promptly and correctly', async () => {
    // `^(a+)+$` against 42 a's and a '!' takes 2^42 steps in a backtracking engine: the step would hang.
    const sandbox = await start();
    const pods = [
      pod('evil-1', { ns: `${'a'.repeat(42)}!` }),
      pod('plain-1', { ns: 'aaa' }),
      pod('other-1', { ns: 'shop' }),
    ];
    expect(await dryRun(sandbox.url, pods, { 'namespaces-regex': '^(a+)+$' })).toEqual({
      pods: 1,
      reported: ['plain-1'],
    });
  });

  it('writes no job summary with summary: false, and still writes the result file', async () => {
    const sandbox = await start();
    const { dir, file } = podsFile(cluster);
    const result = await runAction('report-k8s-env', {
      cwd: dir,
      inputs: { ...connection(sandbox.url), environment: 'staging', 'pods-file': file, summary: 'false' },
    });
    expect(result.code).toBe(0);
    expect(result.summary).toBe('');
    expect(outputFile(result, 'result-file')).toMatchObject({ environment: 'staging', pods: 6 });
  });

  it('skips a pod with a malformed owner or a time before 1970, and reports the rest', async () => {
    const sandbox = await start();
    const { dir, file } = podsFile([
      pod('ok-1', {
        ns: 'shop',
        owners: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'u1' }],
      }),
      pod('bad-owner', { ns: 'shop', owners: [{ kind: 'ReplicaSet', name: 'rs' }] }),
      pod('old', { ns: 'shop', created: '1969-12-31T23:59:00Z' }),
    ]);
    const result = await runAction('report-k8s-env', {
      cwd: dir,
      inputs: { ...connection(sandbox.url), environment: 'staging', 'pods-file': file },
    });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ pods: '3', skipped: '2' });
    expect(result.stdout).toContain('::warning::Skipped pod shop/bad-owner: has an ownerReference without');
    expect(result.stdout).toContain('::warning::Skipped pod shop/old: has a creationTimestamp before 1970');
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
    expect(result.stdout).toContain(`DRY RUN: would PUT ${sandbox.url}/environments/demo/staging/report/K8S`);
    expect(result.stdout).toContain('"podName": "web-1"');
    const payload = outputFile(result, 'payload-file') as { artifacts: { podName: string }[] };
    expect(payload.artifacts.map((a) => a.podName)).toEqual(['web-1', 'web-2', 'api-1', 'sys-1']);
    expect(result.summary).toContain('DRY RUN');
    const after = await sandbox.client().diffEnvironments('staging', 'staging');
    expect(after.snappish1.snapshot_id).toBe(before.snappish1.snapshot_id);
  });

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
    expect(result.code).toBe(1);
    const path = result.outputs['payload-file'] ?? '';
    expect(path).not.toBe('');
    expect(result.stdout).toContain(`The report was not delivered; its payload is kept in ${path}`);
    expect((outputFile(result, 'payload-file') as { artifacts: unknown[] }).artifacts).toHaveLength(4);
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });

  it.each([
    [
      'a login page with 200',
      { status: 200, contentType: 'text/html', body: `\n<html><body>Sign in (${DEMO_TOKEN})</body></html>` },
      `HTTP 200, content type "text/html", first line "<html><body>Sign in (***)</body></html>"`,
    ],
    [
      'an empty 200',
      { status: 200, contentType: 'application/json', body: '' },
      'HTTP 200, content type "application/json", an empty body',
    ],
    [
      'JSON of the wrong shape',
      { status: 200, body: { message: 'OK', errors: ['none'] } },
      'HTTP 200, content type "application/json", first line "{\\"message\\":\\"OK\\",\\"errors\\":[\\"none\\"]}"',
    ],
  ])('keeps the payload when the service answers %s: not taken as delivered', async (_name, answer, what) => {
    const sandbox = await start();
    const { dir, file } = podsFile(cluster);
    const inputs = { ...connection(sandbox.url), environment: 'staging', 'pods-file': file };
    const dryRun = await runAction('report-k8s-env', { cwd: dir, inputs: { ...inputs, 'dry-run': 'true' } });
    sandbox.sandbox.faults.respondNext(1, { ...answer, path: /\/report\/K8S$/ });
    const result = await runAction('report-k8s-env', { cwd: dir, inputs });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `::error::unexpected response from PUT /environments/{org}/{env_name}/report/K8S: ${what}: not the ` +
        'documented answer (a JSON object with a string "message" and an object "errors"), so the report is not ' +
        `taken as delivered. The report was not delivered; its payload is kept in ${result.outputs['payload-file'] ?? '?'}`,
    );
    // The very payload a dry run keeps: nothing of the report is lost.
    expect(outputFile(result, 'payload-file')).toEqual(outputFile(dryRun, 'payload-file'));
    expect(result.outputs.message).toBeUndefined();
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
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
    expect(result.outputs['payload-file']).toBeTruthy();
  });

  describe('bad input fails before any request, naming the input', () => {
    const cases: [string, Record<string, string>, string][] = [
      ['a missing environment', { environment: '' }, "Invalid input 'environment': is required"],
      [
        'a bad environment name',
        { environment: 'prod env' },
        "Invalid input 'environment': 'prod env' is not valid",
      ],
      [
        'include and exclude together',
        { namespaces: 'a', 'exclude-namespaces': 'b' },
        "Invalid input 'exclude-namespaces': cannot be combined with namespaces or namespaces-regex",
      ],
      [
        'a bad regex',
        { 'namespaces-regex': 'team-(' },
        "Invalid input 'namespaces-regex': 'team-(' is not a usable regular expression: missing closing )",
      ],
      [
        'a lookahead',
        { 'namespaces-regex': '^team-(?=x)' },
        "Invalid input 'namespaces-regex': '^team-(?=x)' is not a usable regular expression: lookahead (?= is not supported",
      ],
      [
        'a backreference',
        { 'exclude-namespaces-regex': '^(a)\\1$' },
        "Invalid input 'exclude-namespaces-regex': '^(a)\\1$' is not a usable regular expression: backreference \\1 is not supported",
      ],
      [
        'kubeconfig with a pods file',
        { kubeconfig: 'kc' },
        "Invalid input 'kubeconfig': only applies to a live read",
      ],
      ['a missing pods file', { 'pods-file': 'nope.json' }, 'pods-file: '],
      [
        'a dry-run that is not a boolean',
        { 'dry-run': 'maybe' },
        "Invalid input 'dry-run': 'maybe' is not a boolean",
      ],
      ['a missing token', { 'api-token': '' }, "Invalid input 'api-token': is required"],
      [
        'a bad org',
        { org: 'acme corp' },
        "Invalid input 'org': 'acme corp' is not a valid organization name",
      ],
      [
        'a namespace name with capitals',
        { namespaces: 'Shop' },
        "Invalid input 'namespaces': 'Shop' is not a namespace name",
      ],
      [
        'an excluded namespace name with a space',
        { 'exclude-namespaces': 'kube system' },
        "Invalid input 'exclude-namespaces': 'kube system' is not a namespace name",
      ],
    ];
    it.each(cases)('%s', async (_label, inputs, message) => {
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
            ...inputs,
          },
        });
        expect(result.code).toBe(1);
        expect(result.stdout).toContain(message);
        expect(server.requests).toHaveLength(0);
      } finally {
        await server.close();
      }
    });

    it('a pods file that is not a pod list', async () => {
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
        expect(server.requests).toHaveLength(0);
      } finally {
        await server.close();
      }
    });
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
    expect(result.outputs).toMatchObject({ pods: '6', artifacts: '4', skipped: '1' });
    expect(result.outputs.message).toMatch(/created/);
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
  });

  it('checks the connection before reading the cluster: a bad org asks kubectl nothing', async () => {
    const { api, kc, env } = await liveCluster();
    const result = await runAction('report-k8s-env', {
      inputs: {
        'api-url': 'http://127.0.0.1:9',
        'api-token': TEST_TOKEN,
        org: 'acme corp',
        environment: 'staging',
        kubeconfig: kc.path,
      },
      env,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("Invalid input 'org'");
    expect(api.requests).toHaveLength(0);
  });

  it('refuses a regex RE2 cannot run before asking kubectl anything', async () => {
    const { result, api } = await failingLiveRead({ 'namespaces-regex': '(?<=team-)a' });
    expect(result.stdout).toContain(
      "Invalid input 'namespaces-regex': '(?<=team-)a' is not a usable regular expression: lookbehind (?<= is not supported",
    );
    expect(api.requests).toHaveLength(0);
  });

  it('names kube-context when the context does not exist', async () => {
    const { result } = await failingLiveRead({ 'kube-context': 'nope' });
    expect(result.stdout).toMatch(/::error::kubectl: .*context was not found.*kube-context/);
  });
});
