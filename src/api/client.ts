// The typed client of API v2: one generic call driven by the endpoint table (endpoints.ts), checking the parameters
// before anything is sent and holding the answer to what was asked (about.ts), and one short method per operation.
import * as z from 'zod/mini';
import type { Asked } from './about.js';
import type { Connection } from './config.js';
import {
  endpointLabel,
  endpoints,
  fillPath,
  type EndpointName,
  type EndpointSchemas,
  type EndpointSpec,
} from './endpoints.js';
import { UnexpectedResponseError } from '../errors/errors.js';
import { cutText, quoteText } from '../trust/text.js';
import { HttpTransport, type HttpResponse, type QueryValue } from './http.js';
import { fetchAllPages, mapBounded, readPage, type Page } from './pagination.js';
import { isRecord, parseResponse } from './parse.js';
import type * as s from './schemas.js';
import { MAX_PER_PAGE, PerPage, ReportAnswer } from './schemas/common.js';
import { formatSnapshotExpression, parseSnapshotExpression, type SnapshotExpression } from './snapshot.js';
import { validate } from './validate.js';

/** How many commits go in one `list_attestations_for_criteria` request (keeps the URL well under 8 KiB). */
export const COMMITS_PER_REQUEST = 100;

/** What `fetchAllPages` takes, each with a default. */
export type ReadAllOptions = Partial<Parameters<typeof fetchAllPages>[1]>;

/** A snapshot expression: typed, as an input was read into; text (a test's, a tool's) is parsed here, once. */
type Snapshot = SnapshotExpression | string;

interface Ask {
  params?: Record<string, string>;
  query?: Record<string, QueryValue | SnapshotExpression>;
  body?: unknown;
}

type Loaded<N extends EndpointName> = Awaited<ReturnType<(typeof endpoints)[N]['schemas']>>;
type Item<N extends EndpointName> =
  Loaded<N> extends { item: infer I extends z.ZodMiniType } ? z.output<I> : never;
type Answer<N extends EndpointName> = (typeof endpoints)[N]['method'] extends 'GET'
  ? (typeof endpoints)[N] extends { answer: 'page' }
    ? Page<Item<N>>
    : z.output<Loaded<N>['response']>
  : Delivered;

type PageName = 'listTrails' | 'listFlowAttestations';

export class ComplianceClient {
  readonly connection: Connection;
  private readonly http: HttpTransport;

  constructor(connection: Connection) {
    this.connection = connection;
    this.http = new HttpTransport(connection);
  }

  urlFor(name: EndpointName, params: Record<string, string> = {}, query?: Ask['query']): string {
    const path = fillPath(endpoints[name].path, { org: this.connection.org, ...params });
    return this.http.url(path, query && wire(query)).href;
  }

  /** The one call; `schemas` stands in for the table's, for another reading of the same answer. */
  private async call<N extends EndpointName>(name: N, ask: Ask): Promise<Answer<N>>;
  private async call<S extends z.ZodMiniType>(
    name: EndpointName,
    ask: Ask,
    schemas: { response: S },
  ): Promise<z.output<S>>;
  private async call(name: EndpointName, ask: Ask, schemas?: EndpointSchemas): Promise<unknown> {
    const spec: EndpointSpec = endpoints[name];
    const loaded = schemas ?? (await spec.schemas());
    const { params, query, body } = this.checked(spec, ask, loaded);
    const endpoint = endpointLabel(name);
    const response = await this.http.send({
      method: spec.method,
      path: fillPath(spec.path, params),
      query,
      body,
      endpoint,
    });
    if (spec.method !== 'GET') return delivered(endpoint, response);
    if (!response.json) {
      throw new UnexpectedResponseError(endpoint, '', `body is not JSON: ${cutText(response.text, 200)}`);
    }
    const raw = spec.unwrap ? spec.unwrap(response.body) : response.body;
    if (spec.answer === 'list' && !Array.isArray(raw))
      throw new UnexpectedResponseError(endpoint, '', 'expected a list');
    const answer =
      spec.answer === 'page' && loaded.item
        ? readPage(raw, loaded.item, endpoint)
        : parseResponse(loaded.response, raw, endpoint);
    spec.about?.(answer, { params, query: ask.query ?? {} } satisfies Asked, endpoint);
    return answer;
  }

  private checked(spec: EndpointSpec, ask: Ask, schemas: EndpointSchemas) {
    const params: Record<string, string> = {};
    for (const [key, schema] of Object.entries(spec.params)) {
      params[key] = validate(schema, key === 'org' ? this.connection.org : ask.params?.[key], key) as string;
    }
    const query =
      schemas.query &&
      (validate(schemas.query, wire(ask.query ?? {}), 'query') as Record<string, QueryValue>);
    const body: unknown = schemas.body && validate(schemas.body, ask.body, 'body');
    return { params, query, body };
  }

  /** Every page of a list endpoint, up to a cap: the first page's call checks the parameters before it is sent. */
  private async readAll<N extends PageName>(name: N, ask: Ask, options: ReadAllOptions) {
    const opts = {
      perPage: validate(PerPage, options.perPage ?? MAX_PER_PAGE, 'per_page'),
      maxItems: validate(z.number().check(z.int(), z.minimum(1)), options.maxItems ?? 1000, 'max-items'),
      concurrency: validate(
        z.number().check(z.int(), z.minimum(1), z.maximum(16)),
        options.concurrency ?? 4,
        'concurrency',
      ),
    };
    const onePage = (page: number, per_page: number) =>
      this.call(name, { ...ask, query: { ...ask.query, page, per_page } }) as Promise<Page<Item<N>>>;
    return fetchAllPages(onePage, opts);
  }

  /** GET /attestations/{org}/list_attestations_for_criteria: every requested commit maps to a list (maybe empty). */
  async listAttestationsForCommits(query: s.AttestationsForCommitsQuery): Promise<s.AttestationsByCommit> {
    const { query: schema } = await endpoints.listAttestationsForCommits.schemas();
    const q = validate(schema, query, 'query');
    const commits = [...new Set(q.commit_list)];
    const chunks = Array.from({ length: Math.ceil(commits.length / COMMITS_PER_REQUEST) }, (_, i) =>
      commits.slice(i * COMMITS_PER_REQUEST, (i + 1) * COMMITS_PER_REQUEST),
    );
    const parts = await mapBounded(chunks, 4, (chunk) =>
      this.call('listAttestationsForCommits', { query: { ...q, commit_list: chunk } }),
    );
    const merged: s.AttestationsByCommit = Object.fromEntries(commits.map((commit) => [commit, []]));
    for (const part of parts) Object.assign(merged, part);
    return merged;
  }

  async listTrails(query: s.ListTrailsQuery = {}) {
    return this.call('listTrails', { query });
  }

  async listAllTrails(
    query: Omit<s.ListTrailsQuery, 'page' | 'per_page'> = {},
    options: ReadAllOptions = {},
  ) {
    return this.readAll('listTrails', { query }, options);
  }

  async getDeployment(envName: string, fingerprint: string) {
    return this.call('getDeployment', { params: { env_name: envName, fingerprint } });
  }

  async reportArtifact(flowName: string, body: s.ReportArtifactBody) {
    return this.call('reportArtifact', { params: { flow_name: flowName }, body });
  }

  async listFlowAttestations(flowName: string, query: s.FlowAttestationsQuery = {}) {
    return this.call('listFlowAttestations', { params: { flow_name: flowName }, query });
  }

  async listAllFlowAttestations(
    flowName: string,
    query: Omit<s.FlowAttestationsQuery, 'page' | 'per_page'> = {},
    options: ReadAllOptions = {},
  ) {
    return this.readAll('listFlowAttestations', { params: { flow_name: flowName }, query }, options);
  }

  async getArtifact(flowName: string, fingerprint: string, query: s.GetArtifactQuery = {}) {
    return this.call('getArtifact', { params: { flow_name: flowName, fingerprint }, query });
  }

  /** The same GET, read after a report with the report's own schemas (a report step loads no other). */
  async getReportedArtifact(flowName: string, fingerprint: string) {
    const { ReportedArtifact } = await import('./schemas/report-artifact.js');
    return this.call(
      'getArtifact',
      { params: { flow_name: flowName, fingerprint } },
      { response: ReportedArtifact },
    );
  }

  /** GET /env-diff/{org}: each expression is formatted into the URL here, once, and the answer held to both. */
  async diffEnvironments(snapshot1: Snapshot, snapshot2: Snapshot) {
    const typed = (snapshot: Snapshot, name: string) =>
      typeof snapshot === 'string' ? parseSnapshotExpression(snapshot, name) : snapshot;
    const query = { snappish1: typed(snapshot1, 'snappish1'), snappish2: typed(snapshot2, 'snappish2') };
    return this.call('diffEnvironments', { query });
  }

  /** PUT /environments/{org}/{env_name}/report/K8S: 201 is read as "a snapshot was made" (docs/api-decisions.md). */
  async reportK8sEnvironment(envName: string, body: s.K8sReportBody) {
    return this.call('reportK8sEnvironment', { params: { env_name: envName }, body });
  }

  async listActions() {
    return this.call('listActions', {});
  }

  async close(): Promise<void> {
    await this.http.close();
  }
}

/** A query as sent: a snapshot expression in its canonical text (formatted here only). */
function wire(query: NonNullable<Ask['query']>): Record<string, QueryValue> {
  const entries = Object.entries(query).map(([key, value]) => [
    key,
    isRecord(value) ? formatSnapshotExpression(value) : value,
  ]);
  return Object.fromEntries(entries) as Record<string, QueryValue>;
}

/** A report the service took: the status, its message ('' when it gave none) and its answer as sent. */
type Delivered = ReturnType<typeof delivered>;

/** Delivered on no body, or JSON of a report answer's shape; anything else (a proxy's page) throws, saying what. */
function delivered(endpoint: string, response: HttpResponse) {
  const empty = response.text.trim() === '';
  const json = isJsonType(response.contentType) && response.json;
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
    endpoint,
    '',
    `HTTP ${response.status}, ${type}, ${start}: not the service's answer to a report (no body, or JSON: an ` +
      'object, a string or null), so the report is not taken as delivered',
  );
}

function isJsonType(contentType: string | undefined): boolean {
  return contentType !== undefined && /^[\w.+-]+\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType.trim());
}
