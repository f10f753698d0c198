/** report-k8s-env's inputs: the environment, where the pods come from, and which namespaces count. */
import { resolve } from 'node:path';
import * as z from 'zod/mini';
import { InputError } from '../../errors/errors.js';
import type { Env, InputReader } from '../../context/inputs.js';
import { readRegexList } from '../../context/pattern.js';
import { NAMESPACE_NAME, type NamespaceFilter } from '../../k8s/pods.js';
import { readCommon, type CommonInputs } from '../../runtime/context.js';

export type PodSource =
  { kind: 'file'; path: string } | { kind: 'kubectl'; kubeconfig?: string; context?: string; env: Env };

export interface ReportK8sEnvInputs extends CommonInputs {
  environment: string;
  source: PodSource;
  filter: NamespaceFilter;
  dryRun: boolean;
}

/** A typo would match nothing and report an empty environment: names are checked as Kubernetes checks them. */
const NamespaceName = z.string().check(z.regex(NAMESPACE_NAME));
const NAMESPACE_FORM = 'namespace names (lowercase letters, digits and -, at most 63 characters)';

export async function readInputs(inputs: InputReader, cwd: string): Promise<ReportK8sEnvInputs> {
  const common = readCommon(inputs, cwd);
  const environment = inputs.requiredMatching('environment', 'envName');
  const filter: NamespaceFilter = {
    include: inputs.checkedList('namespaces', NamespaceName, NAMESPACE_FORM),
    includeRegex: await readRegexList(inputs, 'namespaces-regex'),
    exclude: inputs.checkedList('exclude-namespaces', NamespaceName, NAMESPACE_FORM),
    excludeRegex: await readRegexList(inputs, 'exclude-namespaces-regex'),
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
  return {
    ...common,
    environment,
    source: readSource(inputs, common.runner.workspace),
    filter,
    dryRun: inputs.boolean('dry-run', false, 'COMPLIANCE_DRY_RUN'),
  };
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
      env: kubectlEnv(inputs.env),
    };
  }
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
  return { kind: 'file', path: resolve(workspace, podsFile) };
}

/** kubectl and the credential plugins it runs get the environment, less the inputs and the service token. */
function kubectlEnv(env: Env): Env {
  return Object.fromEntries(
    Object.entries(env).filter(([key]) => !key.startsWith('INPUT_') && key !== 'COMPLIANCE_API_TOKEN'),
  );
}

/** Where the pods come from, in words: the log and the result file. */
export function describeSource(source: PodSource): string {
  if (source.kind === 'file') return source.path;
  return `kubectl${source.context ? ` --context ${source.context}` : ''}`;
}

/** What the inputs say, for the result file of a step that could not finish (never kubectl's environment). */
export function describeInputs(inputs: ReportK8sEnvInputs): Record<string, unknown> {
  const { include, includeRegex, exclude, excludeRegex } = inputs.filter;
  return {
    dryRun: inputs.dryRun,
    environment: inputs.environment,
    source: describeSource(inputs.source),
    namespaces: {
      ...(include?.length && { include }),
      ...(includeRegex?.length && { includeRegex: includeRegex.map((re) => re.source) }),
      ...(exclude?.length && { exclude }),
      ...(excludeRegex?.length && { excludeRegex: excludeRegex.map((re) => re.source) }),
    },
  };
}
