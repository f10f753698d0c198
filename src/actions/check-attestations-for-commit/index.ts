/**
 * check-attestations-for-commit: the pull-request gate. Reads the commits and their attestations (read.ts), decides
 * per commit and required attestation name compliant, non-compliant or missing (decide.ts), and renders the verdict
 * (render.ts). A tripped gate fails the step with `outcome: non-compliant`; a gate that could not check fails with
 * `outcome: error` (the lifecycle's error path), so the two are told apart.
 */
import { withClient } from '../../runtime/context.js';
import { defineAction, GatheredFailure, type StepResult } from '../../runtime/step.js';
import { log } from '../../trust/log.js';
import { decide } from './decide.js';
import { readAttestations, readCommits, readInputs, withTitles, type GateInputs } from './read.js';
import { ACTION, commentKey, COULD_NOT_CHECK, render } from './render.js';

async function run(inputs: GateInputs): Promise<StepResult> {
  // The client first: it is closed however the step ends, and nothing is asked of GitHub before it exists.
  return withClient(inputs.connection, async (client) => {
    const read = await readCommits(inputs);
    let found;
    try {
      found = await readAttestations(client, read.commits, inputs.query);
    } catch (error) {
      // What was read stays: the commits in the result file, and the note (only the head checked) as a warning.
      const { commits, from, pullRequest, note } = read;
      throw new GatheredFailure(error, {
        result: { commits, from, pullRequest, note },
        ...(note !== undefined && {
          details: (summary) => summary.paragraph(note),
          annotations: [{ level: 'warning', message: note }],
        }),
      });
    }
    const commits = withTitles(read.commits, found);
    const decision = decide(
      commits.map((c) => c.sha),
      found,
      inputs.required,
    );
    if (decision.compliant) log.info(`Compliance gate passed: ${commits.length} commit(s) checked.`);
    return render(inputs, { ...read, commits }, decision);
  });
}

/** What the inputs say, for the result file of a gate that could not check. */
function describe(inputs: GateInputs): Record<string, unknown> {
  const { source } = inputs;
  return {
    from: source.kind,
    commits:
      source.kind === 'input'
        ? source.commits.map((sha) => ({ sha }))
        : source.kind === 'github-sha'
          ? [{ sha: source.sha }]
          : [],
    pullRequest: source.kind === 'pull-request' ? source.pullRequest.number : undefined,
    query: inputs.query,
    required: inputs.required,
    failOnNonCompliant: inputs.failOnNonCompliant,
  };
}

export const action = defineAction({
  name: ACTION,
  read: readInputs,
  run,
  couldNot: () => 'Compliance gate could not check',
  describe,
  onError: { ...COULD_NOT_CHECK, commentKey },
});
