import { describe, expect, it } from 'vitest';
import { type ComplianceClient, InputError } from '../../src/api/index.js';
import { VERSION } from '../../src/version.js';
import { TEST_TOKEN } from '../helpers/secrets.js';
import { json, useClientAgainst } from '../helpers/server.js';

const FP = 'b'.repeat(64);
const SHA1 = '1'.repeat(40);
const SHA2 = '2'.repeat(40);

const setup = useClientAgainst({ backoffBaseMs: 10 });

describe('requests on the wire', () => {
  it('sends the bearer token, the User-Agent and JSON headers', async () => {
    const { server, client } = await setup((_req, res) => json(res, 200, []));
    await client.listActions();
    const req = server.requests[0];
    expect(req?.method).toBe('GET');
    expect(req?.url.pathname).toBe('/api/v2/actions/acme');
    expect(req?.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(req?.headers['user-agent']).toBe(`compliance-actions/${VERSION}`);
    expect(req?.headers.accept).toBe('application/json');
  });

  it('percent-escapes path segments', async () => {
    const { server, client } = await setup((_req, res) =>
      json(res, 200, { fingerprint: FP, deployed_at: 1 }),
    );
    await client.getDeployment('prod.eu-1_x', FP);
    expect(server.requests[0]?.url.pathname).toBe(`/api/v2/deployments/acme/prod.eu-1_x/${FP}`);
    expect(client.urlFor('getArtifact', { flow_name: 'a~b', fingerprint: FP })).toContain(
      '/artifacts/acme/a~b/fingerprint/',
    );
  });
});

describe('the nine operations', () => {
  it('lists attestations for commits with repeated commit_list keys and fills absent commits', async () => {
    const { server, client } = await setup((_req, res) =>
      json(res, 200, {
        [SHA1]: [
          {
            attestation_name: 'unit-tests',
            attestation_type: 'custom:coverage',
            is_compliant: true,
            created_at: 1.5,
          },
        ],
      }),
    );
    const result = await client.listAttestationsForCommits({
      commit_list: [SHA1, SHA2, SHA1],
      flow_name: 'app',
      attestation_type: 'custom:coverage',
    });
    const url = server.requests[0]?.url;
    expect(url?.pathname).toBe('/api/v2/attestations/acme/list_attestations_for_criteria');
    expect(url?.searchParams.getAll('commit_list')).toEqual([SHA1, SHA2]);
    expect(url?.search).not.toContain('%2C');
    expect(url?.searchParams.get('flow_name')).toBe('app');
    expect(url?.searchParams.get('attestation_type')).toBe('custom:coverage');
    expect(result[SHA1]?.[0]?.attestation_name).toBe('unit-tests');
    expect(result[SHA2]).toEqual([]);
  });

  it('lists one page of trails with filters, from a bare list or an envelope', async () => {
    const trail = {
      name: 't1',
      compliance_state: 'COMPLIANT',
      is_compliant: true,
      flow: { name: 'app', tags: {} },
    };
    const { server, client } = await setup((req, res) => {
      if (req.url.searchParams.has('page')) json(res, 200, { data: [trail] });
      else json(res, 200, [trail]);
    });
    const bare = await client.listTrails({ flow: 'app', flow_tag: 'team=payments', fingerprint: FP });
    expect(bare.items[0]?.name).toBe('t1');
    expect(bare.pagination).toBeUndefined();
    const q = server.requests[0]?.url.searchParams;
    expect(q?.get('flow')).toBe('app');
    expect(q?.get('flow_tag')).toBe('team=payments');
    expect(q?.get('fingerprint')).toBe(FP);
    const page = await client.listTrails({ page: 1, per_page: 10 });
    expect(page.items).toHaveLength(1);
    expect(server.requests[1]?.url.search).toBe('?page=1&per_page=10');
  });

  it('reads every page of trails concurrently, counting pages by the size the server serves, up to a cap', async () => {
    const all = Array.from({ length: 500 }, (_, i) => ({ name: `t${i}` }));
    const { server, client } = await setup((req, res) => {
      const page = Number(req.url.searchParams.get('page'));
      const per = Math.min(50, Number(req.url.searchParams.get('per_page')));
      json(res, 200, {
        data: all.slice((page - 1) * per, page * per),
        pagination: { total: all.length, page, per_page: per, page_count: Math.ceil(all.length / per) },
      });
    });
    const result = await client.listAllTrails({ flow: 'app' }, { perPage: 100, maxItems: 1000 });
    expect(result.items.map((t) => t.name)).toEqual(all.map((t) => t.name));
    expect(result).toMatchObject({ total: 500, truncated: false, pagesRead: 10 });
    expect(server.requests.every((r) => r.url.searchParams.get('flow') === 'app')).toBe(true);

    const capped = await client.listAllTrails({}, { perPage: 10, maxItems: 25 });
    expect(capped.items).toHaveLength(25);
    expect(capped).toMatchObject({ total: 500, truncated: true, pagesRead: 3 });

    // A page_count of 1 is trusted: one request, no second page asked for.
    const { server: one, client: oneClient } = await setup((_req, res) =>
      json(res, 200, {
        data: [{ name: 'a' }, { name: 'b' }],
        pagination: { total: 2, page: 1, per_page: 2, page_count: 1 },
      }),
    );
    expect((await oneClient.listAllTrails({}, { perPage: 2 })).items).toHaveLength(2);
    expect(one.requests).toHaveLength(1);
  });

  it('gets a deployment', async () => {
    const { client } = await setup((_req, res) =>
      json(res, 200, {
        fingerprint: FP,
        deployed_at: 1747062776.797778,
        artifact_name: 'web',
        env_name: 'prod',
        snapshot_index: 3,
        replaced_artifact: { fingerprint: 'c'.repeat(64), artifact_name: 'web', snapshot_index: 2 },
        _links: { self: { href: 'x' } },
      }),
    );
    const d = await client.getDeployment('prod', FP);
    expect(d.snapshot_index).toBe(3);
    expect(d.replaced_artifact?.fingerprint).toBe('c'.repeat(64));
  });

  it('reports an artifact with a JSON body', async () => {
    const { server, client } = await setup((_req, res) => json(res, 201, { message: 'OK' }));
    const body = {
      fingerprint: FP,
      filename: 'app.tgz',
      build_url: 'https://ci.example/run/1',
      commit_url: 'https://git.example/c/1',
      git_commit: SHA1,
      trail_name: SHA1,
      git_commit_info: { sha1: SHA1, message: 'm', author: 'A <a@x>', branch: 'main', timestamp: 1700000000 },
      annotations: { build_id: 7 },
      external_urls: { sbom: 'https://x/sbom', scan: { href: 'https://x/scan', fingerprint: FP } },
    };
    await expect(client.reportArtifact('app', body)).resolves.toMatchObject({ status: 201, message: 'OK' });
    const req = server.requests[0];
    expect(req?.method).toBe('POST');
    expect(req?.url.pathname).toBe('/api/v2/artifacts/acme/app');
    expect(req?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(req?.body ?? '')).toEqual(body);
  });

  it('lists flow attestations with a time window', async () => {
    const { server, client } = await setup((_req, res) =>
      json(res, 200, {
        data: [
          {
            attestation_id: 'x',
            attestation_name: 'tests',
            attestation_type: 'junit',
            created_at: 1747062776.797778,
            is_compliant: false,
            schema_version: 1,
          },
        ],
      }),
    );
    const page = await client.listFlowAttestations('app', {
      from_timestamp: 100,
      to_timestamp: 200,
      per_page: 5,
    });
    expect(page.items[0]?.is_compliant).toBe(false);
    expect(server.requests[0]?.url.search).toBe('?per_page=5&from_timestamp=100&to_timestamp=200');
  });

  it('gets an artifact by fingerprint with trail and attestation_id', async () => {
    const artifact = {
      id: 'a1',
      fingerprint: FP,
      filename: 'app.tgz',
      created_at: '2026-11-01T00:00:00Z',
      last_modified_at: '2026-11-01T00:00:00Z',
      evidence: {},
      flow_name: 'app',
      commit_lead_times: {},
      build_lead_times: {},
      state: 'NON-COMPLIANT',
      future_field: { kept: true },
    };
    const { server, client } = await setup((_req, res) => json(res, 200, artifact));
    const got = await client.getArtifact('app', FP, {
      trail: 'main',
      attestation_id: '0123abcd-0123-4567-89ab-0123abcd',
    });
    expect(got.state).toBe('NON-COMPLIANT');
    expect((got as Record<string, unknown>).future_field).toEqual({ kept: true });
    expect(server.requests[0]?.url.searchParams.get('trail')).toBe('main');
  });

  it('diffs two snapshots, sending the expressions as given', async () => {
    const group = (id: string) => ({ snapshot_id: id, artifacts: [] });
    const { server, client } = await setup((_req, res) =>
      json(res, 200, {
        snappish1: group('prod#3'),
        snappish2: group('staging#9'),
        changed: {
          snapshot_id: 'staging#9',
          artifacts: [{ fingerprint: FP, name: 'web', s1_instance_count: 1, s2_instance_count: 3 }],
        },
        'not-changed': group('staging#9'),
      }),
    );
    const diff = await client.diffEnvironments('prod~1', 'staging@{2.days.ago}');
    expect(diff.changed.artifacts[0]?.s2_instance_count).toBe(3);
    const q = server.requests[0]?.url.searchParams;
    expect(q?.get('snappish1')).toBe('prod~1');
    expect(q?.get('snappish2')).toBe('staging@{2.days.ago}');
  });

  it('reports a K8S environment with PUT', async () => {
    const { server, client } = await setup((_req, res) =>
      json(res, 200, { message: 'no new snapshot', errors: {} }),
    );
    const body = {
      artifacts: [
        {
          podName: 'web-1',
          namespace: 'default',
          digests: { 'nginx:1.27': FP },
          creationTimestamp: 1700000000,
          owners: null,
        },
      ],
    };
    await expect(client.reportK8sEnvironment('prod', body)).resolves.toMatchObject({
      message: 'no new snapshot',
    });
    expect(server.requests[0]?.method).toBe('PUT');
    expect(server.requests[0]?.url.pathname).toBe('/api/v2/environments/acme/prod/report/K8S');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual(body);
  });

  it('lists actions and reads both names of the chat-app flag', async () => {
    const base = {
      type: 'env',
      number: 1,
      targets: [{ type: 'SLACK' }],
      triggers: ['ON_STARTED_ARTIFACT'],
      created_by: 'ann',
      last_modified_at: 1.5,
    };
    const { client } = await setup((_req, res) =>
      json(res, 200, [
        { ...base, name: 'spec-name', is_created_from_chat_app: true },
        { ...base, name: 'live-name', is_created_from_slack_app: false },
        { ...base, name: 'no-flag' },
        { ...base, name: 'odd-flag', is_created_from_chat_app: 'yes' },
      ]),
    );
    const actions = await client.listActions();
    // Kept as given under either name, null when absent or malformed: only shown, so never a reason to fail.
    expect(actions.map((a) => [a.name, a.is_created_from_chat_app, a.is_created_from_slack_app])).toEqual([
      ['spec-name', true, null],
      ['live-name', null, false],
      ['no-flag', null, null],
      ['odd-flag', null, null],
    ]);
  });
});

describe('validation before any request is sent', () => {
  const report = { fingerprint: FP, filename: 'f', build_url: 'b', commit_url: 'c' };
  const pod = {
    podName: 'p',
    namespace: 'n',
    digests: { img: 'sha256:x' },
    creationTimestamp: 1,
    owners: null,
  };
  const cases: [(c: ComplianceClient) => Promise<unknown>, RegExp][] = [
    [(c) => c.getDeployment('prod', 'abc'), /'fingerprint': 'abc' must be 64 lowercase hex/],
    [
      (c) => c.listAttestationsForCommits({ commit_list: [SHA1.toUpperCase().replace(/1/g, 'A')] }),
      /'query.commit_list\[0\]'.*must be 40 lowercase/,
    ],
    [(c) => c.listAttestationsForCommits({ commit_list: [] }), /'query.commit_list': .*at least one commit/],
    [(c) => c.listFlowAttestations('-app'), /'flow_name': '-app' must be a name starting with a letter/],
    [(c) => c.listTrails({ per_page: 101 }), /'query.per_page': 101 is not valid/],
    [(c) => c.listTrails({ page: 0 }), /'query.page': 0 is not valid/],
    [(c) => c.listTrails({ flow_tag: 'team' }), /'query.flow_tag': 'team' must be key=value/],
    [(c) => c.getDeployment('prod eu', 'a'.repeat(64)), /'env_name'/],
    [(c) => c.getArtifact('app', FP, { attestation_id: 'nope' }), /'query.attestation_id'/],
    [
      (c) => c.listAttestationsForCommits({ commit_list: [SHA1], attestation_type: 'custom:' }),
      /attestation_type.*one of generic/,
    ],
    [
      (c) => c.listFlowAttestations('app', { from_timestamp: 5, to_timestamp: 1 }),
      /from_timestamp must not be after/,
    ],
    [
      (c) => c.diffEnvironments('prod#0', 'prod'),
      /'snappish1': 'prod#0': the snapshot number must be at least 1/,
    ],
    [(c) => c.reportArtifact('app', { ...report, filename: '' }), /'body.filename': '' must not be empty/],
    [(c) => c.reportArtifact('app', { ...report, bogus: 1 } as never), /unknown field\(s\) bogus/],
    [(c) => c.reportArtifact('app', { ...report, annotations: { 'a-b': 1 } }), /body.annotations.a-b/],
    [(c) => c.reportK8sEnvironment('prod', { artifacts: [pod] }), /body.artifacts\[0\].digests.img/],
  ];

  it('refuses each bad value as an input error, sending nothing', async () => {
    const { server, client } = await setup((_req, res) => json(res, 200, {}));
    for (const [call, message] of cases) {
      const error = await call(client).catch((e: unknown) => e);
      expect(error, String(message)).toBeInstanceOf(InputError);
      expect((error as Error).message).toMatch(message);
    }
    expect(server.requests).toHaveLength(0);
  });
});
