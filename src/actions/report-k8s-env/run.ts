/** report-k8s-env's run: reads the pods once, maps them for each environment and reports each. */
import { log } from '../../trust/log.js';
import { validate } from '../../api/validate.js';
import { isRecord } from '../../api/parse.js';
import type { K8sReportBody } from '../../api/schemas.js';
import { withClient } from '../../runtime/context.js';
import { deliver, reportFailure } from '../../runtime/report.js';
import { stepError, type Annotation, type StepResult } from '../../runtime/step.js';
import { redact } from '../../trust/redact.js';
import { plural } from '../../trust/text.js';
import type { ComplianceClient } from '../../api/client.js';
import { mapBounded } from '../../api/pagination.js';
import type { EnvironmentTarget } from '../../k8s/environments.js';
import { countArtifacts, type PodReport } from '../../k8s/pods.js';
import { readPods } from '../../k8s/source.js';
import { payloadPathFor } from '../../runtime/output.js';
import {
  describeSource,
  ACTION,
  type ReportK8sEnvInputs,
  type EnvironmentOutcome,
  type ReportK8sEnvResult,
} from './inputs.js';
import { countsOf, details, summarize, summarizeMany, warnings } from './render.js';

/** A dry run prints the payload of this many pods at most; a bigger one is only kept in `payload-file`. */
const PRINT_LIMIT = 50;

export async function run(inputs: ReportK8sEnvInputs): Promise<StepResult> {
  const filters = inputs.targets.map((t) => t.filter);
  const reports = await log.group(`Read pods (${describeSource(inputs.source)})`, () =>
    readPods(inputs.source, filters),
  );
  const [target] = inputs.targets;
  const [report] = reports;
  if (inputs.config === undefined && target && report) return reportOne(inputs, target, report);
  return reportMany(inputs, reports);
}

/** One environment (the `environment` input): what is not delivered fails the step and is kept as `payload-file`. */
async function reportOne(inputs: ReportK8sEnvInputs, target: EnvironmentTarget, report: PodReport) {
  const prepared = prepare(target, report);
  const { payload } = prepared;
  const annotations = warnings([prepared], false);

  // What was gathered, for a step that fails after gathering it: nothing is lost, its warnings included.
  const gathered: { result?: ReportK8sEnvResult } = {};
  try {
    return await withClient(inputs.connection, async (client) => {
      const result = resultOf(client, inputs, prepared);
      gathered.result = result;
      if (inputs.dryRun) {
        const dry = await dryRun(payload, result);
        return {
          outcome: 'dry-run',
          outputs: { ...countsOf(dry), message: dry.message },
          result: { ...dry },
          summary: summarize(dry),
          annotations,
          payload,
        };
      }
      const reported = await log.group(`Report environment ${target.name}`, () =>
        send(client, target.name, payload, result),
      );
      return {
        outcome: 'reported',
        // No payload-file: set empty, so a later step reads a defined output.
        outputs: {
          ...countsOf(reported),
          message: reported.message,
          'snapshot-created': reported.snapshot.created,
          'snapshot-id': reported.snapshot.id ?? '',
          'payload-file': '',
        },
        result: { ...reported },
        summary: summarize(reported),
        annotations,
      };
    });
  } catch (error) {
    // Whatever fails after the pods were read keeps it and the warnings about it.
    throw reportFailure(error, gathered.result, annotations, details);
  }
}

/** Many environments, at most 4 reports at once; one that fails keeps its payload and fails the step at the end. */
async function reportMany(inputs: ReportK8sEnvInputs, reports: PodReport[]): Promise<StepResult> {
  const prepared = inputs.targets.map((target, i) => prepare(target, reports[i] as PodReport));
  const environments = await withClient(inputs.connection, (client) =>
    mapBounded(prepared, SEND_CONCURRENCY, async (p): Promise<EnvironmentOutcome> => {
      const result = resultOf(client, inputs, p);
      const kept = () => payloadPathFor(inputs.runner, ACTION, p.target.name);
      try {
        if (inputs.dryRun) {
          return {
            outcome: 'dry-run',
            result: await dryRun(p.payload, result),
            payloadFile: kept(),
            payload: p.payload,
          };
        }
        const reported = await send(client, p.target.name, p.payload, result);
        return { outcome: 'reported', result: reported };
      } catch (error) {
        const why = stepError(error);
        log.info(`${p.target.name}: ${why.message}`);
        return { outcome: 'error', result, error: why, payloadFile: kept(), payload: p.payload };
      }
    }),
  );
  const failed = environments.filter((e) => e.outcome === 'error');
  const n = environments.length;
  return {
    outcome: failed.length > 0 ? 'error' : inputs.dryRun ? 'dry-run' : 'reported',
    outputs: {
      environments: environments.map((e) => ({
        name: e.result.environment,
        outcome: e.outcome,
        ...countsOf(e.result),
        message: e.error?.message ?? e.result.message ?? '',
        'payload-file': e.payloadFile ?? '',
      })),
    },
    result: {
      dryRun: inputs.dryRun,
      config: inputs.config,
      source: describeSource(inputs.source),
      environments: environments.map((e) => ({
        outcome: e.outcome,
        ...e.result,
        ...(e.payloadFile !== undefined && { payloadFile: e.payloadFile }),
        ...(e.error && { error: e.error }),
      })),
    },
    summary: summarizeMany(inputs.dryRun, environments),
    annotations: [
      ...failed.map((e): Annotation => ({
        level: 'error',
        title: `Environment ${e.result.environment} not reported`,
        message: `${e.error?.message ?? 'unknown error'} Its payload is kept in ${e.payloadFile ?? '?'}.`,
      })),
      ...warnings(prepared, true),
    ],
    payloads: environments.flatMap((e) =>
      e.payloadFile !== undefined ? [{ file: e.payloadFile, payload: e.payload }] : [],
    ),
    ...(failed.length > 0 && {
      failure:
        `Could not report ${failed.length} of ${n} ${plural(n, 'environment')}: ` +
        `${failed.map((e) => `${e.result.environment} (${e.error?.message ?? 'unknown error'})`).join('; ')}. ` +
        'Each payload is kept: see payload-file in the environments output.',
    }),
  };
}

/** Environments reported at once: each PUT holds one environment's pods. */
const SEND_CONCURRENCY = 4;

type Prepared = ReturnType<typeof prepare>;

function prepare(target: EnvironmentTarget, report: PodReport) {
  const artifacts = countArtifacts(report);
  log.info(
    `${target.name}: ${report.pods} ${plural(report.pods, 'pod')} read: ${report.artifacts.length} reported, ` +
      `${report.leftOut} left out by phase, ${report.skipped.length} skipped; ` +
      `${artifacts.length} ${plural(artifacts.length, 'artifact')}.`,
  );
  return {
    target,
    report,
    artifacts,
    payload: { artifacts: report.artifacts },
  };
}

function resultOf(client: ComplianceClient, inputs: ReportK8sEnvInputs, p: Prepared): ReportK8sEnvResult {
  return {
    dryRun: inputs.dryRun,
    environment: p.target.name,
    url: client.urlFor('reportK8sEnvironment', { env_name: p.target.name }),
    pods: p.report.pods,
    reported: p.report.artifacts.length,
    leftOut: p.report.leftOut,
    skipped: p.report.skipped,
    artifacts: p.artifacts,
  };
}

/** The client checks a payload before sending; a dry run checks it here, so a slip in the mapping shows. */
async function dryRun(payload: K8sReportBody, result: ReportK8sEnvResult): Promise<ReportK8sEnvResult> {
  const schemas = await import('../../api/schemas/report-k8s-environment.js');
  validate(schemas.K8sReportBody, payload, 'body');
  log.info(`DRY RUN: would PUT ${result.url}`);
  log.block(
    payload.artifacts.length <= PRINT_LIMIT
      ? JSON.stringify(payload, null, 2)
      : `The payload (${payload.artifacts.length} pods) is not printed: it is kept in the file named by payload-file.`,
  );
  return { ...result, message: 'dry run: nothing was sent' };
}

/** Sends one environment's report; what the service answered, scrubbed, and what it made of it. */
async function send(
  client: ComplianceClient,
  environment: string,
  payload: K8sReportBody,
  result: ReportK8sEnvResult,
) {
  const answer = await deliver(payload, () => client.reportK8sEnvironment(environment, payload));
  // The server's text goes to logs, outputs and the summary: scrubbed once, here.
  const message = redact(answer.message);
  log.info(`${environment}: the service answered (HTTP ${answer.status}): ${message || '(no message)'}`);
  return { ...result, message, snapshot: snapshotOf(environment, { ...answer, message }) };
}

/** What the service made of a report: 201 is a new snapshot (200 none), with its id and page where given. */
function snapshotOf(environment: string, answer: { status: number; message: string; body?: unknown }) {
  const named = new RegExp(`(?:^|[^\\w.-])${environment.replace(/[.]/g, '\\.')}#(\\d{1,9})(?!\\d)`).exec(
    answer.message,
  );
  const url =
    isRecord(answer.body) && typeof answer.body.html_url === 'string' ? answer.body.html_url : undefined;
  return {
    created: answer.status === 201,
    ...(named && { id: `${environment}#${named[1] ?? ''}` }),
    ...(url && { url }),
  };
}
