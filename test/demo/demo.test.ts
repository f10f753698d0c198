/**
 * `npm start` as a new user runs it: the demo script under Node 24, the sandbox on a free port, every step through
 * the shipped dist/ bundles. It must end cleanly with every summary written, and fail when a step fails.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderProblems } from '../helpers/gfm.js';
import { ROOT } from '../helpers/runner.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function demo(...args: string[]): Promise<{ code: number | null; stdout: string; out: string }> {
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

    const markdown = readFileSync(join(out, 'summaries.md'), 'utf8');
    expect(markdown.match(/^## \d+\. /gm)).toHaveLength(16);
    expect(markdown).toContain('### Environment diff: staging#3 → staging#4');
    expect(markdown).toContain('### ✅ Compliance gate passed');
    // One story (issue 15): the promotion review of production against staging finds the new backend, reported with
    // its template name and so missing what the template asks, and reports it without failing.
    expect(markdown).toContain('## 7. Promotion review: what staging would bring to production');
    expect(markdown).toMatch(
      /\| ghcr\.io\/acme\/backend \| 1\.4\.0 → 1\.6\.0 \| <code>\w{12}<\/code> \| \[⚠️ INCOMPLETE\]\(\S+\) — missing: pull-request, unit-tests, snyk-scan \|/,
    );
    expect(markdown).toContain('| ❔ flow unknown |');
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
    expect(html).toContain('<h3>Environment diff: staging#3 → staging#4</h3>');
    expect(html).toMatch(/<table>\s*<thead>\s*<tr>\s*<th>Name<\/th>/);
    expect(html).toContain('<details><summary>');
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
});
