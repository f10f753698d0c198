/**
 * report-artifact: fingerprints an artifact (or takes a given fingerprint), gathers the git and GitHub context the
 * way the official CLI does, and reports it to a flow (POST /artifacts/{org}/{flow}). A dry run sends nothing and
 * keeps the payload; a report that cannot be delivered is kept too (the finisher writes `payload-file`).
 */
import { log } from '../../trust/log.js';
import { validate } from '../../api/validate.js';
import { resolveFingerprint } from '../../runtime/artifact.js';
import { withClient } from '../../runtime/context.js';
import { deliver, reportFailed } from '../../runtime/report.js';
import { defineAction, type StepResult } from '../../runtime/step.js';
import { describeInputs, readInputs, type ReportArtifactInputs } from './inputs.js';
import { gatherPayload } from './payload.js';
import { details, summarize, type ReportArtifactResult } from './summary.js';

export const action = defineAction({
  name: 'report-artifact',
  read: readInputs,
  run,
  couldNot: (inputs) =>
    inputs ? `Could not report the artifact to flow ${inputs.flow}` : 'Could not report the artifact',
  describe: describeInputs,
});

async function run(inputs: ReportArtifactInputs): Promise<StepResult> {
  const { fingerprint, defaultName } = await resolveFingerprint(inputs.artifact);
  // readInputs requires `name` with a given fingerprint, the one case without a default name.
  const filename = inputs.name ?? defaultName ?? '';

  const { body: payload, annotations } = await log.group('Read the git context', () =>
    gatherPayload(inputs, fingerprint, filename),
  );
  // Everything is checked before any request: a bad combination fails here, naming the field.
  const { ReportArtifactBody } = await import('../../api/schemas/report-artifact.js');
  validate(ReportArtifactBody, payload, 'body');
  const trail = payload.trail_name ?? '';
  const gitCommit = payload.git_commit ?? '';

  // What was gathered, for a step that fails after gathering it: nothing is lost, its warnings included.
  const gathered: { result?: ReportArtifactResult } = {};
  try {
    return await withClient(inputs.connection, async (client) => {
      const result: ReportArtifactResult = {
        dryRun: inputs.dryRun,
        flow: inputs.flow,
        url: client.urlFor('reportArtifact', { flow_name: inputs.flow }),
        fingerprint,
        filename,
        trail,
        gitCommit,
        payload,
      };
      gathered.result = result;
      const outputs = { fingerprint, filename, trail, 'git-commit': gitCommit };
      if (inputs.dryRun) {
        log.info(`DRY RUN: would POST ${result.url}`);
        log.block(JSON.stringify(payload, null, 2));
        return {
          outcome: 'dry-run',
          outputs,
          result: { ...result },
          summary: summarize(result),
          annotations,
          payload,
        };
      }
      const response = await log.group(`Report to ${inputs.flow}`, async () => {
        const answer = await deliver(payload, () => client.reportArtifact(inputs.flow, payload));
        log.info(`Reported ${filename} (${fingerprint}) to flow '${inputs.flow}', trail '${trail}'.`);
        return answer;
      });
      const reported = { ...result, response };
      return { outcome: 'reported', outputs, result: reported, summary: summarize(reported), annotations };
    });
  } catch (error) {
    // Whatever fails after the git context was read keeps it and the warnings about it.
    return reportFailed(action, inputs, error, gathered.result, annotations, details);
  }
}
