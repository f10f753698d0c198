/**
 * report-k8s-env: reads the pods of a cluster (a saved `kubectl get pods -o json`, or live through `kubectl`), maps
 * them as the reference says, and reports the environment (PUT /environments/{org}/{env}/report/K8S). A pod that
 * cannot be mapped is skipped, warned about and counted; a report that cannot be delivered is kept in a file.
 */
import { log } from '../../trust/log.js';
import { readRegexList } from '../../context/pattern.js';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { InputError, SourceError, validate } from '../../api/index.js';
import { K8sReportBody } from '../../api/schemas.js';
import type { Env, InputReader } from '../../context/inputs.js';
import { readPodsWithKubectl } from '../../k8s/kubectl.js';
import {
  mapPods,
  NAMESPACE_NAME,
  type NamespaceFilter,
  type PodReport,
  type SkippedPod,
} from '../../k8s/pods.js';
import { PodStreamError, streamItems } from '../../k8s/stream.js';
import { readCommon, withClient, type CommonInputs } from '../../runtime/context.js';
import { deliver, keepPayload, setOutputs, writeResultFile } from '../../runtime/legacy-output.js';
import { SummaryWriter } from '../../summary/writer.js';
import { redact } from '../../trust/redact.js';

const ACTION = 'report-k8s-env';
/** Annotations past ten per step are dropped by GitHub: the rest are counted and listed in the summary. */
const MAX_WARNINGS = 10;
/** A dry run prints the payload of this many pods at most; a bigger one is only kept in `payload-file`. */
const PRINT_LIMIT = 50;
const KUBECTL_REQUEST_TIMEOUT = '60s';

export type PodSource =
  { kind: 'file'; path: string } | { kind: 'kubectl'; kubeconfig?: string; context?: string; env: Env };

export interface ReportK8sEnvInputs extends CommonInputs {
  environment: string;
  source: PodSource;
  filter: NamespaceFilter;
  dryRun: boolean;
}

export function readInputs(inputs: InputReader, cwd: string): ReportK8sEnvInputs {
  const common = readCommon(inputs, cwd);
  const environment = inputs.requiredMatching('environment', 'envName');
  const filter: NamespaceFilter = {
    include: namespaceNames(inputs, 'namespaces'),
    includeRegex: readRegexList(inputs, 'namespaces-regex'),
    exclude: namespaceNames(inputs, 'exclude-namespaces'),
    excludeRegex: readRegexList(inputs, 'exclude-namespaces-regex'),
  };
  const including = filter.include?.length || filter.includeRegex?.length;
  const excluding = filter.exclude?.length || filter.excludeRegex?.length;
  if (including && excluding) {
    throw new InputError(
      filter.exclude?.length ? 'exclude-namespaces' : 'exclude-namespaces-regex',
      'cannot be combined with namespaces or namespaces-regex',
      'either namespaces to include, or namespaces to exclude',
    );
  }
  const podsFile = inputs.optional('pods-file');
  const kubeconfig = inputs.optional('kubeconfig');
  const context = inputs.optional('kube-context');
  let source: PodSource;
  if (podsFile !== undefined) {
    for (const [name, value] of [
      ['kubeconfig', kubeconfig],
      ['kube-context', context],
    ] as const) {
      if (value !== undefined) {
        throw new InputError(
          name,
          'only applies to a live read, not with pods-file',
          `no ${name}, or no pods-file`,
        );
      }
    }
    source = { kind: 'file', path: resolve(common.runner.workspace, podsFile) };
  } else {
    source = {
      kind: 'kubectl',
      ...(kubeconfig !== undefined && { kubeconfig: resolve(common.runner.workspace, kubeconfig) }),
      ...(context !== undefined && { context }),
      env: kubectlEnv(inputs.env),
    };
  }
  return {
    ...common,
    environment,
    source,
    filter,
    dryRun: inputs.boolean('dry-run', false, 'COMPLIANCE_DRY_RUN'),
  };
}

/** A typo would match nothing and report an empty environment: names are checked as Kubernetes checks them. */
function namespaceNames(inputs: InputReader, name: string): string[] {
  const list = inputs.list(name);
  for (const ns of list) {
    if (!NAMESPACE_NAME.test(ns)) {
      throw new InputError(
        name,
        `'${ns}' is not a namespace name`,
        'lowercase letters, digits and -, at most 63 characters',
      );
    }
  }
  return list;
}

/** kubectl and the credential plugins it runs get the environment, less the inputs and the service token. */
function kubectlEnv(env: Env): Env {
  return Object.fromEntries(
    Object.entries(env).filter(([key]) => !key.startsWith('INPUT_') && key !== 'COMPLIANCE_API_TOKEN'),
  );
}

export interface ArtifactCount {
  image: string;
  fingerprint: string;
  pods: number;
}

export interface ReportK8sEnvResult {
  dryRun: boolean;
  environment: string;
  url: string;
  /** Pods read (after namespace filtering). */
  pods: number;
  /** Pods in the report (Running or Failed, mapped). */
  reported: number;
  /** Pods left out by phase (Pending, Succeeded, Unknown). */
  leftOut: number;
  skipped: SkippedPod[];
  artifacts: ArtifactCount[];
  message: string;
  payloadFile?: string;
}

export async function run(inputs: ReportK8sEnvInputs): Promise<ReportK8sEnvResult> {
  const report = await log.group(`Read pods (${describe(inputs.source)})`, () => readPods(inputs));
  const artifacts = countArtifacts(report);
  log.info(
    `${report.pods} pod(s) read: ${report.artifacts.length} reported, ${report.leftOut} left out by phase, ` +
      `${report.skipped.length} skipped; ${artifacts.length} artifact(s).`,
  );
  warnSkipped(report.skipped);
  const payload: K8sReportBody = { artifacts: report.artifacts };
  warnEmptyNamespaces(inputs.filter, report);

  return withClient(inputs.connection, async (client) => {
    const target = client.urlFor('reportK8sEnvironment', { env_name: inputs.environment });
    let message: string;
    let payloadFile: string | undefined;
    if (inputs.dryRun) {
      // The client checks the payload before sending; a dry run checks it here, so a slip in the mapping shows.
      validate(K8sReportBody, payload, 'body');
      payloadFile = await keepPayload(inputs.runner, ACTION, payload);
      log.info(`DRY RUN: would PUT ${target}`);
      log.block(
        payload.artifacts.length <= PRINT_LIMIT
          ? JSON.stringify(payload, null, 2)
          : `The payload (${payload.artifacts.length} pods) is kept in ${payloadFile}.`,
      );
      message = 'dry run: nothing was sent';
    } else {
      const answer = await log.group(`Report environment ${inputs.environment}`, () =>
        deliver(inputs.runner, ACTION, payload, () =>
          client.reportK8sEnvironment(inputs.environment, payload),
        ),
      );
      // The server's text goes to logs, outputs and the summary: scrubbed once, here.
      message = redact(answer.message);
      log.info(`The service answered: ${message || '(no message)'}`);
    }
    const result: ReportK8sEnvResult = {
      dryRun: inputs.dryRun,
      environment: inputs.environment,
      url: target,
      pods: report.pods,
      reported: report.artifacts.length,
      leftOut: report.leftOut,
      skipped: report.skipped,
      artifacts,
      message,
      ...(payloadFile !== undefined && { payloadFile }),
    };
    setOutputs({
      pods: report.pods,
      artifacts: new Set(artifacts.map((a) => a.fingerprint)).size,
      skipped: report.skipped.length,
      message,
      ...(payloadFile === undefined && { 'payload-file': '' }),
    });
    await writeResultFile(inputs.runner, ACTION, result);
    if (inputs.summary) await summarize(result).write(inputs.runner.summaryFile);
    return result;
  });
}

function describe(source: PodSource): string {
  if (source.kind === 'file') return source.path;
  return `kubectl${source.context ? ` --context ${source.context}` : ''}`;
}

async function readPods(inputs: ReportK8sEnvInputs): Promise<PodReport> {
  const { source, filter } = inputs;
  if (source.kind === 'file') {
    const info = await stat(source.path).catch(() => undefined);
    if (!info?.isFile()) {
      throw new SourceError(
        'pods-file',
        `${source.path} is not a readable file`,
        'Give the output of `kubectl get pods -o json`',
      );
    }
    try {
      return await mapPods(
        streamItems(createReadStream(source.path, { highWaterMark: 1024 * 1024 })),
        filter,
      );
    } catch (error) {
      if (error instanceof PodStreamError) {
        throw new SourceError(
          'pods-file',
          `${source.path} is not the JSON of a pod list: ${error.message}`,
          'Give the output of `kubectl get pods -o json`',
        );
      }
      throw error;
    }
  }
  // Names only: ask for just those namespaces (works with namespace-scoped RBAC); a regex needs them all.
  const onlyNames = (filter.include?.length ?? 0) > 0 && (filter.includeRegex?.length ?? 0) === 0;
  const pods = readPodsWithKubectl({
    ...(onlyNames && { namespaces: filter.include }),
    ...(source.kubeconfig !== undefined && { kubeconfig: source.kubeconfig }),
    ...(source.context !== undefined && { context: source.context }),
    env: source.env,
    // An API server that accepts and never answers would otherwise hold the step until the job's timeout.
    requestTimeout: KUBECTL_REQUEST_TIMEOUT,
  });
  return mapPods(pods, filter);
}

/** One row per (image, fingerprint), with the number of pods running it. */
export function countArtifacts(report: PodReport): ArtifactCount[] {
  const counts = new Map<string, ArtifactCount>();
  for (const entry of report.artifacts) {
    for (const [image, fingerprint] of Object.entries(entry.digests)) {
      const key = `${image}\u0000${fingerprint}`;
      const row = counts.get(key);
      if (row) row.pods++;
      else counts.set(key, { image, fingerprint, pods: 1 });
    }
  }
  return [...counts.values()].sort(
    (a, b) => a.image.localeCompare(b.image) || a.fingerprint.localeCompare(b.fingerprint),
  );
}

/** A named namespace without pods is most often a typo or a missing permission: say so, never silently. */
function warnEmptyNamespaces(filter: NamespaceFilter, report: PodReport): void {
  for (const ns of filter.include ?? []) {
    if (!report.namespaces.has(ns)) log.warning(`Namespace '${ns}' has no pods (or does not exist).`);
  }
}

function warnSkipped(skipped: SkippedPod[]): void {
  for (const pod of skipped.slice(0, MAX_WARNINGS)) {
    log.warning(`Skipped pod ${pod.namespace}/${pod.pod}: ${pod.reason}`);
  }
  if (skipped.length > MAX_WARNINGS) {
    log.warning(
      `${skipped.length - MAX_WARNINGS} more pod(s) were skipped: see the job summary or result-file.`,
    );
  }
}

function summarize(result: ReportK8sEnvResult): SummaryWriter {
  const summary = new SummaryWriter();
  summary.heading(
    result.dryRun
      ? `DRY RUN: environment ${result.environment} not reported`
      : `Environment ${result.environment} reported`,
    3,
  );
  summary.paragraph(
    `${result.pods} pod(s) read: ${result.reported} reported, ${result.leftOut} left out (not Running or Failed), ` +
      `${result.skipped.length} skipped. ${result.dryRun ? `Dry run: nothing was sent to ${result.url}.` : `The service answered: ${result.message || '(no message)'}`}`,
  );
  summary.table(
    ['Image', 'Fingerprint', 'Pods'],
    result.artifacts.map((a) => [a.image, { code: a.fingerprint.slice(0, 12) }, a.pods]),
  );
  if (result.skipped.length > 0) {
    summary.heading(`Skipped pods (${result.skipped.length})`, 4);
    summary.table(
      ['Namespace', 'Pod', 'Reason'],
      result.skipped.map((p) => [p.namespace, p.pod, p.reason]),
    );
  }
  return summary;
}
