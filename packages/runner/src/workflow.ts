/**
 * A small interpreter of GitHub Actions workflows, for running this repository's workflows here (test/workflow-run):
 * read and validated by GitHub's own parser (@actions/workflow-parser), every `${{ }}` evaluated by GitHub's own
 * evaluator (@actions/expressions). Jobs run one after the other in the order of their `needs`, each on a fresh
 * "runner" (a temp folder with its workspace, RUNNER_TEMP and tool cache, removed afterwards).
 *
 * - `run:` steps run in bash as the runner runs them (`shell`, `defaults.run`, `working-directory`, `env` at every
 *   level), with fresh GITHUB_ENV, GITHUB_OUTPUT, GITHUB_PATH and GITHUB_STEP_SUMMARY files, read back after the step
 *   as the runner reads them. Each script is its own process group: whatever it leaves in the background is stopped
 *   at the end of the job (SIGTERM, then SIGKILL), as the runner cleans up orphan processes.
 * - `uses: ./` (the root action.yml, setup) and `uses: ./actions/<name>` run the dist bundle through the runner
 *   emulation (packages/runner/src/emulator.ts).
 * - Any other `uses: ./<path>` is an action in the job's workspace, read when its step runs, as the runner reads a
 *   local action (a copy of this repository checked out there: `./<folder>/actions/<name>`); none there fails the
 *   step with the runner's message. `uses: <owner>/<repo>[/<path>]@<ref>` of a repository given in `repositories`
 *   (a local git repository standing in for GitHub's) is fetched before anything runs, as the runner downloads the
 *   job's actions: the ref resolved as GitHub resolves it (a tag, else a branch, else a full commit SHA; a short SHA
 *   or a ref that is none of these is a WorkflowError with GitHub's message), the tree at that commit extracted
 *   (`git archive`). Either runs through the emulation from its own folder (its `runs.main`, relative to it), and
 *   only a node action (`runs.using` node20 or node24, no pre or post) is run.
 * - Any other step can be replaced by a `Stub` given by the caller, which says why it cannot run here; an external
 *   action with no stub and no repository in `repositories` fails its step (nothing is fetched from GitHub).
 * - `if:` (default `success()`), `continue-on-error` (of a step, and of a job: a failure that does not fail the job's
 *   result nor the run), outcome and conclusion, `success()`, `failure()`, `always()`, `cancelled()` (never), and the
 *   contexts github, env, steps, runner, job, secrets, vars, inputs, needs, matrix and strategy. A job with a
 *   container, services or a reusable workflow is refused.
 * - `strategy`: packages/runner/src/matrix.ts expands the matrix as GitHub does (the vectors' product, then
 *   `exclude`, then `include`). The matrix may be written out or an expression on github, inputs, vars and needs
 *   (`${{ fromJSON(needs.plan.outputs.matrix) }}`); the job's `if:` is evaluated first, so a skipped job expands
 *   nothing, as on GitHub. A matrix of no combination, or an expression that is not a matrix, is a WorkflowError
 *   naming the job. Each combination runs on a runner of its own, one after the other in the order of the
 *   expansion, with its `matrix` and `strategy` contexts (`fail-fast`, `job-index`, `job-total`, `max-parallel`),
 *   which the job's `name:` and `continue-on-error` may read too. fail-fast (the default): once a combination fails
 *   (not under continue-on-error), those after it are cancelled without running, as GitHub cancels the ones still
 *   queued. The job fails if a combination failed. Its outputs: each from the last combination that set it (not
 *   empty), as GitHub combines them (there, the last to finish, in no defined order).
 * - The record of a matrix job: `JobRun.runs`, a `MatrixRun` for each combination (matrix, name, outcome, result,
 *   steps, outputs, summary; a cancelled one has no steps). `JobRun.steps` and `summary` are all of theirs, one
 *   combination after the other, each step with its `matrix`. A job with no `strategy` has no `runs`; its `matrix`
 *   context is `{}`, its `strategy` that of a single job.
 *
 * Mistakes fail the run, not only the validators: the parser's errors (schema, expression syntax, unknown contexts
 * or functions), and every `steps.<id>.outputs.<name>` reference is checked before anything runs. The step must be
 * an earlier step of the same job; for this repository's actions and those fetched from `repositories` the output
 * must be declared in its action.yml, for a stub in the stub's `outputs`. A `run:` step's outputs are known only once
 * it ran, an action's in the workspace once its step read its action.yml: a reference to an output a successful
 * `run:` step did not write, or that such an action does not declare, fails the step that reads it
 * (`WorkflowRun.problems` says so).
 *
 * Ignored: `runs-on`, `permissions`, `concurrency`, `environment`, `timeout-minutes` (a `run:` step may run 2 minutes),
 * `strategy.max-parallel` (nothing runs in parallel).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { registerHooks } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join, resolve } from 'node:path';
import { Evaluator, Lexer, Parser, data, type Expr } from '@actions/expressions';
import { ContextAccess, IndexAccess, Literal } from '@actions/expressions/ast';
import type { FunctionDefinition } from '@actions/expressions/funcs/info';
import { truthy } from '@actions/expressions/result';
import type { Job, Step, WorkflowTemplate } from '@actions/workflow-parser/model/workflow-template';
import type {
  MappingToken,
  ScalarToken,
  TemplateToken,
} from '@actions/workflow-parser/templates/tokens/index';
import { actionFile, DEFAULT_GITHUB, parseCommandFile, prepareAction, readActionYml } from './emulator.js';
import { combinationName, expandMatrix, MatrixError, type Combination } from './matrix.js';

// @actions/workflow-parser 0.3.61 imports its JSON schemas without `with { type: 'json' }`, which Node refuses
// (ERR_IMPORT_ATTRIBUTE_MISSING), and vitest leaves the package to Node: add the attribute for that package's JSON.
registerHooks({
  load(url, context, nextLoad) {
    if (!/\/@actions\/workflow-parser\/dist\/[^/]+\.json$/.test(url)) return nextLoad(url, context);
    return nextLoad(url, { ...context, importAttributes: { ...context.importAttributes, type: 'json' } });
  },
});
const {
  convertWorkflowTemplate,
  isBasicExpression,
  isBoolean,
  isLiteral,
  isMapping,
  isNumber,
  isSequence,
  isString,
  NoOperationTraceWriter,
  parseWorkflow,
} = await import('@actions/workflow-parser');

export type Outcome = 'success' | 'failure' | 'skipped';

export interface StubContext {
  workspace: string;
  toolCache: string;
  /** The step's `with:`, evaluated. */
  with: Record<string, string>;
}

/** What a stub did for the steps after it: outputs, and folders put first on PATH, in this order. */
export interface StubEffect {
  outputs?: Record<string, string>;
  path?: string[];
}

/** A stand-in for a step that cannot run here, doing here what the step would have done on the runner. */
export interface Stub {
  /** The action it replaces (`owner/repo[/path]`, any `@ref`), or the `run:` scripts it replaces. */
  uses?: string;
  run?: RegExp;
  /** Why the step cannot run here. */
  reason: string;
  /** The outputs the step sets; a reference to another is a mistake in the workflow. */
  outputs: string[];
  apply(context: StubContext): StubEffect | Promise<StubEffect>;
}

export interface StepRun {
  job: string;
  /** The step's `id`, or the parser's (`__run`, `__run_2`, `__actions_checkout`, `__self`). */
  id: string;
  name: string;
  /** A script, this repository's action (through the emulator), or a stub. */
  kind: 'run' | 'action' | 'stub';
  outcome: Outcome;
  conclusion: Outcome;
  outputs: Record<string, string>;
  /** What the step printed, and why it failed; secrets and `::add-mask::` values as `***`. */
  log: string;
  /** For a stub: why the step did not run. */
  stubbed?: string;
  /** For a step of a matrix job: the combination it ran in. */
  matrix?: Record<string, unknown>;
  ms: number;
}

export interface JobRun {
  id: string;
  /** What `needs.<id>.result` says: a failure under the job's `continue-on-error` is a success. */
  result: Outcome;
  /** For a matrix job, every combination's steps, one combination after the other. */
  steps: StepRun[];
  /** For a matrix job, each output from the last combination that set it (not empty). */
  outputs: Record<string, string>;
  /** The steps' GITHUB_STEP_SUMMARY files, one after the other. */
  summary: string;
  /** For a job with a `strategy` (that ran): each combination's run, in the order of the matrix's expansion. */
  runs?: MatrixRun[];
}

/** One combination of a matrix job. */
export interface MatrixRun {
  /** The combination: the run's `matrix` context. */
  matrix: Record<string, unknown>;
  /** The job's `name:` evaluated for the combination; with none, GitHub's `<job id> (<values>)`. */
  name: string;
  /** How the run ended; `cancelled`: fail-fast cancelled it before it ran (it has no steps). */
  outcome: 'success' | 'failure' | 'cancelled';
  /** What it counts for in the job's result: a failure under the job's `continue-on-error` is a success. */
  result: 'success' | 'failure' | 'cancelled';
  steps: StepRun[];
  outputs: Record<string, string>;
  summary: string;
}

export interface WorkflowRun {
  conclusion: 'success' | 'failure';
  jobs: JobRun[];
  /** Every step of every job, in the order they ran. */
  steps: StepRun[];
  /** Mistakes in the workflow found while it ran (each also failed a step). */
  problems: string[];
}

export interface WorkflowOptions {
  /** The workflow's name in messages, e.g. `.github/workflows/e2e.yml`. */
  file: string;
  content: string;
  /** GITHUB_* over the emulator's push to main of acme/app (DEFAULT_GITHUB); GITHUB_SHA must be given. */
  github: Record<string, string> & { GITHUB_SHA: string };
  /** The event payload (`github.event`, GITHUB_EVENT_PATH). */
  event?: Record<string, unknown>;
  vars?: Record<string, string>;
  secrets?: Record<string, string>;
  /** `inputs` of a workflow_dispatch, over the declared defaults. */
  inputs?: Record<string, string>;
  stubs?: Stub[];
  /**
   * Local git repositories standing in for GitHub's, by `owner/repo`: a `uses: owner/repo[/path]@ref` of one is that
   * repository's action at the commit the ref names (see the module's comment).
   */
  repositories?: Record<string, string>;
}

/** The workflow cannot run as written: each line a mistake, `file (Line: n, Col: m): message`. */
export class WorkflowError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.name = 'WorkflowError';
    this.problems = problems;
  }
}

const CONTEXTS = [
  'github',
  'env',
  'steps',
  'runner',
  'job',
  'secrets',
  'vars',
  'inputs',
  'needs',
  'matrix',
  'strategy',
];
const STATUS_FUNCTIONS = ['success', 'failure', 'always', 'cancelled'].map((name) => ({
  name,
  minArgs: 0,
  maxArgs: 0,
}));
/** After a script exits, how long its output may stay open (a background process holding it) before the step fails. */
const OUTPUT_GRACE_MS = 3000;
/** Longest a script may run before it is stopped and fails. */
const STEP_TIMEOUT_MS = 120_000;
const COMPILE_CACHE = join(tmpdir(), 'workflow-node-compile-cache');

type Dict = Record<string, string>;
type Scope = Record<string, unknown> & { env: Dict };

export async function runWorkflow(options: WorkflowOptions): Promise<WorkflowRun> {
  const { template, root } = await load(options.file, options.content);
  const stubs = options.stubs ?? [];
  const jobs = template.jobs.map((job) => {
    if (job.type !== 'job' || job.container || job.services)
      throw new WorkflowError([
        `${at(options.file, job.id)}job '${job.id.value}': a container, services or reusable workflow is not run here`,
      ]);
    return { job, raw: rawMapping(root, ['jobs', job.id.value]) };
  });
  // The actions fetched from `repositories`, for the whole run (the runner's _actions folder).
  const { repositories } = options;
  const actions = repositories && mkdtempSync(join(tmpdir(), 'workflow-actions-'));
  try {
    const fetched = actions
      ? fetchActions(
          options.file,
          jobs.map(({ job }) => job),
          repositories,
          stubs,
          actions,
        )
      : new Map<string, string>();
    const refs = jobs.flatMap(({ job, raw }) => checkReferences(options.file, job, raw, stubs, fetched));
    if (refs.length > 0) throw new WorkflowError(refs);
    return await runJobs(options, template, root, jobs, fetched);
  } finally {
    if (actions) rmSync(actions, { recursive: true, force: true });
  }
}

async function runJobs(
  options: WorkflowOptions,
  template: WorkflowTemplate,
  root: TemplateToken,
  jobs: { job: Job; raw: MappingToken | undefined }[],
  fetched: Map<string, string>,
): Promise<WorkflowRun> {
  const inputs: Dict = {};
  for (const [name, input] of Object.entries(template.events.workflow_dispatch?.inputs ?? {})) {
    if (input.default !== undefined) inputs[name] = String(input.default);
  }
  Object.assign(inputs, options.inputs);
  const github = { ...DEFAULT_GITHUB, ...options.github };
  const workflow: WorkflowState = {
    options,
    github,
    stubs: options.stubs ?? [],
    fetched,
    shared: { vars: options.vars ?? {}, secrets: options.secrets ?? {}, inputs },
    env: template.env,
    defaults: rawMapping(root, ['defaults', 'run']),
    problems: [],
    masks: new Set(Object.values(options.secrets ?? {}).filter((s) => s !== '')),
  };

  const done = new Map<string, JobRun>();
  while (done.size < jobs.length) {
    const next = jobs.find(
      ({ job }) => !done.has(job.id.value) && (job.needs ?? []).every((n) => done.has(n.value)),
    );
    if (!next) throw new WorkflowError([`${options.file}: the jobs' needs form a cycle`]);
    const needs = Object.fromEntries(
      (next.job.needs ?? []).map((n) => [n.value, done.get(n.value)] as const),
    );
    done.set(next.job.id.value, await runJob(next.job, next.raw, needs, workflow));
  }
  const runs = [...done.values()];
  return {
    conclusion: runs.some((j) => j.result === 'failure') ? 'failure' : 'success',
    jobs: runs,
    steps: runs.flatMap((j) => j.steps),
    problems: workflow.problems,
  };
}

interface WorkflowState {
  options: WorkflowOptions;
  github: Dict;
  stubs: Stub[];
  /** The action.yml of each `uses:` fetched from `repositories`, by the `uses:` text. */
  fetched: Map<string, string>;
  shared: Record<string, unknown>;
  /** The workflow's `env`, evaluated at the start of each job (it may read github, secrets, vars, inputs). */
  env: TemplateToken | undefined;
  defaults: MappingToken | undefined;
  problems: string[];
  masks: Set<string>;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

async function load(
  file: string,
  content: string,
): Promise<{ template: WorkflowTemplate; root: TemplateToken }> {
  const parsed = parseWorkflow({ name: file, content }, new NoOperationTraceWriter());
  if (!parsed.value) throw new WorkflowError([`${file}: no workflow`]);
  const template = await convertWorkflowTemplate(parsed.context, parsed.value);
  // The context collects the errors of both reading (schema, expressions) and converting.
  const errors = parsed.context.errors.getErrors().map((e) => e.message);
  if (errors.length > 0) throw new WorkflowError(errors);
  return { template, root: parsed.value };
}

/** The mapping at `path` of keys under `token` (what the converted template leaves out: with, shell, defaults). */
function rawMapping(token: TemplateToken | undefined, path: string[]): MappingToken | undefined {
  let at = token;
  for (const key of path) at = at && isMapping(at) ? at.find(key) : undefined;
  return at && isMapping(at) ? at : undefined;
}

function rawSteps(job: MappingToken | undefined): MappingToken[] {
  const steps = job?.find('steps');
  return steps && isSequence(steps) ? [...steps].filter(isMapping) : [];
}

function at(file: string, token: TemplateToken | undefined): string {
  return token?.line === undefined ? `${file}: ` : `${file} (Line: ${token.line}, Col: ${token.col ?? 1}): `;
}

/** This repository's action a `uses: ./...` names: `setup` for the root, `<name>` for `./actions/<name>`. */
function ownAction(uses: string): string | undefined {
  if (/^\.\/?$/.test(uses)) return 'setup';
  const name = /^\.\/actions\/([\w.-]+)\/?$/.exec(uses)?.[1];
  return name !== undefined && existsSync(actionFile(name)) ? name : undefined;
}

/** `./` and `./actions/...` name this repository's actions; any other `./<path>` is an action in the workspace. */
const claimedByThisRepository = (uses: string): boolean => /^\.\/?$|^\.\/actions\//.test(uses);

/** The outputs an action.yml declares, and how messages name it. */
interface Declared {
  by: string;
  outputs: string[];
}

function declaredBy(by: string, file: string): Declared {
  return { by, outputs: Object.keys(readActionYml(file).outputs ?? {}) };
}

/** The action.yml (or action.yaml) of the action in `dir`, if there is one. */
function actionYmlIn(dir: string): string | undefined {
  return ['action.yml', 'action.yaml'].map((f) => join(dir, f)).find((f) => existsSync(f));
}

/** Throws unless the action.yml is of a node action without pre or post: the only kind run here. */
function checkRunnable(file: string, uses: string): void {
  const { runs } = readActionYml(file);
  const using = typeof runs?.using === 'string' ? runs.using : JSON.stringify(runs?.using ?? '');
  if (!['node20', 'node24'].includes(using) || typeof runs?.main !== 'string')
    throw new Error(`'${uses}': runs.using '${using}' is not run here, only a node action (node20, node24)`);
  if (runs.pre !== undefined || runs.post !== undefined)
    throw new Error(`'${uses}': its pre or post script is not run here`);
}

/** `owner/repo[/path]@ref`: a repository's action at a ref. */
const REPOSITORY_USES = /^([\w.-]+)\/([\w.-]+)((?:\/[^@]+)?)@(.+)$/;

function gitQuiet(dir: string, ...args: string[]): string | undefined {
  try {
    return execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return undefined;
  }
}

/**
 * The commit `ref` names in the repository at `dir`, as GitHub resolves an action's ref: a tag, else a branch, else
 * a full commit SHA of the repository; a short SHA is refused, with GitHub's message.
 */
function resolveRef(dir: string, action: string, ref: string): string {
  for (const name of [`refs/tags/${ref}`, `refs/heads/${ref}`]) {
    const sha = gitQuiet(dir, 'rev-parse', '--verify', '--quiet', `${name}^{commit}`);
    if (sha) return sha;
  }
  const commit = /^[0-9a-f]{4,40}$/.test(ref)
    ? gitQuiet(dir, 'rev-parse', '--verify', '--quiet', `${ref}^{commit}`)
    : undefined;
  if (commit !== undefined && ref.length === 40) return commit;
  if (commit !== undefined)
    throw new Error(
      `Unable to resolve action \`${action}@${ref}\`, the provided ref \`${ref}\` is the shortened version of a ` +
        `commit SHA, which is not supported. Please use the full commit SHA \`${commit}\` instead.`,
    );
  throw new Error(`Unable to resolve action \`${action}@${ref}\`, unable to find version \`${ref}\``);
}

/**
 * Each `uses: owner/repo[/path]@ref` of the jobs whose repository `repositories` holds (and no stub stands in for),
 * fetched into `into` as the runner downloads a job's actions before its first step: the commit the ref resolves to,
 * its tree extracted with `git archive` (which leaves out what .gitattributes marks export-ignore, as GitHub's
 * archives do). The action.yml of each, by the `uses:` text; what cannot be resolved or run is a WorkflowError.
 */
function fetchActions(
  file: string,
  jobs: Job[],
  repositories: Record<string, string>,
  stubs: Stub[],
  into: string,
): Map<string, string> {
  const byName = new Map(Object.entries(repositories).map(([name, dir]) => [name.toLowerCase(), dir]));
  const fetched = new Map<string, string>();
  const problems: string[] = [];
  for (const step of jobs.flatMap((job) => job.steps)) {
    if (!('uses' in step) || fetched.has(step.uses.value) || stubFor(step, stubs)) continue;
    const [, owner = '', repo = '', path = '', ref = ''] = REPOSITORY_USES.exec(step.uses.value) ?? [];
    const dir = byName.get(`${owner}/${repo}`.toLowerCase());
    if (dir === undefined) continue;
    try {
      const sha = resolveRef(dir, `${owner}/${repo}`, ref);
      const tree = join(into, owner, repo, sha);
      if (!existsSync(tree)) {
        mkdirSync(tree, { recursive: true });
        const archive = execFileSync('git', ['-C', dir, 'archive', '--format=tar', sha], {
          maxBuffer: 1 << 30,
        });
        execFileSync('tar', ['-x', '-C', tree], { input: archive });
      }
      const yml = actionYmlIn(join(tree, path));
      if (yml === undefined)
        throw new Error(
          `Can't find 'action.yml', 'action.yaml' or 'Dockerfile' for action '${step.uses.value}' (commit ${sha}).`,
        );
      checkRunnable(yml, step.uses.value);
      fetched.set(step.uses.value, yml);
    } catch (error) {
      problems.push(`${at(file, step.uses)}${message(error)}`);
    }
  }
  if (problems.length > 0) throw new WorkflowError(problems);
  return fetched;
}

/**
 * The action.yml of the action a `uses: ./<path>` names in the workspace, once an earlier step put it there: the
 * runner's message when there is none.
 */
function workspaceAction(uses: string, workspace: string): string {
  const dir = resolve(workspace, uses);
  if (dir !== workspace && !dir.startsWith(`${workspace}/`))
    throw new Error(`'${uses}' is outside the workspace: a local action is a path in it`);
  const yml = actionYmlIn(dir);
  if (yml === undefined)
    throw new Error(
      `Can't find 'action.yml', 'action.yaml' or 'Dockerfile' under '${dir}'. Did you forget to run ` +
        'actions/checkout before running your local action?',
    );
  checkRunnable(yml, uses);
  return yml;
}

function stubFor(step: Step, stubs: Stub[]): Stub | undefined {
  if ('uses' in step) {
    const uses = step.uses.value.split('@')[0]?.toLowerCase();
    return stubs.find((s) => s.uses?.toLowerCase() === uses);
  }
  if ('run' in step) return stubs.find((s) => s.run?.test(sourceOf(step.run)));
  return undefined;
}

/** A scalar as written in the workflow (`${{ }}` and all). */
function sourceOf(token: ScalarToken): string {
  return (isBasicExpression(token) || isString(token) ? token.source : undefined) ?? token.toString();
}

// ---------------------------------------------------------------------------------------------------------------
// `steps.<id>.outputs.<name>` references

interface StepRef {
  step: string;
  property?: string;
  output?: string;
  token: TemplateToken;
}

/** Every literal `steps.<id>[.<property>[.<name>]]` in the expression (`steps[format(...)]` is not followed). */
function stepRefs(expression: string, token: TemplateToken): StepRef[] {
  const path = (e: Expr): string[] | undefined => {
    if (e instanceof ContextAccess) return [e.name.lexeme.toLowerCase()];
    if (!(e instanceof IndexAccess) || !(e.index instanceof Literal)) return undefined;
    const index = e.index.literal;
    const head = path(e.expr);
    return head && index.kind === data.Kind.String ? [...head, index.coerceString()] : undefined;
  };
  const refs: StepRef[] = [];
  const visit = (e: Expr): void => {
    const p = path(e);
    if (p) {
      const [context, step, property, output] = p;
      if (context === 'steps' && step !== undefined) refs.push({ step, property, output, token });
      return;
    }
    const children: Expr[] = [];
    for (const value of Object.values(e)) {
      if (value instanceof Array) children.push(...value.filter((v): v is Expr => isExpr(v)));
      else if (isExpr(value)) children.push(value);
    }
    children.forEach(visit);
  };
  visit(parseExpression(expression));
  return refs;
}

function isExpr(value: unknown): value is Expr {
  return typeof value === 'object' && value !== null && 'accept' in value;
}

/** Each expression of a token tree (keys too), with the token it is in. */
function* expressionsIn(token: TemplateToken | undefined): Generator<[string, TemplateToken]> {
  if (!token) return;
  if (isBasicExpression(token)) yield [token.expression, token];
  else if (isMapping(token))
    for (const pair of token) yield* [...expressionsIn(pair.key), ...expressionsIn(pair.value)];
  else if (isSequence(token)) for (const item of token) yield* expressionsIn(item);
}

function checkReferences(
  file: string,
  job: Job,
  raw: MappingToken | undefined,
  stubs: Stub[],
  fetched: Map<string, string>,
): string[] {
  const problems: string[] = [];
  const raws = rawSteps(raw);
  const index = new Map(job.steps.map((s, i) => [s.id.toLowerCase(), i] as const));
  const check = (ref: StepRef, from: number): void => {
    const where = `${at(file, ref.token)}steps.${[ref.step, ref.property, ref.output].filter((p) => p !== undefined).join('.')}: `;
    const i = index.get(ref.step.toLowerCase());
    const target = i === undefined ? undefined : job.steps[i];
    if (i === undefined || !target)
      return void problems.push(`${where}job '${job.id.value}' has no step with id '${ref.step}'`);
    if (i >= from) return void problems.push(`${where}step '${target.id}' has not run yet at this point`);
    if (ref.property === undefined) return;
    if (!['outputs', 'outcome', 'conclusion'].includes(ref.property))
      return void problems.push(`${where}a step has outputs, outcome and conclusion, not '${ref.property}'`);
    if (ref.property !== 'outputs' || ref.output === undefined) return;
    const stub = stubFor(target, stubs);
    const uses = 'uses' in target ? target.uses.value : '';
    const own = ownAction(uses);
    const yml = fetched.get(uses);
    // An action in the workspace is read when its step runs: its outputs are checked then.
    const declared: Declared | undefined = stub
      ? { by: `the stub of '${target.id}'`, outputs: stub.outputs }
      : own !== undefined
        ? declaredBy(`${own === 'setup' ? '' : `actions/${own}/`}action.yml`, actionFile(own))
        : yml === undefined
          ? undefined
          : declaredBy(`the action.yml of '${uses}'`, yml);
    const undeclared = declared && undeclaredOutput(declared, ref.output);
    if (undeclared) problems.push(`${where}${undeclared}`);
  };
  job.steps.forEach((step, i) => {
    if (
      'uses' in step &&
      claimedByThisRepository(step.uses.value) &&
      ownAction(step.uses.value) === undefined
    )
      problems.push(
        `${at(file, step.uses)}'${step.uses.value}' is not an action of this repository (./ or ./actions/<name>)`,
      );
    for (const [expression, token] of [
      ...[...expressionsIn(raws[i])].filter(([, t]) => t !== raws[i]?.find('if')),
      ...('if' in step && step.if ? [[step.if.expression, step.if] as [string, TemplateToken]] : []),
    ])
      for (const ref of stepRefs(expression, token)) check(ref, i);
  });
  for (const [expression, token] of expressionsIn(job.outputs))
    for (const ref of stepRefs(expression, token)) check(ref, job.steps.length);
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// Expressions

function parseExpression(expression: string): Expr {
  return new Parser(new Lexer(expression).lex().tokens, CONTEXTS, STATUS_FUNCTIONS).parse();
}

function toData(value: unknown): data.ExpressionData {
  if (value === null || value === undefined) return new data.Null();
  if (typeof value === 'string') return new data.StringData(value);
  if (typeof value === 'number') return new data.NumberData(value);
  if (typeof value === 'boolean') return new data.BooleanData(value);
  if (Array.isArray(value)) return new data.Array(...value.map(toData));
  if (typeof value === 'object')
    return new data.Dictionary(...Object.entries(value).map(([key, v]) => ({ key, value: toData(v) })));
  throw new Error(`cannot be an expression's data: ${typeof value}`);
}

function evaluate(expression: string, scope: Scope, success: () => boolean): data.ExpressionData {
  const status = (name: string, result: () => boolean): [string, FunctionDefinition] => [
    name,
    { name, minArgs: 0, maxArgs: 0, call: () => new data.BooleanData(result()) },
  ];
  const functions = new Map([
    status('success', success),
    status('failure', () => !success()),
    status('always', () => true),
    status('cancelled', () => false),
  ]);
  return new Evaluator(parseExpression(expression), toData(scope) as data.Dictionary, functions).evaluate();
}

/** A scalar's value as the runner gives it to a step: expressions evaluated, null as ''. */
function evaluateString(token: TemplateToken, scope: Scope, success: () => boolean): string {
  if (isBasicExpression(token)) return evaluate(token.expression, scope, success).coerceString();
  if (isLiteral(token)) return token.toString();
  throw new Error(`line ${token.line ?? '?'}: a string was expected, not a ${token.typeName()}`);
}

/** A token's value as data, every expression in it evaluated (a key too). */
function tokenValue(token: TemplateToken, scope: Scope): unknown {
  if (isBasicExpression(token)) return fromData(evaluate(token.expression, scope, () => true));
  if (isMapping(token))
    return Object.fromEntries(
      [...token].map(({ key, value }) => [
        isBasicExpression(key) ? evaluate(key.expression, scope, () => true).coerceString() : key.toString(),
        tokenValue(value, scope),
      ]),
    );
  if (isSequence(token)) return [...token].map((item) => tokenValue(item, scope));
  return isString(token) || isNumber(token) || isBoolean(token) ? token.value : null;
}

function fromData(value: data.ExpressionData): unknown {
  if (value instanceof data.Dictionary)
    return Object.fromEntries(value.pairs().map(({ key, value: v }) => [key, fromData(v)]));
  if (value instanceof data.Array) return value.values().map(fromData);
  if (value instanceof data.Null) return null;
  return value.value;
}

function evaluateMapping(token: TemplateToken | undefined, scope: Scope, success: () => boolean): Dict {
  const out: Dict = {};
  if (!token || !isMapping(token)) return out;
  for (const { key, value } of token) out[key.toString()] = evaluateString(value, scope, success);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// A job

interface JobState {
  id: string;
  /** For a matrix job, the combination. */
  matrix?: Combination;
  dir: string;
  workspace: string;
  temp: string;
  toolCache: string;
  env: Dict;
  path: string[];
  steps: StepRun[];
  failed: boolean;
  groups: Set<number>;
  summary: string;
  /** The outputs the action.yml of each step that ran an action from the workspace declares, by step id. */
  declared: Map<string, Declared>;
}

/** A job's `strategy`, evaluated and its matrix expanded. */
interface Strategy {
  combinations: Combination[];
  failFast: boolean;
  maxParallel: number;
}

/** The `strategy` context of a job without one, as GitHub gives it. */
const SINGLE = { 'fail-fast': true, 'job-index': 0, 'job-total': 1, 'max-parallel': 1 };

/** A run of the job on a runner (the job, or one combination of its matrix). */
type RunResult = Pick<MatrixRun, 'steps' | 'outputs' | 'summary'> & {
  outcome: 'success' | 'failure';
  result: 'success' | 'failure';
};

async function runJob(
  job: Job,
  raw: MappingToken | undefined,
  needs: Record<string, JobRun | undefined>,
  w: WorkflowState,
): Promise<JobRun> {
  const id = job.id.value;
  const needsContext = Object.fromEntries(
    Object.entries(needs).map(([n, r]) => [n, { result: r?.result ?? 'skipped', outputs: r?.outputs ?? {} }]),
  );
  const allNeeded = () => Object.values(needs).every((r) => r?.result === 'success');
  // What the job's `if`, `strategy`, `name` and `continue-on-error` see, before a runner is picked.
  const before: Scope = {
    ...w.shared,
    github: githubContext(w, id),
    env: {},
    needs: needsContext,
    matrix: {},
    strategy: SINGLE,
  };
  if (!truthy(evaluate(job.if.expression, before, allNeeded))) {
    return { id, result: 'skipped', steps: [], outputs: {}, summary: '' };
  }
  if (!job.strategy) {
    const { result, steps, outputs, summary } = await runOnce(job, raw, w, before, allNeeded);
    return { id, result, steps, outputs, summary };
  }

  const { combinations, failFast, maxParallel } = readStrategy(job.strategy, id, before, w.options.file);
  const runs: MatrixRun[] = [];
  for (const [index, matrix] of combinations.entries()) {
    const strategy = {
      'fail-fast': failFast,
      'job-index': index,
      'job-total': combinations.length,
      'max-parallel': maxParallel,
    };
    const scope: Scope = { ...before, matrix, strategy };
    const name = jobName(job, raw, scope, matrix);
    if (failFast && runs.some((r) => r.result === 'failure')) {
      runs.push({
        matrix,
        name,
        outcome: 'cancelled',
        result: 'cancelled',
        steps: [],
        outputs: {},
        summary: '',
      });
      continue;
    }
    runs.push({ matrix, name, ...(await runOnce(job, raw, w, scope, allNeeded, matrix)) });
  }
  // GitHub combines the outputs of the combinations: for each name, the last one that set it (not empty).
  const outputs: Dict = {};
  for (const run of runs)
    for (const [name, value] of Object.entries(run.outputs))
      if (value !== '' || !(name in outputs)) outputs[name] = value;
  return {
    id,
    result: runs.some((r) => r.result === 'failure') ? 'failure' : 'success',
    steps: runs.flatMap((r) => r.steps),
    outputs,
    summary: runs.map((r) => r.summary).join(''),
    runs,
  };
}

/** The job (or one combination of its matrix) on a fresh runner. */
async function runOnce(
  job: Job,
  raw: MappingToken | undefined,
  w: WorkflowState,
  base: Scope,
  allNeeded: () => boolean,
  matrix?: Combination,
): Promise<RunResult> {
  const id = job.id.value;
  const continueOnError = jobContinueOnError(raw, id, base, w.options.file);
  const dir = mkdtempSync(join(tmpdir(), `workflow-${id}-`));
  const state: JobState = {
    id,
    ...(matrix && { matrix }),
    dir,
    workspace: join(dir, 'work'),
    temp: join(dir, 'temp'),
    toolCache: join(dir, 'tool-cache'),
    env: {},
    path: [],
    steps: [],
    failed: false,
    groups: new Set(),
    summary: '',
    declared: new Map(),
  };
  for (const d of [state.workspace, state.temp, state.toolCache]) mkdirSync(d);
  const scope = (env: Dict): Scope => ({ ...base, ...contexts(state, w, env) });
  try {
    Object.assign(state.env, evaluateMapping(w.env, scope({}), allNeeded));
    Object.assign(state.env, evaluateMapping(job.env, scope(state.env), allNeeded));
    const raws = rawSteps(raw);
    const defaults = rawMapping(raw, ['defaults', 'run']);
    for (const [i, step] of job.steps.entries()) {
      const run = await runStep(step, raws[i], defaults, state, w, scope);
      state.steps.push(run);
      if (run.outcome === 'failure' && run.conclusion === 'failure') state.failed = true;
    }
    let outputs: Dict = {};
    try {
      outputs = evaluateMapping(job.outputs, scope(state.env), () => !state.failed);
    } catch (error) {
      w.problems.push(`job '${id}' outputs: ${message(error)}`);
      state.failed = true;
    }
    const outcome = state.failed ? 'failure' : 'success';
    return {
      outcome,
      result: continueOnError ? 'success' : outcome,
      steps: state.steps,
      outputs,
      summary: state.summary,
    };
  } finally {
    await stopGroups(state.groups);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The job's `strategy`, its expressions evaluated (github, inputs, vars, needs), its matrix expanded. */
function readStrategy(token: TemplateToken, job: string, scope: Scope, file: string): Strategy {
  const fail = (where: TemplateToken | undefined, text: string) =>
    new WorkflowError([`${at(file, where)}job '${job}': ${text}`]);
  let strategy: unknown;
  try {
    strategy = tokenValue(token, scope);
  } catch (error) {
    throw fail(token, `error when evaluating 'strategy': ${message(error)}`);
  }
  if (typeof strategy !== 'object' || strategy === null || Array.isArray(strategy))
    throw fail(token, `strategy is a mapping, not ${JSON.stringify(strategy)}`);
  const values = strategy as Record<string, unknown>;
  const matrixToken = isMapping(token) ? token.find('matrix') : undefined;
  let combinations: Combination[] = [{}];
  if ('matrix' in values) {
    try {
      combinations = expandMatrix(values.matrix);
    } catch (error) {
      if (!(error instanceof MatrixError)) throw error;
      throw fail(matrixToken ?? token, `strategy.matrix: ${error.message}`);
    }
  }
  const failFast = values['fail-fast'] ?? true;
  if (typeof failFast !== 'boolean')
    throw fail(token, `strategy.fail-fast is true or false, not ${JSON.stringify(failFast)}`);
  const maxParallel = values['max-parallel'] ?? combinations.length;
  if (typeof maxParallel !== 'number' || !(maxParallel >= 1))
    throw fail(token, `strategy.max-parallel is a number from 1, not ${JSON.stringify(maxParallel)}`);
  return { combinations, failFast, maxParallel };
}

/** The job's `name:` for a combination, evaluated (its source where it does not evaluate); GitHub's name without one. */
function jobName(job: Job, raw: MappingToken | undefined, scope: Scope, matrix: Combination): string {
  const token = raw?.find('name');
  if (!token || !job.name || (isString(token) && token.value === ''))
    return combinationName(job.id.value, matrix);
  try {
    return evaluateString(job.name, scope, () => true);
  } catch {
    return sourceOf(job.name);
  }
}

/** The job's `continue-on-error` (it may read matrix and strategy). */
function jobContinueOnError(raw: MappingToken | undefined, job: string, scope: Scope, file: string): boolean {
  const token = raw?.find('continue-on-error');
  if (!token) return false;
  if (isBoolean(token)) return token.value;
  if (!isBasicExpression(token)) return isLiteral(token) && token.toString() === 'true';
  try {
    return truthy(evaluate(token.expression, scope, () => true));
  } catch (error) {
    throw new WorkflowError([`${at(file, token)}job '${job}': continue-on-error: ${message(error)}`]);
  }
}

function githubContext(w: WorkflowState, job: string): Record<string, unknown> {
  const github: Record<string, unknown> = {
    event: w.options.event ?? {},
    token: w.options.secrets?.GITHUB_TOKEN ?? '',
  };
  for (const [name, value] of Object.entries(w.github)) {
    if (name.startsWith('GITHUB_')) github[name.slice('GITHUB_'.length).toLowerCase()] = value;
  }
  github.job = job;
  return github;
}

function contexts(state: JobState, w: WorkflowState, env: Dict): Scope {
  const github = { ...githubContext(w, state.id), workspace: state.workspace };
  const steps = Object.fromEntries(
    state.steps.map((s) => [s.id, { outputs: s.outputs, outcome: s.outcome, conclusion: s.conclusion }]),
  );
  const runner = {
    name: 'GitHub Actions 1',
    os: w.github.RUNNER_OS ?? 'Linux',
    arch: w.github.RUNNER_ARCH ?? 'X64',
    temp: state.temp,
    tool_cache: state.toolCache,
    environment: 'github-hosted',
  };
  return { github, env, steps, runner, job: { status: state.failed ? 'failure' : 'success' } };
}

/** What the runner's own processes have: no node_modules/.bin of a caller (npx, npm test) on PATH. */
function runnerPath(): string {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter((p) => p !== '' && !p.split(/[\\/]/).includes('node_modules'))
    .join(delimiter);
}

// ---------------------------------------------------------------------------------------------------------------
// A step

async function runStep(
  step: Step,
  raw: MappingToken | undefined,
  defaults: MappingToken | undefined,
  state: JobState,
  w: WorkflowState,
  scope: (env: Dict) => Scope,
): Promise<StepRun> {
  const stub = stubFor(step, w.stubs);
  const kind = stub ? 'stub' : 'uses' in step ? 'action' : 'run';
  const started = performance.now();
  const success = () => !state.failed;
  let name =
    'uses' in step
      ? `Run ${step.uses.value}`
      : 'run' in step
        ? `Run ${sourceOf(step.run).split('\n')[0] ?? ''}`
        : step.id;
  try {
    if (step.name) name = evaluateString(step.name, scope(state.env), success);
  } catch {
    // A name that does not evaluate keeps the default, as on the runner.
  }
  const record = (outcome: Outcome, outputs: Dict, log: string, continueOnError = false): StepRun => ({
    job: state.id,
    id: step.id,
    name,
    kind,
    outcome,
    conclusion: outcome === 'failure' && continueOnError ? 'success' : outcome,
    outputs,
    log: mask(log, w.masks),
    ...(stub && { stubbed: stub.reason }),
    ...(state.matrix && { matrix: state.matrix }),
    ms: Math.round(performance.now() - started),
  });
  if (!('if' in step) || !('run' in step || 'uses' in step))
    return record('failure', {}, `unsupported step: ${step.id}`);

  // The runner reads every `steps.<id>.outputs.<name>` of a run step through here: an output it did not write fails.
  const problem = (text: string) => {
    w.problems.push(`${w.options.file}: step '${step.id}': ${text}`);
    return text;
  };
  const check = (expression: string, token: TemplateToken) => {
    const wrong = unwrittenOutput(expression, token, state.steps, state.declared);
    if (wrong !== undefined) throw new Error(problem(wrong));
  };
  const evalString = (token: TemplateToken, env: Dict): string => {
    if (isBasicExpression(token)) check(token.expression, token);
    return evaluateString(token, scope(env), success);
  };
  const evalCondition = (token: TemplateToken & { expression: string }): boolean => {
    check(token.expression, token);
    return truthy(evaluate(token.expression, scope(state.env), success));
  };
  let continueOnError = false;
  try {
    if (!evalCondition(step.if)) return record('skipped', {}, '');
    const coe = step['continue-on-error'];
    if (typeof coe === 'boolean') continueOnError = coe;
    else if (coe) continueOnError = isBasicExpression(coe) ? evalCondition(coe) : coe.toString() === 'true';
    // The step's env is evaluated with the job's env context; its `with:` and script see the step's env too.
    const env: Dict = { ...state.env };
    for (const { key, value } of step.env ?? []) env[key.toString()] = evalString(value, state.env);
    const withValues: Dict = {};
    const withToken = raw?.find('with');
    if (withToken && isMapping(withToken))
      for (const { key, value } of withToken) withValues[key.toString()] = evalString(value, env);

    if (stub) {
      const effect = await stub.apply({
        workspace: state.workspace,
        toolCache: state.toolCache,
        with: withValues,
      });
      state.path.unshift(...(effect.path ?? []));
      return record('success', effect.outputs ?? {}, `stubbed: ${stub.reason}`);
    }
    const processEnv: Dict = {
      ...runnerEnv(state, w),
      ...env,
      PATH: [...state.path, runnerPath()].join(delimiter),
      GITHUB_ACTION: step.id,
      // The bundles and tools the steps start in node compile once for all the runs, not once per process.
      NODE_COMPILE_CACHE: COMPILE_CACHE,
    };
    if ('uses' in step) {
      const uses = step.uses.value;
      const own = ownAction(uses);
      let file = own === undefined ? w.fetched.get(uses) : actionFile(own);
      if (file === undefined && uses.startsWith('./')) {
        try {
          file = workspaceAction(uses, state.workspace);
        } catch (error) {
          return record('failure', {}, problem(message(error)), continueOnError);
        }
        state.declared.set(step.id, declaredBy(`${uses}/${basename(file)}`, file));
      }
      if (file === undefined)
        return record(
          'failure',
          {},
          problem(`'${uses}' is an external action, which is not fetched here, and no stub stands in for it`),
        );
      const name = own ?? basename(dirname(file));
      const result = await prepareAction(
        name,
        {
          inputs: withValues,
          env: processEnv,
          github: w.github,
          event: w.options.event ?? {},
          cwd: state.workspace,
          runnerTemp: state.temp,
          githubToken: w.options.secrets?.GITHUB_TOKEN ?? '',
        },
        file,
      ).run();
      collectMasks(result.stdout, w.masks);
      Object.assign(state.env, result.exportedEnv);
      state.summary += result.summary;
      const log = [result.stdout, result.stderr].filter((s) => s !== '').join('\n');
      return record(result.code === 0 ? 'success' : 'failure', result.outputs, log, continueOnError);
    }

    const script = evalString(step.run, env);
    // The step's own, else the job's `defaults.run`, else the workflow's.
    const setting = (key: string) => raw?.find(key) ?? defaults?.find(key) ?? w.defaults?.find(key);
    const shell = setting('shell');
    const directory = setting('working-directory');
    const cwd = resolve(state.workspace, directory ? evalString(directory, env) : '.');
    const result = await runScript(
      script,
      shell && isLiteral(shell) ? shell.toString() : undefined,
      cwd,
      processEnv,
      state,
    );
    collectMasks(result.log, w.masks);
    return record(result.ok ? 'success' : 'failure', result.outputs, result.log, continueOnError);
  } catch (error) {
    return record('failure', {}, message(error), continueOnError);
  }
}

/** Why an action.yml (or a stub) cannot give `output` (names match in any case), or undefined. */
function undeclaredOutput({ by, outputs }: Declared, output: string): string | undefined {
  if (outputs.some((o) => o.toLowerCase() === output.toLowerCase())) return undefined;
  return `${by} declares no output '${output}' (${outputs.join(', ') || 'none'})`;
}

/**
 * The first `steps.<id>.outputs.<name>` of the expression that a successful run step did not write, or that the
 * action.yml of an action read from the workspace (`declared`, by step id) does not declare.
 */
function unwrittenOutput(
  expression: string,
  token: TemplateToken,
  done: StepRun[],
  declared: Map<string, Declared>,
): string | undefined {
  for (const ref of stepRefs(expression, token)) {
    const target = done.find((s) => s.id.toLowerCase() === ref.step.toLowerCase());
    const action = target && declared.get(target.id);
    const undeclared =
      ref.property === 'outputs' && ref.output !== undefined && action
        ? undeclaredOutput(action, ref.output)
        : undefined;
    if (undeclared) return `steps.${ref.step}.outputs.${ref.output}: ${undeclared}`;
    if (
      ref.property !== 'outputs' ||
      ref.output === undefined ||
      target?.kind !== 'run' ||
      target.outcome !== 'success'
    )
      continue;
    if (!Object.keys(target.outputs).some((o) => o.toLowerCase() === ref.output?.toLowerCase()))
      return (
        `steps.${ref.step}.outputs.${ref.output}: step '${target.id}' ran and wrote no such output ` +
        `(${Object.keys(target.outputs).join(', ') || 'none'})`
      );
  }
  return undefined;
}

/** The variables the runner gives every step's process. */
function runnerEnv(state: JobState, w: WorkflowState): Dict {
  const event = join(state.temp, '_github_workflow', 'event.json');
  if (!existsSync(event)) {
    mkdirSync(join(state.temp, '_github_workflow'), { recursive: true });
    writeFileSync(event, JSON.stringify(w.options.event ?? {}));
  }
  return {
    HOME: process.env.HOME ?? state.dir,
    LANG: 'C.UTF-8',
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    ...w.github,
    GITHUB_JOB: state.id,
    GITHUB_WORKSPACE: state.workspace,
    GITHUB_EVENT_PATH: event,
    RUNNER_TEMP: state.temp,
    RUNNER_TOOL_CACHE: state.toolCache,
    RUNNER_NAME: 'GitHub Actions 1',
    RUNNER_ENVIRONMENT: 'github-hosted',
  };
}

/** The runner's command line for a `shell:` (https://docs.github.com/actions/reference/workflow-syntax#jobsjob_idstepsshell). */
function shellCommand(shell: string | undefined, file: string): string[] {
  if (shell === undefined || shell === '') return ['bash', '-e', file];
  if (shell === 'bash') return ['bash', '--noprofile', '--norc', '-eo', 'pipefail', file];
  if (shell === 'sh') return ['sh', '-e', file];
  if (shell.includes('{0}')) return shell.split(/\s+/).map((part) => part.replace('{0}', file));
  throw new Error(`shell '${shell}' is not run here (bash, sh, or a command with {0})`);
}

async function runScript(
  script: string,
  shell: string | undefined,
  cwd: string,
  env: Dict,
  state: JobState,
): Promise<{ ok: boolean; outputs: Dict; log: string }> {
  const commands = join(state.temp, '_runner_file_commands', randomUUID());
  mkdirSync(commands, { recursive: true });
  const files = {
    GITHUB_ENV: 'env',
    GITHUB_OUTPUT: 'output',
    GITHUB_PATH: 'path',
    GITHUB_STEP_SUMMARY: 'summary',
    GITHUB_STATE: 'state',
  };
  const paths = Object.fromEntries(Object.entries(files).map(([k, f]) => [k, join(commands, f)]));
  for (const p of Object.values(paths)) writeFileSync(p, '');
  const file = join(state.temp, `${randomUUID()}.sh`);
  writeFileSync(file, script);
  const [command = 'bash', ...args] = shellCommand(shell, file);

  let log = '';
  // detached: the script leads a process group of its own, with whatever it starts in the background (stopped at
  // the end of the job).
  const child = spawn(command, args, {
    cwd,
    env: { ...env, ...paths },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid !== undefined) state.groups.add(child.pid);
  child.stdout.setEncoding('utf8').on('data', (c: string) => (log += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (log += c));
  const closed = new Promise<void>((r) => child.on('close', () => r()));
  const limit = { reached: false };
  const timer = setTimeout(() => {
    limit.reached = true;
    signal(child.pid, 'SIGKILL');
  }, STEP_TIMEOUT_MS);
  const code = await new Promise<number | null>((r) => {
    child.on('exit', (c) => r(c));
    child.on('error', (e) => {
      log += `${e.message}\n`;
      r(null);
    });
  });
  clearTimeout(timer);
  let grace: NodeJS.Timeout | undefined;
  const held = await Promise.race([
    closed.then(() => false),
    new Promise<boolean>((r) => (grace = setTimeout(() => r(true), OUTPUT_GRACE_MS))),
  ]);
  clearTimeout(grace);
  if (held) {
    child.stdout.destroy();
    child.stderr.destroy();
    log += `\na process the step started in the background still holds its output ${OUTPUT_GRACE_MS} ms after the script ended: on the runner the step would not end (redirect it: > file 2>&1 &)\n`;
  }
  if (limit.reached) log += `\nthe step ran longer than ${STEP_TIMEOUT_MS} ms and was stopped\n`;
  else if (code !== 0) log += `\nProcess completed with exit code ${code ?? 'null'}.\n`;

  const read = (name: string) => readFileSync(paths[name] ?? '', 'utf8');
  // A malformed command file (an unterminated NAME<<EOF) fails the step, as on the runner.
  let commandsOk = true;
  const parsed = (name: string): Record<string, string> => {
    try {
      return parseCommandFile(read(name));
    } catch (error) {
      commandsOk = false;
      log += `\n${name}: ${message(error)}\n`;
      return {};
    }
  };
  Object.assign(state.env, parsed('GITHUB_ENV'));
  for (const line of read('GITHUB_PATH').split('\n')) if (line.trim() !== '') state.path.unshift(line.trim());
  state.summary += read('GITHUB_STEP_SUMMARY');
  const outputs = parsed('GITHUB_OUTPUT');
  rmSync(commands, { recursive: true, force: true });
  rmSync(file, { force: true });
  return { ok: code === 0 && !held && !limit.reached && commandsOk, outputs, log };
}

// ---------------------------------------------------------------------------------------------------------------
// Processes, masks

function signal(pgid: number | undefined, name: NodeJS.Signals | 0): boolean {
  if (pgid === undefined) return false;
  try {
    process.kill(-pgid, name);
    return true;
  } catch {
    return false;
  }
}

/**
 * The groups of which a process still runs. On Linux, from /proc: a zombie (exited, not yet reaped, which is what
 * an orphan becomes where PID 1 reaps nothing) holds no port or file and does not count; kill(0) would count it.
 */
function runningGroups(groups: number[]): number[] {
  if (groups.length === 0) return [];
  if (!existsSync('/proc/self/stat')) return groups.filter((g) => signal(g, 0));
  // One pass over /proc for all the groups: it reads every process's stat.
  const wanted = new Set(groups);
  const found = new Set<number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (wanted.has(Number(pgrp)) && state !== 'Z') found.add(Number(pgrp));
  }
  return groups.filter((g) => found.has(g));
}

/** Stops every process group a script of the job left running: SIGTERM, then SIGKILL after 5 s. */
async function stopGroups(groups: Set<number>): Promise<void> {
  for (const [sig, waitMs] of [
    ['SIGTERM', 5000],
    ['SIGKILL', 1000],
  ] as const) {
    const running = runningGroups([...groups]).filter((g) => signal(g, sig));
    const deadline = performance.now() + waitMs;
    while (running.length > 0 && runningGroups(running).length > 0 && performance.now() < deadline)
      await sleep(50);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

function collectMasks(log: string, masks: Set<string>): void {
  for (const [, value] of log.matchAll(/^::add-mask::(.+)$/gm)) {
    if (value === undefined || value.trim() === '') continue;
    // A command's data is escaped (%0A, %0D, %25): a multi-line secret is masked as it is, and line by line.
    const secret = value.trim().replace(/%0D/gi, '\r').replace(/%0A/gi, '\n').replace(/%25/g, '%');
    masks.add(secret);
    for (const line of secret.split(/\r?\n/)) if (line.trim() !== '') masks.add(line);
  }
}

function mask(log: string, masks: Set<string>): string {
  let out = log;
  for (const m of masks) out = out.split(m).join('***');
  return out;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
