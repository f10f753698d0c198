/**
 * The three listing actions (list-actions, list-attestations, list-trails) run as steps in-process: what they do
 * alike on the way out, from a bad input, a service that cannot be reached or refuses, an answer that echoes the
 * token, and fields that are only shown. Each action's own branches are in its folder beside this file.
 */
import { describe, expect, it } from 'vitest';
import { PROFILES } from '@compliance-actions/sandbox/profile';
import { outputFile } from '../helpers/runner.js';
import { assertNoSecret, withoutMaskCommands } from '../helpers/secrets.js';
import { closedOrigin, json, type Handler } from '../helpers/server.js';
import { useLoopbackStep, useSandboxStep } from '../helpers/step-against.js';
import { summaryText } from '../helpers/step-result.js';

const ask = {
  'list-actions': useLoopbackStep('list-actions'),
  'list-attestations': useLoopbackStep('list-attestations', { flow: 'backend' }),
  'list-trails': useLoopbackStep('list-trails'),
};
const noLeak = (everything: string) => assertNoSecret(withoutMaskCommands(everything), 'the step');
/** The outputs of list-actions that could not list: told apart from "none failing" by outcome. */
const NO_ACTIONS = { count: '', failing: '[]', 'failing-truncated': 'false' };
/** The outputs of a step that could not finish: the outcome, the result file, and `others`. */
const failed = (others: Record<string, string> = {}) => ({
  outcome: 'error',
  'result-file': expect.any(String) as unknown,
  ...others,
});
const endpoint = (path: string) => path.replace(/[{}/]/g, '\\$&');

describe('a bad input fails before any request: outcome error, the error in result-file and the summary', () => {
  it.each([
    // The inputs could not be read, so no heading names the org or the flow.
    [
      'list-actions',
      { 'fail-if-failing': 'yes' },
      "Invalid input 'fail-if-failing': 'yes' is not a boolean. Expected true or false.",
      NO_ACTIONS,
      '### ⚠️ Could not list the actions\n',
    ],
    [
      'list-attestations',
      { from: '2026-11-03', to: '2026-11-02' },
      "Invalid input 'from': '2026-11-03' (2026-11-03T00:00:00Z) is later than to '2026-11-02' (2026-11-02T00:00:00Z). Expected from at or before to.",
      {},
      '### ⚠️ Could not list the attestations\n',
    ],
    [
      'list-trails',
      { flow: 'my flow' },
      'Invalid input \'flow\': \'my flow\' is not valid. Expected a name starting with a letter or digit, then letters, digits, ".", "-", "_" or "~".',
      {},
      '### ⚠️ Could not list the trails\n',
    ],
  ] as const)('%s %j', async (name, inputs, message, outputs, heading) => {
    const result = await ask[name]([], inputs);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`::error::${message}`);
    expect(result.requests).toHaveLength(0);
    expect(result.outputs).toEqual(failed(outputs));
    expect(outputFile(result, 'result-file')).toMatchObject({
      outcome: 'error',
      error: { kind: 'input', message },
    });
    expect(result.summary).toContain(heading);
    expect(summaryText(result.summary)).toContain(message);
    expect(result.summary).toContain('Fix the input named above; nothing was sent to the service.');
    noLeak(result.everything);
  });
});

describe('a list that cannot be read fails: outcome error, and the error in result-file and the summary', () => {
  it.each([
    [
      'list-actions',
      '/actions/{org}',
      { 'fail-if-failing': 'true' },
      NO_ACTIONS,
      { failIfFailing: true },
      'actions of acme',
    ],
    [
      'list-attestations',
      '/attestations/{org}/{flow_name}',
      {},
      {},
      { flow: 'backend' },
      'attestations of backend',
    ],
    ['list-trails', '/trails/{org}', {}, {}, { filters: {} }, 'trails\n'],
  ] as const)('%s, the service unreachable', async (name, path, inputs, outputs, saved, what) => {
    const origin = await closedOrigin();
    const result = await ask[name](
      [],
      { 'api-url': origin, ...inputs },
      { env: { COMPLIANCE_RETRIES: '0' } },
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      new RegExp(`::error::GET ${endpoint(path)} could not reach the service: .*Check api-url`),
    );
    expect(result.outputs).toEqual(failed(outputs));
    expect(outputFile(result, 'result-file')).toMatchObject({
      outcome: 'error',
      ...saved,
      error: { kind: 'network', message: expect.stringContaining('could not reach the service') as unknown },
    });
    expect(result.summary).toContain(`### ⚠️ Could not list the ${what}`);
    expect(result.summary).toContain('The service could not be reached');
    noLeak(result.everything);
  });

  it.each([
    ['list-attestations', 403, 'forbidden for'],
    ['list-trails', 400, 'bad request from'],
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
    const list = {
      'list-attestations': useSandboxStep('list-attestations'),
      'list-trails': useSandboxStep('list-trails'),
    };
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
        expect(result.outputs).toEqual(failed());
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
