/**
 * report-artifact run as a step in-process against the sandbox (under both answer profiles where the answer shows)
 * or a loopback server: every branch of fingerprinting (a file, a folder, an image in a real registry on loopback
 * pushed by skopeo, a Docker Engine on a unix socket), the commit context, the read-back and the delivery. The bundle
 * keeps its contract in test/dist/module-load.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byProfileOf, PROFILES, type AnswerProfile } from '@compliance-actions/sandbox/profile';
import { AUTHOR, useTempDirs } from '../../helpers/git.js';
import { useInProcessAction } from '../../helpers/in-process.js';
import { startProxy } from '../../helpers/proxy.js';
import { buildImageLayout, pushLayout, skopeoDigests, startRegistry } from '../../helpers/registry.js';
import type { TestRegistry } from '../../helpers/registry.js';
import { APP_BIN_FP, checkout, reportInputs } from '../../helpers/report-artifact.js';
import { outputFile, type RunOptions, type RunResult } from '../../helpers/runner.js';
import { useSandbox, type Running } from '../../helpers/sandbox.js';
import { guardSecret } from '../../helpers/secrets.js';
import { cleanedAfterEach, json, type Handler } from '../../helpers/server.js';
import { useLoopbackStep } from '../../helpers/step-against.js';
import { noLeak } from '../../helpers/step-result.js';
import { BACKEND_140, UI_URL } from '@compliance-actions/sandbox/seeds/index';

const runAction = useInProcessAction();
const startSandbox = useSandbox();
const { tempDir, repo } = useTempDirs();
const later = cleanedAfterEach();

/** Independent of our code: the sha256sum binary. */
const sha256sum = (path: string) =>
  execFileSync('sha256sum', [path], { encoding: 'utf8' }).split(' ')[0] ?? '';
/** What the sandbox holds for an artifact, every field, read from its store (a minimal answer leaves some out). */
const held = (sandbox: Running, fingerprint: string) =>
  sandbox.sandbox.service.getArtifact('demo', 'backend', fingerprint, {});
const READ_BACK = /^\/artifacts\/demo\/backend\/fingerprint\//;

const USER = { username: 'ci-bot', password: 'Reg-7a1c9e-secret-pass' };
guardSecret(USER.password);
let registry: TestRegistry;
let image = '';
/** The manifest digest of `image`, as skopeo reads it back. */
let digest = '';
beforeAll(async () => {
  registry = await startRegistry({ htpasswd: USER });
  image = `${registry.host}/shop/api:1.4.0`;
  await pushLayout(buildImageLayout(tempDir('layout-'), '1.4.0'), image, `${USER.username}:${USER.password}`);
  digest = (await skopeoDigests(image, `${USER.username}:${USER.password}`)).digest.replace(/^sha256:/, '');
});
afterAll(async () => {
  await registry.stop();
});

/** A sandbox answering `profile` and a checkout, and a report of its app.bin there with `extra` inputs and `options`. */
async function prepared(profile: AnswerProfile = 'full') {
  const sandbox = await startSandbox({ profile });
  const c = checkout(repo());
  const run = (extra: Record<string, string> = {}, options: RunOptions = {}) =>
    runAction('report-artifact', {
      cwd: c.dir,
      inputs: reportInputs(sandbox.url, extra),
      github: { GITHUB_SHA: c.sha },
      ...options,
    });
  return { sandbox, ...c, run };
}

describe.each(PROFILES)('report-artifact, the sandbox answering %s', (PROFILE) => {
  const byProfile = byProfileOf(PROFILE);

  it('fingerprints a file and reports it with the git and GitHub context', async () => {
    const { sandbox, dir, sha, parent, run } = await prepared(PROFILE);
    const result = await run(
      {
        annotations: 'team=payments\nticket = ABC-1',
        'external-urls': 'docs=https://docs.example.test/app',
        'user-data': '{"size": 12}',
        description: 'The backend <binary>',
      },
      {
        event: {
          commits: [parent, sha].map((id, i) => ({
            id,
            message: ['First', 'Add the build'][i],
            timestamp: AUTHOR.date,
            author: { name: 'Ann', email: 'a@x' },
          })),
        },
      },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const fingerprint = sha256sum(join(dir, 'app.bin'));
    expect(fingerprint).toBe(APP_BIN_FP);
    // What the service now holds, read back after the report for the artifact's page and state (which the 201 answer
    // does not give). A minimal answer gives the state (decided on) but no page (only shown): the step gives none.
    const page = `${UI_URL}/demo/flows/backend/artifacts/${fingerprint}`;
    expect(result.outputs).toMatchObject({
      outcome: 'reported',
      fingerprint,
      filename: 'app.bin',
      trail: sha,
      'git-commit': sha,
      'html-url': byProfile(page, ''),
      state: 'INCOMPLETE',
    });
    expect(result.outputs['payload-file']).toBeUndefined();
    expect(result.stdout).toContain('::group::Fingerprint the artifact');
    expect(result.summary).toContain('### Artifact reported');
    expect(result.summary).toContain('| State after the report | ⚠️ INCOMPLETE |');
    expect(held(sandbox, fingerprint)).toMatchObject({
      filename: 'app.bin',
      git_commit: sha,
      trail_name: sha,
      build_url: 'https://github.com/acme/app/actions/runs/42',
      commit_url: `https://github.com/acme/app/commit/${sha}`,
      html_url: page,
      state: 'INCOMPLETE',
    });
    expect(result.summary.match(/\[Open in the compliance service\]\((\S+)\)/)?.[1]).toBe(
      byProfile(page, undefined),
    );
    const saved = outputFile(result, 'result-file') as { payload: Record<string, unknown> };
    expect(saved).toMatchObject({
      outcome: 'reported',
      dryRun: false,
      response: byProfile({ message: expect.any(String) as unknown }, null),
      page: { htmlUrl: byProfile(page, null), state: 'INCOMPLETE' },
    });
    const { payload } = saved;
    expect(payload).toMatchObject({
      fingerprint,
      git_commit: sha,
      git_commit_info: {
        sha1: sha,
        message: 'Add the build\n\nwith a body',
        author: `${AUTHOR.name} <${AUTHOR.email}>`,
        branch: 'main',
        timestamp: Date.parse(AUTHOR.date) / 1000,
        parents: [parent],
      },
      repo_info: { id: '123456', name: 'acme/app', url: 'https://github.com/acme/app', provider: 'github' },
      repo_url: 'https://github.com/acme/app',
      annotations: { team: 'payments', ticket: 'ABC-1' },
      external_urls: { docs: 'https://docs.example.test/app' },
      user_data: { size: 12 },
    });
    // Push-event commits, newest first.
    expect((payload.commits_list as { sha1: string }[]).map((c) => c.sha1)).toEqual([sha, parent]);
    expect(result.summary).toContain(fingerprint);
    expect(result.summary).toContain('The backend &lt;binary&gt;');
    // Annotations and links as key/value tables.
    expect(result.summary).toContain(
      '#### Annotations\n\n| Key | Value |\n| --- | --- |\n| team | payments |\n| ticket | ABC-1 |',
    );
    expect(result.summary).toContain(
      '#### Links\n\n| Name | Link |\n| --- | --- |\n| docs | [https://docs.example.test/app](https://docs.example.test/app) |',
    );
    noLeak(result.everything);
  });

  it('a report whose read-back fails, or names another artifact, stands with a warning and no page or state', async () => {
    const { sandbox, sha, run } = await prepared(PROFILE);
    sandbox.sandbox.faults.failNext(1, 503, { path: READ_BACK });
    const failed = await run({}, { env: { COMPLIANCE_RETRIES: '0' } });
    // The report itself went through.
    expect(held(sandbox, APP_BIN_FP).git_commit).toBe(sha);
    const body = await sandbox.client().getArtifact('backend', BACKEND_140);
    sandbox.sandbox.faults.respondNext(1, { status: 200, body, path: READ_BACK });
    const another = await run();
    for (const result of [failed, another]) {
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ outcome: 'reported', 'html-url': '', state: '' });
      expect(result.stdout).toContain('::warning::Reported, but the artifact could not be read back');
    }
    expect(failed.stdout).toMatch(
      /::warning::Reported, but the artifact could not be read back for its page and state: GET \/artifacts\/\S+ failed with HTTP 503/,
    );
    expect(failed.summary).toContain('Its page and state could not be read back: GET /artifacts/');
    expect(failed.summary).not.toContain('Open in the compliance service');
    expect(another.stdout).toContain('fingerprint is "9e5f2017');
  });
});

// What the answer profile does not change (what is read and sent, a fault, a refusal), against one sandbox profile.
describe('report-artifact, the sandbox answering full', () => {
  it('fingerprints a directory with excludes exactly as the official CLI', async () => {
    const { dir, run } = await prepared();
    const site = join(dir, 'site');
    mkdirSync(join(site, 'folder2'), { recursive: true });
    writeFileSync(join(site, 'hello.txt'), 'Hello, world! Again!');
    writeFileSync(join(site, 'folder2/hello2.txt'), 'hello2');
    writeFileSync(join(site, 'folder2/hello3.txt'), 'hello3');
    const folder = (extra: Record<string, string>) =>
      run({ flow: 'frontend', artifact: 'site', 'artifact-type': 'dir', ...extra });
    // The reference vector of the folder whole: test/fingerprint/fingerprint.test.ts, through the same fingerprintDir.
    const result = await folder({ exclude: 'folder2', name: 'web-bundle' });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({
      fingerprint: '773fd3300860454a2b065c5912c03008adb11e6a6dcf7c1c64c094ceab8f430a',
      filename: 'web-bundle',
    });
    // Twelve stars against a 200-character name: about 200^11 steps for a backtracking RegExp; the step would hang.
    mkdirSync(join(dir, 'long'));
    writeFileSync(join(dir, 'long', 'a'.repeat(200)), 'x');
    writeFileSync(join(dir, 'long', 'ab.txt'), 'y');
    const whole = await folder({ artifact: 'long', 'dry-run': 'true' });
    const notMatching = await folder({
      artifact: 'long',
      'dry-run': 'true',
      exclude: `${'*a'.repeat(11)}*b`,
    });
    expect(notMatching.code).toBe(0);
    expect(notMatching.outputs.fingerprint).toBe(whole.outputs.fingerprint);
    // Without a name, a folder is reported under its own.
    expect(whole.outputs.filename).toBe('long');
  });

  it('takes the commit context from a pull request, the push event without a checkout, else the SHA alone', async () => {
    const { sandbox, dir, sha, run } = await prepared();
    const payload = (result: RunResult) => {
      expect(result.code).toBe(0);
      return (outputFile(result, 'result-file') as { payload: Record<string, unknown> }).payload;
    };
    // A pull request's checkout is detached: the branch is GITHUB_HEAD_REF, and there are no pushed commits.
    execFileSync('git', ['checkout', '-q', '--detach'], { cwd: dir });
    const event = { pull_request: { number: 7 } };
    const pr = {
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_HEAD_REF: 'feature/login',
      GITHUB_REF_NAME: '7/merge',
    };
    const pulled = payload(await run({}, { github: { GITHUB_SHA: sha, ...pr }, event }));
    expect(pulled.git_commit_info).toMatchObject({ branch: 'feature/login' });
    expect(pulled.commits_list).toBeUndefined();
    const work = tempDir('nocheckout-');
    writeFileSync(join(work, 'app.bin'), 'bytes');
    const elsewhere = (commit: string, head_commit?: unknown) =>
      runAction('report-artifact', {
        cwd: work,
        inputs: reportInputs(sandbox.url),
        github: { GITHUB_SHA: commit },
        event: { head_commit },
      });
    const [fromEvent, alone] = ['c'.repeat(40), 'd'.repeat(40)];
    const url = `https://github.com/acme/app/commit/${fromEvent}`;
    const author = { name: 'Bo', email: 'bo@example.test', username: 'bo' };
    const timestamp = '2026-11-02T08:00:00+01:00';
    const evented = await elsewhere(fromEvent, {
      id: fromEvent,
      message: 'From the event\n',
      timestamp,
      url,
      author,
    });
    expect(payload(evented).git_commit_info).toEqual({
      sha1: fromEvent,
      message: 'From the event',
      author: 'Bo <bo@example.test>',
      author_username: 'bo',
      branch: 'main',
      timestamp: Date.parse('2026-11-02T07:00:00Z') / 1000,
      url,
    });
    expect(evented.stdout).toContain('from the event payload');
    const result = await elsewhere(alone);
    expect(result.stdout).toMatch(/::warning::No commit information for d{40}/);
    expect(payload(result).git_commit).toBe(alone);
    expect(payload(result).git_commit_info).toBeUndefined();
  });

  it('dry run: sends nothing, prints the URL and payload, keeps the payload, says DRY RUN in the summary', async () => {
    const { sandbox, sha, run } = await prepared();
    const result = await run({}, { env: { COMPLIANCE_DRY_RUN: 'true' } });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ outcome: 'dry-run', fingerprint: APP_BIN_FP, trail: sha });
    expect(result.stdout).toContain(`DRY RUN: would POST ${sandbox.url}/artifacts/demo/backend`);
    // The payload as laid out, one line of the log per line of JSON (not folded onto one line with ⏎ marks).
    expect(result.stdout.split('\n')).toContain(`  "fingerprint": "${APP_BIN_FP}",`);
    expect(result.stdout).not.toContain('⏎');
    // The payload-file holds exactly what the log printed, as it would go on the wire.
    const kept = outputFile(result, 'payload-file');
    const logged = result.stdout.split('\n');
    for (const line of JSON.stringify(kept, null, 2).split('\n')) expect(logged).toContain(line);
    expect(kept).toMatchObject({ fingerprint: APP_BIN_FP, git_commit: sha, filename: 'app.bin' });
    const saved = outputFile(result, 'result-file');
    expect(saved).toMatchObject({ outcome: 'dry-run', dryRun: true, payload: kept });
    expect(saved).not.toHaveProperty('response');
    expect(result.summary).toContain('### DRY RUN: artifact not reported');
    // The header line (the outcome in words and the step's duration), then that dry run is on (the organisation's
    // outage switch), before the step's own summary.
    expect(result.summary).toMatch(
      /^<sub>Outcome: \*\*dry run\*\* · took (?:\d+ ms|\d+\.\d s)<\/sub>\n\n> \[!WARNING\]\n> Dry run is on [^\n]*\n\n###/,
    );
    const stored = sandbox.sandbox.service.data.orgs.demo?.artifacts;
    expect(stored?.some((a) => a.fingerprint === APP_BIN_FP)).toBe(false);
  });

  // A report refused (HTTP 503, as a 404 of a flow that does not exist) keeps the payload: run.test.ts; a login
  // page answered with 200 is refused as report-k8s-env's steps.test.ts shows. A registry refusing the credentials:
  // test/fingerprint/oci.test.ts, and the result file's artifact without them: inputs.test.ts.

  // Read directly, without a proxy: test/fingerprint/oci.test.ts, through the same fingerprintOci.
  it('oci: reports the manifest digest the registry gives, under the image reference, behind HTTP_PROXY', async () => {
    const sandbox = await startSandbox({ profile: 'full' });
    // A registry on loopback is reached directly: its password never crosses a proxy in clear.
    const proxy = await startProxy();
    later(() => proxy.close());
    const result = await runAction('report-artifact', {
      inputs: reportInputs(sandbox.url, {
        artifact: image,
        'artifact-type': 'oci',
        'registry-username': USER.username,
        'registry-password': USER.password,
      }),
      github: { GITHUB_SHA: 'e'.repeat(40) },
      env: { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, http_proxy: proxy.url },
    });
    expect(result.code).toBe(0);
    expect(digest).toMatch(/^[a-f0-9]{64}$/);
    expect(result.outputs).toMatchObject({ outcome: 'reported', fingerprint: digest, filename: image });
    expect((await sandbox.client().getArtifact('backend', digest)).filename).toBe(image);
    expect(result.stdout).toContain(`::add-mask::${USER.password}`);
    noLeak(result.everything);
    // Neither the registry (Basic credentials) nor the service (the token) went through the proxy.
    expect(proxy.credentials).toEqual([]);
    expect(proxy.seen).toEqual([]);
  });

  it('docker: reports the repo digest of the local image, reading DOCKER_HOST (an Engine API on a unix socket)', async () => {
    const sandbox = await startSandbox({ profile: 'full' });
    const repoDigest = 'f'.repeat(64);
    const socket = join(tempDir('docker-'), 'docker.sock');
    const engine = createServer((req, res) => {
      const known = decodeURIComponent(req.url ?? '') === '/images/registry.example/app:2/json';
      const inspect = {
        Id: `sha256:${'0'.repeat(64)}`,
        RepoTags: ['registry.example/app:2'],
        RepoDigests: [`registry.example/app@sha256:${repoDigest}`],
      };
      json(res, known ? 200 : 404, known ? inspect : { message: `No such image: ${req.url ?? ''}` });
    });
    await new Promise<void>((resolve) => engine.listen(socket, resolve));
    later(() => new Promise((resolve) => engine.close(resolve)));
    const found = await runAction('report-artifact', {
      inputs: reportInputs(sandbox.url, { artifact: 'registry.example/app:2', 'artifact-type': 'docker' }),
      env: { DOCKER_HOST: `unix://${socket}` },
      github: { GITHUB_SHA: 'e'.repeat(40) },
    });
    expect(found.code).toBe(0);
    expect(found.outputs).toMatchObject({ fingerprint: repoDigest, filename: 'registry.example/app:2' });
    const saved = outputFile(found, 'result-file') as { payload: { fingerprint: string } };
    expect(saved.payload.fingerprint).toBe(repoDigest);
  });
});

// A refusal that echoes the token: ../listing.test.ts.
describe('report-artifact against a loopback server', () => {
  const ask = useLoopbackStep('report-artifact', {
    flow: 'backend',
    artifact: 'app.bin',
    'artifact-type': 'file',
  });
  /** A report of app.bin in a fresh checkout to a server answering 201, with `extra` inputs and `options`. */
  async function againstServer(extra: Record<string, string> = {}, options: RunOptions = {}) {
    const { dir, sha } = checkout(repo());
    const ok: Handler = (_req, res) => json(res, 201, { message: 'OK' });
    const result = await ask(ok, extra, { cwd: dir, github: { GITHUB_SHA: sha }, ...options });
    return { result, dir, requests: result.requests };
  }

  it('an artifact that is not there fails before anything is sent: the result file says which', async () => {
    const { result, dir, requests } = await againstServer({ artifact: 'nope.bin' });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/::error::.*nope\.bin does not exist/);
    expect(result.outputs.outcome).toBe('error');
    expect(outputFile(result, 'result-file')).toMatchObject({
      outcome: 'error',
      flow: 'backend',
      artifact: { type: 'file', path: join(dir, 'nope.bin') },
      error: { message: expect.stringContaining('nope.bin does not exist') as unknown },
    });
    expect(result.summary).toContain('### ⚠️ Could not report the artifact to flow backend');
    expect(requests).toHaveLength(0);
  });

  it('outside GitHub Actions, asks for build-url when git knows the commit', async () => {
    const bare = await againstServer({}, { github: false });
    expect(bare.result.stdout).toContain("Invalid input 'build-url': is required outside GitHub Actions");
    expect(bare.result.outputs.outcome).toBe('error');
    const urls = { 'build-url': 'https://ci.example.test/1', 'commit-url': 'https://git.example.test/c' };
    const { result, requests } = await againstServer(urls, { github: false });
    expect(result.code).toBe(0);
    // The report, then its read-back.
    expect(requests.map((r) => r.method)).toEqual(['POST', 'GET']);
    expect(JSON.parse(requests[0]?.body ?? '{}')).toMatchObject({ build_url: 'https://ci.example.test/1' });
  });
});
