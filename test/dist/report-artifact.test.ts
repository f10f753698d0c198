/**
 * report-artifact end to end: the dist bundle run as the runner runs it, against the sandbox over real HTTP, in
 * real git repositories.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTHOR, useTempDirs } from '../helpers/git.js';
import { outputFile, runAction, type RunOptions, type RunResult } from '../helpers/runner.js';
import { byProfile, DEMO_TOKEN, useSandbox, type Running } from '../helpers/sandbox.js';
import { assertNoSecret, TEST_TOKEN, withoutMaskCommands } from '../helpers/secrets.js';
import { json, startServer } from '../helpers/server.js';

const start = useSandbox();
const { tempDir, repo } = useTempDirs();

/** Independent of our code: the sha256sum binary. */
const sha256sum = (path: string) =>
  execFileSync('sha256sum', [path], { encoding: 'utf8' }).split(' ')[0] ?? '';

function checkout(): { dir: string; sha: string; parent: string } {
  const r = repo();
  writeFileSync(join(r.dir, 'README'), 'one');
  r.git('add', '.');
  r.git('commit', '-q', '-m', 'First');
  writeFileSync(join(r.dir, 'README'), 'two');
  r.git('commit', '-q', '-am', 'Add the build\n\nwith a body');
  writeFileSync(join(r.dir, 'app.bin'), 'hello world!');
  return { dir: r.dir, sha: r.git('rev-parse', 'HEAD'), parent: r.git('rev-parse', 'HEAD~1') };
}

const connection = (url: string) => ({ 'api-url': url, 'api-token': DEMO_TOKEN, org: 'demo' });
/** The fingerprint of app.bin (`hello world!`) in each checkout. */
const APP_BIN_FP = '7509e5bda0c762d2bac7f90d758b5b2263fa01ccbc542ab5e3df163be08e6ca9';

/**
 * What the sandbox now holds for an artifact, every field, read from its store: its answers may leave out what is only
 * shown (the minimal profile), and what is checked here is what the report carried.
 */
const held = (sandbox: Running, fingerprint: string) =>
  sandbox.sandbox.service.getArtifact('demo', 'backend', fingerprint, {});

describe('report-artifact', () => {
  it('fingerprints a file and reports it with the git and GitHub context', async () => {
    const sandbox = await start();
    const { dir, sha, parent } = checkout();
    const result = await runAction('report-artifact', {
      cwd: dir,
      inputs: {
        ...connection(sandbox.url),
        flow: 'backend',
        artifact: 'app.bin',
        'artifact-type': 'file',
        annotations: 'team=payments\nticket = ABC-1',
        'external-urls': 'docs=https://docs.example.test/app',
        'user-data': '{"size": 12}',
        description: 'The backend <binary>',
      },
      github: { GITHUB_SHA: sha },
      event: {
        commits: [
          { id: parent, message: 'First', timestamp: AUTHOR.date, author: { name: 'Ann', email: 'a@x' } },
          {
            id: sha,
            message: 'Add the build',
            timestamp: AUTHOR.date,
            author: { name: 'Ann', email: 'a@x' },
          },
        ],
      },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const fingerprint = sha256sum(join(dir, 'app.bin'));
    expect(fingerprint).toBe('7509e5bda0c762d2bac7f90d758b5b2263fa01ccbc542ab5e3df163be08e6ca9');
    expect(result.outputs).toMatchObject({
      outcome: 'reported',
      fingerprint,
      filename: 'app.bin',
      trail: sha,
      'git-commit': sha,
    });
    expect(result.outputs['payload-file']).toBeUndefined();

    // What the service now holds.
    const stored = held(sandbox, fingerprint);
    expect(stored.filename).toBe('app.bin');
    expect(stored.git_commit).toBe(sha);
    expect(stored.trail_name).toBe(sha);
    expect(stored.build_url).toBe('https://github.com/acme/app/actions/runs/42');
    expect(stored.commit_url).toBe(`https://github.com/acme/app/commit/${sha}`);

    const saved = outputFile(result, 'result-file') as {
      outcome: string;
      payload: Record<string, unknown>;
      dryRun: boolean;
      response: unknown;
    };
    expect(saved).toMatchObject({
      outcome: 'reported',
      dryRun: false,
      // The answer as the service sent it: a minimal answer to a first report has no body.
      response: byProfile({ message: expect.any(String) as unknown }, null),
    });
    expect(saved.payload).toMatchObject({
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
    expect((saved.payload.commits_list as { sha1: string }[]).map((c) => c.sha1)).toEqual([sha, parent]);

    expect(result.summary).toContain('### Artifact reported');
    expect(result.summary).toContain(fingerprint);
    expect(result.summary).toContain('The backend &lt;binary&gt;');
    // Annotations and links as key/value tables (issue 15).
    expect(result.summary).toContain(
      '#### Annotations\n\n| Key | Value |\n| --- | --- |\n| team | payments |\n| ticket | ABC-1 |',
    );
    expect(result.summary).toContain(
      '#### Links\n\n| Name | Link |\n| --- | --- |\n| docs | [https://docs.example.test/app](https://docs.example.test/app) |',
    );
    expect(result.stdout).toContain('::group::Fingerprint the artifact');
    // Read back after the report (issue 15): the artifact's page and its state, which the 201 answer does not give.
    // A minimal answer gives the state (decided on) but no page (only shown): the step says so by giving none.
    const page = `https://sandbox.compliance.invalid/demo/flows/backend/artifacts/${fingerprint}`;
    expect(stored.html_url).toBe(page);
    expect(stored.state).toBe('INCOMPLETE');
    expect(result.outputs).toMatchObject({ 'html-url': byProfile(page, ''), state: 'INCOMPLETE' });
    expect(result.summary.match(/\[Open in the compliance service\]\((\S+)\)/)?.[1]).toBe(
      byProfile(page, undefined),
    );
    expect(result.summary).toContain(`| State after the report | ⚠️ INCOMPLETE |`);
    expect(saved).toMatchObject({ page: { htmlUrl: byProfile(page, null), state: 'INCOMPLETE' } });
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });

  it('a report that cannot be read back stands, with a warning and no page or state', async () => {
    const sandbox = await start();
    const { dir, sha } = checkout();
    sandbox.sandbox.faults.failNext(1, 503, { path: /^\/artifacts\/demo\/backend\/fingerprint\// });
    const result = await runAction('report-artifact', {
      cwd: dir,
      inputs: { ...connection(sandbox.url), flow: 'backend', artifact: 'app.bin', 'artifact-type': 'file' },
      github: { GITHUB_SHA: sha },
      env: { COMPLIANCE_RETRIES: '0' },
    });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ outcome: 'reported', 'html-url': '', state: '' });
    expect(result.stdout).toMatch(
      /::warning::Reported, but the artifact could not be read back for its page and state: GET \/artifacts\/\S+ failed with HTTP 503/,
    );
    expect(result.summary).toContain('Its page and state could not be read back: GET /artifacts/');
    expect(result.summary).not.toContain('Open in the compliance service');
    // The report itself went through.
    expect(held(sandbox, APP_BIN_FP).git_commit).toBe(sha);
  });

  it('a read-back about another artifact shows no page and no state', async () => {
    const sandbox = await start();
    const { dir, sha } = checkout();
    const other = await sandbox
      .client()
      .getArtifact('backend', '9e5f20177e2131a174e6d70d947a1244919fcb0ef41d1ce7e975f79d068f647d');
    sandbox.sandbox.faults.respondNext(1, {
      status: 200,
      body: other,
      path: /^\/artifacts\/demo\/backend\/fingerprint\//,
    });
    const result = await runAction('report-artifact', {
      cwd: dir,
      inputs: { ...connection(sandbox.url), flow: 'backend', artifact: 'app.bin', 'artifact-type': 'file' },
      github: { GITHUB_SHA: sha },
    });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ outcome: 'reported', 'html-url': '', state: '' });
    expect(result.stdout).toContain('::warning::Reported, but the artifact could not be read back');
    expect(result.stdout).toContain('fingerprint is "9e5f2017');
  });

  it('fingerprints a directory with excludes exactly as the official CLI', async () => {
    const sandbox = await start();
    const { dir, sha } = checkout();
    const site = join(dir, 'site');
    mkdirSync(join(site, 'folder2'), { recursive: true });
    writeFileSync(join(site, 'hello.txt'), 'Hello, world! Again!');
    writeFileSync(join(site, 'folder2/hello2.txt'), 'hello2');
    writeFileSync(join(site, 'folder2/hello3.txt'), 'hello3');
    const run = (extra: Record<string, string>) =>
      runAction('report-artifact', {
        cwd: dir,
        inputs: {
          ...connection(sandbox.url),
          flow: 'frontend',
          artifact: 'site',
          'artifact-type': 'dir',
          ...extra,
        },
        github: { GITHUB_SHA: sha },
      });
    const all = await run({});
    expect(all.code).toBe(0);
    expect(all.outputs.fingerprint).toBe('c43808cb04c6e66c4c6fc1f972dd67c3b9b71c81e0a0c78730da3699922d17be');
    expect(all.outputs.filename).toBe('site');
    const excluded = await run({ exclude: 'folder2', name: 'web-bundle' });
    expect(excluded.code).toBe(0);
    expect(excluded.outputs.fingerprint).toBe(
      '773fd3300860454a2b065c5912c03008adb11e6a6dcf7c1c64c094ceab8f430a',
    );
    expect(excluded.outputs.filename).toBe('web-bundle');

    // Twelve stars against a 200-character name: about 200^11 steps for a backtracking RegExp; the step would hang.
    mkdirSync(join(dir, 'long'));
    writeFileSync(join(dir, 'long', 'a'.repeat(200)), 'x');
    writeFileSync(join(dir, 'long', 'ab.txt'), 'y');
    const [whole, notMatching] = await Promise.all([
      run({ artifact: 'long', 'dry-run': 'true' }),
      run({ artifact: 'long', 'dry-run': 'true', exclude: `${'*a'.repeat(11)}*b` }),
    ]);
    expect(notMatching.code).toBe(0);
    expect(notMatching.outputs.fingerprint).toBe(whole.outputs.fingerprint);
  });

  it('reports a given fingerprint under a given name, to a given trail', async () => {
    const sandbox = await start();
    const { dir, sha } = checkout();
    const fingerprint = 'a'.repeat(64);
    const result = await runAction('report-artifact', {
      cwd: dir,
      inputs: {
        ...connection(sandbox.url),
        flow: 'backend',
        fingerprint,
        name: 'backend:1.2.3',
        trail: 'release-1.2.3',
      },
      github: { GITHUB_SHA: sha },
    });
    expect(result.code).toBe(0);
    const stored = held(sandbox, fingerprint);
    expect(stored.filename).toBe('backend:1.2.3');
    expect(stored.trail_name).toBe('release-1.2.3');
  });

  it('takes the branch from GITHUB_HEAD_REF on a pull request (the checkout is detached)', async () => {
    const sandbox = await start();
    const { dir, sha } = checkout();
    execFileSync('git', ['checkout', '-q', '--detach'], { cwd: dir });
    const result = await runAction('report-artifact', {
      cwd: dir,
      inputs: { ...connection(sandbox.url), flow: 'backend', artifact: 'app.bin', 'artifact-type': 'file' },
      github: {
        GITHUB_SHA: sha,
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_HEAD_REF: 'feature/login',
        GITHUB_REF_NAME: '7/merge',
      },
      event: { pull_request: { number: 7 } },
    });
    expect(result.code).toBe(0);
    const saved = outputFile(result, 'result-file') as {
      payload: { git_commit_info: { branch: string }; commits_list?: unknown };
    };
    expect(saved.payload.git_commit_info.branch).toBe('feature/login');
    expect(saved.payload.commits_list).toBeUndefined();
  });

  it('takes the commit from the push event when there is no checkout', async () => {
    const sandbox = await start();
    const work = tempDir('nocheckout-');
    writeFileSync(join(work, 'app.bin'), 'bytes');
    const sha = 'c'.repeat(40);
    const result = await runAction('report-artifact', {
      cwd: work,
      inputs: { ...connection(sandbox.url), flow: 'backend', artifact: 'app.bin', 'artifact-type': 'file' },
      github: { GITHUB_SHA: sha },
      event: {
        head_commit: {
          id: sha,
          message: 'From the event\n',
          timestamp: '2026-11-02T08:00:00+01:00',
          url: `https://github.com/acme/app/commit/${sha}`,
          author: { name: 'Bo', email: 'bo@example.test', username: 'bo' },
        },
      },
    });
    expect(result.code).toBe(0);
    const saved = outputFile(result, 'result-file') as { payload: { git_commit_info: unknown } };
    expect(saved.payload.git_commit_info).toEqual({
      sha1: sha,
      message: 'From the event',
      author: 'Bo <bo@example.test>',
      author_username: 'bo',
      branch: 'main',
      timestamp: Date.parse('2026-11-02T07:00:00Z') / 1000,
      url: `https://github.com/acme/app/commit/${sha}`,
    });
    expect(result.stdout).toContain('from the event payload');
  });

  it('reports the SHA alone, with a warning, when neither git nor the event knows the commit', async () => {
    const sandbox = await start();
    const work = tempDir('nocheckout-');
    writeFileSync(join(work, 'app.bin'), 'bytes');
    const sha = 'd'.repeat(40);
    const result = await runAction('report-artifact', {
      cwd: work,
      inputs: { ...connection(sandbox.url), flow: 'backend', artifact: 'app.bin', 'artifact-type': 'file' },
      github: { GITHUB_SHA: sha },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/::warning::No commit information for d{40}/);
    const saved = outputFile(result, 'result-file') as { payload: Record<string, unknown> };
    expect(saved.payload.git_commit).toBe(sha);
    expect(saved.payload.git_commit_info).toBeUndefined();
  });

  it('dry run: sends nothing, prints the URL and payload, keeps the payload, says DRY RUN in the summary', async () => {
    const sandbox = await start();
    const { dir, sha } = checkout();
    const result = await runAction('report-artifact', {
      cwd: dir,
      inputs: { ...connection(sandbox.url), flow: 'backend', artifact: 'app.bin', 'artifact-type': 'file' },
      env: { COMPLIANCE_DRY_RUN: 'true' },
      github: { GITHUB_SHA: sha },
    });
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
    expect(outputFile(result, 'result-file')).toMatchObject({ outcome: 'dry-run', dryRun: true });
    expect(result.summary).toContain('### DRY RUN: artifact not reported');
    // The header line: the outcome in words and the step's duration (issue 15).
    // Then that dry run is on (the organisation's outage switch), before the step's own summary.
    expect(result.summary).toMatch(
      /^<sub>Outcome: \*\*dry run\*\* · took (?:\d+ ms|\d+\.\d s)<\/sub>\n\n> \[!WARNING\]\n> Dry run is on [^\n]*\n\n###/,
    );
    expect(sandbox.sandbox.service.data.orgs.demo?.artifacts.some((a) => a.fingerprint === APP_BIN_FP)).toBe(
      false,
    );
  });

  describe('a step that cannot report fails with outcome error, a result file and a summary that says why', () => {
    it('a bad input: before anything is read or sent', async () => {
      const server = await startServer((_req, res) => json(res, 201, { message: 'OK' }));
      try {
        const { dir, sha } = checkout();
        const result = await runAction('report-artifact', {
          cwd: dir,
          inputs: {
            'api-url': server.origin,
            'api-token': TEST_TOKEN,
            org: 'acme',
            flow: 'backend',
            artifact: 'app.bin',
            'artifact-type': 'file',
            'external-urls': 'docs=ftp://x',
          },
          github: { GITHUB_SHA: sha },
        });
        expect(result.code).toBe(1);
        expect(result.stdout).toContain(
          "::error::Invalid input 'external-urls': line 1 ('docs=ftp://x') has the value 'ftp://x'",
        );
        expect(result.outputs.outcome).toBe('error');
        expect(result.outputs['payload-file']).toBeUndefined();
        expect(outputFile(result, 'result-file')).toEqual({
          outcome: 'error',
          error: {
            kind: 'input',
            message: expect.stringContaining("Invalid input 'external-urls'") as unknown,
          },
        });
        expect(result.summary).toContain('### ⚠️ Could not report the artifact');
        expect(result.summary).toContain('Fix the input named above');
        expect(server.requests).toHaveLength(0);
        assertNoSecret(withoutMaskCommands(result.everything), 'the step');
      } finally {
        await server.close();
      }
    });

    it('an artifact that is not there: the result file says which', async () => {
      const server = await startServer((_req, res) => json(res, 201, { message: 'OK' }));
      try {
        const { dir, sha } = checkout();
        const result = await runAction('report-artifact', {
          cwd: dir,
          inputs: {
            'api-url': server.origin,
            'api-token': TEST_TOKEN,
            org: 'acme',
            flow: 'backend',
            artifact: 'nope.bin',
            'artifact-type': 'file',
          },
          github: { GITHUB_SHA: sha },
        });
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
        expect(server.requests).toHaveLength(0);
      } finally {
        await server.close();
      }
    });

    it('outside GitHub Actions, asks for build-url when git knows the commit', async () => {
      const server = await startServer((_req, res) => json(res, 201, { message: 'OK' }));
      try {
        const { dir } = checkout();
        const base = {
          'api-url': server.origin,
          'api-token': TEST_TOKEN,
          org: 'acme',
          flow: 'backend',
          artifact: 'app.bin',
          'artifact-type': 'file',
        };
        const options: RunOptions = { cwd: dir, github: false, inputs: base };
        const result = await runAction('report-artifact', options);
        expect(result.stdout).toContain("Invalid input 'build-url': is required outside GitHub Actions");
        expect(result.outputs.outcome).toBe('error');
        const withUrls = await runAction('report-artifact', {
          ...options,
          inputs: {
            ...base,
            'build-url': 'https://ci.example.test/1',
            'commit-url': 'https://git.example.test/c',
          },
        });
        expect(withUrls.code).toBe(0);
        // The report, then its read-back.
        expect(server.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
        expect(JSON.parse(server.requests[0]?.body ?? '{}')).toMatchObject({
          build_url: 'https://ci.example.test/1',
        });
      } finally {
        await server.close();
      }
    });
  });

  describe('a report that cannot be delivered is kept: nothing is lost', () => {
    /** What a failed delivery must leave: outcome error, the payload and the report in files, the failure saying where. */
    function assertKept(result: RunResult, sha: string): void {
      expect(result.code).toBe(1);
      expect(result.outputs.outcome).toBe('error');
      const path = result.outputs['payload-file'] ?? 'no payload-file';
      expect(result.stdout).toContain(
        `The report was not delivered. Its payload is kept in ${path} (output payload-file)`,
      );
      const kept = outputFile(result, 'payload-file');
      expect(kept).toMatchObject({ fingerprint: APP_BIN_FP, git_commit: sha, filename: 'app.bin' });
      // The result file has the report as built, the error, and where the payload is.
      expect(outputFile(result, 'result-file')).toMatchObject({
        outcome: 'error',
        fingerprint: APP_BIN_FP,
        payload: kept,
        payloadFile: path,
        error: { kind: 'undelivered' },
      });
      expect(result.summary).toContain('### ⚠️ Could not report the artifact to flow backend');
      expect(result.summary).toContain('The report was not delivered: see');
      expect(result.summary).toContain(APP_BIN_FP);
      assertNoSecret(withoutMaskCommands(result.everything), 'the step');
    }

    it('when the service is unreachable', async () => {
      const server = await startServer((_req, res) => json(res, 201, { message: 'OK' }));
      const url = server.origin;
      await server.close();
      const { dir, sha } = checkout();
      const result = await runAction('report-artifact', {
        cwd: dir,
        inputs: {
          'api-url': url,
          'api-token': TEST_TOKEN,
          org: 'acme',
          flow: 'backend',
          artifact: 'app.bin',
          'artifact-type': 'file',
        },
        env: { COMPLIANCE_RETRIES: '0' },
        github: { GITHUB_SHA: sha },
      });
      expect(result.stdout).toMatch(/::error::.*could not reach the service.*The report was not delivered/);
      assertKept(result, sha);
    });

    it('when the service answers a login page with 200: not taken as delivered', async () => {
      const sandbox = await start();
      sandbox.sandbox.faults.respondNext(1, {
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: '<!DOCTYPE html>\n<title>Sign in</title>',
        path: /^\/artifacts\//,
      });
      const { dir, sha } = checkout();
      const result = await runAction('report-artifact', {
        cwd: dir,
        inputs: { ...connection(sandbox.url), flow: 'backend', artifact: 'app.bin', 'artifact-type': 'file' },
        github: { GITHUB_SHA: sha },
      });
      expect(result.stdout).toContain(
        '::error::unexpected response from POST /artifacts/{org}/{flow_name}: HTTP 200, content type ' +
          '"text/html; charset=utf-8", first line "<!DOCTYPE html>": not the service\'s answer to a report (no body, ' +
          'or JSON: an object, a string or null), so the report is not taken as delivered. The report was not delivered.',
      );
      assertKept(result, sha);
      // Kept exactly as a dry run would have sent it.
      const dryRun = await runAction('report-artifact', {
        cwd: dir,
        inputs: {
          ...connection(sandbox.url),
          flow: 'backend',
          artifact: 'app.bin',
          'artifact-type': 'file',
          'dry-run': 'true',
        },
        github: { GITHUB_SHA: sha },
      });
      expect(outputFile(result, 'payload-file')).toEqual(outputFile(dryRun, 'payload-file'));
    });

    it('when the flow does not exist (404 with the server message)', async () => {
      const sandbox = await start();
      const { dir, sha } = checkout();
      const result = await runAction('report-artifact', {
        cwd: dir,
        inputs: {
          ...connection(sandbox.url),
          flow: 'no-such-flow',
          artifact: 'app.bin',
          'artifact-type': 'file',
        },
        github: { GITHUB_SHA: sha },
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(
        /::error::POST \/artifacts\/\{org\}\/\{flow_name\} failed with HTTP 404 Not Found: .*no-such-flow/,
      );
      expect(result.outputs.outcome).toBe('error');
      expect(outputFile(result, 'payload-file')).toMatchObject({ git_commit: sha });
    });
  });

  it('never shows the token, even when the server echoes it', async () => {
    const server = await startServer((req, res) =>
      json(res, 400, { message: `bad request from ${req.headers.authorization ?? ''}` }),
    );
    try {
      const { dir, sha } = checkout();
      const result = await runAction('report-artifact', {
        cwd: dir,
        inputs: {
          'api-url': server.origin,
          'api-token': TEST_TOKEN,
          org: 'acme',
          flow: 'backend',
          artifact: 'app.bin',
          'artifact-type': 'file',
        },
        github: { GITHUB_SHA: sha },
      });
      expect(result.code).toBe(1);
      expect(server.requests).toHaveLength(1);
      expect(result.stdout).toContain('bad request from Bearer ***');
      assertNoSecret(withoutMaskCommands(result.everything), 'the step');
    } finally {
      await server.close();
    }
  });
});
