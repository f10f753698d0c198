/**
 * packages/runner/src/workflow.ts on small workflows of scripts (no sandbox): what passes between steps and jobs as on GitHub,
 * and the mistakes and leftovers it must catch.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runWorkflow, type WorkflowOptions, type WorkflowRun } from '@compliance-actions/runner/workflow';

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
