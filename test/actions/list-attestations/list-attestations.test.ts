/**
 * list-attestations in-process: reading its inputs (the time window), counting, and the summary. The bundle run
 * against the service is test/dist/list-attestations.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/errors/errors.js';
import { Attestation } from '../../../src/api/schemas/index.js';
import {
  action,
  isNonCompliant,
  readInputs,
  summarize,
  type ListAttestationsResult,
} from '../../../src/actions/list-attestations.js';
import type { Paging } from '../../../src/runtime/paging.js';
import { CONNECTION, readerOf } from '../../helpers/inputs.js';

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

function resultOf(attestations: Attestation[], window: { from?: number; to?: number } = {}) {
  const result: ListAttestationsResult = {
    url: 'https://compliance.example.test/api/v2/attestations/acme/backend',
    flow: 'backend',
    ...window,
    paging: ALL,
    count: attestations.length,
    nonCompliant: attestations.filter(isNonCompliant).length,
    total: attestations.length,
    truncated: false,
    pagesRead: 1,
    attestations,
  };
  const list = { items: attestations, total: attestations.length, truncated: false, pagesRead: 1 };
  return summarize(result, list, ALL).toString();
}

describe('list-attestations inputs', () => {
  it('reads the flow, and the window as Unix seconds: ISO 8601, seconds, or a time ago from now', () => {
    const inputs = read({ from: '7d', to: '2026-11-03T12:30:00+01:00' });
    expect(inputs).toMatchObject({ flow: 'backend', from: NOW - 7 * 86_400, to: at('2026-11-03T11:30:00Z') });
    expect(inputs.paging).toEqual(ALL);
    expect(read({ from: '1793610000' })).toMatchObject({ from: 1793610000, to: undefined });
    expect(read({})).toMatchObject({ from: undefined, to: undefined });
  });

  it.each([
    [{ flow: '' }, "Invalid input 'flow': is required. Expected a name starting"],
    [{ flow: 'my flow' }, "Invalid input 'flow': 'my flow' is not valid"],
    [{ from: 'yesterday' }, "Invalid input 'from': 'yesterday' is not a time"],
    [{ to: '1793534400000' }, "Invalid input 'to': '1793534400000' is too large for Unix seconds"],
    [
      { from: '2026-11-03', to: '2026-11-02' },
      "Invalid input 'from': '2026-11-03' (2026-11-03T00:00:00Z) is later than to '2026-11-02' " +
        '(2026-11-02T00:00:00Z). Expected from at or before to.',
    ],
    // An hour ago is later than two hours ago.
    [
      { from: '1h', to: '2h' },
      "Invalid input 'from': '1h' (2026-11-04T11:00:00Z) is later than to '2h' (2026-11-04T10:00:00Z)",
    ],
  ])('refuses %j, naming the input', (inputs, message) => {
    expect(() => read(inputs)).toThrow(InputError);
    expect(() => read(inputs)).toThrow(message);
  });

  it('takes a window of one instant: from equal to to', () => {
    expect(read({ from: '2026-11-02', to: '1793577600' })).toMatchObject({
      from: 1793577600,
      to: 1793577600,
    });
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

describe('list-attestations counting and summary', () => {
  it('counts only is_compliant: false as non-compliant, not an attestation that does not say', () => {
    expect(
      [
        attestation('a', false),
        attestation('b', true),
        attestation('c', null),
        attestation('d', undefined),
        attestation('e', false),
      ].map(isNonCompliant),
    ).toEqual([true, false, false, false, true]);
  });

  it('gives the window and one row per attestation', () => {
    const summary = resultOf(
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
      { from: at('2026-11-01T00:00:00Z'), to: at('2026-11-03T00:00:00Z') },
    );
    expect(summary).toContain('### Attestations of backend: 2 listed, 1 non-compliant');
    expect(summary).toContain('Created from 2026-11-01T00:00:00Z to 2026-11-03T00:00:00Z. ');
    expect(summary).toContain(
      '| [unit-tests](https://ui.example.test/a/1) | junit | ✅ yes |  |  | 2026-11-02T09:00:00Z | ci |  |',
    );
    expect(summary).toContain(
      '| snyk-scan | junit | ❌ no | release-7 | [ccccccc Fix it](https://git.example.test/c) | 2026-11-02T09:00:00Z |  | 3 high |',
    );
  });

  it('leaves the compliant cell empty when the service does not say, and counts those in the heading', () => {
    const summary = resultOf([
      attestation('tests', null),
      attestation('lint', undefined),
      attestation('e', false),
    ]);
    expect(summary).toContain('| tests | junit |  |  |  | 2026-11-02T09:00:00Z |  |  |');
    expect(summary).toContain(
      '### Attestations of backend: 3 listed, 1 non-compliant, 2 without a verdict\n',
    );
    expect(resultOf([attestation('e', false)])).toContain(
      '### Attestations of backend: 1 listed, 1 non-compliant\n',
    );
  });

  it("shows an override's verdict as one, in the gate's words; who and why in their columns", () => {
    const override = (name: string, isCompliant: boolean | null) =>
      Attestation.parse({
        ...attestation(name, isCompliant),
        attestation_type: 'override',
        reported_by: 'alice',
        description: 'hotfix approved by CAB',
      });
    const summary = resultOf([
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

  it('says so when nothing matches, without a table', () => {
    const summary = resultOf([], { from: at('2030-01-01T00:00:00Z') });
    expect(summary).toContain('Created from 2030-01-01T00:00:00Z. ');
    expect(summary).toContain('No attestations match.');
    expect(summary).not.toContain('| Name |');
  });
});
