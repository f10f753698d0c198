// `npm run action -- <name> ...` (scripts/action.ts): the command's run() in-process with its argv, environment and
// captured output, against the sandbox it starts itself or one started here and named by --api-url; the real command
// is spawned through npm and through node once each, for what only a process shows (INIT_CWD, the exit code).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ROOT } from '@compliance-actions/runner/emulator';
import { fastCommits, useTempDirs } from '../helpers/git.js';
import { pod, running } from '../helpers/pods.js';
import { podsWorkspace } from '../helpers/report-k8s-env.js';
// Also registers the sandbox's demo token as a secret: assertNoSecret fails on it as on TEST_TOKEN.
import { DEMO_TOKEN, demoSeed, useSharedSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, TEST_TOKEN } from '../helpers/secrets.js';
import { run } from '../../scripts/action.js';
import { BACKEND_140 as FINGERPRINT } from '@compliance-actions/sandbox/seeds/index';

const UNKNOWN = 'a'.repeat(64);

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment of `npm run action` typed in the package folder: none of the user's COMPLIANCE_* or COLUMNS. */
function userEnv(env: Record<string, string> = {}): Record<string, string | undefined> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !key.startsWith('COMPLIANCE_') && key !== 'INIT_CWD' && key !== 'COLUMNS',
    ),
  );
  return { ...base, ...env };
}

/**
 * Runs the command's run() in-process, as `npm run action -- <line>` typed in the package folder (the words of the
 * line, split at spaces), its output captured.
 */
async function action(line: string, env: Record<string, string> = {}): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const code = await run(
    line.split(' ').filter((word) => word !== ''),
    {
      stdout: { write: (text: string) => (stdout += text), isTTY: false },
      stderr: { write: (text: string) => (stderr += text) },
      env: userEnv(env),
      cwd: ROOT,
    },
  );
  return { code, stdout, stderr };
}

/** Runs the real command: `command ...args` in `cwd`, its exit code and output. */
async function spawned(command: string, args: string[], cwd: string): Promise<Ran> {
  const child = spawn(command, args, { cwd, env: userEnv() });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  return { code, stdout, stderr };
}

/** The value of an output as printed (`name: value`). */
const output = (ran: Ran, name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(ran.stdout)?.[1];

/** What a person sees: no workflow command, no Markdown or HTML markup, no token. */
function expectReadable(ran: Ran): void {
  expect(ran.stdout).not.toMatch(/^\s*::[\w-]+/m);
  expect(ran.stdout).not.toMatch(/<\/?(sub|code|details|summary|br)\b/);
  expect(ran.stdout).not.toMatch(/^\|.*\|$/m);
  expect(ran.stdout).not.toContain('**');
  assertNoSecret(ran.stdout + ran.stderr, 'the output of npm run action');
}

describe('npm run action against its own sandbox', () => {
  it('runs list-actions with no inputs: log, outputs, summary as text, the step exit code', async () => {
    const ran = await action('list-actions');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^Sandbox: http:\/\/127\.0\.0\.1:\d+/m);
    expect(output(ran, 'count')).toBe('3');
    expect(output(ran, 'failing')).toBe('["release-webhook"]');
    expect(output(ran, 'outcome')).toBe('failing');
    // The log: the group as a heading with its lines under it, the warning labelled, debug lines hidden.
    expect(ran.stdout).toContain('▸ List the actions of demo\n  3 actions.\n');
    expect(ran.stdout).toMatch(/^Warning: Action 'release-webhook' .*fails to send notifications\.$/m);
    expect(ran.stdout).not.toMatch(/debug|GET http/);
    // The summary, as text: its <sub> line, heading and table (as columns or a block per row).
    expect(ran.stdout).toContain('Outcome: failing · took');
    expect(ran.stdout).toContain('Notification actions: 3, failing: 1, status unknown: 1\n───');
    expect(ran.stdout).toMatch(/release-webhook[\s\S]*WEBHOOK \(hooks\.acme\.test\)[\s\S]*❌ yes/);
    expect(ran.stdout).toMatch(/^✔ list-actions succeeded in [\d.]+ s \(1 warning\)$/m);
    expectReadable(ran);
    // The result file the output names is in the step's RUNNER_TEMP, removed when the command ended.
    expect(output(ran, 'result-file')).toMatch(
      /compliance-action-list-actions-\w+\/compliance-actions\/.+\.json$/,
    );
    expect(existsSync(output(ran, 'result-file') ?? '')).toBe(false);
    expect(ran.stdout).toContain(
      '(the files the step left in its RUNNER_TEMP are removed when the command ends: --keep keeps them)',
    );
  });

  it('exits 1 with the error when the step fails (get-artifact of an unknown fingerprint)', async () => {
    const ran = await action(`get-artifact --input flow=backend --input fingerprint=${UNKNOWN}`);
    expect(ran.code).toBe(1);
    expect(output(ran, 'outcome')).toBe('not-found');
    expect(output(ran, 'state')).toBe('(empty)');
    expect(ran.stdout).toMatch(
      new RegExp(`^Error: No artifact with fingerprint ${UNKNOWN} in flow 'backend'`, 'm'),
    );
    expect(ran.stdout).toMatch(/^✘ get-artifact failed with exit code 1 in [\d.]+ s$/m);
    expect(ran.stdout).toMatch(new RegExp(`^ {2}Error: No artifact with fingerprint ${UNKNOWN}`, 'm'));
    expectReadable(ran);
  });
});

describe('npm run action --event and the workspace', () => {
  const { repo, tempDir } = useTempDirs();

  /** A repository of one commit, and that commit. */
  function committed() {
    const workspace = repo();
    const [head = ''] = fastCommits(workspace, 1);
    return { workspace, head };
  }

  it('through npm run: the workspace is the folder the command was typed in', async () => {
    const { workspace, head } = committed();
    const { code, stdout } = await spawned(
      'npm',
      ['--prefix', ROOT, 'run', '--silent', 'action', '--', 'list-actions'],
      workspace.dir,
    );
    expect(code).toBe(0);
    expect(stdout).toContain(
      `Running list-actions in ${workspace.dir} (push to refs/heads/main, GITHUB_SHA ${head.slice(0, 12)})`,
    );
    expect(stdout).toContain('outcome: failing');
  });

  it('--event pull_request: pull request 1 whose head is the workspace HEAD', async () => {
    const { workspace, head } = committed();
    const ran = await action(
      `check-attestations-for-commit --event pull_request --cwd ${workspace.dir} --input required=unit-tests`,
    );
    expect(ran.stdout).toContain(`(pull_request #1, GITHUB_SHA ${head.slice(0, 12)})`);
    expect(ran.stdout).toContain('1 commit (the head of pull request #1)');
    expect(ran.stdout).toContain(`  ${head}`);
    // Nobody attested it: the gate fails the step, and the command with it.
    expect(ran.code).toBe(1);
    expect(output(ran, 'outcome')).toBe('non-compliant');
  });

  it('--event <file>: the payload of the file, its pull request number', async () => {
    const file = join(tempDir('event-'), 'event.json');
    writeFileSync(
      file,
      JSON.stringify({ number: 17, pull_request: { number: 17, head: { ref: 'fix', sha: 'b'.repeat(40) } } }),
    );
    const ran = await action(
      `check-attestations-for-commit --event ${file} --cwd ${tempDir('empty-')} --input required=unit-tests`,
    );
    expect(ran.stdout).toContain(`pull_request refs/pull/17/merge from ${file}`);
    expect(ran.stdout).toContain('the head of pull request #17');
    expect(ran.stdout).toContain(`  ${'b'.repeat(40)}`);
    expect(ran.code).toBe(1);
  });
});

describe('npm run action --api-url', () => {
  // Another service than the command's own sandbox: another org, UI and token (the demo token is refused).
  const demo = demoSeed();
  const service = useSharedSandbox({
    seed: {
      ...demo,
      ui_url: 'https://elsewhere.compliance.invalid',
      tokens: { [TEST_TOKEN]: 'elsewhere' },
      orgs: { elsewhere: demo.orgs.demo },
    },
  });

  it('runs against that service, its token and org from COMPLIANCE_API_TOKEN and COMPLIANCE_ORG', async () => {
    const { url, sandbox } = service();
    const get = `get-artifact --input flow=backend --input fingerprint=${FINGERPRINT}`;
    const ran = await action(`${get} --api-url ${url}`, {
      COMPLIANCE_API_TOKEN: TEST_TOKEN,
      COMPLIANCE_ORG: 'elsewhere',
    });
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain(`Service: ${url} (org 'elsewhere')`);
    expect(ran.stdout).not.toContain('Sandbox:');
    expect(output(ran, 'state')).toBe('COMPLIANT');
    expect(output(ran, 'outcome')).toBe('compliant');
    expect(output(ran, 'html-url')).toBe(
      `https://elsewhere.compliance.invalid/elsewhere/flows/backend/artifacts/${FINGERPRINT}`,
    );
    expect(sandbox.load.peak).toBeGreaterThan(0);
    expect(ran.stdout).toContain('✅ Artifact ghcr.io/acme/backend:1.4.0: COMPLIANT');
    // The field table as aligned columns, the <code> fingerprint as text.
    expect(ran.stdout).toMatch(/^State +COMPLIANT$/m);
    expect(ran.stdout).toMatch(new RegExp(`^Fingerprint +${FINGERPRINT}$`, 'm'));
    expect(ran.stdout).toMatch(/^unit-tests +COMPLETE +✅ yes$/m);
    expectReadable(ran);
  });

  it('never prints the token: not in the log (even with --debug), the outputs, the exported environment', async () => {
    const ran = await action(
      `setup --api-url ${service().url} --api-token ${TEST_TOKEN} --org elsewhere --debug`,
    );
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('Connected to');
    expect(ran.stdout).toMatch(/^ {2}debug: GET /m);
    // setup hands the token to later steps in GITHUB_ENV: shown masked.
    expect(ran.stdout).toContain('COMPLIANCE_API_TOKEN: ***');
    expect(ran.stdout).toContain('COMPLIANCE_ORG: elsewhere');
    assertNoSecret(ran.stdout + ran.stderr, 'the output of npm run action');
  });

  it('reports a refused token as the step does, without printing it', async () => {
    const ran = await action(`list-actions --api-url ${service().url} --org elsewhere`, {
      COMPLIANCE_API_TOKEN: `${TEST_TOKEN}-wrong`,
    });
    expect(ran.code).toBe(1);
    expect(output(ran, 'outcome')).toBe('error');
    expect(ran.stdout).toMatch(/^Error: .*(401|token)/im);
    // The wrong token holds the guarded TEST_TOKEN: expectReadable finds it in any form.
    expectReadable(ran);
  });
});

describe('npm run action and the terminal', () => {
  // What a hostile service may answer to drive a terminal: a clipboard write (OSC 52), a hyperlink (OSC 8), a screen
  // clear (CSI 2J), a carriage return over the line with a fake success, an 8-bit CSI, a bidi override, a zero-width space.
  const TERMINAL =
    ' \u001b]52;c;ZWNobyBoaQ==\u0007\u001b]8;;https://evil.test/\u001b\\click\u001b]8;;\u001b\\' +
    '\u001b[2J\u001b[H\r✔ report-k8s-env succeeded\u009b31m\u202eevil\u200b';
  const { tempDir } = useTempDirs();
  // The sandbox appends hostile_text to every message it writes: report-k8s-env's message output carries it.
  const service = useSharedSandbox({ seed: { ...demoSeed(), hostile_text: TERMINAL } });

  it("shows the service's control sequences as visible marks; the result file keeps them exactly", async () => {
    const web = pod('web-1', { ns: 'shop', statuses: [running('nginx:1.27', 'a'.repeat(64))] });
    const workspace = podsWorkspace(tempDir('pods-'), [web]);
    const ran = await action(
      `report-k8s-env --api-url ${service().url} --org demo --cwd ${workspace} --keep ` +
        '--input environment=staging --input pods-file=pods.json',
      // --keep keeps the step's folder: in TMPDIR, removed after the test.
      { COMPLIANCE_API_TOKEN: DEMO_TOKEN, TMPDIR: tempDir('tmpdir-') },
    );
    expect(ran.code).toBe(0);
    // Nothing but line feeds: no escape, bell, carriage return, C1 control, bidi or zero-width character, anywhere.
    expect(ran.stdout.replace(/\n/g, '')).not.toMatch(/[\p{Cc}\p{Cf}\u2028\u2029]/u);
    expect(ran.stderr).not.toContain('\u001b');
    // Shown, and where it was: each as \uXXXX.
    expect(output(ran, 'message')).toMatch(
      /^Snapshot staging#\d+ created with 1 artifact \\u001b\]52;c;ZWNobyBoaQ==\\u0007\\u001b\]8;;https:\/\/evil\.test\/.*\\u001b\[2J\\u001b\[H\\u000d✔ report-k8s-env succeeded\\u009b31m\\u202eevil\\u200b$/,
    );
    // The last line is the command's own verdict, not the service's.
    expect(ran.stdout.trimEnd().split('\n').at(-1)).toMatch(/^✔ report-k8s-env succeeded in [\d.]+ s$/);
    // Where a workflow reads it, the service's value is untouched.
    const saved = JSON.parse(readFileSync(output(ran, 'result-file') ?? '', 'utf8')) as { message?: string };
    expect(saved.message).toMatch(/^Snapshot staging#\d+ created with 1 artifact /);
    expect(saved.message?.endsWith(TERMINAL)).toBe(true);
  });
});

describe('npm run action, its temp folder: removed when the command ends, unless --keep', () => {
  const { tempDir } = useTempDirs();

  it('removes the step’s RUNNER_TEMP, result file and all, after a step that passes and one that fails', async () => {
    const tmp = tempDir('tmpdir-');
    for (const line of ['list-actions', 'list-actions --input fail-if-failing=true']) {
      const ran = await action(line, { TMPDIR: tmp });
      expect(ran.code, line).toBe(line.includes('fail-if-failing') ? 1 : 0);
      // The step ran in a folder of TMPDIR's, and left its result file there.
      expect(output(ran, 'result-file')?.startsWith(`${tmp}/compliance-action-list-actions-`), line).toBe(
        true,
      );
      expect(readdirSync(tmp), line).toEqual([]);
    }
  });

  it('--keep keeps it, says where, and the result file the output names is there', async () => {
    const tmp = tempDir('tmpdir-');
    const ran = await action('list-actions --keep', { TMPDIR: tmp });
    expect(ran.code).toBe(0);
    const dir = /^\(the step's RUNNER_TEMP, with the files it left, is kept in (\S+)\)$/m.exec(
      ran.stdout,
    )?.[1];
    expect(readdirSync(tmp).map((name) => join(tmp, name))).toEqual([dir]);
    const file = output(ran, 'result-file') ?? '';
    expect(file.startsWith(`${dir ?? '?'}/compliance-actions/`)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ outcome: 'failing', count: 3 });
    // Only what the step left: the runner's own file commands are gone.
    expect(readdirSync(dir ?? '')).toEqual(['compliance-actions']);
  });

  it('the real command, stopped by SIGTERM mid-step: the step ends too, the folder is removed, exit 143', async () => {
    const tmp = tempDir('tmpdir-');
    // The sandbox answers 429 with Retry-After 30 once: the step waits, and is stopped while it does.
    const child = spawn(
      join(ROOT, 'node_modules/.bin/node'),
      [
        '--import',
        './scripts/register-ts.mjs',
        'scripts/action.ts',
        'list-actions',
        '--fault',
        '429x1:retry-after=30',
      ],
      { cwd: ROOT, env: { ...userEnv(), TMPDIR: tmp } },
    );
    let stdout = '';
    const logging = new Promise<void>((started) =>
      child.stdout.setEncoding('utf8').on('data', (c: string) => {
        stdout += c;
        if (stdout.includes('▸ List the actions of demo')) started();
      }),
    );
    const closed = new Promise<number | null>((done) => child.on('close', done));
    await logging;
    expect(readdirSync(tmp).filter((name) => name.startsWith('compliance-action-'))).toHaveLength(1);
    // The step is the command's child: it waits out Retry-After 30 unless the command ends it.
    const steps = execFileSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' })
      .trim()
      .split('\n');
    for (const pid of steps) expect(pid).toMatch(/^\d+$/);
    child.kill('SIGTERM');
    expect(await closed).toBe(143);
    expect(stdout).not.toContain('succeeded');
    expect(readdirSync(tmp).filter((name) => name !== 'node-compile-cache')).toEqual([]);
    // Gone, or a zombie waiting to be reaped: killed, not left to write into the removed folder.
    const alive = (pid: string) => {
      try {
        return !/^\d+ \(.*\) [ZX] /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      } catch {
        return false;
      }
    };
    await vi.waitFor(() => expect(steps.filter(alive)).toEqual([]), { timeout: 10_000, interval: 50 });
  });
});

describe('npm run action, bad usage', () => {
  it.each([
    ['nope', "there is no action 'nope'"],
    ['', 'which action?'],
    ['get-artifact --input flow', "--input 'flow' is not key=value"],
    ['get-artifact --input flo=backend', "get-artifact has no input 'flo'; its inputs: flow, fingerprint"],
    ['get-artifact --bogus', "Unknown option '--bogus'"],
    ['get-artifact --env NOEQUALS', "--env 'NOEQUALS' is not key=value"],
    ['get-artifact --event /no/such/event.json', "--event '/no/such/event.json' is neither push"],
  ])('%j exits 2: %s', async (line, message) => {
    const ran = await action(line);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(`npm run action: ${message}`);
    expect(ran.stderr).toContain('Usage: npm run action -- <name>');
    // Nothing ran: no sandbox, no step.
    expect(ran.stdout).toBe('');
    // An unknown name lists the actions.
    const listed = line === 'nope' ? ['setup', 'get-artifact', 'list-actions', 'report-k8s-env'] : [];
    for (const name of listed) expect(ran.stderr).toMatch(new RegExp(`^ {2}${name} `, 'm'));
  });

  it('the real command: bad usage exits 2 with the message on stderr, nothing on stdout', async () => {
    const ran = await spawned(
      join(ROOT, 'node_modules/.bin/node'),
      ['--import', './scripts/register-ts.mjs', 'scripts/action.ts', 'nope'],
      ROOT,
    );
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain("npm run action: there is no action 'nope'");
    expect(ran.stderr).toMatch(/^ {2}get-artifact /m);
    expect(ran.stdout).toBe('');
  });

  it('--help prints the usage and the actions, and exits 0', async () => {
    const ran = await action('--help');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('Usage: npm run action -- <name> [options]');
    expect(ran.stdout).toMatch(/^ {2}get-artifact +Reads an artifact/m);
  });
});
