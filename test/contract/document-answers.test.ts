/**
 * Every answer the served OpenAPI document admits is read. For each operation, fast-check draws answers
 * from the document's success schema, from required-only to everything, with unknown fields and integer or fractional
 * numbers (test/helpers/json-schema-arbitrary.ts); a loopback server gives each to the client and to the step that
 * reads it, run in-process without a gate. The answer is made to be about the question where it names what was asked
 * (a fingerprint, a flow, a snapshot, the commits), since one about something else is rightly refused. Then none may
 * end in "unexpected response", nor crash: what the document allows, the bundle reads.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '../../src/api/endpoints.js';
import { ComplianceClient, resolveConnection } from '../../src/api/index.js';
import { ACTIONS, type ActionName } from '../../src/actions/index.js';
import { InputReader } from '../../src/context/inputs.js';
import { ComplianceError } from '../../src/errors/errors.js';
import type { StepResult } from '../../src/runtime/step.js';
import { openApiDocument } from '@compliance-actions/sandbox/openapi';
import { inputEnv } from '../helpers/inputs.js';
import { pod, podList } from '../helpers/pods.js';
import { arbitraryFromSchema, type JsonSchema } from '../helpers/json-schema-arbitrary.js';
import { DEFAULT_GITHUB } from '../helpers/runner.js';
import { TEST_TOKEN } from '../helpers/secrets.js';
import { startServer, type TestServer } from '../helpers/server.js';

const FP = 'a'.repeat(64);
const SHAS = ['1'.repeat(40), '2'.repeat(40), '3'.repeat(40)];
const RUNS = 60;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The answer the server gives next, for each operation. */
const next = new Map<EndpointName, unknown>();
let server: TestServer;
const work = mkdtempSync(join(tmpdir(), 'document-answers-'));
const podsFile = join(work, 'pods.json');
const schemas = new Map<EndpointName, JsonSchema>();

beforeAll(async () => {
  const doc = (await openApiDocument()) as {
    paths: Record<string, Record<string, { responses: Record<string, { content?: Json }> }>>;
  };
  for (const [name, spec] of Object.entries(endpoints) as [
    EndpointName,
    (typeof endpoints)[EndpointName],
  ][]) {
    const responses = doc.paths[spec.path]?.[spec.method.toLowerCase()]?.responses ?? {};
    const content = responses[String(spec.statuses[0])]?.content?.['application/json'] as
      { schema: JsonSchema } | undefined;
    if (!content) throw new Error(`the document has no answer for ${name}`);
    schemas.set(name, content.schema);
  }
  server = await startServer((req, res) => {
    const path = req.url.pathname.replace(/^\/api\/v2/, '');
    const name = (Object.entries(endpoints) as [EndpointName, { method: string; path: string }][]).find(
      ([, spec]) =>
        spec.method === req.method && new RegExp(`^${spec.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(path),
    )?.[0];
    const drawn = name === undefined ? undefined : next.get(name);
    if (name === undefined || drawn === undefined) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `nothing drawn for ${req.method} ${path}` }));
      return;
    }
    const answer = aboutTheQuestion(name, drawn, req.url);
    res.writeHead(name === 'reportArtifact' ? 201 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  });
  // A container status without its name, as kubectl may give one.
  const status = { image: 'ghcr.io/acme/web:1.0', imageID: `ghcr.io/acme/web@sha256:${FP}` };
  const pods = [pod('web-1', { ns: 'shop', statuses: [status] })];
  writeFileSync(podsFile, JSON.stringify(podList(pods)));
});

afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

/** Where the answer names what was asked and may name it, it names it as asked (absent stays absent). */
function aboutTheQuestion(name: EndpointName, drawn: unknown, url: URL): unknown {
  const answer: unknown = structuredClone(drawn);
  const segments = url.pathname.split('/').map(decodeURIComponent);
  const given = (o: Json, key: string, value: unknown) => {
    if (key in o && o[key] !== null) o[key] = value;
  };
  switch (name) {
    case 'listAttestationsForCommits': {
      // The drawn lists, under the commits asked; each names its own commit where it names one.
      const asked = url.searchParams.getAll('commit_list');
      const lists = isObject(answer) ? Object.values(answer) : [];
      return Object.fromEntries(
        asked.map((sha, i) => {
          const list = Array.isArray(lists[i]) ? (lists[i] as unknown[]) : [];
          for (const a of list)
            if (isObject(a) && isObject(a.git_commit_info)) given(a.git_commit_info, 'sha1', sha);
          return [sha, list];
        }),
      );
    }
    case 'getDeployment':
      if (isObject(answer)) {
        given(answer, 'env_name', segments.at(-2));
        given(answer, 'fingerprint', segments.at(-1));
      }
      return answer;
    case 'getArtifact':
      if (isObject(answer)) {
        answer.fingerprint = segments.at(-1);
        answer.flow_name = segments.at(-3);
      }
      return answer;
    case 'diffEnvironments':
      if (isObject(answer)) {
        const ids: Record<string, string> = {
          snappish1: url.searchParams.get('snappish1') ?? '',
          snappish2: url.searchParams.get('snappish2') ?? '',
          changed: url.searchParams.get('snappish2') ?? '',
          'not-changed': url.searchParams.get('snappish1') ?? '',
        };
        for (const [g, [group, id]] of Object.entries(ids).entries()) {
          const item = answer[group];
          if (!isObject(item)) continue;
          given(item, 'snapshot_id', id);
          // Fingerprints and flows the lookups can ask about, so the drawn artifact answers are read too (the
          // malformed ones are diff-envs' steps.test.ts's).
          const artifacts = Array.isArray(item.artifacts) ? (item.artifacts as unknown[]) : [];
          artifacts.forEach((a, i) => {
            if (!isObject(a)) return;
            a.fingerprint = `${g}${i.toString(16)}`.padEnd(64, 'f');
            given(a, 'flow', 'backend');
          });
        }
      }
      return answer;
    default:
      return answer;
  }
}

/** The client call and the step (without a gate) that read each operation's answer, and what else the step asks. */
type Reader = [
  (c: ComplianceClient) => Promise<unknown>,
  ActionName,
  Record<string, string>,
  EndpointName[]?,
];
const readers: Record<EndpointName, Reader> = {
  listAttestationsForCommits: [
    (c) => c.listAttestationsForCommits({ commit_list: SHAS }),
    'check-attestations-for-commit',
    { commits: SHAS.join('\n') },
  ],
  listTrails: [(c) => c.listTrails({ page: 1, per_page: 5 }), 'list-trails', { 'max-items': '5' }],
  // fail-if-missing is a gate on the answer's identity (tested through the bundle): without it, a lookup.
  getDeployment: [
    (c) => c.getDeployment('prod', FP),
    'get-deployment',
    { environment: 'prod', fingerprint: FP, 'fail-if-missing': 'false' },
  ],
  reportArtifact: [
    (c) => c.reportArtifact('backend', { fingerprint: FP, filename: 'a', build_url: 'b', commit_url: 'c' }),
    'report-artifact',
    { flow: 'backend', fingerprint: FP, name: 'app.bin' },
    ['getArtifact'],
  ],
  listFlowAttestations: [
    (c) => c.listFlowAttestations('backend', { page: 1, per_page: 5 }),
    'list-attestations',
    { flow: 'backend', 'max-items': '5' },
  ],
  getArtifact: [(c) => c.getArtifact('backend', FP), 'get-artifact', { flow: 'backend', fingerprint: FP }],
  diffEnvironments: [
    (c) => c.diffEnvironments('prod#1', 'staging#2'),
    'diff-envs',
    { 'snapshot-1': 'prod#1', 'snapshot-2': 'staging#2' },
    ['getArtifact'],
  ],
  reportK8sEnvironment: [
    (c) => c.reportK8sEnvironment('prod', { artifacts: [] }),
    'report-k8s-env',
    { environment: 'prod', 'pods-file': podsFile },
  ],
  listActions: [(c) => c.listActions(), 'list-actions', {}],
};

async function runStep(actionName: ActionName, inputs: Record<string, string>): Promise<StepResult> {
  const { action } = await ACTIONS[actionName]();
  const connection = { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme', summary: 'true' };
  const env = {
    ...DEFAULT_GITHUB,
    GITHUB_SHA: SHAS[0],
    GITHUB_WORKSPACE: work,
    RUNNER_TEMP: work,
    COMPLIANCE_RETRIES: '0',
    ...inputEnv({ ...connection, ...inputs }),
  };
  // The definition's own read and run: what the finisher would be handed (read is typed per action).
  const definition = action as unknown as {
    read: (reader: InputReader, cwd: string) => Promise<unknown>;
    run: (inputs: unknown) => Promise<StepResult>;
  };
  return definition.run(await definition.read(new InputReader(env), work));
}

/** What a thrown error says: the kind of a ComplianceError (`unexpected-response`...), or a crash with its stack. */
function thrownText(thrown: unknown): string {
  return thrown instanceof ComplianceError
    ? `${thrown.kind}: ${thrown.message}`
    : `crash: ${thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown)}`;
}

/** What is wrong with a step's result, or 'read': an outcome of error, or a summary or comment that cannot be written. */
function stepText(step: StepResult): string {
  step.summary?.toString();
  step.comment?.body();
  if (step.outcome === 'error') return `outcome error: ${JSON.stringify(step.result.error ?? step.failure)}`;
  // A part the step read on the way (diff-envs' lookups, report-artifact's read-back) is a warning, not an error:
  // an unexpected response there is as much a failure to read what the document allows.
  const inside = /[^"]*unexpected[ -]response[^"]*/.exec(JSON.stringify(step.result));
  return inside ? `a part read as an unexpected response: ${inside[0]}` : 'read';
}

describe('every answer the served document admits is read', () => {
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const [call, action, inputs, also = []] = readers[name];
    it(`${endpoints[name].method} ${endpoints[name].path}: by the client and by ${action}`, async () => {
      const others = also.map((other) => arbitraryFromSchema(schemas.get(other) as JsonSchema));
      await fc.assert(
        fc.asyncProperty(
          arbitraryFromSchema(schemas.get(name) as JsonSchema),
          fc.tuple(...others),
          async (answer, extra) => {
            next.clear();
            next.set(name, answer);
            also.forEach((other, i) => next.set(other, extra[i]));
            const connection = { baseUrl: server.origin, org: 'acme', token: TEST_TOKEN, retries: 0 };
            const client = new ComplianceClient(resolveConnection(connection));
            const read = await call(client).then(() => 'read', thrownText);
            await client.close();
            expect(read, 'the client').toBe('read');
            expect(await runStep(action, inputs).then(stepText, thrownText), action).toBe('read');
          },
        ),
        { numRuns: RUNS },
      );
    });
  }
});
