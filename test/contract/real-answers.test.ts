/**
 * The service's own answers, which nobody here wrote (shared/reference/real-answers, provenance in its SOURCES.md):
 * each is served from a loopback server to the step of the sub-action that reads it (in-process, started as src/main.ts
 * starts it), and the step must give the outcome that answer means. Every file of the folder is a case, found by its
 * folder (the operation) and its name (a status `-NNN-`, `request` for a request the service documents, `adjacent-` for
 * an item of another endpoint's answer that has the same model); a file a case cannot be made for fails the test, so a
 * new sample is never skipped.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '../../src/api/endpoints.js';
import { pod, podList, running } from '../helpers/pods.js';
import type { ActionName } from '../../src/actions/index.js';
import { useInProcessAction } from '../helpers/in-process.js';
import { ROOT, type RunResult } from '../helpers/runner.js';
import { useSandbox } from '../helpers/sandbox.js';
import { TEST_TOKEN } from '../helpers/secrets.js';
import { startServer } from '../helpers/server.js';

const SAMPLES = join(ROOT, '../shared/reference/real-answers');
/** A request the service documents (a body it takes), not an answer. */
const isRequest = (id: string) => /(?:^|-)request(?:-|\.json$)/.test(basename(id));
const FP = 'f'.repeat(64);
const SHA = 'e'.repeat(40);

type Json = unknown;
interface Sample {
  /** `<folder>/<file>`, as SOURCES.md names it. */
  id: string;
  body: Json;
  status: number;
}

/** What a step is given, what the server answers to its one operation, and what the step must make of it. */
interface Case {
  action: string;
  operation: EndpointName;
  inputs: Record<string, string>;
  answer: { status: number; body: Json };
  expect(result: RunResult): void;
}

function samples(): Sample[] {
  return readdirSync(SAMPLES, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const status = /(?:^|-)(\d{3})-/.exec(basename(file))?.[1];
      return {
        id: file,
        body: JSON.parse(readFileSync(join(SAMPLES, file), 'utf8')) as Json,
        status: status === undefined ? 200 : Number(status),
      };
    });
}

const work = mkdtempSync(join(tmpdir(), 'real-answers-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
writeFileSync(
  join(work, 'pods.json'),
  JSON.stringify(podList([pod('web-1', { ns: 'shop', statuses: [running('nginx:1.27', FP)] })])),
);

const object = (value: Json): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** A failure the service answered: the step fails with outcome error, and says the status and the service's words. */
function failedWith(status: number, body: Json) {
  return (result: RunResult) => {
    expect(result.code).toBe(1);
    expect(result.outputs.outcome).toBe('error');
    const said = object(body).message;
    const error = result.stdout.split('\n').find((line) => line.startsWith('::error'));
    expect(error).toContain(`HTTP ${status}`);
    if (typeof said === 'string' && said.trim() !== '') expect(error).toContain(said.trim());
  };
}

/** The step read the answer: it did not fail, and its outcome is one the action documents for a read. */
function read(outcome: string | RegExp, more: (result: RunResult) => void = () => undefined) {
  return (result: RunResult) => {
    expect(result.stdout.split('\n').filter((l) => l.startsWith('::error'))).toEqual([]);
    expect(result.outputs.outcome).toMatch(outcome);
    more(result);
  };
}

const k8s = { environment: 'aws-prod', 'pods-file': 'pods.json' };

/** The one case each sample is served in, by its folder; `_common` answers are served to a read and a write. */
function casesOf(sample: Sample): Case[] {
  const { body, status } = sample;
  const folder = dirname(sample.id);
  const name = basename(sample.id);
  const error = status >= 400;
  /** `served`: the body as the server gives it, when the sample is only part of an answer. */
  const make = (
    action: string,
    operation: EndpointName,
    inputs: Record<string, string>,
    ok: Case['expect'],
    served: Json = body,
  ) => ({
    action,
    operation,
    inputs,
    answer: { status, body: served },
    expect: error ? failedWith(status, body) : ok,
  });
  const reportK8s = make('report-k8s-env', 'reportK8sEnvironment', k8s, read('reported'));
  const artifact = { flow: 'differ-ci', fingerprint: FP, name: 'differ' };
  const reportArtifact = make('report-artifact', 'reportArtifact', artifact, read('reported'));
  switch (folder) {
    case '_common':
      return [
        reportK8s,
        reportArtifact,
        ...(error
          ? [make('get-deployment', 'getDeployment', { environment: 'aws-prod', fingerprint: FP }, read(''))]
          : []),
      ];
    case 'diff-environments': {
      // Asked for the very snapshots the answer names, so that it is about the question.
      const id = (group: string) => {
        const named = object(object(body)[group]).snapshot_id;
        return typeof named === 'string' ? named : 'aws-beta';
      };
      const only = (group: string) =>
        (object(object(body)[group]).artifacts as unknown[] | undefined)?.length;
      return [
        make(
          'diff-envs',
          'diffEnvironments',
          { 'snapshot-1': id('snappish1'), 'snapshot-2': id('snappish2'), compliance: 'false' },
          read(/^(same|different)$/, (result) => {
            expect(result.outputs['snapshot-1-id']).toBe(id('snappish1'));
            expect(result.outputs['snapshot-2-id']).toBe(id('snappish2'));
            expect(Number(result.outputs['only-in-1'])).toBe(only('snappish1') ?? 0);
          }),
        ),
      ];
    }
    case 'get-artifact':
      return [make('get-artifact', 'getArtifact', { flow: 'differ-ci', fingerprint: FP }, read(/./))];
    case 'list-actions':
      // One element of the list (the legacy endpoint's model): served as the list of one.
      return [
        make(
          'list-actions',
          'listActions',
          {},
          read(/^(healthy|failing)$/, (r) => expect(r.outputs.count).toBe('1')),
          [body],
        ),
      ];
    case 'list-attestations-for-criteria': {
      const commits = Object.keys(object(object(body).attestations ?? body));
      const shas = commits.filter((c) => /^[a-f0-9]{40}$/.test(c));
      // A sample whose keys are no commit (a hand-written mock) cannot be asked about: it is not about the question.
      const about = shas.length === commits.length && shas.length > 0;
      return [
        make(
          'check-attestations-for-commit',
          'listAttestationsForCommits',
          { commits: (about ? shas : [SHA]).join('\n') },
          about
            ? read(/^(compliant|non-compliant)$/)
            : (result) => {
                expect(result.outputs.outcome).toBe('error');
                expect(result.stdout).toContain('::error::unexpected response from GET /attestations/');
              },
        ),
      ];
    }
    case 'list-flow-attestations': {
      // The `data` member of a page, or a bare list of the same model (adjacent): served as one page.
      const items = Array.isArray(body) ? body : [];
      const listed = read('listed', (r) => expect(r.outputs.count).toBe(String(items.length)));
      const page = Array.isArray(body) ? { data: body } : body;
      return [make('list-attestations', 'listFlowAttestations', { flow: 'differ-ci' }, listed, page)];
    }
    case 'list-trails': {
      // A trail of GET trail has exactly a list item's fields: served as a page of one.
      const page = name.startsWith('adjacent-') ? { data: [body] } : body;
      const count = (object(page).data as unknown[] | undefined)?.length ?? 0;
      return [
        make(
          'list-trails',
          'listTrails',
          {},
          read('listed', (r) => expect(r.outputs.count).toBe(String(count))),
          page,
        ),
      ];
    }
    case 'report-artifact':
      return [reportArtifact];
    case 'report-k8s-environment':
      return [reportK8s];
  }
  throw new Error(`${sample.id}: no sub-action reads answers of '${folder}'; say which in this test`);
}

/** The path template of an operation as a pattern of the request's path. */
const pathOf = (operation: EndpointName) =>
  new RegExp(`^/api/v2${endpoints[operation].path.replace(/\{\w+\}/g, '[^/]+')}$`);

const all = samples();
const runStep = useInProcessAction();

describe('the service answers a step reads as they mean', () => {
  // casesOf throws for a sample it has no case for, so a new sample fails the file rather than being skipped.
  it('finds every sample', () => expect(all.length).toBeGreaterThanOrEqual(35));

  const answers = all
    .filter((sample) => !isRequest(sample.id))
    .flatMap((sample) => casesOf(sample).map((c) => [`${sample.id} through ${c.action}`, c] as const));

  it.each(answers)('%s', async (_, c) => {
    const server = await startServer((req, res) => {
      const served = req.url.pathname.match(pathOf(c.operation)) !== null;
      const text = served ? JSON.stringify(c.answer.body) : JSON.stringify({ message: 'not served here' });
      res.writeHead(served ? c.answer.status : 404, { 'content-type': 'application/json' });
      res.end(text);
    });
    try {
      const result = await runStep(c.action as ActionName, {
        cwd: work,
        inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'cyber-dojo', ...c.inputs },
        github: { GITHUB_SHA: SHA },
        env: { COMPLIANCE_RETRIES: '0' },
      });
      expect(
        server.requests.some((r) => pathOf(c.operation).test(r.url.pathname)),
        'the operation was asked',
      ).toBe(true);
      c.expect(result);
    } finally {
      await server.close();
    }
  });
});

describe('the requests the service documents are accepted by the sandbox', () => {
  const start = useSandbox();
  const requests = all.filter((sample) => isRequest(sample.id));

  it.each(requests.map((r) => [r.id, r] as const))('%s', async (_, sample) => {
    const sb = await start();
    const path: Record<string, string> = {
      'report-artifact': '/artifacts/demo/backend',
      'report-k8s-environment': '/environments/demo/staging/report/K8S',
    };
    const at = path[dirname(sample.id)];
    if (at === undefined)
      throw new Error(`${sample.id}: no operation takes requests of this folder; say which here`);
    const res = await sb.fetch(at, {
      method: at.includes('/report/') ? 'PUT' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sample.body),
    });
    expect([200, 201], await res.text()).toContain(res.status);
  });
});
