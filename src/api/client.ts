/**
 * The typed client of API v2: one method per operation, validated parameters in, parsed results out.
 */
import * as z from 'zod/mini';
import { resolveConfig, type ClientConfig, type ClientOptions } from './config.js';
import { endpointLabel, endpoints, fillPath, type EndpointName } from './endpoints.js';
import { UnexpectedResponseError } from '../errors/errors.js';
import { cutText, quoteText, quoteValue } from '../trust/text.js';
import { HttpTransport, NonJsonBody, type HttpResponse } from './http.js';
import { fetchAllPages, mapBounded, readPage, type AllPages, type Page } from './pagination.js';
import { isRecord, parseResponse } from './parse.js';
import type { QueryValue } from './query.js';
import type * as s from './schemas.js';
import {
  EnvName,
  Fingerprint,
  FlowName,
  MAX_PER_PAGE,
  OVERRIDE_ATTESTATION_TYPE,
  PerPage,
  ReportAnswer,
} from './schemas/common.js';
import { formatSnapshotExpression, parseSnapshotExpression, type SnapshotExpression } from './snapshot.js';
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
  constructor(options: ClientOptions) {
    this.config = resolveConfig(options);
    this.http = new HttpTransport(this.config);
  }

  /** The URL an operation would be sent to, for dry runs and messages. */
  urlFor(
    name: EndpointName,
    params: Record<string, string> = {},
    query?: Record<string, QueryValue>,
  ): string {
    return this.http.url(fillPath(endpoints[name].path, { org: this.config.org, ...params }), query).href;
  }

  /** Sends one operation and returns the answer as it came (200 or 201: anything else throws). */
  private async send(
    name: EndpointName,
    params: Record<string, string>,
    query?: Record<string, QueryValue>,
    body?: unknown,
  ): Promise<HttpResponse> {
    const spec = endpoints[name];
    return this.http.send({
      method: spec.method,
      path: fillPath(spec.path, { org: this.config.org, ...params }),
      ...(query !== undefined && { query }),
      ...(body !== undefined && { body }),
      endpoint: endpointLabel(name),
    });
  }

  /** Reads one operation: its answer must be JSON. */
  private async call(
    name: EndpointName,
    params: Record<string, string>,
    query?: Record<string, QueryValue>,
  ): Promise<unknown> {
    const response = await this.send(name, params, query);
    if (response.body instanceof NonJsonBody) {
      throw new UnexpectedResponseError(
        endpointLabel(name),
        '',
        `body is not JSON: ${cutText(response.body.text, 200)}`,
      );
    }
    return response.body;
  }

  /**
   * Sends a report: delivered when the service answers 200 or 201 with no body, or with JSON of a report answer's shape
   * (`ReportAnswer`: an object, a bare string, null). A page that is not JSON (a proxy's or a portal's) is a stranger's
   * answer: it throws, saying what came back, so a report is never called delivered on it.
   */
  private async write(name: WriteName, params: Record<string, string>, body: unknown): Promise<Delivered> {
    const response = await this.send(name, params, undefined, body);
    const empty = response.text.trim() === '';
    const json = isJsonType(response.contentType) && !(response.body instanceof NonJsonBody);
    const answer = json && !empty ? ReportAnswer.safeParse(response.body) : undefined;
    if (empty && (response.contentType === undefined || json)) {
      return { status: response.status, message: '', body: undefined };
    }
    if (answer?.success) {
      const said = answer.data;
      const message = typeof said === 'string' ? said : (said?.message ?? '');
      return { status: response.status, message, body: said };
    }
    const type =
      response.contentType === undefined
        ? 'no content type'
        : `content type ${quoteText(response.contentType)}`;
    const start = empty ? 'an empty body' : `first line ${quoteText(response.text)}`;
    throw new UnexpectedResponseError(
      endpointLabel(name),
      '',
      `HTTP ${response.status}, ${type}, ${start}: not the service's answer to a report (no body, or JSON: an ` +
        'object, a string or null), so the report is not taken as delivered',
    );
  }

  /** GET /attestations/{org}/list_attestations_for_criteria: every requested commit maps to a list (maybe empty). */
  async listAttestationsForCommits(query: s.AttestationsForCommitsQuery): Promise<s.AttestationsByCommit> {
    const { AttestationsForCommitsQuery, AttestationsByCommit } =
      await import('./schemas/list-attestations-for-commits.js');
    const q = validate(AttestationsForCommitsQuery, query, 'query');
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
      const part = parseResponse(AttestationsByCommit, map, label);
      checkAttestationsAbout(label, part, chunk, q);
      return part;
    });
    const merged: s.AttestationsByCommit = {};
    for (const commit of commits) merged[commit] = [];
    for (const part of parts) {
      for (const [commit, list] of Object.entries(part)) merged[commit] = list;
    }
    return merged;
  }

  /** GET /trails/{org}: one page. */
  async listTrails(query: s.ListTrailsQuery = {}): Promise<Page<s.Trail>> {
    const { ListTrailsQuery, Trail } = await import('./schemas/list-trails.js');
    const q = validate(ListTrailsQuery, query, 'query');
    const raw = await this.call('listTrails', {}, q);
    const label = endpointLabel('listTrails');
    const page = readPage(raw, Trail, label);
    // A trail that names its flow must be of the flow asked: a service that ignored the filter lists others.
    const flow = q.flow;
    if (flow !== undefined) {
      page.items.forEach((trail, i) => sameAsAsked(label, `[${i}].flow.name`, trail.flow?.name, flow));
    }
    return page;
  }

  /** GET /trails/{org}: every page, up to a cap. */
  async listAllTrails(
    query: Omit<s.ListTrailsQuery, 'page' | 'per_page'> = {},
    options: ReadAllOptions = {},
  ): Promise<AllPages<s.Trail>> {
    const opts = readAllOptions(options);
    const { ListTrailsQuery } = await import('./schemas/list-trails.js');
    validate(ListTrailsQuery, query, 'query');
    return fetchAllPages((page, per_page) => this.listTrails({ ...query, page, per_page }), opts);
  }

  /** GET /deployments/{org}/{env_name}/{fingerprint} */
  async getDeployment(envName: string, fingerprint: string): Promise<s.Deployment> {
    const { Deployment } = await import('./schemas/get-deployment.js');
    const env = validate(EnvName, envName, 'env_name');
    const fp = validate(Fingerprint, fingerprint, 'fingerprint');
    const raw = await this.call('getDeployment', { env_name: env, fingerprint: fp });
    const label = endpointLabel('getDeployment');
    // A 200 is "deployed"; the fingerprint and environment, where named, must be the ones asked.
    const answer = parseResponse(Deployment, raw, label);
    sameAsAsked(label, 'fingerprint', answer.fingerprint, fp);
    sameAsAsked(label, 'env_name', answer.env_name, env);
    return answer;
  }

  /** POST /artifacts/{org}/{flow_name}: creates or updates the artifact of (flow, fingerprint). */
  async reportArtifact(flowName: string, body: s.ReportArtifactBody): Promise<Delivered> {
    const { ReportArtifactBody } = await import('./schemas/report-artifact.js');
    const flow = validate(FlowName, flowName, 'flow_name');
    const payload = validate(ReportArtifactBody, body, 'body');
    return this.write('reportArtifact', { flow_name: flow }, payload);
  }

  /** GET /attestations/{org}/{flow_name}: one page. */
  async listFlowAttestations(
    flowName: string,
    query: s.FlowAttestationsQuery = {},
  ): Promise<Page<s.Attestation>> {
    const { FlowAttestationsQuery, Attestation } = await import('./schemas/list-flow-attestations.js');
    const flow = validate(FlowName, flowName, 'flow_name');
    const q = validate(FlowAttestationsQuery, query, 'query');
    const raw = await this.call('listFlowAttestations', { flow_name: flow }, q);
    return readPage(raw, Attestation, endpointLabel('listFlowAttestations'));
  }

  /** GET /attestations/{org}/{flow_name}: every page, up to a cap. */
  async listAllFlowAttestations(
    flowName: string,
    query: Omit<s.FlowAttestationsQuery, 'page' | 'per_page'> = {},
    options: ReadAllOptions = {},
  ): Promise<AllPages<s.Attestation>> {
    const opts = readAllOptions(options);
    const { FlowAttestationsQuery } = await import('./schemas/list-flow-attestations.js');
    validate(FlowName, flowName, 'flow_name');
    validate(FlowAttestationsQuery, query, 'query');
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
    const { GetArtifactQuery, Artifact } = await import('./schemas/get-artifact.js');
    const flow = validate(FlowName, flowName, 'flow_name');
    const fp = validate(Fingerprint, fingerprint, 'fingerprint');
    const q = validate(GetArtifactQuery, query, 'query');
    const raw = await this.call('getArtifact', { flow_name: flow, fingerprint: fp }, q);
    const label = endpointLabel('getArtifact');
    const artifact = parseResponse(Artifact, raw, label);
    sameAsAsked(label, 'fingerprint', artifact.fingerprint, fp, true);
    sameAsAsked(label, 'flow_name', artifact.flow_name, flow, true);
    if (q.trail !== undefined) sameAsAsked(label, 'trail_name', artifact.trail_name, q.trail);
    return artifact;
  }

  /**
   * The same GET, read after a report only for the artifact's page and state (`ReportedArtifact`), checked to be about
   * the artifact asked like `getArtifact`.
   */
  async getReportedArtifact(flowName: string, fingerprint: string): Promise<s.ReportedArtifact> {
    const { ReportedArtifact } = await import('./schemas/report-artifact.js');
    const flow = validate(FlowName, flowName, 'flow_name');
    const fp = validate(Fingerprint, fingerprint, 'fingerprint');
    const raw = await this.call('getArtifact', { flow_name: flow, fingerprint: fp }, {});
    const label = endpointLabel('getArtifact');
    const artifact = parseResponse(ReportedArtifact, raw, label);
    sameAsAsked(label, 'fingerprint', artifact.fingerprint, fp, true);
    sameAsAsked(label, 'flow_name', artifact.flow_name, flow, true);
    return artifact;
  }

  /** GET /env-diff/{org}: both expressions are checked here, not left to the server. */
  async diffEnvironments(snapshot1: string, snapshot2: string): Promise<s.EnvDiff> {
    const { EnvDiff } = await import('./schemas/diff-environments.js');
    const one = parseSnapshotExpression(snapshot1, 'snappish1');
    const two = parseSnapshotExpression(snapshot2, 'snappish2');
    const snappish1 = formatSnapshotExpression(one);
    const snappish2 = formatSnapshotExpression(two);
    const raw = await this.call('diffEnvironments', {}, { snappish1, snappish2 });
    const label = endpointLabel('diffEnvironments');
    const diff = parseResponse(EnvDiff, raw, label);
    // Only in 1 is about snapshot 1, only in 2 about snapshot 2; the shared groups may name either.
    checkSnapshot(label, 'snappish1', diff.snappish1.snapshot_id, [one]);
    checkSnapshot(label, 'snappish2', diff.snappish2.snapshot_id, [two]);
    checkSnapshot(label, 'changed', diff.changed.snapshot_id, [one, two]);
    checkSnapshot(label, 'not-changed', diff['not-changed'].snapshot_id, [one, two]);
    return diff;
  }

  /**
   * PUT /environments/{org}/{env_name}/report/K8S, with the status: the spec documents 200 as the case in which no new
   * snapshot is made, so 201 is read as "a snapshot was made" (docs/api-decisions.md).
   */
  async reportK8sEnvironment(envName: string, body: s.K8sReportBody): Promise<Delivered> {
    const { K8sReportBody } = await import('./schemas/report-k8s-environment.js');
    const env = validate(EnvName, envName, 'env_name');
    const payload = validate(K8sReportBody, body, 'body');
    return this.write('reportK8sEnvironment', { env_name: env }, payload);
  }

  /** GET /actions/{org}: a bare array. */
  async listActions(): Promise<s.Action[]> {
    const { ListActionsResponse } = await import('./schemas/list-actions.js');
    const raw = await this.call('listActions', {});
    if (!Array.isArray(raw))
      throw new UnexpectedResponseError(endpointLabel('listActions'), '', 'expected a list');
    return parseResponse(ListActionsResponse, raw, endpointLabel('listActions'));
  }

  /** Closes kept-alive connections so the process can exit at once. */
  async close(): Promise<void> {
    await this.http.close();
  }
}

function readAllOptions(options: ReadAllOptions) {
  const perPage = validate(PerPage, options.perPage ?? MAX_PER_PAGE, 'per_page');
  const maxItems = validate(z.number().check(z.int(), z.minimum(1)), options.maxItems ?? 1000, 'max-items');
  const concurrency = validate(
    z.number().check(z.int(), z.minimum(1), z.maximum(16)),
    options.concurrency ?? 4,
    'concurrency',
  );
  return { perPage, maxItems, concurrency };
}

type WriteName = 'reportArtifact' | 'reportK8sEnvironment';

/** A report the service took: the status, its message ('' when it gave none) and its answer as sent. */
export interface Delivered {
  status: number;
  message: string;
  /** The JSON answer (`ReportAnswer`); undefined for no body. */
  body: ReportAnswer | undefined;
}

/** `application/json`, `application/problem+json`, with or without parameters. */
function isJsonType(contentType: string | undefined): boolean {
  return contentType !== undefined && /^[\w.+-]+\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType.trim());
}

/**
 * An answer that names something else than what was asked is about something else: it cannot be read as one. A field
 * the spec does not require names nothing when absent, null or empty (the caller says "not confirmed" where it
 * matters); a `required` one must be exactly what was asked.
 */
function sameAsAsked(endpoint: string, field: string, named: unknown, asked: string, required = false): void {
  if (named === asked) return;
  if (!required && (named === undefined || named === null || named === '')) return;
  throw new UnexpectedResponseError(
    endpoint,
    field,
    `is ${quoteValue(named)}, not ${quoteValue(asked)} as asked: the answer is about something else`,
  );
}

/**
 * A diff group's `snapshot_id` (`env#N`, as the service resolves an expression), where the answer gives one, must be a
 * snapshot of an environment asked, and the very snapshot when the expression named one (`env#N`). One not given is
 * allowed (2.10 does not require it; the shared groups carry none on the live service): the caller says "not
 * confirmed", and a gate resting on it fails closed (diff-envs).
 */
function checkSnapshot(
  endpoint: string,
  group: string,
  id: string | null | undefined,
  asked: SnapshotExpression[],
): void {
  if (id === undefined || id === null || id === '') return;
  const match = /^(.+)#(\d+)$/.exec(id);
  const about = (e: SnapshotExpression) =>
    match !== null && match[1] === e.env && (e.kind !== 'index' || Number(match[2]) === e.index);
  if (asked.some(about)) return;
  const wanted = asked.map((e) =>
    e.kind === 'index' ? formatSnapshotExpression(e) : `a snapshot of ${e.env}`,
  );
  throw new UnexpectedResponseError(
    endpoint,
    `${group}.snapshot_id`,
    `is ${quoteValue(id)}, not ${[...new Set(wanted)].join(' or ')} as asked: the answer is about something else`,
  );
}

/**
 * The answer for a chunk of commits must be about those commits: no key that was not asked, no attestation whose own
 * commit is another, and none of another flow, name or type than a filter asked for. An override (a person's verdict
 * on an attestation of its name) is about what a type filter asked: the service returns overrides with it.
 */
function checkAttestationsAbout(
  endpoint: string,
  map: s.AttestationsByCommit,
  asked: readonly string[],
  query: {
    flow_name?: string | undefined;
    attestation_name?: string | undefined;
    attestation_type?: string | undefined;
  },
): void {
  for (const commit of Object.keys(map)) {
    if (!asked.includes(commit)) {
      throw new UnexpectedResponseError(
        endpoint,
        '',
        `names commit ${quoteValue(commit)}, which was not asked: the answer is about something else`,
      );
    }
    const list = map[commit] ?? [];
    list.forEach((a, i) => {
      const at = `${commit}[${i}]`;
      // Only shown elsewhere: a commit info sent malformed names no commit (null), so it is not compared.
      sameAsAsked(endpoint, `${at}.git_commit_info.sha1`, a.git_commit_info?.sha1, commit);
      if (query.flow_name !== undefined)
        sameAsAsked(endpoint, `${at}.flow_name`, a.flow_name, query.flow_name);
      if (query.attestation_name !== undefined)
        sameAsAsked(endpoint, `${at}.attestation_name`, a.attestation_name, query.attestation_name, true);
      // A gate narrowed to a type must not pass on another type a service that ignores the filter sends, nor on one
      // that does not say its type.
      if (query.attestation_type !== undefined) {
        if (a.attestation_type === undefined || a.attestation_type === null)
          throw new UnexpectedResponseError(
            endpoint,
            `${at}.attestation_type`,
            `is missing: the answer does not show the type asked for (${quoteValue(query.attestation_type)})`,
          );
        if (a.attestation_type !== OVERRIDE_ATTESTATION_TYPE)
          sameAsAsked(endpoint, `${at}.attestation_type`, a.attestation_type, query.attestation_type, true);
      }
    });
  }
}
