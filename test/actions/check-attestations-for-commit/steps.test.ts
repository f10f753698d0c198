/**
 * check-attestations-for-commit run as a step in-process against the sandbox, with a fake GitHub REST API on loopback
 * for the pull request's commits and the sticky comment: every branch of the gate. What the service's answer profile
 * changes (titles, links, who overrode and why) runs under both profiles. The bundle keeps its contract in
 * test/dist/module-load.test.ts.
 */
import { createHash } from 'node:crypto';
import { couldNotCheck, resultOf, seedAttesting } from '../../helpers/check-attestations.js';
import { errors, expectStep, warnings, type Expected } from '../../helpers/step-result.js';
import { describe, expect, it } from 'vitest';
import {
  GITHUB_TOKEN,
  onPullRequest,
  useFakeGitHub,
  type FakeGitHubOptions,
} from '../../helpers/github-api.js';
import { startProxy } from '../../helpers/proxy.js';
import { connection, useSandbox, useSharedSandbox } from '../../helpers/sandbox.js';
import { assertNoSecret, TEST_TOKEN } from '../../helpers/secrets.js';
import { closedOrigin, json, startServer } from '../../helpers/server.js';
import type { RunOptions } from '../../helpers/runner.js';
import { useInProcessAction } from '../../helpers/in-process.js';
import { byProfileOf, PROFILES } from '@compliance-actions/sandbox/profile';
import {
  COMPLIANT_COMMIT as COMPLIANT,
  NON_COMPLIANT_COMMIT as NON_COMPLIANT,
  UI_URL,
} from '@compliance-actions/sandbox/seeds/index';

const runAction = useInProcessAction();
const startSandbox = useSandbox();
const shared = useSharedSandbox();
const github = useFakeGitHub();

const ACTION = 'check-attestations-for-commit';
/** Known to no one. */
const UNKNOWN = 'e'.repeat(40);

const sha = (i: number) => createHash('sha1').update(`commit-${i}`).digest('hex');
const shas = (count: number) => Array.from({ length: count }, (_, i) => sha(i));
/** `count` annotations of any text (or matching `pattern`). */
const any = (count: number, pattern?: RegExp) =>
  Array.from({ length: count }, (): unknown =>
    pattern ? expect.stringMatching(pattern) : expect.any(String),
  );
/** A step of the gate against the service at `url` (the shared sandbox unless given), `inputs` over the connection. */
const gate = (inputs: Record<string, string>, options: RunOptions = {}, url = shared().url) =>
  runAction(ACTION, {
    ...options,
    inputs: { ...connection(url), ...inputs },
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

describe.each(PROFILES)('check-attestations-for-commit, the sandbox answering %s', (PROFILE) => {
  const byProfile = byProfileOf(PROFILE);
  it('on a push: GITHUB_SHA, every attestation found compliant', async () => {
    const result = await gate(
      {},
      { github: { GITHUB_SHA: COMPLIANT }, githubToken: GITHUB_TOKEN },
      (await startSandbox({ profile: PROFILE })).url,
    );
    const commitUrl = `https://github.com/acme/app/commit/${COMPLIANT}`;
    expectStep(result, {
      code: 0,
      outputs: { compliant: 'true', outcome: 'compliant' },
      lists: {
        missing: [],
        'non-compliant': [],
      },
      errors: [],
      stdout: ['::group::Read the attestations'],
      saved: { from: 'github-sha' },
      // The matrix: the commit (short SHA and title, linked) by every attestation found, each marked and linked.
      summary: [
        '### ✅ Compliance gate passed',
        '| Commit | Result | pull-request | snyk-scan | unit-tests |',
        byProfile(
          `| [3dfdaa9 Add payment retries](${commitUrl}) | ✅ compliant | [✅ compliant](${UI_URL}/demo/flows/backend/trails/${COMPLIANT}/attestations/`,
          `| [3dfdaa9](${commitUrl}) | ✅ compliant | [✅ compliant](${commitUrl}) | [✅ compliant](${commitUrl}) | [✅ compliant](${commitUrl}) |`,
        ),
      ],
    });
    // The minimal profile sends no commit info and no links (only shown): the commit has no title, and each
    // attestation links to the commit instead.
    expect(resultOf(result).commits).toEqual([
      { sha: COMPLIANT, ...byProfile({ title: 'Add payment retries' }, {}), url: commitUrl },
    ]);
  });

  it('fails on non-compliant and missing attestations, one annotation naming commit and attestation each', async () => {
    const commits = `${COMPLIANT}, ${NON_COMPLIANT.toUpperCase()}\n${UNKNOWN}`;
    const result = await gate(
      { commits, required: 'pull-request\nsnyk-scan\nsecurity-review' },
      {},
      (await startSandbox({ profile: PROFILE })).url,
    );
    expectStep(result, {
      code: 1,
      outputs: { compliant: 'false', outcome: 'non-compliant' },
      lists: {
        'non-compliant': [{ commit: NON_COMPLIANT, name: 'snyk-scan' }],
        missing: [
          { commit: COMPLIANT, name: 'security-review' },
          { commit: NON_COMPLIANT, name: 'security-review' },
          { commit: UNKNOWN, name: 'pull-request' },
          { commit: UNKNOWN, name: 'snyk-scan' },
          { commit: UNKNOWN, name: 'security-review' },
        ],
      },
      errors: [
        expect.stringMatching(
          new RegExp(
            `^::error title=Compliance gate::Commit ${NON_COMPLIANT}: the attestation 'snyk-scan' is non-compliant \\(flow backend${byProfile(
              `: ${UI_URL}/demo/flows/backend/trails/${NON_COMPLIANT}/attestations/`,
              '\\)\\.$',
            )}`,
          ),
        ),
        `::error title=Compliance gate::Commit ${COMPLIANT}: the required attestation 'security-review' is missing.`,
        ...any(4),
        '::error::Compliance gate tripped: 5 missing and 1 non-compliant attestations in 3 commits.',
      ],
      summary: [
        '### ❌ Compliance gate tripped',
        '| Commit | Result | pull-request | snyk-scan | security-review |',
      ],
    });
    expect(result.summary).toMatch(
      new RegExp(
        `\\| \\[888f905${byProfile(' Bump openssl', '')}\\]\\([^)]+\\) \\| ❌ non-compliant \\| \\[✅ compliant\\]\\([^)]+\\) \\| \\[❌ non-compliant\\]\\(${byProfile(UI_URL, 'https://github.com/acme/app/commit/')}[^)]+\\) \\| \\[⚠️ missing\\]`,
      ),
    );
  });
});

describe('check-attestations-for-commit', () => {
  it('passes with required names narrowed to a flow, annotating nothing; fail-on none: would-fail false', async () => {
    const inputs = {
      commits: COMPLIANT,
      flow: 'backend',
      required: 'pull-request\nunit-tests\n\nsnyk-scan\n',
      'fail-on': 'none',
    };
    const result = await gate(inputs, { github: { GITHUB_SHA: NON_COMPLIANT } });
    expectStep(result, {
      code: 0,
      outputs: {
        compliant: 'true',
        outcome: 'compliant',
        missing: '[]',
        'non-compliant': '[]',
        'would-fail': 'false',
      },
      errors: [],
      warnings: [],
      saved: { from: 'input', failOn: [], wouldFail: false },
      summary: [
        '| Commit | Result | pull-request | unit-tests | snyk-scan |',
        'Required: pull-request, unit-tests, snyk-scan. Narrowed to flow backend.',
      ],
    });
    // Nothing found wrong: nothing said of what fails the step or what it is set to warn of.
    expect(result.summary).not.toMatch(/fails? this step|set to warn/);
  });

  const setToWarn = '::warning::Compliance gate found problems (set to warn, not fail)';
  const hasNone = `title=Compliance gate::Commit ${UNKNOWN} has no attestation.`;
  const thirty = shas(30);
  it.each<Expected & { title: string; inputs: Record<string, string> }>([
    {
      title: 'without required: every commit needs an attestation, every one found compliant',
      inputs: { commits: `${NON_COMPLIANT}\n${UNKNOWN}` },
      code: 1,
      lists: {
        'non-compliant': [{ commit: NON_COMPLIANT, name: 'snyk-scan' }],
        missing: [{ commit: UNKNOWN, name: null }],
      },
      stdout: [`::error ${hasNone}`],
      summary: [`| [eeeeeee](https://github.com/acme/app/commit/${UNKNOWN}) | ⚠️ missing | — | — | — |`],
    },
    {
      title:
        'annotates at most ten times, the failure included, and counts the rest; every commit in the summary',
      inputs: { commits: thirty.join('\n'), required: 'sbom\nprovenance' },
      code: 1,
      lists: {
        missing: thirty.flatMap((commit) => [
          { commit, name: 'sbom' },
          { commit, name: 'provenance' },
        ]),
      },
      errors: [
        ...any(9, /Commit [a-f0-9]{40}: the required attestation '(sbom|provenance)' is missing/),
        '::error::Compliance gate tripped: 60 missing and 0 non-compliant attestations in 30 commits (51 more in the job summary).',
      ],
      summary: thirty.map((c) => `[${c.slice(0, 7)}]`),
    },
    {
      title: 'fail-on-non-compliant false: passes with at most ten warnings, the outputs tell',
      inputs: {
        commits: [NON_COMPLIANT, ...thirty.slice(0, 20)].join(','),
        'fail-on-non-compliant': 'false',
      },
      code: 0,
      errors: [],
      warnings: [
        expect.stringContaining(`Commit ${NON_COMPLIANT}: the attestation 'snyk-scan' is non-compliant`),
        ...any(8),
        expect.stringContaining(`${setToWarn}: 20 missing and 1`),
      ],
      summary: [
        '### ❌ Compliance gate found problems (set to warn, not fail)',
        'This step is set to warn, not fail, on 21 attestations (1 non-compliant, 20 missing).',
      ],
    },
    {
      title: 'fail-on missing: a missing attestation fails the step, a non-compliant one only warns',
      inputs: { commits: `${NON_COMPLIANT}\n${UNKNOWN}`, 'fail-on': 'Missing' },
      code: 1,
      errors: [
        `::error ${hasNone}`,
        '::error::Compliance gate tripped: 1 missing and 1 non-compliant attestations in 2 commits. The ' +
          'step is set to warn, not fail, on 1 of these (non-compliant).',
      ],
      warnings: [
        expect.stringContaining(
          `::warning title=Compliance gate::Commit ${NON_COMPLIANT}: the attestation 'snyk-scan' is non-compliant`,
        ),
      ],
      summary: [
        '### ❌ Compliance gate tripped\n',
        '1 attestation fails this step (missing); it is set to warn, not fail, on 1 more (non-compliant).',
      ],
      saved: { failOn: ['missing'], wouldFail: true },
    },
    {
      title: 'fail-on non-compliant: a missing attestation only warns, and the step passes',
      inputs: { commits: `${COMPLIANT},${UNKNOWN}`, 'fail-on': 'non-compliant' },
      code: 0,
      errors: [],
      warnings: [
        `::warning ${hasNone}`,
        `${setToWarn}: 1 missing and 0 non-compliant attestation in 2 commits.`,
      ],
      summary: [
        '### ❌ Compliance gate found problems (set to warn, not fail)',
        'This step is set to warn, not fail, on 1 attestation (missing).',
      ],
    },
    {
      title: 'fail-on none: nothing fails, everything warns; would-fail tells what a full gate would decide',
      inputs: { commits: `${NON_COMPLIANT},${UNKNOWN}`, 'fail-on': 'none' },
      code: 0,
      errors: [],
      warnings: [...any(2), `${setToWarn}: 1 missing and 1 non-compliant attestations in 2 commits.`],
      summary: ['This step is set to warn, not fail, on 2 attestations (1 non-compliant, 1 missing).'],
    },
  ])('a tripped gate, $title', async ({ title: _title, inputs, ...ended }) => {
    const outputs = { compliant: 'false', outcome: 'non-compliant', 'would-fail': 'true' };
    expectStep(await gate(inputs), { ...ended, outputs });
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
    const outputs = { outcome: 'non-compliant', 'would-fail': 'true' };
    const counts = '0 missing, 0 non-compliant and 1 unknown (no verdict) attestation in 1 commit.';
    expectStep(await run({}), {
      code: 1,
      outputs,
      lists: {
        // Listed as before fail-on, so a step that reads only this list fails closed; the result file tells them apart.
        'non-compliant': [{ commit: NON_COMPLIANT, name: 'snyk-scan' }],
      },
      saved: {
        nonCompliant: [],
        unknown: [{ commit: NON_COMPLIANT, name: 'snyk-scan' }],
        failOn: ['non-compliant', 'missing', 'unknown'],
      },
      errors: [
        expect.stringContaining(
          `::error title=Compliance gate::Commit ${NON_COMPLIANT}: the attestation 'snyk-scan' has no verdict (unknown)`,
        ),
        `::error::Compliance gate tripped: ${counts}`,
      ],
      summary: [
        '| ❔ unknown |',
        '0 missing, 0 non-compliant, 1 unknown (no verdict).',
        '❔ unknown (no verdict)',
      ],
    });
    const warned = await run({ 'fail-on': 'non-compliant\nmissing' });
    expectStep(warned, {
      code: 0,
      outputs,
      errors: [],
      summary: ['This step is set to warn, not fail, on 1 attestation (without a verdict).'],
    });
    expect(warnings(warned).at(-1)).toBe(`${setToWarn}: ${counts}`);
  });

  it('sends the narrowing filters to the service with the commits', async () => {
    const { result, asked } = await against(
      { [COMPLIANT]: [], [UNKNOWN]: [] },
      {
        commits: `${COMPLIANT}\n${UNKNOWN}`,
        flow: 'backend',
        'attestation-type': 'custom:code-review',
        'attestation-name': 'code-review',
        required: 'code-review',
      },
    );
    expectStep(result, {
      code: 1,
      summary: ['Narrowed to flow backend, type custom:code-review, name code-review.'],
    });
    expect(asked).toHaveLength(1);
    const url = asked[0]?.url;
    expect(url?.pathname).toBe('/api/v2/attestations/acme/list_attestations_for_criteria');
    expect(url?.searchParams.getAll('commit_list')).toEqual([COMPLIANT, UNKNOWN]);
    expect(Object.fromEntries(url?.searchParams ?? [])).toMatchObject({
      flow_name: 'backend',
      attestation_type: 'custom:code-review',
      attestation_name: 'code-review',
    });
  });

  it('a bad input fails before any request to the service or GitHub, and comments nothing', async () => {
    const api = await github({ pulls: { 7: [{ sha: COMPLIANT, message: 'x' }] } });
    const inputs = { 'comment-on-pr': 'true', required: 'unit-tests\nsnyk scan' };
    const { result, asked } = await against({}, inputs, onPullRequest(api, COMPLIANT));
    // Every refusal of the gate's inputs, word for word: read-render.test.ts.
    couldNotCheck(
      result,
      'input',
      'Invalid input \'required\': line 2 (\'snyk scan\') is not valid. Expected letters, digits, "-", "_"',
    );
    expect(result.summary).toContain('Fix the input named above; nothing was sent to the service.');
    expect(asked).toHaveLength(0);
    expect(api.requests).toHaveLength(0);
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

  describe('on a pull request', () => {
    it('checks every commit of a 250-commit pull request, read page by page, and comments under 65,536 characters', async () => {
      const { url } = await startSandbox({
        seed: seedAttesting(
          shas(250).filter((c) => c !== sha(199)),
          [sha(199)],
        ),
      });
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
      // Read page by page (test/github/pulls.test.ts counts the pages); every commit checked, the summary holds each.
      expectStep(result, {
        code: 1,
        saved: { from: 'pull-request', commits: commits.map((c) => ({ sha: c.sha })) },
        lists: {
          'non-compliant': [{ commit: sha(199), name: 'unit-tests' }],
        },
        outputs: { missing: '[]' },
        stdout: [`::group::Commits to check`, '250 commits of pull request #7:'],
      });
      expect(resultOf(result).commits[0]?.title).toMatch(/^Step 0 of the migration: a long subject .*…$/);
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
    });

    it('beyond the 250 commits GitHub lists, adds the head commit and warns', async () => {
      const { url } = await startSandbox({ seed: seedAttesting(shas(300)) });
      const api = await github({
        pulls: { 7: Array.from({ length: 300 }, (_, i) => ({ sha: sha(i), message: `c${i}` })) },
      });
      const result = await gate({ required: 'unit-tests' }, onPullRequest(api, sha(299), {}, 300), url);
      expectStep(result, {
        code: 0,
        warnings: [
          expect.stringContaining(
            'Pull request #7 has 300 commits; GitHub lists only the first 250, so those and the head commit are checked.',
          ),
        ],
      });
      expect(resultOf(result).commits).toHaveLength(251);
      expect(resultOf(result).commits.at(-1)?.sha).toBe(sha(299));
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
    const refused = (status: number) => `(HTTP ${status}: Resource not accessible by integration)`;
    const otherToken = { token: 'ghs_someOtherToken000000000000' };
    it.each([
      ['GitHub refusing (403), on a runner', refusing(403), {}, GITHUB_TOKEN, refused(403), permission],
      ['GitHub refusing (403), in a local run', refusing(403), local, GITHUB_TOKEN, refused(403), listThem],
      [
        'a token GitHub does not take (401)',
        otherToken,
        {},
        GITHUB_TOKEN,
        '(HTTP 401: Bad credentials)',
        listThem,
      ],
      ['GitHub unreachable, on a runner', 'closed', {}, GITHUB_TOKEN, '', listThem],
      ['no github-token, on a runner', {}, {}, '', '(no github-token)', setToken],
    ] as const)(
      'when its commits cannot be read (%s), checks its head commit alone and says what to do',
      async (_title, fake: FakeGitHubOptions | 'closed', env, token, why, advice) => {
        const api = await github(fake === 'closed' ? {} : fake);
        if (fake === 'closed') await api.server.close();
        const result = await gate({}, onPullRequest(api, COMPLIANT, { env, githubToken: token }));
        expectStep(result, {
          code: 0,
          outputs: { outcome: 'compliant' },
          saved: { from: 'pull-request-head', commits: [{ sha: COMPLIANT }] },
          summary: ['1 commit of pull request #7 (its head only).'],
        });
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
        if (!token) expect(api.requests).toHaveLength(0);
        else if (fake !== 'closed')
          expect(
            api.requestsTo('/repos/acme/app/pulls/7/commits').map((r) => r.headers.authorization),
          ).toEqual([`token ${GITHUB_TOKEN}`]);
      },
    );

    it('never shows the GitHub token, even when GitHub echoes it', async () => {
      const api = await github({ failCommits: { status: 500, message: `bad token ${GITHUB_TOKEN}` } });
      expectStep(await gate({}, onPullRequest(api, COMPLIANT)), {
        code: 0,
        stdout: [`::add-mask::${GITHUB_TOKEN}`, '(HTTP 500: bad token ***)'],
      });
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
      expectStep(result, {
        code: 1,
        stdout: ["the attestation 'x-***' is non-compliant (flow x-***: https://x.test/***)"],
      });
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

    it("behind a proxy, reaches GitHub and the service on loopback directly; with a personal token, updates the comment that token's user wrote", async () => {
      const api = await github({ pulls: pulls([COMPLIANT, 'x']), viewer: 'release-bot-user' });
      const proxy = await startProxy();
      try {
        const env = Object.fromEntries(
          ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy'].map((name) => [name, proxy.url]),
        );
        for (let i = 0; i < 2; i++)
          expectStep(await gate(comment, onPullRequest(api, COMPLIANT, { env })), { code: 0 });
        expect(proxy.credentials).toEqual([]);
        expect(proxy.seen).toEqual([]);
      } finally {
        await proxy.close();
      }
      expect(api.comments.get(7)).toHaveLength(1);
      expect(api.comments.get(7)?.[0]?.user.login).toBe('release-bot-user');
      expect(api.requestsTo('/repos/acme/app/issues/comments/', 'PATCH')).toHaveLength(1);
    });

    it('is created, then updated in place (a service down states it could not check), once per workflow', async () => {
      const human = { id: 5, body: 'Looks good to me', user: { login: 'ann', type: 'User' } };
      const api = await github({
        pulls: pulls([COMPLIANT, 'Add payment retries'], [NON_COMPLIANT, 'Bump openssl']),
        comments: { 7: [human] },
      });
      expectStep(await gate({ ...comment, 'attestation-type': 'junit' }, onPullRequest(api, NON_COMPLIANT)), {
        code: 0,
      });
      const created = api.comments.get(7)?.[1];
      expect(created?.body).toMatch(
        /^<!-- compliance-actions:sticky build%2Fbuild%2Fcheck-attestations-for-commit -->\n### ✅ Compliance gate passed/,
      );
      expect(created?.body).toMatch(
        /<sub>Ran at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ in \[this workflow run\]\(https:\/\/github\.com\/acme\/app\/actions\/runs\/42\)\.<\/sub>\n$/,
      );

      // The service down: the comment says the gate could not check, so the earlier "passed" does not stand.
      const noRetry = onPullRequest(api, NON_COMPLIANT, { env: { COMPLIANCE_RETRIES: '0' } });
      const down = await gate({ ...comment, 'api-token': TEST_TOKEN }, noRetry, await closedOrigin());
      expectStep(down, { code: 1, outputs: { outcome: 'error' } });
      const stated = api.comments.get(7)?.[1]?.body;
      expect(stated).toContain('### ⚠️ Compliance gate could not check');
      expect(stated).toContain('could not reach the service');
      expect(stated).not.toContain('passed');

      expectStep(await gate(comment, onPullRequest(api, NON_COMPLIANT)), { code: 1 });
      const after = api.comments.get(7) ?? [];
      expect(after).toHaveLength(2);
      expect(after[0]).toEqual(human);
      expect(after[1]?.id).toBe(created?.id);
      expect(after[1]?.body).toContain('### ❌ Compliance gate tripped');
      expect(api.requestsTo('/repos/acme/app/issues/comments/', 'PATCH')).toHaveLength(2);
      expect(api.requestsTo('/repos/acme/app/issues/7/comments', 'POST')).toHaveLength(1);

      // Another workflow keeps its own comment.
      const nightly = { env: { GITHUB_WORKFLOW: 'nightly' } };
      expectStep(await gate(comment, onPullRequest(api, NON_COMPLIANT, nightly)), { code: 1 });
      expect(api.comments.get(7)).toHaveLength(3);
      expect(api.comments.get(7)?.[2]?.body).toContain(
        '<!-- compliance-actions:sticky nightly%2Fbuild%2Fcheck-attestations-for-commit -->',
      );
    });

    it('when forbidden (a fork), warns and the step ends as the gate says', async () => {
      const api = await github({ pulls: pulls([COMPLIANT, 'Add payment retries']), forbidComments: true });
      const refused =
        "::warning::Could not comment on pull request #7 (HTTP 403: Resource not accessible by integration). The token cannot write to this pull request (a pull request from a fork, or a job without the 'pull-requests: write' permission); the result is in the job summary only.";
      expectStep(await gate(comment, onPullRequest(api, COMPLIANT)), {
        code: 0,
        outputs: { outcome: 'compliant' },
        warnings: [refused],
        summary: ['### ✅ Compliance gate passed'],
      });
      const tripped = await gate({ ...comment, required: 'security-review' }, onPullRequest(api, COMPLIANT));
      expectStep(tripped, { code: 1, outputs: { outcome: 'non-compliant' }, warnings: [refused] });
      expect(errors(tripped)).toHaveLength(2);
      expect(api.comments.get(7) ?? []).toHaveLength(0);
      // Its commits refused too: the comment's warning first, then the step's (the finisher's order).
      const failCommits = { status: 403, message: 'Resource not accessible by integration' };
      const both = await github({ failCommits, forbidComments: true });
      expect(warnings(await gate(comment, onPullRequest(both, COMPLIANT)))).toEqual([
        refused,
        '::warning::Could not read the commits of pull request #7 (HTTP 403: Resource not accessible by integration): ' +
          `checking its head commit ${COMPLIANT} alone. Give the job the 'pull-requests: read' permission, or list ` +
          "the commits in the 'commits' input.",
      ]);
    });

    it('keeps one comment per gate of a job (a flow each), and never updates a comment someone else wrote', async () => {
      // The pull request's author pasted the marker, ready to edit the result later.
      const planted = {
        id: 5,
        body: '<!-- compliance-actions:sticky build%2Fbuild%2Fcheck-attestations-for-commit%2Fbackend -->\n✅ passed',
        user: { login: 'mallory', type: 'User' },
      };
      const api = await github({ pulls: pulls([NON_COMPLIANT, 'Bump openssl']), comments: { 7: [planted] } });
      expectStep(await gate({ ...comment, flow: 'backend' }, onPullRequest(api, NON_COMPLIANT)), {
        code: 1,
        stdout: ["Left alone 1 comment with this step's marker written by mallory."],
      });
      const frontend = { ...comment, flow: 'frontend', 'fail-on-non-compliant': 'false' };
      expectStep(await gate(frontend, onPullRequest(api, NON_COMPLIANT)), { code: 0 });
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
    });
  });
});
