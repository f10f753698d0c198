/**
 * The sandbox over real HTTP (node:http: no framework, so nothing between the spec and the wire that the tests do
 * not see). Requests and responses are validated with the client's own schemas from `src/api/endpoints.ts`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import type { AddressInfo, Socket } from 'node:net';
import { z } from 'zod';
import {
  endpoints,
  type EndpointName,
  type EndpointSchemas,
  type EndpointSpec,
} from '../../../src/api/endpoints.js';
import { formatPath } from '../../../src/api/parse.js';
import { SnapshotExpressionText } from '../../../src/api/schemas/index.js';
import { Faults } from './faults.js';
import { openApiDocument } from './openapi.js';
import { answerAs, NO_BODY, type AnswerProfile } from './profile.js';
import { HttpProblem, SandboxService } from './service.js';
import { SandboxData } from './state.js';
import { UI_PREFIX, uiPage } from './ui.js';

/** An answer with a status other than its endpoint's documented one. */
class WithStatus {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    this.status = status;
    this.body = body;
  }
}

export const API_PREFIX = '/api/v2';
const DEFAULT_MAX_BODY = 128 * 1024 * 1024;
/** Query parameters that may repeat (sent as repeated keys). */
const ARRAY_PARAMS = new Set(['commit_list']);

export interface SandboxOptions {
  /** The seed: parsed with `SandboxData`. */
  seed: unknown;
  /** Persist every change here (atomically); when the file exists it is loaded instead of the seed. */
  dataFile?: string;
  maxBodyBytes?: number;
  /** Unix seconds, replaceable in tests. */
  now?: () => number;
  /** `full` (the default): every field the seed has; `minimal`: as the live service may answer (profile.ts). */
  profile?: AnswerProfile;
  /**
   * Where the `html_url` links lead. `seed` (the default): the seed's `ui_url` (the demo's is
   * https://sandbox.compliance.invalid, which resolves nowhere; the tests hold links to it). `own`: the sandbox's own
   * pages (ui.ts), which it then serves at `<its origin>/ui/`, so every link answers while it runs (`npm start`).
   */
  uiBase?: 'seed' | 'own';
}

/** A request as it arrived: its method, and its URL as sent (path and query, e.g. `/api/v2/trails/acme?page=2`). */
export interface ObservedRequest {
  method: string;
  url: string;
}

interface Route {
  name: EndpointName;
  spec: EndpointSpec;
  pattern: RegExp;
  keys: string[];
}

const routes: Route[] = Object.entries(endpoints).map(([name, spec]) => {
  const keys: string[] = [];
  const pattern = new RegExp(
    `^${spec.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, key: string) => {
      keys.push(key);
      return '([^/]+)';
    })}$`,
  );
  return { name: name as EndpointName, spec, pattern, keys };
});

/**
 * The first place where the sandbox sent a value that the parse turned into null: a field only shown (`shown`) takes
 * anything, so a sandbox that drifted from it would pass the schema check without this.
 */
export function lostValue(
  sent: unknown,
  parsed: unknown,
  path: PropertyKey[] = [],
): PropertyKey[] | undefined {
  if (sent === null || sent === undefined) return undefined;
  if (parsed === null || parsed === undefined) return path;
  if (typeof sent !== 'object' || typeof parsed !== 'object') return undefined;
  const list = Array.isArray(sent);
  for (const [key, value] of Object.entries(sent)) {
    const lost = lostValue(value, (parsed as Record<string, unknown>)[key], [
      ...path,
      list ? Number(key) : key,
    ]);
    if (lost) return lost;
  }
  return undefined;
}

/** zod issues as `{"<location>.<path>": text}`, the service's error shape. */
function issuesToErrors(location: string, error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        errors[[location, formatPath(issue.path), key].filter(Boolean).join('.')] = 'unknown field';
      }
      continue;
    }
    const key = issue.path.length ? `${location}.${formatPath(issue.path)}` : location;
    errors[key] ??= issue.message.replace(/^Invalid input:\s*/, '');
  }
  return errors;
}

function validation(location: string, schema: z.core.$ZodType, value: unknown): unknown {
  const result = z.safeParse(schema, value);
  if (!result.success)
    throw new HttpProblem(400, 'Input payload validation failed', issuesToErrors(location, result.error));
  return result.data;
}

export class Sandbox {
  readonly faults = new Faults();
  /** How answers are shaped (profile.ts); may be changed while running. */
  profile: AnswerProfile;
  /** Reports answered so far: the minimal profile picks each one's answer by it. */
  private reports = 0;
  /** Requests being answered now, and the most at once since the start: what a benchmark holds a client's bound to. */
  readonly load = { inFlight: 0, peak: 0 };
  /** Told of each request as it arrives (observe): what a test or a benchmark counts, with what it asked. */
  private readonly observers = new Set<(request: ObservedRequest) => void>();
  readonly service: SandboxService;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly options: SandboxOptions;
  private baseUrl = '';

  constructor(options: SandboxOptions) {
    this.options = options;
    this.profile = options.profile ?? 'full';
    const source: unknown =
      options.dataFile && existsSync(options.dataFile)
        ? JSON.parse(readFileSync(options.dataFile, 'utf8'))
        : options.seed;
    const parsed = SandboxData.safeParse(source);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new Error(
        `the sandbox data is not valid: ${first ? `${formatPath(first.path)}: ${first.message}` : ''}`,
      );
    }
    this.service = new SandboxService(parsed.data, options.now);
    this.server = createServer((req, res) => {
      this.load.inFlight++;
      this.load.peak = Math.max(this.load.peak, this.load.inFlight);
      res.on('close', () => this.load.inFlight--);
      for (const observer of this.observers) {
        // An observer that throws is the test's bug: the request is still answered.
        try {
          observer({ method: req.method ?? '', url: req.url ?? '' });
        } catch {
          // Ignored.
        }
      }
      void this.handle(req, res);
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    // A malformed request line or header is answered 400 by Node; never let it crash the process.
    this.server.on('clientError', (_error, socket) => {
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      else socket.destroy();
    });
  }

  /** Starts listening (port 0: an ephemeral port) and returns the API base URL, ending in /api/v2. */
  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const address = this.server.address() as AddressInfo;
    const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    this.baseUrl = `http://${shownHost}:${address.port}${API_PREFIX}`;
    if (this.options.uiBase === 'own')
      this.service.uiBase = `http://${shownHost}:${address.port}${UI_PREFIX}`;
    return this.baseUrl;
  }

  /** The base of the `html_url` links: the sandbox's own pages (`uiBase: 'own'`, once started), else the seed's. */
  get uiUrl(): string {
    return this.service.uiBase ?? this.service.data.ui_url;
  }

  get url(): string {
    return this.baseUrl;
  }

  /** Calls `observer` with each request as it arrives, until the function returned is called. */
  observe(observer: (request: ObservedRequest) => void): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private send(
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  }

  private problem(res: ServerResponse, problem: HttpProblem, headers: Record<string, string> = {}): void {
    const message = problem.message + (this.service.data.hostile_text ?? '');
    this.send(res, problem.status, { message, errors: problem.errors ?? {} }, headers);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // A client that goes away mid-request must not take the server down with an unhandled 'error'.
    req.on('error', () => undefined);
    res.on('error', () => undefined);
    try {
      await this.route(req, res);
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof HttpProblem) {
        this.problem(res, error, error.status === 413 ? { connection: 'close' } : {});
      } else {
        this.send(res, 500, {
          message: `Internal sandbox error: ${error instanceof Error ? error.message : String(error)}`,
          errors: {},
        });
      }
    }
  }

  /** A page of the sandbox's own (ui.ts): for a browser, so HTML, and neither faults nor latency (those are the API's). */
  private sendPage(req: IncomingMessage, res: ServerResponse, url: URL): void {
    req.resume();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      this.problem(res, new HttpProblem(405, `Method ${req.method ?? ''} not allowed on ${url.pathname}`), {
        allow: 'GET, HEAD',
      });
      return;
    }
    const { status, html } = uiPage(
      this.service.data,
      url.pathname.slice(UI_PREFIX.length),
      url.searchParams,
    );
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(html),
      // The page is the service's text, escaped; nothing in it may run or load anything.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'x-content-type-options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : html);
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    if (
      this.service.uiBase !== undefined &&
      (url.pathname === UI_PREFIX || url.pathname.startsWith(`${UI_PREFIX}/`))
    ) {
      this.sendPage(req, res, url);
      return;
    }
    const path = url.pathname.startsWith(`${API_PREFIX}/`)
      ? url.pathname.slice(API_PREFIX.length)
      : undefined;

    if (this.faults.latencyMs > 0) await new Promise((r) => setTimeout(r, this.faults.latencyMs));
    const fault = this.faults.take(path ?? url.pathname);
    if (fault?.kind === 'reset') {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"data": [{"name": ');
      return;
    }
    if (fault?.kind === 'respond' && fault.answer) {
      const { status, contentType, body } = fault.answer;
      const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
      const type =
        contentType ?? (typeof body === 'string' || body === undefined ? undefined : 'application/json');
      req.resume();
      res.writeHead(status, type === undefined ? {} : { 'content-type': type });
      res.end(text);
      return;
    }
    if (fault?.kind === 'status') {
      this.problem(
        res,
        new HttpProblem(fault.status ?? 503, fault.message ?? `Injected fault: HTTP ${fault.status ?? 503}`),
        fault.retryAfter ? { 'retry-after': fault.retryAfter } : {},
      );
      return;
    }

    if (path === '/openapi.json') {
      if (req.method !== 'GET')
        throw new HttpProblem(405, `Method ${req.method ?? ''} not allowed on ${url.pathname}`);
      this.send(res, 200, await openApiDocument());
      return;
    }
    if (path === undefined)
      throw new HttpProblem(404, `Not found: ${url.pathname} (the API is under ${API_PREFIX})`);

    const matches = routes
      .map((route) => ({ route, match: route.pattern.exec(path) }))
      .filter((m): m is { route: Route; match: RegExpExecArray } => m.match !== null);
    if (matches.length === 0) throw new HttpProblem(404, `Not found: ${url.pathname}`);
    const hit = matches.find((m) => m.route.spec.method === req.method);
    if (!hit) {
      const allow = [...new Set(matches.map((m) => m.route.spec.method))].join(', ');
      this.problem(res, new HttpProblem(405, `Method ${req.method ?? ''} not allowed on ${url.pathname}`), {
        allow,
      });
      req.resume();
      return;
    }
    const { route, match } = hit;

    // Auth before anything about the request is looked at.
    const auth = req.headers.authorization ?? '';
    const token = /^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1];
    const tokenOrg = token ? this.service.orgOfToken(token) : undefined;
    if (!tokenOrg) {
      req.resume();
      this.problem(res, new HttpProblem(401, token ? 'Invalid token' : 'Missing bearer token'), {
        'www-authenticate': 'Bearer',
      });
      return;
    }

    const params: Record<string, string> = {};
    const paramErrors: Record<string, string> = {};
    route.keys.forEach((key, i) => {
      let value: string;
      try {
        value = decodeURIComponent(match[i + 1] ?? '');
      } catch {
        paramErrors[`path.${key}`] = 'is not valid percent-encoding';
        return;
      }
      const schema = route.spec.params[key];
      const parsed = schema?.safeParse(value);
      if (parsed && !parsed.success)
        paramErrors[`path.${key}`] = parsed.error.issues[0]?.message ?? 'invalid';
      params[key] = value;
    });
    const org = params.org ?? '';
    if (org && org !== tokenOrg) {
      req.resume();
      throw new HttpProblem(403, `The token is not valid for organization '${org}'`);
    }
    if (Object.keys(paramErrors).length) {
      req.resume();
      throw new HttpProblem(400, 'Input payload validation failed', paramErrors);
    }

    const schemas = await route.spec.schemas();
    const query = this.readQuery(url, route, schemas);
    let body: unknown;
    if (schemas.body) {
      body = validation('body', schemas.body, await this.readJsonBody(req));
    } else {
      req.resume();
    }

    const dispatched = this.dispatch(route.name, params, query, body);
    // An operation answers its spec's status, unless it says which of two it is (a K8S report: 200 or 201).
    const { status, body: result } =
      dispatched instanceof WithStatus ? dispatched : { status: route.spec.statuses[0], body: dispatched };
    // The sandbox holds itself to the client's response schemas: a drift is a sandbox bug, shown loudly.
    const checked = schemas.response.safeParse(result);
    if (!checked.success) {
      const first = checked.error.issues[0];
      throw new Error(
        `response of ${route.name} does not match its schema at ${first ? formatPath(first.path) : '?'}: ${first?.message ?? ''}`,
      );
    }
    const lost = lostValue(result, checked.data);
    if (lost) {
      throw new Error(
        `response of ${route.name} does not match its schema at ${formatPath(lost)}: the client would read it as null`,
      );
    }
    const sequence = route.spec.method === 'GET' ? 0 : this.reports++;
    const sent = answerAs(this.profile, route.name, result, schemas.response, sequence);
    // Another profile's answer must be one the client reads too: else it is the profile's bug, not the client's.
    const read = sent === result ? checked : schemas.response.safeParse(sent === NO_BODY ? null : sent);
    if (!read.success) {
      const first = read.error.issues[0];
      throw new Error(
        `the ${this.profile} answer of ${route.name} does not match its schema at ${first ? formatPath(first.path) : '?'}`,
      );
    }
    if (route.spec.method !== 'GET') this.persist();
    if (sent === NO_BODY) {
      res.writeHead(status, { 'content-length': 0 });
      res.end();
      return;
    }
    this.send(res, status, sent);
  }

  private readQuery(url: URL, route: Route, schemas: EndpointSchemas): unknown {
    const raw: Record<string, string | string[]> = {};
    const errors: Record<string, string> = {};
    for (const key of new Set(url.searchParams.keys())) {
      const values = url.searchParams.getAll(key);
      if (ARRAY_PARAMS.has(key)) raw[key] = values;
      else if (values.length > 1) errors[`query.${key}`] = 'is given more than once';
      else raw[key] = values[0] ?? '';
    }
    if (!schemas.query) {
      for (const key of Object.keys(raw)) errors[`query.${key}`] = 'unknown parameter';
    }
    if (Object.keys(errors).length) throw new HttpProblem(400, 'Input payload validation failed', errors);
    if (route.name === 'diffEnvironments') {
      // The live service names a bad snapshot expression in its message, not as a field (service-behaviour.md).
      for (const value of [raw.snappish1, raw.snappish2]) {
        if (typeof value === 'string' && !SnapshotExpressionText.safeParse(value).success) {
          throw new HttpProblem(400, `Bad snappish ${value}`);
        }
      }
    }
    return schemas.query ? validation('query', schemas.query, raw) : {};
  }

  private async readJsonBody(req: IncomingMessage): Promise<unknown> {
    const type = req.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(type)) {
      req.resume();
      throw new HttpProblem(415, `Content-Type must be application/json, not '${type || 'none'}'`);
    }
    const max = this.options.maxBodyBytes ?? DEFAULT_MAX_BODY;
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (declared > max)
      throw new HttpProblem(413, `Request body too large: ${declared} bytes (limit ${max})`);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > max) throw new HttpProblem(413, `Request body too large: over ${max} bytes`);
      chunks.push(chunk);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new HttpProblem(400, 'Input payload validation failed', {
        body: `is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }

  private dispatch(name: EndpointName, p: Record<string, string>, query: unknown, body: unknown): unknown {
    const s = this.service;
    const org = p.org ?? '';

    switch (name) {
      case 'listAttestationsForCommits':
        return s.listAttestationsForCommits(org, query as never);
      case 'listTrails':
        return s.listTrails(org, query as never);
      case 'getDeployment':
        return s.getDeployment(org, p.env_name ?? '', p.fingerprint ?? '');
      case 'reportArtifact': {
        const { message } = s.reportArtifact(org, p.flow_name ?? '', body as never);
        return { message: message + (s.data.hostile_text ?? '') };
      }
      case 'listFlowAttestations':
        return s.listFlowAttestations(org, p.flow_name ?? '', query as never);
      case 'getArtifact':
        return s.getArtifact(org, p.flow_name ?? '', p.fingerprint ?? '', query as never);
      case 'diffEnvironments':
        return s.envDiff(org, query as never);
      case 'reportK8sEnvironment': {
        const { message, errors, created } = s.reportK8s(org, p.env_name ?? '', body as never);
        // The spec documents 200 as "processed, no new snapshot"; a new snapshot is 201 Created.
        return new WithStatus(created ? 201 : 200, {
          message: message + (s.data.hostile_text ?? ''),
          errors,
        });
      }
      case 'listActions':
        return s.listActions(org);
    }
  }

  /** Writes the state atomically: a temporary file, flushed, then renamed over the data file. */
  private persist(): void {
    const file = this.options.dataFile;
    if (!file) return;
    const temp = `${file}.${process.pid}.tmp`;
    const fd = openSync(temp, 'w');
    try {
      writeSync(fd, JSON.stringify(this.service.data));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  }
}
