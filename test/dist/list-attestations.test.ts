/**
 * list-attestations end to end: the dist bundle run as the runner runs it, against the sandbox over real HTTP.
 */
import { describe, expect, it } from 'vitest';
import { outputFile, runAction } from '../helpers/runner.js';
import { DEMO_TOKEN, demoSeed, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, TEST_TOKEN, withoutMaskCommands } from '../helpers/secrets.js';
import { json, startServer } from '../helpers/server.js';

const start = useSandbox();
const connection = (url: string) => ({ 'api-url': url, 'api-token': DEMO_TOKEN, org: 'demo' });

interface Saved {
  flow: string;
  from?: number;
  to?: number;
  count: number;
  nonCompliant: number;
  total: number;
  truncated: boolean;
  pagesRead: number;
  attestations: { attestation_name: string; created_at: number }[];
}

/** The demo seed plus a flow `release` with `n` attestations, one a second, every tenth non-compliant. */
function seedWithAttestations(n: number): unknown {
  const seed = demoSeed() as {
    orgs: { demo: { flows: unknown[]; trails: unknown[]; attestations: unknown[] } };
  };
  const demo = seed.orgs.demo;
  demo.flows.push({ name: 'release' });
  demo.trails.push({
    name: 'r1',
    flow: 'release',
    created_at: 1_800_000_000,
    last_modified_at: 1_800_000_000,
  });
  for (let i = 0; i < n; i++) {
    demo.attestations.push({
      id: `00000000-0000-0000-0000-${String(i).padStart(8, '0')}`,
      flow: 'release',
      trail: 'r1',
      name: `check-${String(i).padStart(4, '0')}`,
      type: 'generic',
      is_compliant: i % 10 !== 0,
      created_at: 1_800_000_000 + i + 0.5,
    });
  }
  return seed;
}

/** Attestation names the service would list, newest first. */
const checkNames = (n: number) =>
  Array.from({ length: n }, (_, i) => `check-${String(n - 1 - i).padStart(4, '0')}`);

/** A loopback server answering every list with no attestations; `run` gives the query the action sent. */
async function sentQuery(inputs: Record<string, string>): Promise<Record<string, string>> {
  const server = await startServer((_req, res) => json(res, 200, { data: [] }));
  try {
    const result = await runAction('list-attestations', {
      inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme', flow: 'app', ...inputs },
    });
    expect(result.code).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.url.pathname).toBe('/api/v2/attestations/acme/app');
    return Object.fromEntries(server.requests[0]?.url.searchParams ?? []);
  } finally {
    await server.close();
  }
}

describe('list-attestations', () => {
  it('lists the attestations of a flow, counts the non-compliant ones, and summarizes them', async () => {
    const sandbox = await start();
    const result = await runAction('list-attestations', {
      inputs: { ...connection(sandbox.url), flow: 'backend' },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ count: '6', 'non-compliant': '1' });
    const saved = outputFile(result, 'result-file') as Saved;
    expect(saved).toMatchObject({ flow: 'backend', count: 6, nonCompliant: 1, total: 6, truncated: false });
    // Newest first, as the service lists them.
    expect(saved.attestations.map((a) => a.attestation_name)).toEqual([
      'snyk-scan',
      'unit-tests',
      'pull-request',
      'snyk-scan',
      'unit-tests',
      'pull-request',
    ]);
    expect(result.stdout).toContain('::group::List the attestations of backend (');
    expect(result.summary).toContain('### Attestations of backend: 6 listed, 1 non-compliant');
    expect(result.summary).toContain('| Name | Type | Compliant | Created | Reported by | Description |');
    expect(result.summary).toContain(
      '| [snyk-scan](https://sandbox.compliance.invalid/demo/flows/backend/trails/888f905eacac85a1e522752fa1be9aa2ce5d5016/attestations/',
    );
    expect(result.summary).toContain(') | snyk | ❌ no | 2026-11-03T09:06:40Z | github-actions |');
    expect(result.summary).toContain(
      ') | junit | ✅ yes | 2026-11-02T09:05:00Z | github-actions | 412 tests, 0 failures |',
    );
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });

  it('narrows to a time window given as Unix seconds and as ISO 8601 with an offset', async () => {
    const sandbox = await start();
    const result = await runAction('list-attestations', {
      inputs: {
        ...connection(sandbox.url),
        flow: 'backend',
        from: '1793610000',
        to: '2026-11-02T10:10:00+01:00',
      },
    });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ count: '3', 'non-compliant': '0' });
    const saved = outputFile(result, 'result-file') as Saved;
    expect(saved).toMatchObject({ from: 1793610000, to: Date.parse('2026-11-02T09:10:00Z') / 1000 });
    expect(saved.attestations.map((a) => a.attestation_name)).toEqual([
      'snyk-scan',
      'unit-tests',
      'pull-request',
    ]);
    expect(result.summary).toContain('Created from 2026-11-02T09:00:00Z to 2026-11-02T09:10:00Z.');
  });

  it('sends the window as integer Unix seconds: ISO dates (UTC), and times ago from now', async () => {
    expect(await sentQuery({ from: '2026-11-03', to: '2026-11-03T12:30:00Z' })).toEqual({
      from_timestamp: String(Date.parse('2026-11-03T00:00:00Z') / 1000),
      to_timestamp: String(Date.parse('2026-11-03T12:30:00Z') / 1000),
      page: '1',
      per_page: '100',
    });
    const before = Math.floor(Date.now() / 1000);
    const query = await sentQuery({ from: '7d', to: '12h' });
    const after = Math.floor(Date.now() / 1000);
    const from = Number(query.from_timestamp);
    const to = Number(query.to_timestamp);
    expect(from).toBeGreaterThanOrEqual(before - 7 * 86_400);
    expect(from).toBeLessThanOrEqual(after - 7 * 86_400);
    expect(to - from).toBe(7 * 86_400 - 12 * 3600);
    expect(await sentQuery({ page: '4', 'per-page': '7' })).toEqual({ page: '4', per_page: '7' });
  });

  it('reads every page (all, the default), in order and without repeats', async () => {
    const sandbox = await start({ seed: seedWithAttestations(250) });
    const result = await runAction('list-attestations', {
      inputs: { ...connection(sandbox.url), flow: 'release' },
    });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ count: '250', 'non-compliant': '25' });
    const saved = outputFile(result, 'result-file') as Saved;
    expect(saved).toMatchObject({ total: 250, truncated: false, pagesRead: 3 });
    expect(saved.attestations.map((a) => a.attestation_name)).toEqual(checkNames(250));
  });

  it('reads every page inside a time window', async () => {
    const sandbox = await start({ seed: seedWithAttestations(250) });
    const result = await runAction('list-attestations', {
      inputs: {
        ...connection(sandbox.url),
        flow: 'release',
        from: '1800000050',
        to: '1800000199',
        'per-page': '40',
      },
    });
    expect(result.code).toBe(0);
    const saved = outputFile(result, 'result-file') as Saved;
    // created_at is n + 0.5: from 1800000050 takes check-0050, to 1800000199 stops at check-0198.
    expect(saved).toMatchObject({ count: 149, total: 149, pagesRead: 4 });
    expect(saved.attestations.map((a) => a.attestation_name)).toEqual(checkNames(199).slice(0, 149));
  });

  it('stops at max-items, with a warning that says how many there are', async () => {
    const sandbox = await start({ seed: seedWithAttestations(250) });
    const result = await runAction('list-attestations', {
      inputs: { ...connection(sandbox.url), flow: 'release', 'max-items': '150', 'per-page': '50' },
    });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ count: '150', 'non-compliant': '15' });
    const saved = outputFile(result, 'result-file') as Saved;
    expect(saved).toMatchObject({ total: 250, truncated: true, pagesRead: 3 });
    expect(saved.attestations.map((a) => a.attestation_name)).toEqual(checkNames(250).slice(0, 150));
    expect(result.stdout).toContain(
      '::warning::150 attestation(s) of 250: max-items (150) stopped the read; raise it to read more.',
    );
  });

  it('reads one page with page and per-page', async () => {
    const sandbox = await start({ seed: seedWithAttestations(250) });
    const result = await runAction('list-attestations', {
      inputs: { ...connection(sandbox.url), flow: 'release', page: '2', 'per-page': '25' },
    });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ count: '25' });
    const saved = outputFile(result, 'result-file') as Saved;
    expect(saved).toMatchObject({ total: 250, truncated: true, pagesRead: 1 });
    expect(saved.attestations.map((a) => a.attestation_name)).toEqual(checkNames(250).slice(25, 50));
    expect(result.summary).toContain('25 attestation\\(s\\) on page 2 of 10 \\(250 in all\\).');
  });

  it('the last page of several is not truncated', async () => {
    const sandbox = await start({ seed: seedWithAttestations(250) });
    const result = await runAction('list-attestations', {
      inputs: { ...connection(sandbox.url), flow: 'release', page: '10', 'per-page': '25' },
    });
    expect(result.code).toBe(0);
    expect(outputFile(result, 'result-file')).toMatchObject({ total: 250, truncated: false, pagesRead: 1 });
    expect(result.summary).toContain('25 attestation\\(s\\) on page 10 of 10 \\(250 in all\\).');
  });

  it('says so when nothing is in the window', async () => {
    const sandbox = await start();
    const result = await runAction('list-attestations', {
      inputs: { ...connection(sandbox.url), flow: 'backend', from: '2030-01-01' },
    });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ count: '0', 'non-compliant': '0' });
    expect(result.summary).toContain('No attestations match.');
  });

  it('fails on an unknown flow with the service message (404)', async () => {
    const sandbox = await start();
    const result = await runAction('list-attestations', {
      inputs: { ...connection(sandbox.url), flow: 'no-such-flow' },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "::error::GET /attestations/{org}/{flow_name} failed with HTTP 404 Not Found: Flow named 'no-such-flow' does not exist for organization 'demo'. Check the org and the names in the request",
    );
    expect(result.outputs.count).toBeUndefined();
  });

  describe('bad input fails before any request, naming the input and the expected form', () => {
    const cases: [string, Record<string, string>, string][] = [
      ['a missing flow', { flow: '' }, "Invalid input 'flow': is required. Expected a name starting"],
      ['a bad flow', { flow: 'my flow' }, "Invalid input 'flow': 'my flow' is not valid"],
      [
        'a from that is not a time',
        { from: 'yesterday' },
        "Invalid input 'from': 'yesterday' is not a time. Expected an ISO 8601 date or time",
      ],
      ['a to that is not a time', { to: '7 days' }, "Invalid input 'to': '7 days' is not a time"],
      [
        'a date that does not exist',
        { from: '2026-02-30' },
        "Invalid input 'from': '2026-02-30' is not a real date and time",
      ],
      [
        'milliseconds',
        { to: '1793534400000' },
        "Invalid input 'to': '1793534400000' is too large for Unix seconds (milliseconds? divide by 1000)",
      ],
      ['an unknown unit', { from: '3y' }, "Invalid input 'from': '3y' is not a time"],
      [
        'from after to',
        { from: '2026-11-03', to: '2026-11-02' },
        "Invalid input 'from': '2026-11-03' (2026-11-03T00:00:00Z) is later than to '2026-11-02' (2026-11-02T00:00:00Z). Expected from at or before to.",
      ],
      ['a relative from after a relative to', { from: '1h', to: '2h' }, "Invalid input 'from': '1h' ("],
      [
        'page with all: true',
        { page: '2', all: 'true' },
        "Invalid input 'page': selects one page, but all is true",
      ],
      ['page 0', { page: '0' }, "Invalid input 'page': '0' is not a whole number from 1 to 1000000"],
      [
        'per-page over 100',
        { 'per-page': '500' },
        "Invalid input 'per-page': '500' is not a whole number from 1 to 100",
      ],
      [
        'max-items 0',
        { 'max-items': '0' },
        "Invalid input 'max-items': '0' is not a whole number from 1 to 100000",
      ],
      ['all that is not a boolean', { all: 'maybe' }, "Invalid input 'all': 'maybe' is not a boolean"],
      [
        'a missing api-url',
        { 'api-url': '' },
        "Invalid input 'api-url': is required: set the input 'api-url' or the environment variable COMPLIANCE_API_URL",
      ],
    ];
    it.each(cases)('%s', async (_label, inputs, message) => {
      const server = await startServer((_req, res) => json(res, 200, { data: [] }));
      try {
        const result = await runAction('list-attestations', {
          inputs: {
            'api-url': server.origin,
            'api-token': TEST_TOKEN,
            org: 'acme',
            flow: 'backend',
            ...inputs,
          },
        });
        expect(result.code).toBe(1);
        expect(result.stdout).toContain('::error::');
        expect(result.stdout).toContain(message);
        expect(server.requests).toHaveLength(0);
        assertNoSecret(withoutMaskCommands(result.everything), 'the step');
      } finally {
        await server.close();
      }
    });
  });

  it('says the service is unreachable', async () => {
    const server = await startServer((_req, res) => json(res, 200, { data: [] }));
    const url = server.origin;
    await server.close();
    const result = await runAction('list-attestations', {
      inputs: { 'api-url': url, 'api-token': TEST_TOKEN, org: 'acme', flow: 'backend' },
      env: { COMPLIANCE_RETRIES: '0' },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /::error::GET \/attestations\/\{org\}\/\{flow_name\} could not reach the service: .*Check api-url/,
    );
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });

  it('fails, with no outputs, when a later page fails', async () => {
    const item = (i: number) => ({ attestation_name: `a${i}`, attestation_type: 'generic', created_at: i });
    const server = await startServer((req, res) =>
      req.url.searchParams.get('page') === '1'
        ? json(res, 200, {
            data: Array.from({ length: 100 }, (_, i) => item(i)),
            pagination: { total: 250, page: 1, per_page: 100, page_count: 3 },
          })
        : json(res, 500, { message: 'database on fire' }),
    );
    try {
      const result = await runAction('list-attestations', {
        inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme', flow: 'backend' },
        env: { COMPLIANCE_RETRIES: '0' },
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(
        '::error::GET /attestations/{org}/{flow_name} failed with HTTP 500 Internal Server Error: database on fire',
      );
      expect(server.requests.map((r) => r.url.searchParams.get('page'))).toContain('2');
      expect(result.outputs).toEqual({});
    } finally {
      await server.close();
    }
  });

  it('never shows the token when a 200 answer echoes it in the names it lists', async () => {
    const server = await startServer((req, res) => {
      const echo = req.headers.authorization ?? '';
      json(res, 200, {
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
      });
    });
    try {
      const result = await runAction('list-attestations', {
        inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme', flow: 'app' },
      });
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ count: '1', 'non-compliant': '1' });
      expect(result.summary).toContain('tests of Bearer \\*\\*\\*');
      assertNoSecret(withoutMaskCommands(result.everything), 'the step');
    } finally {
      await server.close();
    }
  });

  it('lists attestations whose display-only fields are null or malformed', async () => {
    const server = await startServer((_req, res) =>
      json(res, 200, {
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
      }),
    );
    try {
      const result = await runAction('list-attestations', {
        inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme', flow: 'app' },
      });
      expect(result.stdout).not.toContain('::error::');
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ count: '1', 'non-compliant': '0' });
      expect(result.summary).toContain('| tests | junit |  |  |  |  |');
    } finally {
      await server.close();
    }
  });

  it('never shows the token, even when the server echoes it', async () => {
    const server = await startServer((req, res) =>
      json(res, 403, { message: `forbidden for ${req.headers.authorization ?? ''}` }),
    );
    try {
      const result = await runAction('list-attestations', {
        inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme', flow: 'backend' },
      });
      expect(result.code).toBe(1);
      expect(server.requests).toHaveLength(1);
      expect(result.stdout).toContain('forbidden for Bearer ***');
      assertNoSecret(withoutMaskCommands(result.everything), 'the step');
    } finally {
      await server.close();
    }
  });
});
