// `npm start`: the whole bundle working on a fresh machine, with no account anywhere. Starts the sandbox with the demo
// seed on a free loopback port and drives a realistic pipeline through the shipped dist/ bundles exactly as the
// runner would (INPUT_* from action.yml, GITHUB_OUTPUT/ENV/STEP_SUMMARY files, setup's exported environment passed
// to every later step). Prints each step as the workflow step that runs it (`uses:` and `with:`, from the very inputs
// passed), then its outcome with a mark of its own (✔ passed, ⚠ ran and found a problem, ✖ failed) and its outputs;
// writes every job summary into one Markdown file and one HTML page, whose service links lead to the sandbox's own
// pages (checked before it stops) and whose github.com links are marked as examples. A step that fails, or ends
// otherwise than the demo expects, fails the demo, and so does a link that leads nowhere.
// Usage: npm start [-- --out <folder>] [-- --profile full|minimal] [-- --serve]
//                  [-- --fault <sandbox fault, as npm run sandbox takes it>]
// --profile minimal: the sandbox answers as the live service may (only what the spec requires and what an outcome
// rests on; see npm run sandbox). The story is the same; what an answer leaves out is shown as not given or not
// confirmed. Default: full, every field of the demo data.
// --serve: keep the sandbox running after the demo (until Ctrl-C), so the links of the summaries can be followed.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  BACKEND_140,
  BACKEND_150,
  COMPLIANT_COMMIT,
  DEMO_ORG,
  DEMO_TOKEN,
  demoSeed,
  NON_COMPLIANT_COMMIT,
  REDIS_74,
  WEB_320,
} from '@compliance-actions/sandbox/seeds/index';
import { byProfileOf, parseProfile, type AnswerProfile } from '@compliance-actions/sandbox/profile';
import { Sandbox } from '@compliance-actions/sandbox/server';
import { checkLinks, EXAMPLE_PREFIXES, type LinkCheck } from './lib/demo-links.js';
import { verdictOf, verdictText, workflowStepYaml, type Verdict } from './lib/demo-step.js';
import { renderSummariesPage } from './lib/summary-page.js';
import { ROOT, runAction, type RunOptions, type RunResult } from '@compliance-actions/runner/emulator';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: join(ROOT, 'demo-output') },
    profile: { type: 'string', default: 'full' },
    fault: { type: 'string', multiple: true },
    serve: { type: 'boolean' },
  },
});
const out = resolve(values.out);
let profile: AnswerProfile;
try {
  profile = parseProfile(values.profile, '--profile');
} catch (error) {
  console.error(`npm start: ${(error as Error).message}`);
  process.exit(2);
}
/** The full profile's expectation, or the minimal one's (a field the live service may not send). */
const byProfile = byProfileOf(profile);

/** Demo seed: the commits of checkout 2.0, newest first, each with its pull_request attestation. */
const CHECKOUT_RELEASE = [
  'e4006174536774ec91e861122a9dc568fc054e1d',
  '5c40f49d8a14c3d323fe86cbcee983ca820e5ad8',
  '8292706c71b2496764fa4b5a1d2ac4e94257a9ff',
  'f42d145ab81c750b303fe868dcfad4ba156a185b',
  '37e2e2ae0eb37dc17624b11dc4295693a392b6bd',
  '1d790b1bba0552fb8c98e0e22f473faa1ecf6063',
  '85569b51dd4234b6b77ef6b879a7c37c43f81cc4',
];

/** The token of the demo seed's org: the sandbox's, not a secret, but shown as a workflow takes a token all the same. */

interface Step {
  title: string;
  action: string;
  /** What the step runs with; its `inputs` are the `with:` shown. */
  options: () => RunOptions;
  /** The step's `id:` in the workflow shown, when a later step refers to its outputs. */
  id?: string;
  /** A comment on an input's line of the workflow shown (e.g. which step's output it is). */
  notes?: Record<string, string>;
  /** The outcome the demo expects (the `outcome` output; `passed` for setup, which has none). */
  outcome: string;
  /** What the demo expects of `would-fail`, for a step that has it and where the story rests on it. */
  wouldFail?: boolean;
  /** What must hold of the outputs beyond the outcome; returns a problem, or undefined. */
  expect?: (outputs: Record<string, string>) => string | undefined;
  /** Print the step's own lines of log (outside its groups): what it says in words, e.g. what shipped. */
  log?: boolean;
}

interface Ran {
  step: Step;
  result: RunResult;
  verdict: Verdict;
  ms: number;
  /** How the step did otherwise than the demo expected; undefined when it behaved as expected. */
  problem: string | undefined;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' },
  }).trim();

/**
 * A workspace as actions/checkout leaves it: a checkout of acme/shop (the repository of the seed's backend 1.4.0 and
 * 1.5.0) with the commit that builds backend 1.6.0, and the build's outputs.
 */
function makeWorkspace(dir: string): { sha: string; tarball: string; site: string } {
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.name', 'Demo Developer');
  git(dir, 'config', 'user.email', 'dev@example.test');
  writeFileSync(join(dir, 'main.go'), 'package main\n\nfunc main() { println("payments 1.6.0") }\n');
  git(dir, 'add', '.');
  // A message of its own: the seed's commits of acme/shop are 'Add payment retries' (1.4.0) and 'Bump openssl' (1.5.0).
  git(
    dir,
    'commit',
    '-q',
    '-m',
    'Rate-limit refund requests\n\nA customer may ask for five refunds an hour.',
  );
  const sha = git(dir, 'rev-parse', 'HEAD');
  // The build: the backend image saved as a tarball, and the frontend's static site.
  mkdirSync(join(dir, 'dist/site/assets'), { recursive: true });
  writeFileSync(join(dir, 'dist/backend-1.6.0.tar'), `backend image layers built from ${sha}\n`.repeat(4096));
  writeFileSync(join(dir, 'dist/site/index.html'), '<!doctype html><title>Shop</title><h1>Shop</h1>\n');
  writeFileSync(join(dir, 'dist/site/assets/app.js'), 'console.log("shop 3.3.0");\n');
  return { sha, tarball: 'dist/backend-1.6.0.tar', site: 'dist/site' };
}

/**
 * `kubectl get pods -o json` of a cluster running `images` (image → [fingerprint, replicas]), saved as `name` in the
 * workspace, as an earlier step of the job would; returns `name`, the path a workflow gives (relative to the workspace).
 */
function podsFile(
  workspace: string,
  name: string,
  images: Record<string, [string, number]>,
  namespace = 'shop',
): string {
  writeFileSync(
    join(workspace, name),
    JSON.stringify({ apiVersion: 'v1', kind: 'List', items: pods(images, namespace) }),
  );
  return name;
}

function pods(images: Record<string, [string, number]>, namespace: string): unknown[] {
  return Object.entries(images).flatMap(([image, [fingerprint, replicas]], i) =>
    Array.from({ length: replicas }, (_, n) => ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: `${image.split('/').pop()?.split(':')[0] ?? 'app'}-${i}${n}-demo`,
        namespace,
        creationTimestamp: new Date(Date.now() - (i + 1) * 60_000).toISOString().replace(/\.\d+Z$/, 'Z'),
        ownerReferences: [{ kind: 'ReplicaSet', name: `rs-${i}`, uid: `uid-${i}`, apiVersion: 'apps/v1' }],
      },
      status: {
        phase: 'Running',
        containerStatuses: [
          {
            name: 'app',
            image,
            imageID: `docker-pullable://${image.split(':')[0] ?? image}@sha256:${fingerprint}`,
          },
        ],
      },
    })),
  );
}

const equals =
  (expected: Record<string, string>) =>
  (outputs: Record<string, string>): string | undefined => {
    for (const [name, value] of Object.entries(expected)) {
      if (outputs[name] !== value) return `output ${name} is '${outputs[name] ?? ''}', expected '${value}'`;
    }
    return undefined;
  };

/** The `non-compliant` output names exactly these artifacts, with these states. */
function nonCompliant(outputs: Record<string, string>, expected: [string, string][]): string | undefined {
  let listed: { name?: unknown; state?: unknown }[];
  try {
    listed = JSON.parse(outputs['non-compliant'] ?? '') as { name?: unknown; state?: unknown }[];
  } catch {
    return `output non-compliant is not JSON: '${outputs['non-compliant'] ?? ''}'`;
  }
  const got = listed.map((a) => `${String(a.name)} ${String(a.state)}`).join(', ');
  const want = expected.map(([name, state]) => `${name} ${state}`).join(', ');
  return got === want ? undefined : `output non-compliant lists ${got || 'nothing'}, expected ${want}`;
}

interface PromotionSide {
  fingerprint?: unknown;
  tag?: unknown;
}
interface Promotion {
  name?: unknown;
  from?: PromotionSide | null;
  to?: PromotionSide;
  'compare-url'?: unknown;
  state?: unknown;
  flow?: unknown;
}

/** A value of an entry in words: a string as it is, anything else as JSON. */
const text = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? 'undefined' : JSON.stringify(value);

/** The entries of the `promotions` output (`{"include": [...]}`), or a problem. */
function matrixOf(outputs: Record<string, string>): Promotion[] | string {
  try {
    const include = (JSON.parse(outputs.promotions ?? '') as { include?: unknown }).include;
    return Array.isArray(include) ? (include as Promotion[]) : 'output promotions has no include list';
  } catch {
    return `output promotions is not JSON: '${outputs.promotions ?? ''}'`;
  }
}

/** The `promotions` matrix has exactly these entries (`name from→to state`), and its count says so. */
function promotions(outputs: Record<string, string>, expected: string[]): string | undefined {
  const matrix = matrixOf(outputs);
  if (typeof matrix === 'string') return matrix;
  const got = matrix.map(
    (p) => `${text(p.name)} ${p.from ? text(p.from.tag) : 'new'}→${text(p.to?.tag)} ${text(p.state)}`,
  );
  if (got.join(', ') !== expected.join(', ')) {
    return `output promotions holds ${got.join(', ') || 'nothing'}, expected ${expected.join(', ')}`;
  }
  return outputs['promotions-count'] === String(expected.length)
    ? undefined
    : `output promotions-count is '${outputs['promotions-count'] ?? ''}', expected '${expected.length}'`;
}

async function main(): Promise<number> {
  const sandbox = new Sandbox({ seed: demoSeed(), profile, uiBase: 'own' });
  for (const fault of values.fault ?? []) sandbox.faults.addFromFlag(fault);
  const url = await sandbox.start(0, '127.0.0.1');
  const workspace = mkdtempSync(join(tmpdir(), 'compliance-demo-'));
  // The pull request's policy and the base branch's, as a checkout and `git show` would leave them.
  const policies = join(ROOT, 'packages/sandbox/src/seeds/policies');
  mkdirSync(join(workspace, 'policies'));
  copyFileSync(join(policies, 'eu-production-next.yml'), join(workspace, 'policies/eu-production.yml'));
  copyFileSync(join(policies, 'eu-production.yml'), join(workspace, 'base-policy.yml'));
  const ran: Ran[] = [];
  try {
    console.log(
      `Sandbox on ${url} (org '${DEMO_ORG}', token '${DEMO_TOKEN}': sandbox tokens are not secrets)`,
    );
    console.log(`Its pages, where the service's links in the job summaries lead: ${sandbox.uiUrl}/demo`);
    console.log(
      profile === 'full'
        ? 'Answer profile: full (every field the demo data has)'
        : 'Answer profile: minimal (only what the spec requires and what an outcome rests on, as the live service may answer)',
    );
    console.log(
      'Each step is shown as the workflow step that runs it, then its outcome: ✔ passed, ⚠ ran and found a problem ' +
        '(non-compliant, not found, failing, or would fail as a gate), ✖ failed.',
    );
    const build = makeWorkspace(workspace);
    const tarballFp = sha256(readFileSync(join(workspace, build.tarball)));
    const migrateFp = sha256('ghcr.io/acme/backend-migrate:1.6.0');
    const rollout = podsFile(workspace, 'pods-rollout.json', {
      'ghcr.io/acme/backend:1.6.0': [tarballFp, 2],
      'ghcr.io/acme/web:3.2.0': [WEB_320, 2],
      'docker.io/library/redis:7.4': [REDIS_74, 1],
    });
    const later = podsFile(workspace, 'pods-later.json', {
      'ghcr.io/acme/backend:1.6.0': [tarballFp, 3],
      'ghcr.io/acme/backend-migrate:1.6.0': [migrateFp, 1],
      'ghcr.io/acme/web:3.2.0': [WEB_320, 2],
      'docker.io/library/redis:7.4': [REDIS_74, 1],
    });

    // One cluster holding both environments, each in its namespace: staging as later, production as it runs.
    const cluster = 'pods-cluster.json';
    writeFileSync(
      join(workspace, cluster),
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'List',
        items: [
          ...pods(
            { 'ghcr.io/acme/backend:1.6.0': [tarballFp, 3], 'ghcr.io/acme/web:3.2.0': [WEB_320, 2] },
            'shop',
          ),
          ...pods(
            { 'ghcr.io/acme/backend:1.4.0': [BACKEND_140, 2], 'ghcr.io/acme/web:3.2.0': [WEB_320, 1] },
            'shop-prod',
          ),
        ],
      }),
    );

    // The environment setup exports, as the runner carries GITHUB_ENV into later steps.
    let exported: Record<string, string> = {};
    const job = (inputs: Record<string, string>, extra: RunOptions = {}): RunOptions => ({
      cwd: workspace,
      github: { GITHUB_SHA: build.sha, GITHUB_REPOSITORY: 'acme/shop', GITHUB_REPOSITORY_ID: '987654' },
      env: exported,
      inputs,
      ...extra,
    });
    const savedPods = 'kubectl get pods -o json, saved earlier; leave it out to read the cluster';
    const newBackend = 'the fingerprint step 2 reported: ${{ steps.backend.outputs.fingerprint }}';
    const steps: Step[] = [
      {
        title: 'Set up the connection',
        action: 'setup',
        options: () => ({
          ...job({ 'api-url': url, 'api-token': DEMO_TOKEN, org: DEMO_ORG }),
          env: {},
        }),
        outcome: 'passed',
      },
      {
        title: 'Report the backend image tarball (a file)',
        action: 'report-artifact',
        id: 'backend',
        options: () =>
          job({
            flow: 'backend',
            artifact: build.tarball,
            'artifact-type': 'file',
            name: 'ghcr.io/acme/backend:1.6.0',
            // Its name in the flow's template: the artifact is then missing what the template asks of a backend image.
            'template-reference-name': 'backend-image',
            annotations: 'team=payments',
          }),
        outcome: 'reported',
        expect: equals({ fingerprint: tarballFp, 'git-commit': build.sha }),
      },
      {
        title: 'Report the frontend site (a directory)',
        action: 'report-artifact',
        options: () =>
          job({
            flow: 'frontend',
            artifact: build.site,
            'artifact-type': 'dir',
            name: 'shop-site',
            'template-reference-name': 'web-bundle',
          }),
        outcome: 'reported',
      },
      {
        title: 'Report staging after the rollout',
        action: 'report-k8s-env',
        options: () => job({ environment: 'staging', 'pods-file': rollout }),
        notes: { 'pods-file': savedPods },
        outcome: 'reported',
        expect: equals({ pods: '5', artifacts: '3', skipped: '0' }),
      },
      {
        title: 'Report staging later (scaled, and a migration job)',
        action: 'report-k8s-env',
        options: () => job({ environment: 'staging', 'pods-file': later }),
        notes: { 'pods-file': savedPods },
        outcome: 'reported',
        expect: equals({ pods: '7', artifacts: '4' }),
      },
      {
        // The migration job arrived without a flow of its own: a promotion gate on every grade would stop here.
        title: 'Diff the two staging snapshots',
        action: 'diff-envs',
        options: () => job({ 'snapshot-1': 'staging~1', 'snapshot-2': 'staging' }),
        outcome: 'different',
        wouldFail: true,
        // A minimal answer names no snapshot: the diff stands, not confirmed as the one asked (no gate here).
        expect: equals({
          changed: 'true',
          'only-in-2': '1',
          scaled: '1',
          'snapshot-2-id': byProfile('staging#4', ''),
        }),
      },
      {
        // Reported, not failed: without fail-on-non-compliant the review only shows what would arrive. Nothing
        // arriving is COMPLIANT, so the promotions matrix keeps every artifact that would move, whatever its state
        // (promotions-state: any), to show what a workflow would fan out on; one that deploys keeps the default.
        title: 'Promotion review: what staging would bring to production',
        action: 'diff-envs',
        options: () =>
          job({ 'snapshot-1': 'production', 'snapshot-2': 'staging', 'promotions-state': 'any' }),
        outcome: 'different',
        wouldFail: true,
        expect: (outputs) =>
          equals({ changed: 'true', replaced: '1', rollouts: '[]' })(outputs) ??
          nonCompliant(outputs, [
            ['ghcr.io/acme/backend:1.6.0', 'INCOMPLETE'],
            ['ghcr.io/acme/backend-migrate:1.6.0', 'FLOW-UNKNOWN'],
          ]) ??
          // A minimal answer names no snapshot: a matrix moves nothing from a diff not confirmed as the one asked.
          promotions(
            outputs,
            byProfile(
              [
                'ghcr.io/acme/backend 1.4.0→1.6.0 INCOMPLETE',
                'ghcr.io/acme/backend-migrate new→1.6.0 FLOW-UNKNOWN',
              ],
              [],
            ),
          ),
      },
      {
        title: 'Get the deployment of the new backend to staging',
        action: 'get-deployment',
        // A lookup, not a gate: a minimal answer names neither the artifact nor the environment, which with the
        // default fail-if-missing: true is "could not check"; here it is found and said to be not confirmed.
        options: () => job({ environment: 'staging', fingerprint: tarballFp, 'fail-if-missing': 'false' }),
        notes: { fingerprint: newBackend },
        outcome: 'found',
        // What shipped: backend 1.6.0 replaced 1.5.0 in staging#3.
        expect: equals({
          found: 'true',
          'snapshot-index': byProfile('3', ''),
          'replaced-fingerprint': byProfile(BACKEND_150, ''),
        }),
        log: true,
      },
      {
        title: 'Gate a compliant commit',
        action: 'check-attestations-for-commit',
        options: () => job({ commits: COMPLIANT_COMMIT, required: 'unit-tests\nsnyk-scan' }),
        outcome: 'compliant',
        wouldFail: false,
        expect: equals({ compliant: 'true' }),
      },
      {
        title: 'Gate a non-compliant commit (reporting, not failing)',
        action: 'check-attestations-for-commit',
        options: () =>
          job({
            commits: NON_COMPLIANT_COMMIT,
            required: 'unit-tests\nsnyk-scan',
            'fail-on-non-compliant': 'false',
          }),
        outcome: 'non-compliant',
        expect: equals({ compliant: 'false' }),
      },
      {
        // Reported with its template name in step 2, it lacks what the template asks: INCOMPLETE, not COMPLIANT.
        title: 'Get the new backend artifact',
        action: 'get-artifact',
        options: () => job({ flow: 'backend', fingerprint: tarballFp }),
        notes: { fingerprint: newBackend },
        outcome: 'non-compliant',
        expect: equals({ state: 'INCOMPLETE' }),
      },
      {
        title: 'List the trails of backend',
        action: 'list-trails',
        options: () => job({ flow: 'backend' }),
        outcome: 'listed',
      },
      {
        title: 'List the attestations of backend',
        action: 'list-attestations',
        options: () => job({ flow: 'backend' }),
        outcome: 'listed',
      },
      {
        // The seed's release-webhook fails to send notifications: reported, the step not failed.
        title: 'List the notification actions',
        action: 'list-actions',
        options: () => job({}),
        outcome: 'failing',
      },
      {
        title: 'Check every backend image of the story in one step (not asserting)',
        action: 'get-artifact',
        options: () =>
          job({ flow: 'backend', fingerprint: [BACKEND_140, BACKEND_150, tarballFp].join('\n') }),
        notes: { fingerprint: 'backend 1.4.0, 1.5.0, and the one step 2 reported' },
        outcome: 'non-compliant',
        expect: equals({ count: '3', compliant: 'false' }),
      },
      {
        title: 'Report staging and production from one read of the cluster',
        action: 'report-k8s-env',
        options: () =>
          job({
            'pods-file': cluster,
            environments:
              'environments:\n  - name: staging\n    namespaces: [shop]\n  - name: production\n    namespaces: [shop-prod]\n',
          }),
        notes: { 'pods-file': savedPods },
        outcome: 'reported',
        expect: (outputs) => {
          const listed = JSON.parse(outputs.environments ?? '[]') as { name: string; outcome: string }[];
          const got = listed.map((e) => `${e.name} ${e.outcome}`).join(', ');
          return got === 'staging reported, production reported' ? undefined : `environments: ${got}`;
        },
      },
      {
        // The never-alone rule over the seven changes of checkout 2.0 (flow checkout of the demo seed): two reviewed
        // (one by an override), a dependabot bump exempt, and four that a release audit would flag. Reporting, not
        // failing: the summary is the audit's answer.
        title: 'Check that every change of checkout 2.0 was reviewed by someone else',
        action: 'check-attestations-for-commit',
        options: () =>
          job({
            commits: CHECKOUT_RELEASE.join('\n'),
            review: 'never-alone',
            flow: 'checkout',
            'exempt-authors': 'dependabot[bot]',
            'fail-on': 'none',
          }),
        outcome: 'non-compliant',
        expect: (outputs) => {
          const counts = JSON.parse(outputs.review ?? '{}') as Record<string, number>;
          const want = { reviewed: 1, 'overridden-compliant': 1, exempt: 1, 'self-approved': 1 };
          const wrong = Object.entries(want).find(([verdict, n]) => counts[verdict] !== n);
          if (wrong) return `output review is '${outputs.review ?? ''}', expected ${wrong[1]} ${wrong[0]}`;
          return equals({ compliant: 'false', 'would-fail': 'true' })(outputs);
        },
      },
      {
        // A pull request that changes eu-production's policy: what the new policy would say of everything that
        // runs there now, against the policy on the base branch (which a workflow takes from git).
        title: "Preview a change to eu-production's policy, as its pull request would",
        action: 'preview-policy',
        options: () =>
          job({
            environment: 'eu-production',
            policy: 'policies/eu-production.yml',
            'base-policy': 'base-policy.yml',
          }),
        notes: { 'base-policy': 'git show origin/main:policies/eu-production.yml, written earlier' },
        outcome: 'fail',
        expect: equals({ 'policy-verdict': 'fail', count: '8' }),
      },
    ];

    for (const [i, step] of steps.entries()) {
      const options = step.options();
      console.log(`\n[${i + 1}/${steps.length}] ${step.title}`);
      console.log(indent(stepYaml(step, options.inputs ?? {}, url), '  '));
      const started = performance.now();
      const result = await runAction(step.action, options);
      const ms = performance.now() - started;
      const verdict = verdictOf(result.code, result.outputs);
      const problem = unexpected(step, result, verdict);
      const done = { step, result, verdict, ms, problem };
      ran.push(done);
      print(done);
      if (step.action === 'setup') exported = result.exportedEnv;
      // A failed step fails the job: later steps would not run on a runner either.
      if (result.code !== 0) break;
    }
    const markdown = writeReport(ran, url);
    console.log(tally(ran, steps.length));
    // Before the sandbox stops: every service link of the summaries must lead to one of its pages.
    const links = await checkLinks(markdown, new URL(sandbox.uiUrl).origin);
    console.log(linksNote(links, sandbox.uiUrl));
    const failed = ran.find((r) => r.problem !== undefined);
    if (failed || ran.length !== steps.length) {
      console.error(`\nDemo failed at "${failed?.step.title ?? '?'}": ${failed?.problem ?? 'stopped early'}`);
      return 1;
    }
    if (links.problems.length > 0) {
      console.error('\nDemo failed: a link of the summaries leads nowhere (above).');
      return 1;
    }
    console.log(`\nJob summaries: ${join(out, 'summaries.html')}`);
    if (values.serve === true) await serveUntilStopped(sandbox.uiUrl);
    return 0;
  } finally {
    await sandbox.close();
    rmSync(workspace, { recursive: true, force: true });
  }
}

/** The workflow step that runs `step`, from the very inputs it runs with: the connection as a workflow gives it. */
function stepYaml(step: Step, inputs: Record<string, string>, url: string): string {
  return workflowStepYaml({
    action: step.action,
    ...(step.id !== undefined && { id: step.id }),
    inputs,
    shown: {
      'api-url': { expression: '${{ vars.COMPLIANCE_API_URL }}', here: `here: the sandbox, ${url}` },
      'api-token': {
        expression: '${{ secrets.COMPLIANCE_API_TOKEN }}',
        here: "here: the sandbox's demo token",
      },
    },
    ...(step.notes !== undefined && { notes: step.notes }),
    secrets: [DEMO_TOKEN],
  });
}

const indent = (text: string, by: string) =>
  text
    .split('\n')
    .map((line) => by + line)
    .join('\n');

/** How the step did otherwise than the demo expected, or undefined. */
function unexpected(step: Step, result: RunResult, verdict: Verdict): string | undefined {
  if (result.code !== 0) {
    return `exited with ${String(result.code)}: ${errorsOf(result) || result.stderr.trim()}`;
  }
  if (verdict.outcome !== step.outcome) return `outcome ${verdict.outcome}, expected ${step.outcome}`;
  if (step.wouldFail !== undefined && verdict.wouldFail !== step.wouldFail) {
    return `would-fail is ${String(verdict.wouldFail)}, expected ${String(step.wouldFail)}`;
  }
  return step.expect?.(result.outputs);
}

/** The mark line's note: "(expected)" for a ⚠ or ✖ the demo meant, or what it expected instead. */
function expectation({ step, verdict, problem }: Ran): string {
  if (problem !== undefined) {
    return verdict.outcome === step.outcome
      ? ' (not as the demo expected)'
      : ` (the demo expected ${step.outcome})`;
  }
  return verdict.mark === '✔' ? '' : ' (expected)';
}

function errorsOf(result: RunResult): string {
  return result.stdout
    .split('\n')
    .filter((line) => line.startsWith('::error'))
    .map((line) => line.replace(/^::error[^:]*::/, ''))
    .join('; ');
}

function print(done: Ran): void {
  const { step, result, verdict, ms, problem } = done;
  console.log(
    `${verdict.mark} ${verdictText(verdict)}${expectation(done)} · ${step.action}, ${(ms / 1000).toFixed(1)} s`,
  );
  for (const [name, value] of Object.entries(result.outputs)) {
    if (name === 'result-file' || name === 'payload-file') continue;
    if (name === 'promotions') {
      for (const line of matrixLines(result.outputs)) console.log(`    ${line}`);
      continue;
    }
    const shown = value.length > 100 ? `${value.slice(0, 97)}...` : value;
    console.log(`    ${name}: ${shown.replace(/\n/g, ' ')}`);
  }
  if (step.log === true) {
    for (const line of ownLines(result.stdout)) console.log(`    | ${line}`);
  }
  for (const line of result.stdout.split('\n')) {
    if (/^::(warning|error)/.test(line)) console.log(`    ${line.replace(/^::(\w+)[^:]*::/, '$1: ')}`);
  }
  if (problem !== undefined) console.log(`    problem: ${problem}`);
}

/** The closing count: how many steps behaved as the demo expected, and how many passed, by their own marks. */
function tally(ran: Ran[], total: number): string {
  const count = (mark: Verdict['mark']) => ran.filter((r) => r.verdict.mark === mark).length;
  const expected = ran.filter((r) => r.problem === undefined).length;
  const notRun = total - ran.length;
  return (
    `\n${expected} of ${total} steps behaved as the demo expected. By their own outcomes: ${count('✔')} passed (✔), ` +
    `${count('⚠')} ran and found a problem (⚠), ${count('✖')} failed (✖)` +
    `${notRun > 0 ? `, ${notRun} did not run` : ''}.`
  );
}

/** What the links of the summaries are, and whether those of the sandbox answered. */
function linksNote(links: LinkCheck, ui: string): string {
  const examples = EXAMPLE_PREFIXES.map((p) => `${p}…`).join(', ');
  const sandbox =
    links.sandbox === 0
      ? 'none leads to a page of the sandbox (these answers give no html_url)'
      : `${links.sandbox} lead to distinct pages of the sandbox (${ui}/…), ` +
        (links.problems.length === 0
          ? 'each answered 200 just now; they go when the sandbox stops with the demo ' +
            '(npm start -- --serve keeps it running)'
          : 'checked just now');
  return [
    `Links in the summaries: ${sandbox}; ${links.examples} lead to ${examples}, examples: ` +
      "the demo's repository, acme/shop, does not exist.",
    ...(links.problems.length === 0
      ? []
      : [`${links.problems.length} link(s) lead nowhere:`, ...links.problems.map((p) => `    ${p}`)]),
  ].join('\n');
}

/** Keeps the sandbox up, its pages open, until Ctrl-C (or SIGTERM). */
async function serveUntilStopped(ui: string): Promise<void> {
  console.log(`\nServing the sandbox's pages at ${ui}/demo until Ctrl-C.`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

/**
 * The `promotions` output as a workflow's matrix gets it: one line per entry (one job each), with its fields. Text
 * from the service, printed here as the demo's own output (the demo is not a step: no runner reads its lines).
 */
function matrixLines(outputs: Record<string, string>): string[] {
  const matrix = matrixOf(outputs);
  if (typeof matrix === 'string') return [`promotions: ${matrix}`];
  const side = (s: PromotionSide | null | undefined) =>
    s ? `${text(s.tag)} (${text(s.fingerprint).slice(0, 12)})` : 'null (new)';
  return [
    `promotions: {"include": [${matrix.length} entries]}, for strategy.matrix: one job per entry`,
    ...matrix.flatMap((p) => [
      `  - name: ${text(p.name)}  from: ${side(p.from)}  to: ${side(p.to)}  state: ${text(p.state)}  flow: ${text(p.flow)}`,
      ...(typeof p['compare-url'] === 'string' ? [`    compare-url: ${p['compare-url']}`] : []),
    ]),
  ];
}

/** A step's own lines of log: those outside its groups that are not workflow commands. */
function ownLines(stdout: string): string[] {
  let depth = 0;
  const own: string[] = [];
  for (const line of stdout.split('\n')) {
    if (line.startsWith('::group::')) depth++;
    else if (line.startsWith('::endgroup::')) depth = Math.max(0, depth - 1);
    else if (depth === 0 && line.trim() !== '' && !line.startsWith('::')) own.push(line);
  }
  return own;
}

/** Writes summaries.md and summaries.html; returns the Markdown. */
function writeReport(ran: Ran[], url: string): string {
  mkdirSync(out, { recursive: true });
  const sections = ran.map((done, i) => {
    const { step, result, verdict, problem } = done;
    const how = problem === undefined ? '' : ` — not as the demo expected: ${problem}`;
    return (
      `## ${i + 1}. ${step.title}\n\n<sub>${verdict.mark} ${verdictText(verdict)}${expectation(done)} · ` +
      `\`${step.action}\`${how}</sub>\n\n` +
      (result.summary.trim() || '_No job summary._')
    );
  });
  const examples = EXAMPLE_PREFIXES.map((p) => `Links to \`${p}\` are **examples**`).join('; ');
  const markdown =
    `# compliance-actions demo\n\nEvery step ran its dist/ bundle against the sandbox at \`${url}\`.\n\n` +
    `> ${examples}: the demo's repository, acme/shop, does not exist. Every other link leads to a page of the ` +
    `sandbox, which answered while the demo ran (\`npm start -- --serve\` keeps it running after the demo).\n\n` +
    `${sections.join('\n\n')}\n`;
  writeFileSync(join(out, 'summaries.md'), markdown);
  writeFileSync(
    join(out, 'summaries.html'),
    renderSummariesPage('compliance-actions demo', markdown, EXAMPLE_PREFIXES),
  );
  console.log(`\nWrote ${join(out, 'summaries.md')} and summaries.html`);
  return markdown;
}

process.exitCode = await main();
