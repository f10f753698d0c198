/**
 * list-trails end to end: the dist bundle run as the runner runs it, against the sandbox over real HTTP.
 */
import { describe, expect, it } from 'vitest';
import { outputFile, runAction } from '../helpers/runner.js';
import { byProfile, DEMO_TOKEN, demoSeed, PROFILE, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, TEST_TOKEN, withoutMaskCommands } from '../helpers/secrets.js';
import { json, startServer } from '../helpers/server.js';

const start = useSandbox();
const connection = (url: string) => ({ 'api-url': url, 'api-token': DEMO_TOKEN, org: 'demo' });

const COMPLIANT_TRAIL = '3dfdaa9cbad35a60632a382f8653df6ef6539d28';
const NON_COMPLIANT_TRAIL = '888f905eacac85a1e522752fa1be9aa2ce5d5016';
const FRONTEND_TRAIL = '48d4add1472687902145455ca3c48dd619426eb9';

interface Saved {
  outcome: string;
  count: number;
  nonCompliant: number;
  total: number;
  truncated: boolean;
  pagesRead: number;
  trails: { name: string | null; compliance_state: string | null }[];
}

/**
 * The names the result file lists: the minimal profile sends no trail names (only shown), so each is null, and the
 * counts and states (which it keeps) are what tells the trails apart.
 */
const listed = (names: string[]) =>
  byProfile<(string | null)[]>(
    names,
    names.map(() => null),
  );

/** The demo seed plus `n` trails of flow `release`, newest first by number; every tenth one non-compliant. */
function seedWithTrails(n: number): unknown {
  const seed = demoSeed() as {
    orgs: { demo: { flows: unknown[]; trails: unknown[]; attestations: unknown[] } };
  };
  const demo = seed.orgs.demo;
  demo.flows.push({ name: 'release', tags: { team: 'release' } });
  for (let i = 0; i < n; i++) {
    const name = `release-${String(i).padStart(4, '0')}`;
    demo.trails.push({
      name,
      flow: 'release',
      created_at: 1_800_000_000 + i,
      last_modified_at: 1_800_000_000 + i,
    });
    demo.attestations.push({
      id: `00000000-0000-0000-0000-${String(i).padStart(8, '0')}`,
      flow: 'release',
      trail: name,
      name: 'smoke-test',
      type: 'generic',
      is_compliant: i % 10 !== 0,
      created_at: 1_800_000_000 + i,
    });
  }
  return seed;
}

/** Trail names the service would list, newest first. */
const releaseNames = (n: number) =>
  Array.from({ length: n }, (_, i) => `release-${String(n - 1 - i).padStart(4, '0')}`);
/** Their states, in the same order: every tenth non-compliant. */
const releaseStates = (n: number) =>
  releaseNames(n).map((name) => (Number(name.slice(-4)) % 10 === 0 ? 'NON-COMPLIANT' : 'COMPLIANT'));

describe('list-trails', () => {
  it('lists every trail of the org, counts the non-compliant ones, and summarizes them', async () => {
    const sandbox = await start();
    const result = await runAction('list-trails', { inputs: connection(sandbox.url) });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ outcome: 'listed', count: '3', 'non-compliant': '1' });
    const saved = outputFile(result, 'result-file') as Saved;
    expect(saved).toMatchObject({
      outcome: 'listed',
      count: 3,
      nonCompliant: 1,
      total: 3,
      truncated: false,
      pagesRead: 1,
    });
    // Newest first, as the service lists them.
    expect(saved.trails.map((t) => t.name)).toEqual(
      listed([NON_COMPLIANT_TRAIL, FRONTEND_TRAIL, COMPLIANT_TRAIL]),
    );
    expect(saved.trails.map((t) => t.compliance_state)).toEqual(['NON-COMPLIANT', 'COMPLIANT', 'COMPLIANT']);

    expect(result.stdout).toContain('::group::List trails (');
    expect(result.summary).toContain('### Trails: 3 listed, 1 non-compliant');
    expect(result.summary).toContain(
      '| Trail | Flow | State | Commit | Missing or non-compliant | Created | Created by |',
    );
    expect(result.summary).toContain(
      byProfile(
        // A trail named by its commit's SHA is cut to 12 characters: the Commit column has the commit.
        `| [${NON_COMPLIANT_TRAIL.slice(0, 12)}…](https://sandbox.compliance.invalid/demo/flows/backend/trails/${NON_COMPLIANT_TRAIL}) | backend | ❌ NON-COMPLIANT | [888f905 Bump openssl](https://github.com/acme/shop/commit/${NON_COMPLIANT_TRAIL}) | non-compliant: snyk-scan | 2026-11-03T09:00:00Z | bob |`,
        // No name, link, flow, commit, statuses, time or author: the unknown mark, and the state it rests on.
        '| ? |  | ❌ NON-COMPLIANT |  |  |  |  |',
      ),
    );
    if (PROFILE === 'minimal') {
      const rows = (row: string) => result.summary.split('\n').filter((line) => line === row);
      expect(rows('| ? |  | ✅ COMPLIANT |  |  |  |  |')).toHaveLength(2);
    }
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });

  it.each([
    ['flow', { flow: 'frontend' }, [FRONTEND_TRAIL], 0],
    ['flow-tag', { 'flow-tag': 'team=payments' }, [NON_COMPLIANT_TRAIL, COMPLIANT_TRAIL], 1],
    [
      'fingerprint',
      { fingerprint: '9e5f20177e2131a174e6d70d947a1244919fcb0ef41d1ce7e975f79d068f647d' },
      [COMPLIANT_TRAIL],
      0,
    ],
  ])('narrows by %s', async (_label, filter, names, nonCompliant) => {
    const sandbox = await start();
    const result = await runAction('list-trails', { inputs: { ...connection(sandbox.url), ...filter } });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({
      count: String(names.length),
      'non-compliant': String(nonCompliant),
    });
    expect((outputFile(result, 'result-file') as Saved).trails.map((t) => t.name)).toEqual(listed(names));
    expect(result.summary).toContain(`Filtered by ${Object.keys(filter)[0] ?? ''} `);
  });

  it('says so when nothing matches', async () => {
    const sandbox = await start();
    const result = await runAction('list-trails', {
      inputs: { ...connection(sandbox.url), 'flow-tag': 'team=nobody' },
    });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ count: '0', 'non-compliant': '0' });
    expect(result.summary).toContain('No trails match.');
  });

  it('reads every page (all, the default), in order and without repeats', async () => {
    const sandbox = await start({ seed: seedWithTrails(250) });
    const result = await runAction('list-trails', {
      inputs: { ...connection(sandbox.url), flow: 'release' },
    });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ count: '250', 'non-compliant': '25' });
    const saved = outputFile(result, 'result-file') as Saved;
    // 100 per page by default when reading every page: three pages.
    expect(saved).toMatchObject({ total: 250, truncated: false, pagesRead: 3 });
    expect(saved.trails.map((t) => t.name)).toEqual(listed(releaseNames(250)));
    expect(saved.trails.map((t) => t.compliance_state)).toEqual(releaseStates(250));
    expect(result.summary).toContain('250 trail(s), read in 3 page(s).');
  });

  it('stops at max-items, with a warning that says how many there are', async () => {
    const sandbox = await start({ seed: seedWithTrails(250) });
    const result = await runAction('list-trails', {
      inputs: { ...connection(sandbox.url), flow: 'release', 'max-items': '120' },
    });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ count: '120', 'non-compliant': '12' });
    const saved = outputFile(result, 'result-file') as Saved;
    // The minimal profile sends no pagination (only shown): there is no total to tell, only that the cap stopped it.
    expect(saved).toMatchObject({ ...byProfile({ total: 250 }, {}), truncated: true, pagesRead: 2 });
    expect(saved.trails.map((t) => t.name)).toEqual(listed(releaseNames(250).slice(0, 120)));
    expect(saved.trails.map((t) => t.compliance_state)).toEqual(releaseStates(250).slice(0, 120));
    // One warning that says the cap stopped the read; the minimal one has no service total to tell.
    const stopped = 'max-items (120) stopped the read; raise it to read more.';
    expect(
      result.stdout.match(/^::warning::120 trail\(s\).*: max-items \(120\) stopped the read; .*$/gm),
    ).toHaveLength(1);
    expect(result.stdout).toContain(byProfile(`::warning::120 trail(s) of 250: ${stopped}`, stopped));
    expect(result.summary).toContain(byProfile(`120 trail(s) of 250: ${stopped}`, stopped));
  });

  it('counts a trail that gives no state as without one, and refuses a trail of another flow than asked', async () => {
    const trails = [
      { name: 'a', flow: { name: 'app' }, compliance_state: 'NON-COMPLIANT' },
      { name: 'b', flow: { name: 'app' } },
      { name: 'c' },
    ];
    const server = await startServer((req, res) =>
      json(res, 200, {
        data: req.url.searchParams.get('flow') === 'other' ? [{ name: 'x', flow: { name: 'app' } }] : trails,
      }),
    );
    try {
      const ask = (flow: string) =>
        runAction('list-trails', {
          inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme', flow },
        });
      const listed = await ask('app');
      expect(listed.code).toBe(0);
      expect(listed.outputs).toMatchObject({ count: '3', 'non-compliant': '1' });
      expect(listed.summary).toContain('### Trails: 3 listed, 1 non-compliant, 2 without a state\n');
      const other = await ask('other');
      expect(other.code).toBe(1);
      expect(other.stdout).toContain(
        '[0].flow.name is "app", not "other" as asked: the answer is about something else',
      );
    } finally {
      await server.close();
    }
  });

  it('sends exactly the query asked for', async () => {
    const server = await startServer((_req, res) => json(res, 200, { data: [] }));
    try {
      const result = await runAction('list-trails', {
        inputs: {
          'api-url': server.origin,
          'api-token': TEST_TOKEN,
          org: 'acme',
          flow: 'app',
          'flow-tag': 'team=a b',
          page: '2',
          'per-page': '5',
          summary: 'false',
        },
      });
      expect(result.code).toBe(0);
      expect(server.requests).toHaveLength(1);
      const url = server.requests[0]?.url;
      expect(url?.pathname).toBe('/api/v2/trails/acme');
      expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
        flow: 'app',
        flow_tag: 'team=a b',
        page: '2',
        per_page: '5',
      });
      expect(result.summary).toBe('');
    } finally {
      await server.close();
    }
  });

  it('fails on an unknown flow with the service message (404)', async () => {
    const sandbox = await start();
    const result = await runAction('list-trails', {
      inputs: { ...connection(sandbox.url), flow: 'no-such-flow' },
    });
    const message =
      "GET /trails/{org} failed with HTTP 404 Not Found: Flow named 'no-such-flow' does not exist for organization 'demo'. Check the org and the names in the request";
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`::error::${message}`);
    expect(result.outputs.outcome).toBe('error');
    expect(result.outputs.count).toBeUndefined();
    expect(outputFile(result, 'result-file')).toMatchObject({
      outcome: 'error',
      filters: { flow: 'no-such-flow' },
      error: { kind: 'api', message: expect.stringContaining(message) as string },
    });
    expect(result.summary).toContain('### ⚠️ Could not list the trails');
  });

  it('a bad input is outcome error before any request, with a result file and a summary that say why', async () => {
    const server = await startServer((_req, res) => json(res, 200, []));
    try {
      const result = await runAction('list-trails', {
        inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme', flow: 'my flow' },
      });
      const message = "Invalid input 'flow': 'my flow' is not valid. Expected a name starting";
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(`::error::${message}`);
      expect(server.requests).toHaveLength(0);
      expect(result.outputs).toMatchObject({ outcome: 'error' });
      expect(result.outputs.count).toBeUndefined();
      expect(outputFile(result, 'result-file')).toMatchObject({
        outcome: 'error',
        error: { kind: 'input', message: expect.stringContaining(message) as string },
      });
      expect(result.summary).toContain('### ⚠️ Could not list the trails');
      expect(result.summary).toContain('Fix the input named above; nothing was sent to the service.');
      assertNoSecret(withoutMaskCommands(result.everything), 'the step');
    } finally {
      await server.close();
    }
  });

  it('says the service is unreachable', async () => {
    const server = await startServer((_req, res) => json(res, 200, []));
    const url = server.origin;
    await server.close();
    const result = await runAction('list-trails', {
      inputs: { 'api-url': url, 'api-token': TEST_TOKEN, org: 'acme' },
      env: { COMPLIANCE_RETRIES: '0' },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /::error::GET \/trails\/\{org\} could not reach the service: .*Check api-url/,
    );
    expect(result.outputs.outcome).toBe('error');
    expect(outputFile(result, 'result-file')).toMatchObject({ outcome: 'error', error: { kind: 'network' } });
    expect(result.summary).toContain('The service could not be reached');
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });

  it('lists trails whose display-only fields are null or malformed, setting every output and the summary', async () => {
    const trails = [
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
    ];
    const server = await startServer((_req, res) => json(res, 200, trails));
    try {
      const result = await runAction('list-trails', {
        inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme' },
      });
      expect(result.stdout).not.toContain('::error::');
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ count: '2', 'non-compliant': '1' });
      expect(result.summary).toContain('| null-fields |  | ❌ NON-COMPLIANT | aaaaaaa |  |  |  |');
      expect(result.summary).toContain(
        '| malformed-fields |  | ⚠️ INCOMPLETE | bbbbbbb | missing: unit-tests |  |  |',
      );
      expect(outputFile(result, 'result-file')).toMatchObject({
        count: 2,
        trails: [{ name: 'null-fields' }, {}],
      });
    } finally {
      await server.close();
    }
  });

  it('never shows the token when a 200 answer echoes it in the names it lists', async () => {
    const server = await startServer((req, res) => {
      const echo = req.headers.authorization ?? '';
      json(res, 200, [
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
      ]);
    });
    try {
      const result = await runAction('list-trails', {
        inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme' },
      });
      expect(result.code).toBe(0);
      expect(result.outputs['non-compliant']).toBe('1');
      expect(result.summary).toContain('trail of Bearer \\*\\*\\*');
      assertNoSecret(withoutMaskCommands(result.everything), 'the step');
    } finally {
      await server.close();
    }
  });

  it('never shows the token, even when the server echoes it', async () => {
    const server = await startServer((req, res) =>
      json(res, 400, { message: `bad request from ${req.headers.authorization ?? ''}` }),
    );
    try {
      const result = await runAction('list-trails', {
        inputs: { 'api-url': server.origin, 'api-token': TEST_TOKEN, org: 'acme' },
      });
      expect(result.code).toBe(1);
      expect(server.requests).toHaveLength(1);
      expect(result.stdout).toContain('bad request from Bearer ***');
      assertNoSecret(withoutMaskCommands(result.everything), 'the step');
    } finally {
      await server.close();
    }
  });
});
