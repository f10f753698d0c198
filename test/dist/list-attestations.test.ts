/**
 * list-attestations end to end: the dist bundle run as the runner runs it, against the sandbox over real HTTP.
 */
import { describe, expect, it } from 'vitest';
import { outputFile, runAction } from '../helpers/runner.js';
import { byProfile, DEMO_TOKEN, demoSeed, PROFILE, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, TEST_TOKEN, withoutMaskCommands } from '../helpers/secrets.js';
import { json, startServer } from '../helpers/server.js';

const start = useSandbox();
const connection = (url: string) => ({ 'api-url': url, 'api-token': DEMO_TOKEN, org: 'demo' });

interface Saved {
  outcome: string;
  flow: string;
  from?: number;
  to?: number;
  count: number;
  nonCompliant: number;
  total: number;
  truncated: boolean;
  pagesRead: number;
  attestations: {
    attestation_name: string | null;
    created_at: number | null;
    is_compliant: boolean | null;
  }[];
}

/**
 * The names the result file lists: the minimal profile sends no attestation names (only shown), so each is null, and
 * the verdicts (which it keeps) are what tells the attestations apart.
 */
const listed = (names: string[]) =>
  byProfile<(string | null)[]>(
    names,
    names.map(() => null),
  );

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
/** Their verdicts, in the same order: every tenth non-compliant. */
const checkVerdicts = (n: number) => checkNames(n).map((name) => Number(name.slice(-4)) % 10 !== 0);

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
    expect(result.outputs).toMatchObject({ outcome: 'listed', count: '6', 'non-compliant': '1' });
    const saved = outputFile(result, 'result-file') as Saved;
    expect(saved).toMatchObject({
      outcome: 'listed',
      flow: 'backend',
      count: 6,
      nonCompliant: 1,
      total: 6,
      truncated: false,
    });
    // Newest first, as the service lists them.
    expect(saved.attestations.map((a) => a.attestation_name)).toEqual(
      listed(['snyk-scan', 'unit-tests', 'pull-request', 'snyk-scan', 'unit-tests', 'pull-request']),
    );
    expect(saved.attestations.map((a) => a.is_compliant)).toEqual([false, true, true, true, true, true]);
    expect(result.stdout).toContain('::group::List the attestations of backend (');
    expect(result.summary).toContain('### Attestations of backend: 6 listed, 1 non-compliant');
    expect(result.summary).toContain(
      '| Name | Type | Compliant | Trail | Commit | Created | Reported by | Description |',
    );
    if (PROFILE === 'full') {
      expect(result.summary).toContain(
        '| [snyk-scan](https://sandbox.compliance.invalid/demo/flows/backend/trails/888f905eacac85a1e522752fa1be9aa2ce5d5016/attestations/',
      );
      // The trail and commit (issue 15): the commit's first line, linked.
      expect(result.summary).toContain(
        ') | snyk | ❌ no | 888f905eacac… | [888f905 Bump openssl](https://github.com/acme/shop/commit/888f905eacac85a1e522752fa1be9aa2ce5d5016) | 2026-11-03T09:06:40Z | github-actions |',
      );
      expect(result.summary).toContain(
        ') | junit | ✅ yes | 3dfdaa9cbad3… | [3dfdaa9 Add payment retries](https://github.com/acme/shop/commit/3dfdaa9cbad35a60632a382f8653df6ef6539d28) | 2026-11-02T09:05:00Z | github-actions | 412 tests, 0 failures |',
      );
    } else {
      const rows = (row: string) => result.summary.split('\n').filter((line) => line === row);
      // Only the verdict is sent: the unknown mark for the name, every other cell empty, one row each.
      expect(rows('| ? |  | ❌ no |  |  |  |  |  |')).toHaveLength(1);
      expect(rows('| ? |  | ✅ yes |  |  |  |  |  |')).toHaveLength(5);
    }
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
    expect(saved.attestations.map((a) => a.attestation_name)).toEqual(
      listed(['snyk-scan', 'unit-tests', 'pull-request']),
    );
    expect(saved.attestations.map((a) => a.is_compliant)).toEqual([true, true, true]);
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
    expect(result.outputs).toMatchObject({ count: '149', 'non-compliant': '15' });
    expect(saved).toMatchObject({ count: 149, total: 149, truncated: false, pagesRead: 4 });
    expect(saved.attestations.map((a) => a.attestation_name)).toEqual(listed(checkNames(199).slice(0, 149)));
    expect(saved.attestations.map((a) => a.is_compliant)).toEqual(checkVerdicts(199).slice(0, 149));
  });

  it('stops at max-items, with a warning that says how many there are', async () => {
    const sandbox = await start({ seed: seedWithAttestations(250) });
    const result = await runAction('list-attestations', {
      inputs: { ...connection(sandbox.url), flow: 'release', 'max-items': '150', 'per-page': '50' },
    });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ count: '150', 'non-compliant': '15' });
    const saved = outputFile(result, 'result-file') as Saved;
    // The minimal profile sends no pagination (only shown): there is no total to tell, only that the cap stopped it.
    expect(saved).toMatchObject({ ...byProfile({ total: 250 }, {}), truncated: true, pagesRead: 3 });
    expect(saved.attestations.map((a) => a.attestation_name)).toEqual(listed(checkNames(250).slice(0, 150)));
    expect(saved.attestations.map((a) => a.is_compliant)).toEqual(checkVerdicts(250).slice(0, 150));
    const stopped = 'max-items (150) stopped the read; raise it to read more.';
    expect(
      result.stdout.match(/^::warning::150 attestation\(s\).*: max-items \(150\) stopped the read; .*$/gm),
    ).toHaveLength(1);
    expect(result.stdout).toContain(byProfile(`::warning::150 attestation(s) of 250: ${stopped}`, stopped));
  });

  it('fails on an unknown flow with the service message (404)', async () => {
    const sandbox = await start();
    const result = await runAction('list-attestations', {
      inputs: { ...connection(sandbox.url), flow: 'no-such-flow' },
    });
    const message =
      "GET /attestations/{org}/{flow_name} failed with HTTP 404 Not Found: Flow named 'no-such-flow' does not exist for organization 'demo'. Check the org and the names in the request";
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`::error::${message}`);
    expect(result.outputs.outcome).toBe('error');
    expect(result.outputs.count).toBeUndefined();
    // The query as asked stays in the result file, with why it could not be answered.
    expect(outputFile(result, 'result-file')).toMatchObject({
      outcome: 'error',
      flow: 'no-such-flow',
      paging: { all: true, perPage: 100, maxItems: 1000 },
      error: { kind: 'api', message: expect.stringContaining(message) as string },
    });
    expect(result.summary).toContain('### ⚠️ Could not list the attestations of no-such-flow');
    expect(result.summary).toContain('The service refused the request: see its answer above.');
  });

  it('from after to is outcome error before any request, with a result file and a summary that say why', async () => {
    const server = await startServer((_req, res) => json(res, 200, { data: [] }));
    try {
      const result = await runAction('list-attestations', {
        inputs: {
          'api-url': server.origin,
          'api-token': TEST_TOKEN,
          org: 'acme',
          flow: 'backend',
          from: '2026-11-03',
          to: '2026-11-02',
        },
      });
      const message =
        "Invalid input 'from': '2026-11-03' (2026-11-03T00:00:00Z) is later than to '2026-11-02' (2026-11-02T00:00:00Z). Expected from at or before to.";
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(`::error::${message}`);
      expect(server.requests).toHaveLength(0);
      expect(result.outputs.outcome).toBe('error');
      expect(outputFile(result, 'result-file')).toMatchObject({
        outcome: 'error',
        error: { kind: 'input', message },
      });
      expect(result.summary).toContain('### ⚠️ Could not list the attestations');
      expect(result.summary).toContain('Fix the input named above; nothing was sent to the service.');
      assertNoSecret(withoutMaskCommands(result.everything), 'the step');
    } finally {
      await server.close();
    }
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
    expect(result.outputs.outcome).toBe('error');
    expect(outputFile(result, 'result-file')).toMatchObject({ outcome: 'error', error: { kind: 'network' } });
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });

  it('fails with outcome error and no counts when a later page fails', async () => {
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
      // No count of a part of the list: only the outcome and where the error is kept.
      expect(Object.keys(result.outputs).sort()).toEqual(['outcome', 'result-file']);
      expect(result.outputs.outcome).toBe('error');
      const saved = outputFile(result, 'result-file') as Record<string, unknown>;
      expect(saved).toMatchObject({ outcome: 'error', flow: 'backend', error: { kind: 'api' } });
      expect(saved.attestations).toBeUndefined();
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
