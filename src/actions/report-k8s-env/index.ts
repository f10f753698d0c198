/**
 * report-k8s-env: reads the pods of a cluster (a saved `kubectl get pods -o json`, or live through `kubectl`), maps
 * them as the reference says, and reports the environment (PUT /environments/{org}/{env}/report/K8S). A pod that
 * cannot be mapped is skipped, warned about and counted. A dry run sends nothing and keeps the payload; a report
 * that cannot be delivered is kept too (the finisher writes `payload-file`).
 */
import { log } from '../../trust/log.js';
import { validate } from '../../api/validate.js';
import type { K8sReportBody } from '../../api/schemas.js';
import { withClient } from '../../runtime/context.js';
import { deliver, reportFailed } from '../../runtime/report.js';
import { defineAction, type StepResult } from '../../runtime/step.js';
import { redact } from '../../trust/redact.js';
import { describeInputs, describeSource, readInputs, type ReportK8sEnvInputs } from './inputs.js';
import { countArtifacts, readPods } from './pods.js';
import { snapshotOf } from './snapshot.js';
import { details, summarize, warnings, type ReportK8sEnvResult } from './summary.js';

/** A dry run prints the payload of this many pods at most; a bigger one is only kept in `payload-file`. */
const PRINT_LIMIT = 50;

export const action = defineAction({
  name: 'report-k8s-env',
  read: readInputs,
  run,
  couldNot: (inputs) =>
    inputs ? `Could not report environment ${inputs.environment}` : 'Could not report the environment',
  describe: describeInputs,
});

async function run(inputs: ReportK8sEnvInputs): Promise<StepResult> {
  const report = await log.group(`Read pods (${describeSource(inputs.source)})`, () =>
    readPods(inputs.source, inputs.filter),
  );
  const artifacts = countArtifacts(report);
  log.info(
    `${report.pods} pod(s) read: ${report.artifacts.length} reported, ${report.leftOut} left out by phase, ` +
      `${report.skipped.length} skipped; ${artifacts.length} artifact(s).`,
  );
  const annotations = warnings(inputs.filter, report);
  const payload: K8sReportBody = { artifacts: report.artifacts };

  // What was gathered, for a step that fails after gathering it: nothing is lost, its warnings included.
  const gathered: { result?: ReportK8sEnvResult } = {};
  try {
    return await withClient(inputs.connection, async (client) => {
      const result: ReportK8sEnvResult = {
        dryRun: inputs.dryRun,
        environment: inputs.environment,
        url: client.urlFor('reportK8sEnvironment', { env_name: inputs.environment }),
        pods: report.pods,
        reported: report.artifacts.length,
        leftOut: report.leftOut,
        skipped: report.skipped,
        artifacts,
      };
      gathered.result = result;
      const counts = {
        pods: report.pods,
        artifacts: new Set(artifacts.map((a) => a.fingerprint)).size,
        skipped: report.skipped.length,
      };
      if (inputs.dryRun) {
        // The client checks the payload before sending; a dry run checks it here, so a slip in the mapping shows.
        const schemas = await import('../../api/schemas/report-k8s-environment.js');
        validate(schemas.K8sReportBody, payload, 'body');
        log.info(`DRY RUN: would PUT ${result.url}`);
        log.block(
          payload.artifacts.length <= PRINT_LIMIT
            ? JSON.stringify(payload, null, 2)
            : `The payload (${payload.artifacts.length} pods) is not printed: it is kept in the file named by the payload-file output.`,
        );
        const dry = { ...result, message: 'dry run: nothing was sent' };
        return {
          outcome: 'dry-run',
          outputs: { ...counts, message: dry.message },
          result: { ...dry },
          summary: summarize(dry),
          annotations,
          payload,
        };
      }
      const answer = await log.group(`Report environment ${inputs.environment}`, () =>
        deliver(payload, () => client.reportK8sEnvironment(inputs.environment, payload)),
      );
      // The server's text goes to logs, outputs and the summary: scrubbed once, here.
      const message = redact(answer.message);
      log.info(`The service answered (HTTP ${answer.status}): ${message || '(no message)'}`);
      const snapshot = snapshotOf(inputs.environment, { ...answer, message });
      const reported = { ...result, message, snapshot };
      return {
        outcome: 'reported',
        // No payload-file: set empty, so a later step reads a defined output.
        outputs: {
          ...counts,
          message,
          'snapshot-created': snapshot.created,
          'snapshot-id': snapshot.id ?? '',
          'payload-file': '',
        },
        result: { ...reported },
        summary: summarize(reported),
        annotations,
      };
    });
  } catch (error) {
    // Whatever fails after the pods were read keeps it and the warnings about it.
    return reportFailed(action, inputs, error, gathered.result, annotations, details);
  }
}
