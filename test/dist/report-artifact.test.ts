/**
 * report-artifact end to end: the dist bundle run as the runner runs it, against the sandbox over real HTTP, in
 * real git repositories.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTHOR, useTempDirs } from '../helpers/git.js';
import { outputFile, runAction, type RunOptions } from '../helpers/runner.js';
import { DEMO_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, guardSecret, TEST_TOKEN, withoutMaskCommands } from '../helpers/secrets.js';
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

const REGISTRY_PASSWORD = 'Pw-report-artifact-4be1';
guardSecret(REGISTRY_PASSWORD);

const connection = (url: string) => ({ 'api-url': url, 'api-token': DEMO_TOKEN, org: 'demo' });
/** The fingerprint of app.bin (`hello world!`) in each checkout. */
const APP_BIN_FP = '7509e5bda0c762d2bac7f90d758b5b2263fa01ccbc542ab5e3df163be08e6ca9';

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
    expect(result.outputs).toMatchObject({ fingerprint, filename: 'app.bin', trail: sha, 'git-commit': sha });

    // What the service now holds, read back through the API.
    const stored = await sandbox.client().getArtifact('backend', fingerprint);
    expect(stored.filename).toBe('app.bin');
    expect(stored.git_commit).toBe(sha);
    expect(stored.trail_name).toBe(sha);
    expect(stored.build_url).toBe('https://github.com/acme/app/actions/runs/42');
    expect(stored.commit_url).toBe(`https://github.com/acme/app/commit/${sha}`);

    const saved = outputFile(result, 'result-file') as { payload: Record<string, unknown>; dryRun: boolean };
    expect(saved.dryRun).toBe(false);
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
    expect(result.stdout).toContain('::group::Fingerprint the artifact');
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
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
    const stored = await sandbox.client().getArtifact('backend', fingerprint);
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

  describe('dry run', () => {
    it('sends nothing, prints the URL and payload, sets the outputs, says DRY RUN in the summary', async () => {
      const sandbox = await start();
      const { dir, sha } = checkout();
      const result = await runAction('report-artifact', {
        cwd: dir,
        inputs: { ...connection(sandbox.url), flow: 'backend', artifact: 'app.bin', 'artifact-type': 'file' },
        env: { COMPLIANCE_DRY_RUN: 'true' },
        github: { GITHUB_SHA: sha },
      });
      expect(result.code).toBe(0);
      const fingerprint = '7509e5bda0c762d2bac7f90d758b5b2263fa01ccbc542ab5e3df163be08e6ca9';
      expect(result.outputs.fingerprint).toBe(fingerprint);
      expect(result.stdout).toContain(`DRY RUN: would POST ${sandbox.url}/artifacts/demo/backend`);
      // The payload as laid out, one line of the log per line of JSON (not folded onto one line with ⏎ marks).
      expect(result.stdout.split('\n')).toContain(`  "fingerprint": "${fingerprint}",`);
      expect(result.stdout).not.toContain('⏎');
      expect(result.summary).toContain('DRY RUN');
      await expect(sandbox.client().getArtifact('backend', fingerprint)).rejects.toMatchObject({
        status: 404,
      });
    });

    it('the input wins over COMPLIANCE_DRY_RUN', async () => {
      const sandbox = await start();
      const { dir, sha } = checkout();
      const result = await runAction('report-artifact', {
        cwd: dir,
        inputs: {
          ...connection(sandbox.url),
          flow: 'backend',
          artifact: 'app.bin',
          'artifact-type': 'file',
          'dry-run': 'false',
        },
        env: { COMPLIANCE_DRY_RUN: 'true' },
        github: { GITHUB_SHA: sha },
      });
      expect(result.code).toBe(0);
      expect(result.summary).toContain('### Artifact reported');
    });
  });

  describe('bad input fails before any request, naming the input and the expected form', () => {
    const base = {
      'api-url': '',
      'api-token': TEST_TOKEN,
      org: 'acme',
      flow: 'backend',
      artifact: 'app.bin',
      'artifact-type': 'file',
    };
    const cases: [string, Record<string, string>, string][] = [
      ['a missing flow', { flow: '' }, "Invalid input 'flow': is required. Expected a name starting"],
      ['a bad flow name', { flow: 'my flow' }, "Invalid input 'flow': 'my flow' is not valid"],
      [
        'a bad fingerprint',
        { artifact: '', fingerprint: 'ABC' },
        "Invalid input 'fingerprint': 'ABC' is not valid. Expected 64 lowercase",
      ],
      [
        'fingerprint and artifact',
        { fingerprint: 'a'.repeat(64) },
        "Invalid input 'fingerprint': is given together with artifact",
      ],
      [
        'neither fingerprint nor artifact',
        { artifact: '' },
        "Invalid input 'artifact': is required when fingerprint is not given",
      ],
      [
        'an artifact without a type',
        { 'artifact-type': '' },
        "Invalid input 'artifact-type': is required with artifact 'app.bin'",
      ],
      [
        'an unknown artifact type',
        { 'artifact-type': 'zip' },
        "Invalid input 'artifact-type': 'zip' is not one of the accepted values. Expected one of file, dir, docker, oci",
      ],
      [
        'exclude on a file',
        { exclude: 'x' },
        "Invalid input 'exclude': only applies to artifact-type dir, not file",
      ],
      [
        'an exclude glob with a reversed range',
        { 'artifact-type': 'dir', exclude: 'logs\n[z-a]' },
        "Invalid input 'exclude': '[z-a]' is not a glob: invalid character class range: z-a. Expected globs",
      ],
      [
        'registry credentials on a file',
        { 'registry-username': 'u', 'registry-password': REGISTRY_PASSWORD },
        "Invalid input 'registry-username': only applies to artifact-type oci",
      ],
      [
        'a git-commit that is an option',
        { 'git-commit': '--output=stolen.txt' },
        "Invalid input 'git-commit': '--output=stolen.txt' is not a revision",
      ],
      [
        'an org with a space',
        { org: 'my org' },
        "Invalid input 'org': 'my org' is not a valid organization name",
      ],
      ['an api-url that is not a URL', { 'api-url': 'compliance.example.com' }, "Invalid input 'api-url'"],
      [
        'a fingerprint without a name',
        { artifact: '', 'artifact-type': '', fingerprint: 'a'.repeat(64) },
        "Invalid input 'name': is required when fingerprint is given",
      ],
      ['a bad trail', { trail: '-x' }, "Invalid input 'trail': '-x' is not valid"],
      [
        'a bad template reference',
        { 'template-reference-name': 'a b' },
        "Invalid input 'template-reference-name'",
      ],
      [
        'an annotation without =',
        { annotations: 'team' },
        "Invalid input 'annotations': line 1 ('team') is not key=value",
      ],
      [
        'an annotation key with a dash',
        { annotations: 'a=1\nmy-key=2' },
        "Invalid input 'annotations': line 2 ('my-key=2') has the key 'my-key'",
      ],
      [
        'a duplicate annotation',
        { annotations: 'a=1\na=2' },
        "Invalid input 'annotations': the key 'a' is given twice",
      ],
      [
        'an external URL that is not a URL',
        { 'external-urls': 'docs=ftp://x' },
        "Invalid input 'external-urls': the URL of 'docs' is not an http(s) URL",
      ],
      [
        'user data that is not JSON',
        { 'user-data': '{nope' },
        "Invalid input 'user-data': the value: it is not valid JSON",
      ],
      [
        'a user-data file that is missing',
        { 'user-data': '@missing.json' },
        "Invalid input 'user-data': cannot read",
      ],
      [
        'compliant that is not a boolean',
        { compliant: 'yes' },
        "Invalid input 'compliant': 'yes' is not a boolean",
      ],
      [
        'a build URL that is not a URL',
        { 'build-url': 'not a url' },
        "Invalid input 'build-url': 'not a url' is not an http(s) URL",
      ],
      [
        'a missing org',
        { org: '' },
        "Invalid input 'org': is required: set the input 'org' or the environment variable COMPLIANCE_ORG",
      ],
      ['a missing file', { artifact: 'nope.bin' }, 'nope.bin does not exist'],
      [
        'a directory given as a file',
        { artifact: '.' },
        'is not a file. For a directory, set artifact-type: dir',
      ],
      [
        'a git-commit git cannot resolve',
        { 'git-commit': 'v9.9.9' },
        "Invalid input 'git-commit': cannot resolve 'v9.9.9'",
      ],
    ];
    it.each(cases)('%s', async (_label, inputs, message) => {
      const server = await startServer((_req, res) => json(res, 201, { message: 'OK' }));
      try {
        const { dir, sha } = checkout();
        const result = await runAction('report-artifact', {
          cwd: dir,
          inputs: { ...base, 'api-url': server.origin, ...inputs },
          github: { GITHUB_SHA: sha },
        });
        expect(result.code).toBe(1);
        expect(result.stdout).toContain(`::error::`);
        expect(result.stdout).toContain(message);
        expect(server.requests).toHaveLength(0);
        assertNoSecret(withoutMaskCommands(result.everything), 'the step');
      } finally {
        await server.close();
      }
    });

    it('names the variable when COMPLIANCE_DRY_RUN is not a boolean', async () => {
      const server = await startServer((_req, res) => json(res, 201, { message: 'OK' }));
      try {
        const { dir, sha } = checkout();
        const result = await runAction('report-artifact', {
          cwd: dir,
          inputs: { ...base, 'api-url': server.origin },
          env: { COMPLIANCE_DRY_RUN: 'yes' },
          github: { GITHUB_SHA: sha },
        });
        expect(result.code).toBe(1);
        expect(result.stdout).toContain(
          "Invalid input 'dry-run': 'yes' (from the variable COMPLIANCE_DRY_RUN) is not a boolean",
        );
        expect(server.requests).toHaveLength(0);
      } finally {
        await server.close();
      }
    });

    it('checks the connection before reading a registry: a bad org contacts nothing', async () => {
      const registry = await startServer((_req, res) => json(res, 401, {}));
      const server = await startServer((_req, res) => json(res, 201, { message: 'OK' }));
      try {
        const result = await runAction('report-artifact', {
          inputs: {
            ...base,
            'api-url': server.origin,
            org: 'acme/x',
            artifact: `${registry.origin.replace('http://', '')}/app:1`,
            'artifact-type': 'oci',
          },
          github: { GITHUB_SHA: 'f'.repeat(40) },
        });
        expect(result.code).toBe(1);
        expect(result.stdout).toContain("Invalid input 'org'");
        expect(registry.requests).toHaveLength(0);
        expect(server.requests).toHaveLength(0);
      } finally {
        await registry.close();
        await server.close();
      }
    });

    it('outside GitHub Actions, asks for build-url when git knows the commit', async () => {
      const server = await startServer((_req, res) => json(res, 201, { message: 'OK' }));
      try {
        const { dir } = checkout();
        const options: RunOptions = {
          cwd: dir,
          github: false,
          inputs: { ...base, 'api-url': server.origin },
        };
        const result = await runAction('report-artifact', options);
        expect(result.stdout).toContain("Invalid input 'build-url': is required outside GitHub Actions");
        const withUrls = await runAction('report-artifact', {
          ...options,
          inputs: {
            ...base,
            'api-url': server.origin,
            'build-url': 'https://ci.example.test/1',
            'commit-url': 'https://git.example.test/c',
          },
        });
        expect(withUrls.code).toBe(0);
        expect(server.requests).toHaveLength(1);
        expect(JSON.parse(server.requests[0]?.body ?? '{}')).toMatchObject({
          build_url: 'https://ci.example.test/1',
        });
      } finally {
        await server.close();
      }
    });
  });

  describe('a report that cannot be delivered is kept', () => {
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
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(
        /::error::.*could not reach the service.*The report was not delivered; its payload is kept in /,
      );
      const kept = outputFile(result, 'payload-file') as Record<string, unknown>;
      expect(kept).toMatchObject({ fingerprint: APP_BIN_FP, git_commit: sha });
      expect(result.stdout).toContain(result.outputs['payload-file'] ?? 'no payload-file');
      assertNoSecret(withoutMaskCommands(result.everything), 'the step');
    });

    it('when the service keeps failing: retried, then kept, with the server message', async () => {
      const sandbox = await start();
      sandbox.sandbox.faults.failNext(5, 503, { message: 'maintenance window' });
      const { dir, sha } = checkout();
      const result = await runAction('report-artifact', {
        cwd: dir,
        inputs: { ...connection(sandbox.url), flow: 'backend', artifact: 'app.bin', 'artifact-type': 'file' },
        env: { COMPLIANCE_RETRIES: '1' },
        github: { GITHUB_SHA: sha },
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toContain('HTTP 503');
      expect(result.stdout).toContain('[after 2 attempts]');
      expect(result.outputs['payload-file']).toBeTruthy();
    });

    it.each([
      [
        'a login page with 200',
        {
          status: 200,
          contentType: 'text/html; charset=utf-8',
          body: '<!DOCTYPE html>\n<title>Sign in</title>',
        },
        'HTTP 200, content type "text/html; charset=utf-8", first line "<!DOCTYPE html>"',
      ],
      ['an empty 201', { status: 201, body: '' }, 'HTTP 201, no content type, an empty body'],
      [
        'JSON of the wrong shape',
        { status: 201, body: { accepted: true } },
        'HTTP 201, content type "application/json", first line "{\\"accepted\\":true}"',
      ],
    ])('when the service answers %s: not taken as delivered', async (_name, answer, what) => {
      const sandbox = await start();
      sandbox.sandbox.faults.respondNext(1, { ...answer, path: /^\/artifacts\// });
      const { dir, sha } = checkout();
      const result = await runAction('report-artifact', {
        cwd: dir,
        inputs: { ...connection(sandbox.url), flow: 'backend', artifact: 'app.bin', 'artifact-type': 'file' },
        github: { GITHUB_SHA: sha },
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(
        `::error::unexpected response from POST /artifacts/{org}/{flow_name}: ${what}: not the documented answer ` +
          '(a JSON object with a string "message"), so the report is not taken as delivered. The report was not ' +
          'delivered; its payload is kept in ',
      );
      const kept = outputFile(result, 'payload-file') as Record<string, unknown>;
      expect(kept).toMatchObject({ fingerprint: APP_BIN_FP, git_commit: sha });
      expect(result.outputs['result-file']).toBeUndefined();
      assertNoSecret(withoutMaskCommands(result.everything), 'the step');
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
