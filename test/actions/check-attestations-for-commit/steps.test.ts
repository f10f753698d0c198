/**
 * check-attestations-for-commit run as a step in-process against the sandbox, with a fake GitHub REST API on loopback
 * for the pull request's commits and the sticky comment: every branch of the gate. What the service's answer profile
 * changes (titles, links, who overrode and why) runs under both profiles. The bundle keeps its contract in
 * test/dist/check-attestations-for-commit.test.ts.
 */
import { createHash } from 'node:crypto';
import {
  clean,
  COMPLIANT,
  couldNotCheck,
  errors,
  resultOf,
  UI,
  warnings,
} from '../../helpers/check-attestations.js';
import { describe, expect, it } from 'vitest';
import {
  GITHUB_TOKEN,
  onPullRequest,
  useFakeGitHub,
  type FakeGitHubOptions,
} from '../../helpers/github-api.js';
import { startProxy } from '../../helpers/proxy.js';
import { DEMO_TOKEN, demoSeed, useSandbox, useSharedSandbox } from '../../helpers/sandbox.js';
import { assertNoSecret, TEST_TOKEN } from '../../helpers/secrets.js';
import { closedOrigin, json, startServer } from '../../helpers/server.js';
import type { RunOptions } from '../../helpers/runner.js';
import { useInProcessAction } from '../../helpers/in-process.js';
import { byProfileOf, PROFILES } from '@compliance-actions/sandbox/profile';

const runAction = useInProcessAction();
const startSandbox = useSandbox();
const shared = useSharedSandbox();
const github = useFakeGitHub();

const ACTION = 'check-attestations-for-commit';
/** Demo seed: backend trail whose snyk-scan is non-compliant. */
const NON_COMPLIANT = '888f905eacac85a1e522752fa1be9aa2ce5d5016';
/** Known to no one. */
const UNKNOWN = 'e'.repeat(40);

const sha = (i: number) => createHash('sha1').update(`commit-${i}`).digest('hex');
/** A step of the gate against the service at `url` (the shared sandbox unless given), `inputs` over the connection. */
const gate = (inputs: Record<string, string>, options: RunOptions = {}, url = shared().url) =>
  runAction(ACTION, {
    ...options,
    inputs: { 'api-url': url, 'api-token': DEMO_TOKEN, org: 'demo', ...inputs },
  });
/** A step against a service of `answer` (acme, a test token): what it was asked, and the step. */
async function against(answer: unknown, inputs: Record<string, string>, options: RunOptions = {}) {
  const service = await startServer((_req, res) => json(res, 200, answer));
  try {
    const result = await gate({ 'api-token': TEST_TOKEN, org: 'acme', ...inputs }, options, service.origin);
    return { result, asked: service.requests };
  } finally {
    await service.close();
  }
}

type Seed = { orgs: { demo: { attestations: Record<string, unknown>[] } } };
/** The demo seed plus `attestations`. */
function seedWith(...attestations: Record<string, unknown>[]): Seed {
  const seed = demoSeed() as Seed;
  seed.orgs.demo.attestations.push(...attestations);
  return seed;
}
/** The demo seed plus `count` commits that each have a compliant unit-tests attestation (but the ones listed). */
const seedWithCommits = (count: number, nonCompliant: number[] = []) =>
  seedWith(
    ...Array.from({ length: count }, (_, i) => ({
      id: `${sha(i).slice(0, 8)}-0000-4000-8000-${String(i).padStart(8, '0')}`,
      flow: 'backend',
      trail: COMPLIANT,
      name: 'unit-tests',
      type: 'junit',
      git_commit: sha(i),
      is_compliant: !nonCompliant.includes(i),
      created_at: 1793700000 + i,
    })),
  );
/** The demo seed with an override of `name` on `trail`, later than what it overrides. */
const seedWithOverride = (trail: string, name: string, isCompliant: boolean, description: string) =>
  seedWith({
    id: 'b0b0b0b0-0000-4000-8000-00000000000b',
    flow: 'backend',
    trail,
    name,
    type: 'override',
    is_compliant: isCompliant,
    created_at: 1793700000,
    reported_by: 'alice',
    description,
  });

describe.each(PROFILES)('check-attestations-for-commit, the sandbox answering %s', (PROFILE) => {
  const byProfile = byProfileOf(PROFILE);
  const start = async (seed?: Seed) => (await startSandbox({ profile: PROFILE, ...(seed && { seed }) })).url;

  it('fails on non-compliant and missing attestations, one annotation naming commit and attestation each', async () => {
    const result = await gate(
      {
        commits: `${COMPLIANT}, ${NON_COMPLIANT.toUpperCase()}\n${UNKNOWN}`,
        required: 'pull-request\nsnyk-scan\nsecurity-review',
      },
      {},
      await start(),
    );
    expect(result.code).toBe(1);
    expect(result.outputs.compliant).toBe('false');
    expect(result.outputs.outcome).toBe('non-compliant');
    expect(JSON.parse(result.outputs['non-compliant'] ?? '')).toEqual([
      { commit: NON_COMPLIANT, name: 'snyk-scan' },
    ]);
    expect(JSON.parse(result.outputs.missing ?? '')).toEqual([
      { commit: COMPLIANT, name: 'security-review' },
      { commit: NON_COMPLIANT, name: 'security-review' },
      { commit: UNKNOWN, name: 'pull-request' },
      { commit: UNKNOWN, name: 'snyk-scan' },
      { commit: UNKNOWN, name: 'security-review' },
    ]);
    const annotations = errors(result);
    expect(annotations).toHaveLength(7);
    expect(annotations[0]).toMatch(
      new RegExp(
        `^::error title=Compliance gate::Commit ${NON_COMPLIANT}: the attestation 'snyk-scan' is non-compliant \\(flow backend${byProfile(
          `: ${UI}/demo/flows/backend/trails/${NON_COMPLIANT}/attestations/`,
          '\\)\\.$',
        )}`,
      ),
    );
    expect(annotations[1]).toBe(
      `::error title=Compliance gate::Commit ${COMPLIANT}: the required attestation 'security-review' is missing.`,
    );
    expect(annotations[6]).toBe(
      '::error::Compliance gate tripped: 5 missing and 1 non-compliant attestation(s) in 3 commit(s).',
    );
    expect(result.summary).toContain('### ❌ Compliance gate tripped');
    expect(result.summary).toContain('| Commit | Result | pull-request | snyk-scan | security-review |');
    expect(result.summary).toMatch(
      new RegExp(
        `\\| \\[888f905${byProfile(' Bump openssl', '')}\\]\\([^)]+\\) \\| ❌ non-compliant \\| \\[✅ compliant\\]\\([^)]+\\) \\| \\[❌ non-compliant\\]\\(${byProfile(UI, 'https://github.com/acme/app/commit/')}[^)]+\\) \\| \\[⚠️ missing\\]`,
      ),
    );
    clean(result);
  });

  it('the newest of each flow, trail and artifact counts: a re-run fixes, another flow can still fail', async () => {
    const at = (id: string, extra: Record<string, unknown>) => ({
      id: `${id}-0000-4000-8000-00000000`,
      type: 'snyk',
      name: 'snyk-scan',
      is_compliant: true,
      ...extra,
    });
    const url = await start(
      seedWith(
        // A re-run of the failed scan of the same artifact, later: it passes.
        at('aaaaaaa1', {
          flow: 'backend',
          trail: NON_COMPLIANT,
          artifact_fingerprint: '33907d725bd992d1651784dee23dff369334af6903feb0d75e00eb37a820491f',
          created_at: 1793697000,
        }),
        // The compliant commit, attested in another flow as well, and failing there.
        at('aaaaaaa2', {
          flow: 'frontend',
          trail: '48d4add1472687902145455ca3c48dd619426eb9',
          git_commit: COMPLIANT,
          is_compliant: false,
          created_at: 1793700000,
        }),
      ),
    );
    const inputs = { commits: `${NON_COMPLIANT}\n${COMPLIANT}`, required: 'snyk-scan' };
    const result = await gate(inputs, {}, url);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.outputs['non-compliant'] ?? '')).toEqual([
      { commit: COMPLIANT, name: 'snyk-scan' },
    ]);
    expect(result.stdout).toContain(
      `Commit ${COMPLIANT}: the attestation 'snyk-scan' is non-compliant (flow frontend${byProfile(`: ${UI}/demo/flows/frontend/`, ').')}`,
    );
    // Narrowed to the backend flow, both pass.
    expect((await gate({ ...inputs, flow: 'backend' }, {}, url)).code).toBe(0);
  });

  it('overridden as compliant: a failed scan passes the gate, and the summary says who and why', async () => {
    const url = await start(seedWithOverride(NON_COMPLIANT, 'snyk-scan', true, 'hotfix approved by CAB'));
    const result = await gate({ commits: NON_COMPLIANT, required: 'snyk-scan' }, {}, url);
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ compliant: 'true', outcome: 'compliant', 'non-compliant': '[]' });
    expect(result.summary).toContain('### ✅ Compliance gate passed');
    expect(result.summary).toContain('1 decided by an override');
    // The minimal profile sends who and why as null (only shown): the verdict alone.
    expect(result.summary).toContain(
      byProfile(
        `[✅ overridden as compliant by alice: 'hotfix approved by CAB'](${UI}/demo/flows/backend/trails/${NON_COMPLIANT}/attestations/b0b0b0b0-0000-4000-8000-00000000000b)`,
        `[✅ overridden as compliant](https://github.com/acme/app/commit/${NON_COMPLIANT})`,
      ),
    );
    const cell = (
      resultOf(result) as unknown as { rows: { cells: Record<string, { override?: unknown }> }[] }
    ).rows[0]?.cells['snyk-scan'];
    expect(cell?.override).toMatchObject({ attestation_type: 'override', is_compliant: true });
    clean(result);
  });

  it('overridden as non-compliant, among the answers to a pull_request filter: the gate trips, saying so', async () => {
    const url = await start(seedWithOverride(COMPLIANT, 'pull-request', false, 'approved by its own author'));
    const inputs = { commits: COMPLIANT, 'attestation-type': 'pull_request', required: 'pull-request' };
    const result = await gate(inputs, {}, url);
    expect(result.code).toBe(1);
    expect(result.outputs).toMatchObject({ compliant: 'false', outcome: 'non-compliant' });
    expect(JSON.parse(result.outputs['non-compliant'] ?? '')).toEqual([
      { commit: COMPLIANT, name: 'pull-request' },
    ]);
    const who = byProfile(" by alice: 'approved by its own author'", '');
    expect(result.stdout).toContain(
      `Commit ${COMPLIANT}: the attestation 'pull-request' is non-compliant, overridden as non-compliant${who}`,
    );
    expect(result.summary).toContain(`❌ overridden as non-compliant${who}`);
    expect(result.summary).toContain('Narrowed to type pull_request.');
    clean(result);
  });
});

describe('check-attestations-for-commit', () => {
  it('passes with required names narrowed to a flow', async () => {
    const result = await gate(
      { commits: COMPLIANT, flow: 'backend', required: 'pull-request\nunit-tests\n\nsnyk-scan\n' },
      { github: { GITHUB_SHA: NON_COMPLIANT } },
    );
    expect(result.code).toBe(0);
    expect(result.outputs.outcome).toBe('compliant');
    expect(resultOf(result).from).toBe('input');
    expect(result.summary).toContain('| Commit | Result | pull-request | unit-tests | snyk-scan |');
    expect(result.summary).toContain(
      'Required: pull-request, unit-tests, snyk-scan. Narrowed to flow backend.',
    );
    clean(result);
  });

  it('without required: every commit needs an attestation, every one found compliant', async () => {
    const result = await gate({ commits: `${NON_COMPLIANT}\n${UNKNOWN}` });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.outputs['non-compliant'] ?? '')).toEqual([
      { commit: NON_COMPLIANT, name: 'snyk-scan' },
    ]);
    expect(JSON.parse(result.outputs.missing ?? '')).toEqual([{ commit: UNKNOWN, name: null }]);
    expect(result.stdout).toContain(`::error title=Compliance gate::Commit ${UNKNOWN} has no attestation.`);
    expect(result.summary).toContain(
      `| [eeeeeee](https://github.com/acme/app/commit/${UNKNOWN}) | ⚠️ missing | — | — | — |`,
    );
    clean(result);
  });

  it('annotates at most ten times, the failure included, and counts the rest', async () => {
    const commits = Array.from({ length: 30 }, (_, i) => sha(i));
    const result = await gate({ commits: commits.join('\n'), required: 'sbom\nprovenance' });
    expect(result.code).toBe(1);
    const annotations = errors(result);
    expect(annotations).toHaveLength(10);
    for (const a of annotations.slice(0, 9))
      expect(a).toMatch(/Commit [a-f0-9]{40}: the required attestation '(sbom|provenance)' is missing/);
    expect(annotations[9]).toBe(
      '::error::Compliance gate tripped: 60 missing and 0 non-compliant attestation(s) in 30 commit(s) (51 more in the job summary).',
    );
    expect(JSON.parse(result.outputs.missing ?? '')).toHaveLength(60);
    // Every commit is in the summary matrix.
    for (const c of commits) expect(result.summary).toContain(`[${c.slice(0, 7)}]`);
    clean(result);
  });

  it('with fail-on-non-compliant false: passes with warnings, the outputs tell', async () => {
    const result = await gate({
      commits: [NON_COMPLIANT, ...Array.from({ length: 20 }, (_, i) => sha(i))].join(','),
      'fail-on-non-compliant': 'false',
    });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ compliant: 'false', outcome: 'non-compliant' });
    expect(errors(result)).toEqual([]);
    const w = warnings(result);
    expect(w).toHaveLength(10);
    expect(w[0]).toContain(`Commit ${NON_COMPLIANT}: the attestation 'snyk-scan' is non-compliant`);
    expect(w[9]).toContain(
      'Compliance gate tripped, not failing (fail-on-non-compliant is false): 20 missing and 1',
    );
    expect(result.summary).toContain('tripped (not failing the step)');
    clean(result);
  });

  it('sends the narrowing filters to the service with the commits', async () => {
    const service = await startServer((req, res) =>
      json(res, 200, Object.fromEntries(req.url.searchParams.getAll('commit_list').map((c) => [c, []]))),
    );
    try {
      const result = await gate(
        {
          'api-token': TEST_TOKEN,
          org: 'acme',
          commits: `${COMPLIANT}\n${UNKNOWN}`,
          flow: 'backend',
          'attestation-type': 'custom:code-review',
          'attestation-name': 'code-review',
          required: 'code-review',
        },
        {},
        service.origin,
      );
      expect(result.code).toBe(1);
      expect(service.requests).toHaveLength(1);
      const url = service.requests[0]?.url;
      expect(url?.pathname).toBe('/api/v2/attestations/acme/list_attestations_for_criteria');
      expect(url?.searchParams.getAll('commit_list')).toEqual([COMPLIANT, UNKNOWN]);
      expect(url?.searchParams.get('flow_name')).toBe('backend');
      expect(url?.searchParams.get('attestation_type')).toBe('custom:code-review');
      expect(url?.searchParams.get('attestation_name')).toBe('code-review');
      expect(result.summary).toContain(
        'Narrowed to flow backend, type custom:code-review, name code-review.',
      );
      clean(result);
    } finally {
      await service.close();
    }
  });

  describe('a gate that cannot check fails, told apart by outcome', () => {
    it('when the service refuses the token (401), even with fail-on-non-compliant false', async () => {
      const result = await gate({
        'api-token': TEST_TOKEN,
        commits: COMPLIANT,
        'fail-on-non-compliant': 'false',
      });
      couldNotCheck(result, 'api', 'GET /attestations/{org}/list_attestations_for_criteria');
      expect(result.stdout).toContain('HTTP 401');
    });

    it('when the answer is about other commits: never compliant, even with fail-on-non-compliant false', async () => {
      const sandbox = shared();
      // The compliant commit's own (compliant) attestations, given for the non-compliant one.
      const theirs = await sandbox.client().listAttestationsForCommits({ commit_list: [COMPLIANT] });
      const passing = theirs[COMPLIANT] ?? [];
      expect(passing.length).toBeGreaterThan(0);
      expect(passing.every((a) => a.is_compliant === true)).toBe(true);
      const endpoint = 'unexpected response from GET /attestations/{org}/list_attestations_for_criteria: ';
      // Under another commit's key; then filed under the commit asked, each naming the other commit as its own.
      const misnamed = passing.map((a) => ({
        ...a,
        git_commit_info: { ...a.git_commit_info, sha1: COMPLIANT },
      }));
      for (const [body, why] of [
        [theirs, `names commit "${COMPLIANT}", which was not asked: the answer is about something else`],
        [
          { [NON_COMPLIANT]: misnamed },
          `${NON_COMPLIANT}[0].git_commit_info.sha1 is "${COMPLIANT}", not "${NON_COMPLIANT}" as asked`,
        ],
      ] as const) {
        sandbox.sandbox.faults.respondNext(1, { status: 200, body });
        const result = await gate({ commits: NON_COMPLIANT, 'fail-on-non-compliant': 'false' });
        couldNotCheck(result, 'unexpected-response', `${endpoint}${why}`);
      }
    });

    it.each([
      ['an attestation without its name', { [COMPLIANT]: [{ attestation_type: 'junit' }] }],
      ['a list, not an object', [1, 2, 3]],
    ])(
      "an answer of the wrong shape (%s), after reading the pull request's head alone: keeps the warning and the commit",
      async (_title, answer) => {
        const pullRequest = { ...onPullRequest(await github(), COMPLIANT), githubToken: '' };
        const { result } = await against(answer, {}, pullRequest);
        couldNotCheck(
          result,
          'unexpected-response',
          'unexpected response from GET /attestations/{org}/list_attestations_for_criteria',
        );
        expect(result.summary).toContain('The answer was not in the documented form');
        // The warning, printed before the service was asked, is not lost with the error; nor the commit read.
        const note = 'Could not read the commits of pull request #7 (no github-token)';
        expect(warnings(result).some((line) => line.includes(note))).toBe(true);
        expect(result.summary).toContain(`checking its head commit ${COMPLIANT} alone`);
        expect(resultOf(result)).toMatchObject({
          from: 'pull-request-head',
          pullRequest: 7,
          commits: [{ sha: COMPLIANT }],
          note: expect.stringContaining(note) as unknown,
        });
      },
    );
  });

  describe('graded failure (fail-on)', () => {
    const graded = (sentence: string) =>
      `fail-on: ${sentence}. would-fail: true (with every grade listed, the step would fail).`;
    const tripped = '::warning::Compliance gate tripped, not failing';
    const ofNonCompliant = `::warning title=Compliance gate::Commit ${NON_COMPLIANT}: the attestation 'snyk-scan' is non-compliant`;
    const hasNone = `title=Compliance gate::Commit ${UNKNOWN} has no attestation.`;

    it.each([
      {
        title: 'missing: a missing attestation fails the step, a non-compliant one only warns',
        inputs: { commits: `${NON_COMPLIANT}\n${UNKNOWN}`, 'fail-on': 'Missing' },
        code: 1,
        errors: [
          `::error ${hasNone}`,
          '::error::Compliance gate tripped: 1 missing and 1 non-compliant attestation(s) in 2 commit(s). Of ' +
            'these, 1 non-compliant only warn (fail-on: missing).',
        ],
        warnings: [expect.stringContaining(ofNonCompliant)],
        summary: [
          '### ❌ Compliance gate tripped\n',
          graded('missing: 1 finding(s) fail the step (1 missing); 1 only warn (1 non-compliant)'),
        ],
        result: { failOn: ['missing'], wouldFail: true },
      },
      {
        title: 'non-compliant: a missing attestation only warns, and the step passes',
        inputs: { commits: `${COMPLIANT},${UNKNOWN}`, 'fail-on': 'non-compliant' },
        code: 0,
        errors: [],
        warnings: [
          `::warning ${hasNone}`,
          `${tripped} (fail-on is non-compliant): 1 missing and 0 non-compliant attestation(s) in 2 commit(s).`,
        ],
        summary: [
          '### ❌ Compliance gate tripped (not failing the step)',
          graded('non-compliant: nothing fails the step; 1 only warn (1 missing)'),
        ],
      },
      {
        title: 'none: nothing fails, everything warns; would-fail tells what a full gate would decide',
        inputs: { commits: `${NON_COMPLIANT},${UNKNOWN}`, 'fail-on': 'none' },
        code: 0,
        errors: [],
        warnings: [
          expect.any(String),
          expect.any(String),
          `${tripped} (fail-on is none): 1 missing and 1 non-compliant attestation(s) in 2 commit(s).`,
        ],
        summary: [graded('none: nothing fails the step; 2 only warn (1 non-compliant, 1 missing)')],
      },
    ])('fail-on $title', async ({ inputs, code, summary, result: saved, ...expected }) => {
      const result = await gate(inputs);
      expect(result.code).toBe(code);
      expect(result.outputs).toMatchObject({
        compliant: 'false',
        outcome: 'non-compliant',
        'would-fail': 'true',
      });
      expect(errors(result)).toEqual(expected.errors);
      expect(warnings(result)).toEqual(expected.warnings);
      for (const text of summary) expect(result.summary).toContain(text);
      if (saved) expect(resultOf(result)).toMatchObject(saved);
      clean(result);
    });

    it('fail-on none with nothing found wrong: compliant, would-fail false, not in the summary', async () => {
      const clear = await gate({ commits: COMPLIANT, 'fail-on': 'none' });
      expect(clear.code).toBe(0);
      expect(clear.outputs).toMatchObject({ compliant: 'true', outcome: 'compliant', 'would-fail': 'false' });
      expect(clear.summary).not.toContain('would-fail');
      expect(resultOf(clear)).toMatchObject({ failOn: [], wouldFail: false });
      clean(clear);
    });

    it('unknown (an attestation without a verdict): fails by default, warns when fail-on leaves it out', async () => {
      const sandbox = shared();
      // The non-compliant commit's attestations, its failed snyk-scan without a verdict (null), as a service may send.
      const found = await sandbox.client().listAttestationsForCommits({ commit_list: [NON_COMPLIANT] });
      const noVerdict = {
        [NON_COMPLIANT]: (found[NON_COMPLIANT] ?? []).map((a) =>
          a.is_compliant === false ? { ...a, is_compliant: null } : a,
        ),
      };
      expect(JSON.stringify(noVerdict)).toContain('"is_compliant":null');
      const run = (inputs: Record<string, string>) => {
        sandbox.sandbox.faults.respondNext(1, { status: 200, body: noVerdict });
        return gate({ commits: NON_COMPLIANT, ...inputs });
      };

      const failing = await run({});
      expect(failing.code).toBe(1);
      expect(failing.outputs).toMatchObject({ outcome: 'non-compliant', 'would-fail': 'true' });
      // Listed as before fail-on, so a step that reads only this list fails closed; the result file tells them apart.
      expect(JSON.parse(failing.outputs['non-compliant'] ?? '')).toEqual([
        { commit: NON_COMPLIANT, name: 'snyk-scan' },
      ]);
      expect(resultOf(failing)).toMatchObject({
        nonCompliant: [],
        unknown: [{ commit: NON_COMPLIANT, name: 'snyk-scan' }],
        failOn: ['non-compliant', 'missing', 'unknown'],
      });
      expect(errors(failing)[0]).toContain(
        `::error title=Compliance gate::Commit ${NON_COMPLIANT}: the attestation 'snyk-scan' has no verdict (unknown)`,
      );
      expect(errors(failing).at(-1)).toBe(
        '::error::Compliance gate tripped: 0 missing, 0 non-compliant and 1 unknown (no verdict) attestation(s) in 1 commit(s).',
      );
      expect(failing.summary).toContain('| ❔ unknown |');
      expect(failing.summary).toContain('0 missing, 0 non-compliant, 1 unknown (no verdict).');
      expect(failing.summary).toContain('❔ unknown (no verdict)');

      const warned = await run({ 'fail-on': 'non-compliant\nmissing' });
      expect(warned.code).toBe(0);
      expect(warned.outputs).toMatchObject({ outcome: 'non-compliant', 'would-fail': 'true' });
      expect(errors(warned)).toEqual([]);
      expect(warnings(warned).at(-1)).toBe(
        `${tripped} (fail-on is non-compliant, missing): 0 missing, 0 non-compliant and 1 unknown (no verdict) ` +
          'attestation(s) in 1 commit(s).',
      );
      expect(warned.summary).toContain(
        graded('non-compliant, missing: nothing fails the step; 1 only warn (1 unknown)'),
      );
      for (const r of [failing, warned]) clean(r);
    });
  });

  it.each([
    [
      'a commit that is not a SHA',
      { commits: `${COMPLIANT}\nmain` },
      "Invalid input 'commits': ('main') is not valid. Expected 40 lowercase hexadecimal characters (a full git commit SHA), one per line or comma-separated.",
    ],
    [
      'a value no attestation type can have',
      { 'attestation-type': 'JUnit tests' },
      "Invalid input 'attestation-type': 'JUnit tests' is not valid. Expected one of generic, junit, snyk, sonar, jira, pull_request, override, system:decision, or custom:<name>",
    ],
    [
      'a bad required name',
      { required: 'unit-tests\nsnyk scan' },
      'Invalid input \'required\': line 2 (\'snyk scan\') is not valid. Expected letters, digits, "-", "_" or ",", one per line.',
    ],
    [
      'a fail-on word that is not a grade',
      { 'fail-on': 'missing\nfailing' },
      "Invalid input 'fail-on': 'failing' is not a grade. Expected any of non-compliant, missing, incomplete, unknown (one per line or comma-separated), or none alone.",
    ],
    [
      'fail-on none with a grade',
      { 'fail-on': 'none,missing' },
      "Invalid input 'fail-on': 'none' is given with 'missing': none alone means nothing fails.",
    ],
    [
      'fail-on and fail-on-non-compliant saying different things',
      { 'fail-on': 'none', 'fail-on-non-compliant': 'true' },
      "Invalid input 'fail-on': says none while fail-on-non-compliant is true, which means non-compliant, missing, unknown.",
    ],
    [
      'no commits on a pull_request event whose payload does not name the pull request (not the merge commit)',
      {},
      "Invalid input 'commits': is required: this pull_request event's payload does not name the pull request",
      {},
    ],
  ])(
    'bad input fails before any request, naming the input and the expected form: %s',
    async (_label, inputs, message, event?: object) => {
      const api = await github({ pulls: { 7: [{ sha: COMPLIANT, message: 'x' }] } });
      const { result, asked } = await against(
        {},
        { 'comment-on-pr': 'true', ...inputs },
        {
          ...onPullRequest(api, COMPLIANT),
          ...(event && { event }),
        },
      );
      couldNotCheck(result, 'input', message);
      expect(result.summary).toContain('Fix the input named above; nothing was sent to the service.');
      // Nothing asked of the service or GitHub, and no comment on bad input.
      expect(asked).toHaveLength(0);
      expect(api.requests).toHaveLength(0);
    },
  );

  describe('on a pull request', () => {
    it('checks every commit of a 250-commit pull request, read page by page, and comments under 65,536 characters', async () => {
      const { url } = await startSandbox({ seed: seedWithCommits(250, [199]) });
      const commits = Array.from({ length: 250 }, (_, i) => ({
        sha: sha(i),
        message: `Step ${i} of the migration: ${'a long subject that makes the table wide '.repeat(2)}\n\nbody`,
      }));
      const api = await github({ pulls: { 7: commits } });
      const result = await gate(
        { required: 'unit-tests', 'comment-on-pr': 'true' },
        onPullRequest(api, sha(249), {}, 250),
        url,
      );
      expect(result.code).toBe(1);
      const pages = api.requestsTo('/repos/acme/app/pulls/7/commits');
      expect(pages.map((r) => r.url.searchParams.get('page') ?? '1')).toEqual(['1', '2', '3']);
      expect(pages.every((r) => r.url.searchParams.get('per_page') === '100')).toBe(true);
      const saved = resultOf(result);
      expect(saved.from).toBe('pull-request');
      expect(saved.commits.map((c) => c.sha)).toEqual(commits.map((c) => c.sha));
      expect(saved.commits[0]?.title).toMatch(/^Step 0 of the migration: a long subject .*…$/);
      expect(JSON.parse(result.outputs['non-compliant'] ?? '')).toEqual([
        { commit: sha(199), name: 'unit-tests' },
      ]);
      expect(result.outputs.missing).toBe('[]');
      expect(result.stdout).toContain(`::group::Commits to check`);
      expect(result.stdout).toContain('250 commit(s) of pull request #7:');
      // The summary holds every row.
      expect(result.summary.match(/^\| \[[a-f0-9]{7} Step /gm)).toHaveLength(250);

      // One comment, cut at a line to fit, the tripping commit first.
      const posted = api.comments.get(7) ?? [];
      expect(posted).toHaveLength(1);
      const body = posted[0]?.body ?? '';
      expect(body.length).toBeLessThanOrEqual(65_536);
      expect(body).toContain("This comment was cut to stay under GitHub's 65,536-character limit");
      expect(body).toContain("The full result is in the run's job summary and the `result-file` output.");
      expect(body.length).toBeGreaterThan(60_000);
      const firstRow = body.split('\n').find((line) => line.startsWith('| ['));
      expect(firstRow).toContain(`[${sha(199).slice(0, 7)} Step 199`);
      // Built to fit, so the comment module had nothing left to cut: one cut note, the writer's.
      expect(body.match(/This comment was cut/g)).toHaveLength(1);
      clean(result);
    });

    it('beyond the 250 commits GitHub lists, adds the head commit and warns', async () => {
      const { url } = await startSandbox({ seed: seedWithCommits(300) });
      const api = await github({
        pulls: { 7: Array.from({ length: 300 }, (_, i) => ({ sha: sha(i), message: `c${i}` })) },
      });
      const result = await gate({ required: 'unit-tests' }, onPullRequest(api, sha(299), {}, 300), url);
      expect(result.code).toBe(0);
      const saved = resultOf(result);
      expect(saved.commits).toHaveLength(251);
      expect(saved.commits.at(-1)?.sha).toBe(sha(299));
      expect(warnings(result)).toEqual([
        expect.stringContaining(
          'Pull request #7 has 300 commits; GitHub lists only the first 250, so those and the head commit are checked.',
        ),
      ]);
    });

    // The job's pull-requests: read permission is named only where it can be the cause: on a runner
    // (GITHUB_ACTIONS=true) and for a refusal GitHub gave (403, 404).
    const refusing = (status: number) => ({
      failCommits: { status, message: 'Resource not accessible by integration' },
    });
    const permission =
      "Give the job the 'pull-requests: read' permission, or list the commits in the 'commits' input.";
    const listThem = "To check them all, list the commits in the 'commits' input.";
    const setToken = "Set 'github-token', or list the commits in the 'commits' input.";
    const local = { GITHUB_ACTIONS: 'false' };
    it.each([
      [
        'GitHub refusing (403), on a runner',
        refusing(403),
        {},
        GITHUB_TOKEN,
        '(HTTP 403: Resource not accessible by integration)',
        permission,
      ],
      [
        'GitHub refusing (404), on a runner',
        refusing(404),
        {},
        GITHUB_TOKEN,
        '(HTTP 404: Resource not accessible by integration)',
        permission,
      ],
      [
        'GitHub refusing (403), in a local run',
        refusing(403),
        local,
        GITHUB_TOKEN,
        '(HTTP 403: Resource not accessible by integration)',
        listThem,
      ],
      [
        'a token GitHub does not take (401), on a runner',
        { token: 'ghs_someOtherToken000000000000' },
        {},
        GITHUB_TOKEN,
        '(HTTP 401: Bad credentials)',
        listThem,
      ],
      ['GitHub unreachable, on a runner', 'closed', {}, GITHUB_TOKEN, '', listThem],
      ['no github-token, on a runner', {}, {}, '', '(no github-token)', setToken],
      ['no github-token, in a local run', {}, local, '', '(no github-token)', setToken],
    ] as const)(
      'when its commits cannot be read (%s), checks its head commit alone and says what to do',
      async (_title, fake: FakeGitHubOptions | 'closed', env, token, why, advice) => {
        const api = await github(fake === 'closed' ? {} : fake);
        if (fake === 'closed') await api.server.close();
        const result = await gate({}, onPullRequest(api, COMPLIANT, { env, githubToken: token }));
        expect(result.code).toBe(0);
        expect(result.outputs.outcome).toBe('compliant');
        const head = `: checking its head commit ${COMPLIANT} alone. ${advice}`;
        const [warning = '', ...more] = warnings(result);
        expect(more).toEqual([]);
        if (fake !== 'closed')
          expect(warning).toBe(`::warning::Could not read the commits of pull request #7 ${why}${head}`);
        else {
          expect(warning).toMatch(
            /^::warning::Could not read the commits of pull request #7 \(no answer: .*\): /,
          );
          expect(warning.endsWith(head)).toBe(true);
        }
        const saved = resultOf(result);
        expect(saved.from).toBe('pull-request-head');
        expect(saved.commits.map((c) => c.sha)).toEqual([COMPLIANT]);
        expect(result.summary).toContain('1 commit(s) of pull request #7 (its head only).');
        if (!token) expect(api.requests).toHaveLength(0);
        else if (fake !== 'closed')
          expect(
            api.requestsTo('/repos/acme/app/pulls/7/commits').map((r) => r.headers.authorization),
          ).toEqual([`token ${GITHUB_TOKEN}`]);
        clean(result);
      },
    );

    it('never shows the GitHub token, even when GitHub echoes it', async () => {
      const api = await github({ failCommits: { status: 500, message: `bad token ${GITHUB_TOKEN}` } });
      const result = await gate({}, onPullRequest(api, COMPLIANT));
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`::add-mask::${GITHUB_TOKEN}`);
      expect(result.stdout).toContain('(HTTP 500: bad token ***)');
      clean(result);
    });
  });

  it('never shows a token the service echoes in names, URLs and messages: logs, annotations, outputs, summary, comment', async () => {
    const echo = `x-${TEST_TOKEN}`;
    const attestation = {
      attestation_name: echo,
      attestation_type: 'generic',
      is_compliant: false,
      created_at: 1,
      flow_name: echo,
      html_url: `https://x.test/${TEST_TOKEN}`,
      git_commit_info: { sha1: COMPLIANT, message: `msg ${TEST_TOKEN}` },
    };
    const api = await github({ pulls: { 7: [{ sha: COMPLIANT, message: `pr ${TEST_TOKEN}` }] } });
    for (const inputs of [{}, { required: echo, 'attestation-name': echo }] as Record<string, string>[]) {
      const { result } = await against(
        { [COMPLIANT]: [attestation] },
        { 'comment-on-pr': 'true', ...inputs },
        onPullRequest(api, COMPLIANT),
      );
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(
        "the attestation 'x-***' is non-compliant (flow x-***: https://x.test/***)",
      );
      clean(result);
    }
    const body = api.comments.get(7)?.[0]?.body ?? '';
    expect(body).toContain('x-\\*\\*\\*');
    assertNoSecret(body, 'the comment');
  });

  describe('the sticky comment', () => {
    const pulls = (...commits: [string, string][]) => ({
      7: commits.map(([commit, message]) => ({ sha: commit, message })),
    });
    const comment = { 'comment-on-pr': 'true' };

    it('reaches GitHub and the service on loopback directly behind a proxy: no token crosses it', async () => {
      const api = await github({ pulls: pulls([COMPLIANT, 'Add payment retries']) });
      const proxy = await startProxy();
      try {
        const env = {
          HTTP_PROXY: proxy.url,
          HTTPS_PROXY: proxy.url,
          http_proxy: proxy.url,
          https_proxy: proxy.url,
        };
        const result = await gate(comment, onPullRequest(api, COMPLIANT, { env }));
        expect(result.code).toBe(0);
        expect(api.comments.get(7)).toHaveLength(1);
        expect(proxy.credentials).toEqual([]);
        expect(proxy.seen).toEqual([]);
      } finally {
        await proxy.close();
      }
    });

    it('is created, then updated in place, once per workflow and action', async () => {
      const human = { id: 5, body: 'Looks good to me', user: { login: 'ann', type: 'User' } };
      const api = await github({
        pulls: pulls([COMPLIANT, 'Add payment retries'], [NON_COMPLIANT, 'Bump openssl']),
        comments: { 7: [human] },
      });
      const first = await gate(
        { ...comment, 'attestation-type': 'junit' },
        onPullRequest(api, NON_COMPLIANT),
      );
      expect(first.code).toBe(0);
      const created = api.comments.get(7)?.[1];
      expect(created?.body).toMatch(
        /^<!-- compliance-actions:sticky build%2Fbuild%2Fcheck-attestations-for-commit -->\n### ✅ Compliance gate passed/,
      );
      expect(created?.body).toMatch(
        /<sub>Ran at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ in \[this workflow run\]\(https:\/\/github\.com\/acme\/app\/actions\/runs\/42\)\.<\/sub>\n$/,
      );

      const second = await gate(comment, onPullRequest(api, NON_COMPLIANT));
      expect(second.code).toBe(1);
      const after = api.comments.get(7) ?? [];
      expect(after).toHaveLength(2);
      expect(after[0]).toEqual(human);
      expect(after[1]?.id).toBe(created?.id);
      expect(after[1]?.body).toContain('### ❌ Compliance gate tripped');
      expect(api.requestsTo('/repos/acme/app/issues/comments/', 'PATCH')).toHaveLength(1);
      expect(api.requestsTo('/repos/acme/app/issues/7/comments', 'POST')).toHaveLength(1);

      // Another workflow keeps its own comment.
      const other = await gate(
        comment,
        onPullRequest(api, NON_COMPLIANT, { env: { GITHUB_WORKFLOW: 'nightly' } }),
      );
      expect(other.code).toBe(1);
      expect(api.comments.get(7)).toHaveLength(3);
      expect(api.comments.get(7)?.[2]?.body).toContain(
        '<!-- compliance-actions:sticky nightly%2Fbuild%2Fcheck-attestations-for-commit -->',
      );
      for (const r of [first, second, other]) clean(r);
    });

    it('states could not check when the service is down, so an earlier "passed" does not stand', async () => {
      const api = await github({ pulls: pulls([COMPLIANT, 'x']) });
      const passed = await gate(comment, onPullRequest(api, COMPLIANT));
      expect(passed.code).toBe(0);
      expect(api.comments.get(7)?.[0]?.body).toContain('### ✅ Compliance gate passed');

      const result = await gate(
        { ...comment, 'api-token': TEST_TOKEN },
        onPullRequest(api, COMPLIANT, { env: { COMPLIANCE_RETRIES: '0' } }),
        await closedOrigin(),
      );
      expect(result.outputs.outcome).toBe('error');
      const comments = api.comments.get(7) ?? [];
      expect(comments).toHaveLength(1);
      expect(comments[0]?.body).toContain('### ⚠️ Compliance gate could not check');
      expect(comments[0]?.body).toContain('could not reach the service');
      expect(comments[0]?.body).not.toContain('passed');
      clean(result);
    });

    it('when forbidden (a fork), warns and the step ends as the gate says', async () => {
      const api = await github({ pulls: pulls([COMPLIANT, 'Add payment retries']), forbidComments: true });
      const passing = await gate(comment, onPullRequest(api, COMPLIANT));
      expect(passing.code).toBe(0);
      expect(passing.outputs.outcome).toBe('compliant');
      expect(warnings(passing)).toEqual([
        "::warning::Could not comment on pull request #7 (HTTP 403: Resource not accessible by integration). The token cannot write to this pull request (a pull request from a fork, or a job without the 'pull-requests: write' permission); the result is in the job summary only.",
      ]);
      expect(passing.summary).toContain('### ✅ Compliance gate passed');
      expect(api.comments.get(7) ?? []).toHaveLength(0);

      const tripped = await gate({ ...comment, required: 'security-review' }, onPullRequest(api, COMPLIANT));
      expect(tripped.code).toBe(1);
      expect(tripped.outputs.outcome).toBe('non-compliant');
      expect(warnings(tripped)).toHaveLength(1);
      expect(errors(tripped)).toHaveLength(2);
      expect(api.comments.get(7) ?? []).toHaveLength(0);
      for (const r of [passing, tripped]) clean(r);
    });

    it('keeps one comment per gate of a job (a flow each), and never updates a comment someone else wrote', async () => {
      // The pull request's author pasted the marker, ready to edit the result later.
      const planted = {
        id: 5,
        body: '<!-- compliance-actions:sticky build%2Fbuild%2Fcheck-attestations-for-commit%2Fbackend -->\n✅ passed',
        user: { login: 'mallory', type: 'User' },
      };
      const api = await github({ pulls: pulls([NON_COMPLIANT, 'Bump openssl']), comments: { 7: [planted] } });
      const backend = await gate({ ...comment, flow: 'backend' }, onPullRequest(api, NON_COMPLIANT));
      expect(backend.code).toBe(1);
      expect(backend.stdout).toContain("Left alone 1 comment(s) with this step's marker written by mallory.");
      const frontend = await gate(
        { ...comment, flow: 'frontend', 'fail-on-non-compliant': 'false' },
        onPullRequest(api, NON_COMPLIANT),
      );
      expect(frontend.code).toBe(0);
      const all = api.comments.get(7) ?? [];
      expect(all).toHaveLength(3);
      expect(all[0]).toEqual(planted);
      expect(all[1]?.body).toMatch(
        /^<!-- compliance-actions:sticky build%2Fbuild%2Fcheck-attestations-for-commit%2Fbackend -->\n### ❌ Compliance gate tripped/,
      );
      expect(all[2]?.body).toContain('sticky build%2Fbuild%2Fcheck-attestations-for-commit%2Ffrontend -->');
      expect(api.requestsTo('/repos/acme/app/issues/comments/', 'PATCH')).toHaveLength(0);

      // A re-run updates its own comment only.
      await gate({ ...comment, flow: 'backend' }, onPullRequest(api, NON_COMPLIANT));
      expect(api.comments.get(7)).toHaveLength(3);
      expect(api.requestsTo('/repos/acme/app/issues/comments/', 'PATCH').map((r) => r.url.pathname)).toEqual([
        `/repos/acme/app/issues/comments/${all[1]?.id ?? 0}`,
      ]);
      for (const r of [backend, frontend]) clean(r);
    });

    it("with a personal token, updates the comment that token's user wrote", async () => {
      const api = await github({ pulls: pulls([COMPLIANT, 'x']), viewer: 'release-bot-user' });
      for (let i = 0; i < 2; i++) expect((await gate(comment, onPullRequest(api, COMPLIANT))).code).toBe(0);
      expect(api.comments.get(7)).toHaveLength(1);
      expect(api.comments.get(7)?.[0]?.user.login).toBe('release-bot-user');
      expect(api.requestsTo('/repos/acme/app/issues/comments/', 'PATCH')).toHaveLength(1);
    });
  });
});
