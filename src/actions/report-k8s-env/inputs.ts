/** report-k8s-env's inputs: the environment, where the pods come from, and which namespaces count. */
import { resolve } from 'node:path';
import * as z from 'zod/mini';
import { InputError } from '../../errors/errors.js';
import type { InputReader } from '../../context/inputs.js';
import { readRegexList } from '../../context/pattern.js';
import type { EnvironmentTarget } from '../../k8s/environments.js';
import { NAMESPACE_NAME, type NamespaceFilter, type ArtifactCount, type SkippedPod } from '../../k8s/pods.js';
import type { PodSource } from '../../k8s/source.js';
import { expectedForms } from '../../api/schemas/common.js';
import { readCommon } from '../../runtime/context.js';
import type { StepError } from '../../runtime/step.js';

/** The action's name, which the path of each kept payload carries (`payloadPathFor`). */
export const ACTION = 'report-k8s-env';

/** What the service made of a report: a new snapshot or not, its id and page. Only shown, never decided on. */
export interface SnapshotMade {
  /** Whether the report made a new snapshot: 201, or 200 (the spec's "processed, no new snapshot"). */
  created: boolean;
  /** `<env>#<N>`: the new snapshot, or the latest one when none was made; where the message names it. */
  id?: string;
  /** The snapshot's page, where the answer gives one (`html_url`). */
  url?: string;
}

export interface ReportK8sEnvResult {
  dryRun: boolean;
  environment: string;
  url: string;
  pods: number;
  /** Pods in the report (Running or Failed, mapped). */
  reported: number;
  /** Pods left out by phase (Pending, Succeeded, Unknown). */
  leftOut: number;
  skipped: SkippedPod[];
  artifacts: ArtifactCount[];
  /** The service's answer (scrubbed); says why there is none in a dry run; absent when it was not delivered. */
  message?: string;
  /** What the service made of the report; absent when it was not delivered. */
  snapshot?: SnapshotMade;
}

export interface EnvironmentOutcome {
  outcome: 'reported' | 'dry-run' | 'error';
  result: ReportK8sEnvResult;
  /** Why it could not be reported. */
  error?: StepError;
  /** Where its payload is kept: a dry run, or a report not delivered. */
  payloadFile?: string;
  payload?: unknown;
}

/** A typo would match nothing and report an empty environment: names are checked as Kubernetes checks them. */
const NamespaceName = z.string().check(z.regex(NAMESPACE_NAME));
const NAMESPACE_FORM = 'namespace names (lowercase letters, digits and -, at most 63 characters)';

export async function readInputs(inputs: InputReader, cwd: string) {
  const common = readCommon(inputs, cwd);
  return {
    ...common,
    ...(await readTargets(inputs, common.runner.workspace)),
    source: readSource(inputs, common.runner.workspace),
  };
}

export type ReportK8sEnvInputs = Awaited<ReturnType<typeof readInputs>>;

const SINGLE_INPUTS = [
  'environment',
  'namespaces',
  'namespaces-regex',
  'exclude-namespaces',
  'exclude-namespaces-regex',
] as const;

/** The environments to report: one from the inputs, or many from `config-file` or `environments`. */
async function readTargets(inputs: InputReader, workspace: string) {
  const file = inputs.optional('config-file');
  const inline = inputs.optional('environments');
  if (file !== undefined && inline !== undefined) {
    throw new InputError(
      'config-file',
      'is given together with environments',
      'one of config-file or environments',
    );
  }
  const config = file !== undefined ? 'config-file' : inline !== undefined ? 'environments' : undefined;
  if (config === undefined) return { targets: [await readSingleTarget(inputs)], config };
  const clash = SINGLE_INPUTS.find((name) => inputs.optional(name) !== undefined);
  if (clash !== undefined) {
    throw new InputError(
      config,
      `is given together with ${clash}: with a config, each environment's name and namespaces are in it`,
      `${config} alone, or environment with its namespace inputs`,
    );
  }
  const { readEnvironmentsConfig } = await import('../../k8s/environments.js');
  if (file === undefined) {
    // Untrimmed: blank lines before the YAML would shift every line number an error gives.
    return { targets: await readEnvironmentsConfig(inputs.env.INPUT_ENVIRONMENTS ?? '', config), config };
  }
  const path = resolve(workspace, file);
  const { readYamlFile } = await import('../../context/yaml-file.js');
  return { targets: await readEnvironmentsConfig(readYamlFile(config, path), config, path), config };
}

async function readSingleTarget(inputs: InputReader): Promise<EnvironmentTarget> {
  const name = inputs.matching('environment', 'envName');
  if (name === undefined) {
    throw new InputError(
      'environment',
      'is required',
      `${expectedForms.envName}; or config-file (or environments) for many environments`,
    );
  }
  const include = inputs.checkedList('namespaces', NamespaceName, NAMESPACE_FORM);
  const includeRegex = await readRegexList(inputs, 'namespaces-regex');
  const exclude = inputs.checkedList('exclude-namespaces', NamespaceName, NAMESPACE_FORM);
  const excludeRegex = await readRegexList(inputs, 'exclude-namespaces-regex');
  if ((include.length || includeRegex.length) && (exclude.length || excludeRegex.length)) {
    throw new InputError(
      exclude.length ? 'exclude-namespaces' : 'exclude-namespaces-regex',
      'cannot be combined with namespaces or namespaces-regex',
      'either namespaces to include, or namespaces to exclude',
    );
  }
  return { name, filter: { include, includeRegex, exclude, excludeRegex } };
}

/** A pods file, else a live read with kubectl; the kubectl inputs make no sense with a file. */
function readSource(inputs: InputReader, workspace: string): PodSource {
  const podsFile = inputs.optional('pods-file');
  const kubeconfig = inputs.optional('kubeconfig');
  const context = inputs.optional('kube-context');
  if (podsFile === undefined) {
    return {
      kind: 'kubectl',
      ...(kubeconfig !== undefined && { kubeconfig: resolve(workspace, kubeconfig) }),
      ...(context !== undefined && { context }),
      // kubectl and the credential plugins it runs get the environment, less the inputs and the service token.
      env: Object.fromEntries(
        Object.entries(inputs.env).filter(
          ([key]) => !key.startsWith('INPUT_') && key !== 'COMPLIANCE_API_TOKEN',
        ),
      ),
    };
  }
  const live = kubeconfig !== undefined ? 'kubeconfig' : context !== undefined ? 'kube-context' : undefined;
  if (live !== undefined) {
    throw new InputError(
      live,
      'only applies to a live read, not with pods-file',
      `no ${live}, or no pods-file`,
    );
  }
  return { kind: 'file', path: resolve(workspace, podsFile) };
}

/** Where the pods come from, in words: the log and the result file. */
export function describeSource(source: PodSource): string {
  if (source.kind === 'file') return source.path;
  return `kubectl${source.context ? ` --context ${source.context}` : ''}`;
}

/** What the inputs say, for the result file of a step that could not finish (never kubectl's environment). */
export function describe(inputs: ReportK8sEnvInputs): Record<string, unknown> {
  const namespaces = ({ include, includeRegex, exclude, excludeRegex }: NamespaceFilter) => ({
    ...(include?.length && { include }),
    ...(includeRegex?.length && { includeRegex: includeRegex.map((re) => re.source) }),
    ...(exclude?.length && { exclude }),
    ...(excludeRegex?.length && { excludeRegex: excludeRegex.map((re) => re.source) }),
  });
  const [single] = inputs.targets;
  return {
    dryRun: inputs.dryRun,
    ...(inputs.config === undefined && single
      ? { environment: single.name, namespaces: namespaces(single.filter) }
      : {
          config: inputs.config,
          environments: inputs.targets.map((t) => ({ name: t.name, namespaces: namespaces(t.filter) })),
        }),
    source: describeSource(inputs.source),
  };
}
