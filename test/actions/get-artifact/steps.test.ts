/**
 * get-artifact run as a step in-process: every branch of the lookup and its gate against the sandbox under both
 * answer profiles, and against a loopback server for the answers the sandbox would not give (those do not depend on
 * the profile, so they run once). A bad input and a service that cannot be reached: ../listing.test.ts. The bundle
 * keeps its contract in test/dist/module-load.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { answerOf, SVC_FP as FP } from '../../helpers/get-artifact.js';
import { expectStep, type Expected } from '../../helpers/step-result.js';
// The demo seed's backend 1.5.0 is NON-COMPLIANT (its snyk-scan failed); 1.4.0's trail is named by its commit.
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../helpers/git.js';
import { connection, type Running, useSandbox } from '../../helpers/sandbox.js';
import { loopback } from '../../helpers/inputs.js';
import { json, useSharedServer, type RecordedRequest } from '../../helpers/server.js';
import { useInProcessAction } from '../../helpers/in-process.js';
import { byProfileOf, PROFILES } from '@compliance-actions/sandbox/profile';
import {
  BACKEND_140 as COMPLIANT_FP,
  BACKEND_150 as NON_COMPLIANT_FP,
  COMPLIANT_COMMIT as TRAIL,
  UI_URL,
} from '@compliance-actions/sandbox/seeds/index';

const runAction = useInProcessAction();
const startSandbox = useSandbox();
const { tempDir } = useTempDirs();

/** sha256 of `hello world!` (the reference's file vector). */
const FILE_FP = '7509e5bda0c762d2bac7f90d758b5b2263fa01ccbc542ab5e3df163be08e6ca9';
const UNKNOWN_FP = 'f'.repeat(64);
/** An attestation of the demo seed's COMPLIANT artifact, in its trail (named by its commit). */
const ATTESTATION = 'd873ffb9-b5ba-6373-0af8-32f9592c';
const UI = `${UI_URL}/demo`;
/** The lookup the loopback server answers. */
const PATH = `/api/v2/artifacts/acme/backend/fingerprint/${FP}`;
const ENDPOINT = 'GET /artifacts/{org}/{flow_name}/fingerprint/{fingerprint}';
/** What the summary and the gate say when a trail was asked and the answer names none. */
const notConfirmed = (trail: string) =>
  `Not confirmed: the answer names no trail, so it cannot be shown to be about trail '${trail}' as asked.`;
const gate = { 'assert-compliant': 'true' };
const fromFile = { artifact: 'app.bin', 'artifact-type': 'file' };
const pass = { status: 'COMPLETE', is_compliant: true };
/** A run: what it is, its inputs, and what it must show. */
type Row<More> = Expected & More & { label: string; inputs: Record<string, string> };
/** What the loopback server answers: a body, or one made of the request. */
type Answer = object | ((req: RecordedRequest) => object);

/** A new trail release-2 of the backend flow holding app.bin: its template's attestations, none reported. */
const reportFile = (sandbox: Running) =>
  sandbox.client().reportArtifact('backend', {
    fingerprint: FILE_FP,
    filename: 'app.bin',
    build_url: 'https://ci.example.test/1',
    commit_url: 'https://git.example.test/c',
    trail_name: 'release-2',
    template_reference_name: 'backend-image',
  });
/** The next lookup answered with the COMPLIANT artifact, changed by `change`. */
const answerNext =
  (change: (answer: Record<string, unknown>) => unknown = (answer) => answer) =>
  async (sandbox: Running) => {
    const compliant = (await sandbox.client().getArtifact('backend', COMPLIANT_FP)) as Record<
      string,
      unknown
    >;
    expect(compliant.state).toBe('COMPLIANT');
    sandbox.sandbox.faults.respondNext(1, { status: 200, body: change(compliant), path: /\/fingerprint\// });
  };
const stateless = answerNext(({ state: _state, ...rest }) => rest);

describe.each(PROFILES)('get-artifact, the sandbox answering %s', (PROFILE) => {
  const byProfile = byProfileOf(PROFILE);
  // The failure, then the page: the minimal profile sends no html_url (only shown), so there is none to link to.
  const tripped =
    `Artifact 'ghcr.io/acme/backend:1.5.0' (${NON_COMPLIANT_FP}) in flow 'backend' is NON-COMPLIANT: ` +
    `non-compliant: snyk-scan.${byProfile(` See ${UI}/flows/backend/artifacts/${NON_COMPLIANT_FP}`, '')}`;
  const incomplete = `Artifact 'app.bin' (${FILE_FP}) in flow 'backend' is INCOMPLETE: missing: pull-request, unit-tests, snyk-scan.`;
  const written = `sha256:${COMPLIANT_FP.toUpperCase()}`;

  const rows: Row<{ setup?: (sandbox: Running) => Promise<unknown> }>[] = [
    {
      // The minimal profile sends no html_url and no commit info (only shown): no link, and no Commit row.
      label: 'reads a compliant artifact: state, link, attestations, result file',
      inputs: { fingerprint: COMPLIANT_FP },
      code: 0,
      outputs: {
        outcome: 'compliant',
        found: 'true',
        state: 'COMPLIANT',
        compliant: 'true',
        'html-url': byProfile(`${UI}/flows/backend/artifacts/${COMPLIANT_FP}`, ''),
      },
      saved: {
        outcome: 'compliant',
        found: true,
        state: 'COMPLIANT',
        compliant: true,
        problems: [],
        artifact: { filename: 'ghcr.io/acme/backend:1.4.0' },
        attestations: [
          { name: 'pull-request', status: 'COMPLETE', compliant: true },
          { name: 'unit-tests', status: 'COMPLETE', compliant: true },
          { name: 'snyk-scan', status: 'COMPLETE', compliant: true },
        ],
      },
      stdout: ['::group::Read the artifact from flow backend'],
      summary: [
        '### ✅ Artifact ghcr.io/acme/backend:1.4.0: COMPLIANT',
        `| Fingerprint | <code>${COMPLIANT_FP}</code> |`,
        '| snyk-scan | COMPLETE | ✅ yes |',
        ...byProfile(
          [
            `[Open in the compliance service](${UI}/flows/backend/artifacts/${COMPLIANT_FP})`,
            `| Commit | [3dfdaa9 Add payment retries](https://github.com/acme/shop/commit/${TRAIL}) |`,
          ],
          [],
        ),
      ],
      // No gate: nothing said of one (a gate that passes says so: the loopback rows).
      notSummary: [
        'assert-compliant',
        'The artifact is compliant: its state does not fail the step.',
        ...byProfile([], ['Open in the compliance service', '| Commit |']),
      ],
    },
    {
      label:
        'finds the artifact by its fingerprint as docker inspect prints it, in upper case, saying it was normalised',
      inputs: { fingerprint: written },
      code: 0,
      outputs: { outcome: 'compliant', found: 'true', state: 'COMPLIANT', 'would-fail': 'false' },
      notStdout: ['::warning'],
      stdout: [`Input 'fingerprint': '${written}' normalised to the digest ${COMPLIANT_FP}.\n`],
      summary: [`| Fingerprint | <code>${COMPLIANT_FP}</code> |`],
    },
    {
      // The outputs and the result are there for a later `if: failure()` step.
      label: 'assert-compliant trips on a NON-COMPLIANT artifact, naming the non-compliant attestation',
      inputs: { fingerprint: NON_COMPLIANT_FP, ...gate },
      code: 1,
      stdout: [`::error::assert-compliant: ${tripped}\n`],
      outputs: { outcome: 'non-compliant', found: 'true', state: 'NON-COMPLIANT', compliant: 'false' },
      saved: {
        problems: [{ name: 'snyk-scan', problem: 'non-compliant' }],
        failure: expect.stringContaining('non-compliant: snyk-scan') as unknown,
      },
      summary: [
        '### ❌ Artifact ghcr.io/acme/backend:1.5.0: NON-COMPLIANT',
        '| snyk-scan | COMPLETE | ❌ no |',
        'This fails the step: Artifact',
      ],
    },
    {
      label: 'without assert-compliant, a NON-COMPLIANT artifact is only reported',
      inputs: { fingerprint: NON_COMPLIANT_FP },
      code: 0,
      outputs: { state: 'NON-COMPLIANT', compliant: 'false' },
    },
    {
      // A trail is asked: the minimal profile's answer names none, so the gate could not check (the state is shown).
      label:
        'assert-compliant trips on an INCOMPLETE artifact fingerprinted from a file, naming the missing attestations',
      inputs: { ...fromFile, trail: 'release-2', ...gate },
      code: 1,
      stdout: [
        '::group::Fingerprint the artifact',
        byProfile(
          `::error::assert-compliant: ${incomplete}`,
          `::error::assert-compliant: could not check. ${notConfirmed('release-2')}`,
        ),
      ],
      outputs: { outcome: byProfile('non-compliant', 'error'), state: 'INCOMPLETE', compliant: 'false' },
      summary: [
        byProfile('### ⚠️ Artifact app.bin: INCOMPLETE', '### ❔ Artifact app.bin: INCOMPLETE'),
        '| unit-tests | MISSING | — |',
      ],
      setup: reportFile,
    },
    {
      // Asked about the NON-COMPLIANT artifact, answered with the COMPLIANT one.
      label: 'cannot check when a COMPLIANT answer is about another fingerprint: never passes the gate',
      inputs: { fingerprint: NON_COMPLIANT_FP, ...gate },
      code: 1,
      stdout: [
        `::error::unexpected response from ${ENDPOINT}: fingerprint is "${COMPLIANT_FP}", not ` +
          `"${NON_COMPLIANT_FP}" as asked: the answer is about something else`,
      ],
      notStdout: ['assert-compliant: the artifact is COMPLIANT'],
      outputs: { outcome: 'error', compliant: 'false', found: '', state: '' },
      saved: {
        outcome: 'error',
        compliant: false,
        fingerprint: NON_COMPLIANT_FP,
        error: { kind: 'unexpected-response' },
      },
      summary: ['### ⚠️ Could not check the artifact in flow backend'],
      setup: answerNext(),
    },
    {
      label: 'finds the artifact of a given trail and attestation id',
      inputs: { fingerprint: COMPLIANT_FP, trail: TRAIL, 'attestation-id': ATTESTATION },
      code: 0,
      outputs: { outcome: 'compliant', state: 'COMPLIANT' },
      // The minimal profile sends no trail_name: found, but not confirmed to be the trail's.
      ...byProfile({ notSummary: [notConfirmed(TRAIL)] }, { summary: [notConfirmed(TRAIL)] }),
    },
    {
      // Outputs first: a later step after continue-on-error reads "not found", not "could not check". A gate, or
      // fail-on missing, fails on it by the same path as the default.
      label:
        'an unknown fingerprint is not found (404): fails by default, saying what was looked for and what the service said',
      inputs: { fingerprint: UNKNOWN_FP },
      code: 1,
      errors: [
        expect.stringContaining(
          `::error::No artifact with fingerprint ${UNKNOWN_FP} in flow 'backend' of org 'demo' (the service ` +
            `answered HTTP 404: Artifact with fingerprint '${UNKNOWN_FP}' does not exist in flow 'backend').`,
        ),
      ],
      outputs: {
        outcome: 'not-found',
        found: 'false',
        state: '',
        compliant: 'false',
        'html-url': '',
        'would-fail': 'true',
      },
      saved: { outcome: 'not-found', found: false, compliant: false },
      summary: ['### ❌ Artifact not found'],
    },
    {
      label: 'an unknown flow could not be checked: outcome error, not not-found',
      inputs: { flow: 'nope', fingerprint: COMPLIANT_FP },
      code: 1,
      stdout: [
        `::error::${ENDPOINT} failed with HTTP 404 Not Found: Flow named 'nope' does not exist for organization 'demo'`,
      ],
      outputs: { outcome: 'error', found: '', compliant: 'false' },
      saved: { outcome: 'error', error: { kind: 'api' } },
    },
    {
      label: 'an attestation id the artifact does not have is not found',
      inputs: { fingerprint: COMPLIANT_FP, 'attestation-id': 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaa' },
      code: 1,
      stdout: [
        `in flow 'backend', attestation id aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaa of org 'demo'`,
        "Attestation 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaa' does not exist for this artifact",
      ],
      outputs: { outcome: 'not-found', found: 'false' },
    },
    // Graded failure (fail-on): a grade listed fails the step, one not listed warns, by one path whatever the grade
    // (each state's grade: decide.test.ts): non-compliant's pair, a not-found's warning, and unknown's failure.
    {
      label: 'fail-on non-compliant fails the step on a NON-COMPLIANT artifact',
      inputs: { fingerprint: NON_COMPLIANT_FP, 'fail-on': 'non-compliant' },
      code: 1,
      errors: [`::error::fail-on: ${tripped}`],
      outputs: { outcome: 'non-compliant', compliant: 'false', 'would-fail': 'true' },
      summary: [`This fails the step: ${tripped}`],
      notSummary: ['set to warn'],
    },
    {
      label: 'fail-on without non-compliant only warns of it',
      inputs: { fingerprint: NON_COMPLIANT_FP, 'fail-on': 'incomplete\nmissing' },
      code: 0,
      errors: [],
      warnings: [`::warning::fail-on: ${tripped}`],
      outputs: { outcome: 'non-compliant', compliant: 'false', 'would-fail': 'true' },
      summary: [`The step is set to warn, not fail, on this: ${tripped}`],
      notSummary: ['fails the step'],
      saved: {
        grade: 'non-compliant',
        failOn: ['missing', 'incomplete'],
        wouldFail: true,
        warning: `fail-on: ${tripped}`,
      },
    },
    {
      label: 'a not-found only warns with fail-on none',
      inputs: { fingerprint: UNKNOWN_FP, 'fail-on': 'none' },
      code: 0,
      errors: [],
      warnings: [expect.stringContaining(`::warning::No artifact with fingerprint ${UNKNOWN_FP}`)],
      outputs: { outcome: 'not-found', found: 'false', compliant: 'false', 'would-fail': 'true' },
      summary: ['### ❌ Artifact not found', 'This step is set to warn, not fail, on 1 artifact (missing).'],
    },
    {
      label: 'fail-on unknown fails the step on an answer without a state',
      inputs: { fingerprint: COMPLIANT_FP, 'fail-on': 'unknown' },
      code: 1,
      errors: [
        expect.stringContaining(
          `::error::fail-on: Artifact 'ghcr.io/acme/backend:1.4.0' (${COMPLIANT_FP}) in flow 'backend' has no compliance state`,
        ),
      ],
      outputs: { outcome: 'non-compliant', state: '', 'would-fail': 'true' },
      saved: { grade: 'unknown', failOn: ['unknown'] },
      setup: stateless,
    },
    {
      label: 'would-fail false on a COMPLIANT artifact, whatever fail-on says',
      inputs: { fingerprint: COMPLIANT_FP, 'fail-on': 'none' },
      code: 0,
      outputs: { outcome: 'compliant', 'would-fail': 'false' },
      notStdout: ['::warning'],
    },
  ];

  it.each(rows)('$label', async ({ inputs, setup, ...expected }) => {
    const sandbox = await startSandbox({ profile: PROFILE });
    await setup?.(sandbox);
    const cwd = tempDir('get-artifact-');
    writeFileSync(join(cwd, 'app.bin'), 'hello world!');
    const flowInputs = { ...connection(sandbox.url), flow: 'backend' };
    expectStep(await runAction('get-artifact', { cwd, inputs: { ...flowInputs, ...inputs } }), expected);
  });
});

describe('get-artifact, a loopback server answering what the sandbox would not', () => {
  let answer: Answer = {};
  const server = useSharedServer((req, res) => {
    json(res, 200, typeof answer === 'function' ? answer(req) : answer);
  });
  const token = (req: RecordedRequest) => req.headers.authorization ?? '';
  const notSaid = `assert-compliant: could not check. ${notConfirmed('release-1.2')}`;
  /** A COMPLIANT answer that names no trail. */
  const noTrail = answerOf({ state: 'COMPLIANT', evidence: { junit: pass } });
  /** Each row: also the answer, and the requests the run sent (path and query). */
  const rows: Row<{ answer?: Answer; sent?: string[] }>[] = [
    {
      label:
        'fails closed: a COMPLIANT state with a verdict missing or an attestation missing is non-compliant',
      inputs: gate,
      // Times as ISO 8601 text, which the service may send for Unix seconds.
      answer: answerOf({
        created_at: '2026-11-01T10:00:00Z',
        last_modified_at: '2026-11-01T10:00:00Z',
        state: 'COMPLIANT',
        evidence: { sonar: { status: 'COMPLETE', is_compliant: null }, jira: { status: 'MISSING' } },
      }),
      code: 1,
      stdout: [
        `::error::assert-compliant: Artifact 'svc.tar' (${FP}) in flow 'backend' is COMPLIANT by its` +
          ' state, not by its evidence: non-compliant: sonar; missing: jira.',
      ],
      outputs: { outcome: 'non-compliant', state: 'COMPLIANT', compliant: 'false' },
      summary: ['### ❌ Artifact svc.tar: COMPLIANT by its state, not by its evidence'],
      saved: {
        outcome: 'non-compliant',
        problems: [
          { name: 'sonar', problem: 'non-compliant' },
          { name: 'jira', problem: 'missing' },
        ],
      },
    },
    {
      label: 'sends trail and attestation-id as the query, and escapes what the service sends',
      inputs: { trail: 'release-1.2', 'attestation-id': ATTESTATION },
      answer: answerOf({
        filename: '<img src=x onerror=alert(1)>',
        evidence: { '<b>review</b>': { status: 'COMPLETE', is_compliant: true } },
        html_url: 'javascript:alert(1)',
        build_url: 'https://ci.example.test/run/1',
        state: 'COMPLIANT',
        state_info: '**all good** | <script>',
      }),
      code: 0,
      sent: [`${PATH}?trail=release-1.2&attestation_id=${ATTESTATION}`],
      summary: [
        'Artifact &lt;img src=x onerror=alert(1)&gt;: COMPLIANT',
        '| &lt;b&gt;review&lt;/b&gt; | COMPLETE | ✅ yes |',
        '| Build | [build](https://ci.example.test/run/1) |',
        '| Reported | 2026-11-02T09:03:20Z |',
      ],
      notSummary: ['<img', '<script', '<b>', 'javascript:alert(1))', 'Open in the compliance service'],
    },
    {
      label:
        'a trail asked and an answer that names none, without a gate: shown, and the summary says not confirmed',
      inputs: { trail: 'release-1.2' },
      answer: noTrail,
      code: 0,
      notStdout: ['::error'],
      sent: [`${PATH}?trail=release-1.2`],
      outputs: { outcome: 'compliant', found: 'true', state: 'COMPLIANT' },
      summary: ['### ✅ Artifact svc.tar: COMPLIANT', notConfirmed('release-1.2')],
      saved: { outcome: 'compliant', notConfirmed: notConfirmed('release-1.2') },
    },
    {
      // The artifact is found and its state shown, but the gate did not pass: compliant is false.
      label:
        'a trail asked and an answer that names none, with assert-compliant: could not check, never a pass',
      inputs: { trail: 'release-1.2', ...gate },
      answer: noTrail,
      code: 1,
      stdout: [`::error::${notSaid}`],
      outputs: { outcome: 'error', found: 'true', state: 'COMPLIANT', compliant: 'false' },
      saved: {
        outcome: 'error',
        compliant: false,
        failure: notSaid,
        error: { kind: 'unexpected-response', message: notSaid },
      },
      summary: ['### ❔ Artifact svc.tar: COMPLIANT', notConfirmed('release-1.2'), notSaid],
      notSummary: ['it does not fail the step'],
    },
    {
      // Not shown to be the trail's is unknown: a gate that leaves unknown out warns of it, and passes.
      label: 'a trail asked and an answer that names none, with fail-on leaving unknown out: a warning',
      inputs: { trail: 'release-1.2', 'fail-on': 'non-compliant' },
      answer: noTrail,
      code: 0,
      notStdout: ['::error'],
      warnings: [`::warning::fail-on: ${notConfirmed('release-1.2')}`],
      outputs: { outcome: 'compliant', compliant: 'false', 'would-fail': 'true' },
      summary: [`The step is set to warn, not fail, on this: ${notConfirmed('release-1.2')}`],
      notSummary: ['fails the step'],
    },
    {
      // The gate on a trail the answer names, and on one it does not: the rows beside this one.
      label: 'no trail asked: nothing to confirm, the gate passes',
      inputs: gate,
      answer: noTrail,
      code: 0,
      outputs: { outcome: 'compliant', compliant: 'true', 'would-fail': 'false' },
      notStdout: ['::error::', '::warning'],
      summary: ['The artifact is compliant: its state does not fail the step.'],
    },
    {
      label: 'an answer that names the trail asked confirms it',
      inputs: { trail: 'release-1.2', ...gate },
      answer: answerOf({ state: 'COMPLIANT', evidence: { junit: pass }, trail_name: 'release-1.2' }),
      code: 0,
      outputs: { outcome: 'compliant', compliant: 'true' },
      notSummary: ['Not confirmed'],
    },
    {
      label: 'shows an answer whose display-only fields are null, and sets every output',
      inputs: gate,
      answer: answerOf({
        state: 'COMPLIANT',
        html_url: null,
        git_commit: 'e'.repeat(40),
        git_commit_info: { sha1: 'e'.repeat(40), message: null, url: null, branch: null, timestamp: null },
        repo_info: { name: null, url: null, id: null },
        commit_url: null,
        trail_name: null,
        state_info: null,
      }),
      code: 0,
      outputs: { outcome: 'compliant', state: 'COMPLIANT', 'html-url': '' },
      summary: ['| Commit | eeeeeee |'],
    },
    {
      label: 'never shows the token when a 200 answer echoes it in the names and state_info the gate quotes',
      inputs: gate,
      answer: (req) =>
        answerOf({
          filename: `image of ${token(req)}`,
          evidence: { [`scan ${token(req)}`]: { status: 'COMPLETE', is_compliant: false } },
          html_url: `https://ui.example.test/${token(req)}`,
          state: 'NON-COMPLIANT',
          state_info: `failed for ${token(req)}`,
        }),
      code: 1,
      stdout: ["::error::assert-compliant: Artifact 'image of Bearer ***'", 'non-compliant: scan Bearer ***'],
    },
  ];

  it.each(rows)('$label', async ({ inputs, answer: body = {}, sent, ...expected }) => {
    answer = body;
    const before = server().requests.length;
    const connection = loopback(server().origin);
    expectStep(
      await runAction('get-artifact', {
        inputs: { ...connection, flow: 'backend', fingerprint: FP, ...inputs },
      }),
      expected,
    );
    const requests = server().requests.slice(before);
    if (sent) expect(requests.map(({ url }) => `${url.pathname}${url.search}`)).toEqual(sent);
  });
});
