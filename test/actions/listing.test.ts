/**
 * The actions that read (the three listing actions, get-artifact, get-deployment) run as steps in-process: what they do
 * alike on the way out, from a bad input, a service that cannot be reached or refuses, an answer that echoes the
 * token, and fields that are only shown. Each action's own branches are in its folder beside this file.
 */
import { describe, expect, it } from 'vitest';
import { byProfileOf, PROFILES } from '@compliance-actions/sandbox/profile';
import { outputFile } from '../helpers/runner.js';
import { demoSeed } from '../helpers/sandbox.js';
import { closedOrigin, json, type Handler } from '../helpers/server.js';
import { namesUnder, useLoopbackStep, useSandboxStep } from '../helpers/step-against.js';
import { errors, summaryText, noLeak } from '../helpers/step-result.js';
import {
  COMPLIANT_COMMIT as COMPLIANT_TRAIL,
  NON_COMPLIANT_COMMIT as NON_COMPLIANT_TRAIL,
  WEB_COMMIT as FRONTEND_TRAIL,
  UI_URL,
} from '@compliance-actions/sandbox/seeds/index';

const FP = 'a'.repeat(64);
const ask = {
  'get-artifact': useLoopbackStep('get-artifact', { flow: 'backend', fingerprint: FP }),
  'get-deployment': useLoopbackStep('get-deployment', { environment: 'staging', fingerprint: FP }),
  'list-actions': useLoopbackStep('list-actions'),
  'list-attestations': useLoopbackStep('list-attestations', { flow: 'backend' }),
  'list-trails': useLoopbackStep('list-trails'),
  // Outside a checkout: the commit by its SHA alone.
  'report-artifact': useLoopbackStep('report-artifact', {
    flow: 'backend',
    fingerprint: FP,
    name: 'app.bin',
    'git-commit': 'd'.repeat(40),
  }),
};
/** The form of an environment's name, as each refusal of one says it. */
const NAME = 'a name starting with a letter or digit, then letters, digits, ".", "-" or "_".';
/**
 * What each action's step that could not finish says first, and its outputs besides outcome and result-file: never
 * compliant nor passing a gate, each told apart from "not found", "not deployed" or "none failing" by outcome.
 */
const COULD_NOT = {
  'get-artifact': {
    says: 'Could not check the artifact',
    outputs: { compliant: 'false', found: '', state: '', 'html-url': '', 'would-fail': 'true' },
  },
  'get-deployment': {
    says: 'Could not check the deployment',
    outputs: Object.fromEntries(
      [
        'found',
        'deployed-at',
        'snapshot-index',
        'artifact-name',
        'diff-url',
        'lead-time-seconds',
        'replaced-fingerprint',
        'replaced-commit',
        'compare-url',
      ].map((name) => [name, '']),
    ),
  },
  // `failing` stays a list.
  'list-actions': {
    says: 'Could not list the actions',
    outputs: { count: '', failing: '[]', 'failing-truncated': 'false' },
  },
  'list-attestations': { says: 'Could not list the attestations', outputs: {} },
  'list-trails': { says: 'Could not list the trails', outputs: {} },
};
/** The outputs of a step of `name` that could not finish. */
const failed = (name: keyof typeof COULD_NOT) => ({
  outcome: 'error',
  'result-file': expect.any(String) as unknown,
  ...COULD_NOT[name].outputs,
});
const endpoint = (path: string) => path.replace(/[{}/]/g, '\\$&');
const list = {
  'list-actions': useSandboxStep('list-actions'),
  'list-attestations': useSandboxStep('list-attestations'),
  'list-trails': useSandboxStep('list-trails'),
};
/** `release-NNNN` and `check-NNNN`: the trail and attestation of second `i`, every tenth non-compliant. */
const nth = (prefix: string, i: number) => `${prefix}-${String(i).padStart(4, '0')}`;
const compliant = (name: string) => Number(name.slice(-4)) % 10 !== 0;
/** The demo seed plus a flow `release` of 250 trails, each with one attestation, one a second. */
function seedOfReleases(): unknown {
  const seed = demoSeed();
  const demo = seed.orgs.demo;
  demo.flows.push({ name: 'release', tags: { team: 'release' } });
  for (let i = 0; i < 250; i++) {
    const [trail, at] = [nth('release', i), 1_800_000_000 + i];
    demo.trails.push({ name: trail, flow: 'release', created_at: at, last_modified_at: at });
    demo.attestations.push({
      id: `00000000-0000-0000-0000-${String(i).padStart(8, '0')}`,
      flow: 'release',
      trail,
      name: nth('check', i),
      type: 'generic',
      is_compliant: compliant(trail),
      created_at: at + 0.5,
    });
  }
  return seed;
}
/** The names the service lists, newest first: `count` of `prefix`, from second `last` down. */
const newest = (prefix: string, last: number, count: number) =>
  Array.from({ length: count }, (_, i) => nth(prefix, last - i));

describe('a bad input fails before any request: outcome error, the error in result-file and the summary', () => {
  it.each([
    [
      'get-artifact',
      { 'attestation-id': 'D873FFB9' },
      "Invalid input 'attestation-id': 'D873FFB9' is not valid. Expected an id of the form " +
        'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxx (lowercase hex).',
    ],
    [
      'get-artifact',
      { 'assert-compliant': 'yes' },
      "Invalid input 'assert-compliant': 'yes' is not a boolean. Expected true or false.",
    ],
    [
      'get-artifact',
      { 'fail-on': 'non-compliant\nsevere' },
      "Invalid input 'fail-on': 'severe' is not a grade. Expected any of non-compliant, missing, incomplete, " +
        'unknown (one per line or comma-separated), or none alone.',
    ],
    [
      'get-artifact',
      { 'fail-on': 'missing', 'assert-compliant': 'true' },
      "Invalid input 'fail-on': says missing while assert-compliant is true, which means non-compliant, " +
        'missing, incomplete, unknown. Expected fail-on alone (assert-compliant: true is the shorthand of ' +
        'non-compliant, missing, incomplete, unknown), or the two saying the same.',
    ],
    ['get-deployment', { environment: '' }, `Invalid input 'environment': is required. Expected ${NAME}`],
    [
      'get-deployment',
      { environment: 'prod env' },
      `Invalid input 'environment': 'prod env' is not valid. Expected ${NAME}`,
    ],
    [
      'get-deployment',
      { 'fail-if-missing': 'no' },
      "Invalid input 'fail-if-missing': 'no' is not a boolean. Expected true or false.",
    ],
    // The credentials of a URL are never quoted, even of one that cannot be parsed.
    [
      'list-actions',
      { 'api-url': 'https://ci-user:hunter2-pass@compliance.test:99999' },
      "Invalid input 'api-url': the value (not quoted: it may hold credentials) is not a URL. Expected an https URL such as https://compliance.example.com or https://compliance.example.com/api/v2.",
    ],
    // The inputs could not be read, so no heading names the org or the flow.
    [
      'list-actions',
      { 'fail-if-failing': 'yes' },
      "Invalid input 'fail-if-failing': 'yes' is not a boolean. Expected true or false.",
    ],
    [
      'list-attestations',
      { from: '2026-11-03', to: '2026-11-02' },
      "Invalid input 'from': '2026-11-03' (2026-11-03T00:00:00Z) is later than to '2026-11-02' (2026-11-02T00:00:00Z). Expected from at or before to.",
    ],
    [
      'list-trails',
      { flow: 'my flow' },
      'Invalid input \'flow\': \'my flow\' is not valid. Expected a name starting with a letter or digit, then letters, digits, ".", "-", "_" or "~".',
    ],
  ] as const)('%s %j', async (name, inputs, message) => {
    const result = await ask[name]([], inputs);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`::error::${message}`);
    expect(result.requests).toHaveLength(0);
    expect(result.outputs).toEqual(failed(name));
    expect(outputFile(result, 'result-file')).toMatchObject({
      outcome: 'error',
      error: { kind: 'input', message },
    });
    expect(result.summary).toContain(`### ⚠️ ${COULD_NOT[name].says}\n`);
    expect(summaryText(result.summary)).toContain(message);
    expect(result.summary).toContain('Fix the input named above; nothing was sent to the service.');
    expect(result.everything).not.toMatch(/hunter2-pass|ci-user/);
    noLeak(result.everything);
  });
});

describe('a list that cannot be read fails: outcome error, and the error in result-file and the summary', () => {
  it.each([
    [
      'get-artifact',
      '/artifacts/{org}/{flow_name}/fingerprint/{fingerprint}',
      { 'assert-compliant': 'true' },
      { compliant: false, found: null, flow: 'backend', fingerprint: FP, assertCompliant: true },
      ' in flow backend',
    ],
    [
      'get-deployment',
      '/deployments/{org}/{env_name}/{fingerprint}',
      { 'fail-if-missing': 'false' },
      { found: null, fingerprint: FP, failIfMissing: false },
      '',
    ],
    ['list-actions', '/actions/{org}', { 'fail-if-failing': 'true' }, { failIfFailing: true }, ' of acme'],
    ['list-attestations', '/attestations/{org}/{flow_name}', {}, { flow: 'backend' }, ' of backend'],
    ['list-trails', '/trails/{org}', {}, { filters: {} }, '\n'],
  ] as const)('%s, the service unreachable', async (name, path, inputs, saved, named) => {
    const origin = await closedOrigin();
    // Under a small time budget: a refused connection is not retried, so the budget never runs out on it.
    const result = await ask[name](
      [],
      { 'api-url': origin, 'timeout-seconds': '2', ...inputs },
      { env: { COMPLIANCE_RETRIES: '0' } },
    );
    expect(result.code).toBe(1);
    const failure = errors(result).at(-1) ?? '';
    expect(failure).toMatch(
      new RegExp(
        `^::error::GET ${endpoint(path)} could not reach the service: the connection was refused \\(nothing listens at ` +
          'that address and port\\): connect ECONNREFUSED .*Check api-url',
      ),
    );
    // Reported as what happened, never as a time budget to raise.
    for (const text of [failure, result.summary]) {
      expect(text).not.toMatch(/time budget|timeout-seconds|did not answer in time/);
    }
    expect(result.outputs).toEqual(failed(name));
    expect(outputFile(result, 'result-file')).toMatchObject({
      outcome: 'error',
      ...saved,
      error: { kind: 'network', message: expect.stringContaining('could not reach the service') as unknown },
    });
    expect(result.summary).toContain(`### ⚠️ ${COULD_NOT[name].says}${named}`);
    expect(result.summary).toContain('The service could not be reached: check');
    noLeak(result.everything);
  });

  it.each([
    ['list-attestations', 403, 'forbidden for'],
    ['list-trails', 400, 'bad request from'],
    // A report too: the one request, refused.
    ['report-artifact', 400, 'bad request from'],
  ] as const)('%s: a refusal that echoes the token never shows it', async (name, status, says) => {
    const echo: Handler = (req, res) =>
      json(res, status, { message: `${says} ${req.headers.authorization ?? ''}` });
    const result = await ask[name](echo);
    expect(result.code).toBe(1);
    expect(result.requests).toHaveLength(1);
    expect(result.stdout).toContain(`${says} Bearer ***`);
    noLeak(result.everything);
  });

  describe.each(PROFILES)('the sandbox answering %s', (profile) => {
    it.each([
      // The query as asked stays in the result file, with why it could not be answered.
      [
        'list-attestations',
        '/attestations/{org}/{flow_name}',
        { flow: 'no-such-flow', paging: { all: true, perPage: 100, maxItems: 1000 } },
        'attestations of no-such-flow',
      ],
      ['list-trails', '/trails/{org}', { filters: { flow: 'no-such-flow' } }, 'trails'],
    ] as const)(
      '%s fails on an unknown flow with the service message (404)',
      async (name, path, saved, what) => {
        const result = await list[name](profile, { flow: 'no-such-flow' });
        const message =
          `GET ${path} failed with HTTP 404 Not Found: Flow named 'no-such-flow' does not exist for organization ` +
          "'demo'. Check the org and the names in the request";
        expect(result.code).toBe(1);
        expect(result.stdout).toContain(`::error::${message}`);
        expect(result.outputs).toEqual(failed(name));
        expect(outputFile(result, 'result-file')).toMatchObject({
          outcome: 'error',
          ...saved,
          error: { kind: 'api', message: expect.stringContaining(message) as unknown },
        });
        expect(result.summary).toContain(`### ⚠️ Could not list the ${what}`);
        expect(result.summary).toContain('The service refused the request: see its answer above.');
      },
    );
  });
});

describe('what the service sends is listed as given', () => {
  const echoing =
    (body: (echo: string) => unknown): Handler =>
    (req, res) =>
      json(res, 200, body(req.headers.authorization ?? ''));
  it.each([
    [
      'list-attestations',
      echoing((echo) => ({
        data: [
          {
            attestation_name: `tests of ${echo}`,
            attestation_type: `custom:${echo}`,
            created_at: 1793610200,
            is_compliant: false,
            html_url: `https://ui.example.test/${echo}`,
            reported_by: echo,
            description: `run by ${echo}`,
          },
        ],
      })),
      { count: '1', 'non-compliant': '1' },
      'tests of Bearer \\*\\*\\*',
    ],
    [
      'list-trails',
      echoing((echo) => [
        {
          name: `trail of ${echo}`,
          html_url: `https://ui.example.test/${echo}`,
          created_by: echo,
          compliance_state: 'NON-COMPLIANT',
          flow: { name: `flow ${echo}` },
          git_commit_info: { sha1: 'a'.repeat(40), message: `fix for ${echo}` },
          compliance_status: {
            attestations_statuses: [
              { attestation_name: `scan ${echo}`, status: 'COMPLETE', is_compliant: false },
            ],
          },
        },
      ]),
      { count: '1', 'non-compliant': '1' },
      'trail of Bearer \\*\\*\\*',
    ],
  ] as const)(
    '%s never shows the token when a 200 answer echoes it in the names it lists',
    async (name, answer, outputs, shown) => {
      const result = await ask[name](answer);
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject(outputs);
      expect(result.summary).toContain(shown);
      // One of each, in the singular.
      expect(result.summary).toMatch(/^1 (attestation|trail), read in 1 page\.$/m);
      noLeak(result.everything);
    },
  );

  it.each([
    [
      'list-attestations',
      {
        data: [
          {
            attestation_name: 'tests',
            attestation_type: 'junit',
            created_at: 'yesterday',
            is_compliant: null,
            html_url: null,
            reported_by: 5,
            description: null,
            attestation_id: null,
            schema_version: null,
          },
        ],
      },
      { count: '1', 'non-compliant': '0' },
      ['| tests | junit |  |  |  |  |'],
      { count: 1 },
    ],
    [
      'list-trails',
      [
        {
          name: 'null-fields',
          html_url: null,
          created_by: null,
          created_at: null,
          compliance_state: null,
          compliance_status: { status: 'NON-COMPLIANT', attestations_statuses: null },
          flow: null,
          git_commit_info: { sha1: 'a'.repeat(40), message: null, url: null, author: null },
        },
        {
          name: 'malformed-fields',
          html_url: 42,
          created_by: ['x'],
          created_at: 'yesterday',
          compliance_state: 'INCOMPLETE',
          compliance_status: {
            attestations_statuses: [
              { attestation_name: 'unit-tests', status: 'MISSING', is_compliant: null },
              'not a status',
            ],
          },
          flow: { name: 7 },
          git_commit_info: { sha1: 'b'.repeat(40), message: 3 },
        },
      ],
      { count: '2', 'non-compliant': '1' },
      [
        '| null-fields |  | ❌ NON-COMPLIANT | aaaaaaa |  |  |  |',
        '| malformed-fields |  | ⚠️ INCOMPLETE | bbbbbbb | missing: unit-tests |  |  |',
      ],
      { count: 2, trails: [{ name: 'null-fields' }, {}] },
    ],
  ] as const)(
    '%s lists what only shows null or malformed, setting every output and the summary',
    async (name, answer, outputs, rows, saved) => {
      const result = await ask[name](answer);
      expect(result.stdout).not.toContain('::error::');
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject(outputs);
      for (const row of rows) expect(result.summary).toContain(row);
      expect(outputFile(result, 'result-file')).toMatchObject(saved);
    },
  );
});

/** The trails of what runs in eu-production, newest first: checkout, documents, notifications, invoices, search, ledger. */
const EU_TRAILS = [
  'release-2.1',
  '1addad165e5b342626bdbfa08604cbbc7b64cf0b',
  '8d53aedd82f61fb9d55ad70c7b6f4bcec9de31ab',
  '4a461aa10861362d43d1acbcc9ce4ab5595bb4d4',
  '87c30089bf6232360dc7bb9b7f9c7ced0c0eadd4',
  '8a77c429c3b2cad02588afde12201d6f6adb7183',
];
const [C, N] = ['COMPLIANT', 'NON-COMPLIANT'];
const shop = (sha: string, title: string) =>
  `[${sha.slice(0, 7)} ${title}](https://github.com/acme/shop/commit/${sha})`;

describe.each(PROFILES)('the lists of the demo seed, the sandbox answering %s', (profile) => {
  const byProfile = byProfileOf(profile);
  const named = namesUnder(profile);
  // Newest first, as the service lists them. The minimal profile sends no names, links, times or authors (only shown):
  // the states, which it keeps, tell them apart, and each row is the unknown mark, the state, and empty cells.
  const rows: {
    name: 'list-trails' | 'list-attestations' | 'list-actions';
    inputs?: Record<string, string>;
    outputs: Record<string, string>;
    saved: Record<string, unknown>;
    stdout: string[];
    summary: string[];
    /** Lines of the summary, each there exactly that many times. */
    lines?: Record<string, number>;
  }[] = [
    {
      name: 'list-trails',
      outputs: { outcome: 'listed', count: '10', 'non-compliant': '4' },
      saved: {
        outcome: 'listed',
        count: 10,
        nonCompliant: 4,
        total: 10,
        truncated: false,
        pagesRead: 1,
        trails: named([
          ...EU_TRAILS,
          'release-2.0',
          NON_COMPLIANT_TRAIL,
          FRONTEND_TRAIL,
          COMPLIANT_TRAIL,
        ]).map((name, i) => ({ name, compliance_state: [C, N, N, C, C, C, N, N, C, C][i] })),
      },
      stdout: ['::group::List trails ('],
      summary: [
        '### Trails: 10 listed, 4 non-compliant',
        '| Trail | Flow | State | Commit | Missing or non-compliant | Created | Created by |',
        byProfile(
          // A trail named by its commit's SHA is cut to 12 characters: the Commit column has the commit.
          `| [${NON_COMPLIANT_TRAIL.slice(0, 12)}…](${UI_URL}/demo/flows/backend/trails/${NON_COMPLIANT_TRAIL}) | backend | ❌ NON-COMPLIANT | ${shop(NON_COMPLIANT_TRAIL, 'Bump openssl')} | non-compliant: snyk-scan | 2026-11-03T09:00:00Z | bob |`,
          '| ? |  | ❌ NON-COMPLIANT |  |  |  |  |',
        ),
      ],
      lines: byProfile<Record<string, number>>({}, { '| ? |  | ✅ COMPLIANT |  |  |  |  |': 6 }),
    },
    {
      name: 'list-attestations',
      inputs: { flow: 'backend' },
      outputs: { outcome: 'listed', count: '6', 'non-compliant': '1' },
      saved: {
        outcome: 'listed',
        flow: 'backend',
        count: 6,
        nonCompliant: 1,
        total: 6,
        truncated: false,
        attestations: named([
          'snyk-scan',
          'unit-tests',
          'pull-request',
          'snyk-scan',
          'unit-tests',
          'pull-request',
        ]).map((attestation_name, i) => ({ attestation_name, is_compliant: i > 0 })),
      },
      stdout: ['::group::List the attestations of backend ('],
      summary: [
        '### Attestations of backend: 6 listed, 1 non-compliant',
        '| Name | Type | Compliant | Trail | Commit | Created | Reported by | Description |',
        // The trail and commit: the commit's first line, linked.
        ...byProfile(
          [
            `| [snyk-scan](${UI_URL}/demo/flows/backend/trails/${NON_COMPLIANT_TRAIL}/attestations/`,
            `) | snyk | ❌ no | 888f905eacac… | ${shop(NON_COMPLIANT_TRAIL, 'Bump openssl')} | 2026-11-03T09:06:40Z | github-actions |`,
            `) | junit | ✅ yes | 3dfdaa9cbad3… | ${shop(COMPLIANT_TRAIL, 'Add payment retries')} | 2026-11-02T09:05:00Z | github-actions | 412 tests, 0 failures |`,
          ],
          [],
        ),
      ],
      lines: byProfile<Record<string, number>>(
        {},
        { '| ? |  | ❌ no |  |  |  |  |  |': 1, '| ? |  | ✅ yes |  |  |  |  |  |': 5 },
      ),
    },
    {
      name: 'list-actions',
      outputs: { outcome: 'failing', count: '3', failing: '["release-webhook"]' },
      saved: {
        count: 3,
        failing: ['release-webhook'],
        actions: [
          // The chat-app flag is kept under the name it came as (the minimal profile: the live name); the other is null.
          {
            name: 'prod-alerts',
            ...byProfile(
              { is_created_from_chat_app: true, is_created_from_slack_app: null },
              { is_created_from_chat_app: null, is_created_from_slack_app: true },
            ),
          },
          // The full targets are kept in the file.
          { name: 'release-webhook', targets: [{ type: 'WEBHOOK', url: 'https://hooks.acme.test/release' }] },
          { name: 'staging-email' },
        ],
      },
      stdout: [
        `::warning::Action 'release-webhook'${byProfile(' (last failure 2026-11-03T09:07:30Z)', '')} fails to send notifications.`,
        '::group::List the actions of demo',
      ],
      summary: ['### Notification actions: 3, failing: 1, status unknown: 1\n'],
      // Where the service said nothing: an empty cell or `—`.
      lines: {
        '| Name | Type | Triggers | Targets | Flows or environments | Failing | Last success | Last failure |': 1,
        [`| prod-alerts | ENV | ON_STARTED_ARTIFACT, ON_EXITED_ARTIFACT, ON_NON_COMPLIANT_ENV | SLACK #prod-deploys | ${byProfile('environments: production | no | 2026-11-02T11:30:00Z', ' | no | —')} | — |`]: 1,
        [`| release-webhook | FLOW | ON_ATTESTATION, ON_RELEASE | WEBHOOK (hooks.acme.test) | ${byProfile('flows: backend, frontend | ❌ yes | 2026-11-02T08:09:59Z | 2026-11-03T09:07:30Z |', ' | ❌ yes | — | — |')}`]: 1,
        [`| staging-email | ENV | ON_SCALED_ARTIFACT | EMAIL qa@acme.test | ${byProfile('environments: staging', '')} | unknown | — | — |`]: 1,
      },
    },
  ];

  it.each(rows)('$name', async ({ name, inputs = {}, outputs, saved, stdout, summary, lines = {} }) => {
    const result = await list[name](profile, inputs);
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject(outputs);
    expect(outputFile(result, 'result-file')).toMatchObject(saved);
    for (const text of stdout) expect(result.stdout).toContain(text);
    for (const text of summary) expect(result.summary).toContain(text);
    const all = result.summary.split('\n');
    for (const [line, times] of Object.entries(lines))
      expect(all.filter((l) => l === line)).toHaveLength(times);
    // A webhook URL may carry a secret in its path: only the host is shown.
    expect(result.summary).not.toContain('hooks.acme.test/release');
    noLeak(result.everything);
  });
});

describe.each(PROFILES)('every page, or as many as max-items, the sandbox answering %s', (profile) => {
  const byProfile = byProfileOf(profile);
  // One reader of pages for every list (src/runtime/paging.ts): the cap that stops it, once.
  it.each([
    // 100 per page by default when reading every page (all, the default): three pages, in order, without repeats.
    ['list-trails', 'trail', {}, newest('release', 249, 250), { total: 250, truncated: false, pagesRead: 3 }],
    // created_at is n + 0.5: from 1800000050 takes check-0050, to 1800000199 stops at check-0198.
    [
      'list-attestations',
      'attestation',
      { from: '1800000050', to: '1800000199', 'per-page': '40' },
      newest('check', 198, 149),
      { count: 149, total: 149, truncated: false, pagesRead: 4 },
    ],
    [
      'list-attestations',
      'attestation',
      { 'max-items': '150', 'per-page': '50' },
      newest('check', 249, 150),
      // The minimal profile sends no pagination (only shown): no total to tell, only that the cap stopped it.
      { ...byProfile({ total: 250 }, {}), truncated: true, pagesRead: 3 },
    ],
  ] as const)('%s (%s) %j', async (name, noun, inputs, names, saved) => {
    const result = await list[name](profile, { flow: 'release', ...inputs }, seedOfReleases());
    const count = names.length;
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({
      count: String(count),
      'non-compliant': String(names.filter((n) => !compliant(n)).length),
    });
    const file = outputFile(result, 'result-file') as Record<string, Record<string, unknown>[]>;
    expect(file).toMatchObject(saved);
    const items = file[`${noun}s`] ?? [];
    const named = items.map((item) => item[noun === 'trail' ? 'name' : 'attestation_name']);
    expect(named).toEqual(namesUnder(profile)(names));
    expect(items.map((item) => (noun === 'trail' ? item.compliance_state : item.is_compliant))).toEqual(
      names.map((n) => (noun === 'trail' ? (compliant(n) ? 'COMPLIANT' : 'NON-COMPLIANT') : compliant(n))),
    );
    const stopped = `max-items (${count}) stopped the read; raise it to read more.`;
    const warnings = result.stdout.match(
      new RegExp(`^::warning::${count} ${noun}s.*: max-items \\(${count}\\) stopped the read; .*$`, 'gm'),
    );
    if (saved.truncated) {
      // One warning that says the cap stopped the read; the minimal one has no service total to tell.
      expect(warnings).toHaveLength(1);
      const said = `${count} ${noun}s of 250: ${stopped}`;
      expect(result.stdout).toContain(byProfile(`::warning::${said}`, stopped));
      expect(result.summary).toContain(byProfile(said, stopped));
    } else {
      expect(warnings).toBeNull();
      expect(result.summary).toContain(`${count} ${noun}s, read in ${saved.pagesRead} pages.`);
    }
  });
});
