/**
 * `npm start` as a new user runs it: the demo script under Node 24, the sandbox on a free port, every step through
 * the shipped dist/ bundles. It must end cleanly with every summary written, and fail when a step fails. The demo's
 * sandbox answers with the suite's profile (`--profile`): the story holds under both, told with what the answers give.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderProblems } from '../helpers/gfm.js';
import { ROOT } from '../helpers/runner.js';
import { byProfile, PROFILE } from '../helpers/sandbox.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The demo with the suite's answer profile. */
const demo = (...args: string[]) => spawnDemo('--profile', PROFILE, ...args);

async function spawnDemo(...args: string[]): Promise<{ code: number | null; stdout: string; out: string }> {
  const out = mkdtempSync(join(tmpdir(), 'demo-test-'));
  dirs.push(out);
  const child = spawn(
    process.execPath,
    ['--import', './scripts/register-ts.mjs', 'scripts/demo.ts', '--out', out, ...args],
    { cwd: ROOT },
  );
  let stdout = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  const code = await new Promise<number | null>((r) => child.on('close', r));
  return { code, stdout, out };
}

describe('npm start (the demo)', () => {
  it('drives the whole pipeline to a clean exit and writes every summary as Markdown and HTML', async () => {
    const { code, stdout, out } = await demo();
    expect(stdout).toContain('All 16 steps passed.');
    expect(code).toBe(0);
    expect(stdout).toContain(`Answer profile: ${PROFILE} (`);
    const steps = stdout.match(/^✔ \[\d+\/16\] .+$/gm) ?? [];
    expect(steps).toHaveLength(16);
    for (const action of [
      'setup',
      'report-artifact',
      'report-k8s-env',
      'diff-envs',
      'get-deployment',
      'check-attestations-for-commit',
      'get-artifact',
      'list-trails',
      'list-attestations',
      'list-actions',
    ]) {
      expect(stdout).toContain(`(${action}, `);
    }
    // Outputs are printed; the non-compliant gate reports without failing.
    expect(stdout).toMatch(/message: Snapshot staging#4 created with 4 artifact\(s\)/);
    expect(stdout).toContain('outcome: non-compliant');
    // The snapshots diffed, as the answer names them; a minimal answer names none (the diff stands, not confirmed).
    expect(stdout).toMatch(byProfile(/^ {4}snapshot-2-id: staging#4$/m, /^ {4}snapshot-2-id: $/m));

    const markdown = readFileSync(join(out, 'summaries.md'), 'utf8');
    expect(markdown.match(/^## \d+\. /gm)).toHaveLength(16);
    /** The summary of the demo's step `n`. */
    const section = (n: number) => markdown.split(/^## \d+\. /m)[n] ?? '';
    expect(section(6)).toContain(
      byProfile('### Environment diff: staging#3 → staging#4', '### Environment diff: staging\\~1 → staging'),
    );
    expect(markdown).toContain('### ✅ Compliance gate passed');
    // One story (issue 15): the promotion review of production against staging finds the new backend, reported with
    // its template name and so missing what the template asks, and reports it without failing. A minimal answer
    // gives no page to link the state to, and names no snapshot: the review says it is not confirmed.
    expect(section(7)).toMatch(/^Promotion review: what staging would bring to production$/m);
    expect(section(7)).toMatch(
      byProfile(
        /\| ghcr\.io\/acme\/backend \| 1\.4\.0 → 1\.6\.0 \| <code>\w{12}<\/code> \| \[⚠️ INCOMPLETE\]\(\S+\) — missing: pull-request, unit-tests, snyk-scan \|/,
        /\| ghcr\.io\/acme\/backend \| 1\.4\.0 → 1\.6\.0 \| <code>\w{12}<\/code> \| ⚠️ INCOMPLETE — missing: pull-request, unit-tests, snyk-scan \|/,
      ),
    );
    expect(section(7)).toContain('| ❔ flow unknown |');
    // The matrix a promotion workflow would fan out on, printed one entry (one job) a line: every artifact that would
    // move (promotions-state: any), with its state; the compare link only where the answer gives both commits. A
    // minimal answer names no snapshot: nothing moves from a diff not confirmed as the one asked.
    if (PROFILE === 'full') {
      expect(stdout).toContain(
        '    promotions: {"include": [2 entries]}, for strategy.matrix: one job per entry\n',
      );
      expect(stdout).toMatch(
        /^ {6}- name: ghcr\.io\/acme\/backend {2}from: 1\.4\.0 \(9e5f20177e21\) {2}to: 1\.6\.0 \([0-9a-f]{12}\) {2}state: INCOMPLETE {2}flow: backend$/m,
      );
      expect(stdout).toMatch(
        /^ {6}- name: ghcr\.io\/acme\/backend-migrate {2}from: null \(new\) {2}to: 1\.6\.0 \([0-9a-f]{12}\) {2}state: FLOW-UNKNOWN {2}flow: null$/m,
      );
      expect(stdout).toMatch(
        /^ {8}compare-url: https:\/\/github\.com\/acme\/shop\/compare\/3dfdaa9cbad35a60632a382f8653df6ef6539d28\.\.\.[0-9a-f]{40}$/m,
      );
      expect(stdout).toContain('    promotions-count: 2\n');
      expect(section(7)).toContain('#### Promotions (2)');
      expect(section(7)).toMatch(
        /\| ghcr\.io\/acme\/backend \| 1\.4\.0 \| 1\.6\.0 \| INCOMPLETE \| backend \| \[compare\]\(https:\/\/github\.com\/acme\/shop\/compare\/\S+\) \|/,
      );
      expect(section(7)).toContain('| ghcr.io/acme/backend-migrate | new | 1.6.0 | FLOW-UNKNOWN |  |  |');
    } else {
      expect(stdout).toContain('    promotions-count: 0\n');
      expect(section(7)).toContain('#### Promotions (0)');
      expect(section(7)).toContain(
        'Left out of promotions: 2 of a diff not confirmed to be about the snapshots asked (the result file names them).',
      );
    }
    const notConfirmed =
      'Not confirmed: the answer names no snapshot for snappish1 and snappish2, so it cannot be shown to be about production and staging as asked.';
    expect(section(7).includes(notConfirmed)).toBe(byProfile(false, true));
    expect(section(7)).toContain(
      byProfile(
        '### Environment diff: production#2 → staging#4',
        '### Environment diff: production → staging',
      ),
    );
    // The deployment is found either way; a minimal answer does not name what it is about.
    expect(section(8).includes('Not confirmed: the answer names no fingerprint and no environment')).toBe(
      byProfile(false, true),
    );
    // What shipped, in one line, in the step's log (printed) and its summary; a minimal answer names no replaced
    // artifact, no commit and no start: nothing is said rather than guessed.
    expect(stdout).toMatch(/^ {4}\| \S+ was deployed to staging/m);
    const shipped = /backend 1\.6\.0 replaced 1\.5\.0 \((.+)\) \d+ (s|min) after its commit/;
    if (PROFILE === 'full') {
      expect(stdout.match(new RegExp(`^ {4}\\| ${shipped.source}$`, 'm'))?.[1]).toBe('compare');
      expect(section(8).match(shipped)?.[1]).toMatch(
        /^\[compare\]\(https:\/\/github\.com\/acme\/shop\/compare\/888f905eacac85a1e522752fa1be9aa2ce5d5016\.\.\.[0-9a-f]{40}\)$/,
      );
    } else {
      expect(stdout).not.toMatch(shipped);
      expect(section(8)).not.toMatch(shipped);
    }
    // Under full every answer names what it is about.
    if (PROFILE === 'full') expect(markdown).not.toContain('Not confirmed');
    // Issue 16 in the story: the backend images checked in one step, two environments reported from one read.
    expect(markdown).toContain('### ❌ 3 artifacts of flow backend: 2 not COMPLIANT');
    expect(markdown).toContain(
      '| ghcr.io/acme/backend:1.5.0 | <code>33907d725bd9</code> | ❌ NON-COMPLIANT |',
    );
    expect(markdown).toContain('| production | ✅ reported | 3 | 2 | 0 | production#3 (new) |');
    // Every commit message of the demo's story is its own.
    expect(markdown).toContain('Rate-limit refund requests');
    // Every summary of the demo, as GitHub's own renderer shows it (issue 15).
    expect(renderProblems(markdown)).toEqual([]);
    const html = readFileSync(join(out, 'summaries.html'), 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(
      byProfile(
        '<h3>Environment diff: staging#3 → staging#4</h3>',
        '<h3>Environment diff: staging~1 → staging</h3>',
      ),
    );
    expect(html).toMatch(/<table>\s*<thead>\s*<tr>\s*<th>Name<\/th>/);
    // The pods of a scaled artifact, collapsed; a minimal answer gives no counts and no pods: unknown, no list.
    expect(html).toContain(byProfile('<td>2 → 3</td>', '<td>? → ?</td>'));
    expect(html.includes('<details><summary>')).toBe(byProfile(true, false));
    expect(html).not.toContain('| --- |');
  }, 60_000);

  it('fails when a step fails, naming it, and still writes what ran', async () => {
    // The service refuses the token once: setup's check fails, and the job stops there as a runner's would.
    const { code, stdout, out } = await demo('--fault', '401x1');
    expect(code).toBe(1);
    expect(stdout).toMatch(/^✘ \[1\/16\] Set up the connection/m);
    expect(stdout).toContain('Demo failed at "Set up the connection": exited with 1');
    expect(stdout).not.toContain('[2/16]');
    expect(readFileSync(join(out, 'summaries.md'), 'utf8')).toContain('failed: exited with 1');
  }, 60_000);

  it('refuses an unknown answer profile, naming the option and the profiles, before starting anything', async () => {
    const { code, stdout } = await spawnDemo('--profile', 'bogus');
    expect(code).toBe(2);
    expect(stdout).toContain("npm start: --profile 'bogus' is not one of full, minimal");
    expect(stdout).not.toContain('Sandbox on');
  }, 60_000);
});
