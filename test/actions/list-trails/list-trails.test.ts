/**
 * list-trails in-process: its filters and what counts as non-compliant. The bundle run against the service is
 * test/dist/list-trails.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { Trail } from '../../../src/api/schemas/index.js';
import {
  action,
  filtersOf,
  isNonCompliant,
  readInputs,
  summarize,
  type ListTrailsResult,
} from '../../../src/actions/list-trails.js';
import { CONNECTION, readerOf } from '../../helpers/inputs.js';

const FINGERPRINT = '9e5f20177e2131a174e6d70d947a1244919fcb0ef41d1ce7e975f79d068f647d';

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

  it.each([
    [{ flow: 'my flow' }, "Invalid input 'flow': 'my flow' is not valid"],
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
    ['compliance_state NON-COMPLIANT', { compliance_state: 'NON-COMPLIANT' }, true],
    ['compliance_state COMPLIANT', { compliance_state: 'COMPLIANT' }, false],
    ['compliance_state INCOMPLETE', { compliance_state: 'INCOMPLETE' }, false],
    [
      'compliance_status.status when there is no compliance_state',
      { compliance_status: { status: 'NON-COMPLIANT' } },
      true,
    ],
    [
      'compliance_state over compliance_status.status',
      { compliance_state: 'COMPLIANT', compliance_status: { status: 'NON-COMPLIANT' } },
      false,
    ],
    // A named state decides, unless is_compliant contradicts it: then non-compliant (fails closed).
    ['COMPLIANT and is_compliant true', { compliance_state: 'COMPLIANT', is_compliant: true }, false],
    ['COMPLIANT, but is_compliant false', { compliance_state: 'COMPLIANT', is_compliant: false }, true],
    [
      'COMPLIANT, but compliance_status.is_compliant false',
      { compliance_state: 'COMPLIANT', is_compliant: true, compliance_status: { is_compliant: false } },
      true,
    ],
    ['INCOMPLETE, but is_compliant true', { compliance_state: 'INCOMPLETE', is_compliant: true }, true],
    ['INCOMPLETE and is_compliant false', { compliance_state: 'INCOMPLETE', is_compliant: false }, false],
    // A state spelled otherwise than the service names: is_compliant is the verdict.
    ['"compliant" and is_compliant true', { compliance_state: 'compliant', is_compliant: true }, false],
    [
      '"Non-Compliant" and is_compliant false',
      { compliance_state: 'Non-Compliant', is_compliant: false },
      true,
    ],
    ['"OVERRIDDEN" and is_compliant false', { compliance_state: 'OVERRIDDEN', is_compliant: false }, true],
    [
      'a status spelled otherwise, read by its own is_compliant',
      { compliance_status: { status: 'non_compliant', is_compliant: false } },
      true,
    ],
    ['"Non-Compliant" without is_compliant: not read', { compliance_state: 'Non-Compliant' }, false],
    // Without a state, is_compliant false counts.
    ['is_compliant false without a state', { is_compliant: false }, true],
    [
      'compliance_status.is_compliant false without a state',
      { compliance_status: { is_compliant: false } },
      true,
    ],
    ['is_compliant null without a state', { is_compliant: null }, false],
    ['nothing said', {}, false],
  ])('%s', (_label, fields, expected) => {
    expect(isNonCompliant(trail(fields))).toBe(expected);
  });

  it('the summary shows a state read by is_compliant as read, with the spelling given, never as "no state"', () => {
    const trails = [
      trail({ name: 'a', compliance_state: 'compliant', is_compliant: true }),
      trail({ name: 'b', compliance_state: 'COMPLIANT', is_compliant: false }),
      trail({ name: 'c', compliance_state: 'Non-Compliant', is_compliant: false }),
      trail({
        name: 'd',
        compliance_state: 'NON-COMPLIANT',
        compliance_status: {
          attestations_statuses: [
            { attestation_name: 'review', status: 'OVERRIDDEN', is_compliant: false },
            { attestation_name: 'tests', status: 'MISSING', is_compliant: true },
            { attestation_name: 'scan', status: 'complete', is_compliant: true },
          ],
        },
      }),
    ];
    const read = { items: trails, total: trails.length, truncated: false, pagesRead: 1 };
    const paging = { all: true, maxItems: 1000, perPage: 100 } as const;
    const result: ListTrailsResult = {
      url: 'https://x.invalid/api/v2/trails/acme',
      filters: {},
      paging,
      count: trails.length,
      nonCompliant: trails.filter(isNonCompliant).length,
      total: read.total,
      truncated: false,
      pagesRead: 1,
      trails,
    };
    const text = summarize(result, read, paging).toString();
    expect(result.nonCompliant).toBe(3);
    expect(text).toContain('### Trails: 4 listed, 3 non-compliant\n');
    expect(text).toContain('| ✅ COMPLIANT (given as "compliant", is_compliant true) |');
    expect(text).toContain('| ❌ NON-COMPLIANT (given as COMPLIANT, but is_compliant false) |');
    expect(text).toContain('| ❌ NON-COMPLIANT (given as "Non-Compliant", is_compliant false) |');
    expect(text).toContain('| non-compliant: review, tests |');
  });
});
