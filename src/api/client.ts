/**
 * The typed client of API v2: one method per operation, validated parameters in, parsed results out.
 */
import type { Dispatcher } from 'undici';
import { z } from 'zod';
import { resolveConfig, type ClientConfig, type ClientOptions } from './config.js';
import { endpointLabel, endpoints, fillPath, type EndpointName } from './endpoints.js';
import { UnexpectedResponseError } from './errors.js';
import { HttpTransport, NonJsonBody } from './http.js';
import { fetchAllPages, mapBounded, readPage, type AllPages, type Page } from './pagination.js';
import { isRecord, parseResponse } from './parse.js';
import type { QueryValue } from './query.js';
import * as s from './schemas.js';
import { formatSnapshotExpression, parseSnapshotExpression } from './snapshot.js';
import { validate } from './validate.js';

/** How many commits go in one `list_attestations_for_criteria` request (keeps the URL well under 8 KiB). */
export const COMMITS_PER_REQUEST = 100;

export interface ReadAllOptions {
  /** Items per page, at most 100. */
  perPage?: number;
  /** Stop after this many items (default 1000). */
  maxItems?: number;
  /** Pages in flight at once after the first (default 4). */
  concurrency?: number;
}

export class ComplianceClient {
  readonly config: ClientConfig;
  private readonly http: HttpTransport;

  /** Throws an InputError for a bad URL, org or token before any connection is made. */
  constructor(options: ClientOptions, dispatcher?: Dispatcher) {
    this.config = resolveConfig(options);
    this.http = new HttpTransport(this.config, dispatcher);
  }

  /** The URL an operation would be sent to, for dry runs and messages. */
  urlFor(
    name: EndpointName,
    params: Record<string, string> = {},
    query?: Record<string, QueryValue>,
  ): string {
    return this.http.url(fillPath(endpoints[name].path, { org: this.config.org, ...params }), query).href;
  }

  /** Sends one operation; a read must answer JSON, a write's answer is taken as it comes (see `writeResult`). */
  private async call(
    name: EndpointName,
    params: Record<string, string>,
    query?: Record<string, QueryValue>,
    body?: unknown,
  ): Promise<unknown> {
    const spec = endpoints[name];
    const response = await this.http.send({
      method: spec.method,
      path: fillPath(spec.path, { org: this.config.org, ...params }),
      ...(query !== undefined && { query }),
      ...(body !== undefined && { body }),
      endpoint: endpointLabel(name),
    });
    if (response.body instanceof NonJsonBody && spec.method === 'GET') {
      throw new UnexpectedResponseError(
        endpointLabel(name),
        '',
        `body is not JSON: ${response.body.text.slice(0, 200)}`,
      );
    }
    return response.body;
  }

  /** GET /attestations/{org}/list_attestations_for_criteria: every requested commit maps to a list (maybe empty). */
  async listAttestationsForCommits(query: s.AttestationsForCommitsQuery): Promise<s.AttestationsByCommit> {
    const q = validate(s.AttestationsForCommitsQuery, query, 'query');
    const commits = [...new Set(q.commit_list)];
    const chunks: string[][] = [];
    for (let i = 0; i < commits.length; i += COMMITS_PER_REQUEST) {
      chunks.push(commits.slice(i, i + COMMITS_PER_REQUEST));
    }
    const label = endpointLabel('listAttestationsForCommits');
    const parts = await mapBounded(chunks, 4, async (chunk) => {
      const raw = await this.call('listAttestationsForCommits', {}, { ...q, commit_list: chunk });
      // One observed variant wraps the map as {"attestations": {...}}.
      // A SHA can never be the key "attestations", so the two shapes cannot be confused.
      const map = isRecord(raw) && isRecord(raw.attestations) ? raw.attestations : raw;
      return parseResponse(s.AttestationsByCommit, map, label);
    });
    const merged: s.AttestationsByCommit = {};
    for (const commit of commits) merged[commit] = [];
    for (const part of parts) {
      // Every key is read, so a value of the wrong type throws here instead of passing as "no attestations".
      for (const commit of Object.getOwnPropertyNames(part))
        merged[commit] = part[commit] as s.CommitAttestation[];
    }
    return merged;
  }

  /** GET /trails/{org}: one page. */
  async listTrails(query: s.ListTrailsQuery = {}): Promise<Page<s.Trail>> {
    const q = validate(s.ListTrailsQuery, query, 'query');
    const raw = await this.call('listTrails', {}, q);
    return readPage(raw, s.Trail, endpointLabel('listTrails'));
  }

  /** GET /trails/{org}: every page, up to a cap. */
  async listAllTrails(
    query: Omit<s.ListTrailsQuery, 'page' | 'per_page'> = {},
    options: ReadAllOptions = {},
  ): Promise<AllPages<s.Trail>> {
    const opts = readAllOptions(options);
    validate(s.ListTrailsQuery, query, 'query');
    return fetchAllPages((page, per_page) => this.listTrails({ ...query, page, per_page }), opts);
  }

  /** GET /deployments/{org}/{env_name}/{fingerprint} */
  async getDeployment(envName: string, fingerprint: string): Promise<s.Deployment> {
    const env = validate(s.EnvName, envName, 'env_name');
    const fp = validate(s.Fingerprint, fingerprint, 'fingerprint');
    const raw = await this.call('getDeployment', { env_name: env, fingerprint: fp });
    return parseResponse(s.Deployment, raw, endpointLabel('getDeployment'));
  }

  /** POST /artifacts/{org}/{flow_name}: creates or updates the artifact of (flow, fingerprint). */
  async reportArtifact(flowName: string, body: s.ReportArtifactBody): Promise<s.ReportArtifactResult> {
    const flow = validate(s.FlowName, flowName, 'flow_name');
    const payload = validate(s.ReportArtifactBody, body, 'body');
    return writeResult(await this.call('reportArtifact', { flow_name: flow }, undefined, payload));
  }

  /** GET /attestations/{org}/{flow_name}: one page. */
  async listFlowAttestations(
    flowName: string,
    query: s.FlowAttestationsQuery = {},
  ): Promise<Page<s.Attestation>> {
    const flow = validate(s.FlowName, flowName, 'flow_name');
    const q = validate(s.FlowAttestationsQuery, query, 'query');
    const raw = await this.call('listFlowAttestations', { flow_name: flow }, q);
    return readPage(raw, s.Attestation, endpointLabel('listFlowAttestations'));
  }

  /** GET /attestations/{org}/{flow_name}: every page, up to a cap. */
  async listAllFlowAttestations(
    flowName: string,
    query: Omit<s.FlowAttestationsQuery, 'page' | 'per_page'> = {},
    options: ReadAllOptions = {},
  ): Promise<AllPages<s.Attestation>> {
    const opts = readAllOptions(options);
    validate(s.FlowName, flowName, 'flow_name');
    validate(s.FlowAttestationsQuery, query, 'query');
    return fetchAllPages(
      (page, per_page) => this.listFlowAttestations(flowName, { ...query, page, per_page }),
      opts,
    );
  }

  /** GET /artifacts/{org}/{flow_name}/fingerprint/{fingerprint} */
  async getArtifact(
    flowName: string,
    fingerprint: string,
    query: s.GetArtifactQuery = {},
  ): Promise<s.Artifact> {
    const flow = validate(s.FlowName, flowName, 'flow_name');
    const fp = validate(s.Fingerprint, fingerprint, 'fingerprint');
    const q = validate(s.GetArtifactQuery, query, 'query');
    const raw = await this.call('getArtifact', { flow_name: flow, fingerprint: fp }, q);
    return parseResponse(s.Artifact, raw, endpointLabel('getArtifact'));
  }

  /** GET /env-diff/{org}: both expressions are checked here, not left to the server. */
  async diffEnvironments(snapshot1: string, snapshot2: string): Promise<s.EnvDiff> {
    const snappish1 = formatSnapshotExpression(parseSnapshotExpression(snapshot1, 'snappish1'));
    const snappish2 = formatSnapshotExpression(parseSnapshotExpression(snapshot2, 'snappish2'));
    const raw = await this.call('diffEnvironments', {}, { snappish1, snappish2 });
    // Every caller needs the four groups: their absence fails now, not on first read.
    return parseResponse(s.EnvDiff, raw, endpointLabel('diffEnvironments'), { required: ENV_DIFF_GROUPS });
  }

  /** PUT /environments/{org}/{env_name}/report/K8S */
  async reportK8sEnvironment(envName: string, body: s.K8sReportBody): Promise<s.K8sReportResult> {
    const env = validate(s.EnvName, envName, 'env_name');
    const payload = validate(s.K8sReportBody, body, 'body');
    return writeResult(await this.call('reportK8sEnvironment', { env_name: env }, undefined, payload));
  }

  /** GET /actions/{org}: a bare array. */
  async listActions(): Promise<s.Action[]> {
    const raw = await this.call('listActions', {});
    if (!Array.isArray(raw))
      throw new UnexpectedResponseError(endpointLabel('listActions'), '', 'expected a list');
    return parseResponse(z.array(s.Action), raw, endpointLabel('listActions'));
  }

  /** Closes kept-alive connections so the process can exit at once. */
  async close(): Promise<void> {
    await this.http.close();
  }
}

function readAllOptions(options: ReadAllOptions) {
  const perPage = validate(s.PerPage, options.perPage ?? s.MAX_PER_PAGE, 'per_page');
  const maxItems = validate(z.number().int().min(1), options.maxItems ?? 1000, 'max-items');
  const concurrency = validate(z.number().int().min(1).max(16), options.concurrency ?? 4, 'concurrency');
  return { perPage, maxItems, concurrency };
}

const ENV_DIFF_GROUPS = ['snappish1', 'snappish2', 'changed', 'not-changed'];

/**
 * The answer to a write that the service accepted (200/201). The report is stored whatever the body looks like, so
 * the body never fails the call: an object is kept, a string becomes the message, anything else is dropped.
 */
function writeResult(raw: unknown): { message?: string; errors?: Record<string, unknown> | null } {
  if (raw instanceof NonJsonBody) return { message: raw.text.slice(0, 200) };
  if (isRecord(raw)) {
    const out: { message?: string; errors?: Record<string, unknown> | null } = { ...raw };
    if (typeof raw.message !== 'string') delete out.message;
    return out;
  }
  if (typeof raw === 'string') return { message: raw };
  return {};
}
