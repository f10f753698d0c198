/**
 * report-k8s-env with many environments (issue 16): a config file or inline YAML, one read of the cluster (a pods
 * file, or the real kubectl against the loopback API server), one PUT per environment to the sandbox. Bad configs
 * fail before anything is read or sent; one environment the service refuses does not stop the others.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/git.js';
import { startKubeApi, writeKubeconfig } from '../helpers/kube-api.js';
import { D1, D2, pod, podList, running } from '../helpers/pods.js';
import { outputFile, runAction, type RunResult } from '../helpers/runner.js';
import { byProfile, DEMO_TOKEN, demoSeed, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, withoutMaskCommands } from '../helpers/secrets.js';
import { json, startServer } from '../helpers/server.js';

const start = useSandbox();
const { tempDir } = useTempDirs();
const connection = (url: string) => ({ 'api-url': url, 'api-token': DEMO_TOKEN, org: 'demo' });

const cluster = [
  pod('web-1', { ns: 'shop', statuses: [running('nginx:1.27', D1)] }),
  pod('web-2', { ns: 'shop', statuses: [running('nginx:1.27', D1)] }),
  pod('api-1', { ns: 'team-a', statuses: [running('api:2', D2)] }),
  pod('api-2', { ns: 'team-b', statuses: [running('api:2', D2)] }),
  pod('job-1', { ns: 'batch', phase: 'Succeeded' }),
  pod('new-1', { ns: 'team-a', statuses: [{ name: 'app', image: 'api:3', imageID: '' }] }),
  pod('sys-1', { ns: 'kube-system', statuses: [running('coredns:1', 'd'.repeat(64))] }),
];

/** A workspace with the pods file and a config file. */
function workspace(config: string): { dir: string } {
  const dir = tempDir('many-');
  writeFileSync(join(dir, 'pods.json'), JSON.stringify(podList(cluster)));
  writeFileSync(join(dir, 'envs.yaml'), config);
  return { dir };
}

const CONFIG = `# staging is the teams' namespaces, production the shop
environments:
  - name: staging
    namespacesRegex: ["^team-"]
  - name: production
    namespaces: [shop]
`;

interface Listed {
  name: string;
  outcome: string;
  pods: number;
  artifacts: number;
  skipped: number;
  message: string;
  'payload-file': string;
}
const listed = (result: RunResult) => JSON.parse(result.outputs.environments ?? '') as Listed[];

describe('report-k8s-env: many environments from one read', () => {
  it('reports each environment from a config file, with its own pods, and one summary row each', async () => {
    const sandbox = await start();
    const { dir } = workspace(CONFIG);
    const result = await runAction('report-k8s-env', {
      cwd: dir,
      inputs: { ...connection(sandbox.url), 'config-file': 'envs.yaml', 'pods-file': 'pods.json' },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.outputs.outcome).toBe('reported');
    expect(listed(result)).toEqual([
      {
        name: 'staging',
        outcome: 'reported',
        pods: 3,
        artifacts: 1,
        skipped: 1,
        // Minimal answers (no body, then "OK") go to whichever report arrives first: both are sent at once.
        message: byProfile(
          'Snapshot staging#3 created with 1 artifact(s)',
          expect.stringMatching(/^(OK)?$/) as unknown,
        ),
        'payload-file': '',
      },
      {
        name: 'production',
        outcome: 'reported',
        pods: 2,
        artifacts: 1,
        skipped: 0,
        message: byProfile(
          'Snapshot production#3 created with 1 artifact(s)',
          expect.stringMatching(/^(OK)?$/) as unknown,
        ),
        'payload-file': '',
      },
    ]);
    // What the service now runs in each: only the pods of its namespaces. Read from the sandbox's store, as the pods
    // of a diff are only shown (a minimal answer leaves them out).
    const runs = (env: string) => {
      const held = sandbox.sandbox.service.data.orgs.demo?.environments.find((e) => e.name === env);
      return (held?.snapshots.at(-1)?.artifacts ?? []).map((a) => `${a.name} ${a.pods.join(',')}`).sort();
    };
    expect(runs('staging')).toEqual(['api:2 api-1,api-2']);
    expect(runs('production')).toEqual(['nginx:1.27 web-1,web-2']);

    expect(result.summary).toContain('### 2 environments reported');
    expect(result.summary).toContain(
      '| Environment | Outcome | Pods | Artifacts | Skipped | Snapshot | Message |',
    );
    expect(result.summary).toContain(
      // Pods read, as the environments output counts them.
      byProfile(
        '| staging | ✅ reported | 3 | 1 | 1 | staging#3 (new) | Snapshot staging#3 created with 1 artifact(s) |',
        '| staging | ✅ reported | 3 | 1 | 1 | a snapshot (new) |',
      ),
    );
    // A skipped pod is warned about once, whichever environments hold it.
    expect(result.stdout.match(/::warning::Skipped pod team-a\/new-1/g)).toHaveLength(1);
    expect(result.summary).toContain('#### Skipped pods (1)');
    const saved = outputFile(result, 'result-file') as { environments: { environment: string }[] };
    expect(saved.environments.map((e) => e.environment)).toEqual(['staging', 'production']);
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });

  it('takes the same YAML inline; a dry run keeps each payload and sends nothing', async () => {
    const server = await startServer((_req, res) => json(res, 500, {}));
    try {
      const { dir } = workspace('');
      const result = await runAction('report-k8s-env', {
        cwd: dir,
        inputs: {
          ...connection(server.origin),
          environments: CONFIG,
          'pods-file': 'pods.json',
          'dry-run': 'true',
        },
      });
      expect(result.code).toBe(0);
      expect(server.requests).toHaveLength(0);
      expect(result.outputs.outcome).toBe('dry-run');
      const [staging, production] = listed(result);
      expect(staging).toMatchObject({ name: 'staging', outcome: 'dry-run', pods: 3 });
      const kept = JSON.parse(result.files[staging?.['payload-file'] ?? ''] ?? '') as {
        artifacts: { podName: string }[];
      };
      expect(kept.artifacts.map((a) => a.podName)).toEqual(['api-1', 'api-2']);
      expect(production?.['payload-file']).toMatch(/report-k8s-env-payload-production-/);
      expect(result.summary).toContain('### DRY RUN: 2 environments not reported');
    } finally {
      await server.close();
    }
  });

  it('one environment the service refuses does not stop the others: its payload is kept, the step fails naming it', async () => {
    const sandbox = await start();
    const { dir } = workspace(`${CONFIG}  - name: nowhere\n    namespaces: [batch]\n`);
    const result = await runAction('report-k8s-env', {
      cwd: dir,
      inputs: { ...connection(sandbox.url), 'config-file': 'envs.yaml', 'pods-file': 'pods.json' },
    });
    expect(result.code).toBe(1);
    expect(result.outputs.outcome).toBe('error');
    const [staging, production, nowhere] = listed(result);
    expect(staging?.outcome).toBe('reported');
    expect(production?.outcome).toBe('reported');
    expect(nowhere).toMatchObject({ name: 'nowhere', outcome: 'error', pods: 1 });
    expect(nowhere?.message).toContain("Environment named 'nowhere' does not exist");
    expect(JSON.parse(result.files[nowhere?.['payload-file'] ?? ''] ?? '')).toEqual({ artifacts: [] });
    expect(result.stdout).toContain('::error title=Environment nowhere not reported::');
    // The failure comes last, after every environment was reported.
    expect(result.stdout.trimEnd().split('\n').at(-1)).toMatch(
      /^::error::Could not report 1 of 3 environment\(s\): nowhere \(PUT .+404.+\)\. Each payload is kept/,
    );
    expect(result.summary).toContain('### 2 of 3 environments reported');
    expect(result.summary).toContain('| nowhere | ❌ not reported | 1 | 0 | 0 |  |');
  });

  describe('a bad config is an input error before anything is read or sent', () => {
    async function refused(config: string, inputs: Record<string, string> = {}) {
      const server = await startServer((_req, res) => json(res, 200, {}));
      try {
        const dir = tempDir('bad-');
        writeFileSync(join(dir, 'envs.yaml'), config);
        const result = await runAction('report-k8s-env', {
          cwd: dir,
          // A pods file that does not exist: reading it would be a different error.
          inputs: {
            ...connection(server.origin),
            'config-file': 'envs.yaml',
            'pods-file': 'missing.json',
            ...inputs,
          },
        });
        expect(result.code).toBe(1);
        expect(server.requests).toHaveLength(0);
        expect(result.outputs.outcome).toBe('error');
        // Set even so: a later fromJSON of it never breaks.
        expect(result.outputs.environments).toBe('[]');
        expect(outputFile(result, 'result-file')).toMatchObject({ error: { kind: 'input' } });
        return { result, path: join(dir, 'envs.yaml') };
      } finally {
        await server.close();
      }
    }

    // Each names the place and the form, and quotes nothing of the file (issue 25): `hidden` is text of the file
    // the old messages showed.
    it.each([
      [
        'YAML that does not parse',
        'environments:\n  - name: staging\n   namespaces: [a\n',
        /line 3, column 1: not valid YAML \(a closing bracket, quote or separator is missing\)/,
        'staging',
      ],
      [
        'an unknown key, with its line',
        'environments:\n  - name: staging\n    namespace: [shop]\n',
        /line 3, column 5: a key other than `name`, `namespaces`, `namespacesRegex`, `excludeNamespaces`, `excludeNamespacesRegex` \(a typo would select other namespaces\)/,
        '"namespace"',
      ],
      [
        'no environments',
        'environments: []\n',
        /line 1, column 15: `environments` must be a list of at least one environment/,
        '[]',
      ],
      [
        'a bad environment name',
        'environments:\n  - name: "st aging"\n',
        /line 2, column 11: `name` is not an environment name \(a name starting with a letter or digit/,
        'st aging',
      ],
      [
        'a name listed twice',
        'environments:\n  - name: a\n  - name: a\n',
        /line 3, column 11: the same `name` as the environment at line 2: each is listed once/,
        "'a'",
      ],
      [
        'a bad namespace name',
        'environments:\n  - name: a\n    namespaces: [Shop]\n',
        /line 3, column 18: an item of `namespaces` is not a namespace name/,
        'Shop',
      ],
      [
        'a regex RE2 cannot run',
        'environments:\n  - name: a\n    namespacesRegex: ["(?=x)"]\n',
        /line 3, column 23: an item of `namespacesRegex` is not a usable regular expression: lookahead is not supported/,
        '(?=',
      ],
      [
        'an empty pattern, which would match every namespace (found by review)',
        'environments:\n  - name: a\n    excludeNamespacesRegex: [""]\n',
        /line 3, column 30: an item of `excludeNamespacesRegex` is empty or has spaces around it/,
        '""',
      ],
      [
        'a pattern with spaces around it',
        'environments:\n  - name: a\n    namespacesRegex: [" ^team-"]\n',
        /line 3, column 23: an item of `namespacesRegex` is empty or has spaces around it/,
        'team-',
      ],
      [
        'an alias, which would be misread',
        'environments:\n  - name: &s3cret a\n  - name: *s3cret\n',
        /line 3, column 11: aliases \(\*name\) and merge keys \(<<\) are not supported here/,
        's3cret',
      ],
      [
        'a merge key',
        'base: &m3rge {name: a}\nenvironments:\n  - <<: *m3rge\n',
        /line \d, column \d+: aliases \(\*name\) and merge keys \(<<\) are not supported here/,
        'm3rge',
      ],
      [
        'include and exclude together',
        'environments:\n  - name: a\n    namespaces: [shop]\n    excludeNamespaces: [batch]\n',
        /line 2, column 5: an environment both includes and excludes namespaces/,
        "'a'",
      ],
    ])('%s', async (_what, config, problem, hidden) => {
      const { result, path } = await refused(config);
      const error = /::error::(.*)/.exec(result.stdout)?.[1] ?? '';
      expect(error).toMatch(/^Invalid input 'config-file': /);
      expect(error).toContain(path);
      expect(error).toMatch(problem);
      expect(error).toMatch(/Expected (YAML with a list `environments`|regular expressions in RE2 syntax)/);
      expect(error).not.toContain(hidden);
    });

    it('with environment or a namespace input, naming both', async () => {
      const { result } = await refused(CONFIG, { environment: 'staging' });
      expect(result.stdout).toContain(
        "::error::Invalid input 'config-file': is given together with environment: with a config, each environment's name and namespaces are in it. Expected config-file alone, or environment with its namespace inputs.",
      );
      const again = await refused(CONFIG, { 'exclude-namespaces': 'kube-system' });
      expect(again.result.stdout).toContain(
        "Invalid input 'config-file': is given together with exclude-namespaces",
      );
    });

    it('a config file that cannot be read names the input, not a bug', async () => {
      const { result } = await refused(CONFIG, { 'config-file': '/proc/self/mem' });
      expect(result.stdout).toMatch(
        /::error::Invalid input 'config-file': \/proc\/self\/mem could not be read: /,
      );
    });

    it('a config file that is not there', async () => {
      const { result } = await refused(CONFIG, { 'config-file': 'nope.yaml' });
      expect(result.stdout).toMatch(
        /::error::Invalid input 'config-file': \S+nope\.yaml is not a readable file/,
      );
    });
  });
});

describe('report-k8s-env: what a config may hold', () => {
  it('numbers as namespace names, an empty selector, a long name, and line numbers of inline YAML after blank lines', async () => {
    const sandbox = await start({
      seed: (() => {
        const seed = demoSeed() as { orgs: { demo: { environments: { name: string }[] } } };
        seed.orgs.demo.environments.push({ name: `a${'b'.repeat(219)}` }, { name: '2026' });
        return seed;
      })(),
    });
    const dir = tempDir('odd-');
    writeFileSync(
      join(dir, 'pods.json'),
      JSON.stringify(podList([pod('n-1', { ns: '123', statuses: [running('nginx:1.27', D1)] })])),
    );
    const result = await runAction('report-k8s-env', {
      cwd: dir,
      inputs: {
        ...connection(sandbox.url),
        // A name YAML reads as a number, a namespace too, and `namespaces:` left empty (as good as absent).
        environments: `environments:\n  - name: 2026\n    namespaces: [123]\n  - name: a${'b'.repeat(219)}\n    namespaces:\n`,
        'pods-file': 'pods.json',
        'dry-run': 'true',
      },
    });
    expect(result.code).toBe(0);
    const [year, long] = listed(result);
    expect(year).toMatchObject({ name: '2026', pods: 1 });
    // A name too long for a file name still gets its payload kept (found by review: ENAMETOOLONG).
    expect(long?.pods).toBe(1);
    expect(result.files[long?.['payload-file'] ?? '']).toBeDefined();
    const shifted = await runAction('report-k8s-env', {
      cwd: dir,
      inputs: {
        ...connection(sandbox.url),
        environments: '\n\n\nenvironments:\n  - name: a\n    namespace: [x]\n',
        'pods-file': 'pods.json',
      },
    });
    expect(shifted.stdout).toContain(
      "::error::Invalid input 'environments': the YAML, line 6, column 5: a key other than `name`",
    );
  });
});

describe('report-k8s-env: many environments live through the real kubectl', () => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const o of opened.splice(0).reverse()) await o.close();
  });

  async function live(config: string) {
    const sandbox = await start({ seed: demoSeed() });
    const api = await startKubeApi({ pods: cluster });
    opened.push(api);
    const kc = await writeKubeconfig({ live: api.origin }, 'live');
    opened.push({ close: () => kc.remove() });
    const result = await runAction('report-k8s-env', {
      inputs: { ...connection(sandbox.url), environments: config, kubeconfig: kc.path },
      env: { HOME: kc.dir },
    });
    return { api, result };
  }

  it('reads the cluster once for all the environments when any selects by regex', async () => {
    const { api, result } = await live(CONFIG);
    expect(result.code).toBe(0);
    expect(api.podRequests().map((r) => r.namespace)).toEqual([undefined]);
    expect(listed(result).map((e) => [e.name, e.pods])).toEqual([
      ['staging', 3],
      ['production', 2],
    ]);
  });

  it('asks only for the named namespaces, each once, when every environment names its own', async () => {
    const { api, result } = await live(
      'environments:\n  - name: staging\n    namespaces: [team-a, shop]\n  - name: production\n    namespaces: [shop]\n',
    );
    expect(result.code).toBe(0);
    expect(
      api
        .podRequests()
        .map((r) => r.namespace)
        .sort(),
    ).toEqual(['shop', 'team-a']);
    expect(listed(result).map((e) => [e.name, e.pods])).toEqual([
      ['staging', 4],
      ['production', 2],
    ]);
  });
});
