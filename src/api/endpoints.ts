// The nine operations of API v2, in one table the client, the sandbox and the OpenAPI document all read. Each
// operation's schemas are a module of their own, loaded when it is called: a step builds only what it calls.
import * as z from 'zod/mini';
import { aboutArtifact, aboutCommits, aboutDeployment, aboutDiff, aboutTrails, type Asked } from './about.js';
import { isRecord } from './parse.js';
import { EnvName, Fingerprint, FlowName, OrgName, ReportAnswer } from './schemas/common.js';

export interface EndpointSchemas {
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  response: z.ZodMiniType;
  /** A list's item, for an answer read as a page of them (`answer: 'page'`). */
  item?: z.ZodMiniType;
}

export interface EndpointSpec {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  summary: string;
  params: Record<string, z.ZodMiniType>;
  /** Success statuses, the usual first (a K8S report: 200 makes no new snapshot, 201 does). */
  statuses: readonly [200] | readonly [201] | readonly [200, 201];
  statusMeanings?: Partial<Record<200 | 201, string>>;
  schemas: () => Promise<EndpointSchemas>;
  /** A GET's answer: by default one `response`; `page` a page of `item`s (pagination.ts); `list` a bare list. */
  answer?: 'page' | 'list';
  /** A variant shape of the answer, taken to the documented one before it is parsed. */
  unwrap?(raw: unknown): unknown;
  /** Throws an UnexpectedResponseError when the answer is about something else than was asked (about.ts). */
  about?(answer: unknown, asked: Asked, endpoint: string): void;
}

const org = OrgName;

// Each row is an EndpointSpec; not `satisfies`, which would widen the loaders' types the client's methods take.
export const endpoints = {
  listAttestationsForCommits: {
    method: 'GET',
    path: '/attestations/{org}/list_attestations_for_criteria',
    summary: 'List attestations matching criteria',
    params: { org },
    statuses: [200],
    schemas: () =>
      import('./schemas/list-attestations-for-commits.js').then((s) => ({
        query: s.AttestationsForCommitsQuery,
        response: s.AttestationsByCommit,
      })),
    // One observed variant wraps the map as {"attestations": {...}}: a SHA is never that key, so none is mistaken.
    unwrap: (raw: unknown) => (isRecord(raw) && isRecord(raw.attestations) ? raw.attestations : raw),
    about: aboutCommits,
  },
  listTrails: {
    method: 'GET',
    path: '/trails/{org}',
    summary: 'List trails for an organization',
    params: { org },
    statuses: [200],
    schemas: () =>
      import('./schemas/list-trails.js').then((s) => ({
        query: s.ListTrailsQuery,
        response: s.ListTrailsResponse,
        item: s.Trail,
      })),
    answer: 'page',
    about: aboutTrails,
  },
  getDeployment: {
    method: 'GET',
    path: '/deployments/{org}/{env_name}/{fingerprint}',
    summary: 'Get a deployment',
    params: { org, env_name: EnvName, fingerprint: Fingerprint },
    statuses: [200],
    schemas: () => import('./schemas/get-deployment.js').then((s) => ({ response: s.Deployment })),
    about: aboutDeployment,
  },
  reportArtifact: {
    method: 'POST',
    path: '/artifacts/{org}/{flow_name}',
    summary: 'Report an artifact',
    params: { org, flow_name: FlowName },
    statuses: [201],
    schemas: () =>
      import('./schemas/report-artifact.js').then((s) => ({
        body: s.ReportArtifactBody,
        response: ReportAnswer,
      })),
  },
  listFlowAttestations: {
    method: 'GET',
    path: '/attestations/{org}/{flow_name}',
    summary: 'List flow attestations',
    params: { org, flow_name: FlowName },
    statuses: [200],
    schemas: () =>
      import('./schemas/list-flow-attestations.js').then((s) => ({
        query: s.FlowAttestationsQuery,
        response: s.FlowAttestationsResponse,
        item: s.Attestation,
      })),
    answer: 'page',
  },
  getArtifact: {
    method: 'GET',
    path: '/artifacts/{org}/{flow_name}/fingerprint/{fingerprint}',
    summary: 'Get artifact by fingerprint',
    params: { org, flow_name: FlowName, fingerprint: Fingerprint },
    statuses: [200],
    schemas: () =>
      import('./schemas/get-artifact.js').then((s) => ({ query: s.GetArtifactQuery, response: s.Artifact })),
    about: aboutArtifact,
  },
  diffEnvironments: {
    method: 'GET',
    path: '/env-diff/{org}',
    summary: 'Get environment diff',
    params: { org },
    statuses: [200],
    schemas: () =>
      import('./schemas/diff-environments.js').then((s) => ({ query: s.EnvDiffQuery, response: s.EnvDiff })),
    about: aboutDiff,
  },
  reportK8sEnvironment: {
    method: 'PUT',
    path: '/environments/{org}/{env_name}/report/K8S',
    summary: 'Report a K8S environment',
    params: { org, env_name: EnvName },
    statuses: [200, 201],
    statusMeanings: {
      200: 'Processed; no new snapshot was made (the case the spec documents)',
      201: 'Processed; a new snapshot was made',
    },
    schemas: () =>
      import('./schemas/report-k8s-environment.js').then((s) => ({
        body: s.K8sReportBody,
        response: ReportAnswer,
      })),
  },
  listActions: {
    method: 'GET',
    path: '/actions/{org}',
    summary: 'List actions',
    params: { org },
    statuses: [200],
    schemas: () => import('./schemas/list-actions.js').then((s) => ({ response: s.ListActionsResponse })),
    answer: 'list',
  },
} as const;

export type EndpointName = keyof typeof endpoints;

/** `GET /trails/{org}`: how messages name an operation. */
export function endpointLabel(name: EndpointName): string {
  const e = endpoints[name];
  return `${e.method} ${e.path}`;
}

export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`missing path parameter ${key}`);
    return encodeURIComponent(value);
  });
}
