/**
 * The gate's own inputs, in-process: where the commits come from, the query and the required names, and what a gate
 * that could not check still says (the action's onError). The shared readers are tested in test/context.
 */
import { describe, expect, it } from 'vitest';
import { action } from '../../../src/actions/check-attestations-for-commit/index.js';
import { InputError, NetworkError } from '../../../src/errors/errors.js';
import { errorStep } from '../../../src/runtime/step.js';
import { A, B, env, HEAD, pullRequestEnv, read } from './env.js';

async function inputError(run: () => Promise<unknown>): Promise<InputError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('no InputError');
}

describe('the commits to check', () => {
  it.each([
    [
      'the input, lowercased, each once',
      env({ commits: `${A.toUpperCase()}, ${B}\n${A}` }),
      { kind: 'input', commits: [A, B] },
    ],
    ['GITHUB_SHA on a push', env({}), { kind: 'github-sha', sha: HEAD }],
    [
      'the input over the pull request',
      env({ commits: A }, pullRequestEnv()),
      { kind: 'input', commits: [A] },
    ],
  ])('%s', async (_title, e, source) => {
    expect((await read(e)).source).toEqual(source);
  });

  it("the pull request's, on a pull_request event", async () => {
    expect((await read(env({}, pullRequestEnv()))).source).toMatchObject({
      kind: 'pull-request',
      pullRequest: { owner: 'acme', repo: 'app', number: 7, headSha: HEAD },
    });
  });

  it.each([
    [
      'never the merge commit of a pull_request event whose payload names no pull request',
      { GITHUB_SHA: HEAD, GITHUB_EVENT_NAME: 'pull_request' },
      "is required: this pull_request event's payload does not name the pull request",
    ],
    ['outside GitHub Actions', {}, 'is required outside GitHub Actions (no GITHUB_SHA)'],
    [
      'a GITHUB_SHA that is not a SHA',
      { GITHUB_SHA: 'main' },
      "is required: GITHUB_SHA ('main') is not a commit SHA",
    ],
  ])('asks for commits: %s', async (_title, github, problem) => {
    const error = await inputError(() => read(env({}, github)));
    expect(error.input).toBe('commits');
    expect(error.problem.slice(0, problem.length)).toBe(problem);
  });
});

describe('the query and the required names', () => {
  it('sends only the filters given; required names are one per line and may hold a comma', async () => {
    const inputs = await read(
      env({
        flow: 'backend',
        'attestation-type': 'custom:review',
        required: 'unit-tests\n\n sbom,v2 \nunit-tests',
      }),
    );
    expect(inputs.query).toEqual({ flow_name: 'backend', attestation_type: 'custom:review' });
    expect(inputs.required).toEqual(['unit-tests', 'sbom,v2']);
    expect(inputs.failOnNonCompliant).toBe(true);
    expect((await read(env({}))).query).toEqual({});
  });

  it('refuses a required name the name filter leaves out', async () => {
    const error = await inputError(() =>
      read(env({ 'attestation-name': 'unit-tests', required: 'unit-tests\nsbom' })),
    );
    expect(error.message).toContain(
      "'sbom' can never be found: attestation-name narrows the search to 'unit-tests'",
    );
  });
});

describe('a gate that could not check', () => {
  it('is never compliant, keeps what its inputs said, and updates its own comment', async () => {
    const inputs = await read(
      env({ commits: A, flow: 'backend', 'comment-on-pr': 'true', 'github-token': 'ghs_x' }),
    );
    const step = errorStep(action, inputs, new NetworkError('GET /x', 'refused'));
    expect(step).toMatchObject({
      outcome: 'error',
      outputs: { compliant: false, missing: [], 'non-compliant': [] },
      result: {
        compliant: false,
        from: 'input',
        commits: [{ sha: A }],
        query: { flow_name: 'backend' },
        error: { kind: 'network' },
      },
      comment: { key: 'check-attestations-for-commit/backend' },
    });
    expect(step.comment?.body()).toContain('### ⚠️ Compliance gate could not check');
  });

  it('comments nothing after bad input, and says compliant false even without inputs', () => {
    const step = errorStep(action, undefined, new InputError('commits', 'is required'));
    expect(step.comment).toBeUndefined();
    expect(step.outputs).toMatchObject({ compliant: false });
    expect(step.result).toMatchObject({ compliant: false, error: { kind: 'input' } });
  });
});
