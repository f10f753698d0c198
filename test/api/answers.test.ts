/**
 * Trust nothing it reads, at the client: an answer must be about the question, a 2xx answer must hold what the spec
 * says it holds, and what is only shown is read as null when it is not of its type. Each case is the sandbox over real
 * HTTP, made to answer something with `faults.respondNext`; the "about something else" answers are the sandbox's own
 * real answers to another question. The answers to a report are held to its documented form in http.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { type ComplianceClient, UnexpectedResponseError } from '../../src/api/index.js';
import { DEMO_TOKEN, demoSeed, useSandbox, type Running } from '../helpers/sandbox.js';

interface SeedOrg {
  trails: { name: string }[];
  artifacts: { fingerprint: string }[];
}
const demo = (demoSeed() as { orgs: { demo: SeedOrg } }).orgs.demo;
const [GOOD_COMMIT, BAD_COMMIT, WEB_COMMIT] = demo.trails.map((t) => t.name) as [string, string, string];
const [FP_API1, FP_API2, FP_WEB] = demo.artifacts.map((a) => a.fingerprint) as [string, string, string];
const ARTIFACT = 'unexpected response from GET /artifacts/{org}/{flow_name}/fingerprint/{fingerprint}';
const COMMITS = 'unexpected response from GET /attestations/{org}/list_attestations_for_criteria';
const STATES = 'state expected one of "COMPLIANT", "NON-COMPLIANT", "INCOMPLETE", received';

type Json = Record<string, unknown>;
/** The sandbox's own answers, to be served for another question. */
interface Real {
  artifact: Json;
  deployment: Json;
  diff: Json;
  /** GOOD_COMMIT's and BAD_COMMIT's attestations. */
  commits: Json;
  good: Json[];
  actions: Json[];
}

const start = useSandbox();

async function realAnswers(sb: Running): Promise<Real> {
  const get = async (path: string) => {
    const res = await sb.fetch(path);
    expect(res.status).toBe(200);
    return (await res.json()) as Json;
  };
  const commits = await get(
    `/attestations/demo/list_attestations_for_criteria?commit_list=${GOOD_COMMIT}&commit_list=${BAD_COMMIT}`,
  );
  const real = {
    artifact: await get(`/artifacts/demo/backend/fingerprint/${FP_API1}`),
    deployment: await get(`/deployments/demo/production/${FP_WEB}`),
    diff: await get('/env-diff/demo?snappish1=production%231&snappish2=production'),
    commits,
    good: commits[GOOD_COMMIT] as Json[],
    actions: (await get('/actions/demo')) as unknown as Json[],
  };
  expect(real.artifact.state).toBe('COMPLIANT');
  expect(real.good.length).toBeGreaterThan(0);
  return real;
}

/** The group of the real diff without its snapshot id. */
const unnamed = (real: Real, group: string) => {
  const { snapshot_id: _id, ...rest } = real.diff[group] as Json;
  return rest;
};

async function failure(call: Promise<unknown>): Promise<UnexpectedResponseError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UnexpectedResponseError);
  return error as UnexpectedResponseError;
}

const forCommit =
  (commit: string, filter: { flow_name?: string; attestation_type?: string } = {}) =>
  (c: ComplianceClient) =>
    c.listAttestationsForCommits({ commit_list: [commit], ...filter });
const artifact = (c: ComplianceClient) => c.getArtifact('backend', FP_API1);
const diff = (one: string) => (c: ComplianceClient) => c.diffEnvironments(one, 'production');

/**
 * [why, the answer served, the call, what the refusal says]: a whole message when it starts "unexpected response",
 * else a part of it (or a pattern).
 */
type Refusal = [string, (real: Real) => unknown, (c: ComplianceClient) => Promise<unknown>, string | RegExp];

const ABOUT_SOMETHING_ELSE: Refusal[] = [
  [
    'another fingerprint',
    (r) => r.artifact,
    (c) => c.getArtifact('backend', FP_API2),
    `${ARTIFACT}: fingerprint is "${FP_API1}", not "${FP_API2}" as asked: the answer is about something else`,
  ],
  [
    'another flow',
    (r) => ({ ...r.artifact, flow_name: 'frontend' }),
    artifact,
    'flow_name is "frontend", not "backend" as asked',
  ],
  [
    'another trail',
    (r) => r.artifact,
    (c) => c.getArtifact('backend', FP_API1, { trail: BAD_COMMIT }),
    `trail_name is "${GOOD_COMMIT}", not "${BAD_COMMIT}" as asked`,
  ],
  [
    'a deployment of another fingerprint',
    (r) => r.deployment,
    (c) => c.getDeployment('production', FP_API1),
    `fingerprint is "${FP_WEB}", not "${FP_API1}" as asked`,
  ],
  [
    'a deployment to another environment',
    (r) => r.deployment,
    (c) => c.getDeployment('staging', FP_WEB),
    'env_name is "production", not "staging" as asked',
  ],
  [
    "another environment's snapshots",
    (r) => r.diff,
    (c) => c.diffEnvironments('staging#1', 'staging'),
    'unexpected response from GET /env-diff/{org}: snappish1.snapshot_id is "production#1", not staging#1 as ' +
      'asked: the answer is about something else',
  ],
  [
    'the right environment, but not the snapshot the expression named',
    (r) => r.diff,
    diff('production#2'),
    'snappish1.snapshot_id is "production#1", not production#2 as asked',
  ],
  [
    'a shared group about a third environment',
    (r) => ({ ...r.diff, changed: { ...(r.diff.changed as Json), snapshot_id: 'staging#2' } }),
    diff('production#1'),
    'changed.snapshot_id is "staging#2", not production#1 or a snapshot of production as asked',
  ],
  [
    'a shared group naming a snapshot not asked',
    (r) => ({ ...r.diff, changed: { ...unnamed(r, 'changed'), snapshot_id: 'staging#1' } }),
    diff('production#1'),
    'changed.snapshot_id is "staging#1", not production#1 or a snapshot of production as asked',
  ],
  [
    'all about other commits: nothing asked is in it',
    (r) => r.commits,
    forCommit(WEB_COMMIT),
    /names commit "(3dfdaa9|888f905)\w+", which was not asked: the answer is about something else/,
  ],
  [
    'filed under the commit asked, but about another one',
    (r) => ({ [WEB_COMMIT]: r.good }),
    forCommit(WEB_COMMIT),
    `${WEB_COMMIT}[0].git_commit_info.sha1 is "${GOOD_COMMIT}", not "${WEB_COMMIT}" as asked`,
  ],
  [
    'of another flow than the filter asked for',
    (r) => ({ [GOOD_COMMIT]: r.good }),
    forCommit(GOOD_COMMIT, { flow_name: 'frontend' }),
    `${GOOD_COMMIT}[0].flow_name is "backend", not "frontend" as asked`,
  ],
  [
    // A service that ignores the filter cannot pass a narrowed gate.
    'of another type than the filter asked for',
    (r) => ({ [GOOD_COMMIT]: r.good.filter((a) => a.attestation_type === 'junit') }),
    forCommit(GOOD_COMMIT, { attestation_type: 'snyk' }),
    `${GOOD_COMMIT}[0].attestation_type is "junit", not "snyk" as asked`,
  ],
  [
    'attestations that do not say their type, to a gate narrowed to one',
    () => ({ [GOOD_COMMIT]: [{ attestation_name: 'tests', is_compliant: true, created_at: 1 }] }),
    forCommit(GOOD_COMMIT, { attestation_type: 'junit' }),
    `${GOOD_COMMIT}[0].attestation_type is missing: the answer does not show the type asked for ("junit")`,
  ],
];

const NOT_IN_THE_SPEC_FORM: Refusal[] = [
  [
    'an artifact without its required fields',
    () => ({ unexpected: true }),
    artifact,
    `${ARTIFACT}: id is missing`,
  ],
  [
    'an artifact without evidence',
    (r) => Object.fromEntries(Object.entries(r.artifact).filter(([key]) => key !== 'evidence')),
    artifact,
    ': evidence is missing',
  ],
  ['a state outside the spec', (r) => ({ ...r.artifact, state: 'GREEN' }), artifact, `: ${STATES} "GREEN"`],
  [
    // is_compliant must be a boolean to read another spelling: null reads nothing.
    'a state outside the spec, is_compliant null',
    (r) => ({ ...r.artifact, state: 'GREEN', is_compliant: null }),
    artifact,
    `: ${STATES} "GREEN"`,
  ],
  [
    'is_compliant not a boolean',
    (r) => ({ ...r.artifact, state: 'COMPLIANT', is_compliant: 'yes' }),
    artifact,
    ': is_compliant expected boolean, received string',
  ],
  [
    'the read-back of a report, a state spelled otherwise without is_compliant',
    (r) => ({ ...r.artifact, state: 'compliant' }),
    (c) => c.getReportedArtifact('backend', FP_API1),
    `: ${STATES} "compliant"`,
  ],
  [
    'a deployment field given of another type',
    () => ({ fingerprint: 7 }),
    (c) => c.getDeployment('production', FP_WEB),
    ': fingerprint expected string, received number',
  ],
  [
    'a diff without its four groups',
    () => ({ snappish1: { artifacts: [] } }),
    diff('production~1'),
    /^unexpected response from GET \/env-diff\/\{org\}: snappish2/,
  ],
  [
    'a group without its artifacts',
    (r) => ({ ...r.diff, changed: { snapshot_id: 'production#2' } }),
    diff('production#1'),
    ': changed.artifacts is missing',
  ],
  [
    'an artifact of a diff without a fingerprint',
    (r) => ({ ...r.diff, snappish2: { snapshot_id: 'production#2', artifacts: [{ name: 'web' }] } }),
    diff('production#1'),
    'unexpected response from GET /env-diff/{org}: snappish2.artifacts[0].fingerprint is missing',
  ],
  [
    'a snapshot id that is no string',
    (r) => ({ ...r.diff, snappish1: { ...unnamed(r, 'snappish1'), snapshot_id: 1 } }),
    diff('production#1'),
    ': snappish1.snapshot_id expected string, received number',
  ],
  [
    'a verdict of the wrong type: at once, not when the gate reads it',
    () => ({
      [GOOD_COMMIT]: [{ attestation_name: 'tests', attestation_type: 'junit', is_compliant: 'yes' }],
    }),
    forCommit(GOOD_COMMIT),
    `${COMMITS}: ${GOOD_COMMIT}[0].is_compliant expected boolean, received string`,
  ],
  [
    "a commit's list of the wrong type, instead of reading it as empty",
    () => ({ [GOOD_COMMIT]: { attestations: [] } }),
    forCommit(GOOD_COMMIT),
    `${COMMITS}: ${GOOD_COMMIT} expected array, received object`,
  ],
  [
    'an action without a required field',
    (r) => [Object.fromEntries(Object.entries(r.actions[0] ?? {}).filter(([key]) => key !== 'created_by'))],
    (c) => c.listActions(),
    'unexpected response from GET /actions/{org}: [0].created_by is missing',
  ],
  [
    'an action flag of the wrong type',
    (r) => [{ ...r.actions[0], is_failing: 'no' }],
    (c) => c.listActions(),
    '[0].is_failing expected boolean',
  ],
  [
    'actions not in a list',
    () => ({ actions: [] }),
    (c) => c.listActions(),
    /^unexpected response from GET \/actions\/\{org\}: expected a list/,
  ],
  [
    'trails neither a list nor an envelope',
    () => ({ items: [] }),
    (c) => c.listTrails(),
    /^unexpected response from GET \/trails\/\{org\}: expected a list/,
  ],
  [
    'a trail that is no object',
    () => ({ data: ['trail-1'] }),
    (c) => c.listTrails({ page: 1 }),
    ': data[0] expected object',
  ],
  [
    'a deciding field of a trail of the wrong type',
    () => ({ data: [{ name: 't1' }, { name: 't2', is_compliant: 'yes' }] }),
    (c) => c.listTrails({ page: 1 }),
    'unexpected response from GET /trails/{org}: data[1].is_compliant expected boolean, received string',
  ],
];

/** [why, the answer served, the call, what must hold of what it read]. */
type Reading = [
  string,
  (real: Real) => unknown,
  (c: ComplianceClient) => Promise<unknown>,
  (read: never) => void,
];

const READ: Reading[] = [
  [
    'an artifact answer to its own question',
    (r) => r.artifact,
    (c) => c.getArtifact('backend', FP_API1, { trail: GOOD_COMMIT }),
    (read: Json) => expect(read.state).toBe('COMPLIANT'),
  ],
  [
    'a deployment answer to its own question',
    (r) => r.deployment,
    (c) => c.getDeployment('production', FP_WEB),
    (read: Json) => expect(read.fingerprint).toBe(FP_WEB),
  ],
  [
    'a diff answer to its own question',
    (r) => r.diff,
    diff('production~1'),
    (read: Json) => expect(read.snappish1).toMatchObject({ snapshot_id: 'production#1' }),
  ],
  [
    'the commits asked, in the {"attestations": ...} envelope',
    (r) => ({ attestations: { [GOOD_COMMIT]: r.good } }),
    forCommit(GOOD_COMMIT),
    (read: Record<string, unknown[]>) => expect(read[GOOD_COMMIT]).toHaveLength(3),
  ],
  [
    'attestations that do not say their type, to a gate not narrowed',
    () => ({ [GOOD_COMMIT]: [{ attestation_name: 'tests', is_compliant: true, created_at: 1 }] }),
    forCommit(GOOD_COMMIT),
    (read: Record<string, unknown[]>) => expect(read[GOOD_COMMIT]).toHaveLength(1),
  ],
  ...(
    [
      ['compliant', true],
      ['Non-Compliant', false],
      ['OVERRIDDEN', true],
    ] as const
  ).flatMap(([state, isCompliant]): Reading[] =>
    [artifact, (c: ComplianceClient) => c.getReportedArtifact('backend', FP_API1)].map((call) => [
      `a state spelled ${state}, with is_compliant beside it`,
      (r) => ({ ...r.artifact, state, is_compliant: isCompliant }),
      call,
      (read: Json) => expect(read).toMatchObject({ state, is_compliant: isCompliant }),
    ]),
  ),
  [
    // An empty object is a deployment the spec allows (2.7): found, nothing known, not confirmed (the action says so).
    'a deployment with nothing in it',
    () => ({ x_unknown: [1] }),
    (c) => c.getDeployment('production', FP_WEB),
    (read: Json) =>
      expect([read.fingerprint, read.env_name, read.deployed_at, read.artifact_name]).toEqual([
        undefined,
        undefined,
        null,
        null,
      ]),
  ],
  [
    // The service's published example (2.10): the shared groups carry no snapshot_id.
    'a diff whose shared groups name no snapshot',
    (r) => ({ ...r.diff, changed: unnamed(r, 'changed'), 'not-changed': unnamed(r, 'not-changed') }),
    diff('production#1'),
    (read: Record<string, Json>) =>
      expect([read.snappish1?.snapshot_id, read.changed?.snapshot_id]).toEqual(['production#1', undefined]),
  ],
  [
    'a diff whose groups name no snapshot at all',
    (r) =>
      Object.fromEntries(['snappish1', 'snappish2', 'changed', 'not-changed'].map((g) => [g, unnamed(r, g)])),
    diff('production#1'),
    (read: Record<string, Json>) => expect(read.snappish2?.snapshot_id).toBeUndefined(),
  ],
  [
    'a link or commit info sent malformed, which is only shown',
    () => ({
      [GOOD_COMMIT]: [
        {
          attestation_name: 'tests',
          attestation_type: 'junit',
          is_compliant: true,
          created_at: 1,
          html_url: 7,
          git_commit_info: 'not a commit',
        },
      ],
    }),
    forCommit(GOOD_COMMIT),
    (read: Record<string, unknown[]>) =>
      expect(read[GOOD_COMMIT]?.[0]).toMatchObject({
        is_compliant: true,
        html_url: null,
        git_commit_info: null,
      }),
  ],
];

describe('an answer the client cannot take is refused at once, saying why', () => {
  it.each([
    ['about something else than the question', ABOUT_SOMETHING_ELSE],
    ['not in the form the spec says', NOT_IN_THE_SPEC_FORM],
  ])('%s', async (_, refusals) => {
    const sb = await start();
    const real = await realAnswers(sb);
    const client = sb.client();
    for (const [why, body, call, says] of refusals) {
      sb.sandbox.faults.respondNext(1, { status: 200, body: body(real) });
      const { message } = await failure(call(client));
      if (typeof says === 'string' && says.startsWith('unexpected response')) expect(message, why).toBe(says);
      else expect(message, why).toMatch(says);
    }
  });

  it('what it can take is read', async () => {
    const sb = await start();
    const real = await realAnswers(sb);
    const client = sb.client();
    for (const [, body, call, check] of READ) {
      sb.sandbox.faults.respondNext(1, { status: 200, body: body(real) });
      check((await call(client)) as never);
    }
  });
});

describe('attestations for commits: an override is about what a type filter asked', () => {
  /** A person's verdict on the pull-request attestation of the good commit, stored in the sandbox as the service has it. */
  const override = {
    id: 'a0a0a0a0-0000-4000-8000-00000000000a',
    flow: 'backend',
    trail: GOOD_COMMIT,
    name: 'pull-request',
    type: 'override',
    is_compliant: false,
    created_at: 1793700000,
    description: 'reverted: approved by its author',
    reported_by: 'alice',
    origin_url: '',
    user_data: {},
    schema_version: 1,
    has_audit_package: false,
  };

  it('the service answers a pull_request filter with the override among them: read, still held to the rest', async () => {
    const sb = await start();
    sb.sandbox.service.data.orgs.demo?.attestations.push(override);
    const client = sb.client();
    const query = { commit_list: [GOOD_COMMIT], attestation_type: 'pull_request' };
    const read = (await client.listAttestationsForCommits(query))[GOOD_COMMIT] ?? [];
    expect(read.map((a) => [a.attestation_type, a.is_compliant])).toEqual([
      ['override', false],
      ['pull_request', true],
    ]);
    expect(read[0]).toMatchObject({ reported_by: 'alice', description: 'reverted: approved by its author' });

    const res = await sb.fetch(
      `/attestations/demo/list_attestations_for_criteria?commit_list=${GOOD_COMMIT}&attestation_type=pull_request`,
    );
    const [overrideElement, prElement] = ((await res.json()) as Record<string, Json[]>)[GOOD_COMMIT] ?? [];
    const PR = { attestation_type: 'pull_request' };
    const cases: [unknown[], Record<string, string>, string][] = [
      // Still about the commit, the flow and the name asked.
      [
        [prElement, { ...overrideElement, git_commit_info: { sha1: BAD_COMMIT } }],
        PR,
        `[1].git_commit_info.sha1 is "${BAD_COMMIT}", not "${GOOD_COMMIT}" as asked`,
      ],
      [
        [{ ...overrideElement, flow_name: 'frontend' }],
        { ...PR, flow_name: 'backend' },
        '[0].flow_name is "frontend", not "backend" as asked',
      ],
      [
        [{ ...overrideElement, attestation_name: 'snyk-scan' }],
        { ...PR, attestation_name: 'pull-request' },
        '[0].attestation_name is "snyk-scan", not "pull-request" as asked',
      ],
      // Asked for overrides, an attestation of another type is about something else.
      [
        [overrideElement, prElement],
        { attestation_type: 'override' },
        '[1].attestation_type is "pull_request", not "override" as asked',
      ],
    ];
    for (const [list, q, message] of cases) {
      sb.sandbox.faults.respondNext(1, { status: 200, body: { [GOOD_COMMIT]: list } });
      const call = client.listAttestationsForCommits({ commit_list: [GOOD_COMMIT], ...q });
      expect((await failure(call)).message).toContain(`${GOOD_COMMIT}${message}`);
    }
  });

  it('the sandbox leaves an override out of a filter for a type its name does not have', async () => {
    const sb = await start();
    sb.sandbox.service.data.orgs.demo?.attestations.push(override);
    const read = await sb
      .client()
      .listAttestationsForCommits({ commit_list: [GOOD_COMMIT], attestation_type: 'junit' });
    expect(read[GOOD_COMMIT]?.map((a) => a.attestation_type)).toEqual(['junit']);
  });
});

describe("a report's answer", () => {
  it("the sandbox's own answers are delivered, with what they say", async () => {
    const sb = await start();
    const client = sb.client();
    const report = {
      fingerprint: FP_API1,
      filename: 'app.tgz',
      build_url: 'https://ci.example/run/1',
      commit_url: 'https://git.example/c/1',
    };
    await expect(client.reportArtifact('backend', report)).resolves.toMatchObject({
      status: 201,
      message: 'OK',
      body: { message: 'OK' },
    });
    const delivered = await client.reportK8sEnvironment('staging', { artifacts: [] });
    expect(delivered.body).toMatchObject({ errors: {} });
    expect(delivered.message).toMatch(/^(Snapshot staging#\d+ created|No new snapshot)/);
  });

  it('the first line is escaped: one line, control and invisible characters neutralised, cut, no token', async () => {
    const sb = await start();
    const client = sb.client();
    const hostile = `  \r\n\u202eNOT\u0007 ${DEMO_TOKEN} \u200b::error::x ${'y'.repeat(200)}\u2028second line`;
    sb.sandbox.faults.respondNext(1, { status: 200, contentType: 'text/plain;\tx=1', body: hostile });
    const message = (await failure(client.reportK8sEnvironment('staging', { artifacts: [] }))).message;
    expect(message).toContain('content type "text/plain;\\tx=1"');
    expect(message).toContain('first line "\\u202eNOT\\u0007 *** \\u200b::error::x yyy');
    expect(message).not.toContain(DEMO_TOKEN);
    expect(message).not.toMatch(/[\p{Cc}\u200b\u2028\u202e]/u);
    expect(message).not.toContain('second line');
    expect(message).toContain(`${'y'.repeat(40)}…"`);

    // A token across the cut is scrubbed before the cut: not even its first half is shown.
    sb.sandbox.faults.respondNext(1, { status: 200, body: `${'x'.repeat(95)}${DEMO_TOKEN}` });
    const cut = (await failure(client.reportK8sEnvironment('staging', { artifacts: [] }))).message;
    expect(cut).toContain(`first line "${'x'.repeat(95)}***"`);
    expect(cut).not.toContain(DEMO_TOKEN.slice(0, 5));
  });
});
