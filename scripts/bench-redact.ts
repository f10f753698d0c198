// Benchmark: the redactor on hostile texts, and the two steps such texts once held for minutes. First the redactor
// (src/trust/redact.ts) on each text of 256 KiB and 1 MiB: a run of URL schemes, or the token's first character then
// line breaks (literal, `%0A`, `\u000a`, `&#10;`), its least time of three and its ratio to a plain scan of the same
// text (a loop over its units, the least any pass costs). Then, through the dist bundle run as the runner runs it
// (packages/runner): check-attestations-for-commit on a pull request whose commit subject is a run of URL schemes (a
// loopback GitHub API for its commits, the in-process sandbox for the attestations), and get-deployment against a
// loopback service whose answer's artifact_name is the token's first character then line breaks, each at 256 KiB and
// 1 MiB. What takes longer than --cap seconds (default 600) is stopped and shown as over it. Nothing is asserted.
// Usage: npm run bench:redact [-- --root <checkout>] [-- --cap <seconds>]
//   --root: another checkout's redactor, bundle and runner, e.g. the code before a change, built apart from this
//   tree: git worktree add --detach /tmp/old <commit> && (cd /tmp/old && npm run build), its node_modules linked
//   to this one's but for @compliance-actions/*, which must be its own packages.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPLIANT_COMMIT, DEMO_ORG, DEMO_TOKEN, demoSeed } from '@compliance-actions/sandbox/seeds/index';
import { Sandbox } from '@compliance-actions/sandbox/server';
import type { RunOptions, RunResult } from '@compliance-actions/runner/emulator';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const root = resolve(option('--root') ?? join(fileURLToPath(import.meta.url), '../..'));
const capSeconds = Number(option('--cap') ?? 600);
const KIB = 1024;
const SIZES = [256 * KIB, 1024 * KIB];
const TOKEN = 'tok_bench_5f0c2e9a7b1d4c3e8f6a';

/** A text of `size` units: `lead` then `unit` over and over. */
const hostile = (lead: string, unit: string, size: number) =>
  (lead + unit.repeat(Math.ceil(size / unit.length))).slice(0, size);
const TEXTS: Record<string, (size: number) => string> = {
  'http://http://…': (size) => hostile('', 'http://', size),
  'https:https:…': (size) => hostile('', 'https:', size),
  't, then LF…': (size) => hostile(TOKEN.slice(0, 1), '\n', size),
  't, then %0A…': (size) => hostile(TOKEN.slice(0, 1), '%0A', size),
  't, then \\u000a…': (size) => hostile(TOKEN.slice(0, 1), '\\u000a', size),
  't, then &#10;…': (size) => hostile(TOKEN.slice(0, 1), '&#10;', size),
  '\\U000D\\r…': (size) => hostile('', '\\U000D\r', size),
};

/** A plain pass over the text, each unit read once. */
function scan(text: string): number {
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum = (sum + text.charCodeAt(i)) | 0;
  return sum;
}

/** The least time in ms of up to `runs` runs of `work` (one only when a run is slow: the old code's are minutes). */
function least(work: () => unknown, runs: number): number {
  let best = Infinity;
  for (let r = 0; r < runs && (r === 0 || best < 5000); r++) {
    const started = performance.now();
    work();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** In a child process (so a redactor that takes minutes can be stopped): one text's times, as a line of JSON. */
async function measure(name: string, size: number): Promise<void> {
  const { redact, registerSecret } = (await import(join(root, 'src/trust/redact.ts'))) as {
    redact: (text: string) => string;
    registerSecret: (value: string) => void;
  };
  registerSecret(TOKEN);
  const text = (TEXTS[name] ?? String)(size);
  let sum = 0;
  const scanMs = least(() => (sum ^= scan(text)), 5);
  const redactMs = least(() => redact(text), 3);
  console.log(JSON.stringify({ scanMs, redactMs, sum }));
}

/** Runs `measure` in a child, stopped after the cap: its times, or undefined when it ran out of time. */
function measured(name: string, size: number): Promise<{ scanMs: number; redactMs: number } | undefined> {
  const script = fileURLToPath(import.meta.url);
  const register = join(fileURLToPath(import.meta.url), '../register-ts.mjs');
  const child = spawn(process.execPath, [
    '--import',
    register,
    script,
    '--measure',
    name,
    String(size),
    '--root',
    root,
  ]);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const timer = setTimeout(() => child.kill(), capSeconds * 1000);
  return new Promise((done) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      done(code === 0 ? (JSON.parse(out) as { scanMs: number; redactMs: number }) : undefined);
    }),
  );
}

/** A loopback server answering every request with `status` and the JSON `body`. */
async function serve(answer: (path: string) => unknown): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const body = answer(new URL(req.url ?? '/', 'http://loopback').pathname);
      res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? { message: 'Not Found' }));
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const close = (server: Server) => new Promise((done) => server.close(done));

/** One step through `root`'s bundle and runner, stopped after the cap: its wall time and what it left. */
async function step(action: string, options: RunOptions): Promise<{ seconds: number; result?: RunResult }> {
  const emulator = (await import(join(root, 'packages/runner/src/emulator.ts'))) as {
    runAction: (name: string, options: RunOptions) => Promise<RunResult>;
  };
  let timer: NodeJS.Timeout | undefined;
  const run = { stopped: false };
  const started = performance.now();
  const result = await emulator.runAction(action, {
    ...options,
    onSpawn: (pid) => {
      timer = setTimeout(() => {
        run.stopped = true;
        process.kill(pid);
      }, capSeconds * 1000);
    },
  });
  clearTimeout(timer);
  const seconds = (performance.now() - started) / 1000;
  return run.stopped ? { seconds } : { seconds, result };
}

const shown = (seconds: number, result: RunResult | undefined, outcome: string | undefined) =>
  result ? `${seconds.toFixed(2)} s (${outcome ?? `exit ${result.code}`})` : `over ${capSeconds} s (stopped)`;

/** The gate on a pull request of one commit whose subject is a run of URL schemes of `size` units. */
async function gate(size: number): Promise<string> {
  const message = `${hostile('', 'http://', size)}\n\nbody`;
  const github = await serve((path) =>
    path === '/repos/acme/app/pulls/7/commits'
      ? [
          {
            sha: COMPLIANT_COMMIT,
            html_url: `https://github.com/acme/app/commit/${COMPLIANT_COMMIT}`,
            commit: { message },
          },
        ]
      : undefined,
  );
  const sandbox = new Sandbox({ seed: demoSeed() });
  try {
    const url = await sandbox.start();
    const { seconds, result } = await step('check-attestations-for-commit', {
      inputs: { 'api-url': url, 'api-token': DEMO_TOKEN, org: DEMO_ORG },
      githubToken: 'ghs_benchToken0123456789',
      github: {
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_API_URL: github.origin,
        GITHUB_SHA: 'f'.repeat(40),
        GITHUB_REF: 'refs/pull/7/merge',
      },
      event: { number: 7, pull_request: { number: 7, head: { sha: COMPLIANT_COMMIT } } },
    });
    return shown(seconds, result, result?.outputs.outcome);
  } finally {
    await sandbox.close();
    await close(github.server);
  }
}

/** get-deployment of an answer whose artifact_name is the token's first character, then line breaks, of `size`. */
async function deployment(size: number): Promise<string> {
  const fingerprint = 'd'.repeat(64);
  const name = hostile(TOKEN.slice(0, 1), '\n', size);
  const service = await serve(() => ({
    fingerprint,
    deployed_at: 1793697400,
    env_name: 'prod',
    artifact_name: name,
  }));
  try {
    const { seconds, result } = await step('get-deployment', {
      inputs: {
        'api-url': service.origin,
        'api-token': TOKEN,
        org: 'acme',
        environment: 'prod',
        fingerprint,
      },
    });
    return shown(seconds, result, result?.outputs.outcome);
  } finally {
    await close(service.server);
  }
}

if (option('--measure') !== undefined) {
  await measure(option('--measure') ?? '', Number(args[args.indexOf('--measure') + 2]));
} else {
  console.log(`Node ${process.version}, the code of ${root}; anything over ${capSeconds} s is stopped`);
  console.log('\nThe redactor: least of 3 runs, and its ratio to a plain scan of the same text');
  for (const name of Object.keys(TEXTS)) {
    const cells: string[] = [];
    for (const size of SIZES) {
      const times = await measured(name, size);
      cells.push(
        times
          ? `${size / KIB} KiB ${times.redactMs.toFixed(1)} ms (${Math.round(times.redactMs / times.scanMs)}× a scan)`
          : `${size / KIB} KiB over ${capSeconds} s`,
      );
    }
    console.log(`  ${name.padEnd(18)} ${cells.join('; ')}`);
  }
  console.log('\nSteps through the bundle');
  for (const size of SIZES) {
    console.log(`  check-attestations-for-commit, a ${size / KIB} KiB commit subject: ${await gate(size)}`);
    console.log(`  get-deployment, a ${size / KIB} KiB artifact name: ${await deployment(size)}`);
  }
}
