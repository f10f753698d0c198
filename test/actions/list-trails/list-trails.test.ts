/**
 * list-trails in-process: its filters, what counts as non-compliant, and the step run against the sandbox (under both
 * answer profiles) or a loopback server that answers what the sandbox would not; what the listing actions do alike on
 * the way out is in ../listing.test.ts. The bundle keeps its contract in test/dist/module-load.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { PROFILES } from '@compliance-actions/sandbox/profile';
import { Trail } from '../../../src/api/schemas/index.js';
import { action, filtersOf, isNonCompliant, readInputs } from '../../../src/actions/list-trails.js';
import { CONNECTION, readerOf } from '../../helpers/inputs.js';
import { outputFile } from '../../helpers/runner.js';
import { json, type Handler } from '../../helpers/server.js';
import { namesUnder, useLoopbackStep, useSandboxStep } from '../../helpers/step-against.js';
import {
  BACKEND_140 as FINGERPRINT,
  COMPLIANT_COMMIT as COMPLIANT_TRAIL,
  NON_COMPLIANT_COMMIT as NON_COMPLIANT_TRAIL,
  WEB_COMMIT as FRONTEND_TRAIL,
} from '@compliance-actions/sandbox/seeds/index';

const read = (inputs: Record<string, string>) => readInputs(readerOf({ ...CONNECTION, ...inputs }), '/tmp');

describe('list-trails filters', () => {
  it('sends each filter given under the name the API uses, and none that is not', () => {
    expect(filtersOf(read({ flow: 'backend', 'flow-tag': 'team=a b', fingerprint: FINGERPRINT }))).toEqual({
      flow: 'backend',
      flow_tag: 'team=a b',
      fingerprint: FINGERPRINT,
    });
    expect(filtersOf(read({ 'flow-tag': 'team=payments' }))).toEqual({ flow_tag: 'team=payments' });
    expect(filtersOf(read({}))).toEqual({});
  });

  it('keeps the filters and paging in the result file of a step that could not list', () => {
    expect(action.describe?.(read({ flow: 'backend', page: '3' }))).toEqual({
      filters: { flow: 'backend' },
      paging: { all: false, page: 3, perPage: undefined },
    });
    expect(action.couldNot(undefined)).toBe('Could not list the trails');
  });

  // A bad flow: through the step (../listing.test.ts).
  it.each([
    [{ 'flow-tag': 'team' }, "Invalid input 'flow-tag': 'team' is not valid. Expected key=value"],
    [
      { fingerprint: 'ABC' },
      "Invalid input 'fingerprint': 'ABC' is not a fingerprint. Expected 64 lowercase",
    ],
  ])('refuses a bad filter %j, naming the input', (inputs, message) => {
    expect(() => read(inputs)).toThrow(message);
  });
});

describe('list-trails: what counts as non-compliant', () => {
  const trail = (fields: Record<string, unknown>): Trail => Trail.parse({ name: 't', ...fields });

  it.each([
    [{ compliance_state: 'NON-COMPLIANT' }, true],
    [{ compliance_state: 'COMPLIANT' }, false],
    [{ compliance_state: 'INCOMPLETE' }, false],
    // compliance_status.status where there is no compliance_state, which comes first.
    [{ compliance_status: { status: 'NON-COMPLIANT' } }, true],
    [{ compliance_state: 'COMPLIANT', compliance_status: { status: 'NON-COMPLIANT' } }, false],
    // A named state decides, unless is_compliant contradicts it: then non-compliant (fails closed).
    [{ compliance_state: 'COMPLIANT', is_compliant: true }, false],
    [{ compliance_state: 'COMPLIANT', is_compliant: false }, true],
    [{ compliance_state: 'COMPLIANT', is_compliant: true, compliance_status: { is_compliant: false } }, true],
    [{ compliance_state: 'INCOMPLETE', is_compliant: true }, true],
    [{ compliance_state: 'INCOMPLETE', is_compliant: false }, false],
    // A state spelled otherwise than the service names: is_compliant is the verdict; without one, not read.
    [{ compliance_state: 'compliant', is_compliant: true }, false],
    [{ compliance_state: 'Non-Compliant', is_compliant: false }, true],
    [{ compliance_state: 'OVERRIDDEN', is_compliant: false }, true],
    [{ compliance_status: { status: 'non_compliant', is_compliant: false } }, true],
    [{ compliance_state: 'Non-Compliant' }, false],
    // Without a state, is_compliant false counts.
    [{ is_compliant: false }, true],
    [{ compliance_status: { is_compliant: false } }, true],
    [{ is_compliant: null }, false],
    [{}, false],
  ])('%j: %s', (fields, expected) => {
    expect(isNonCompliant(trail(fields))).toBe(expected);
  });
});

const ask = useLoopbackStep('list-trails');
const run = useSandboxStep('list-trails');
type Listed = { name: string | null; compliance_state: string | null }[];
const trailsOf = (result: Parameters<typeof outputFile>[0]) =>
  (outputFile(result, 'result-file') as { trails: Listed }).trails;

describe.each(PROFILES)('list-trails, the sandbox answering %s', (profile) => {
  const listed = namesUnder(profile);
  const list = (inputs: Record<string, string>, seed?: unknown) => run(profile, inputs, seed);

  it.each([
    ['flow', { flow: 'frontend' }, [FRONTEND_TRAIL], 0],
    ['flow-tag', { 'flow-tag': 'team=payments' }, [NON_COMPLIANT_TRAIL, COMPLIANT_TRAIL], 1],
    ['fingerprint', { fingerprint: FINGERPRINT }, [COMPLIANT_TRAIL], 0],
    // Nothing matches: the summary says so.
    ['flow-tag', { 'flow-tag': 'team=nobody' }, [], 0],
  ])('narrows by %s %j', async (_label, filter, names, nonCompliant) => {
    const result = await list(filter);
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({
      count: String(names.length),
      'non-compliant': String(nonCompliant),
    });
    expect(trailsOf(result).map((t) => t.name)).toEqual(listed(names));
    expect(result.summary).toContain(`Filtered by ${Object.keys(filter)[0] ?? ''} `);
    if (names.length === 0) expect(result.summary).toContain('No trails match.');
  });
});

describe('list-trails against a loopback server', () => {
  it('counts a trail that gives no state as without one, and refuses a trail of another flow than asked', async () => {
    const trails = [
      { name: 'a', flow: { name: 'app' }, compliance_state: 'NON-COMPLIANT' },
      { name: 'b', flow: { name: 'app' } },
      { name: 'c' },
    ];
    const answer: Handler = (req, res) =>
      json(res, 200, {
        data: req.url.searchParams.get('flow') === 'other' ? [{ name: 'x', flow: { name: 'app' } }] : trails,
      });
    const listed = await ask(answer, { flow: 'app' });
    expect(listed.code).toBe(0);
    expect(listed.outputs).toMatchObject({ count: '3', 'non-compliant': '1' });
    expect(listed.summary).toContain('### Trails: 3 listed, 1 non-compliant, 2 without a state\n');
    const other = await ask(answer, { flow: 'other' });
    expect(other.code).toBe(1);
    expect(other.stdout).toContain(
      '[0].flow.name is "app", not "other" as asked: the answer is about something else',
    );
  });

  it('the summary shows a state read by is_compliant as read, with the spelling given, never as "no state"', async () => {
    const result = await ask([
      { name: 'a', compliance_state: 'compliant', is_compliant: true },
      { name: 'b', compliance_state: 'COMPLIANT', is_compliant: false },
      { name: 'c', compliance_state: 'Non-Compliant', is_compliant: false },
      {
        name: 'd',
        compliance_state: 'NON-COMPLIANT',
        compliance_status: {
          attestations_statuses: [
            { attestation_name: 'review', status: 'OVERRIDDEN', is_compliant: false },
            { attestation_name: 'tests', status: 'MISSING', is_compliant: true },
            { attestation_name: 'scan', status: 'complete', is_compliant: true },
          ],
        },
      },
    ]);
    expect(result.outputs['non-compliant']).toBe('3');
    expect(result.summary).toContain('### Trails: 4 listed, 3 non-compliant\n');
    expect(result.summary).toContain('| ✅ COMPLIANT (given as "compliant", is_compliant true) |');
    expect(result.summary).toContain('| ❌ NON-COMPLIANT (given as COMPLIANT, but is_compliant false) |');
    expect(result.summary).toContain('| ❌ NON-COMPLIANT (given as "Non-Compliant", is_compliant false) |');
    expect(result.summary).toContain('| non-compliant: review, tests |');
  });

  it("names the problems of the trail's artifacts too, skipping what is malformed in artifacts_statuses", async () => {
    const result = await ask([
      {
        name: 'a',
        compliance_state: 'NON-COMPLIANT',
        compliance_status: {
          attestations_statuses: [
            { attestation_name: 'pull-request', status: 'MISSING', is_compliant: null },
          ],
          artifacts_statuses: {
            api: {
              artifact_fingerprint: FINGERPRINT,
              attestations_statuses: [
                { attestation_name: 'unit-tests', status: 'COMPLETE', is_compliant: true },
                { attestation_name: 'snyk-scan', status: 'COMPLETE', is_compliant: false },
                { attestation_name: 42, status: 'MISSING' },
                'not a status',
              ],
            },
            worker: { attestations_statuses: [{ attestation_name: 'lint', status: 'MISSING' }] },
            broken: 'not an entry',
            listless: { attestations_statuses: { attestation_name: 'odd', status: 'MISSING' } },
          },
        },
      },
      { name: 'b', compliance_state: 'INCOMPLETE', compliance_status: { artifacts_statuses: ['not a map'] } },
    ]);
    expect(result.code).toBe(0);
    expect(result.summary).toContain('| non-compliant: snyk-scan; missing: pull-request, lint |');
    expect(result.summary).toMatch(/\| b \| {2}\| ⚠️ INCOMPLETE \| {2}\| {2}\|/);
  });

  it('sends exactly the query asked for', async () => {
    const result = await ask(
      { data: [] },
      { flow: 'app', 'flow-tag': 'team=a b', page: '2', 'per-page': '5', summary: 'false' },
    );
    expect(result.code).toBe(0);
    expect(result.requests).toHaveLength(1);
    const url = result.requests[0]?.url;
    expect(url?.pathname).toBe('/api/v2/trails/acme');
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      flow: 'app',
      flow_tag: 'team=a b',
      page: '2',
      per_page: '5',
    });
    expect(result.summary).toBe('');
  });
});
