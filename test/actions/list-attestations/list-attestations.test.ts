/**
 * list-attestations in-process: reading its inputs (the time window), counting, the summary (through the step), and
 * the step run against the sandbox (under both answer profiles) or a loopback server that answers what the sandbox
 * would not; what the listing actions do alike on the way out is in ../listing.test.ts. The bundle keeps its contract
 * in test/dist/module-load.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { PROFILES } from '@compliance-actions/sandbox/profile';
import { InputError } from '../../../src/errors/errors.js';
import { Attestation } from '../../../src/api/schemas/index.js';
import { action, readInputs } from '../../../src/actions/list-attestations.js';
import type { Paging } from '../../../src/runtime/paging.js';
import { CONNECTION, readerOf } from '../../helpers/inputs.js';
import { outputFile } from '../../helpers/runner.js';
import { json, type Handler } from '../../helpers/server.js';
import { namesUnder, useLoopbackStep, useSandboxStep } from '../../helpers/step-against.js';

const NOW = Date.parse('2026-11-04T12:00:00Z') / 1000;
const at = (iso: string) => Date.parse(iso) / 1000;

const read = (inputs: Record<string, string>) =>
  readInputs(readerOf({ ...CONNECTION, ...{ flow: 'backend' }, ...inputs }), '/tmp', NOW);

const attestation = (name: string, isCompliant: boolean | null | undefined): Attestation =>
  Attestation.parse({
    attestation_name: name,
    attestation_type: 'junit',
    created_at: at('2026-11-02T09:00:00Z'),
    ...(isCompliant !== undefined && { is_compliant: isCompliant }),
  });

const ALL: Paging = { all: true, perPage: 100, maxItems: 1000 };

const ask = useLoopbackStep('list-attestations', { flow: 'backend' });
/** The summary of the step listing `attestations` of backend, answered by a loopback server, with `inputs`. */
const summaryOf = async (attestations: object[], inputs: Record<string, string> = {}) =>
  (await ask({ data: attestations }, inputs)).summary;

describe('list-attestations inputs', () => {
  it('reads the flow, and the window as Unix seconds: ISO 8601, seconds, or a time ago from now', () => {
    const inputs = read({ from: '7d', to: '2026-11-03T12:30:00+01:00' });
    expect(inputs).toMatchObject({ flow: 'backend', from: NOW - 7 * 86_400, to: at('2026-11-03T11:30:00Z') });
    expect(inputs.paging).toEqual(ALL);
    expect(read({ from: '1793610000' })).toMatchObject({ from: 1793610000, to: undefined });
    expect(read({})).toMatchObject({ from: undefined, to: undefined });
    // A window of one instant: from equal to to.
    expect(read({ from: '2026-11-02', to: '1793577600' })).toMatchObject({
      from: 1793577600,
      to: 1793577600,
    });
  });

  it.each([
    [{ flow: '' }, "Invalid input 'flow': is required. Expected a name starting"],
    [{ flow: 'my flow' }, "Invalid input 'flow': 'my flow' is not valid"],
    // Each form of a time: test/context/time.test.ts; a date later than to: ../listing.test.ts, through the step.
    [{ to: '1793534400000' }, "Invalid input 'to': '1793534400000' is too large for Unix seconds"],
    // An hour ago is later than two hours ago.
    [
      { from: '1h', to: '2h' },
      "Invalid input 'from': '1h' (2026-11-04T11:00:00Z) is later than to '2h' (2026-11-04T10:00:00Z)",
    ],
  ])('refuses %j, naming the input', (inputs, message) => {
    expect(() => read(inputs)).toThrow(InputError);
    expect(() => read(inputs)).toThrow(message);
  });

  it('names the flow in what it could not do, and keeps the query for the result file', () => {
    const inputs = read({ from: '2026-11-01', page: '2' });
    expect(action.couldNot(inputs)).toBe('Could not list the attestations of backend');
    expect(action.couldNot(undefined)).toBe('Could not list the attestations');
    expect(action.describe?.(inputs)).toEqual({
      flow: 'backend',
      from: at('2026-11-01T00:00:00Z'),
      paging: { all: false, page: 2, perPage: undefined },
    });
  });
});

// Only is_compliant false counts as non-compliant, not an attestation that does not say: the headings below.
describe('list-attestations counting and summary', () => {
  it('gives the window and one row per attestation', async () => {
    const summary = await summaryOf(
      [
        { ...attestation('unit-tests', true), html_url: 'https://ui.example.test/a/1', reported_by: 'ci' },
        Attestation.parse({
          ...attestation('snyk-scan', false),
          description: '3 high',
          trail_name: 'release-7',
          git_commit_info: {
            sha1: 'c'.repeat(40),
            message: 'Fix it\n\nbody',
            url: 'https://git.example.test/c',
          },
        }),
      ],
      { from: '2026-11-01T00:00:00Z', to: '2026-11-03T00:00:00Z' },
    );
    expect(summary).toContain('### Attestations of backend: 2 listed, 1 non-compliant\n');
    expect(summary).toContain('Created from 2026-11-01T00:00:00Z to 2026-11-03T00:00:00Z. ');
    expect(summary).toContain(
      '| [unit-tests](https://ui.example.test/a/1) | junit | ✅ yes |  |  | 2026-11-02T09:00:00Z | ci |  |',
    );
    expect(summary).toContain(
      '| snyk-scan | junit | ❌ no | release-7 | [ccccccc Fix it](https://git.example.test/c) | 2026-11-02T09:00:00Z |  | 3 high |',
    );
  });

  it('leaves the compliant cell empty when the service does not say, and counts those in the heading', async () => {
    const summary = await summaryOf([
      attestation('tests', null),
      attestation('lint', undefined),
      attestation('e', false),
    ]);
    expect(summary).toContain('| tests | junit |  |  |  | 2026-11-02T09:00:00Z |  |  |');
    expect(summary).toContain(
      '### Attestations of backend: 3 listed, 1 non-compliant, 2 without a verdict\n',
    );
  });

  it("shows an override's verdict as one, in the gate's words; who and why in their columns", async () => {
    const override = (name: string, isCompliant: boolean | null) =>
      Attestation.parse({
        ...attestation(name, isCompliant),
        attestation_type: 'override',
        reported_by: 'alice',
        description: 'hotfix approved by CAB',
      });
    const summary = await summaryOf([
      override('pull-request', true),
      override('review', false),
      override('x', null),
    ]);
    expect(summary).toContain(
      '| pull-request | override | ✅ overridden as compliant |  |  | 2026-11-02T09:00:00Z | alice | hotfix approved by CAB |',
    );
    expect(summary).toContain('| review | override | ❌ overridden as non-compliant |');
    expect(summary).toContain('| x | override | overridden, no verdict |');
    expect(summary).toContain(
      '### Attestations of backend: 3 listed, 1 non-compliant, 1 without a verdict\n',
    );
  });

  it('says so when nothing matches, without a table', async () => {
    const summary = await summaryOf([], { from: '2030-01-01T00:00:00Z' });
    expect(summary).toContain('Created from 2030-01-01T00:00:00Z. ');
    expect(summary).toContain('No attestations match.');
    expect(summary).not.toContain('| Name |');
  });
});

const list = useSandboxStep('list-attestations');

describe.each(PROFILES)('list-attestations, the sandbox answering %s', (profile) => {
  it('narrows to a time window given as Unix seconds and as ISO 8601 with an offset', async () => {
    const inputs = { flow: 'backend', from: '1793610000', to: '2026-11-02T10:10:00+01:00' };
    const result = await list(profile, inputs);
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ count: '3', 'non-compliant': '0' });
    const saved = outputFile(result, 'result-file') as { attestations: Attestation[] };
    expect(saved).toMatchObject({ from: 1793610000, to: at('2026-11-02T09:10:00Z') });
    const listed = namesUnder(profile)(['snyk-scan', 'unit-tests', 'pull-request']);
    expect(saved.attestations.map((a) => a.attestation_name)).toEqual(listed);
    expect(saved.attestations.map((a) => a.is_compliant)).toEqual([true, true, true]);
    expect(result.summary).toContain('Created from 2026-11-02T09:00:00Z to 2026-11-02T09:10:00Z.');
  });
});

describe('list-attestations against a loopback server', () => {
  /** The query the step sent to a service that lists no attestations, for flow `app`. */
  async function sentQuery(inputs: Record<string, string>): Promise<Record<string, string>> {
    const result = await ask({ data: [] }, { flow: 'app', ...inputs });
    expect(result.code).toBe(0);
    expect(result.requests).toHaveLength(1);
    expect(result.requests[0]?.url.pathname).toBe('/api/v2/attestations/acme/app');
    return Object.fromEntries(result.requests[0]?.url.searchParams ?? []);
  }

  it('sends the window as integer Unix seconds: ISO dates (UTC), and times ago from now; one page as asked', async () => {
    expect(await sentQuery({ from: '2026-11-03', to: '2026-11-03T12:30:00Z' })).toEqual({
      from_timestamp: String(Date.parse('2026-11-03T00:00:00Z') / 1000),
      to_timestamp: String(Date.parse('2026-11-03T12:30:00Z') / 1000),
      page: '1',
      per_page: '100',
    });
    const before = Math.floor(Date.now() / 1000);
    const query = await sentQuery({ from: '7d', to: '12h' });
    const after = Math.floor(Date.now() / 1000);
    const from = Number(query.from_timestamp);
    expect(from).toBeGreaterThanOrEqual(before - 7 * 86_400);
    expect(from).toBeLessThanOrEqual(after - 7 * 86_400);
    expect(Number(query.to_timestamp) - from).toBe(7 * 86_400 - 12 * 3600);
    // One page, as asked.
    expect(await sentQuery({ page: '2', 'per-page': '5' })).toEqual({ page: '2', per_page: '5' });
  });

  it('fails with outcome error and no counts when a later page fails', async () => {
    const item = (i: number) => ({ attestation_name: `a${i}`, attestation_type: 'generic', created_at: i });
    const answer: Handler = (req, res) =>
      req.url.searchParams.get('page') === '1'
        ? json(res, 200, {
            data: Array.from({ length: 100 }, (_, i) => item(i)),
            pagination: { total: 250, page: 1, per_page: 100, page_count: 3 },
          })
        : json(res, 500, { message: 'database on fire' });
    const result = await ask(answer, {}, { env: { COMPLIANCE_RETRIES: '0' } });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      '::error::GET /attestations/{org}/{flow_name} failed with HTTP 500 Internal Server Error: database on fire',
    );
    expect(result.requests.map((r) => r.url.searchParams.get('page'))).toContain('2');
    // No count of a part of the list: only the outcome and where the error is kept.
    expect(Object.keys(result.outputs).sort()).toEqual(['outcome', 'result-file']);
    expect(result.outputs.outcome).toBe('error');
    const saved = outputFile(result, 'result-file') as Record<string, unknown>;
    expect(saved).toMatchObject({ outcome: 'error', flow: 'backend', error: { kind: 'api' } });
    expect(saved.attestations).toBeUndefined();
  });
});
