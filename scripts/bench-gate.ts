// Benchmark: check-attestations-for-commit over a release range of 5,000 commits, through the dist bundle
// run as the runner runs it (packages/runner), in a real git repository made for it (one `git fast-import`), against an
// in-process sandbox that is told of every request (Sandbox.observe) and counts those it is answering at once
// (Sandbox.load). Prints, with no added latency and with 20 ms per answer (which keeps requests in flight long enough
// to overlap): the step's wall time, the requests it sent (and the most commits in one), the most in flight at once
// (the client's bound is 4), the peak RSS and the job summary's size. Nothing here is asserted: read the numbers.
// With --review, each commit has a pull_request attestation instead (approved by bob, one in 1,000 by its author
// alone) and the step runs `review: never-alone`, failing on those self-approved, as seeded.
// Usage: npm run bench:gate [-- [--review] <commits>]   (default 5000, the most one step checks)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPLIANT_COMMIT, DEMO_ORG, DEMO_TOKEN, demoSeed } from '@compliance-actions/sandbox/seeds/index';
import { Sandbox } from '@compliance-actions/sandbox/server';
import { mib, measuredStep } from './lib/peak-memory.js';

const args = process.argv.slice(2);
const review = args.includes('--review');
const given = args.find((arg) => arg !== '--review');
const count = Number(given ?? 5000);
if (!Number.isInteger(count) || count < 1 || count > 5000)
  throw new Error(`commits must be a whole number from 1 to 5000, not ${given}`);

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
  // Every commit has a compliant unit-tests attestation, so the step passes and every answer carries one; with
  // --review a pull_request attestation, its pull request approved by bob, or self-approved by ann (its author).
  const seed = demoSeed();
  const selfApproved = (i: number) => i % 1000 === 999;
  commits.forEach((sha, i) => {
    const common = {
      id: `${sha.slice(0, 8)}-0000-4000-8000-${String(i).padStart(8, '0')}`,
      flow: 'backend',
      git_commit: sha,
      is_compliant: true,
      created_at: 1793700000 + i,
    };
    const pullRequest = {
      url: `https://github.com/acme/shop/pull/${i + 1}`,
      state: 'MERGED',
      approvers: [{ username: selfApproved(i) ? 'ann' : 'bob' }],
      commits: [{ sha1: sha, author: 'Ann Example <ann@example.test>', author_username: 'ann' }],
    };
    seed.orgs.demo.attestations.push(
      review
        ? { ...common, trail: sha, name: 'pull-request', type: 'pull_request', pull_requests: [pullRequest] }
        : { ...common, trail: COMPLIANT_COMMIT, name: 'unit-tests', type: 'junit' },
    );
  });
  const failing = review ? commits.filter((_, i) => selfApproved(i)).length : 0;
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
        `${commits.length + 1} commits made in ${madeMs.toFixed(0)} ms; the gate checks ${root.slice(0, 7)}..HEAD` +
        (review ? ` with review: never-alone (${failing} self-approved)` : ''),
    );
    for (const latencyMs of [0, 20]) {
      sandbox.faults.latencyMs = latencyMs;
      sandbox.load.peak = 0;
      chunks.length = 0;
      const { seconds, peak, result } = await measuredStep(
        'check-attestations-for-commit',
        {
          cwd: dir,
          inputs: {
            'api-url': url,
            'api-token': DEMO_TOKEN,
            org: DEMO_ORG,
            commits: `${root}..HEAD`,
            ...(review ? { review: 'never-alone' } : { required: 'unit-tests' }),
          },
          github: { GITHUB_SHA: commits.at(-1) ?? '' },
        },
        failing > 0 ? 1 : 0,
      );
      const checked = /^(\d+) commit\(s\) of /m.exec(result.stdout)?.[1] ?? '?';
      console.log(
        `latency ${String(latencyMs).padStart(2)} ms: ${checked} commits checked (${result.outputs.outcome}` +
          `${review ? ` ${result.outputs.review}` : ''}) in ` +
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
