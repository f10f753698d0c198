/**
 * The step lifecycle in-process (src/runtime/step.ts): the one order the finisher writes in, the annotation cap, and
 * the error path runStep owns, against real runner files.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  InputError,
  NetworkError,
  SourceError,
  UndeliveredError,
} from '../../src/errors/errors.js';
import { readCommon, readRunner, type RunnerContext } from '../../src/runtime/context.js';
import {
  defineAction,
  finish,
  MAX_ANNOTATIONS,
  runStep,
  type ActionDefinition,
  type Annotation,
  type FinishInputs,
  type StepResult,
} from '../../src/runtime/step.js';
import { payloadPathFor } from '../../src/runtime/output.js';
import type { PrCommentInputs } from '../../src/runtime/pr-comment.js';
import { SummaryWriter } from '../../src/summary/writer.js';
import { registerSecret } from '../../src/trust/redact.js';
import { GITHUB_TOKEN, useFakeGitHub } from '../helpers/github-api.js';
import { useInProcessRunner, type InProcessRunner } from '../helpers/in-process.js';
import { CONNECTION, inputEnv } from '../helpers/inputs.js';
import { TEST_TOKEN } from '../helpers/secrets.js';

const newRunner = useInProcessRunner();
const github = useFakeGitHub();

interface ProbeInputs extends FinishInputs {
  flow: string;
}

/** A sub-action reduced to its lifecycle: it reads `flow` and `summary`, and runs as told. */
function probe(
  run: (inputs: ProbeInputs) => Promise<StepResult>,
  over: Partial<ActionDefinition<ProbeInputs>> = {},
): ActionDefinition<ProbeInputs> {
  return defineAction<ProbeInputs>({
    name: 'probe',
    read: (reader, cwd) => ({
      runner: readRunner(reader.env, cwd),
      summary: reader.boolean('summary', true),
      flow: reader.requiredMatching('flow', 'flowName'),
    }),
    run,
    couldNot: (inputs) => `Could not probe ${inputs?.flow ?? 'the flow'}`,
    describe: (inputs) => ({ flow: inputs.flow }),
    ...over,
  });
}

/** A run of the probe: its definition's overrides, its inputs, the runner's files (a new one unless given). */
interface Run extends Partial<ActionDefinition<ProbeInputs>> {
  inputs?: Record<string, string>;
  runner?: InProcessRunner;
}

/** runStep of the probe, as told; the runner it wrote to. */
async function ran(
  run: (inputs: ProbeInputs) => Promise<StepResult>,
  { inputs = { flow: 'backend' }, runner = newRunner(), ...over }: Run = {},
): Promise<InProcessRunner> {
  await runStep(probe(run, over), inputEnv(inputs, runner.env), runner.dir, Object.keys(inputs));
  return runner;
}
const result =
  (step: Partial<StepResult> = {}) =>
  () =>
    Promise.resolve<StepResult>({ outcome: 'x', outputs: {}, result: {}, ...step });
const rejected = (error: Error) => () => Promise.reject(error);

/** The one result file the step left, parsed. */
function resultFile(runner: InProcessRunner): Record<string, unknown> {
  const path = runner.outputs()['result-file'];
  expect(path).toBeDefined();
  return runner.keptJson(path ?? '') as Record<string, unknown>;
}

/** Comments on pull request 7 of acme/app. */
const PR_7: PrCommentInputs = {
  commentOnPr: true,
  githubToken: GITHUB_TOKEN,
  pullRequest: { owner: 'acme', repo: 'app', number: 7, headSha: undefined, commits: 1 },
};

/** The job summary as a reader sees it: Markdown escapes removed. */
const plain = (markdown: string) => markdown.replace(/\\([\\`*_[\]{}()#+!|~.-])/g, '$1');

describe('finish writes in the one order', () => {
  it('payload file, outputs, result file, summary, comment, annotations, then the failure', async () => {
    const runner = newRunner();
    const api = await github({ pulls: { 7: [{ sha: 'c'.repeat(40), message: 'x' }] } });
    const seen: { at: string; outputs: string[]; kept: string[]; summary: boolean; comments: number }[] = [];
    const look = (at: string) =>
      seen.push({
        at,
        outputs: Object.keys(runner.outputs()).sort(),
        kept: runner.kept().map((name) => name.replace(/-\d+-[0-9a-f]+\.json$/, '')),
        summary: runner.summary() !== '',
        comments: api.comments.get(7)?.length ?? 0,
      });
    // The runner context is read at the moment each file is written: a probe that looks at what the files hold then.
    const context = readRunner(
      { ...runner.env, GITHUB_API_URL: api.url, GITHUB_REPOSITORY: 'acme/app', GITHUB_JOB: 'build' },
      runner.dir,
    );
    const probed: RunnerContext = {
      ...context,
      get temp() {
        look('RUNNER_TEMP');
        return context.temp;
      },
      get summaryFile() {
        look('summary');
        return context.summaryFile;
      },
    };
    runner.onPrint((chunk) => {
      if (/^::(error|warning|notice)/.test(chunk)) look(chunk.trim());
    });

    await finish(
      probe(() => Promise.reject(new Error('not run'))),
      { runner: probed, summary: true, prComment: PR_7 },
      {
        outcome: 'dry-run',
        outputs: { count: 3 },
        result: { count: 3 },
        payload: { would: 'send' },
        summary: new SummaryWriter().heading('Probed', 3),
        comment: {
          key: 'probe',
          body: () => {
            look('comment');
            return 'the comment';
          },
        },
        annotations: [
          { level: 'notice', message: 'a notice' },
          { level: 'warning', message: 'a warning' },
          { level: 'error', message: 'an error' },
        ],
        failure: 'the gate tripped',
      },
    );

    expect(seen.map((s) => s.at)).toEqual([
      'RUNNER_TEMP',
      'RUNNER_TEMP',
      'summary',
      'comment',
      '::error::an error',
      '::warning::a warning',
      '::notice::a notice',
      '::error::the gate tripped',
    ]);
    const [payload, result, summary, comment, ...printed] = seen;
    // The payload file first, before any output names it.
    expect(payload).toMatchObject({ outputs: [], kept: [], summary: false });
    // Then the outputs, then the result file...
    expect(result).toMatchObject({
      outputs: ['count', 'outcome', 'payload-file'],
      kept: ['probe-payload'],
      summary: false,
    });
    // ...which is written (and named) before the summary...
    expect(summary).toMatchObject({
      outputs: ['count', 'outcome', 'payload-file', 'result-file'],
      kept: ['probe-payload', 'probe-result'],
      summary: false,
    });
    // ...which is written before the comment...
    expect(comment).toMatchObject({ summary: true, comments: 0 });
    // ...which is posted before the annotations and the failure, printed last.
    for (const line of printed) expect(line).toMatchObject({ summary: true, comments: 1 });
    expect(api.comments.get(7)?.[0]?.body).toContain('the comment');
    expect(runner.annotations().at(-1)).toBe('::error::the gate tripped');
    expect(process.exitCode).toBe(1);
    expect(resultFile(runner)).toEqual({
      outcome: 'dry-run',
      count: 3,
      payloadFile: runner.outputs()['payload-file'],
    });
    expect(runner.keptJson(runner.outputs()['payload-file'] ?? '')).toEqual({ would: 'send' });
  });

  it('keeps each payload of a step of many reports at the path the step chose for it', async () => {
    const runner = newRunner();
    const file = payloadPathFor(readRunner(runner.env, runner.dir), 'probe', `prod-${'x'.repeat(100)}`);
    await ran(result({ payloads: [{ file, payload: { env: 'prod' } }] }), { runner });
    expect(runner.keptJson(file)).toEqual({ env: 'prod' });
    expect(runner.kept()).toEqual([
      expect.stringMatching(/^probe-payload-prod-x{59}-\d+-[0-9a-f]+\.json$/),
      expect.stringMatching(/^probe-result-/),
    ]);
  });

  it('exports variables for later steps with the outputs, and leaves outcome and result file out for setup', async () => {
    const runner = await ran(result({ exports: { COMPLIANCE_PROBE: 'on' } }), { resultFile: false });
    // exportVariable sets it in this process too, as the runner would for later steps.
    delete process.env.COMPLIANCE_PROBE;
    expect(runner.exported()).toEqual({ COMPLIANCE_PROBE: 'on' });
    expect(runner.outputs()).toEqual({});
    expect(runner.kept()).toEqual([]);
    expect(runner.annotations()).toEqual([]);
    expect(process.exitCode).toBeUndefined();
  });

  it('sets an undefined output as empty, and scrubs what came from the service', async () => {
    registerSecret(TEST_TOKEN);
    const runner = await ran(
      result({
        outcome: 'listed',
        outputs: { found: undefined, ok: false, name: `trail of Bearer ${TEST_TOKEN}` },
        result: { echoed: TEST_TOKEN },
      }),
    );
    expect(runner.outputs()).toEqual({
      found: '',
      ok: 'false',
      name: 'trail of Bearer ***',
      outcome: 'listed',
      'result-file': expect.any(String) as unknown,
    });
    expect(resultFile(runner)).toEqual({ outcome: 'listed', echoed: '***' });
    expect(process.exitCode).toBeUndefined();
  });
});

describe('annotations', () => {
  const many = (level: Annotation['level'], n: number): Annotation[] =>
    Array.from({ length: n }, (_, i) => ({ level, message: `${level} ${i + 1}` }));
  const annotated = (failure?: string) =>
    result({
      annotations: [...many('error', 15), ...many('warning', 12), ...many('notice', 11)],
      ...(failure !== undefined && { failure }),
    });

  it('at most ten of each level, the first ones; the failure counts among the errors and comes last', async () => {
    // Without a failure: ten errors, and the step does not fail.
    const quiet = await ran(annotated());
    expect(quiet.annotations().filter((l) => l.startsWith('::error'))).toHaveLength(MAX_ANNOTATIONS);
    expect(process.exitCode).toBeUndefined();
    const lines = (await ran(annotated('12 actions are failing'))).annotations();
    expect(lines.filter((l) => l.startsWith('::error'))).toEqual([
      ...many('error', MAX_ANNOTATIONS - 1).map((a) => `::error::${a.message}`),
      '::error::12 actions are failing',
    ]);
    expect(lines.filter((l) => l.startsWith('::warning'))).toEqual(
      many('warning', MAX_ANNOTATIONS).map((a) => `::warning::${a.message}`),
    );
    expect(lines.filter((l) => l.startsWith('::notice'))).toHaveLength(MAX_ANNOTATIONS);
  });

  it('a title goes with its annotation', async () => {
    const runner = await ran(
      result({ annotations: [{ level: 'warning', message: 'stale', title: 'Snapshot' }] }),
    );
    expect(runner.annotations()).toEqual(['::warning title=Snapshot::stale']);
  });
});

describe('runStep: any throw becomes outcome=error, a result file, a summary that says why, and the failure', () => {
  const apiError = new ApiError({
    endpoint: 'GET /trails/{org}',
    status: 404,
    serverMessage: "Flow named 'backend' does not exist",
  });
  /** The summary's first lines after an error, and its heading. */
  const errorHeading = (heading: string) =>
    new RegExp(
      `^<sub>Outcome: \\*\\*error\\*\\* · took (?:\\d+ ms|\\d+\\.\\d s)</sub>\\n\\n### ⚠️ ${heading}\\n`,
    );
  it.each<[string, 'read' | 'run', Error, string, string?]>([
    ['a bad input (read)', 'read', new InputError('flow', "'my flow' is not valid"), 'input'],
    ['an answer the service refused (run)', 'run', apiError, 'api'],
    [
      'an unreachable service (run)',
      'run',
      new NetworkError('GET /trails/{org}', 'connect ECONNREFUSED'),
      'network',
    ],
    [
      'a bug (run)',
      'run',
      new TypeError("Cannot read properties of undefined (reading 'name')"),
      'unexpected',
    ],
    [
      'an error without a message, which still says what it was',
      'run',
      new RangeError(''),
      'unexpected',
      'RangeError without a message',
    ],
  ])('%s', async (_label, where, error, kind, said = error.message) => {
    const runner = await ran(rejected(error), {
      ...(where === 'read' && {
        read: () => {
          throw error;
        },
      }),
    });
    expect(runner.outputs()).toMatchObject({ outcome: 'error' });
    expect(resultFile(runner)).toEqual({
      outcome: 'error',
      // What the inputs said, when they could be read.
      ...(where === 'run' && { flow: 'backend' }),
      error: { kind, message: said },
    });
    const summary = plain(runner.summary());
    expect(summary).toMatch(
      errorHeading(where === 'run' ? 'Could not probe backend' : 'Could not probe the flow'),
    );
    expect(summary).toContain(said);
    expect(summary.includes('This is a bug in compliance-actions')).toBe(kind === 'unexpected');
    expect(runner.annotations().at(-1)).toBe(`::error::${said}`);
    expect(process.exitCode).toBe(1);
    // A bug also leaves its stack in the debug log; a ComplianceError is its own explanation.
    expect(runner.stdout().includes(`::debug::${error.name}`)).toBe(kind === 'unexpected');
  });

  it('a bad input read by the real reader names it, nothing after read runs, and the summary says what to do', async () => {
    let runs = 0;
    const runner = await ran(
      () => {
        runs++;
        return result()();
      },
      { inputs: { flow: 'my flow' } },
    );
    expect(runs).toBe(0);
    expect(resultFile(runner)).toMatchObject({
      error: { kind: 'input', message: expect.stringContaining("Invalid input 'flow'") as unknown },
    });
    expect(plain(runner.summary())).toContain('Fix the input named above; nothing was sent to the service.');
  });

  it('sets the outputs action.yml documents for a step that could not finish', async () => {
    const runner = await ran(rejected(apiError), {
      onError: { outputs: { compliant: false, found: undefined } },
    });
    expect(runner.outputs()).toMatchObject({ outcome: 'error', compliant: 'false', found: '' });
  });

  it('comments the error summary when the action comments, so no earlier comment stands for this run', async () => {
    const api = await github({ comments: { 7: [] } });
    const runner = await ran(rejected(new NetworkError('GET /x', 'ECONNREFUSED')), {
      read: (reader, cwd) => ({
        runner: readRunner({ ...reader.env, GITHUB_API_URL: api.url, GITHUB_REPOSITORY: 'acme/app' }, cwd),
        summary: true,
        flow: 'backend',
        prComment: PR_7,
      }),
      onError: { commentKey: (inputs) => `probe/${inputs.flow}` },
    });
    const body = api.comments.get(7)?.[0]?.body ?? '';
    expect(plain(body)).toContain('### ⚠️ Could not probe backend');
    expect(plain(body)).toContain('GET /x could not reach the service');
    expect(runner.annotations().at(-1)).toMatch(/^::error::GET \/x could not reach the service/);
  });

  it.each([
    ['after a read', { flow: 'backend', summary: 'false' }, ''],
    ['when the read failed', { flow: 'my flow', summary: 'False' }, ''],
    // The summary switch that is itself the bad input: the summary is written, to say so.
    ['when the switch is the bad input', { flow: 'backend', summary: 'maybe' }, "Invalid input 'summary'"],
  ])('respects summary: false %s', async (_when, inputs, said) => {
    const runner = await ran(rejected(apiError), { inputs });
    if (said === '') expect(runner.summary()).toBe('');
    else expect(plain(runner.summary())).toContain(said);
    expect(runner.outputs().outcome).toBe('error');
    expect(process.exitCode).toBe(1);
  });

  it('keeps the payload of a report that was not delivered, and says where in the failure', async () => {
    const payload = { artifacts: [{ fingerprint: 'a'.repeat(64) }] };
    const cause = new NetworkError('PUT /environments/{org}/{env_name}/report/K8S', 'ECONNREFUSED');
    const runner = await ran(rejected(new UndeliveredError(cause, payload)));
    const path = runner.outputs()['payload-file'];
    expect(path).toBeDefined();
    expect(runner.keptJson(path ?? '')).toEqual(payload);
    expect(resultFile(runner)).toMatchObject({
      outcome: 'error',
      payloadFile: path,
      error: {
        kind: 'undelivered',
        message: expect.stringContaining('The report was not delivered.') as unknown,
      },
    });
    const failure = runner.annotations().at(-1) ?? '';
    expect(failure).toContain('could not reach the service');
    expect(failure).toContain(`Its payload is kept in ${path ?? ''} (output payload-file)`);
    expect(plain(runner.summary())).toContain('see `payload-file` for what would have been sent');
  });

  /** A runner whose RUNNER_TEMP is a file: no folder can be made under it. */
  function unwritableTemp(): InProcessRunner {
    const runner = newRunner();
    writeFileSync(runner.temp, 'not a folder');
    return runner;
  }

  it('a failing result-file write does not hide the failure; the outputs and the summary are still written', async () => {
    const runner = await ran(rejected(apiError), { runner: unwritableTemp() });
    expect(runner.outputs()).toEqual({ outcome: 'error' });
    expect(plain(runner.summary())).toContain("Flow named 'backend' does not exist");
    const lines = runner.annotations();
    expect(lines[0]).toMatch(/^::warning::could not write the result file: .*(EEXIST|ENOTDIR)/);
    expect(lines.at(-1)).toBe(`::error::${apiError.message}`);
    expect(process.exitCode).toBe(1);
  });

  it('a failing write is annotated even when the step has ten warnings of its own', async () => {
    const warnings = Array.from({ length: 10 }, (_, i): Annotation => ({
      level: 'warning',
      message: `w${i}`,
    }));
    const runner = await ran(result({ outcome: 'listed', annotations: warnings }), {
      runner: unwritableTemp(),
    });
    const lines = runner.annotations();
    expect(lines).toHaveLength(MAX_ANNOTATIONS);
    expect(lines[0]).toMatch(/^::warning::could not write the result file: /);
    expect(lines.slice(1)).toEqual(warnings.slice(0, 9).map((w) => `::warning::${w.message}`));
  });

  it('a failing outputs file does not hide the failure either', async () => {
    const runner = newRunner();
    // The runner's output file is gone: @actions/core refuses to write it.
    const missing = join(runner.dir, 'gone', 'output');
    vi.stubEnv('GITHUB_OUTPUT', missing);
    await ran(rejected(apiError), { runner });
    const lines = runner.annotations();
    expect(lines).toContain(`::warning::could not write the outputs: Missing file at path: ${missing}`);
    expect(lines.at(-1)).toBe(`::error::${apiError.message}`);
    expect(plain(runner.summary())).toContain('### ⚠️ Could not probe backend');
    expect(process.exitCode).toBe(1);
  });

  it('a bug in couldNot or describe does not take the error path down', async () => {
    const runner = await ran(rejected(apiError), {
      couldNot: (inputs) => `Could not probe ${(inputs as ProbeInputs).flow.toUpperCase()}`,
      describe: () => {
        throw new Error('describe is broken');
      },
      // The read fails: couldNot gets no inputs and throws.
      inputs: { flow: 'my flow' },
    });
    expect(plain(runner.summary())).toMatch(errorHeading('Could not run probe'));
    expect(resultFile(runner)).toEqual({
      outcome: 'error',
      error: expect.objectContaining({ kind: 'input' }) as unknown,
    });
    expect(runner.annotations().at(-1)).toMatch(/^::error::Invalid input 'flow'/);
  });
});

/**
 * The outage switch: under dry run (the `dry-run` input or COMPLIANCE_DRY_RUN) a failure about anything the service
 * said, or did not say, is a warning; the step still decides, and its summary opens by saying so. A failure about the
 * step's own inputs, what it was given to read, or a bug still fails it. Every gate in-process against the sandbox,
 * under both answer profiles: test/dist/dry-run.test.ts.
 */
describe('the outage switch: dry run', () => {
  /** A gate read with the common inputs (dry-run among them), run as told. */
  function gate(run: () => Promise<StepResult>, inputs: Record<string, string>, variables = {}) {
    const runner = newRunner();
    Object.assign(runner.env, variables);
    return ran(run, {
      runner,
      inputs: { ...CONNECTION, ...inputs },
      read: (reader, cwd) => ({ ...readCommon(reader, cwd), flow: 'backend' }),
    });
  }
  const FAILURE = '1 commit not compliant: abc1234 has no junit attestation.';
  /** A gate that tripped: outcome non-compliant, an error annotation per finding, and the failure. */
  const TRIPPED: Partial<StepResult> = {
    outcome: 'non-compliant',
    outputs: { compliant: false, 'would-fail': true },
    result: { compliant: false },
    annotations: [
      { level: 'error', title: 'Missing attestation', message: 'abc1234 has no junit attestation' },
    ],
    failure: FAILURE,
  };

  it('a tripped gate still decides, but warns instead of failing, and says so first in its summary', async () => {
    const runner = await gate(result(TRIPPED), { 'dry-run': 'true' });
    expect(process.exitCode).toBeUndefined();
    expect(runner.outputs()).toMatchObject({
      outcome: 'non-compliant',
      compliant: 'false',
      'would-fail': 'true',
    });
    expect(runner.annotations()).toEqual([
      `::warning title=Dry run::Not failed (dry run): ${FAILURE}`,
      '::warning title=Missing attestation::abc1234 has no junit attestation',
    ]);
    expect(resultFile(runner)).toMatchObject({
      outcome: 'non-compliant',
      dryRun: { wouldHaveFailed: FAILURE },
    });
  });

  it('is the organisation-wide variable too, and its summary opens with the warning', async () => {
    const summary = new SummaryWriter().heading('Compliance gate', 3);
    const runner = await gate(result({ ...TRIPPED, summary }), {}, { COMPLIANCE_DRY_RUN: 'true' });
    expect(process.exitCode).toBeUndefined();
    expect(runner.summary().split('\n\n')[1]).toBe(
      '> [!WARNING]\n> Dry run is on (dry-run or COMPLIANCE_DRY_RUN): nothing that changes the service is sent, ' +
        `and nothing is gated: this step fails only on its own inputs. Without it, this step would have failed: ${FAILURE}`,
    );
    expect(runner.summary()).toContain('### Compliance gate');
  });

  it('a service that cannot be reached is a warning: outcome error, not a failure', async () => {
    const unreachable = new NetworkError(
      'GET https://compliance.example.test/api/v2/x',
      'connect ECONNREFUSED',
    );
    const runner = await gate(rejected(unreachable), { 'dry-run': 'true' });
    expect(process.exitCode).toBeUndefined();
    expect(runner.outputs().outcome).toBe('error');
    expect(runner.annotations()).toEqual([
      expect.stringMatching(/^::warning title=Dry run::Not failed \(dry run\): .*could not reach/),
    ]);
  });

  it("still fails on the step's own inputs, on what it was given to read, and on a bug", async () => {
    for (const thrown of [
      new InputError('commits', "'x' is not a commit", 'commit SHAs'),
      new SourceError('the pods file', 'cannot be read'),
      new TypeError('a bug'),
    ]) {
      const runner = await gate(rejected(thrown), { 'dry-run': 'true' });
      expect(process.exitCode, thrown.message).toBe(1);
      expect(runner.annotations().at(-1), thrown.message).toMatch(/^::error::/);
      process.exitCode = undefined;
    }
    // A dry-run input that is no boolean is refused too, whatever the step found.
    const refused = await gate(result({}), { 'dry-run': 'maybe' });
    expect(process.exitCode).toBe(1);
    expect(refused.annotations().at(-1)).toMatch(
      /^::error::Invalid input 'dry-run': 'maybe' is not a boolean/,
    );
  });

  it('without it, the same gate fails, and no summary says dry run', async () => {
    const runner = await gate(result(TRIPPED), {});
    expect(process.exitCode).toBe(1);
    expect(runner.annotations().at(-1)).toBe(`::error::${FAILURE}`);
    expect(runner.stdout()).not.toContain('Dry run');
  });
});
