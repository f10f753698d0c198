/**
 * report-k8s-env run as a step in-process against the sandbox (under both answer profiles where the answer shows) or
 * a loopback server: every branch of one environment and of many from a config, read from a pods file or by the real kubectl against
 * the loopback API server. The bundle keeps its contract in test/dist/module-load.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { byProfileOf, PROFILES } from '@compliance-actions/sandbox/profile';
import { useTempDirs } from '../../helpers/git.js';
import { useInProcessAction } from '../../helpers/in-process.js';
import { useKubeApi } from '../../helpers/kube-api.js';
import { D1, D2, pod, running } from '../../helpers/pods.js';
import { CLUSTER, expectKept, podsWorkspace } from '../../helpers/report-k8s-env.js';
import { outputFile, type RunResult } from '../../helpers/runner.js';
import { connection, DEMO_TOKEN, useSandbox } from '../../helpers/sandbox.js';
import { TEST_TOKEN } from '../../helpers/secrets.js';
import { loopback } from '../../helpers/inputs.js';
import { json, useServers } from '../../helpers/server.js';
import { expectStep, noLeak } from '../../helpers/step-result.js';

const runAction = useInProcessAction();
const startSandbox = useSandbox();
const { tempDir } = useTempDirs();
/** The inputs of a report of pods.json as environment staging to the sandbox at `url`, `extra` over them. */
const staging = (url: string, extra: Record<string, string> = {}) => ({
  ...connection(url),
  environment: 'staging',
  'pods-file': 'pods.json',
  ...extra,
});
const server = useServers();

/** A report-k8s-env step in `cwd` (when given) with `inputs`, and `env`. */
const report = (cwd: string | undefined, inputs: Record<string, string>, env: Record<string, string> = {}) =>
  runAction('report-k8s-env', { ...(cwd !== undefined && { cwd }), inputs, env });
/** A folder with pods.json of `items` (CLUSTER by default), and envs.yaml of `config` when given. */
const workspace = (items?: unknown[], config?: string) => podsWorkspace(tempDir('pods-'), items, config);

const kube = useKubeApi();
/** A loopback Kubernetes API holding `pods`, and a kubeconfig with contexts `live` (current) and `other`. */
async function liveCluster(pods: unknown[] = CLUSTER, podsStatus?: number) {
  const api = await kube.cluster(pods, podsStatus);
  const kc = await kube.kubeconfig({ live: api.origin, other: 'http://127.0.0.1:9' });
  // kubectl caches discovery under HOME: one per test.
  return { api, kc, env: { HOME: kc.dir } };
}

/** Many environments: staging is the teams' namespaces, production the shop. */
const TEAMS = [
  pod('web-1', { ns: 'shop', statuses: [running('nginx:1.27', D1)] }),
  pod('web-2', { ns: 'shop', statuses: [running('nginx:1.27', D1)] }),
  pod('api-1', { ns: 'team-a', statuses: [running('api:2', D2)] }),
  pod('api-2', { ns: 'team-b', statuses: [running('api:2', D2)] }),
  pod('job-1', { ns: 'batch', phase: 'Succeeded' }),
  pod('new-1', { ns: 'team-a', statuses: [{ name: 'app', image: 'api:3', imageID: '' }] }),
  pod('sys-1', { ns: 'kube-system', statuses: [running('coredns:1', 'd'.repeat(64))] }),
];
const CONFIG = `# staging is the teams' namespaces, production the shop
environments:
  - name: staging
    namespacesRegex: ["^team-"]
  - name: production
    namespaces: [shop]
`;
type Listed = Record<'name' | 'outcome' | 'message' | 'payload-file', string> & { pods: number };
const DRY_RUN_OUTPUTS = ['artifacts', 'message', 'outcome', 'payload-file', 'pods', 'result-file', 'skipped'];
const NO_IMAGE_ID = "container 'app' has no imageID yet (image still being pulled?)";
const listed = (result: RunResult) => JSON.parse(result.outputs.environments ?? '') as Listed[];

describe.each(PROFILES)('report-k8s-env, the sandbox answering %s', (PROFILE) => {
  const byProfile = byProfileOf(PROFILE);
  const start = () => startSandbox({ profile: PROFILE });

  it('reports the mapped pods, skips the one it cannot map (warned, counted, summarized), then says nothing changed', async () => {
    const sandbox = await start();
    const dir = workspace();
    const result = await report(dir, staging(sandbox.url));
    expect(result.stderr).toBe('');
    // The seed's staging has two snapshots: this report makes the third (201), which the outputs and the summary name
    // where the answer does (a minimal answer to a first report has no body).
    const message = byProfile('Snapshot staging#3 created with 4 artifacts', '');
    expectStep(result, {
      code: 0,
      outputs: {
        outcome: 'reported',
        pods: '6',
        artifacts: '4',
        skipped: '1',
        message,
        'snapshot-created': 'true',
        'snapshot-id': byProfile('staging#3', ''),
        'payload-file': '',
      },
      saved: { outcome: 'reported', reported: 4, leftOut: 1, message },
      stdout: [`::warning::Skipped pod shop/new-1: ${NO_IMAGE_ID}`],
      summary: [
        '### Environment staging reported',
        byProfile(
          '**A new snapshot was made: staging#3.**',
          '**A new snapshot of staging was made** (the service did not say its number).',
        ),
        `| nginx:1.27 | <code>${D1.slice(0, 12)}</code> | 2 |`,
        `| shop | new-1 | ${NO_IMAGE_ID} |`,
      ],
    });
    expect((outputFile(result, 'result-file') as { artifacts: unknown[] }).artifacts).toHaveLength(4);
    // The service's latest staging snapshot now runs exactly these fingerprints.
    const diff = await sandbox.client().diffEnvironments('staging~1', 'staging');
    const now = [...diff.snappish2.artifacts, ...diff.changed.artifacts, ...diff['not-changed'].artifacts];
    expect(now.map((a) => a.fingerprint).sort()).toEqual([D1, D2, 'c'.repeat(64), 'd'.repeat(64)].sort());

    const second = await report(dir, staging(sandbox.url));
    expectStep(second, {
      code: 0,
      // A minimal answer to the second report is the bare string "OK": no snapshot named.
      outputs: {
        message: expect.stringMatching(byProfile(/^No new snapshot/, /^OK$/)) as string,
        'snapshot-created': 'false',
        'snapshot-id': byProfile('staging#3', ''),
      },
      summary: [
        `**No new snapshot was made**: what runs is what the latest snapshot${byProfile(', staging#3,', '')} already holds (HTTP 200: the set of running artifacts did not change).`,
      ],
    });
  });

  it('reports each environment from a config file, with its own pods, and one summary row each', async () => {
    const sandbox = await start();
    const result = await report(workspace(TEAMS, CONFIG), {
      ...connection(sandbox.url),
      'config-file': 'envs.yaml',
      'pods-file': 'pods.json',
    });
    expect(result.stderr).toBe('');
    // Minimal answers (no body, then "OK") go to whichever report arrives first: both are sent at once.
    const message = (env: string) =>
      byProfile(`Snapshot ${env}#3 created with 1 artifact`, expect.stringMatching(/^(OK)?$/) as unknown);
    const row = { outcome: 'reported', artifacts: 1, 'payload-file': '' };
    expectStep(result, {
      code: 0,
      outputs: { outcome: 'reported' },
      lists: {
        environments: [
          { name: 'staging', pods: 3, skipped: 1, message: message('staging'), ...row },
          { name: 'production', pods: 2, skipped: 0, message: message('production'), ...row },
        ],
      },
      summary: [
        '### 2 environments reported',
        '| Environment | Outcome | Pods | Artifacts | Skipped | Snapshot | Message |',
        // Pods read, as the environments output counts them.
        byProfile(
          '| staging | ✅ reported | 3 | 1 | 1 | staging#3 (new) | Snapshot staging#3 created with 1 artifact |',
          '| staging | ✅ reported | 3 | 1 | 1 | a snapshot (new) |',
        ),
        '#### Skipped pods (1)',
      ],
      saved: { environments: [{ environment: 'staging' }, { environment: 'production' }] },
    });
    // What the service now runs in each: only the pods of its namespaces. Read from the sandbox's store, as the pods
    // of a diff are only shown (a minimal answer leaves them out).
    const runs = (env: string) => {
      const held = sandbox.sandbox.service.data.orgs.demo?.environments.find((e) => e.name === env);
      return (held?.snapshots.at(-1)?.artifacts ?? []).map((a) => `${a.name} ${a.pods.join(',')}`).sort();
    };
    expect(runs('staging')).toEqual(['api:2 api-1,api-2']);
    expect(runs('production')).toEqual(['nginx:1.27 web-1,web-2']);
    // A skipped pod is warned about once, whichever environments hold it.
    expect(result.stdout.match(/::warning::Skipped pod team-a\/new-1/g)).toHaveLength(1);
  });
});

// What the answer profile does not change (what is read and sent, a fault, a refusal), against one sandbox profile.
describe('report-k8s-env, the sandbox answering full', () => {
  const start = () => startSandbox({ profile: 'full' });

  it('dry run: sends nothing, keeps the payload, says DRY RUN, and warns about a named namespace with no pods', async () => {
    const sandbox = await start();
    const before = await sandbox.client().diffEnvironments('staging', 'staging');
    const dir = workspace();
    const inputs = staging(sandbox.url);
    const result = await report(dir, inputs, { COMPLIANCE_DRY_RUN: 'true' });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({
      outcome: 'dry-run',
      pods: '6',
      artifacts: '4',
      skipped: '1',
      message: 'dry run: nothing was sent',
    });
    // The counts and the message alone: no snapshot, and the warning about the skipped pod kept.
    expect(Object.keys(result.outputs).sort()).toEqual(DRY_RUN_OUTPUTS);
    expect(result.stdout.match(/^::warning::.*$/gm)).toEqual([
      `::warning::Skipped pod shop/new-1: ${NO_IMAGE_ID}`,
    ]);
    expect(outputFile(result, 'result-file')).toMatchObject({ outcome: 'dry-run', dryRun: true, pods: 6 });
    expect(result.stdout).toContain(`DRY RUN: would PUT ${sandbox.url}/environments/demo/staging/report/K8S`);
    expect(result.stdout).toContain('"podName": "web-1"');
    const payload = outputFile(result, 'payload-file') as { artifacts: { podName: string }[] };
    expect(payload.artifacts.map((a) => a.podName)).toEqual(['web-1', 'web-2', 'api-1', 'sys-1']);
    expect(result.summary).toContain('### DRY RUN: environment staging not reported');
    const named = await report(dir, { ...inputs, namespaces: 'shop\nshopp', 'dry-run': 'true' });
    expect(named.code).toBe(0);
    expect(named.stdout).toContain("::warning::Namespace 'shopp' has no pods (or does not exist).");
    expect(named.stdout).not.toContain("Namespace 'shop' has no pods");
    const after = await sandbox.client().diffEnvironments('staging', 'staging');
    expect(after.snappish1.snapshot_id).toBe(before.snappish1.snapshot_id);
  });

  it('keeps the payload when the service answers a login page with 200 (not taken as delivered), or 503', async () => {
    const sandbox = await start();
    const dir = workspace();
    const inputs = staging(sandbox.url);
    const dryRun = await report(dir, { ...inputs, 'dry-run': 'true' });
    sandbox.sandbox.faults.respondNext(1, {
      status: 200,
      contentType: 'text/html',
      body: `\n<html><body>Sign in (${DEMO_TOKEN})</body></html>`,
      path: /\/report\/K8S$/,
    });
    const result = await report(dir, inputs);
    expect(result.stdout).toContain(
      '::error::unexpected response from PUT /environments/{org}/{env_name}/report/K8S: HTTP 200, content type ' +
        '"text/html", first line "<html><body>Sign in (***)</body></html>": not the service\'s answer to a report (no ' +
        'body, or JSON: an object, a string or null), so the report is not taken as delivered. The report was not ' +
        'delivered.',
    );
    expectKept(result);
    // The very payload a dry run keeps: nothing of the report is lost.
    expect(outputFile(result, 'payload-file')).toEqual(outputFile(dryRun, 'payload-file'));
    // A report refused with 503 is kept the same way, with why, the one warning and the summary's details.
    sandbox.sandbox.faults.failNext(1, 503, { message: 'maintenance window' });
    const refused = await report(dir, inputs, { COMPLIANCE_RETRIES: '0' });
    expectKept(refused);
    // Only the list every error path sets: nothing a later step could take for counts.
    const outputs = ['environments', 'environments-truncated', 'outcome', 'payload-file', 'result-file'];
    expect(Object.keys(refused.outputs).sort()).toEqual(outputs);
    expect(refused.outputs.environments).toBe('[]');
    expect((outputFile(refused, 'payload-file') as { artifacts: unknown[] }).artifacts).toHaveLength(4);
    const saved = outputFile(refused, 'result-file');
    const why = /HTTP 503 Service Unavailable: maintenance window\. The report was not delivered\.$/;
    expect(saved).toMatchObject({ leftOut: 1, error: { message: expect.stringMatching(why) as unknown } });
    expect(saved).not.toHaveProperty('message');
    expect(refused.stdout.match(/^::warning::/gm)).toHaveLength(1);
    expect(refused.summary).toContain('#### The report that was not delivered');
    expect(refused.summary).toContain('#### Skipped pods (1)');
  });

  // One environment refused (404), its payload kept; the same for a 503 to a single environment, above.
  it('one environment the service refuses does not stop the others: its payload is kept, the step fails naming it', async () => {
    const sandbox = await start();
    const result = await report(workspace(TEAMS, `${CONFIG}  - name: nowhere\n    namespaces: [batch]\n`), {
      ...connection(sandbox.url),
      'config-file': 'envs.yaml',
      'pods-file': 'pods.json',
    });
    expectStep(result, {
      code: 1,
      outputs: { outcome: 'error' },
      stdout: ['::error title=Environment nowhere not reported::'],
      summary: ['### 2 of 3 environments reported', '| nowhere | ❌ not reported | 1 | 0 | 0 |  |'],
    });
    const [staging, production, nowhere] = listed(result);
    expect(staging?.outcome).toBe('reported');
    expect(production?.outcome).toBe('reported');
    expect(nowhere).toMatchObject({ name: 'nowhere', outcome: 'error', pods: 1 });
    expect(nowhere?.message).toContain("Environment named 'nowhere' does not exist");
    expect(JSON.parse(result.files[nowhere?.['payload-file'] ?? ''] ?? '')).toEqual({ artifacts: [] });
    // The failure comes last, after every environment was reported.
    expect(result.stdout.trimEnd().split('\n').at(-1)).toMatch(
      /^::error::Could not report 1 of 3 environments: nowhere \(PUT .+404.+\)\. Each payload is kept/,
    );
  });

  // The kubeconfig input and a read of every namespace: the many environments below, one read for all.
  it('asks only for the named namespaces, with KUBECONFIG from the environment and a kube-context', async () => {
    const sandbox = await start();
    const { api, kc, env } = await liveCluster();
    const result = await report(
      undefined,
      {
        ...connection(sandbox.url),
        environment: 'staging',
        namespaces: 'shop\nbatch',
        'kube-context': 'live',
      },
      { ...env, KUBECONFIG: kc.path },
    );
    expect(result.code).toBe(0);
    expect(api.namespacesAsked()).toEqual(['batch', 'shop']);
    expect(result.outputs).toMatchObject({ pods: '5', artifacts: '3' });
  });

  it.each([
    ['reads the cluster once for all the environments when any selects by regex', CONFIG, [undefined], 3],
    [
      'asks only for the named namespaces, each once, when every environment names its own',
      'environments:\n  - name: staging\n    namespaces: [team-a, shop]\n  - name: production\n    namespaces: [shop]\n',
      ['shop', 'team-a'],
      4,
    ],
  ])('many environments: %s', async (_what, config, asked, stagingPods) => {
    const sandbox = await start();
    const { api, kc, env } = await liveCluster(TEAMS);
    const result = await report(
      undefined,
      { ...connection(sandbox.url), environments: config, kubeconfig: kc.path },
      env,
    );
    expect(result.code).toBe(0);
    expect(api.namespacesAsked()).toEqual(asked);
    expect(result.stdout).toContain('::group::Read pods (kubectl)\n');
    expect(listed(result).map((e) => [e.name, e.pods])).toEqual([
      ['staging', stagingPods],
      ['production', 2],
    ]);
  });
});

describe('report-k8s-env against a loopback server', () => {
  it('links the snapshot where the answer gives a page, and says when it names no number', async () => {
    const answers = [
      {
        status: 201,
        body: { message: 'Accepted', errors: {}, html_url: 'https://app.example.test/e/prod/9' },
      },
      // No `errors`: only shown, a string `message` alone is the service's answer (delivered).
      { status: 201, body: { message: 'prod#12 and more', html_url: 'https://app.example.test/e/prod/12' } },
    ];
    const { origin } = await server((_req, res, index) => {
      const answer = answers[index] ?? { status: 500, body: {} };
      json(res, answer.status, answer.body);
    });
    const dir = workspace();
    const run = () => report(dir, { ...loopback(origin), environment: 'prod', 'pods-file': 'pods.json' });
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
  });

  it('scrubs the token from the service message in outputs and summary, even escaped', async () => {
    const { origin } = await server((req, res) =>
      json(res, 200, { message: `accepted for ${req.headers.authorization ?? ''}`, errors: {} }),
    );
    const result = await report(workspace(), {
      ...loopback(origin),
      environment: 'staging',
      'pods-file': 'pods.json',
    });
    expect(result.code).toBe(0);
    expect(result.outputs.message).toBe('accepted for Bearer ***');
    noLeak(result.everything);
    // The escaped form would slip past the runner's mask.
    expect(result.summary).not.toContain(TEST_TOKEN.replace(/_/g, '\\_'));
  });

  it('takes the YAML of many environments inline; a dry run keeps each payload and sends nothing', async () => {
    const { origin, requests } = await server((_req, res) => json(res, 500, {}));
    const inline = (dir: string, environments: string) =>
      report(dir, { ...connection(origin), environments, 'pods-file': 'pods.json', 'dry-run': 'true' });
    const result = await inline(workspace(TEAMS), CONFIG);
    expect(result.code).toBe(0);
    expect(result.outputs.outcome).toBe('dry-run');
    const [staging, production] = listed(result);
    expect(staging).toMatchObject({ name: 'staging', outcome: 'dry-run', pods: 3 });
    const kept = JSON.parse(result.files[staging?.['payload-file'] ?? ''] ?? '') as {
      artifacts: { podName: string }[];
    };
    expect(kept.artifacts.map((a) => a.podName)).toEqual(['api-1', 'api-2']);
    expect(production?.['payload-file']).toMatch(/report-k8s-env-payload-production-/);
    expect(result.summary).toContain('### DRY RUN: 2 environments not reported');

    // A name YAML reads as a number, a namespace too, and `namespaces:` left empty (as good as absent).
    const long = `a${'b'.repeat(219)}`;
    const dir = workspace([pod('n-1', { ns: '123', statuses: [running('nginx:1.27', D1)] })]);
    const numbers = await inline(
      dir,
      `environments:\n  - name: 2026\n    namespaces: [123]\n  - name: ${long}\n    namespaces:\n`,
    );
    expect(numbers.code).toBe(0);
    const [year, longest] = listed(numbers);
    expect(year).toMatchObject({ name: '2026', pods: 1 });
    // A name too long for a file name still gets its payload kept (ENAMETOOLONG otherwise).
    expect(longest?.pods).toBe(1);
    expect(numbers.files[longest?.['payload-file'] ?? '']).toBeDefined();
    // Line numbers of inline YAML after blank lines.
    const shifted = await inline(dir, '\n\n\nenvironments:\n  - name: a\n    namespace: [x]\n');
    expect(shifted.stdout).toContain(
      "::error::Invalid input 'environments': the YAML, line 6, column 5: a key other than `name`",
    );
    expect(requests).toHaveLength(0);
  });

  describe('what cannot be read fails before anything is sent, the result file saying what was asked', () => {
    /** A step against a recording stand-in for the service, which a failing step must not have reached. */
    async function refused(
      cwd: string | undefined,
      inputs: Record<string, string>,
      env?: Record<string, string>,
    ) {
      const { origin, requests } = await server((_req, res) => json(res, 200, {}));
      const result = await report(cwd, { ...loopback(origin), environment: 'staging', ...inputs }, env);
      expect(result.code).toBe(1);
      expect(requests).toHaveLength(0);
      return result;
    }

    it('a pods file that is not a pod list', async () => {
      const dir = tempDir('pods-');
      writeFileSync(join(dir, 'pods.json'), '{"items": [{"metadata": ');
      const result = await refused(dir, { 'pods-file': 'pods.json' });
      expect(result.stdout).toMatch(/::error::pods-file: .*pods\.json is not the JSON of a pod list/);
      expect(outputFile(result, 'result-file')).toMatchObject({
        outcome: 'error',
        environment: 'staging',
        source: join(dir, 'pods.json'),
        error: { kind: 'source' },
      });
      expect(result.summary).toContain('### ⚠️ Could not report environment staging');
      expect(result.outputs['payload-file']).toBeUndefined();
    });

    it('kubectl refused (RBAC), naming what to check', async () => {
      const { kc, env } = await liveCluster(CLUSTER, 403);
      const result = await refused(undefined, { kubeconfig: kc.path }, env);
      expect(result.stdout).toMatch(/::error::kubectl: .*Forbidden.*RBAC/);
      expect(outputFile(result, 'result-file')).toMatchObject({
        outcome: 'error',
        source: 'kubectl',
        error: { kind: 'source' },
      });
    });

    it('a bad config is an input error, named with its file', async () => {
      const dir = tempDir('bad-');
      writeFileSync(join(dir, 'envs.yaml'), 'environments: []\n');
      // A pods file that does not exist: reading it would be a different error.
      const inputs = { environment: '', 'config-file': 'envs.yaml', 'pods-file': 'missing.json' };
      const result = await refused(dir, inputs);
      expect(result.outputs.outcome).toBe('error');
      // Set even so: a later fromJSON of it never breaks.
      expect(result.outputs.environments).toBe('[]');
      expect(outputFile(result, 'result-file')).toMatchObject({ error: { kind: 'input' } });
      expect(result.summary).toContain('### ⚠️ Could not report the environment');
      // Each config's refusal: test/actions/report-k8s-env/inputs.test.ts.
      expect(/::error::(.*)/.exec(result.stdout)?.[1]).toMatch(
        `Invalid input 'config-file': ${join(dir, 'envs.yaml')}, line 1, column 15: `,
      );
    });
  });
});
