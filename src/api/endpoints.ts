/**
 * The nine operations of API v2: method, path template and schemas, in one table that the client, the sandbox and
 * the OpenAPI document all read.
 */
import * as z from 'zod/mini';
import * as s from './schemas.js';

export interface EndpointSpec {
  method: 'GET' | 'POST' | 'PUT';
  /** Path template below `/api/v2`, with `{name}` parameters. */
  path: string;
  summary: string;
  params: Record<string, z.ZodMiniType>;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /** Success status: 200, or 201 for the artifact report. */
  status: 200 | 201;
  response: z.ZodMiniType;
}

const org = s.OrgName;

export const endpoints = {
  listAttestationsForCommits: {
    method: 'GET',
    path: '/attestations/{org}/list_attestations_for_criteria',
    summary: 'List attestations matching criteria',
    params: { org },
    query: s.AttestationsForCommitsQuery,
    status: 200,
    response: s.AttestationsByCommit,
  },
  listTrails: {
    method: 'GET',
    path: '/trails/{org}',
    summary: 'List trails for an organization',
    params: { org },
    query: s.ListTrailsQuery,
    status: 200,
    response: z.union([
      z.array(s.Trail),
      z.looseObject({ data: z.array(s.Trail), pagination: z.optional(s.Pagination) }),
    ]),
  },
  getDeployment: {
    method: 'GET',
    path: '/deployments/{org}/{env_name}/{fingerprint}',
    summary: 'Get a deployment',
    params: { org, env_name: s.EnvName, fingerprint: s.Fingerprint },
    status: 200,
    response: s.Deployment,
  },
  reportArtifact: {
    method: 'POST',
    path: '/artifacts/{org}/{flow_name}',
    summary: 'Report an artifact',
    params: { org, flow_name: s.FlowName },
    body: s.ReportArtifactBody,
    status: 201,
    response: s.ReportArtifactResult,
  },
  listFlowAttestations: {
    method: 'GET',
    path: '/attestations/{org}/{flow_name}',
    summary: 'List flow attestations',
    params: { org, flow_name: s.FlowName },
    query: s.FlowAttestationsQuery,
    status: 200,
    response: z.looseObject({ data: z.array(s.Attestation), pagination: z.optional(s.Pagination) }),
  },
  getArtifact: {
    method: 'GET',
    path: '/artifacts/{org}/{flow_name}/fingerprint/{fingerprint}',
    summary: 'Get artifact by fingerprint',
    params: { org, flow_name: s.FlowName, fingerprint: s.Fingerprint },
    query: s.GetArtifactQuery,
    status: 200,
    response: s.Artifact,
  },
  diffEnvironments: {
    method: 'GET',
    path: '/env-diff/{org}',
    summary: 'Get environment diff',
    params: { org },
    query: s.EnvDiffQuery,
    status: 200,
    response: s.EnvDiff,
  },
  reportK8sEnvironment: {
    method: 'PUT',
    path: '/environments/{org}/{env_name}/report/K8S',
    summary: 'Report a K8S environment',
    params: { org, env_name: s.EnvName },
    body: s.K8sReportBody,
    status: 200,
    response: s.K8sReportResult,
  },
  listActions: {
    method: 'GET',
    path: '/actions/{org}',
    summary: 'List actions',
    params: { org },
    status: 200,
    response: z.array(s.Action),
  },
} as const satisfies Record<string, EndpointSpec>;

export type EndpointName = keyof typeof endpoints;

/** `GET /trails/{org}`: how messages name an operation. */
export function endpointLabel(name: EndpointName): string {
  const e = endpoints[name];
  return `${e.method} ${e.path}`;
}

/** Fills a path template, percent-escaping each parameter. */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`missing path parameter ${key}`);
    return encodeURIComponent(value);
  });
}
