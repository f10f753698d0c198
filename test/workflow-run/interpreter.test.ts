/**
 * packages/runner/src/workflow.ts on small workflows of scripts (no sandbox): what passes between steps and jobs as on GitHub,
 * and the mistakes and leftovers it must catch.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  runWorkflow,
  WorkflowError,
  type WorkflowOptions,
  type WorkflowRun,
} from '@compliance-actions/runner/workflow';
import { expandMatrix } from '@compliance-actions/runner/matrix';
import { useTempDirs } from '../helpers/git.js';
import { forkOfThisRepository } from './docs-workflows.js';

const SHA = '3dfdaa9cbad35a60632a382f8653df6ef6539d28';

/** A one-job workflow of these steps (YAML lines indented for `steps:`), with workflow-level `env`. */
const workflow = (steps: string, job = '') =>
  `name: t\non: push\nenv:\n  LEVEL: workflow\n  KEPT: workflow\n  REPO: \${{ github.repository }}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n${job}    steps:\n${steps}`;

const run = (content: string, options: Partial<WorkflowOptions> = {}): Promise<WorkflowRun> =>
  runWorkflow({ file: 't.yml', content, github: { GITHUB_SHA: SHA }, ...options });

const outcomes = (r: WorkflowRun) => r.steps.map((s) => `${s.id} ${s.outcome}/${s.conclusion}`);

describe('runWorkflow', () => {
  it('passes env (workflow < job < GITHUB_ENV < step), outputs, PATH and the summary between steps, as GitHub does', async () => {
    const r = await run(
      workflow(
        [
          '      - id: first',
          '        run: |',
          '          echo "LEVEL=exported" >> "$GITHUB_ENV"',
          '          printf "multi<<EOF\\nline 1\\nline 2\\nEOF\\n" >> "$GITHUB_OUTPUT"',
          '          mkdir -p "$RUNNER_TEMP/bin" && printf "#!/bin/sh\\necho from-path\\n" > "$RUNNER_TEMP/bin/tool"',
          '          chmod +x "$RUNNER_TEMP/bin/tool" && echo "$RUNNER_TEMP/bin" >> "$GITHUB_PATH"',
          '          echo "## first" >> "$GITHUB_STEP_SUMMARY"',
          '      - id: second',
          '        env:',
          '          STEP: ${{ env.LEVEL }}/${{ steps.first.outputs.multi }}',
          '          KEPT: step',
          '        working-directory: sub',
          '        run: |',
          '          echo "level=$LEVEL" >> "$GITHUB_OUTPUT"',
          '          echo "step=$STEP" >> "$GITHUB_OUTPUT"',
          '          echo "kept=$KEPT job=$JOB tool=$(tool) dir=${PWD#"$GITHUB_WORKSPACE/"}" >> "$GITHUB_OUTPUT"',
          '          echo "sha=${{ github.sha }} os=${{ runner.os }} status=${{ job.status }} repo=$REPO" >> "$GITHUB_OUTPUT"',
        ].join('\n') + '\n',
        '    env:\n      JOB: job\n      LEVEL: job\n    defaults:\n      run:\n        working-directory: .\n',
      ).replace('    steps:\n', '    steps:\n      - run: mkdir sub\n'),
    );
    expect(r.problems).toEqual([]);
    expect(outcomes(r)).toEqual(['__run success/success', 'first success/success', 'second success/success']);
    expect(r.steps[1]?.outputs).toEqual({ multi: 'line 1\nline 2' });
    expect(r.steps[2]?.outputs).toEqual({
      level: 'exported',
      step: 'exported/line 1',
      kept: 'step job=job tool=from-path dir=sub',
      sha: `${SHA} os=Linux status=success repo=acme/app`,
    });
    expect(r.jobs[0]?.summary).toBe('## first\n');
  });

  it('runs `shell: bash` with pipefail and the default shell without, as the runner does', async () => {
    const r = await run(
      workflow(
        '      - id: plain\n        run: false | true\n' +
          '      - id: bash\n        shell: bash\n        continue-on-error: true\n        run: false | true\n' +
          '      - id: after\n        if: steps.bash.outcome == \'failure\' && success()\n        run: "true"\n' +
          '      - id: only-on-failure\n        if: failure()\n        run: "true"\n',
      ),
    );
    expect(outcomes(r)).toEqual([
      'plain success/success',
      'bash failure/success',
      'after success/success',
      'only-on-failure skipped/skipped',
    ]);
    expect(r.conclusion).toBe('success');
  });

  it('fails the step that reads an output a run step did not write, and says so', async () => {
    const r = await run(
      workflow(
        '      - id: a\n        run: echo "x=1" >> "$GITHUB_OUTPUT"\n' +
          '      - id: b\n        run: echo "${{ steps.a.outputs.y }}"\n' +
          '      - id: c\n        if: always()\n        run: echo "${{ steps.a.outputs.x }}"\n',
      ),
    );
    expect(outcomes(r)).toEqual(['a success/success', 'b failure/failure', 'c success/success']);
    expect(r.problems).toEqual([
      "t.yml: step 'b': steps.a.outputs.y: step 'a' ran and wrote no such output (x)",
    ]);
    expect(r.steps[1]?.log).toBe("steps.a.outputs.y: step 'a' ran and wrote no such output (x)");
    expect(r.conclusion).toBe('failure');
  });

  it('fails a step whose GITHUB_OUTPUT holds an unterminated NAME<<EOF, as the runner does', async () => {
    const r = await run(
      workflow(
        '      - id: a\n        run: printf \'notes<<EOF\\nline one\\n\' >> "$GITHUB_OUTPUT"\n' +
          '      - id: b\n        run: "true"\n',
      ),
    );
    expect(outcomes(r)).toEqual(['a failure/failure', 'b skipped/skipped']);
    expect(r.steps[0]?.log).toContain("GITHUB_OUTPUT: Matching delimiter not found 'EOF' (for notes)");
  });

  it('fails an external action with no stub, and runs a stub in its place', async () => {
    const r = await run(
      workflow(
        '      - uses: actions/cache@v4\n        with:\n          path: x\n          key: k\n' +
          '      - id: s\n        if: always()\n        uses: acme/tool@v1\n        with:\n          name: ${{ github.repository }}\n' +
          '      - if: always()\n        run: |\n          test "${{ steps.s.outputs.greeting }}" = hi\n' +
          '          case ":$PATH:" in *":$RUNNER_TOOL_CACHE:"*) ;; *) exit 1 ;; esac\n',
      ),
      {
        stubs: [
          {
            uses: 'acme/tool',
            reason: 'a fixture',
            outputs: ['greeting'],
            apply: ({ with: inputs, toolCache }) => {
              expect(inputs).toEqual({ name: 'acme/app' });
              return { outputs: { greeting: 'hi' }, path: [toolCache] };
            },
          },
          { run: /^never$/, reason: 'unused', outputs: [], apply: () => ({}) },
        ],
      },
    );
    expect(r.steps.map((s) => [s.kind, s.outcome])).toEqual([
      ['action', 'failure'],
      ['stub', 'success'],
      ['run', 'success'],
    ]);
    expect(r.problems).toEqual([
      "t.yml: step '__actions_cache': 'actions/cache@v4' is an external action, which is not fetched here, and no stub stands in for it",
    ]);
  });

  it('refuses a reference to an output a stub does not declare, before running', async () => {
    await expect(
      run(
        workflow(
          '      - id: s\n        uses: acme/tool@v1\n      - run: echo ${{ steps.s.outputs.nope }}\n',
        ),
        {
          stubs: [{ uses: 'acme/tool', reason: 'a fixture', outputs: ['greeting'], apply: () => ({}) }],
        },
      ),
    ).rejects.toThrow(/steps\.s\.outputs\.nope: the stub of 's' declares no output 'nope' \(greeting\)/);
  });

  it('stops what a script leaves in the background at the end of the job, and fails a step whose output it holds', async () => {
    const r = await run(
      workflow(
        '      - id: bg\n        run: |\n          sleep 300 > /dev/null 2>&1 &\n          echo "pid=$!" >> "$GITHUB_OUTPUT"\n' +
          '      - id: holds\n        run: sleep 300 &\n',
      ),
    );
    expect(outcomes(r)).toEqual(['bg success/success', 'holds failure/failure']);
    expect(r.steps[1]?.log).toMatch(/still holds its output .* on the runner the step would not end/);
    const stat = `/proc/${r.steps[0]?.outputs.pid ?? ''}/stat`;
    // Gone, or a zombie where nothing reaps orphans.
    if (existsSync(stat)) expect(readFileSync(stat, 'utf8').split(') ')[1]?.[0]).toBe('Z');
  });

  it('runs jobs in the order of their needs, and skips a job whose needs failed', async () => {
    const r = await run(
      'on: workflow_dispatch\njobs:\n' +
        '  last:\n    needs: [first, broken]\n    runs-on: x\n    steps:\n      - run: "true"\n' +
        '  first:\n    runs-on: x\n    outputs:\n      v: ${{ steps.s.outputs.v }}\n    steps:\n' +
        '      - id: s\n        run: echo "v=${{ inputs.who }}" >> "$GITHUB_OUTPUT"\n' +
        '  second:\n    needs: first\n    runs-on: x\n    steps:\n      - run: test "${{ needs.first.outputs.v }}" = octocat\n' +
        '  broken:\n    runs-on: x\n    steps:\n      - run: exit 3\n',
      { inputs: { who: 'octocat' } },
    );
    expect(r.jobs.map((j) => `${j.id} ${j.result}`)).toEqual([
      'first success',
      'second success',
      'broken failure',
      'last skipped',
    ]);
    expect(r.steps.find((s) => s.job === 'broken')?.log).toContain('Process completed with exit code 3.');
  });
});

describe('runWorkflow, actions from the workspace and from a repository at a ref', () => {
  const { tempDir } = useTempDirs();
  /** What this repository's bundle says when a step runs it with no connection. */
  const REAL_BUNDLE = "::error::Invalid input 'api-token': is required";
  const AFTER_V0 = '::error::list-actions: the bundle of the commit after v0';
  const logOf = (r: WorkflowRun, id: string) => r.steps.find((s) => s.id === id)?.log ?? '';

  it('runs an action an earlier step put in the workspace, from its own folder, and checks its outputs then', async () => {
    const files = tempDir('local-action-');
    const put = (path: string, text: string) => {
      mkdirSync(join(files, path, '..'), { recursive: true });
      writeFileSync(join(files, path), text);
    };
    put(
      'greet/action.yml',
      "name: greet\ndescription: d\ninputs:\n  who:\n    description: d\noutputs:\n  greeting:\n    description: d\nruns:\n  using: node24\n  main: '../lib/greet.js'\n",
    );
    put(
      'lib/greet.js',
      "import { appendFileSync } from 'node:fs';\nappendFileSync(process.env.GITHUB_OUTPUT, `greeting=hello ${process.env.INPUT_WHO}\\n`);\n",
    );
    put('lib/package.json', '{ "type": "module" }\n');
    put('steps/action.yml', 'name: steps\ndescription: d\nruns:\n  using: composite\n  steps: []\n');
    put(
      'post/action.yml',
      "name: post\ndescription: d\nruns:\n  using: node24\n  main: '../lib/greet.js'\n  post: '../lib/greet.js'\n",
    );
    const r = await run(
      workflow(
        [
          '      - id: early',
          '        continue-on-error: true',
          '        uses: ./tools/greet',
          `      - run: mkdir tools && cp -r '${files}/.' tools/`,
          '      - id: greet',
          '        uses: ./tools/greet',
          '        with:',
          '          who: octocat',
          '      - id: check',
          '        run: test "${{ steps.greet.outputs.greeting }}" = "hello octocat"',
          ...['composite ./tools/steps', 'post ./tools/post', 'outside ./../outside'].flatMap((step) => {
            const [id, uses] = step.split(' ');
            return [`      - id: ${id}`, '        continue-on-error: true', `        uses: ${uses}`];
          }),
          '      - id: undeclared',
          '        run: echo "${{ steps.greet.outputs.nope }}"',
        ].join('\n') + '\n',
      ),
    );
    expect(outcomes(r)).toEqual([
      'early failure/success',
      '__run success/success',
      'greet success/success',
      'check success/success',
      'composite failure/success',
      'post failure/success',
      'outside failure/success',
      'undeclared failure/failure',
    ]);
    expect(r.steps[2]?.outputs).toEqual({ greeting: 'hello octocat' });
    // Why each action the runner cannot run failed its step.
    const logs = ['early', 'composite', 'post', 'outside', 'undeclared'].map((id) => [id, logOf(r, id)]);
    expect(Object.fromEntries(logs)).toEqual({
      early: expect.stringMatching(
        /^Can't find 'action\.yml', 'action\.yaml' or 'Dockerfile' under '\/.*\/work\/tools\/greet'\. Did you forget to run actions\/checkout before running your local action\?$/,
      ) as unknown,
      composite:
        "'./tools/steps': runs.using 'composite' is not run here, only a node action (node20, node24)",
      post: "'./tools/post': its pre or post script is not run here",
      outside: "'./../outside' is outside the workspace: a local action is a path in it",
      undeclared: "steps.greet.outputs.nope: ./tools/greet/action.yml declares no output 'nope' (greeting)",
    });
    expect(r.problems).toHaveLength(5);
  });

  it('runs the bundle of the commit asked: of a copy of this repository checked out in the workspace, and of owner/repo/path@ref fetched from the repository standing in for it (a tag, a full SHA or a branch)', async () => {
    const fork = tempDir('fork-');
    const { tagged, after } = forkOfThisRepository(fork);
    const step = (id: string, uses: string) =>
      `      - id: ${id}\n        continue-on-error: true\n        uses: ${uses}\n`;
    const copy = (id: string) => step(id, './.compliance-actions/actions/list-actions');
    const fetched = (id: string, ref: string, repo = 'you/compliance-actions') =>
      step(id, `${repo}/actions/list-actions@${ref}`);
    const r = await run(
      workflow(
        `      - run: git clone -q --shared '${fork}' .compliance-actions\n` +
          copy('copy-after') +
          '      - run: git -C .compliance-actions checkout -q v0\n' +
          copy('copy-tagged') +
          fetched('tag', 'v0') +
          fetched('sha', tagged) +
          fetched('branch', 'main') +
          fetched('after', after, 'You/Compliance-Actions') +
          '      - run: echo "${{ steps.sha.outputs.failing }}"\n',
      ),
      { repositories: { 'you/compliance-actions': fork } },
    );
    expect(outcomes(r)).toEqual([
      '__run success/success',
      'copy-after failure/success',
      '__run_2 success/success',
      'copy-tagged failure/success',
      'tag failure/success',
      'sha failure/success',
      'branch failure/success',
      'after failure/success',
      '__run_3 success/success',
    ]);
    for (const id of ['copy-tagged', 'tag', 'sha']) {
      expect(logOf(r, id)).toContain(REAL_BUNDLE);
      expect(logOf(r, id)).not.toContain(AFTER_V0);
    }
    for (const id of ['copy-after', 'branch', 'after']) expect(logOf(r, id)).toContain(AFTER_V0);
    expect(r.steps.filter((s) => s.kind === 'action')).toHaveLength(6);
    expect(r.problems).toEqual([]);
  });

  it('refuses, before running, a ref GitHub would not resolve, an action not at that commit, and an output it does not declare', async () => {
    const fork = tempDir('fork-');
    const { tagged } = forkOfThisRepository(fork);
    const refused = (uses: string, after = '') =>
      run(workflow(`      - id: s\n        uses: ${uses}\n${after}`), {
        repositories: { 'you/compliance-actions': fork },
      });
    await expect(
      refused(`you/compliance-actions/actions/list-actions@${tagged.slice(0, 7)}`),
    ).rejects.toThrow(
      new WorkflowError([
        `t.yml (Line: 12, Col: 15): Unable to resolve action \`you/compliance-actions@${tagged.slice(0, 7)}\`, the ` +
          `provided ref \`${tagged.slice(0, 7)}\` is the shortened version of a commit SHA, which is not supported. ` +
          `Please use the full commit SHA \`${tagged}\` instead.`,
      ]),
    );
    await expect(refused(`you/compliance-actions/actions/list-actions@${'0'.repeat(40)}`)).rejects.toThrow(
      `Unable to resolve action \`you/compliance-actions@${'0'.repeat(40)}\`, unable to find version \`${'0'.repeat(40)}\``,
    );
    await expect(refused('you/compliance-actions/actions/nothing-here@v0')).rejects.toThrow(
      `Can't find 'action.yml', 'action.yaml' or 'Dockerfile' for action 'you/compliance-actions/actions/nothing-here@v0' (commit ${tagged}).`,
    );
    await expect(
      refused(
        'you/compliance-actions/actions/list-actions@v0',
        '      - run: echo "${{ steps.s.outputs.nope }}"\n',
      ),
    ).rejects.toThrow(
      /steps\.s\.outputs\.nope: the action\.yml of 'you\/compliance-actions\/actions\/list-actions@v0' declares no output 'nope' \(outcome, /,
    );
  });
});

describe('runWorkflow, a job with a matrix', () => {
  /** A workflow of these jobs (YAML lines indented for `jobs:`). */
  const jobs = (...lines: string[]) => `on: push\njobs:\n${lines.join('\n')}\n`;
  const jobOf = (r: WorkflowRun, id: string) => {
    const found = r.jobs.find((j) => j.id === id);
    if (!found) throw new Error(`no job '${id}' in the run`);
    return found;
  };
  const runsOf = (r: WorkflowRun, id: string) =>
    (jobOf(r, id).runs ?? []).map((m) => `${m.name}: ${m.outcome}/${m.result}`);

  it("expands GitHub's documented include example: added to the original combinations it does not contradict, else its own", () => {
    const include = [
      { color: 'green' },
      { color: 'pink', animal: 'cat' },
      { fruit: 'apple', shape: 'circle' },
      { fruit: 'banana' },
      { fruit: 'banana', animal: 'cat' },
    ];
    // https://docs.github.com/actions/using-jobs/using-a-matrix-for-your-jobs#example-expanding-configurations
    expect(expandMatrix({ fruit: ['apple', 'pear'], animal: ['cat', 'dog'], include })).toEqual([
      { fruit: 'apple', animal: 'cat', color: 'pink', shape: 'circle' },
      { fruit: 'apple', animal: 'dog', color: 'green', shape: 'circle' },
      { fruit: 'pear', animal: 'cat', color: 'pink' },
      { fruit: 'pear', animal: 'dog', color: 'green' },
      { fruit: 'banana' },
      { fruit: 'banana', animal: 'cat' },
    ]);
  });

  it('runs each combination of a mapping matrix (product, then exclude, then include) in order, with matrix and strategy', async () => {
    const r = await run(
      jobs(
        '  t:',
        '    runs-on: x',
        '    outputs:',
        '      seen: ${{ steps.s.outputs.seen }}',
        '    strategy:',
        '      fail-fast: false',
        '      matrix:',
        '        os: [linux, mac]',
        '        node: [20, 22, 24]',
        '        exclude:',
        '          - os: mac',
        '            node: 20',
        '        include:',
        '          - color: green',
        '          - os: linux',
        '            color: pink',
        '          - os: linux',
        '            node: 22',
        '            extra: { deep: x }',
        '          - os: mac',
        '            node: 20',
        '    steps:',
        '      - id: s',
        '        env:',
        '          EXTRA: ${{ matrix.extra.deep }}',
        '        run: |',
        '          echo "seen=${{ matrix.os }}/${{ matrix.node }}/${{ matrix.color }}/$EXTRA ' +
          '${{ strategy.job-index }}/${{ strategy.job-total }} ${{ strategy.fail-fast }} ${{ strategy.max-parallel }}" >> "$GITHUB_OUTPUT"',
      ),
    );
    expect(r.problems).toEqual([]);
    const t = jobOf(r, 't');
    expect(t.runs?.map((m) => m.matrix)).toEqual([
      { os: 'linux', node: 20, color: 'pink' },
      { os: 'linux', node: 22, color: 'pink', extra: { deep: 'x' } },
      { os: 'linux', node: 24, color: 'pink' },
      { os: 'mac', node: 22, color: 'green' },
      { os: 'mac', node: 24, color: 'green' },
      // Excluded from the product, brought back by an include of its own (include is applied after exclude).
      { os: 'mac', node: 20 },
    ]);
    expect(t.runs?.map((m) => m.steps.map((s) => s.outputs.seen))).toEqual([
      ['linux/20/pink/ 0/6 false 6'],
      ['linux/22/pink/x 1/6 false 6'],
      ['linux/24/pink/ 2/6 false 6'],
      ['mac/22/green/ 3/6 false 6'],
      ['mac/24/green/ 4/6 false 6'],
      ['mac/20// 5/6 false 6'],
    ]);
    // With no `name:`, GitHub's: the job's id and the combination's values.
    expect(runsOf(r, 't')).toEqual([
      't (linux, 20, pink): success/success',
      't (linux, 22, pink, x): success/success',
      't (linux, 24, pink): success/success',
      't (mac, 22, green): success/success',
      't (mac, 24, green): success/success',
      't (mac, 20): success/success',
    ]);
    // Every combination's steps, in order, each with its combination; the job's output from the last one.
    expect(t.steps.map((s) => s.matrix?.os)).toEqual(['linux', 'linux', 'linux', 'mac', 'mac', 'mac']);
    expect(r.steps).toEqual(t.steps);
    expect(t.outputs).toEqual({ seen: 'mac/20// 5/6 false 6' });
    expect(t.result).toBe('success');
  });

  it.each([
    [
      '{"include":[]}',
      /^t\.yml \(Line: 14, Col: 15\): job 'promote': strategy\.matrix: Matrix vector 'include' does not contain any values$/,
    ],
    [
      '["a","b"]',
      /job 'promote': strategy\.matrix: a matrix is a mapping \(vectors, include, exclude\), not a list$/,
    ],
    ['{"os":[]}', /job 'promote': strategy\.matrix: Matrix vector 'os' does not contain any values$/],
    [
      '{"os":["a"],"exclude":[{"os":"a"}]}',
      /job 'promote': strategy\.matrix: the matrix expands to no combination/,
    ],
    ['not json', /job 'promote': error when evaluating 'strategy': /],
  ])(
    'refuses a matrix of %s (one that expands to nothing, or not a matrix), naming the job',
    async (matrix, message) => {
      const error: unknown = await run(
        jobs(
          '  review:',
          '    runs-on: x',
          '    outputs:',
          '      promotions: ${{ steps.s.outputs.promotions }}',
          '    steps:',
          `      - id: s\n        run: echo 'promotions=${matrix}' >> "$GITHUB_OUTPUT"`,
          '  promote:',
          '    needs: review',
          '    runs-on: x',
          '    strategy:',
          '      matrix: ${{ fromJSON(needs.review.outputs.promotions) }}',
          '    steps:',
          '      - run: echo "${{ matrix.name }}"',
        ),
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WorkflowError);
      expect((error as Error).message).toMatch(message);
    },
  );

  it('cancels the combinations after a failed one with fail-fast (the default), runs them all without', async () => {
    const matrix = (strategy: string, job = '') =>
      run(
        jobs(
          '  t:',
          '    runs-on: x',
          job +
            '    strategy:' +
            strategy +
            '\n      matrix:\n        n: [1, 2, 3]\n    steps:\n      - run: test ${{ matrix.n }} != 2',
          '  after:',
          '    needs: t',
          '    if: always()',
          '    runs-on: x',
          '    steps:',
          '      - run: echo "${{ needs.t.result }}"',
        ),
      );
    const fast = await matrix('');
    expect(runsOf(fast, 't')).toEqual([
      't (1): success/success',
      't (2): failure/failure',
      't (3): cancelled/cancelled',
    ]);
    expect(jobOf(fast, 't').runs?.[2]?.steps).toEqual([]);
    expect(fast.steps.filter((s) => s.job === 't').map((s) => s.outcome)).toEqual(['success', 'failure']);
    expect(jobOf(fast, 't').result).toBe('failure');
    expect(jobOf(fast, 'after').steps[0]?.log).toBe('failure\n');
    expect(fast.conclusion).toBe('failure');

    const slow = await matrix('\n      fail-fast: false');
    expect(runsOf(slow, 't')).toEqual([
      't (1): success/success',
      't (2): failure/failure',
      't (3): success/success',
    ]);
    expect(jobOf(slow, 't').result).toBe('failure');
    expect(slow.conclusion).toBe('failure');

    // continue-on-error by combination: its failure neither cancels the others nor fails the job (needs sees success).
    const tolerated = await matrix('', '    continue-on-error: ${{ matrix.n == 2 }}\n');
    expect(runsOf(tolerated, 't')).toEqual([
      't (1): success/success',
      't (2): failure/success',
      't (3): success/success',
    ]);
    expect(jobOf(tolerated, 't').result).toBe('success');
    expect(jobOf(tolerated, 'after').steps[0]?.log).toBe('success\n');
    expect(tolerated.conclusion).toBe('success');
  });

  it("combines the job's outputs from its combinations: each from the last that set it", async () => {
    const r = await run(
      jobs(
        '  gen:',
        '    runs-on: x',
        '    outputs:',
        '      output_1: ${{ steps.s.outputs.output_1 }}',
        '      output_2: ${{ steps.s.outputs.output_2 }}',
        '      output_3: ${{ steps.s.outputs.output_3 }}',
        '      last: ${{ steps.s.outputs.last }}',
        '      never: ${{ steps.s.outputs.never }}',
        '    strategy:',
        '      matrix:',
        '        version: [1, 2, 3]',
        '    steps:',
        '      - id: s',
        '        run: |',
        '          echo "output_${{ matrix.version }}=v${{ matrix.version }}" >> "$GITHUB_OUTPUT"',
        '          if [ ${{ matrix.version }} != 3 ]; then echo "last=${{ matrix.version }}" >> "$GITHUB_OUTPUT"; fi',
        '  use:',
        '    needs: gen',
        '    runs-on: x',
        '    steps:',
        '      - run: echo "${{ needs.gen.outputs.output_1 }} ${{ needs.gen.outputs.output_3 }} ${{ needs.gen.outputs.last }}"',
      ),
    );
    expect(jobOf(r, 'gen').runs?.map((m) => m.outputs)).toEqual([
      { output_1: 'v1', output_2: '', output_3: '', last: '1', never: '' },
      { output_1: '', output_2: 'v2', output_3: '', last: '2', never: '' },
      { output_1: '', output_2: '', output_3: 'v3', last: '', never: '' },
    ]);
    expect(jobOf(r, 'gen').outputs).toEqual({
      output_1: 'v1',
      output_2: 'v2',
      output_3: 'v3',
      last: '2',
      never: '',
    });
    expect(jobOf(r, 'use').steps[0]?.log).toBe('v1 v3 2\n');
  });
});
