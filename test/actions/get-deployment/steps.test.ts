/**
 * get-deployment run as a step in-process against the sandbox (or a loopback server that answers what the sandbox
 * would not): every branch of reading a deployment and what shipped with it, under both answer profiles. The bundle
 * keeps its contract in test/dist/get-deployment.test.ts.
 */
import { expectRefusedBeforeAnyRequest } from '../../helpers/step-result.js';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../helpers/git.js';
import { outputFile } from '../../helpers/runner.js';
import { DEMO_TOKEN, useSandbox } from '../../helpers/sandbox.js';
import { assertNoSecret, TEST_TOKEN, withoutMaskCommands } from '../../helpers/secrets.js';
import { json, startServer, type RecordedRequest } from '../../helpers/server.js';

import { useInProcessAction } from '../../helpers/in-process.js';
import { byProfileOf, PROFILES } from '@compliance-actions/sandbox/profile';
import type { SandboxOptions } from '@compliance-actions/sandbox/server';

const runAction = useInProcessAction();
const startSandbox = useSandbox();
const connection = (url: string) => ({ 'api-url': url, 'api-token': DEMO_TOKEN, org: 'demo' });
const noLeak = (everything: string) => assertNoSecret(withoutMaskCommands(everything), 'the step');

/** Demo seed: backend 1.4.0 ran in staging from snapshot 1; 1.5.0 replaced it in snapshot 2 (never in production). */
const BACKEND_140 = '9e5f20177e2131a174e6d70d947a1244919fcb0ef41d1ce7e975f79d068f647d';
const BACKEND_150 = '33907d725bd992d1651784dee23dff369334af6903feb0d75e00eb37a820491f';

/** get-deployment of `fingerprint` in prod, asked of a loopback server that answers `body` (what the sandbox would not). */
async function askLoopback(
  body: unknown,
  fingerprint = 'd'.repeat(64),
  inputs: Record<string, string> = {},
  cwd?: string,
) {
  // A function answers from the request (a service that echoes what it was sent).
  const server = await startServer((req, res) =>
    json(res, 200, typeof body === 'function' ? (body as (r: RecordedRequest) => unknown)(req) : body),
  );
  try {
    const result = await runAction('get-deployment', {
      inputs: {
        'api-url': server.origin,
        'api-token': TEST_TOKEN,
        org: 'acme',
        environment: 'prod',
        fingerprint,
        ...inputs,
      },
      ...(cwd !== undefined && { cwd }),
    });
    return { ...result, requests: server.requests as readonly RecordedRequest[] };
  } finally {
    await server.close();
  }
}

/** What the summary and log say of an answer that names neither the fingerprint nor the environment. */
const notConfirmed = (fingerprint: string, environment: string) =>
  `Not confirmed: the answer names no fingerprint and no environment, so it cannot be shown to be about ` +
  `${fingerprint} in ${environment} as asked.`;

const OUTPUTS = [
  'found',
  'deployed-at',
  'snapshot-index',
  'artifact-name',
  'replaced-fingerprint',
  'replaced-commit',
  'compare-url',
  'lead-time-seconds',
  'diff-url',
];

describe.each(PROFILES)('get-deployment, the sandbox answering %s', (PROFILE) => {
  const byProfile = byProfileOf(PROFILE);
  /**
   * A summary row of a field the deployment only shows: `row` as the full answer gives it; no row of that field where a
   * minimal answer leaves it out (the step says nothing it was not told).
   */
  function expectShownRow(summary: string, row: string): void {
    if (PROFILE === 'full') expect(summary).toContain(row);
    else expect(summary).not.toContain(row.slice(0, row.indexOf(' | ') + 3));
  }
  const start = (options: Partial<SandboxOptions> = {}) => startSandbox({ profile: PROFILE, ...options });

  it('fail-if-missing (the default) is a gate: found only on an answer that names what was asked', async () => {
    const sandbox = await start();
    const result = await runAction('get-deployment', {
      inputs: { ...connection(sandbox.url), environment: 'staging', fingerprint: BACKEND_150 },
    });
    expect(result.code).toBe(byProfile(0, 1));
    expect(result.outputs).toMatchObject({
      outcome: byProfile('found', 'error'),
      found: byProfile('true', ''),
    });
    if (PROFILE === 'minimal') {
      const failure =
        `fail-if-missing: could not check. ${notConfirmed(BACKEND_150, 'staging')} ` +
        'Set fail-if-missing: false to read it as found all the same.';
      expect(result.stdout).toContain(`::error::${failure}`);
      expect(result.summary).toContain(failure);
      expect(outputFile(result, 'result-file')).toMatchObject({
        outcome: 'error',
        found: null,
        error: { kind: 'unexpected-response', message: failure },
      });
    }
  });

  it('a first deployment has no replaced artifact and no diff', async () => {
    const sandbox = await start();
    const result = await runAction('get-deployment', {
      inputs: {
        ...connection(sandbox.url),
        environment: 'staging',
        fingerprint: BACKEND_140,
        'fail-if-missing': 'false',
      },
    });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({
      found: 'true',
      'deployed-at': byProfile('2026-11-02T09:16:40Z', ''),
      'snapshot-index': byProfile('1', ''),
      'replaced-fingerprint': '',
      'diff-url': '',
    });
    expect(result.summary).not.toContain('| Diff |');
    // The full answer says it replaced nothing (null); a minimal one does not say, and the summary must not claim it.
    expectShownRow(result.summary, '| Replaced | nothing |');
    // Nothing replaced: no replaced commit, no compare link; the lead time of 1.4.0 from its commit still.
    expect(result.outputs).toMatchObject({
      'replaced-commit': '',
      'compare-url': '',
      // staging#1 at 1793611000; 1.4.0's commit at 1793609900.
      'lead-time-seconds': byProfile(String(1793611000 - 1793609900), ''),
    });
    if (PROFILE === 'full') {
      expect(result.summary).toContain('backend 1.4.0 replaced nothing 18 min after its commit');
    } else expect(result.summary).not.toContain('after its commit');
  });

  describe('what shipped, from one answer and the checkout', () => {
    /** A deployment of `to` replacing `from`, each a commit of `repo` at a commit page, deployed at `deployedAt`. */
    const deployment = (
      repo: string,
      commits: { from: string; to: string; committed: number },
      deployedAt: number,
    ) => ({
      fingerprint: 'd'.repeat(64),
      env_name: 'prod',
      deployed_at: deployedAt,
      artifact_name: 'ghcr.io/acme/backend:1.6.0',
      artifact: {
        git_commit: commits.to,
        git_commit_info: {
          sha1: commits.to,
          timestamp: commits.committed,
          url: `${repo}/commit/${commits.to}`,
        },
      },
      replaced_artifact: {
        fingerprint: 'e'.repeat(64),
        artifact_name: 'ghcr.io/acme/backend:1.4.0',
        artifact: { git_commit_info: { sha1: commits.from, url: `${repo}/commit/${commits.from}` } },
      },
    });
    const { repo } = useTempDirs();

    /** A checkout of 15 commits, oldest first. */
    const history = () => {
      const r = repo();
      const shas: string[] = [];
      for (let i = 0; i < 15; i++) {
        r.git('commit', '-q', '--allow-empty', '-m', `change ${i}`);
        shas.push(r.git('rev-parse', 'HEAD'));
      }
      return { r, shas };
    };
    /** The deployment of `to` replacing `from` in acme/shop, 3 h 12 min after its commit, asked in `cwd`. */
    const shipped = (from: string, to: string, cwd: string) =>
      askLoopback(
        deployment('https://github.com/acme/shop', { from, to, committed: 1_000_000 }, 1_011_520),
        'd'.repeat(64),
        { 'fail-if-missing': 'false' },
        cwd,
      );

    it('counts the commits between the two in the checkout, links the comparison, and says the lead time', async () => {
      const { r, shas } = history();
      const [from, to] = [shas[0] ?? '', shas[14] ?? ''];
      const result = await shipped(from, to, r.dir);
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({
        'replaced-fingerprint': 'e'.repeat(64),
        'replaced-commit': from,
        'compare-url': `https://github.com/acme/shop/compare/${from}...${to}`,
        'lead-time-seconds': '11520',
      });
      const line =
        `backend 1.6.0 replaced 1.4.0 (14 commits, [compare](https://github.com/acme/shop/compare/${from}...${to}))` +
        ' 3 h 12 min after its commit';
      expect(result.summary).toContain(
        `### ghcr.io/acme/backend:1.6.0 deployed to prod\n\n${line}\n\n| Field |`,
      );
      expect(result.stdout).toContain(
        'backend 1.6.0 replaced 1.4.0 (14 commits, compare) 3 h 12 min after its commit',
      );
      expect(outputFile(result, 'result-file')).toMatchObject({ commits: 14, leadTimeSeconds: 11520 });
      // Only the nine endpoints: the one read of the deployment.
      expect(result.requests).toHaveLength(1);
    });

    it("counts between the commits the service's SHAs name, never a branch or tag named like one", async () => {
      const { r, shas } = history();
      // The service names both commits abbreviated; the checkout has a tag and a branch of those very names, which
      // git alone would read first (14 commits would count as none).
      const [from, to] = [(shas[0] ?? '').slice(0, 7), (shas[14] ?? '').slice(0, 10)];
      r.git('tag', from, shas[13] ?? '');
      r.git('branch', to, shas[1] ?? '');
      expect(r.git('rev-list', '--count', `${from}..${to}`)).toBe('0');
      const result = await shipped(from, to, r.dir);
      expect(result.code).toBe(0);
      expect(result.outputs['replaced-commit']).toBe(from);
      expect(outputFile(result, 'result-file')).toMatchObject({ commits: 14 });
      expect(result.stdout).toContain('backend 1.6.0 replaced 1.4.0 (14 commits, compare)');
    });

    it('leaves each empty, never guessed, where the answer does not give it', async () => {
      const [from, to] = ['a'.repeat(40), 'b'.repeat(40)];
      // Two repositories: nothing to compare. A start before the commit: no lead time. No checkout: no count.
      const answer = deployment('https://github.com/acme/shop', { from, to, committed: 2_000 }, 1_000);
      answer.replaced_artifact.artifact.git_commit_info.url = `https://github.com/acme/other/commit/${from}`;
      const result = await askLoopback(answer, 'd'.repeat(64), { 'fail-if-missing': 'false' });
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({
        'replaced-commit': from,
        'compare-url': '',
        'lead-time-seconds': '',
      });
      expect(result.summary).toContain('backend 1.6.0 replaced 1.4.0\n\n| Field |');
      const saved = outputFile(result, 'result-file') as Record<string, unknown>;
      expect(saved).toMatchObject({ compareUrl: null, leadTimeSeconds: null });
      expect(saved.commits).toBeUndefined();
    });
  });

  describe('not deployed (404)', () => {
    it('fails by default, saying plainly the artifact was not deployed to that environment', async () => {
      const sandbox = await start();
      const result = await runAction('get-deployment', {
        inputs: { ...connection(sandbox.url), environment: 'production', fingerprint: BACKEND_150 },
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(
        `::error::Artifact ${BACKEND_150} was not deployed to environment 'production' (org 'demo'): the service` +
          ` answered HTTP 404: Artifact with fingerprint '${BACKEND_150}' was not deployed to environment` +
          ` 'production' in organization 'demo'. Set fail-if-missing: false to carry on when it is not deployed.`,
      );
      expect(result.outputs).toMatchObject({
        outcome: 'not-found',
        found: 'false',
        'deployed-at': '',
        'snapshot-index': '',
      });
      expect(result.summary).toContain('### Not deployed to production');
      expect(outputFile(result, 'result-file')).toMatchObject({
        outcome: 'not-found',
        found: false,
        deployedAt: null,
        serverMessage: `Artifact with fingerprint '${BACKEND_150}' was not deployed to environment 'production' in organization 'demo'`,
      });
    });

    it('with fail-if-missing: false, sets found=false and carries on', async () => {
      const sandbox = await start();
      const result = await runAction('get-deployment', {
        inputs: {
          ...connection(sandbox.url),
          environment: 'production',
          fingerprint: BACKEND_150,
          'fail-if-missing': 'false',
        },
      });
      expect(result.code).toBe(0);
      expect(result.stdout).not.toContain('::error::');
      // A warning quoting the service, so a 404 read wrongly as "not deployed" would still be seen.
      expect(result.stdout).toContain(
        `::warning::Artifact ${BACKEND_150} was not deployed to environment 'production' (org 'demo'): the service` +
          ` answered HTTP 404: Artifact with fingerprint '${BACKEND_150}' was not deployed to environment` +
          ` 'production' in organization 'demo'. fail-if-missing is false: carrying on with found=false.`,
      );
      expect(Object.fromEntries(['outcome', ...OUTPUTS].map((name) => [name, result.outputs[name]]))).toEqual(
        {
          outcome: 'not-found',
          found: 'false',
          'deployed-at': '',
          'snapshot-index': '',
          'artifact-name': '',
          'replaced-fingerprint': '',
          'replaced-commit': '',
          'compare-url': '',
          'lead-time-seconds': '',
          'diff-url': '',
        },
      );
      expect(result.outputs['result-file']).toBeTruthy();
      expect(result.summary).toContain('### Not deployed to production');
    });

    it('an environment that does not exist is not "not deployed": it fails even with fail-if-missing: false', async () => {
      const sandbox = await start();
      const result = await runAction('get-deployment', {
        inputs: {
          ...connection(sandbox.url),
          environment: 'nowhere',
          fingerprint: BACKEND_150,
          'fail-if-missing': 'false',
        },
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(
        '::error::GET /deployments/{org}/{env_name}/{fingerprint} failed with HTTP 404 Not Found: Environment' +
          " named 'nowhere' does not exist for organization 'demo'; not read as \"not deployed\" (found=false):" +
          ' the answer is about the org or environment, not the artifact. Check the org and the names in the request',
      );
      expect(result.outputs).toMatchObject({ outcome: 'error', found: '', 'deployed-at': '' });
      expect(outputFile(result, 'result-file')).toMatchObject({
        outcome: 'error',
        found: null,
        environment: 'nowhere',
        fingerprint: BACKEND_150,
        error: { kind: 'api', message: expect.stringContaining("Environment named 'nowhere'") as unknown },
      });
      expect(result.summary).toContain('### ⚠️ Could not check the deployment to nowhere');
    });

    const answers: [string, number, unknown, string][] = [
      [
        'an org that does not exist',
        404,
        { message: "Organization 'acme' does not exist" },
        'HTTP 404 Not Found: Organization \'acme\' does not exist; not read as "not deployed"',
      ],
      [
        'a 404 that does not say what is missing (a proxy page)',
        404,
        '<html>Not Found</html>',
        'not read as "not deployed" (found=false): the answer does not say the artifact was not deployed',
      ],
    ];
    it.each(answers)('%s fails even with fail-if-missing: false', async (_label, status, body, message) => {
      const server = await startServer((_req, res) => {
        if (typeof body !== 'string') return json(res, status, body);
        res.writeHead(status, { 'content-type': 'text/html' });
        res.end(body);
      });
      try {
        const result = await runAction('get-deployment', {
          inputs: {
            'api-url': server.origin,
            'api-token': TEST_TOKEN,
            org: 'acme',
            environment: 'prod',
            fingerprint: BACKEND_150,
            'fail-if-missing': 'false',
          },
        });
        expect(result.code).toBe(1);
        expect(result.stdout).toContain(message);
        expect(result.stdout).not.toContain('carrying on with found=false');
        expect(result.outputs).toMatchObject({ outcome: 'error', found: '' });
      } finally {
        await server.close();
      }
    });

    it('a 404 in other words about the deployment reads as not deployed, with a warning quoting it', async () => {
      const server = await startServer((_req, res) =>
        json(res, 404, { message: 'No deployment of this fingerprint in environment prod' }),
      );
      try {
        const result = await runAction('get-deployment', {
          inputs: {
            'api-url': server.origin,
            'api-token': TEST_TOKEN,
            org: 'acme',
            environment: 'prod',
            fingerprint: BACKEND_150,
            'fail-if-missing': 'false',
          },
        });
        expect(result.code).toBe(0);
        expect(result.stdout).toContain(
          '::warning::Artifact ' +
            BACKEND_150 +
            " was not deployed to environment 'prod' (org 'acme'): the service" +
            ' answered HTTP 404: No deployment of this fingerprint in environment prod.',
        );
        expect(result.outputs).toMatchObject({ outcome: 'not-found', found: 'false' });
      } finally {
        await server.close();
      }
    });
  });

  it('reads fractional seconds and escapes what the service sends; links only http(s)', async () => {
    const fingerprint = 'd'.repeat(64);
    const result = await askLoopback(
      {
        fingerprint,
        deployed_at: 1793697400.999,
        artifact_name: '<img src=x onerror=alert(1)>',
        env_name: 'prod',
        snapshot_index: 9,
        artifact: { flow_name: '[flow](javascript:alert(1))', git_commit: 'e'.repeat(40) },
        replaced_artifact: null,
        diff_url: 'javascript:alert(1)',
        _links: { environment: { href: 'javascript:alert(2)' } },
      },
      fingerprint,
    );
    expect(result.code).toBe(0);
    expect(result.requests[0]?.url.pathname).toBe(`/api/v2/deployments/acme/prod/${fingerprint}`);
    expect(result.outputs).toMatchObject({
      found: 'true',
      'deployed-at': '2026-11-03T09:16:40Z',
      'snapshot-index': '9',
      'artifact-name': '<img src=x onerror=alert(1)>',
      'replaced-fingerprint': '',
    });
    expect(result.summary).not.toMatch(/<img|\]\(javascript:/);
    expect(result.summary).toContain('### &lt;img src=x onerror=alert(1)&gt; deployed to prod');
    expect(result.summary).toContain('| Environment | prod |');
    expect(result.summary).toContain('| Flow | \\[flow\\]\\(javascript:alert(1)) |');
    expect(result.summary).toContain('| Commit | eeeeeee |');
    expect(result.summary).not.toContain('| Diff |');
    noLeak(result.everything);
  });

  it('carries on when a field it only passes on or shows is null or malformed', async () => {
    const fingerprint = 'd'.repeat(64);
    const result = await askLoopback(
      {
        fingerprint,
        deployed_at: 1793697400,
        artifact_name: null,
        env_name: 'prod',
        snapshot_index: 'nine',
        artifact: {
          flow_name: null,
          trail_name: null,
          git_commit: null,
          git_commit_info: { sha1: 'e'.repeat(40), message: null, url: null },
          repo_info: { name: null, repo_id: null },
        },
        replaced_artifact: { fingerprint: null, artifact_name: null, snapshot_index: null },
        diff_url: 42,
        _links: null,
      },
      fingerprint,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('::error::');
    expect(result.outputs).toMatchObject({
      outcome: 'found',
      found: 'true',
      'deployed-at': '2026-11-03T09:16:40Z',
      'snapshot-index': '',
      'artifact-name': '',
      'replaced-fingerprint': '',
      'diff-url': '',
    });
    expect(result.summary).toContain(`### ${fingerprint} deployed to prod`);
    expect(result.summary).toContain('| Commit | eeeeeee |');
  });

  it('cannot check when the answer is about another fingerprint or environment, whatever fail-if-missing says', async () => {
    const sandbox = await start();
    // Named as the full answer names them: a minimal answer names neither (not confirmed, below).
    const real = {
      ...(await sandbox.client().getDeployment('production', BACKEND_140)),
      fingerprint: BACKEND_140,
      env_name: 'production',
    };
    const ask = (fingerprint: string, environment: string) =>
      runAction('get-deployment', {
        inputs: { ...connection(sandbox.url), environment, fingerprint, 'fail-if-missing': 'false' },
      });
    sandbox.sandbox.faults.respondNext(1, { status: 200, body: real });
    const otherArtifact = await ask(BACKEND_150, 'production');
    expect(otherArtifact.code).toBe(1);
    expect(otherArtifact.stdout).toContain(
      '::error::unexpected response from GET /deployments/{org}/{env_name}/{fingerprint}: fingerprint is ' +
        `"${BACKEND_140}", not "${BACKEND_150}" as asked: the answer is about something else`,
    );
    expect(otherArtifact.outputs).toMatchObject({ outcome: 'error', found: '', 'deployed-at': '' });
    expect(outputFile(otherArtifact, 'result-file')).toMatchObject({
      outcome: 'error',
      fingerprint: BACKEND_150,
      error: { kind: 'unexpected-response' },
    });

    sandbox.sandbox.faults.respondNext(1, { status: 200, body: real });
    const otherEnvironment = await ask(BACKEND_140, 'staging');
    expect(otherEnvironment.code).toBe(1);
    expect(otherEnvironment.stdout).toContain('env_name is "production", not "staging" as asked');
    expect(otherEnvironment.outputs).toMatchObject({ outcome: 'error', found: '' });
  });

  it('an answer without deployed_at is found, deployed-at empty (the spec requires no field of a deployment)', async () => {
    const fingerprint = 'd'.repeat(64);
    const result = await askLoopback({ fingerprint, env_name: 'prod' }, fingerprint);
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ outcome: 'found', found: 'true', 'deployed-at': '' });
    expect(result.stdout).toContain(`${fingerprint} was deployed to prod.\n`);
    expect(result.summary).not.toContain('| Deployed at |');
    // Both named, as asked: confirmed.
    expect(result.everything).not.toMatch(/not confirmed/i);
    expect(outputFile(result, 'result-file')).not.toHaveProperty('notConfirmed');
  });

  const unnamed: [string, Record<string, unknown>, string[], string][] = [
    [
      'neither the fingerprint nor the environment',
      {},
      ['fingerprint', 'env_name'],
      'names no fingerprint and no environment',
    ],
    ['no environment', { fingerprint: 'd'.repeat(64), env_name: null }, ['env_name'], 'names no environment'],
  ];
  it.each(unnamed)(
    'an answer that names %s is found without the gate, and the summary and log say it is not confirmed',
    async (_label, named, missing, says) => {
      const fingerprint = 'd'.repeat(64);
      const result = await askLoopback({ deployed_at: 1793697400, ...named }, fingerprint, {
        'fail-if-missing': 'false',
      });
      expect(result.code).toBe(0);
      expect(result.stdout).not.toContain('::error');
      expect(result.outputs).toMatchObject({
        outcome: 'found',
        found: 'true',
        'deployed-at': '2026-11-03T09:16:40Z',
      });
      const text = `Not confirmed: the answer ${says}, so it cannot be shown to be about ${fingerprint} in prod as asked.`;
      expect(result.stdout).toContain(
        `${fingerprint} was deployed to prod at 2026-11-03T09:16:40Z.\n${text}\n`,
      );
      expect(result.summary).toContain(`### ${fingerprint} deployed to prod\n\n${text}\n`);
      expect(outputFile(result, 'result-file')).toMatchObject({ outcome: 'found', notConfirmed: missing });
    },
  );
  it.each(unnamed)(
    'an answer that names %s is could-not-check with fail-if-missing (the default)',
    async (_label, named, missing, says) => {
      const fingerprint = 'd'.repeat(64);
      const result = await askLoopback({ deployed_at: 1793697400, ...named }, fingerprint);
      expect(result.code).toBe(1);
      expect(result.outputs).toMatchObject({ outcome: 'error', found: '' });
      expect(result.stdout).toContain(
        `::error::fail-if-missing: could not check. Not confirmed: the answer ${says}`,
      );
      expect(outputFile(result, 'result-file')).toMatchObject({ outcome: 'error', notConfirmed: missing });
    },
  );

  describe('bad input fails before any request, naming the input and the expected form', () => {
    const base = { 'api-token': TEST_TOKEN, org: 'acme', environment: 'staging', fingerprint: BACKEND_150 };
    const cases: [string, Record<string, string>, string][] = [
      [
        'a missing environment',
        { environment: '' },
        "Invalid input 'environment': is required. Expected a name",
      ],
      [
        'a bad environment name',
        { environment: 'prod env' },
        "Invalid input 'environment': 'prod env' is not valid. Expected a name starting with a letter or digit",
      ],
      [
        'fail-if-missing that is not a boolean',
        { 'fail-if-missing': 'no' },
        "Invalid input 'fail-if-missing': 'no' is not a boolean. Expected true or false.",
      ],
    ];
    it.each(cases)('%s', async (_label, inputs, message) => {
      await expectRefusedBeforeAnyRequest(
        expect,
        (options) => runAction('get-deployment', options),
        { ...base, ...inputs },
        {
          message,
          heading: 'Could not check the deployment',
          outputs: { found: '', 'deployed-at': '' },
        },
      );
    });
  });

  it('never shows the token when a 200 answer echoes it in the names it logs', async () => {
    const fingerprint = 'd'.repeat(64);
    const result = await askLoopback(
      (req: RecordedRequest) => ({
        fingerprint,
        deployed_at: 1793697400,
        env_name: 'prod',
        artifact_name: `image of ${req.headers.authorization ?? ''}`,
        artifact: { flow_name: `flow of ${req.headers.authorization ?? ''}` },
        diff_url: `https://ui.example.test/${req.headers.authorization ?? ''}`,
      }),
      fingerprint,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('image of Bearer *** was deployed to prod at 2026-11-03T09:16:40Z.');
    noLeak(result.everything);
  });
});
