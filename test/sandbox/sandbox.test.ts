import { execFileSync } from 'node:child_process';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, UnexpectedResponseError } from '../../src/api/index.js';
import { useTempDirs } from '../helpers/git.js';
import { REVIEW, REVIEW_CASES, reviewRepo, reviewSeed } from '../helpers/review.js';
import { demoSeed, OTHER_TOKEN, useSandbox } from '../helpers/sandbox.js';

const seed = demoSeed();
const demo = seed.orgs.demo;
const [GOOD_COMMIT, BAD_COMMIT, WEB_COMMIT] = demo.trails.map((t) => t.name) as [string, string, string];
const [FP_API1, FP_API2, FP_WEB] = demo.artifacts.map((a) => a.fingerprint) as [string, string, string];
const FP_NEW = 'f'.repeat(64);
const SHA_NEW = 'e'.repeat(40);

const start = useSandbox();
const anyText: unknown = expect.any(String);
const notJson: unknown = expect.stringMatching(/^is not valid JSON/);

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const REPORT = '/environments/demo/staging/report/K8S';
const ARTIFACT = `/artifacts/demo/backend/fingerprint/${'a'.repeat(64)}`;

async function body(res: Response): Promise<{ message: string; errors: Record<string, string> }> {
  return (await res.json()) as { message: string; errors: Record<string, string> };
}

describe('auth and isolation', () => {
  it('answers 401 without a token or with a wrong one, and 403 for another org', async () => {
    const sb = await start();
    const none = await sb.fetch('/actions/demo', { token: null });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(await body(none)).toEqual({ message: 'Missing bearer token', errors: {} });
    const cross = await sb.fetch('/trails/other');
    expect(cross.status).toBe(403);
    expect((await body(cross)).message).toBe("The token is not valid for organization 'other'");
  });

  it("never shows another org's data under the same names", async () => {
    const sb = await start();
    const mine = await sb.client().listTrails({ flow: 'backend' });
    expect(mine.items.map((t) => t.name)).not.toContain('secret-trail');
    const theirs = await sb.client({ org: 'other', token: OTHER_TOKEN }).listTrails({ flow: 'backend' });
    expect(theirs.items.map((t) => t.name)).toEqual(['secret-trail']);
    expect(theirs.items[0]?.flow?.tags).toEqual({ team: 'secret' });
  });
});

describe('errors keep the shape {message, errors} and leave the server up', () => {
  const cases: [string, string, number, Record<string, unknown>, RequestInit?][] = [
    ['a bad fingerprint in the path', '/deployments/demo/staging/abc', 400, { 'path.fingerprint': anyText }],
    ['an unknown query parameter', '/actions/demo?x=1', 400, { 'query.x': 'unknown parameter' }],
    [
      'a repeated single parameter',
      '/trails/demo?page=1&page=2',
      400,
      { 'query.page': 'is given more than once' },
    ],
    [
      'a commit that is not a SHA',
      '/attestations/demo/list_attestations_for_criteria?commit_list=abc',
      400,
      { 'query.commit_list[0]': anyText },
    ],
    ['a bad attestation_id', `${ARTIFACT}?attestation_id=nope`, 400, { 'query.attestation_id': anyText }],
    [
      'a body missing its fingerprint',
      '/artifacts/demo/backend',
      400,
      { 'body.fingerprint': anyText },
      json('POST', { filename: 'f', build_url: 'b', commit_url: 'c' }),
    ],
    [
      'an unknown body field',
      REPORT,
      400,
      { 'body.extra': 'unknown field' },
      json('PUT', { artifacts: [], extra: 1 }),
    ],
    ['a body that is not JSON', REPORT, 400, { body: notJson }, json('PUT', '{"artifacts": [')],
    [
      'a body that is not declared JSON',
      REPORT,
      415,
      {},
      { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: '{}' },
    ],
    ['a wrong method', '/actions/demo', 405, {}, { method: 'DELETE' }],
    ['an unknown path', '/nothing/here', 404, {}],
    [
      'bad percent-encoding',
      '/attestations/demo/%E0%A4%A',
      400,
      { 'path.flow_name': 'is not valid percent-encoding' },
    ],
  ];

  it.each(cases)('%s', async (_name, path, status, errors, init = {}) => {
    const sb = await start();
    const res = await sb.fetch(path, init);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe('application/json');
    const got = await body(res);
    expect(typeof got.message).toBe('string');
    expect(got.errors).toEqual(errors);
    expect((await sb.fetch('/actions/demo')).status).toBe(200);
  });

  it('answers 405 with the allowed methods', async () => {
    const sb = await start();
    const res = await sb.fetch('/artifacts/demo/backend', { method: 'GET' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('refuses a body over the limit with 413', async () => {
    const sb = await start({ maxBodyBytes: 1000 });
    const res = await sb.fetch(REPORT, json('PUT', { artifacts: [], pad: 'x'.repeat(2000) }));
    expect(res.status).toBe(413);
    expect((await body(res)).message).toMatch(/too large/);
    expect((await sb.fetch('/actions/demo')).status).toBe(200);
  });

  /** Writes raw bytes to the sandbox and what it answered until it closed, or hangs up once they are sent. */
  function raw(url: string, request: string, hangUp = false): Promise<string> {
    return new Promise<string>((resolve) => {
      let text = '';
      const socket = connect(Number(new URL(url).port), '127.0.0.1', () =>
        socket.write(request, () => hangUp && socket.destroy()),
      );
      socket.on('data', (c: Buffer) => (text += c.toString()));
      // A reset after the hang-up is expected; unheard, it would end the worker that other files share.
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(text));
    });
  }

  it('survives a client that goes away in the middle of a body, and a malformed request line', async () => {
    const sb = await start();
    await raw(
      sb.url,
      `PUT /api/v2${REPORT} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer sandbox-demo-token\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"artifacts": [',
      true,
    );
    expect((await sb.fetch('/actions/demo')).status).toBe(200);
    expect(await raw(sb.url, 'NONSENSE\r\n\r\n')).toMatch(/^HTTP\/1.1 400/);
    expect((await sb.fetch('/actions/demo')).status).toBe(200);
  });
});

describe('reporting artifacts', () => {
  it('updates a report by (flow, fingerprint), linking trail and commit', async () => {
    const client = (await start()).client();
    const report = {
      fingerprint: FP_NEW,
      filename: 'backend:2.0.0',
      build_url: 'b',
      commit_url: 'c',
      trail_name: SHA_NEW,
      template_reference_name: 'backend-image',
      git_commit_info: { sha1: SHA_NEW, message: 'Next', author: 'D', branch: 'main', timestamp: 1793800000 },
    };
    await client.reportArtifact('backend', report);
    const created = await client.getArtifact('backend', FP_NEW);
    // A new trail was begun with the flow's template: nothing attested yet.
    expect(created.state_info).toContain('pull-request: missing');
    await client.reportArtifact('backend', {
      ...report,
      filename: 'backend:2.0.0-renamed',
      is_compliant: false,
    });
    const updated = await client.getArtifact('backend', FP_NEW);
    expect(updated.id).toBe(created.id);
    expect(updated.filename).toBe('backend:2.0.0-renamed');
    expect(updated.state).toBe('NON-COMPLIANT');
    const trails = await client.listTrails({ fingerprint: FP_NEW });
    expect(trails.items.map((t) => t.name)).toEqual([SHA_NEW]);
    expect(trails.items[0]?.git_commit_info?.sha1).toBe(SHA_NEW);
  });

  it('finds an artifact by trail and by its attestation id', async () => {
    const client = (await start()).client();
    const own = demo.attestations.find((a) => a.artifact_fingerprint === FP_API1);
    expect((await client.getArtifact('backend', FP_API1, { trail: GOOD_COMMIT })).fingerprint).toBe(FP_API1);
    expect((await client.getArtifact('backend', FP_API2)).state_info).toBe('snyk-scan: non-compliant');
    await expect(client.getArtifact('backend', FP_API1, { trail: BAD_COMMIT })).rejects.toMatchObject({
      status: 404,
    });
    expect((await client.getArtifact('backend', FP_API1, { attestation_id: own?.id ?? '' })).id).toBeTruthy();
    await expect(
      client.getArtifact('backend', FP_API1, { attestation_id: '00000000-0000-0000-0000-00000000' }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

const pod = (name: string, digests: Record<string, string>, t = 1793900000) => ({
  podName: name,
  namespace: 'default',
  digests,
  creationTimestamp: t,
  owners: null,
});

describe('K8S reports, snapshots and deployments', () => {
  it('makes a snapshot only when the set of running artifacts changes', async () => {
    const client = (await start()).client();
    const redis = { 'docker.io/library/redis:7.4': 'c'.repeat(64) };
    const first = await client.reportK8sEnvironment('production', {
      artifacts: [pod('api-1', { 'ghcr.io/acme/backend:2.0.0': FP_NEW }), pod('redis-0', redis)],
    });
    expect(first.message).toBe('Snapshot production#3 created with 2 artifacts');
    const scaled = await client.reportK8sEnvironment('production', {
      artifacts: [
        pod('api-1', { 'ghcr.io/acme/backend:2.0.0': FP_NEW }),
        pod('api-2', { 'ghcr.io/acme/backend:2.0.0': FP_NEW }),
        pod('redis-0', redis),
      ],
    });
    expect(scaled.message).toBe('No new snapshot: the running artifacts are those of production#3');
    const diff = await client.diffEnvironments('production#2', 'production');
    expect(diff.snappish2.snapshot_id).toBe('production#3');
    expect(diff.snappish2.artifacts.find((a) => a.fingerprint === FP_NEW)?.instance_count).toBe(2);
  });

  it('derives a deployment with the artifact it replaced', async () => {
    const client = (await start()).client();
    await client.reportArtifact('backend', {
      fingerprint: FP_NEW,
      filename: 'ghcr.io/acme/backend:2.0.0',
      build_url: 'b',
      commit_url: 'c',
      trail_name: SHA_NEW,
      git_commit: SHA_NEW,
    });
    await client.reportK8sEnvironment('production', {
      artifacts: [
        pod('api-1', { 'ghcr.io/acme/backend:2.0.0': FP_NEW }),
        pod('web-1', { 'ghcr.io/acme/web:3.2.0': FP_WEB }),
      ],
    });
    const d = await client.getDeployment('production', FP_NEW);
    expect(d).toMatchObject({ snapshot_index: 3, artifact: { trail_name: SHA_NEW } });
    expect(d.replaced_artifact).toMatchObject({ fingerprint: FP_API1, snapshot_index: 2 });
    // The web bundle started at #2 and still runs: its deployment is still #2.
    expect((await client.getDeployment('production', FP_WEB)).snapshot_index).toBe(2);
  });

  it('refuses bad pod entries', async () => {
    const sb = await start();
    const res = await sb.fetch(
      REPORT,
      json('PUT', { type: 'ECS', artifacts: [pod('p', { i: 'sha256:x' }, 1)] }),
    );
    expect(res.status).toBe(400);
    expect(Object.keys((await body(res)).errors).sort()).toEqual([
      'body.artifacts[0].digests.i',
      'body.type',
    ]);
  });
});

describe('environment diffs', () => {
  it.each([
    ['staging#2', 'staging#2'],
    ['staging@{2026-11-02T09:30:00}', 'staging#1'],
    ['staging@{2026-11-10T00:00:00}', 'staging#2'],
    ['staging@{2.days.ago}', 'staging#1', Date.parse('2026-11-04T12:00:00Z') / 1000],
  ])('resolves %s to %s', async (expr, id, now?: number) => {
    const sb = await start(now === undefined ? {} : { now: () => now });
    const diff = await sb.client().diffEnvironments(expr, 'staging');
    expect(diff.snappish1.snapshot_id).toBe(id);
  });

  it.each([
    ['staging~5', 400, "Snappish 'staging~5' resolves to staging#-3: Indexes are 1-based"],
    ['staging@{2020-01-01T00:00:00}', 400, 'Indexes are 1-based'],
    ['staging%239', 404, 'Snapshot staging#9 does not exist (the latest is staging#2)'],
  ])('refuses %s', async (expr, status, message) => {
    const sb = await start();
    const res = await sb.fetch(`/env-diff/demo?snappish1=${expr}&snappish2=staging`);
    expect(res.status).toBe(status);
    expect((await body(res)).message).toContain(message);
  });
});

describe('lists', () => {
  it('answers trails as a bare list without page parameters, an envelope with them', async () => {
    const sb = await start();
    const bare = (await (await sb.fetch('/trails/demo')).json()) as { name: string }[];
    // Newest first: the six of what runs in eu-production, then the first four.
    expect(bare).toHaveLength(10);
    expect(bare.map((t) => t.name).slice(6)).toEqual(['release-2.0', BAD_COMMIT, WEB_COMMIT, GOOD_COMMIT]);
    expect(bare[0]?.name).toBe('release-2.1');
    const one = (await (await sb.fetch('/trails/demo?per_page=20')).json()) as Record<string, unknown>;
    expect(Object.keys(one)).toEqual(['data']);
    const paged = (await (await sb.fetch('/trails/demo?per_page=2&page=5')).json()) as Record<
      string,
      unknown
    >;
    expect(paged).toMatchObject({
      data: [{ name: WEB_COMMIT }, { name: GOOD_COMMIT }],
      pagination: { total: 10, page: 5, per_page: 2, page_count: 5 },
    });
  });

  it("gives each trail's compliance status: its own attestations, and each artifact's apart", async () => {
    const client = (await start()).client();
    const t = (await client.listTrails({ flow: 'backend' })).items.find((x) => x.name === BAD_COMMIT);
    const names = (list: unknown) =>
      (list as { attestation_name: string; status: string; is_compliant: boolean | null }[]).map((a) => [
        a.attestation_name,
        a.status,
        a.is_compliant,
      ]);
    expect(t?.compliance_state).toBe('NON-COMPLIANT');
    expect(names(t?.compliance_status?.attestations_statuses)).toEqual([['pull-request', 'COMPLETE', true]]);
    // Keyed by the template reference name, as the live service keys them.
    const image = t?.compliance_status?.artifacts_statuses?.['backend-image'] as Record<string, unknown>;
    expect(image).toMatchObject({
      artifact_fingerprint: FP_API2,
      artifact_id: '000000000000000000000002',
      status: 'NON-COMPLIANT',
      is_compliant: false,
      unexpected: false,
      flow_template_id: 'backend-v1',
    });
    expect(names(image.attestations_statuses)).toEqual([
      ['unit-tests', 'COMPLETE', true],
      ['snyk-scan', 'COMPLETE', false],
    ]);
    const web = (await client.listTrails({ flow: 'frontend' })).items[0];
    expect(
      web?.compliance_status?.attestations_statuses?.find((a) => a?.attestation_name === 'jira-ticket')
        ?.unexpected,
    ).toBe(true);
  });

  it('lists an artifact the template does not name under the name it was reported with, unexpected and not counted', async () => {
    const client = (await start()).client();
    const report = (fingerprint: string, filename: string, name?: string) =>
      client.reportArtifact('frontend', {
        fingerprint,
        filename,
        build_url: 'https://ci.test/1',
        commit_url: 'https://ci.test/c',
        trail_name: 'release-9',
        ...(name !== undefined && { template_reference_name: name }),
      });
    await report(FP_NEW, 'ghcr.io/acme/web:9', 'web-bundle');
    await report('d'.repeat(64), 'ghcr.io/acme/worker:9', 'worker');
    await report('c'.repeat(64), 'ghcr.io/acme/nameless:9');
    const trail = (await client.listTrails({ flow: 'frontend' })).items.find((x) => x.name === 'release-9');
    const statuses = trail?.compliance_status?.artifacts_statuses as Record<string, Record<string, unknown>>;
    expect(Object.keys(statuses)).toEqual(['web-bundle', 'worker', 'ghcr.io/acme/nameless:9']);
    expect(statuses.worker).toMatchObject({ artifact_fingerprint: 'd'.repeat(64), unexpected: true });
    expect(statuses['web-bundle']).toMatchObject({ status: 'INCOMPLETE', unexpected: false });
    // The trail's state is what its template asks: its code review and the web bundle's two attestations, missing.
    expect(trail?.compliance_state).toBe('INCOMPLETE');
  });

  it('paginates flow attestations, newest first', async () => {
    const all = await (await start()).client().listAllFlowAttestations('backend', {}, { perPage: 2 });
    expect(all.items).toHaveLength(6);
    expect(all.pagesRead).toBe(3);
    const created = all.items.map((a) => a.created_at ?? 0);
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it('narrows the attestations of commits by type and flow', async () => {
    const narrowed = await (await start()).client().listAttestationsForCommits({
      commit_list: [GOOD_COMMIT, WEB_COMMIT],
      attestation_type: 'junit',
      flow_name: 'frontend',
    });
    expect(narrowed[GOOD_COMMIT]).toEqual([]);
    expect(narrowed[WEB_COMMIT]?.map((a) => a.attestation_name)).toEqual(['unit-tests']);
  });
});

describe('eu-production, a case of every environment-policy rule (seeds/policies/)', () => {
  it("runs each artifact with its flow's tags, its trail's state and the attestations a policy reads", async () => {
    const client = (await start()).client();
    const diff = await client.diffEnvironments('eu-production~1', 'eu-production');
    const running = [...diff.snappish2.artifacts, ...diff['not-changed'].artifacts];
    const rows = await Promise.all(
      running.map(async (a) => {
        if (!a.flow) return `${String(a.name)}: no flow`;
        const [trail, ...others] = (await client.listTrails({ flow: a.flow, fingerprint: a.fingerprint }))
          .items;
        const entry = Object.values(trail?.compliance_status?.artifacts_statuses ?? {}).find(
          (e) => (e as { artifact_fingerprint?: string }).artifact_fingerprint === a.fingerprint,
        ) as {
          attestations_statuses: {
            attestation_name: string;
            attestation_type: string;
            is_compliant: boolean;
          }[];
        };
        const attestations = [
          ...(trail?.compliance_status?.attestations_statuses ?? []),
          ...entry.attestations_statuses,
        ]
          .map((s) => `${s?.attestation_name}:${s?.attestation_type}:${s?.is_compliant ? 'ok' : 'failed'}`)
          .sort();
        expect(others).toEqual([]);
        return `${a.name}: ${a.flow} ${JSON.stringify(trail?.flow?.tags)} ${trail?.compliance_state} ${attestations.join(' ')}`;
      }),
    );
    expect(rows.sort()).toEqual([
      'docker.io/datadog/agent:7: no flow',
      'docker.io/library/postgres:16: no flow',
      'ghcr.io/acme/checkout:2.1.0: checkout {"team":"checkout","tier":"1"} COMPLIANT coverage:custom:coverage-metrics:ok pull-request:pull_request:ok security-scan:snyk:ok unit-tests:junit:ok',
      'ghcr.io/acme/invoices:2.1.0: invoices {"risk-level":"medium","team.name":"finance"} COMPLIANT coverage:custom:coverage-metrics:ok dependency-scan:snyk:ok unit-tests:junit:ok',
      'ghcr.io/acme/ledger:4.2.0: ledger {"risk-level":"high","team.name":"finance"} COMPLIANT security-scan:snyk:ok unit-tests:junit:ok',
      'ghcr.io/acme/notifier:0.9.3: notifications {"team.name":"messaging"} NON-COMPLIANT security-scan:snyk:ok unit-tests:junit:failed',
      'ghcr.io/acme/pdf-renderer:1.0.4: documents {"team.name":"documents","data.class":"pii"} NON-COMPLIANT security-scan:snyk:failed unit-tests:junit:ok',
      'ghcr.io/acme/search:1.8.0: search {"risk-level":"low","team.name":"discovery"} COMPLIANT security-scan:snyk:ok unit-tests:junit:ok',
    ]);
  });
});

describe('pull-request attestations', () => {
  const PR = {
    url: 'https://github.com/acme/shop/pull/7',
    state: 'MERGED',
    approvers: [{ username: 'bob' }],
    commits: [{ sha1: SHA_NEW, author: 'Ann <ann@acme.test>', author_username: 'ann' }],
  };
  const ID = 'e0e0e0e0-0000-4000-8000-00000000000e';

  // Under `full`: `minimal` sends only what the client's answer schemas know of an element.
  it.each([
    ['with pull requests: as stored', [PR]],
    ['without the field: no key', undefined],
    ['a direct push: []', []],
  ])('%s, for commits, in the flow and on its page', async (_name, stored) => {
    const withPr = demoSeed();
    withPr.orgs.demo.attestations.push({
      id: ID,
      flow: 'backend',
      trail: GOOD_COMMIT,
      name: 'pull-request',
      type: 'pull_request',
      git_commit: SHA_NEW,
      is_compliant: true,
      created_at: 1793700000,
      ...(stored && { pull_requests: stored }),
    });
    const sb = await start({ seed: withPr, profile: 'full', uiBase: 'own' });
    const read = async (path: string) => (await (await sb.fetch(path)).json()) as Record<string, unknown>;
    const forCommits = (
      await read(`/attestations/demo/list_attestations_for_criteria?commit_list=${SHA_NEW}`)
    )[SHA_NEW] as Record<string, unknown>[];
    const inFlow = ((await read('/attestations/demo/backend')).data as Record<string, unknown>[]).find(
      (a) => a.attestation_id === ID,
    );
    for (const element of [forCommits[0], inFlow]) {
      expect(element && 'pull_requests' in element).toBe(stored !== undefined);
      expect(element?.pull_requests).toEqual(stored);
    }
    const page = await (await fetch(String(inFlow?.html_url))).text();
    expect(page.includes('<code>https://github.com/acme/shop/pull/7</code> MERGED approved by bob')).toBe(
      stored?.length === 1,
    );
  });
});

describe('the review cases (test/helpers/review.ts)', () => {
  const { tempDir } = useTempDirs();
  interface Element {
    attestation_type: string;
    is_compliant: boolean;
    description: string;
    pull_requests?: { approvers: { username: string }[]; commits: unknown[] }[];
  }

  it.each(REVIEW_CASES)('%s: its commit, by its author, holds what the table says', async (name) => {
    const dir = tempDir();
    const { base, shas } = reviewRepo(dir);
    const sha = shas[name];
    const sb = await start({ seed: reviewSeed(shas), profile: 'full' });
    const q = `commit_list=${sha}&flow_name=app&attestation_type=pull_request`;
    const answer = (await (
      await sb.fetch(`/attestations/demo/list_attestations_for_criteria?${q}`)
    ).json()) as Record<string, Element[]>;
    const held = answer[sha]?.map((e) =>
      e.attestation_type === 'override'
        ? { override: e.is_compliant, why: e.description }
        : {
            ...(e.pull_requests && { prs: e.pull_requests.map((pr) => pr.approvers.map((a) => a.username)) }),
          },
    );
    expect(held).toEqual(REVIEW[name].held);
    // In git and in its pull requests, the commit is its author's, after the base.
    const { author } = REVIEW[name];
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
    const [who = '', message, at] = git('log', '-1', '--format=%an <%ae>%n%s%n%at', sha).split('\n');
    expect(who.toLowerCase()).toContain(`${author} <`);
    expect(git('rev-list', `${base}..${sha}`)).toContain(sha);
    const commits = answer[sha]?.flatMap((e) => e.pull_requests ?? []).flatMap((pr) => pr.commits);
    for (const commit of commits ?? [])
      expect(commit).toEqual({
        sha1: sha,
        author: who,
        author_username: author,
        message,
        timestamp: Number(at),
      });
  });
});

describe('fault injection', () => {
  it('fails the next requests with a status and Retry-After, then recovers', async () => {
    const sb = await start();
    sb.sandbox.faults.failNext(2, 503, { retryAfter: '0', message: 'maintenance' });
    const client = sb.client();
    await expect(client.listActions()).resolves.toHaveLength(3);
    sb.sandbox.faults.failNext(5, 503, { message: 'maintenance' });
    const error = (await client.listActions().catch((e: unknown) => e)) as ApiError;
    expect(error.serverMessage).toBe('maintenance');
    expect(error.attempts).toBe(4);
  });

  it('resets connections and sends malformed bodies', async () => {
    const sb = await start();
    sb.sandbox.faults.resetNext(4);
    await expect(sb.client().listActions()).rejects.toBeInstanceOf(NetworkError);
    sb.sandbox.faults.malformedNext(1);
    await expect(sb.client().listActions()).rejects.toBeInstanceOf(UnexpectedResponseError);
  });

  it('answers any status, content type and body, only on matching paths, then recovers', async () => {
    const sb = await start();
    sb.sandbox.faults.respondNext(1, {
      status: 200,
      contentType: 'text/html',
      body: '<html>Sign in</html>',
      path: /^\/artifacts\//,
    });
    sb.sandbox.faults.respondNext(1, { status: 201, body: '' });
    // The path does not match: the next fault in line answers instead.
    const empty = await sb.fetch('/actions/demo');
    expect(empty.status).toBe(201);
    expect(empty.headers.get('content-type')).toBeNull();
    expect(await empty.text()).toBe('');
    const page = await sb.fetch(`/artifacts/demo/backend/fingerprint/${'a'.repeat(64)}`, { token: null });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html');
    expect(await page.text()).toBe('<html>Sign in</html>');
    sb.sandbox.faults.respondNext(1, { status: 200, body: { unexpected: true } });
    const shaped = await sb.fetch('/actions/demo');
    expect(shaped.headers.get('content-type')).toBe('application/json');
    expect(await shaped.json()).toEqual({ unexpected: true });
    // Spent: the sandbox answers for itself again.
    expect(await (await sb.fetch('/actions/demo')).json()).toHaveLength(3);
  });

  it('reads faults from flags', async () => {
    const sb = await start();
    sb.sandbox.faults.addFromFlag('429x1:retry-after=0');
    const limited = await sb.fetch('/actions/demo');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('0');
    sb.sandbox.faults.addFromFlag(
      'respond200x1:type=text/html; charset=utf-8:path=^/actions/:body=<p>a:b</p>',
    );
    const res = await sb.fetch('/actions/demo');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe('<p>a:b</p>');
    sb.sandbox.faults.addFromFlag('respond201x1');
    const empty = await sb.fetch('/actions/demo');
    expect(empty.status).toBe(201);
    expect(await empty.text()).toBe('');
    expect(() => sb.sandbox.faults.addFromFlag('respondx1')).toThrow(/respond<status>x<count>/);
  });

  it('adds latency', async () => {
    const sb = await start();
    sb.sandbox.faults.latencyMs = 300;
    const client = sb.client({ attemptTimeoutMs: 100, retries: 0 });
    await expect(client.listActions()).rejects.toThrow(/timed out/);
  });
});

describe('observers', () => {
  // What the gate's tests and `npm run bench:gate` count: each request as it arrives, until the observer is removed.
  it('observe: each request, its method and URL as sent, until removed', async () => {
    const sandbox = await start();
    const seen: { method: string; url: string }[] = [];
    const stop = sandbox.sandbox.observe((request) => seen.push(request));
    await sandbox.fetch('/trails/demo?flow=backend');
    await sandbox.fetch('/attestations/demo/list_attestations_for_criteria?commit_list=a&commit_list=b', {
      token: null,
    });
    stop();
    await sandbox.fetch('/trails/demo');
    expect(seen).toEqual([
      { method: 'GET', url: '/api/v2/trails/demo?flow=backend' },
      {
        method: 'GET',
        url: '/api/v2/attestations/demo/list_attestations_for_criteria?commit_list=a&commit_list=b',
      },
    ]);
  });
});
