/**
 * report-artifact: fingerprints an artifact (or takes a given fingerprint), gathers the git and GitHub context the
 * way the official CLI does, and reports it to a flow (POST /artifacts/{org}/{flow}). A dry run sends nothing and
 * keeps the payload; a report that cannot be delivered is kept too (the finisher writes `payload-file`).
 */
import { log } from '../../trust/log.js';
import type { ComplianceClient } from '../../api/client.js';
import { validate } from '../../api/validate.js';
import { notFoundOr } from '../../compliance/lookup.js';
import { resolveFingerprint } from '../../runtime/artifact.js';
import { withClient } from '../../runtime/context.js';
import { deliver, reportFailure } from '../../runtime/report.js';
import { defineAction, stepError, type Annotation, type StepResult } from '../../runtime/step.js';
import { describeInputs, readInputs, type ReportArtifactInputs } from './inputs.js';
import { gatherPayload } from './payload.js';
import { details, summarize, type ArtifactPage, type ReportArtifactResult } from './summary.js';

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
      const page = await readBack(client, inputs.flow, fingerprint);
      const reported: ReportArtifactResult = { ...result, response, page };
      return {
        outcome: 'reported',
        outputs: { ...outputs, 'html-url': page.htmlUrl ?? '', state: page.state ?? '' },
        result: { ...reported },
        summary: summarize(reported),
        annotations: [...annotations, ...(page.warning ? [page.warning] : [])],
      };
    });
  } catch (error) {
    // Whatever fails after the git context was read keeps it and the warnings about it.
    throw reportFailure(error, gathered.result, annotations, details);
  }
}

/**
 * The artifact as the service shows it once reported: its page and compliance state (the 201 answer gives neither).
 * The report is done: a read that fails is a warning, never the step's failure, and never a state.
 */
async function readBack(
  client: ComplianceClient,
  flow: string,
  fingerprint: string,
): Promise<ArtifactPage & { warning?: Annotation }> {
  const unread = (why: string) => {
    const message = `Reported, but the artifact could not be read back for its page and state: ${why}`;
    return { htmlUrl: null, state: null, unread: why, warning: { level: 'warning' as const, message } };
  };
  try {
    const found = await notFoundOr(() => client.getReportedArtifact(flow, fingerprint));
    if (found.notFound) return unread('the service answered 404 for it');
    const { html_url: htmlUrl, state } = found.artifact;
    log.info(
      `Its state after the report: ${state ?? 'none given'}${htmlUrl ? `; its page: ${htmlUrl}` : ''}.`,
    );
    return { htmlUrl: htmlUrl ?? null, state: state ?? null };
  } catch (error) {
    return unread(stepError(error).message);
  }
}
