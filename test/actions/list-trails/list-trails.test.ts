/**
 * list-trails in-process: its filters and what counts as non-compliant. The bundle run against the service is
 * test/dist/list-trails.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { Trail } from '../../../src/api/schemas/index.js';
import { action } from '../../../src/actions/list-trails/index.js';
import { isNonCompliant } from '../../../src/actions/list-trails/decide.js';
import { filtersOf, readInputs } from '../../../src/actions/list-trails/inputs.js';
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
    [{ fingerprint: 'ABC' }, "Invalid input 'fingerprint': 'ABC' is not valid. Expected 64 lowercase"],
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
    // The state decides: is_compliant counts only for a trail without one.
    ['a state over is_compliant', { compliance_state: 'COMPLIANT', is_compliant: false }, false],
    ['is_compliant false without a state', { is_compliant: false }, true],
    ['is_compliant null without a state', { is_compliant: null }, false],
    ['nothing said', {}, false],
  ])('%s', (_label, fields, expected) => {
    expect(isNonCompliant(trail(fields))).toBe(expected);
  });
});
