/**
 * `npm start` as a new user runs it: the sandbox on a free port, every step through the shipped dist/ bundles, under
 * each answer profile (`--profile`). It ends cleanly with every summary written, and fails when a step fails.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { majorOf, ownerOf } from '../../scripts/lib/demo-step.js';
import { renderGfm, renderProblems } from '../helpers/gfm.js';
import { actionNames, ROOT } from '../helpers/runner.js';
import { byProfileOf, PROFILES, type AnswerProfile } from '@compliance-actions/sandbox/profile';
import {
  BACKEND_140,
  BACKEND_150,
  COMPLIANT_COMMIT,
  NON_COMPLIANT_COMMIT,
  UI_URL,
} from '@compliance-actions/sandbox/seeds/index';

/** The owner and major tag of every `uses:`, from package.json (test/demo/demo-step.test.ts holds how). */
const PACKAGE_JSON = readFileSync(join(ROOT, 'package.json'), 'utf8');
const OWNER = ownerOf(PACKAGE_JSON);
const MAJOR = majorOf(PACKAGE_JSON);

/** The folders the runs wrote to, removed after the file's tests. */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** One clean run of the demo per answer profile, shared by the tests that only read what it printed and wrote. */
const cleanRuns = new Map<AnswerProfile, ReturnType<typeof spawnDemo>>();

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

/** The API URL of the demo's sandbox, as its first line prints it. */
function sandboxUrl(stdout: string): string {
  const url = /^Sandbox on (http:\/\/127\.0\.0\.1:\d+\/api\/v2) /m.exec(stdout)?.[1];
  if (url === undefined) throw new Error(`no sandbox URL in:\n${stdout}`);
  return url;
}

interface PrintedStep {
  n: number;
  title: string;
  /** The workflow step shown, as printed (indented by two). */
  yaml: string;
  mark: string;
  /** The mark line after the mark: `non-compliant (expected) · check-attestations-for-commit, 0.1 s`. */
  verdict: string;
  action: string;
  /** Its printed outputs, `name: value`. */
  outputs: Record<string, string>;
}

/** How many steps the demo runs. */
const STEPS = 18;

/** The steps as printed: `[n/17] title`, the YAML, then the mark line and the outputs. */
function printedSteps(stdout: string): PrintedStep[] {
  const blocks = stdout.split(new RegExp(`^(?=\\[\\d+/${STEPS}\\] )`, 'm')).slice(1);
  return blocks.map((block) => {
    const [head = '', ...lines] = block.split('\n');
    const [, n = '', title = ''] = new RegExp(`^\\[(\\d+)/${STEPS}\\] (.*)$`).exec(head) ?? [];
    const at = lines.findIndex((line) => /^[^\s]/.test(line));
    const markLine = lines[at] ?? '';
    const [, mark = '', verdict = '', action = ''] =
      /^(\S+) (.+ · ([a-z0-9-]+), \d+\.\d s)$/.exec(markLine) ?? [];
    const outputs: Record<string, string> = {};
    for (const line of lines.slice(at + 1)) {
      const output = /^ {4}([a-z][a-z0-9-]*): (.*)$/.exec(line);
      if (output) outputs[output[1] ?? ''] = output[2] ?? '';
    }
    return { n: Number(n), title, yaml: lines.slice(0, at).join('\n'), mark, verdict, action, outputs };
  });
}

/** Outcomes that are a problem found: never marked ✔. */
const PROBLEMS = new Set(['non-compliant', 'not-found', 'failing', 'error', 'skipped', 'dry-run']);

describe.each(PROFILES)('npm start (the demo), the sandbox answering %s', (PROFILE) => {
  const byProfile = byProfileOf(PROFILE);
  const clean = () => {
    const run = cleanRuns.get(PROFILE) ?? spawnDemo('--profile', PROFILE);
    cleanRuns.set(PROFILE, run);
    return run;
  };

  it('drives the whole pipeline to a clean exit and writes every summary as Markdown and HTML', async () => {
    const { code, stdout, out } = await clean();
    expect(stdout).toContain(
      `${STEPS} of ${STEPS} steps behaved as the demo expected. By their own outcomes: 10 passed (✔), 8 ran and found a ` +
        'problem (⚠), 0 failed (✖).',
    );
    expect(code).toBe(0);
    expect(stdout).toContain(`Answer profile: ${PROFILE} (`);
    const steps = printedSteps(stdout);
    expect(steps.map((s) => s.n)).toEqual(Array.from({ length: STEPS }, (_, i) => i + 1));
    // Every action is in the story.
    expect(new Set(steps.map((s) => s.action))).toEqual(new Set(actionNames()));
    // Outputs are printed. A minimal answer to a report may say nothing: the status still tells a snapshot was made.
    expect(stdout).toMatch(
      byProfile(/message: Snapshot staging#4 created with 4 artifacts/, /^ {4}snapshot-created: true$/m),
    );
    // The snapshots diffed, as the answer names them; a minimal answer names none (the diff stands, not confirmed).
    expect(stdout).toMatch(byProfile(/^ {4}snapshot-2-id: staging#4$/m, /^ {4}snapshot-2-id: $/m));

    const markdown = readFileSync(join(out, 'summaries.md'), 'utf8');
    expect(markdown.match(/^## \d+\. /gm)).toHaveLength(STEPS);
    /** The summary of the demo's step `n`. */
    const section = (n: number) => markdown.split(/^## \d+\. /m)[n] ?? '';
    // Two snapshots of staging: what changed, then the compliance of what arrived.
    expect(section(6)).toContain(
      `### ❔ Environment diff: ${byProfile('staging#3 → staging#4', 'staging\\~1 → staging')}: 1 added, 1 scaled; ` +
        '1 of 1 arriving artifact is not known to be compliant\n',
    );
    expect(markdown).toContain('### ✅ Compliance gate passed');
    // The promotion review finds the new backend missing what its template asks. A minimal answer gives no page to
    // link the state to, and names no snapshot: the review says it is not confirmed.
    expect(section(7)).toMatch(/^Promotion review: what staging would bring to production$/m);
    // The verdict is the heading; each arriving artifact one row, its versions linked to what changed between them.
    expect(section(7)).toContain(
      `### ❌ Promoting ${byProfile('staging#4 to production#2', 'staging to production')}: 1 of 2 arriving ` +
        'artifacts is not compliant; 1 more not known to be\n',
    );
    expect(section(7)).toMatch(
      byProfile(
        new RegExp(
          String.raw`\| ghcr\.io\/acme\/backend \| \[1\.4\.0 → 1\.6\.0\]\(https:\/\/github\.com\/acme\/shop\/compare\/${COMPLIANT_COMMIT}\.\.\.[0-9a-f]{40}\) \| \[⚠️ INCOMPLETE\]\(\S+\) — missing: pull-request, unit-tests, snyk-scan \| may move \| <code>\w{12}<\/code> \|`,
        ),
        /\| ghcr\.io\/acme\/backend \| 1\.4\.0 → 1\.6\.0 \| ⚠️ INCOMPLETE — missing: pull-request, unit-tests, snyk-scan \| left out: from a diff not confirmed \| <code>\w{12}<\/code> \|/,
      ),
    );
    expect(section(7)).toContain(
      `| ❔ flow unknown | ${byProfile('may move', 'left out: from a diff not confirmed')} |`,
    );
    expect(section(7).match(/^\| ghcr\.io\/acme\/backend /gm)).toHaveLength(1);
    expect(section(7).match(/^\| ghcr\.io\/acme\/backend-migrate:1\.6\.0 /gm)).toHaveLength(1);
    // The matrix a promotion workflow fans out on, one entry a line; the compare link only where the answer gives
    // both commits. A minimal answer names no snapshot: nothing moves from a diff not confirmed.
    if (PROFILE === 'full') {
      expect(stdout).toContain(
        '    promotions: {"include": [2 entries]}, for strategy.matrix: one job per entry\n',
      );
      expect(stdout).toMatch(
        new RegExp(
          String.raw`^ {6}- name: ghcr\.io\/acme\/backend {2}from: 1\.4\.0 \(${BACKEND_140.slice(0, 12)}\) {2}to: 1\.6\.0 \([0-9a-f]{12}\) {2}state: INCOMPLETE {2}flow: backend$`,
          'm',
        ),
      );
      expect(stdout).toMatch(
        /^ {6}- name: ghcr\.io\/acme\/backend-migrate {2}from: null \(new\) {2}to: 1\.6\.0 \([0-9a-f]{12}\) {2}state: FLOW-UNKNOWN {2}flow: null$/m,
      );
      expect(stdout).toMatch(
        new RegExp(
          String.raw`^ {8}compare-url: https:\/\/github\.com\/acme\/shop\/compare\/${COMPLIANT_COMMIT}\.\.\.[0-9a-f]{40}$`,
          'm',
        ),
      );
      expect(stdout).toContain('    promotions-count: 2\n');
      expect(section(7)).toContain('Promotions: 2 may move.');
    } else {
      expect(stdout).toContain('    promotions-count: 0\n');
      expect(section(7)).toContain('Promotions: 0 may move; left out: 2 from a diff not confirmed.');
    }
    const notConfirmed =
      'Not confirmed: the answer names no snapshot for snappish1 and snappish2, so it cannot be shown to be about production and staging as asked.';
    expect(section(7).includes(notConfirmed)).toBe(byProfile(false, true));
    expect(section(7)).toContain(
      byProfile('#### Replaced production#2 → staging#4 (1)', '#### Replaced production → staging (1)'),
    );
    // The deployment is found either way; a minimal answer does not name what it is about.
    expect(section(8).includes('Not confirmed: the answer names no fingerprint and no environment')).toBe(
      byProfile(false, true),
    );
    // What shipped, in the step's log and its summary; from a minimal answer nothing is said rather than guessed.
    expect(stdout).toMatch(/^ {4}\| \S+ was deployed to staging/m);
    const shipped = /backend 1\.6\.0 replaced 1\.5\.0 \((.+)\) \d+ (s|min) after its commit/;
    if (PROFILE === 'full') {
      expect(stdout.match(new RegExp(`^ {4}\\| ${shipped.source}$`, 'm'))?.[1]).toBe('compare');
      expect(section(8).match(shipped)?.[1]).toMatch(
        new RegExp(
          String.raw`^\[compare\]\(https:\/\/github\.com\/acme\/shop\/compare\/${NON_COMPLIANT_COMMIT}\.\.\.[0-9a-f]{40}\)$`,
        ),
      );
    } else {
      expect(stdout).not.toMatch(shipped);
      expect(section(8)).not.toMatch(shipped);
    }
    // Under full every answer names what it is about.
    if (PROFILE === 'full') expect(markdown).not.toContain('Not confirmed');
    // The backend images checked in one step, two environments reported from one read.
    expect(markdown).toContain('### ❌ 3 artifacts of flow backend: 2 not COMPLIANT');
    expect(markdown).toContain(
      `| ghcr.io/acme/backend:1.5.0 | <code>${BACKEND_150.slice(0, 12)}</code> | ❌ NON-COMPLIANT |`,
    );
    expect(markdown).toContain(
      `| production | ✅ reported | 3 | 2 | 0 | ${byProfile('production#3', 'a snapshot')} (new) |`,
    );
    // The never-alone review of checkout 2.0: the audit's answer first, then each change not reviewed, with why.
    const REVIEW_STEP = 17;
    expect(section(REVIEW_STEP)).toContain(
      '1 of 7 commits reviewed by someone else; 1 rejected by an override, 1 self-approved, 1 approved by no one, ' +
        '1 without a pull request, 1 accepted by an override, 1 exempt from review.',
    );
    // Who overrode and why, where the answer says (a minimal answer leaves both out).
    expect(section(REVIEW_STEP)).toContain(
      byProfile(
        "overridden as non-compliant by carol: 'Merged outside the change window",
        'overridden as non-compliant |',
      ),
    );
    // Each change titled by its pull request's message and linked to the pull request, where the answer gives them.
    expect(section(REVIEW_STEP)).toContain(
      byProfile('[1d790b1 Retry declined payments once](', '[1d790b1](') +
        `https://github.com/acme/shop/commit/1d790b1bba0552fb8c98e0e22f473faa1ecf6063) | ❌ self-approved | ` +
        `${byProfile('[#61](https://github.com/acme/shop/pull/61)', '—')} | dan | dan | approved only by its author dan |`,
    );
    // The policy preview; a minimal answer leaves only the artifacts without provenance decided.
    expect(section(STEPS)).toContain(
      byProfile(
        '### ❌ With policies/eu-production.yml, 4 of 8 artifacts in eu-production would fail',
        '### ❌ With policies/eu-production.yml, 1 of 8 artifacts in eu-production would fail; 6 could not be checked',
      ),
    );
    expect(section(STEPS)).toContain(
      byProfile(
        'Compared with base-policy.yml: 1 would newly fail, 1 would newly pass.',
        'Compared with base-policy.yml: 0 would newly fail, 0 would newly pass.',
      ),
    );
    // Every commit message of the demo's story is its own.
    expect(markdown).toContain('Rate-limit refund requests');
    // Every summary of the demo, as GitHub's own renderer shows it.
    expect(renderProblems(markdown)).toEqual([]);
    const html = readFileSync(join(out, 'summaries.html'), 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toMatch(/<table>\s*<thead>\s*<tr>\s*<th>Name<\/th>/);
    // The pods of a scaled artifact, collapsed; a minimal answer gives no counts and no pods: unknown, no list.
    expect(html).toContain(byProfile('<td>2 → 3</td>', '<td>? → ?</td>'));
    expect(/<details><summary>\d+ pods?/.test(html)).toBe(byProfile(true, false));
    expect(html).not.toContain('| --- |');
  });

  it('shows each step as the workflow step that runs it, the token never, the connection as a workflow gives it', async () => {
    const { stdout } = await clean();
    const url = sandboxUrl(stdout);
    const [setup, report] = printedSteps(stdout);
    expect(setup?.yaml).toBe(
      [
        `  - uses: ${OWNER}/compliance-actions@${MAJOR}`,
        '    with:',
        `      api-url: \${{ vars.COMPLIANCE_API_URL }} # here: the sandbox, ${url}`,
        "      api-token: ${{ secrets.COMPLIANCE_API_TOKEN }} # here: the sandbox's demo token",
        '      org: demo',
      ].join('\n'),
    );
    expect(report?.yaml).toBe(
      [
        '  - id: backend',
        `    uses: ${OWNER}/compliance-actions/actions/report-artifact@${MAJOR}`,
        '    with:',
        '      flow: backend',
        '      artifact: dist/backend-1.6.0.tar',
        '      artifact-type: file',
        '      name: ghcr.io/acme/backend:1.6.0',
        '      template-reference-name: backend-image',
        '      annotations: team=payments',
      ].join('\n'),
    );
    // Each is YAML a workflow takes as it is: one step, its inputs as strings once GitHub reads them.
    const steps = printedSteps(stdout);
    for (const step of steps) {
      const parsed = parse(step.yaml) as { uses: string; with?: Record<string, unknown> }[];
      expect(parsed).toHaveLength(1);
      expect(parsed[0]?.uses).toBe(
        step.action === 'setup'
          ? `${OWNER}/compliance-actions@${MAJOR}`
          : `${OWNER}/compliance-actions/actions/${step.action}@${MAJOR}`,
      );
    }
    expect(parse(steps[9]?.yaml ?? '')).toEqual([
      {
        uses: `${OWNER}/compliance-actions/actions/check-attestations-for-commit@${MAJOR}`,
        with: {
          commits: NON_COMPLIANT_COMMIT,
          required: 'unit-tests\nsnyk-scan',
          'fail-on-non-compliant': false,
        },
      },
    ]);
    // The token's value is printed once, where the sandbox says its tokens are not secrets; never in a step.
    expect(stdout.split('sandbox-demo-token')).toHaveLength(2);
    expect(stdout).toMatch(
      /^Sandbox on \S+ \(org 'demo', token 'sandbox-demo-token': sandbox tokens are not secrets\)$/m,
    );
  });

  it('marks each step by its own outcome: never ✔ for a problem, "(expected)" where the demo meant it', async () => {
    const { stdout, out } = await clean();
    const steps = printedSteps(stdout);
    for (const step of steps) {
      const outcome = step.outputs.outcome ?? 'passed';
      // The mark line names the step's own outcome, whatever the demo expected.
      expect(step.verdict.startsWith(outcome), `${step.n}: ${step.verdict}`).toBe(true);
      if (PROBLEMS.has(outcome) || step.outputs['would-fail'] === 'true') {
        expect(step.mark, `${step.n}: ${outcome}`).toBe('⚠');
        expect(step.verdict).toContain('(expected) · ');
      } else {
        expect(step.mark, `${step.n}: ${outcome}`).toBe('✔');
        expect(step.verdict).not.toContain('expected');
      }
    }
    // The problems the story shows, each expected.
    expect(steps.filter((s) => s.mark === '⚠').map((s) => [s.n, s.verdict.split(' · ')[0]])).toEqual([
      [6, 'different, would fail as a gate (expected)'],
      [7, 'different, would fail as a gate (expected)'],
      [10, 'non-compliant (expected)'],
      [11, 'non-compliant (expected)'],
      [14, 'failing (expected)'],
      [15, 'non-compliant (expected)'],
      [17, 'non-compliant (expected)'],
      [18, 'fail (expected)'],
    ]);
    // The summaries say the same, step by step.
    const markdown = readFileSync(join(out, 'summaries.md'), 'utf8');
    expect(markdown).toContain('<sub>⚠ non-compliant (expected) · `check-attestations-for-commit`</sub>');
    expect(markdown).toContain('<sub>✔ compliant · `check-attestations-for-commit`</sub>');
    expect(markdown).not.toMatch(/<sub>✔ (non-compliant|not-found|failing|error)/);
  });

  it('links only to pages of its sandbox, each answering while it runs, or to addresses marked as examples', async () => {
    const { stdout, out } = await clean();
    const ui = `${new URL(sandboxUrl(stdout)).origin}/ui/`;
    const markdown = readFileSync(join(out, 'summaries.md'), 'utf8');
    const examples = [...markdown.matchAll(/Links to `(https:\/\/[^`]+)` are \*\*examples\*\*/g)].map(
      ([, prefix = '']) => prefix,
    );
    expect(examples).toEqual(['https://github.com/acme/']);
    // Every web address a reader can follow, as GitHub renders the summaries (its autolinks included).
    const hrefs = [
      ...new Set(
        [...renderGfm(markdown).matchAll(/<a href="(https?:[^"]*)"/g)].map(([, href = '']) =>
          href.replace(/&amp;/g, '&'),
        ),
      ),
    ];
    const ours = hrefs.filter((href) => href.startsWith(ui));
    const elsewhere = hrefs.filter((href) => !href.startsWith(ui));
    expect(elsewhere.filter((href) => !examples.some((prefix) => href.startsWith(prefix)))).toEqual([]);
    expect(elsewhere.length).toBeGreaterThan(0);
    // The demo fetched each page of its sandbox before stopping it, and every one answered 200.
    expect(stdout).not.toContain('lead nowhere');
    if (PROFILE === 'full') {
      expect(ours.length).toBeGreaterThan(5);
      expect(stdout).toContain(
        `Links in the summaries: ${ours.length} lead to distinct pages of the sandbox (${ui.slice(0, -1)}/…), each answered 200 just now;`,
      );
    } else {
      // Minimal answers give no html_url: the summaries link no page of the service.
      expect(ours).toEqual([]);
      expect(stdout).toContain('Links in the summaries: none leads to a page of the sandbox');
    }
    expect(stdout).toContain(
      `; ${elsewhere.length} lead to https://github.com/acme/…, examples: the demo's repository, acme/shop, does not exist.`,
    );
    // The service links the steps print lead there too.
    expect(stdout).not.toContain(new URL(UI_URL).host);
    // The page marks each example link as one.
    const html = readFileSync(join(out, 'summaries.html'), 'utf8');
    expect(html).toContain('a[href^="https://github.com/acme/"]::after { content: " (example)";');
    expect(html).toContain('<code>https://github.com/acme/</code> are <strong>examples</strong>');
  });
});

// A step that fails, and an unknown profile: neither depends on the answers.
describe('npm start (the demo)', () => {
  it('fails when a step fails, naming it, and still writes what ran', async () => {
    // The service refuses the token once: setup's check fails, and the job stops there as a runner's would.
    const { code, stdout, out } = await spawnDemo('--fault', '401x1');
    expect(code).toBe(1);
    expect(stdout).toContain(`\n[1/${STEPS}] Set up the connection\n`);
    expect(stdout).toMatch(/^✖ failed \(the demo expected passed\) · setup, \d+\.\d s$/m);
    expect(stdout).toContain('Demo failed at "Set up the connection": exited with 1');
    expect(stdout).not.toContain(`[2/${STEPS}]`);
    expect(stdout).toContain(
      `0 of ${STEPS} steps behaved as the demo expected. By their own outcomes: 0 passed (✔), 0 ran and found a ` +
        `problem (⚠), 1 failed (✖), ${STEPS - 1} did not run.`,
    );
    expect(readFileSync(join(out, 'summaries.md'), 'utf8')).toContain(
      '— not as the demo expected: exited with 1',
    );
  });

  it('refuses an unknown answer profile, naming the option and the profiles, before starting anything', async () => {
    const { code, stdout } = await spawnDemo('--profile', 'bogus');
    expect(code).toBe(2);
    expect(stdout).toContain("npm start: --profile 'bogus' is not one of full, minimal");
    expect(stdout).not.toContain('Sandbox on');
  });
});
