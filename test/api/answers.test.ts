/**
 * Trust nothing it reads, at the client: an answer must be about the question, a 2xx answer must hold what the spec
 * says it holds, and what is only shown is read as null when it is not of its type. Each case is the sandbox over real
 * HTTP, made to answer something with `faults.respondNext`; the "about something else" answers are the sandbox's own
 * real answers to another question. The answers to a report are held to its documented form in http.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { type ComplianceClient, UnexpectedResponseError } from '../../src/api/index.js';
import { rejection } from '../helpers/rejection.js';
import { DEMO_TOKEN, demoSeed, useSandbox, type Running } from '../helpers/sandbox.js';

const demo = demoSeed().orgs.demo;
const [GOOD_COMMIT, BAD_COMMIT, WEB_COMMIT] = demo.trails.map((t) => t.name) as [string, string, string];
const [FP_API1, FP_API2, FP_WEB] = demo.artifacts.map((a) => a.fingerprint) as [string, string, string];
const ARTIFACT = 'unexpected response from GET /artifacts/{org}/{flow_name}/fingerprint/{fingerprint}';
const COMMITS = 'unexpected response from GET /attestations/{org}/list_attestations_for_criteria';
const STATES = 'state expected one of "COMPLIANT", "NON-COMPLIANT", "INCOMPLETE", received';
const DIFF = 'unexpected response from GET /env-diff/{org}';
const ACTIONS = 'unexpected response from GET /actions/{org}';
const NOR_PRODUCTION = 'not production#1 or a snapshot of production as asked';
/** An attestation that does not say its type, filed under the good commit. */
const TESTS = { attestation_name: 'tests', is_compliant: true, created_at: 1 };
const UNTYPED = { [GOOD_COMMIT]: [TESTS] };

type Json = Record<string, unknown>;
type Diff = Record<string, Json | undefined>;
type Lists = Record<string, unknown[] | undefined>;
/** The sandbox's own answers, to be served for another question. */
interface Real {
  artifact: Json;
  deployment: Json;
  diff: Json;
  /** GOOD_COMMIT's and BAD_COMMIT's attestations. */
  commits: Json;
  good: Json[];
  junit: Json[];
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
    junit: (commits[GOOD_COMMIT] as Json[]).filter((a) => a.attestation_type === 'junit'),
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
/** The real diff with its `changed` group about another snapshot. */
const changed = (real: Real, snapshot: string) => ({
  ...real.diff,
  changed: { ...(real.diff.changed as Json), snapshot_id: snapshot },
});

/** What `call` is refused with: an UnexpectedResponseError. */
const failure = (call: Promise<unknown>) => rejection(call, UnexpectedResponseError);

const forCommit =
  (commit: string, filter: { flow_name?: string; attestation_type?: string } = {}) =>
  (c: ComplianceClient) =>
    c.listAttestationsForCommits({ commit_list: [commit], ...filter });
const artifact = (c: ComplianceClient) => c.getArtifact('backend', FP_API1);
const diff = (one: string) => (c: ComplianceClient) => c.diffEnvironments(one, 'production');

type Call = (c: ComplianceClient) => Promise<unknown>;
/** An answer served, and what the refusal says: a whole message when it starts "unexpected response", else a part. */
type Refusal = [(real: Real) => unknown, string | RegExp];

/** By call: answers about something else than the question, then answers not in the form the spec says. */
const REFUSALS: [Call, Refusal[]][] = [
  [
    artifact,
    [
      [(r) => ({ ...r.artifact, flow_name: 'frontend' }), 'flow_name is "frontend", not "backend" as asked'],
      [() => ({ unexpected: true }), `${ARTIFACT}: id is missing`],
      [(r) => ({ ...r.artifact, evidence: undefined }), ': evidence is missing'],
      [(r) => ({ ...r.artifact, state: 'GREEN' }), `: ${STATES} "GREEN"`],
      // is_compliant must be a boolean to read another spelling: null reads nothing.
      [(r) => ({ ...r.artifact, state: 'GREEN', is_compliant: null }), `: ${STATES} "GREEN"`],
      [(r) => ({ ...r.artifact, is_compliant: 'yes' }), ': is_compliant expected boolean, received string'],
      [(r) => ({ ...r.artifact, created_at: true }), ': created_at is not valid (received boolean)'],
    ],
  ],
  [
    (c) => c.getArtifact('backend', FP_API2),
    [
      [
        (r) => r.artifact,
        `${ARTIFACT}: fingerprint is "${FP_API1}", not "${FP_API2}" as asked: the answer is about something else`,
      ],
    ],
  ],
  [
    (c) => c.getArtifact('backend', FP_API1, { trail: BAD_COMMIT }),
    [[(r) => r.artifact, `trail_name is "${GOOD_COMMIT}", not "${BAD_COMMIT}" as asked`]],
  ],
  [
    (c) => c.getReportedArtifact('backend', FP_API1),
    [[(r) => ({ ...r.artifact, state: 'compliant' }), `: ${STATES} "compliant"`]],
  ],
  [
    (c) => c.getDeployment('production', FP_API1),
    [[(r) => r.deployment, `fingerprint is "${FP_WEB}", not "${FP_API1}" as asked`]],
  ],
  [
    (c) => c.getDeployment('staging', FP_WEB),
    [
      [(r) => r.deployment, 'env_name is "production", not "staging" as asked'],
      [() => ({ fingerprint: 7 }), ': fingerprint expected string, received number'],
    ],
  ],
  [
    (c) => c.diffEnvironments('staging#1', 'staging'),
    [
      [
        (r) => r.diff,
        `${DIFF}: snappish1.snapshot_id is "production#1", not staging#1 as asked: the answer is about something else`,
      ],
    ],
  ],
  [
    diff('production#2'),
    [[(r) => r.diff, 'snappish1.snapshot_id is "production#1", not production#2 as asked']],
  ],
  [
    diff('production#1'),
    [
      [(r) => changed(r, 'staging#2'), `changed.snapshot_id is "staging#2", ${NOR_PRODUCTION}`],
      [(r) => changed(r, 'staging#1'), `changed.snapshot_id is "staging#1", ${NOR_PRODUCTION}`],
      [
        () => ({ snappish1: { artifacts: [] } }),
        /^unexpected response from GET \/env-diff\/\{org\}: snappish2/,
      ],
      [(r) => ({ ...r.diff, changed: { snapshot_id: 'production#2' } }), ': changed.artifacts is missing'],
      [
        (r) => ({ ...r.diff, snappish2: { snapshot_id: 'production#2', artifacts: [{ name: 'web' }] } }),
        `${DIFF}: snappish2.artifacts[0].fingerprint is missing`,
      ],
      [
        (r) => ({ ...r.diff, snappish1: { ...unnamed(r, 'snappish1'), snapshot_id: 1 } }),
        ': snappish1.snapshot_id expected string, received number',
      ],
    ],
  ],
  [
    forCommit(WEB_COMMIT),
    [
      // All about other commits: nothing asked is in it.
      [
        (r) => r.commits,
        /names commit "(3dfdaa9|888f905)\w+", which was not asked: the answer is about something else/,
      ],
      // Filed under the commit asked, but the attestations say they are about another one.
      [
        (r) => ({ [WEB_COMMIT]: r.good }),
        `${WEB_COMMIT}[0].git_commit_info.sha1 is "${GOOD_COMMIT}", not "${WEB_COMMIT}" as asked`,
      ],
    ],
  ],
  [
    forCommit(GOOD_COMMIT, { flow_name: 'frontend' }),
    [
      [
        (r) => ({ [GOOD_COMMIT]: r.good }),
        `${GOOD_COMMIT}[0].flow_name is "backend", not "frontend" as asked`,
      ],
    ],
  ],
  [
    // A service that ignores the filter cannot pass a narrowed gate.
    forCommit(GOOD_COMMIT, { attestation_type: 'snyk' }),
    [
      [
        (r) => ({ [GOOD_COMMIT]: r.junit }),
        `${GOOD_COMMIT}[0].attestation_type is "junit", not "snyk" as asked`,
      ],
    ],
  ],
  [
    forCommit(GOOD_COMMIT, { attestation_type: 'junit' }),
    [
      [
        () => UNTYPED,
        `${GOOD_COMMIT}[0].attestation_type is missing: the answer does not show the type asked for ("junit")`,
      ],
    ],
  ],
  [
    forCommit(GOOD_COMMIT),
    [
      // A verdict of the wrong type fails at once, not when the gate reads it; a list, instead of reading it as empty.
      [
        () => ({
          [GOOD_COMMIT]: [{ ...TESTS, attestation_type: 'junit', is_compliant: 'yes' }],
        }),
        `${COMMITS}: ${GOOD_COMMIT}[0].is_compliant expected boolean, received string`,
      ],
      [
        () => ({ [GOOD_COMMIT]: { attestations: [] } }),
        `${COMMITS}: ${GOOD_COMMIT} expected array, received object`,
      ],
    ],
  ],
  [
    (c) => c.listActions(),
    [
      [(r) => [{ ...r.actions[0], created_by: undefined }], `${ACTIONS}: [0].created_by is missing`],
      [(r) => [{ ...r.actions[0], is_failing: 'no' }], '[0].is_failing expected boolean'],
      [() => ({ actions: [] }), /^unexpected response from GET \/actions\/\{org\}: expected a list/],
    ],
  ],
  [
    (c) => c.listTrails(),
    [[() => ({ items: [] }), /^unexpected response from GET \/trails\/\{org\}: expected a list/]],
  ],
  [
    (c) => c.listTrails({ page: 1 }),
    [
      [() => ({ data: ['trail-1'] }), ': data[0] expected object'],
      [
        () => ({ data: [{ name: 't1' }, { name: 't2', is_compliant: 'yes' }] }),
        'unexpected response from GET /trails/{org}: data[1].is_compliant expected boolean, received string',
      ],
    ],
  ],
];

/** By call: an answer served, and what must hold of what the client read. */
const READ: [Call, [(real: Real) => unknown, (read: never) => void][]][] = [
  ...[artifact, (c: ComplianceClient) => c.getReportedArtifact('backend', FP_API1)].map(
    (call): [Call, [(real: Real) => unknown, (read: Json) => void][]] => [
      call,
      // A state spelled otherwise is read with is_compliant beside it.
      (
        [
          ['compliant', true],
          ['Non-Compliant', false],
          ['OVERRIDDEN', true],
        ] as const
      ).map(([state, is_compliant]) => [
        (r) => ({ ...r.artifact, state, is_compliant }),
        (read) => expect(read).toMatchObject({ state, is_compliant }),
      ]),
    ],
  ),
  [
    (c) => c.getDeployment('production', FP_WEB),
    [
      [(r) => r.deployment, (read: Json) => expect(read.fingerprint).toBe(FP_WEB)],
      // An empty object is a deployment the spec allows (2.7): found, nothing known, not confirmed (the action says so).
      [
        () => ({ x_unknown: [1] }),
        (read: Json) =>
          expect([read.fingerprint, read.env_name, read.deployed_at, read.artifact_name]).toEqual([
            undefined,
            undefined,
            null,
            null,
          ]),
      ],
    ],
  ],
  [
    diff('production#1'),
    [
      // The service's published example (2.10): the shared groups carry no snapshot_id; none at all is allowed too.
      [
        (r) => ({ ...r.diff, changed: unnamed(r, 'changed'), 'not-changed': unnamed(r, 'not-changed') }),
        (read: Diff) =>
          expect([read.snappish1?.snapshot_id, read.changed?.snapshot_id]).toEqual([
            'production#1',
            undefined,
          ]),
      ],
      [
        (r) =>
          Object.fromEntries(
            ['snappish1', 'snappish2', 'changed', 'not-changed'].map((g) => [g, unnamed(r, g)]),
          ),
        (read: Diff) => expect(read.snappish2?.snapshot_id).toBeUndefined(),
      ],
    ],
  ],
  [
    forCommit(GOOD_COMMIT),
    [
      [
        (r) => ({ attestations: { [GOOD_COMMIT]: r.good } }),
        (read: Lists) => expect(read[GOOD_COMMIT]).toHaveLength(3),
      ],
      // Not narrowed to a type, an attestation need not say its type.
      [() => UNTYPED, (read: Lists) => expect(read[GOOD_COMMIT]).toHaveLength(1)],
      // A link or commit info sent malformed is only shown, so it reads null.
      [
        () => ({
          [GOOD_COMMIT]: [{ ...TESTS, attestation_type: 'junit', html_url: 7, git_commit_info: '' }],
        }),
        (read: Lists) =>
          expect(read[GOOD_COMMIT]?.[0]).toMatchObject({ html_url: null, git_commit_info: null }),
      ],
    ],
  ],
];

describe('an answer the client cannot take is refused at once, saying why; what it can take is read', () => {
  it.each([
    ['refused', REFUSALS],
    ['read', READ],
  ])('%s', async (verdict, table) => {
    const sb = await start();
    const real = await realAnswers(sb);
    const client = sb.client();
    for (const [call, cases] of table as [Call, [(real: Real) => unknown, unknown][]][]) {
      for (const [body, then] of cases) {
        sb.sandbox.faults.respondNext(1, { status: 200, body: body(real) });
        if (verdict === 'read') (then as (read: unknown) => void)(await call(client));
        else {
          const { message } = await failure(call(client));
          const says = then as string | RegExp;
          if (typeof says === 'string' && says.startsWith('unexpected response')) expect(message).toBe(says);
          else expect(message).toMatch(says);
        }
      }
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

  // Read through a pull_request filter by the gate's own tests (check-attestations-for-commit/steps.test.ts).
  it('an override among the answers to a type filter is still held to the rest of the question', async () => {
    const sb = await start();
    sb.sandbox.service.data.orgs.demo?.attestations.push(override);
    const client = sb.client();
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
  });
});
