import { describe, expect, it } from 'vitest';
import { parseResponse, schemas as s } from '../../src/api/index.js';

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
    expect(s.AttestationType.safeParse('snyk').success).toBe(true);
    expect(s.AttestationType.safeParse('custom:coverage-v2').success).toBe(true);
    expect(s.AttestationType.safeParse('custom:').success).toBe(false);
    expect(s.AttestationType.safeParse('sbom').success).toBe(false);
    expect(s.AttestationId.safeParse('0123abcd-0123-4567-89ab-0123abcd').success).toBe(true);
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

  it('guards nested fields deep inside lists and maps', () => {
    const diff = parseResponse(
      s.EnvDiff,
      {
        snappish1: { artifacts: [{ fingerprint: 'f', name: 'n', pods: ['a', 2] }] },
        snappish2: { artifacts: [] },
        changed: { artifacts: [] },
        'not-changed': { artifacts: [] },
      },
      'GET /env-diff/{org}',
    );
    const pods = diff.snappish1.artifacts[0]?.pods ?? [];
    expect(pods[0]).toBe('a');
    expect(() => pods[1]).toThrow(
      'unexpected response from GET /env-diff/{org}: snappish1.artifacts[0].pods[1] expected string, received number',
    );
  });

  it('reads the live name of the chat-app flag as the spec name, keeping both', () => {
    const [action] = parseResponse(
      s.Action.array(),
      [
        {
          name: 'n',
          type: 't',
          number: 1,
          targets: [],
          triggers: [],
          created_by: 'u',
          last_modified_at: 1,
          is_created_from_slack: false,
        },
      ],
      'GET /actions/{org}',
    );
    expect(action?.is_created_from_chat_app).toBe(false);
    expect((action as Record<string, unknown>).is_created_from_slack).toBe(false);
  });
});

describe('display-only response fields', () => {
  it('accept null (the live service sends null for what it does not know), required ones do not', () => {
    const trails = parseResponse(
      s.Trail.array(),
      [
        {
          name: 't',
          html_url: null,
          created_by: null,
          compliance_state: null,
          flow: null,
          git_commit_info: { sha1: 'a'.repeat(40), message: null, url: null },
        },
      ],
      'GET /trails/{org}',
    );
    const trail = trails[0];
    expect(trail?.html_url).toBeNull();
    expect(trail?.created_by).toBeNull();
    expect(trail?.compliance_state).toBeNull();
    expect(trail?.flow).toBeNull();
    expect(trail?.git_commit_info?.message).toBeNull();
    const diff = parseResponse(
      s.DiffItem,
      { snapshot_id: null, artifacts: [{ fingerprint: 'f', name: null }] },
      'GET /env-diff/{org}',
    );
    expect(diff.snapshot_id).toBeNull();
    expect(() => diff.artifacts[0]?.name).toThrow('artifacts[0].name expected string, received null');
  });
});
