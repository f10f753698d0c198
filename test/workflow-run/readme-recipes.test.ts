/**
 * The complete workflows of README.md (```yaml blocks with top-level `on` and `jobs`, as scripts/validate-workflows.mjs
 * finds them), run by packages/runner/src/workflow.ts against the sandbox (in-process, on a free port), where they need no other
 * service. `<owner>/compliance-actions[/actions/<name>]@v0` is this checkout's action (`./`, `./actions/<name>`);
 * `vars.COMPLIANCE_API_URL`, `vars.COMPLIANCE_ORG` and `secrets.COMPLIANCE_API_TOKEN` are the sandbox's. Every recipe
 * is either run or listed in SKIPPED with the reason: a new recipe fails this test until it is one or the other.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { yamlBlocks } from '../../scripts/validate-workflows.mjs';
import { ROOT } from '@compliance-actions/runner/emulator';
import { runWorkflow, type WorkflowOptions, type WorkflowRun } from '@compliance-actions/runner/workflow';
import { useTempDirs } from '../helpers/git.js';
import { DEMO_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { COMMIT, commitUrl, FP, promotionSeed } from '../helpers/promotion-seed.js';
import { checkoutOf, setupNode } from './stubs.js';

const README = 'README.md';

/** The recipes that cannot run here, by the heading above them. */
const SKIPPED: Record<string, string> = {
  'Gate a pull request: check-attestations-for-commit':
    "reads the pull request's commits and keeps a comment on it through the GitHub API",
  'The pull-request gate':
    "reads the pull request's commits and keeps a comment on it through the GitHub API",
  'A scheduled cluster report with a drift diff': 'reads the pods of a cluster with kubectl and a kubeconfig',
  'Gate a release: every commit since the last one':
    "gates this repository's own history since a release tag, which the sandbox has no attestations for",
};
const RUN = [
  'Build and report',
  'A promotion review between environments',
  'Promote what may move, one job per service',
];

interface Recipe {
  title: string;
  line: number;
  text: string;
}

/** The ```yaml blocks of the README that are complete workflows (found as validate-workflows finds them), each with
 * the heading above it. */
function recipes(markdown: string): Recipe[] {
  const lines = markdown.split('\n');
  return yamlBlocks(markdown).flatMap(({ line, text }) => {
    const doc: unknown = parse(text);
    if (typeof doc !== 'object' || doc === null || !('on' in doc) || !('jobs' in doc)) return [];
    const heading = lines
      .slice(0, line - 1)
      .reverse()
      .map((l) => /^#{1,6} (.*)$/.exec(l)?.[1])
      .find((t) => t !== undefined);
    return [{ title: heading ?? '', line, text }];
  });
}

const all = recipes(readFileSync(join(ROOT, README), 'utf8'));
const recipe = (title: string): Recipe => {
  const found = all.find((r) => r.title === title);
  if (!found) throw new Error(`no recipe under '${title}' in ${README}`);
  return found;
};

/** This checkout's actions for the published ones. */
const local = (text: string) =>
  text
    .replace(/<owner>\/compliance-actions\/(actions\/[\w-]+)@v0\b/g, './$1')
    .replace(/<owner>\/compliance-actions@v0\b/g, './');

const { repo } = useTempDirs();
const start = useSandbox();

async function runRecipe(
  r: Recipe,
  options: Partial<WorkflowOptions> & { github: { GITHUB_SHA: string }; seed?: unknown },
) {
  const { seed, ...workflow } = options;
  const sandbox = await start(seed === undefined ? {} : { seed });
  const result = await runWorkflow({
    file: `${README} (yaml block at line ${r.line})`,
    content: local(r.text),
    vars: { COMPLIANCE_API_URL: sandbox.url, COMPLIANCE_ORG: 'demo' },
    secrets: { COMPLIANCE_API_TOKEN: DEMO_TOKEN },
    stubs: [setupNode],
    ...workflow,
  });
  console.log(
    `${r.title}: ${result.conclusion}\n${result.steps
      .map((s) => `  ${s.job}: ${s.outcome.padEnd(7)} ${s.kind.padEnd(6)} ${s.name}`)
      .join('\n')}`,
  );
  return { result, sandbox };
}

const outcomes = (r: WorkflowRun) => r.steps.map((s) => `${s.job} ${s.outcome} ${s.kind} ${s.name}`);

describe(`the recipes of ${README}, run`, () => {
  it('runs each recipe, or says why not', () => {
    console.log(
      `Not run:\n${Object.entries(SKIPPED)
        .map(([title, why]) => `  ${title}: ${why}`)
        .join('\n')}`,
    );
    expect(all.map((r) => r.title).sort()).toEqual([...RUN, ...Object.keys(SKIPPED)].sort());
  });

  it('Build and report: the user’s build, then both artifacts reported to the sandbox', async () => {
    // The user's repository, which `make dist/app.tar.gz site` builds.
    const user = repo();
    writeFileSync(
      join(user.dir, 'Makefile'),
      'dist/app.tar.gz:\n\tmkdir -p dist/app && echo 1.0 > dist/app/VERSION\n\ttar -czf $@ -C dist app\n' +
        '.PHONY: site\nsite:\n\tmkdir -p site && echo "<h1>shop</h1>" > site/index.html && echo "{}" > site/app.js.map\n',
    );
    user.git('add', 'Makefile');
    user.git('commit', '-q', '-m', 'Build');
    const sha = user.git('rev-parse', 'HEAD');

    const { result, sandbox } = await runRecipe(recipe('Build and report'), {
      github: { GITHUB_SHA: sha, GITHUB_WORKFLOW: 'build' },
      stubs: [checkoutOf(user.dir)],
    });
    expect(result.problems).toEqual([]);
    expect(outcomes(result)).toEqual([
      'build success stub Run actions/checkout@v5',
      'build success run Run make dist/app.tar.gz site',
      'build success action Run ./',
      'build success action Run ./actions/report-artifact',
      'build success action Run ./actions/report-artifact',
      'build skipped action Run actions/upload-artifact@v4',
      'build success run Run echo "backend ${{ steps.backend.outputs.fingerprint }}" >> "$GITHUB_STEP_SUMMARY"',
    ]);
    const [backend, frontend] = result.steps.filter((s) => s.name === 'Run ./actions/report-artifact');
    expect(backend?.outputs).toMatchObject({ trail: sha, 'git-commit': sha, filename: 'app.tar.gz' });
    expect(result.jobs[0]?.summary).toContain(`backend ${backend?.outputs.fingerprint ?? '?'}\n`);
    for (const [flow, step] of [
      ['backend', backend],
      ['frontend', frontend],
    ] as const) {
      const response = await sandbox.fetch(
        `/artifacts/demo/${flow}/fingerprint/${step?.outputs.fingerprint ?? ''}`,
      );
      expect(response.status, `${flow} artifact in the sandbox`).toBe(200);
    }
    // The token came in as a secret: every log has it masked.
    expect(result.steps.map((s) => s.log).join('\n')).not.toContain(DEMO_TOKEN);
  });

  it('A promotion review between environments: the demo’s staging brings a non-compliant backend, which blocks the deploy job', async () => {
    // The seed's staging runs backend 1.5.0, whose snyk scan failed: the gate trips, as the README says it does.
    const fingerprint = '33907d725bd992d1651784dee23dff369334af6903feb0d75e00eb37a820491f';
    const { result } = await runRecipe(recipe('A promotion review between environments'), {
      github: {
        GITHUB_SHA: '3dfdaa9cbad35a60632a382f8653df6ef6539d28',
        GITHUB_EVENT_NAME: 'workflow_dispatch',
      },
      event: { inputs: { fingerprint } },
      inputs: { fingerprint },
    });
    expect(result.problems).toEqual([]);
    expect(outcomes(result)).toEqual([
      'review success action Ran in staging',
      'review failure action What the promotion brings, and is it all compliant',
      'review success run Name what blocks it',
    ]);
    expect(result.steps[0]?.log).toContain('ghcr.io/acme/backend:1.5.0 was deployed to staging');
    expect(result.steps[1]?.log).toContain('::error::1 of 1 arriving artifact(s) not COMPLIANT');
    expect(result.steps[2]?.log).toBe('ghcr.io/acme/backend:1.5.0 NON-COMPLIANT\n');
    expect(result.jobs.map((j) => `${j.id} ${j.result}`)).toEqual(['review failure', 'deploy skipped']);
  });

  describe('Promote what may move, one job per service', () => {
    const dispatch = { GITHUB_SHA: COMMIT.backend14, GITHUB_EVENT_NAME: 'workflow_dispatch' };

    it('one promote job per entry of the matrix, each with its values through env', async () => {
      // The seed's staging brings backend 1.6.0 (replacing 1.4.0) and web 3.2.0 (new), both COMPLIANT, worker 2.1.0
      // (NON-COMPLIANT: no job), payments 3.1.0 beside 3.0.0 (a rollout in progress: no job) and backend-migrate
      // 1.6.0 (COMPLIANT, left out by the recipe's exclude: no job).
      const { result } = await runRecipe(recipe('Promote what may move, one job per service'), {
        github: dispatch,
        seed: promotionSeed({ migration: true }),
      });
      expect(result.problems).toEqual([]);
      expect(result.conclusion).toBe('success');
      expect(result.jobs.map((j) => `${j.id} ${j.result}`)).toEqual(['review success', 'promote success']);
      const [review, promote] = result.jobs;
      expect(review?.outputs['promotions-count']).toBe('2');
      expect(review?.steps[0]?.log).toContain(
        '::warning title=Rollout in progress::ghcr.io/acme/payments: a rollout in progress',
      );
      expect(review?.summary).toContain(
        'Left out of promotions: 1 not COMPLIANT, 1 by only or exclude, 1 in a rollout in progress',
      );
      const backend = {
        name: 'ghcr.io/acme/backend',
        from: {
          fingerprint: FP.backend14,
          tag: '1.4.0',
          commit: COMMIT.backend14,
          'commit-url': commitUrl('acme/shop', COMMIT.backend14),
        },
        to: {
          fingerprint: FP.backend16,
          tag: '1.6.0',
          commit: COMMIT.backend16,
          'commit-url': commitUrl('acme/shop', COMMIT.backend16),
        },
        'compare-url': `https://github.com/acme/shop/compare/${COMMIT.backend14}...${COMMIT.backend16}`,
        state: 'COMPLIANT',
        flow: 'backend',
      };
      const web = {
        name: 'ghcr.io/acme/web',
        from: null,
        to: {
          fingerprint: FP.web32,
          tag: '3.2.0',
          commit: COMMIT.web32,
          'commit-url': commitUrl('acme/shop', COMMIT.web32),
        },
        'compare-url': null,
        state: 'COMPLIANT',
        flow: 'frontend',
      };
      // One run per entry, in the matrix's order, each named by its name: and with the entry as its matrix.
      expect(promote?.runs?.map((run) => [run.name, run.outcome, run.matrix])).toEqual([
        ['promote ghcr.io/acme/backend', 'success', backend],
        ['promote ghcr.io/acme/web', 'success', web],
      ]);
      expect(promote?.runs?.map((run) => run.steps.map((s) => `${s.name} ${s.outcome}`))).toEqual([
        ['Deploy success'],
        ['Deploy success'],
      ]);
      // Each run read its name and fingerprint through env: (the step checks both are set), and printed none of
      // the service's text, in the log or the summary.
      expect(promote?.runs?.map((run) => run.summary)).toEqual(['', '']);
      for (const run of promote?.runs ?? []) {
        for (const step of run.steps) expect(step.log).not.toMatch(/ghcr\.io|sha256|compare/);
      }
    });

    it('nothing may move: promote is skipped, and the run passes', async () => {
      // The demo seed's staging brings only backend 1.5.0, whose snyk scan failed: an empty matrix, guarded.
      const { result } = await runRecipe(recipe('Promote what may move, one job per service'), {
        github: dispatch,
      });
      expect(result.problems).toEqual([]);
      expect(result.conclusion).toBe('success');
      expect(result.jobs.map((j) => `${j.id} ${j.result}`)).toEqual(['review success', 'promote skipped']);
      expect(result.jobs[0]?.outputs).toMatchObject({
        promotions: '{"include":[]}',
        'promotions-count': '0',
      });
      expect(result.jobs[1]?.runs).toBeUndefined();
    });
  });
});
