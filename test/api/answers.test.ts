/**
 * Trust nothing it reads, at the client: an answer must be about the question, a 2xx answer must hold what
 * the spec says it holds, and a report is delivered only when the service says so in the documented form. Each case
 * is the sandbox over real HTTP, made to answer something hostile with `faults.respondNext`; the "about something
 * else" answers are the sandbox's own real answers to another question.
 */
import { describe, expect, it } from 'vitest';
import { UnexpectedResponseError } from '../../src/api/index.js';
import { DEMO_TOKEN, demoSeed, useSandbox, type Running } from '../helpers/sandbox.js';

interface SeedOrg {
  trails: { name: string }[];
  artifacts: { fingerprint: string }[];
}
const demo = (demoSeed() as { orgs: { demo: SeedOrg } }).orgs.demo;
const [GOOD_COMMIT, BAD_COMMIT, WEB_COMMIT] = demo.trails.map((t) => t.name) as [string, string, string];
const [FP_API1, FP_API2, FP_WEB] = demo.artifacts.map((a) => a.fingerprint) as [string, string, string];

const start = useSandbox();

/** What the sandbox itself answers to `path`: a real answer, to be served for another question. */
async function realAnswer(sb: Running, path: string): Promise<Record<string, unknown>> {
  const res = await sb.fetch(path);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

async function failure(call: Promise<unknown>): Promise<UnexpectedResponseError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UnexpectedResponseError);
  return error as UnexpectedResponseError;
}

/** The message of the error `call` fails with when the sandbox answers `body` (200, JSON) once. */
async function refused(sb: Running, body: unknown, call: () => Promise<unknown>): Promise<string> {
  sb.sandbox.faults.respondNext(1, { status: 200, body });
  return (await failure(call())).message;
}

describe('an answer must be about the question', () => {
  it('get artifact: another fingerprint, another flow or another trail is refused, naming both', async () => {
    const sb = await start();
    const other = await realAnswer(sb, `/artifacts/demo/backend/fingerprint/${FP_API1}`);
    expect(other.state).toBe('COMPLIANT');
    const client = sb.client();

    expect(await refused(sb, other, () => client.getArtifact('backend', FP_API2))).toBe(
      'unexpected response from GET /artifacts/{org}/{flow_name}/fingerprint/{fingerprint}: ' +
        `fingerprint is "${FP_API1}", not "${FP_API2}" as asked: the answer is about something else`,
    );
    const otherFlow = { ...other, flow_name: 'frontend' };
    expect(await refused(sb, otherFlow, () => client.getArtifact('backend', FP_API1))).toContain(
      'flow_name is "frontend", not "backend" as asked',
    );
    const otherTrail = () => client.getArtifact('backend', FP_API1, { trail: BAD_COMMIT });
    expect(await refused(sb, other, otherTrail)).toContain(
      `trail_name is "${GOOD_COMMIT}", not "${BAD_COMMIT}" as asked`,
    );

    // The same answer to its own question is read.
    sb.sandbox.faults.respondNext(1, { status: 200, body: other });
    expect((await client.getArtifact('backend', FP_API1, { trail: GOOD_COMMIT })).state).toBe('COMPLIANT');
  });

  it('get deployment: another fingerprint or another environment is refused', async () => {
    const sb = await start();
    const real = await realAnswer(sb, `/deployments/demo/production/${FP_WEB}`);
    const client = sb.client();
    expect(await refused(sb, real, () => client.getDeployment('production', FP_API1))).toContain(
      `fingerprint is "${FP_WEB}", not "${FP_API1}" as asked`,
    );
    expect(await refused(sb, real, () => client.getDeployment('staging', FP_WEB))).toContain(
      'env_name is "production", not "staging" as asked',
    );
    sb.sandbox.faults.respondNext(1, { status: 200, body: real });
    expect((await client.getDeployment('production', FP_WEB)).fingerprint).toBe(FP_WEB);
  });

  it("env diff: another environment's snapshots, or another snapshot than the one named, are refused", async () => {
    const sb = await start();
    const production = await realAnswer(sb, '/env-diff/demo?snappish1=production%231&snappish2=production');
    const client = sb.client();
    const diff = (one: string) => () => client.diffEnvironments(one, 'production');

    expect(await refused(sb, production, () => client.diffEnvironments('staging#1', 'staging'))).toBe(
      'unexpected response from GET /env-diff/{org}: snappish1.snapshot_id is "production#1", not staging#1 as ' +
        'asked: the answer is about something else',
    );
    // The right environment, but not the snapshot the expression named.
    expect(await refused(sb, production, diff('production#2'))).toContain(
      'snappish1.snapshot_id is "production#1", not production#2 as asked',
    );
    // A shared group about a third environment.
    const changed = { ...(production.changed as Record<string, unknown>), snapshot_id: 'staging#2' };
    expect(await refused(sb, { ...production, changed }, diff('production#1'))).toContain(
      'changed.snapshot_id is "staging#2", not production#1 or a snapshot of production as asked',
    );

    sb.sandbox.faults.respondNext(1, { status: 200, body: production });
    expect((await diff('production~1')()).snappish1.snapshot_id).toBe('production#1');
  });

  it('attestations for commits: a commit not asked, or an attestation of another commit, is refused', async () => {
    const sb = await start();
    const real = await realAnswer(
      sb,
      `/attestations/demo/list_attestations_for_criteria?commit_list=${GOOD_COMMIT}&commit_list=${BAD_COMMIT}`,
    );
    const good = real[GOOD_COMMIT] as Record<string, unknown>[];
    expect(good.length).toBeGreaterThan(0);
    const client = sb.client();
    const forCommit = (commit: string, flow?: string, type?: string) => () =>
      client.listAttestationsForCommits({
        commit_list: [commit],
        ...(flow !== undefined && { flow_name: flow }),
        ...(type !== undefined && { attestation_type: type }),
      });

    // All about other commits: nothing asked is in it.
    expect(await refused(sb, real, forCommit(WEB_COMMIT))).toMatch(
      /names commit "(3dfdaa9|888f905)\w+", which was not asked: the answer is about something else/,
    );
    // Filed under the commit asked, but the attestations say they are about another one.
    expect(await refused(sb, { [WEB_COMMIT]: good }, forCommit(WEB_COMMIT))).toContain(
      `${WEB_COMMIT}[0].git_commit_info.sha1 is "${GOOD_COMMIT}", not "${WEB_COMMIT}" as asked`,
    );
    // Of another flow than the filter asked for.
    expect(await refused(sb, { [GOOD_COMMIT]: good }, forCommit(GOOD_COMMIT, 'frontend'))).toContain(
      `${GOOD_COMMIT}[0].flow_name is "backend", not "frontend" as asked`,
    );
    // Of another type than the filter asked for: a service that ignores the filter cannot pass a narrowed gate.
    const type = String(good[0]?.attestation_type);
    const otherType = type === 'junit' ? 'snyk' : 'junit';
    expect(
      await refused(sb, { [GOOD_COMMIT]: good }, forCommit(GOOD_COMMIT, undefined, otherType)),
    ).toContain(`${GOOD_COMMIT}[0].attestation_type is "${type}", not "${otherType}" as asked`);

    sb.sandbox.faults.respondNext(1, { status: 200, body: { attestations: { [GOOD_COMMIT]: good } } });
    expect((await forCommit(GOOD_COMMIT)())[GOOD_COMMIT]).toHaveLength(good.length);
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

    const answer = await realAnswer(
      sb,
      `/attestations/demo/list_attestations_for_criteria?commit_list=${GOOD_COMMIT}&attestation_type=pull_request`,
    );
    const [overrideElement, prElement] = answer[GOOD_COMMIT] as Record<string, unknown>[];
    const { attestation_type: _type, ...untyped } = overrideElement ?? {};
    const PR = { attestation_type: 'pull_request' };
    const cases: [string, unknown[], Record<string, string>, string][] = [
      // Still about the commit, the flow and the name asked.
      [
        'another commit',
        [prElement, { ...overrideElement, git_commit_info: { sha1: BAD_COMMIT } }],
        PR,
        `[1].git_commit_info.sha1 is "${BAD_COMMIT}", not "${GOOD_COMMIT}" as asked`,
      ],
      [
        'another flow',
        [{ ...overrideElement, flow_name: 'frontend' }],
        { ...PR, flow_name: 'backend' },
        '[0].flow_name is "frontend", not "backend" as asked',
      ],
      [
        'another name',
        [{ ...overrideElement, attestation_name: 'snyk-scan' }],
        { ...PR, attestation_name: 'pull-request' },
        '[0].attestation_name is "snyk-scan", not "pull-request" as asked',
      ],
      // Asked for overrides, an attestation of another type is about something else.
      [
        'overrides asked, another type',
        [overrideElement, prElement],
        { attestation_type: 'override' },
        '[1].attestation_type is "pull_request", not "override" as asked',
      ],
      // An element that does not say its type still fails a narrowed gate.
      ['no type', [untyped], PR, '[0].attestation_type is missing'],
    ];
    for (const [, list, q, message] of cases) {
      const call = () => client.listAttestationsForCommits({ commit_list: [GOOD_COMMIT], ...q });
      expect(await refused(sb, { [GOOD_COMMIT]: list }, call)).toContain(`${GOOD_COMMIT}${message}`);
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

describe('a 2xx answer must hold what the spec says it holds', () => {
  it('get artifact: an answer without the required fields, or with a state outside the spec, fails at once', async () => {
    const sb = await start();
    const client = sb.client();
    expect(await refused(sb, { unexpected: true }, () => client.getArtifact('backend', FP_API1))).toBe(
      'unexpected response from GET /artifacts/{org}/{flow_name}/fingerprint/{fingerprint}: id is missing',
    );
    const real = await realAnswer(sb, `/artifacts/demo/backend/fingerprint/${FP_API1}`);
    const { evidence: _evidence, ...withoutEvidence } = real;
    expect(await refused(sb, withoutEvidence, () => client.getArtifact('backend', FP_API1))).toContain(
      ': evidence is missing',
    );
    expect(
      await refused(sb, { ...real, state: 'GREEN' }, () => client.getArtifact('backend', FP_API1)),
    ).toContain(': state expected one of "COMPLIANT", "NON-COMPLIANT", "INCOMPLETE", received "GREEN"');
    // is_compliant must be a boolean to read another spelling: null reads nothing.
    expect(
      await refused(sb, { ...real, state: 'GREEN', is_compliant: null }, () =>
        client.getArtifact('backend', FP_API1),
      ),
    ).toContain(': state expected one of "COMPLIANT", "NON-COMPLIANT", "INCOMPLETE", received "GREEN"');
    expect(
      await refused(sb, { ...real, state: 'COMPLIANT', is_compliant: 'yes' }, () =>
        client.getArtifact('backend', FP_API1),
      ),
    ).toContain(': is_compliant expected boolean, received string');
  });

  it('get artifact: a state spelled otherwise is read with is_compliant beside it, the read-back too', async () => {
    const sb = await start();
    const client = sb.client();
    const real = await realAnswer(sb, `/artifacts/demo/backend/fingerprint/${FP_API1}`);
    for (const [state, isCompliant] of [
      ['compliant', true],
      ['Non-Compliant', false],
      ['OVERRIDDEN', true],
    ] as const) {
      const answer = { ...real, state, is_compliant: isCompliant };
      sb.sandbox.faults.respondNext(1, { status: 200, body: answer });
      expect(await client.getArtifact('backend', FP_API1)).toMatchObject({
        state,
        is_compliant: isCompliant,
      });
      sb.sandbox.faults.respondNext(1, { status: 200, body: answer });
      expect(await client.getReportedArtifact('backend', FP_API1)).toMatchObject({
        state,
        is_compliant: isCompliant,
      });
    }
    expect(
      await refused(sb, { ...real, state: 'compliant' }, () =>
        client.getReportedArtifact('backend', FP_API1),
      ),
    ).toContain(': state expected one of "COMPLIANT", "NON-COMPLIANT", "INCOMPLETE", received "compliant"');
  });

  it('get deployment: nothing is required (2.7), but what is given must be of its type', async () => {
    const sb = await start();
    const client = sb.client();
    // An empty object is a deployment the spec allows: found, nothing known, not confirmed (the action says so).
    sb.sandbox.faults.respondNext(1, { status: 200, body: { x_unknown: [1] } });
    const bare = await client.getDeployment('production', FP_WEB);
    expect([bare.fingerprint, bare.env_name, bare.deployed_at, bare.artifact_name]).toEqual([
      undefined,
      undefined,
      null,
      null,
    ]);
    expect(await refused(sb, { fingerprint: 7 }, () => client.getDeployment('production', FP_WEB))).toContain(
      ': fingerprint expected string, received number',
    );
  });

  it('env diff: a group without its artifacts, or an artifact without a fingerprint, fails at once', async () => {
    const sb = await start();
    const real = await realAnswer(sb, '/env-diff/demo?snappish1=production%231&snappish2=production');
    const client = sb.client();
    expect(
      await refused(sb, { ...real, changed: { snapshot_id: 'production#2' } }, () =>
        client.diffEnvironments('production#1', 'production'),
      ),
    ).toContain(': changed.artifacts is missing');
    expect(
      await refused(
        sb,
        { ...real, snappish2: { snapshot_id: 'production#2', artifacts: [{ name: 'web' }] } },
        () => client.diffEnvironments('production#1', 'production'),
      ),
    ).toContain(': snappish2.artifacts[0].fingerprint is missing');
  });

  it('env diff: a group may name no snapshot (2.10), but one it names must be asked and a string', async () => {
    const sb = await start();
    const real = await realAnswer(sb, '/env-diff/demo?snappish1=production%231&snappish2=production');
    const client = sb.client();
    const diff = () => client.diffEnvironments('production#1', 'production');
    const unnamed = (group: string) => {
      const { snapshot_id: _id, ...rest } = real[group] as Record<string, unknown>;
      return rest;
    };
    // The service's published example: the shared groups carry no snapshot_id; none at all is allowed too.
    sb.sandbox.faults.respondNext(1, {
      status: 200,
      body: { ...real, changed: unnamed('changed'), 'not-changed': unnamed('not-changed') },
    });
    const live = await diff();
    expect([live.snappish1.snapshot_id, live.changed.snapshot_id]).toEqual(['production#1', undefined]);
    sb.sandbox.faults.respondNext(1, {
      status: 200,
      body: Object.fromEntries(
        ['snappish1', 'snappish2', 'changed', 'not-changed'].map((g) => [g, unnamed(g)]),
      ),
    });
    expect((await diff()).snappish2.snapshot_id).toBeUndefined();
    expect(
      await refused(sb, { ...real, snappish1: { ...unnamed('snappish1'), snapshot_id: 1 } }, diff),
    ).toContain(': snappish1.snapshot_id expected string, received number');
    expect(
      await refused(sb, { ...real, changed: { ...unnamed('changed'), snapshot_id: 'staging#1' } }, diff),
    ).toContain('changed.snapshot_id is "staging#1", not production#1 or a snapshot of production as asked');
  });

  it('attestations for commits: a verdict of the wrong type fails at once, not when the gate reads it', async () => {
    const sb = await start();
    const client = sb.client();
    expect(
      await refused(
        sb,
        {
          [GOOD_COMMIT]: [{ attestation_name: 'tests', attestation_type: 'junit', is_compliant: 'yes' }],
        },
        () => client.listAttestationsForCommits({ commit_list: [GOOD_COMMIT] }),
      ),
    ).toContain(`: ${GOOD_COMMIT}[0].is_compliant expected boolean, received string`);
  });

  it('attestations for commits: a link or commit info sent malformed is only shown, so it reads null', async () => {
    const sb = await start();
    const client = sb.client();
    sb.sandbox.faults.respondNext(1, {
      status: 200,
      body: {
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
      },
    });
    const [attestation] =
      (await client.listAttestationsForCommits({ commit_list: [GOOD_COMMIT] }))[GOOD_COMMIT] ?? [];
    expect(attestation).toMatchObject({ is_compliant: true, html_url: null, git_commit_info: null });
  });

  it('actions: an element without a required field fails at once; trails: an element that is no object', async () => {
    const sb = await start();
    const actions = (await (await sb.fetch('/actions/demo')).json()) as Record<string, unknown>[];
    const client = sb.client();
    const { created_by: _createdBy, ...withoutCreator } = actions[0] ?? {};
    expect(await refused(sb, [withoutCreator, ...actions.slice(1)], () => client.listActions())).toBe(
      'unexpected response from GET /actions/{org}: [0].created_by is missing',
    );
    expect(await refused(sb, [{ ...actions[0], is_failing: 'no' }], () => client.listActions())).toContain(
      '[0].is_failing expected boolean',
    );
    expect(await refused(sb, { data: ['trail-1'] }, () => client.listTrails({ page: 1 }))).toContain(
      ': data[0] expected object',
    );
  });
});

describe('a report is delivered only when the service says so in the documented form', () => {
  const report = {
    fingerprint: FP_API1,
    filename: 'app.tgz',
    build_url: 'https://ci.example/run/1',
    commit_url: 'https://git.example/c/1',
  };
  const LOGIN = `<!DOCTYPE html>\n<html><body>Sign in to continue (token ${DEMO_TOKEN})</body></html>`;

  it('report artifact: an answer not from the service (a login page, a redirect page, text) is not delivered', async () => {
    const sb = await start();
    const client = sb.client();
    const undelivered = async (answer: { status: number; contentType?: string; body: unknown }) => {
      sb.sandbox.faults.respondNext(1, answer);
      return (await failure(client.reportArtifact('backend', report))).message;
    };
    const login = await undelivered({ status: 200, contentType: 'text/html; charset=utf-8', body: LOGIN });
    expect(login).toBe(
      'unexpected response from POST /artifacts/{org}/{flow_name}: HTTP 200, content type ' +
        '"text/html; charset=utf-8", first line "<!DOCTYPE html>": not the service\'s answer to a report (no ' +
        'body, or JSON: an object, a string or null), so the report is not taken as delivered',
    );
    // JSON under another label, a page labelled JSON that does not parse, an empty page labelled HTML.
    expect(await undelivered({ status: 201, contentType: 'text/plain', body: '"OK"' })).toContain(
      'HTTP 201, content type "text/plain", first line "\\"OK\\"": not the service\'s answer',
    );
    expect(await undelivered({ status: 201, contentType: 'application/json', body: '<html>' })).toContain(
      'first line "<html>": not the service\'s answer',
    );
    expect(await undelivered({ status: 201, contentType: 'text/html', body: '' })).toContain(
      'HTTP 201, content type "text/html", an empty body:',
    );
    expect(await undelivered({ status: 201, body: [1] })).toContain('first line "[1]"');
    // The sandbox's own answer is delivered.
    await expect(client.reportArtifact('backend', report)).resolves.toMatchObject({
      status: 201,
      message: 'OK',
      body: { message: 'OK' },
    });
  });

  it('a report is delivered on every answer the service gives: no body, "OK", {}, null, any object', async () => {
    const sb = await start();
    const client = sb.client();
    const answers: [{ status: number; contentType?: string; body: unknown }, string][] = [
      [{ status: 201, body: '' }, ''],
      [{ status: 201, contentType: 'application/json', body: '' }, ''],
      [{ status: 201, contentType: 'application/json', body: '"OK"' }, 'OK'],
      [{ status: 201, body: {} }, ''],
      [{ status: 201, contentType: 'application/json', body: 'null' }, ''],
      [{ status: 201, body: { status: 'queued', message: null } }, ''],
      [
        { status: 201, contentType: 'application/problem+json; charset=utf-8', body: { message: 'made' } },
        'made',
      ],
    ];
    for (const [answer, message] of answers) {
      sb.sandbox.faults.respondNext(1, answer);
      expect((await client.reportArtifact('backend', report)).message, JSON.stringify(answer)).toBe(message);
      sb.sandbox.faults.respondNext(1, { ...answer, status: 200 });
      const k8s = await client.reportK8sEnvironment('staging', { artifacts: [] });
      expect(k8s, JSON.stringify(answer)).toMatchObject({ status: 200, message });
    }
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

  it('K8S report: an HTML page is not delivered; the message and the answer are kept', async () => {
    const sb = await start();
    const client = sb.client();
    sb.sandbox.faults.respondNext(1, { status: 200, contentType: 'text/html', body: LOGIN });
    expect((await failure(client.reportK8sEnvironment('staging', { artifacts: [] }))).message).toBe(
      'unexpected response from PUT /environments/{org}/{env_name}/report/K8S: HTTP 200, content type ' +
        '"text/html", first line "<!DOCTYPE html>": not the service\'s answer to a report (no body, or JSON: an ' +
        'object, a string or null), so the report is not taken as delivered',
    );
    // A message that is not a string is only not shown: the answer is still the service's.
    sb.sandbox.faults.respondNext(1, { status: 200, body: { message: 7, errors: {} } });
    expect(await client.reportK8sEnvironment('staging', { artifacts: [] })).toMatchObject({ message: '' });
    const delivered = await client.reportK8sEnvironment('staging', { artifacts: [] });
    expect(delivered.body).toMatchObject({ errors: {} });
    expect(delivered.message).toMatch(/^(Snapshot staging#\d+ created|No new snapshot)/);
  });
});
