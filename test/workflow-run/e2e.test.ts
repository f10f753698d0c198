/**
 * .github/workflows/e2e.yml, run here for real by packages/runner/src/workflow.ts, as a push to main: its `run:` steps in bash
 * (the sandbox it starts included, on a free port here), its `uses: ./...` steps through the runner emulation. Only what
 * cannot run here is stubbed (STUBBED below, test/workflow-run/stubs.ts). Broken copies of the workflow (a wrong
 * output name or step id, a bad expression, a failing check) must fail the interpreter.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '@compliance-actions/runner/emulator';
import {
  runWorkflow,
  WorkflowError,
  type StepRun,
  type WorkflowRun,
} from '@compliance-actions/runner/workflow';
import { renderProblems } from '../helpers/gfm.js';
import { closedOrigin } from '../helpers/server.js';
import { checkoutThisRepository, headSha, npmCi, setupNode } from './stubs.js';
import { COMPLIANT_COMMIT, NON_COMPLIANT_COMMIT } from '@compliance-actions/sandbox/seeds/index';

const FILE = '.github/workflows/e2e.yml';
const WORKFLOW = readFileSync(join(ROOT, FILE), 'utf8');
/** The workflow starts its sandbox on port 8080; here on a free port, so files run at once never share one. */
const PORT = new URL(await closedOrigin()).port;
const RUN_TIMEOUT_MS = 90_000;

/** The steps that cannot run here, by the name the run gives them, and the stub's reason. */
const STUBBED = [
  [/^Run actions\/checkout@[0-9a-f]{40}$/, checkoutThisRepository.reason],
  [/^Run actions\/setup-node@[0-9a-f]{40}$/, setupNode.reason],
  [/^Run npm ci --no-audit --no-fund$/, npmCi.reason],
] as const;

type YamlStep = Partial<Record<'name' | 'uses' | 'run' | 'if', string>>;
const yamlSteps = (parse(WORKFLOW) as { jobs: { e2e: { steps: YamlStep[] } } }).jobs.e2e.steps;
/** The steps the run gives the e2e job (the promote job's come after them). */
const e2eSteps = (r: WorkflowRun) => r.steps.filter((s) => s.job === 'e2e');

function run(content = WORKFLOW): Promise<WorkflowRun> {
  const sha = headSha();
  return runWorkflow({
    file: FILE,
    content: content.replaceAll(/\b8080\b/g, PORT),
    github: { GITHUB_SHA: sha, GITHUB_WORKFLOW: 'End to end' },
    event: {
      ref: 'refs/heads/main',
      after: sha,
      repository: { full_name: 'acme/app', name: 'app', owner: { login: 'acme' }, default_branch: 'main' },
    },
    stubs: [checkoutThisRepository, setupNode, npmCi],
  });
}

/** Fails when something still listens where the workflow started its sandbox. */
async function assertPortFree(): Promise<void> {
  await expect(fetch(`http://127.0.0.1:${PORT}/`)).rejects.toThrow();
}

const table = (steps: StepRun[]) =>
  steps
    .map((s) => `  ${s.outcome.padEnd(7)} ${String(s.ms).padStart(5)} ms  ${s.kind.padEnd(6)} ${s.name}`)
    .join('\n');

/** The log of every failed step, for the assertion message. */
const failures = (r: WorkflowRun) =>
  r.steps
    .filter((s) => s.outcome === 'failure')
    .map((s) => `--- ${s.name}\n${s.log}`)
    .join('\n');

describe(`${FILE}, run`, () => {
  let result: WorkflowRun;

  beforeAll(async () => {
    const started = performance.now();
    result = await run();
    const ms = performance.now() - started;
    console.log(`${FILE}: ${result.conclusion} in ${Math.round(ms)} ms\n${table(result.steps)}`);
    console.log(
      `Stubbed (cannot run here):\n${result.steps
        .filter((s) => s.kind === 'stub')
        .map((s) => `  ${s.name}: ${s.stubbed ?? ''}`)
        .join('\n')}`,
    );
  }, RUN_TIMEOUT_MS);

  it('runs every step: each succeeds but the one that only runs on failure', () => {
    expect(result.problems).toEqual([]);
    expect(failures(result)).toBe('');
    expect(result.conclusion).toBe('success');
    expect(result.jobs.map((j) => `${j.id} ${j.result}`)).toEqual(['e2e success', 'promote success']);
    expect(e2eSteps(result).map((s) => s.name)).toEqual(
      yamlSteps.map((s): unknown => s.name ?? expect.stringMatching(/^Run /)),
    );
    expect(e2eSteps(result).map((s) => s.outcome)).toEqual(
      yamlSteps.map((s) => (s.if === 'failure()' ? 'skipped' : 'success')),
    );
    expect(e2eSteps(result).at(-1)?.name).toBe('Sandbox log');
  });

  it('stubs exactly checkout, setup-node and npm ci; runs every ./ action through the emulator, every script in bash', () => {
    const stubbed = result.steps.filter((s) => s.kind === 'stub');
    expect(stubbed.map((s) => [s.name, s.stubbed])).toEqual(
      STUBBED.map(([name, reason]): unknown[] => [expect.stringMatching(name), reason]),
    );
    const own = yamlSteps.filter((s) => s.uses?.startsWith('./'));
    expect(own.length).toBeGreaterThanOrEqual(10);
    expect(result.steps.filter((s) => s.kind === 'action').map((s) => s.name)).toEqual(
      own.map((s) => s.name),
    );
    expect(e2eSteps(result).filter((s) => s.kind === 'run')).toHaveLength(
      yamlSteps.filter((s) => s.run !== undefined).length - 1, // npm ci
    );
  });

  it('fans the promotion matrix out: one promote job per entry, each reading its values through env', () => {
    const e2e = result.jobs.find((j) => j.id === 'e2e');
    const promote = result.jobs.find((j) => j.id === 'promote');
    const fingerprint = result.steps.find((s) => s.id === 'report')?.outputs.fingerprint;
    expect(e2e?.outputs).toMatchObject({ 'promotions-count': '2', fingerprint });
    const { include } = JSON.parse(e2e?.outputs.promotions ?? '') as { include: unknown[] };
    // production#2 → staging#3 of the demo seed, with promotions-state any: the replaced backend, then the new artifact.
    expect(include).toMatchObject([
      {
        name: 'ghcr.io/acme/backend',
        from: { tag: '1.4.0', commit: COMPLIANT_COMMIT },
        to: { tag: '1.5.0', commit: NON_COMPLIANT_COMMIT },
        state: 'NON-COMPLIANT',
      },
      {
        name: 'ghcr.io/acme/e2e-app',
        from: null,
        to: { tag: '1.0.0', fingerprint, commit: headSha() },
        'compare-url': null,
        state: 'INCOMPLETE',
      },
    ]);
    // Each combination ran on its own, with its entry as the matrix, named by the job's name:.
    expect(promote?.runs?.map((r) => [r.name, r.outcome, r.matrix])).toEqual([
      ['promote ghcr.io/acme/backend', 'success', include[0]],
      ['promote ghcr.io/acme/e2e-app', 'success', include[1]],
    ]);
    expect(promote?.runs?.map((r) => r.steps.map((s) => `${s.name} ${s.outcome} ${s.kind}`))).toEqual([
      ['Check the entry success run'],
      ['Check the entry success run'],
    ]);
    expect(promote?.runs?.map((r) => r.summary)).toEqual([
      'promote ghcr.io/acme/backend 1.4.0 -> 1.5.0 (NON-COMPLIANT)\n',
      'promote ghcr.io/acme/e2e-app (new) -> 1.0.0 (INCOMPLETE)\n',
    ]);
  });

  it("passes the actions' real outputs between steps", () => {
    const step = (id: string) => result.steps.find((s) => s.id === id);
    const artifact = 'compliance-actions end-to-end artifact\n';
    expect(step('report')?.outputs.fingerprint).toBe(createHash('sha256').update(artifact).digest('hex'));
    expect(step('report')?.outputs['git-commit']).toMatch(/^[0-9a-f]{40}$/);
    expect(step('k8s')?.outputs.message).toBe('Snapshot staging#3 created with 4 artifacts');
    expect(step('gate-non-compliant')?.outputs.outcome).toBe('non-compliant');
  });

  it('writes a job summary that renders as meant', () => {
    expect(result.jobs[0]?.summary).toContain('|');
    expect(renderProblems(result.jobs[0]?.summary ?? '')).toEqual([]);
  });

  it('stops the sandbox the workflow left running in the background, with the job', async () => {
    await assertPortFree();
  });
});

describe(`${FILE}, broken copies`, () => {
  const broken = (from: string, to: string) => {
    expect(WORKFLOW).toContain(from);
    return run(WORKFLOW.replace(from, to));
  };

  it('a wrong output name fails before anything runs, at its line', async () => {
    const line = WORKFLOW.split('\n').findIndex((l) => l.includes('steps.report.outputs.filename')) + 1;
    await expect(broken('steps.report.outputs.filename', 'steps.report.outputs.file-name')).rejects.toThrow(
      new RegExp(
        `^${FILE} \\(Line: ${line}, Col: \\d+\\): steps\\.report\\.outputs\\.file-name: ` +
          "actions/report-artifact/action\\.yml declares no output 'file-name' \\(.*filename.*\\)$",
      ),
    );
  });

  it('a wrong step id, and a step read before it runs, fail too', async () => {
    await expect(broken('steps.k8s.outputs.pods', 'steps.k8.outputs.pods')).rejects.toThrow(
      /steps\.k8\.outputs\.pods: job 'e2e' has no step with id 'k8'$/,
    );
    // In a step (the job's outputs, read once it ended, may name any step).
    await expect(
      broken(
        'FINGERPRINT: ${{ steps.report.outputs.fingerprint }}',
        'FINGERPRINT: ${{ steps.diff.outputs.changed }}',
      ),
    ).rejects.toThrow(/steps\.diff\.outputs\.changed: step 'diff' has not run yet at this point$/);
  });

  it('a bad expression fails, with the parser’s message', async () => {
    await expect(
      broken('${{ steps.report.outputs.fingerprint }}', '${{ steps.report.outputs.fingerprint }'),
    ).rejects.toThrow(/The expression is not closed/);
    const unknownContext = broken('${{ env.SANDBOX_URL }}', '${{ envs.SANDBOX_URL }}');
    await expect(unknownContext).rejects.toThrow(WorkflowError);
    await expect(unknownContext).rejects.toThrow(/Unrecognized named-value: 'envs'/);
  });

  it(
    'a failing check fails the run: the steps after it are skipped, the sandbox log is shown, the sandbox stopped',
    async () => {
      const r = await broken('test "$COMPLIANCE_ORG" = demo', 'test "$COMPLIANCE_ORG" = nope');
      const at = r.steps.findIndex((s) => s.name === 'Check the connection setup shares with later steps');
      expect(r.conclusion).toBe('failure');
      // The promote job needs the e2e job: skipped, its matrix never expanded.
      expect(r.jobs.map((j) => `${j.id} ${j.result}`)).toEqual(['e2e failure', 'promote skipped']);
      expect(r.jobs[1]?.runs).toBeUndefined();
      expect(r.steps.slice(0, at).every((s) => s.outcome === 'success')).toBe(true);
      expect(r.steps[at]?.outcome).toBe('failure');
      expect(r.steps[at]?.log).toContain('Process completed with exit code 1.');
      expect(r.steps.slice(at + 1, -1).every((s) => s.outcome === 'skipped')).toBe(true);
      const log = r.steps.at(-1);
      expect([log?.name, log?.outcome]).toEqual(['Sandbox log', 'success']);
      expect(log?.log).toContain(`sandbox: listening on http://127.0.0.1:${PORT}/api/v2`);
      // setup masked the token (::add-mask::): the sandbox's own log shows it masked, as GitHub would.
      expect(log?.log).toContain("sandbox: org 'demo' token '***'");
      await assertPortFree();
    },
    RUN_TIMEOUT_MS,
  );
});
