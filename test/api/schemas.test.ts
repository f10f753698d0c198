import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import { parseResponse, schemas as s, validate } from '../../src/api/index.js';

describe('request schemas', () => {
  it('checks the spec patterns', () => {
    expect(s.Fingerprint.safeParse('a'.repeat(64)).success).toBe(true);
    expect(s.Fingerprint.safeParse('A'.repeat(64)).success).toBe(false);
    expect(s.Fingerprint.safeParse('a'.repeat(63)).success).toBe(false);
    expect(s.Sha1.safeParse('0'.repeat(40)).success).toBe(true);
    expect(s.Sha1.safeParse('g'.repeat(40)).success).toBe(false);
    expect(s.FlowName.safeParse('a.b-c_d~e').success).toBe(true);
    expect(s.FlowName.safeParse('.a').success).toBe(false);
    expect(s.EnvName.safeParse('prod~1').success).toBe(false);
    expect(s.TemplateReferenceName.safeParse('build-1_x').success).toBe(true);
    expect(s.TemplateReferenceName.safeParse('build.1').success).toBe(false);
    expect(s.AttestationName.safeParse('unit,tests').success).toBe(true);
    expect(s.AttestationId.safeParse('0123abcd-0123-4567-89ab-0123abcd').success).toBe(true);
  });

  it('takes every attestation type the service names and future ones of the same form, and no other', () => {
    // The trail samples show system:decision and custom types.
    const takes =
      'snyk pull_request override system:decision custom:coverage-v2 sbom custom:Provenance.Facts_2';
    for (const type of [...takes.split(' '), 'system:gate'])
      expect(s.AttestationType.safeParse(type).success, type).toBe(true);
    const never = ['', 'custom:', ':decision', 'pull request', 'custom:code review', 'JUNIT', 'Custom:x'];
    for (const type of [...never, 'custom:-x', 'system:decision:x'])
      expect(s.AttestationType.safeParse(type).success, type).toBe(false);
  });

  it('bounds per_page at 100 and coerces numeric strings', () => {
    expect(s.ListTrailsQuery.parse({ per_page: '100' })).toEqual({ per_page: 100 });
    expect(s.ListTrailsQuery.safeParse({ per_page: 101 }).success).toBe(false);
    expect(s.ListTrailsQuery.safeParse({ per_page: 0 }).success).toBe(false);
    expect(s.ListTrailsQuery.safeParse({ page: 1.5 }).success).toBe(false);
  });

  it('accepts both forms of external_urls', () => {
    const ok = s.ExternalUrls.safeParse({
      a: 'https://x',
      b: { href: 'https://y', fingerprint: 'c'.repeat(64) },
    });
    expect(ok.success).toBe(true);
    expect(s.ExternalUrls.safeParse({ a: { url: 'https://x' } }).success).toBe(false);
  });

  // zod/mini says only "Invalid input" unless a locale is set; this file loads no classic zod (which sets English
  // itself), so it sees what the bundle sees.
  it("says what is wrong in zod's English words, as the bundle shows them", () => {
    expect(() => validate(s.ListTrailsQuery, { per_page: 101 }, 'query')).toThrow(
      "Invalid input 'query.per_page': 101 is not valid: Too big: expected number to be <=100.",
    );
    expect(() => validate(s.ListTrailsQuery, { page: 1.5 }, 'query')).toThrow(
      "Invalid input 'query.page': 1.5 is not valid: expected int, received number.",
    );
    expect(() => validate(s.K8sReportBody, { artifacts: [{ podName: 1 }] }, 'body')).toThrow(
      "Invalid input 'body.artifacts[0].podName': 1 is not valid: expected string, received number.",
    );
  });

  it('takes the K8S type only as K8S', () => {
    expect(s.K8sReportBody.safeParse({ artifacts: [], type: 'K8S' }).success).toBe(true);
    expect(s.K8sReportBody.safeParse({ artifacts: [], type: 'ECS' }).success).toBe(false);
  });
});

describe('response schemas', () => {
  it('defaults `unexpected` to false and keeps unknown fields on nested objects', () => {
    const trail = parseResponse(
      s.Trail,
      {
        name: 't',
        compliance_status: {
          status: 'INCOMPLETE',
          attestations_statuses: [{ attestation_name: 'tests', status: 'MISSING', is_compliant: null, x: 1 }],
        },
      },
      'GET /trails/{org}',
    );
    const status = trail.compliance_status?.attestations_statuses?.[0];
    expect(status?.unexpected).toBe(false);
    expect((status as Record<string, unknown>).x).toBe(1);
  });

  it('quotes a value outside an enum as text that cannot forge a log line (its first line, escaped)', () => {
    const state = (value: string) => () =>
      parseResponse(z.looseObject({ state: z.enum(['A', 'B']) }), { state: value }, 'GET /x');
    expect(state('C\n::error::x')).toThrow(
      'unexpected response from GET /x: state expected one of "A", "B", received "C"',
    );
    expect(state('C\u202e')).toThrow('received "C\\u202e"');
  });
});

describe('display-only response fields', () => {
  const trail = (fields: Record<string, unknown>) =>
    parseResponse(z.array(s.Trail), [{ name: 't', ...fields }], 'GET /trails/{org}')[0];

  it('are typed T | null, and the key is always there', () => {
    expectTypeOf<s.Trail['html_url']>().toEqualTypeOf<string | null>();
    expectTypeOf<s.Deployment['snapshot_index']>().toEqualTypeOf<number | null>();
    expectTypeOf<s.DiffArtifact['pods']>().toEqualTypeOf<(string | null)[] | null>();
    // Required keys: a reader cannot mistake "not parsed" for "not sent".
    expectTypeOf<Pick<s.Trail, 'html_url'>>().toEqualTypeOf<{ html_url: string | null }>();
    const parsed = trail({});
    expect(Object.keys(parsed ?? {})).toEqual(expect.arrayContaining(['html_url', 'created_by', 'flow']));
    expect(parsed?.html_url).toBeNull();
  });

  it('read null when missing, null or malformed, at any depth; the result stays plain JSON', () => {
    const parsed = trail({
      new_field: 1,
      html_url: 42,
      created_by: null,
      created_at: 'yesterday',
      flow: { name: 7, tags: 'x' },
      git_commit_info: { sha1: 'a'.repeat(40), message: ['x'] },
      compliance_status: { status: 'INCOMPLETE', attestations_statuses: 'none', evaluated_at: 'now' },
    });
    expect(parsed).toMatchObject({
      name: 't',
      new_field: 1,
      html_url: null,
      created_by: null,
      created_at: null,
      flow: { name: null, tags: null },
      git_commit_info: { sha1: 'a'.repeat(40), message: null, url: null },
      compliance_status: { status: 'INCOMPLETE', attestations_statuses: null, evaluated_at: null },
    });
    expect(JSON.parse(JSON.stringify(parsed))).toEqual(parsed);
    expect(parseResponse(z.array(s.Trail), [{ is_compliant: true }], 'GET /t')[0]).toMatchObject({
      name: null,
      is_compliant: true,
    });
    // A shown object that is not an object at all is null as a whole.
    expect(trail({ git_commit_info: 'abc' })?.git_commit_info).toBeNull();
    expect(
      parseResponse(
        s.Deployment,
        { fingerprint: 'f', deployed_at: 1, replaced_artifact: { fingerprint: 'rm -rf /' } },
        'GET /d',
      ).replaced_artifact?.fingerprint,
    ).toBeNull();
  });

  it('a shown list keeps its length: a malformed element is null in its place', () => {
    const parsed = trail({
      compliance_status: {
        attestations_statuses: [{ attestation_name: 'tests', status: 'MISSING' }, 'not a status', null],
      },
      repo_ids: ['r1', 2],
    });
    const statuses = parsed?.compliance_status?.attestations_statuses;
    expect(statuses).toHaveLength(3);
    expect(statuses?.[0]).toMatchObject({ attestation_name: 'tests', status: 'MISSING', is_compliant: null });
    expect(statuses?.slice(1)).toEqual([null, null]);
    expect(parsed?.repo_ids).toEqual(['r1', null]);
  });

  it('a deciding field missing or malformed fails the parse, naming the endpoint and the field', () => {
    expect(() => trail({ compliance_state: 5 })).toThrow(
      'unexpected response from GET /trails/{org}: [0].compliance_state expected string, received number',
    );
    expect(() => trail({ compliance_status: { status: ['NON-COMPLIANT'] } })).toThrow(
      '[0].compliance_status.status expected string, received array',
    );
    expect(() => parseResponse(s.Deployment, { fingerprint: 5, diff_url: 'x' }, 'GET /d')).toThrow(
      'unexpected response from GET /d: fingerprint expected string, received number',
    );
    // A deployment's time is only shown: absent or malformed, it is null (2.7 requires nothing).
    expect(parseResponse(s.Deployment, { deployed_at: 'soon' }, 'GET /d').deployed_at).toBeNull();
    expect(() =>
      parseResponse(z.array(s.Attestation), [{ attestation_name: 'a', is_compliant: 'no' }], 'GET /a'),
    ).toThrow('unexpected response from GET /a: [0].is_compliant expected boolean, received string');
    // Nullish deciding fields: absent or null is "not said", which the caller handles; never another type.
    expect(trail({ compliance_state: null, is_compliant: null })).toMatchObject({ compliance_state: null });
  });
});
