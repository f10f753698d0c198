// Benchmark: check-attestations-for-commit over a release range of 5,000 commits, through the dist bundle
// run as the runner runs it (packages/runner), in a real git repository made for it (one `git fast-import`), against an
// in-process sandbox that is told of every request (Sandbox.observe) and counts those it is answering at once
// (Sandbox.load). Prints, with no added latency and with 20 ms per answer (which keeps requests in flight long enough
// to overlap): the step's wall time, the requests it sent (and the most commits in one), the most in flight at once
// (the client's bound is 4), the peak RSS and the job summary's size. Nothing here is asserted: read the numbers.
// Usage: npm run bench:gate [-- <commits>]   (default 5000, the most one step checks)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoSeed } from '@compliance-actions/sandbox/seeds/index';
import { Sandbox } from '@compliance-actions/sandbox/server';
import { mib, measuredStep } from './lib/peak-memory.js';

const count = Number(process.argv[2] ?? 5000);
if (!Number.isInteger(count) || count < 1 || count > 5000)
  throw new Error(`commits must be a whole number from 1 to 5000, not ${process.argv[2]}`);

const dir = mkdtempSync(join(tmpdir(), 'bench-gate-'));
const git = (...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();

/** A root commit and `count` commits after it, a second apart, in one fast-import; their SHAs, oldest first. */
function makeRepository(): { root: string; commits: string[] } {
  git('init', '-q', '-b', 'main');
  const stream: string[] = [];
  for (let i = 0; i <= count; i++) {
    const message = i === 0 ? 'Root' : `Change ${i}: a commit of the release`;
    stream.push(
      'commit refs/heads/main\n',
      `committer Ann Example <ann@example.test> ${1793600000 + i} +0000\n`,
      `data ${Buffer.byteLength(message)}\n${message}\n\n`,
    );
  }
  execFileSync('git', ['-C', dir, 'fast-import', '--quiet'], { input: stream.join('') });
  const [root = '', ...commits] = git('rev-list', '--reverse', 'main').split('\n');
  return { root, commits };
}

try {
  const made = performance.now();
  const { root, commits } = makeRepository();
  const madeMs = performance.now() - made;
  // Every commit has a compliant unit-tests attestation, so the step passes and every answer carries one.
  const seed = demoSeed() as { orgs: { demo: { attestations: unknown[] } } };
  commits.forEach((sha, i) => {
    seed.orgs.demo.attestations.push({
      id: `${sha.slice(0, 8)}-0000-4000-8000-${String(i).padStart(8, '0')}`,
      flow: 'backend',
      trail: '3dfdaa9cbad35a60632a382f8653df6ef6539d28',
      name: 'unit-tests',
      type: 'junit',
      git_commit: sha,
      is_compliant: true,
      created_at: 1793700000 + i,
    });
  });
  const sandbox = new Sandbox({ seed });
  const chunks: number[] = [];
  sandbox.observe(({ url }) => {
    const parsed = new URL(url, 'http://sandbox');
    if (parsed.pathname.endsWith('/list_attestations_for_criteria'))
      chunks.push(parsed.searchParams.getAll('commit_list').length);
  });
  try {
    const url = await sandbox.start();
    console.log(
      `Node ${process.version}, git ${git('--version').replace(/^git version /, '')}: a repository of ` +
        `${commits.length + 1} commits made in ${madeMs.toFixed(0)} ms; the gate checks ${root.slice(0, 7)}..HEAD`,
    );
    for (const latencyMs of [0, 20]) {
      sandbox.faults.latencyMs = latencyMs;
      sandbox.load.peak = 0;
      chunks.length = 0;
      const { seconds, peak, result } = await measuredStep('check-attestations-for-commit', {
        cwd: dir,
        inputs: {
          'api-url': url,
          'api-token': 'sandbox-demo-token',
          org: 'demo',
          commits: `${root}..HEAD`,
          required: 'unit-tests',
        },
        github: { GITHUB_SHA: commits.at(-1) ?? '' },
      });
      const checked = /^(\d+) commit\(s\) of /m.exec(result.stdout)?.[1] ?? '?';
      console.log(
        `latency ${String(latencyMs).padStart(2)} ms: ${checked} commits checked (${result.outputs.outcome}) in ` +
          `${seconds.toFixed(2)} s; ${chunks.length} requests of at most ${Math.max(0, ...chunks)} commits; ` +
          `at most ${sandbox.load.peak} in flight (bound 4: ${sandbox.load.peak <= 4 ? 'held' : 'BROKEN'}); ` +
          `peak RSS ${mib(peak)}; job summary ${(Buffer.byteLength(result.summary) / 1024).toFixed(0)} KiB`,
      );
    }
  } finally {
    await sandbox.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
