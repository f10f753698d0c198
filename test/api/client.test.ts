import { describe, expect, it } from 'vitest';
import {
  COMMITS_PER_REQUEST,
  type ComplianceClient,
  encodeQuery,
  fillPath,
  InputError,
} from '../../src/api/index.js';
import { VERSION } from '../../src/version.js';
import { TEST_TOKEN } from '../helpers/secrets.js';
import { json, useClientAgainst } from '../helpers/server.js';

const FP = 'b'.repeat(64);
const SHA1 = '1'.repeat(40);
const SHA2 = '2'.repeat(40);

const setup = useClientAgainst({ backoffBaseMs: 10 });

describe('requests on the wire', () => {
  it('sends the bearer token, the User-Agent and JSON headers; a URL keeps a name as it is', async () => {
    const { server, client } = await setup((_req, res) => json(res, 200, []));
    await client.listActions();
    const req = server.requests[0];
    expect(req?.method).toBe('GET');
    expect(req?.url.pathname).toBe('/api/v2/actions/acme');
    expect(req?.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(req?.headers['user-agent']).toBe(`compliance-actions/${VERSION}`);
    expect(req?.headers.accept).toBe('application/json');
    expect(client.urlFor('getArtifact', { flow_name: 'a~b', fingerprint: FP })).toContain(
      '/artifacts/acme/a~b/fingerprint/',
    );
  });

  it('writes a query as the service reads it, and escapes every path parameter', () => {
    const query = { a: undefined, b: null, c: 3, d: true, e: 'x y&z=1', l: ['x', 2] };
    expect(encodeQuery(query)).toBe('?c=3&d=true&e=x+y%26z%3D1&l=x&l=2');
    expect(encodeQuery({})).toBe('');
    expect(fillPath('/x/{org}/{name}', { org: 'acme', name: 'a/b c' })).toBe('/x/acme/a%2Fb%20c');
    expect(() => fillPath('/x/{org}', {})).toThrow('missing path parameter org');
  });

  // 4,950 commits: each URL under 8 KiB (a common limit of proxies and servers) even with long narrowing names.
  it('sends commit_list in chunks of 100, at most 4 in flight, merging the answers into one map', async () => {
    let inFlight = 0;
    let peak = 0;
    const { server, client } = await setup(async (req, res) => {
      peak = Math.max(peak, ++inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      json(res, 200, Object.fromEntries(req.url.searchParams.getAll('commit_list').map((c) => [c, []])));
    });
    const commits = Array.from({ length: 4950 }, (_, i) => i.toString(16).padStart(40, '0'));
    const long = 'n'.repeat(120);
    const found = await client.listAttestationsForCommits({
      commit_list: commits,
      flow_name: `flow-${long}`,
      attestation_type: `custom:${long}`,
      attestation_name: `name-${long}`,
    });
    expect(COMMITS_PER_REQUEST).toBe(100);
    const sent = server.requests.map((r) => r.url.searchParams.getAll('commit_list'));
    expect(sent.map((chunk) => chunk.length).sort((a, b) => a - b)).toEqual([
      50,
      ...Array<number>(49).fill(100),
    ]);
    for (const { url } of server.requests)
      expect(Buffer.byteLength(`${url.pathname}${url.search}`)).toBeLessThan(8192);
    // In any order: four requests in flight arrive as they will.
    expect(sent.flat().sort()).toEqual(commits);
    expect(peak).toBeLessThanOrEqual(4);
    expect(Object.keys(found)).toHaveLength(4950);
  });
});

describe('the nine operations', () => {
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
  const report = {
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
  const pods = {
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
  const group = (id: string) => ({ snapshot_id: id, artifacts: [] });
  const action = {
    type: 'env',
    number: 1,
    targets: [{ type: 'SLACK' }],
    triggers: ['ON_STARTED_ARTIFACT'],
    created_by: 'ann',
    last_modified_at: 1.5,
  };
  /** A call, the answer served, the request line and body sent, and what must hold of what was read. */
  const operations: [string, (c: ComplianceClient) => Promise<unknown>, unknown, string, unknown, unknown][] =
    [
      [
        // Repeated commit_list keys, never comma-joined, each commit once; an absent commit is filled in.
        'lists attestations for commits',
        (c) =>
          c.listAttestationsForCommits({
            commit_list: [SHA1, SHA2, SHA1],
            flow_name: 'app',
            attestation_type: 'custom:coverage',
          }),
        {
          [SHA1]: [
            {
              attestation_name: 'unit-tests',
              attestation_type: 'custom:coverage',
              is_compliant: true,
              created_at: 1.5,
            },
          ],
        },
        `GET /api/v2/attestations/acme/list_attestations_for_criteria?commit_list=${SHA1}&commit_list=${SHA2}&flow_name=app&attestation_type=custom%3Acoverage`,
        '',
        { [SHA1]: [{ attestation_name: 'unit-tests' }], [SHA2]: [] },
      ],
      [
        'lists trails with filters, from a bare list',
        (c) => c.listTrails({ flow: 'app', flow_tag: 'team=payments', fingerprint: FP }),
        [{ name: 't1', compliance_state: 'COMPLIANT', is_compliant: true, flow: { name: 'app', tags: {} } }],
        `GET /api/v2/trails/acme?flow=app&flow_tag=team%3Dpayments&fingerprint=${FP}`,
        '',
        // A bare list has no pagination.
        (read: unknown) => expect(read).toEqual({ items: [expect.objectContaining({ name: 't1' })] }),
      ],
      [
        'lists one page of trails, from an envelope',
        (c) => c.listTrails({ page: 1, per_page: 10 }),
        { data: [{ name: 't1' }] },
        'GET /api/v2/trails/acme?page=1&per_page=10',
        '',
        { items: [{ name: 't1' }] },
      ],
      [
        'gets a deployment, its path segments percent-escaped',
        (c) => c.getDeployment('prod.eu-1_x', FP),
        {
          fingerprint: FP,
          deployed_at: 1747062776.797778,
          artifact_name: 'web',
          snapshot_index: 3,
          replaced_artifact: { fingerprint: 'c'.repeat(64), artifact_name: 'web', snapshot_index: 2 },
          _links: { self: { href: 'x' } },
        },
        `GET /api/v2/deployments/acme/prod.eu-1_x/${FP}`,
        '',
        { snapshot_index: 3, replaced_artifact: { fingerprint: 'c'.repeat(64) } },
      ],
      [
        'reports an artifact with a JSON body',
        (c) => c.reportArtifact('app', report),
        { message: 'OK' },
        'POST /api/v2/artifacts/acme/app',
        report,
        { status: 201, message: 'OK' },
      ],
      [
        'lists flow attestations with a time window',
        (c) => c.listFlowAttestations('app', { from_timestamp: 100, to_timestamp: 200, per_page: 5 }),
        {
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
        },
        'GET /api/v2/attestations/acme/app?per_page=5&from_timestamp=100&to_timestamp=200',
        '',
        { items: [{ is_compliant: false }] },
      ],
      [
        'gets an artifact by fingerprint with trail and attestation_id, keeping unknown fields',
        (c) =>
          c.getArtifact('app', FP, { trail: 'main', attestation_id: '0123abcd-0123-4567-89ab-0123abcd' }),
        artifact,
        `GET /api/v2/artifacts/acme/app/fingerprint/${FP}?trail=main&attestation_id=0123abcd-0123-4567-89ab-0123abcd`,
        '',
        { state: 'NON-COMPLIANT', future_field: { kept: true } },
      ],
      [
        'diffs two snapshots, sending the expressions as given',
        (c) => c.diffEnvironments('prod~1', 'staging@{2.days.ago}'),
        {
          snappish1: group('prod#3'),
          snappish2: group('staging#9'),
          changed: {
            snapshot_id: 'staging#9',
            artifacts: [{ fingerprint: FP, name: 'web', s1_instance_count: 1, s2_instance_count: 3 }],
          },
          'not-changed': group('staging#9'),
        },
        'GET /api/v2/env-diff/acme?snappish1=prod%7E1&snappish2=staging%40%7B2.days.ago%7D',
        '',
        { changed: { artifacts: [{ s2_instance_count: 3 }] } },
      ],
      [
        'reports a K8S environment with PUT',
        (c) => c.reportK8sEnvironment('prod', pods),
        { message: 'no new snapshot', errors: {} },
        'PUT /api/v2/environments/acme/prod/report/K8S',
        pods,
        { message: 'no new snapshot' },
      ],
      [
        // Kept as given under either name, null when absent or malformed: only shown, so never a reason to fail.
        'lists actions and reads both names of the chat-app flag',
        (c) => c.listActions(),
        [
          { ...action, name: 'spec-name', is_created_from_chat_app: true },
          { ...action, name: 'live-name', is_created_from_slack_app: false },
          { ...action, name: 'no-flag' },
          { ...action, name: 'odd-flag', is_created_from_chat_app: 'yes' },
        ],
        'GET /api/v2/actions/acme',
        '',
        [
          { name: 'spec-name', is_created_from_chat_app: true, is_created_from_slack_app: null },
          { name: 'live-name', is_created_from_chat_app: null, is_created_from_slack_app: false },
          { name: 'no-flag', is_created_from_chat_app: null, is_created_from_slack_app: null },
          { name: 'odd-flag', is_created_from_chat_app: null, is_created_from_slack_app: null },
        ],
      ],
    ];

  it.each(operations)('%s', async (_, call, answer, line, body, read) => {
    const { server, client } = await setup((req, res) =>
      json(res, req.method === 'POST' ? 201 : 200, answer),
    );
    const result = await call(client);
    if (typeof read === 'function') (read as (r: unknown) => void)(result);
    else expect(result).toMatchObject(read as object);
    const [req] = server.requests;
    expect(`${req?.method} ${req?.url.pathname}${req?.url.search}`).toBe(line);
    if (body !== '') {
      expect(req?.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(req?.body ?? '')).toEqual(body);
    }
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
    // No page past the cap is asked for, though four may be read at once.
    const asked = server.requests.slice(10).map((r) => r.url.searchParams.get('page'));
    expect(asked.sort()).toEqual(['1', '2', '3']);

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
    [(c) => c.reportArtifact('app', { ...report, bogus: 1 } as never), /unknown field bogus/],
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
