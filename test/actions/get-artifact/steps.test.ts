/**
 * get-artifact run as a step in-process against the sandbox (or a loopback server that answers what the sandbox
 * would not): every branch of the lookup and its gate, under both answer profiles. The bundle keeps its contract in
 * test/dist/get-artifact.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectRefusedBeforeAnyRequest } from '../../helpers/step-result.js';
import { COMPLIANT_FP, type Saved } from '../../helpers/get-artifact.js';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../helpers/git.js';
import { outputFile } from '../../helpers/runner.js';
import { DEMO_TOKEN, useSandbox } from '../../helpers/sandbox.js';
import { assertNoSecret, TEST_TOKEN, withoutMaskCommands } from '../../helpers/secrets.js';
import { json, startServer } from '../../helpers/server.js';

import { useInProcessAction } from '../../helpers/in-process.js';
import { byProfileOf, PROFILES } from '@compliance-actions/sandbox/profile';
import type { SandboxOptions } from '@compliance-actions/sandbox/server';

const runAction = useInProcessAction();
const startSandbox = useSandbox();
const connection = (url: string) => ({ 'api-url': url, 'api-token': DEMO_TOKEN, org: 'demo' });
const noLeak = (everything: string) => assertNoSecret(withoutMaskCommands(everything), 'the step');
/** get-artifact as a gate on an artifact of the backend flow. */
const assertCompliant = (url: string, fingerprint: string) =>
  runAction('get-artifact', {
    inputs: { ...connection(url), flow: 'backend', fingerprint, 'assert-compliant': 'true' },
  });

/** Demo seed: backend 1.5.0, NON-COMPLIANT (its snyk-scan failed). */
const NON_COMPLIANT_FP = '33907d725bd992d1651784dee23dff369334af6903feb0d75e00eb37a820491f';
/** sha256 of `hello world!` (the reference's file vector). */
const FILE_FP = '7509e5bda0c762d2bac7f90d758b5b2263fa01ccbc542ab5e3df163be08e6ca9';
const UI = 'https://sandbox.compliance.invalid/demo';
/** What the summary and the gate say when a trail was asked and the answer names none. */
const notConfirmed = (trail: string) =>
  `Not confirmed: the answer names no trail, so it cannot be shown to be about trail '${trail}' as asked.`;

const { tempDir } = useTempDirs();
/** A workspace holding app.bin (`hello world!`). */
function workspace(): string {
  const dir = tempDir('get-artifact-');
  writeFileSync(join(dir, 'app.bin'), 'hello world!');
  return dir;
}

describe.each(PROFILES)('get-artifact, the sandbox answering %s', (PROFILE) => {
  const byProfile = byProfileOf(PROFILE);
  /** The artifact's page: the minimal profile sends no html_url (only shown), so there is none to link or pass on. */
  const page = (fingerprint: string) => byProfile(`${UI}/flows/backend/artifacts/${fingerprint}`, '');
  const start = (options: Partial<SandboxOptions> = {}) => startSandbox({ profile: PROFILE, ...options });

  it('finds the artifact by its fingerprint as docker inspect prints it, in upper case, saying it was normalised', async () => {
    const sandbox = await start();
    const written = `sha256:${COMPLIANT_FP.toUpperCase()}`;
    const result = await runAction('get-artifact', {
      inputs: { ...connection(sandbox.url), flow: 'backend', fingerprint: written },
    });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ outcome: 'compliant', found: 'true', state: 'COMPLIANT' });
    expect(result.stdout).toContain(
      `Input 'fingerprint': '${written}' normalised to the digest ${COMPLIANT_FP}.\n`,
    );
    expect(result.summary).toContain(`| Fingerprint | <code>${COMPLIANT_FP}</code> |`);
  });

  describe('assert-compliant', () => {
    it('passes for a COMPLIANT artifact', async () => {
      const sandbox = await start();
      const result = await assertCompliant(sandbox.url, COMPLIANT_FP);
      expect(result.code).toBe(0);
      expect(result.outputs.compliant).toBe('true');
      expect(result.stdout).not.toContain('::error::');
      expect(result.summary).toContain('assert-compliant: passed.');
    });

    it('trips on a NON-COMPLIANT artifact, naming the non-compliant attestation', async () => {
      const sandbox = await start();
      const result = await assertCompliant(sandbox.url, NON_COMPLIANT_FP);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(
        `::error::assert-compliant: Artifact 'ghcr.io/acme/backend:1.5.0' (${NON_COMPLIANT_FP}) in flow 'backend'` +
          ` is NON-COMPLIANT: non-compliant: snyk-scan.${byProfile(` See ${page(NON_COMPLIANT_FP)}`, '')}\n`,
      );
      // The outputs and the result are there for a later `if: failure()` step.
      expect(result.outputs).toMatchObject({
        outcome: 'non-compliant',
        found: 'true',
        state: 'NON-COMPLIANT',
        compliant: 'false',
      });
      const saved = outputFile(result, 'result-file') as Saved;
      expect(saved.problems).toEqual([{ name: 'snyk-scan', problem: 'non-compliant' }]);
      expect(saved.failure).toContain('non-compliant: snyk-scan');
      expect(result.summary).toContain('### ❌ Artifact ghcr.io/acme/backend:1.5.0: NON-COMPLIANT');
      expect(result.summary).toContain('| snyk-scan | COMPLETE | ❌ no |');
      expect(result.summary).toContain('assert-compliant: failed.');
    });

    it('without it, a NON-COMPLIANT artifact is only reported', async () => {
      const sandbox = await start();
      const result = await runAction('get-artifact', {
        inputs: { ...connection(sandbox.url), flow: 'backend', fingerprint: NON_COMPLIANT_FP },
      });
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ state: 'NON-COMPLIANT', compliant: 'false' });
    });

    it('trips on an INCOMPLETE artifact, naming the missing attestations (artifact fingerprinted from a file)', async () => {
      const sandbox = await start();
      // A new trail of the backend flow: its template requires pull-request, unit-tests and snyk-scan, none reported.
      await sandbox.client().reportArtifact('backend', {
        fingerprint: FILE_FP,
        filename: 'app.bin',
        build_url: 'https://ci.example.test/1',
        commit_url: 'https://git.example.test/c',
        trail_name: 'release-2',
        template_reference_name: 'backend-image',
      });
      const result = await runAction('get-artifact', {
        cwd: workspace(),
        inputs: {
          ...connection(sandbox.url),
          flow: 'backend',
          artifact: 'app.bin',
          'artifact-type': 'file',
          trail: 'release-2',
          'assert-compliant': 'true',
        },
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toContain('::group::Fingerprint the artifact');
      // A trail is asked: the minimal profile's answer names none, so the gate could not check (the state is shown).
      expect(result.stdout).toContain(
        byProfile(
          `::error::assert-compliant: Artifact 'app.bin' (${FILE_FP}) in flow 'backend' is INCOMPLETE:` +
            ' missing: pull-request, unit-tests, snyk-scan.',
          `::error::assert-compliant: could not check. ${notConfirmed('release-2')}`,
        ),
      );
      expect(result.outputs).toMatchObject({
        outcome: byProfile('non-compliant', 'error'),
        state: 'INCOMPLETE',
        compliant: 'false',
      });
      expect(result.summary).toContain(
        byProfile('### ⚠️ Artifact app.bin: INCOMPLETE', '### ❔ Artifact app.bin: INCOMPLETE'),
      );
      expect(result.summary).toContain('| unit-tests | MISSING | — |');
    });

    it('cannot check when a COMPLIANT answer is about another fingerprint: never passes the gate', async () => {
      const sandbox = await start();
      const compliant = await sandbox.client().getArtifact('backend', COMPLIANT_FP);
      expect(compliant.state).toBe('COMPLIANT');
      // Asked about the NON-COMPLIANT artifact, answered with the COMPLIANT one.
      sandbox.sandbox.faults.respondNext(1, { status: 200, body: compliant, path: /\/fingerprint\// });
      const result = await assertCompliant(sandbox.url, NON_COMPLIANT_FP);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(
        '::error::unexpected response from GET /artifacts/{org}/{flow_name}/fingerprint/{fingerprint}: fingerprint ' +
          `is "${COMPLIANT_FP}", not "${NON_COMPLIANT_FP}" as asked: the answer is about something else`,
      );
      expect(result.stdout).not.toContain('assert-compliant: the artifact is COMPLIANT');
      expect(result.outputs).toMatchObject({ outcome: 'error', compliant: 'false', found: '', state: '' });
      expect(outputFile(result, 'result-file')).toMatchObject({
        outcome: 'error',
        compliant: false,
        fingerprint: NON_COMPLIANT_FP,
        error: { kind: 'unexpected-response' },
      });
      expect(result.summary).toContain('### ⚠️ Could not check the artifact in flow backend');
    });

    it("names the problems from the list form of the evidence, or the service's state_info when it names none", async () => {
      const fingerprint = 'b'.repeat(64);
      const answers = [
        {
          state: 'NON-COMPLIANT',
          evidence: {
            attestations_statuses: [
              { attestation_name: 'sonar', status: 'COMPLETE', is_compliant: false },
              { attestation_name: 'jira', status: 'MISSING', is_compliant: null },
              { attestation_name: 'junit', status: 'COMPLETE', is_compliant: true },
            ],
          },
        },
        // Evidence that names no attestation: the gate still explains with the service's own words.
        { state: 'INCOMPLETE', state_info: 'waiting for approval', evidence: {} },
      ];
      const server = await startServer((req, res, index) =>
        json(res, 200, {
          id: 'a1',
          fingerprint,
          filename: 'svc.tar',
          created_at: '2026-11-01T10:00:00Z',
          last_modified_at: '2026-11-01T10:00:00Z',
          flow_name: 'backend',
          commit_lead_times: {},
          build_lead_times: {},
          html_url: `https://ui.example.test/${req.url.pathname}`,
          ...answers[index],
        }),
      );
      try {
        const run = () =>
          runAction('get-artifact', {
            inputs: {
              'api-url': server.origin,
              'api-token': TEST_TOKEN,
              org: 'acme',
              flow: 'backend',
              fingerprint,
              'assert-compliant': 'true',
            },
          });
        const first = await run();
        expect(first.code).toBe(1);
        expect(first.stdout).toContain(
          'is NON-COMPLIANT: non-compliant: sonar; missing: jira. See https://ui.example.test/',
        );
        const second = await run();
        expect(second.code).toBe(1);
        expect(second.stdout).toContain("Artifact 'svc.tar' (bbbb");
        expect(second.stdout).toContain('is INCOMPLETE: waiting for approval.');
        expect(second.summary).toContain('| State info | waiting for approval |');
      } finally {
        await server.close();
      }
    });
  });

  it('fails closed: a COMPLIANT state its evidence contradicts is non-compliant; a newer pass supersedes a failure', async () => {
    const fingerprint = 'b'.repeat(64);
    const answers = [
      // A complete attestation without a verdict.
      { evidence: { sonar: { status: 'COMPLETE', is_compliant: null } } },
      // An attestation the evidence marks missing.
      { evidence: { junit: { status: 'COMPLETE', is_compliant: true }, jira: { status: 'MISSING' } } },
      // A re-run that passed after a failure.
      {
        evidence: {
          attestations_statuses: [
            { attestation_name: 'junit', status: 'COMPLETE', is_compliant: false, created_at: 100 },
            { attestation_name: 'junit', status: 'COMPLETE', is_compliant: true, created_at: 200 },
          ],
        },
      },
    ];
    const server = await startServer((_req, res, index) =>
      json(res, 200, {
        id: 'a1',
        fingerprint,
        filename: 'svc.tar',
        created_at: 1793610200,
        last_modified_at: 1793610200,
        flow_name: 'backend',
        commit_lead_times: {},
        build_lead_times: {},
        state: 'COMPLIANT',
        ...answers[index],
      }),
    );
    try {
      const run = () =>
        runAction('get-artifact', {
          inputs: {
            'api-url': server.origin,
            'api-token': TEST_TOKEN,
            org: 'acme',
            flow: 'backend',
            fingerprint,
            'assert-compliant': 'true',
          },
        });
      const noVerdict = await run();
      expect(noVerdict.code).toBe(1);
      expect(noVerdict.stdout).toContain(
        `::error::assert-compliant: Artifact 'svc.tar' (${fingerprint}) in flow 'backend' is COMPLIANT by its` +
          ' state, not by its evidence: non-compliant: sonar.',
      );
      expect(noVerdict.outputs).toMatchObject({
        outcome: 'non-compliant',
        state: 'COMPLIANT',
        compliant: 'false',
      });
      expect(noVerdict.summary).toContain(
        '### ❌ Artifact svc.tar: COMPLIANT by its state, not by its evidence',
      );

      const unreported = await run();
      expect(unreported.code).toBe(1);
      expect(unreported.stdout).toContain('not by its evidence: missing: jira.');
      expect(outputFile(unreported, 'result-file')).toMatchObject({
        outcome: 'non-compliant',
        problems: [{ name: 'jira', problem: 'missing' }],
      });

      const rerun = await run();
      expect(rerun.code).toBe(0);
      expect(rerun.outputs).toMatchObject({ outcome: 'compliant', compliant: 'true' });
      expect(rerun.summary).toContain('| junit | COMPLETE, superseded | ❌ no |');
      expect(rerun.summary).toContain('assert-compliant: passed.');
    } finally {
      await server.close();
    }
  });

  it('sends trail and attestation-id as the query, and escapes what the service sends', async () => {
    const fingerprint = 'c'.repeat(64);
    const server = await startServer((_req, res) =>
      json(res, 200, {
        id: 'a1',
        fingerprint,
        filename: '<img src=x onerror=alert(1)>',
        created_at: 1793610200,
        last_modified_at: 1793610200,
        evidence: { '<b>review</b>': { status: 'COMPLETE', is_compliant: true } },
        flow_name: 'backend',
        commit_lead_times: {},
        build_lead_times: {},
        html_url: 'javascript:alert(1)',
        build_url: 'https://ci.example.test/run/1',
        state: 'COMPLIANT',
        state_info: '**all good** | <script>',
      }),
    );
    try {
      const result = await runAction('get-artifact', {
        inputs: {
          'api-url': server.origin,
          'api-token': TEST_TOKEN,
          org: 'acme',
          flow: 'backend',
          fingerprint,
          trail: 'release-1.2',
          'attestation-id': 'd873ffb9-b5ba-6373-0af8-32f9592c',
        },
      });
      expect(result.code).toBe(0);
      expect(server.requests).toHaveLength(1);
      const url = server.requests[0]?.url;
      expect(url?.pathname).toBe(`/api/v2/artifacts/acme/backend/fingerprint/${fingerprint}`);
      expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
        trail: 'release-1.2',
        attestation_id: 'd873ffb9-b5ba-6373-0af8-32f9592c',
      });
      expect(result.summary).not.toMatch(/<img|<script|<b>|javascript:alert\(1\)\)/);
      expect(result.summary).toContain('Artifact &lt;img src=x onerror=alert(1)&gt;: COMPLIANT');
      expect(result.summary).toContain('| &lt;b&gt;review&lt;/b&gt; | COMPLETE | ✅ yes |');
      expect(result.summary).toContain('| Build | [build](https://ci.example.test/run/1) |');
      expect(result.summary).toContain('| Reported | 2026-11-02T09:03:20Z |');
      expect(result.summary).not.toContain('Open in the compliance service');
      noLeak(result.everything);
    } finally {
      await server.close();
    }
  });

  it('finds the artifact of a given trail and attestation id in the sandbox', async () => {
    const sandbox = await start();
    const result = await runAction('get-artifact', {
      inputs: {
        ...connection(sandbox.url),
        flow: 'backend',
        fingerprint: COMPLIANT_FP,
        trail: '3dfdaa9cbad35a60632a382f8653df6ef6539d28',
        'attestation-id': 'd873ffb9-b5ba-6373-0af8-32f9592c',
      },
    });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ outcome: 'compliant', state: 'COMPLIANT' });
    // The minimal profile sends no trail_name: found, but not confirmed to be the trail's.
    expect(result.summary.includes(notConfirmed('3dfdaa9cbad35a60632a382f8653df6ef6539d28'))).toBe(
      byProfile(false, true),
    );
  });

  describe('a trail asked and an answer that names none: not confirmed', () => {
    const fingerprint = 'd'.repeat(64);
    /** A COMPLIANT answer, with `trailName` as its trail_name (absent when undefined). */
    const answer = (trailName?: string) => ({
      id: 'a1',
      fingerprint,
      filename: 'svc.tar',
      created_at: 1793610200,
      last_modified_at: 1793610200,
      evidence: { junit: { status: 'COMPLETE', is_compliant: true } },
      flow_name: 'backend',
      commit_lead_times: {},
      build_lead_times: {},
      state: 'COMPLIANT',
      ...(trailName !== undefined && { trail_name: trailName }),
    });
    const ask = (url: string, inputs: Record<string, string>) =>
      runAction('get-artifact', {
        inputs: {
          'api-url': url,
          'api-token': TEST_TOKEN,
          org: 'acme',
          flow: 'backend',
          fingerprint,
          ...inputs,
        },
      });

    it('without a gate: shown, and the summary says not confirmed', async () => {
      const server = await startServer((_req, res) => json(res, 200, answer()));
      try {
        const result = await ask(server.origin, { trail: 'release-1.2' });
        expect(result.stdout).not.toContain('::error');
        expect(result.code).toBe(0);
        expect(server.requests[0]?.url.searchParams.get('trail')).toBe('release-1.2');
        expect(result.outputs).toMatchObject({ outcome: 'compliant', found: 'true', state: 'COMPLIANT' });
        expect(result.summary).toContain('### ✅ Artifact svc.tar: COMPLIANT');
        expect(result.summary).toContain(notConfirmed('release-1.2'));
        expect(outputFile(result, 'result-file')).toMatchObject({
          outcome: 'compliant',
          notConfirmed: notConfirmed('release-1.2'),
        });
      } finally {
        await server.close();
      }
    });

    it('with assert-compliant: outcome error (could not check), never a pass; the trail named passes', async () => {
      let trailName: string | undefined;
      const server = await startServer((_req, res) => json(res, 200, answer(trailName)));
      try {
        const failure = `assert-compliant: could not check. ${notConfirmed('release-1.2')}`;
        const unchecked = await ask(server.origin, { trail: 'release-1.2', 'assert-compliant': 'true' });
        expect(unchecked.code).toBe(1);
        expect(unchecked.stdout).toContain(`::error::${failure}`);
        // The artifact is found and its state shown, but the gate did not pass: compliant is false.
        expect(unchecked.outputs).toMatchObject({
          outcome: 'error',
          found: 'true',
          state: 'COMPLIANT',
          compliant: 'false',
        });
        expect(outputFile(unchecked, 'result-file')).toMatchObject({
          outcome: 'error',
          compliant: false,
          failure,
          error: { kind: 'unexpected-response', message: failure },
        });
        expect(unchecked.summary).toContain('### ❔ Artifact svc.tar: COMPLIANT');
        expect(unchecked.summary).toContain(notConfirmed('release-1.2'));
        expect(unchecked.summary).toContain(failure);
        expect(unchecked.summary).not.toContain('assert-compliant: passed');

        // Without a trail asked there is nothing to confirm; an answer that names the trail asked confirms it.
        expect((await ask(server.origin, { 'assert-compliant': 'true' })).code).toBe(0);
        trailName = 'release-1.2';
        const named = await ask(server.origin, { trail: 'release-1.2', 'assert-compliant': 'true' });
        expect(named.code).toBe(0);
        expect(named.outputs).toMatchObject({ outcome: 'compliant', compliant: 'true' });
        expect(named.summary).not.toContain('Not confirmed');
      } finally {
        await server.close();
      }
    });

    it('through the sandbox: the gate passes on a full answer, could not check on a minimal one', async () => {
      const sandbox = await start();
      const trail = '3dfdaa9cbad35a60632a382f8653df6ef6539d28';
      const result = await runAction('get-artifact', {
        inputs: {
          ...connection(sandbox.url),
          flow: 'backend',
          fingerprint: COMPLIANT_FP,
          trail,
          'assert-compliant': 'true',
        },
      });
      expect(result.code).toBe(byProfile(0, 1));
      expect(result.outputs).toMatchObject({
        outcome: byProfile('compliant', 'error'),
        state: 'COMPLIANT',
        compliant: byProfile('true', 'false'),
      });
      expect(result.summary.includes(notConfirmed(trail))).toBe(byProfile(false, true));
    });
  });

  describe('not found (404) fails, saying what was looked for and what the service said', () => {
    it('an unknown fingerprint', async () => {
      const sandbox = await start();
      const fingerprint = 'f'.repeat(64);
      const result = await runAction('get-artifact', {
        inputs: { ...connection(sandbox.url), flow: 'backend', fingerprint, 'assert-compliant': 'true' },
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(
        `::error::No artifact with fingerprint ${fingerprint} in flow 'backend' of org 'demo' (the service answered` +
          ` HTTP 404: Artifact with fingerprint '${fingerprint}' does not exist in flow 'backend').`,
      );
      // Outputs first: a later step after continue-on-error reads "not found", not "could not check".
      expect(result.outputs).toMatchObject({
        outcome: 'not-found',
        found: 'false',
        state: '',
        compliant: 'false',
        'html-url': '',
      });
      expect(outputFile(result, 'result-file')).toMatchObject({
        outcome: 'not-found',
        found: false,
        compliant: false,
      });
      expect(result.summary).toContain('### ❌ Artifact not found');
    });

    it('an unknown flow could not be checked: outcome error, not not-found', async () => {
      const sandbox = await start();
      const result = await runAction('get-artifact', {
        inputs: { ...connection(sandbox.url), flow: 'nope', fingerprint: COMPLIANT_FP },
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(
        "::error::GET /artifacts/{org}/{flow_name}/fingerprint/{fingerprint} failed with HTTP 404 Not Found: Flow named 'nope' does not exist for organization 'demo'",
      );
      expect(result.outputs).toMatchObject({ outcome: 'error', found: '', compliant: 'false' });
      expect(outputFile(result, 'result-file')).toMatchObject({ outcome: 'error', error: { kind: 'api' } });
    });

    it('an org that does not exist could not be checked either', async () => {
      const server = await startServer((_req, res) =>
        json(res, 404, { message: "Organization 'acme' does not exist" }),
      );
      try {
        const result = await runAction('get-artifact', {
          inputs: {
            'api-url': server.origin,
            'api-token': TEST_TOKEN,
            org: 'acme',
            flow: 'backend',
            fingerprint: COMPLIANT_FP,
          },
        });
        expect(result.code).toBe(1);
        expect(result.stdout).toContain("Organization 'acme' does not exist");
        expect(result.outputs).toMatchObject({ outcome: 'error', found: '' });
      } finally {
        await server.close();
      }
    });

    it('a trail or attestation id the artifact does not have', async () => {
      const sandbox = await start();
      const result = await runAction('get-artifact', {
        inputs: {
          ...connection(sandbox.url),
          flow: 'backend',
          fingerprint: COMPLIANT_FP,
          'attestation-id': 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaa',
        },
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(
        `in flow 'backend', attestation id aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaa of org 'demo'`,
      );
      expect(result.stdout).toContain(
        "Attestation 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaa' does not exist for this artifact",
      );
      expect(result.outputs).toMatchObject({ outcome: 'not-found', found: 'false' });
    });
  });

  it('shows an answer whose display-only fields are null, and sets every output', async () => {
    const fingerprint = 'a'.repeat(64);
    const server = await startServer((_req, res) =>
      json(res, 200, {
        id: 'a1',
        fingerprint,
        filename: 'svc.tar',
        created_at: 1793610200,
        last_modified_at: 1793610200,
        evidence: {},
        flow_name: 'backend',
        commit_lead_times: {},
        build_lead_times: {},
        state: 'COMPLIANT',
        html_url: null,
        git_commit: 'e'.repeat(40),
        git_commit_info: { sha1: 'e'.repeat(40), message: null, url: null, branch: null, timestamp: null },
        repo_info: { name: null, url: null, id: null },
        commit_url: null,
        trail_name: null,
        state_info: null,
      }),
    );
    try {
      const result = await runAction('get-artifact', {
        inputs: {
          'api-url': server.origin,
          'api-token': TEST_TOKEN,
          org: 'acme',
          flow: 'backend',
          fingerprint,
          'assert-compliant': 'true',
        },
      });
      expect(result.code).toBe(0);
      expect(result.outputs).toMatchObject({ outcome: 'compliant', state: 'COMPLIANT', 'html-url': '' });
      expect(result.summary).toContain('| Commit | eeeeeee |');
    } finally {
      await server.close();
    }
  });
  describe('graded failure (fail-on)', () => {
    const UNKNOWN_FP = 'f'.repeat(64);
    const read = (url: string, fingerprint: string, inputs: Record<string, string>) =>
      runAction('get-artifact', {
        inputs: { ...connection(url), flow: 'backend', fingerprint, ...inputs },
      });
    const warnings = (stdout: string) => stdout.match(/^::warning.*$/gm) ?? [];
    const errors = (stdout: string) => stdout.match(/^::error.*$/gm) ?? [];
    const wouldFail = 'would-fail: true (with every grade listed, the step would fail).';

    it('non-compliant: fails the step when listed, warns when it is not', async () => {
      const sandbox = await start();
      const tripped =
        `Artifact 'ghcr.io/acme/backend:1.5.0' (${NON_COMPLIANT_FP}) in flow 'backend' is NON-COMPLIANT: ` +
        `non-compliant: snyk-scan.${byProfile(` See ${page(NON_COMPLIANT_FP)}`, '')}`;
      const failing = await read(sandbox.url, NON_COMPLIANT_FP, { 'fail-on': 'non-compliant' });
      expect(failing.code).toBe(1);
      expect(errors(failing.stdout)).toEqual([`::error::fail-on: ${tripped}`]);
      expect(failing.outputs).toMatchObject({
        outcome: 'non-compliant',
        compliant: 'false',
        'would-fail': 'true',
      });
      expect(failing.summary).toContain(`fail-on: failed. ${tripped}`);
      expect(failing.summary).toContain(
        `fail-on: non-compliant: 1 finding(s) fail the step (1 non-compliant). ${wouldFail}`,
      );

      const warned = await read(sandbox.url, NON_COMPLIANT_FP, { 'fail-on': 'incomplete\nmissing' });
      expect(warned.code).toBe(0);
      expect(errors(warned.stdout)).toEqual([]);
      expect(warnings(warned.stdout)).toEqual([`::warning::fail-on: ${tripped}`]);
      expect(warned.outputs).toMatchObject({
        outcome: 'non-compliant',
        compliant: 'false',
        'would-fail': 'true',
      });
      expect(warned.summary).toContain(`fail-on: warns, not failing. ${tripped}`);
      expect(warned.summary).toContain(
        `fail-on: missing, incomplete: nothing fails the step; 1 only warn (1 non-compliant). ${wouldFail}`,
      );
      expect(outputFile(warned, 'result-file')).toMatchObject({
        grade: 'non-compliant',
        failOn: ['missing', 'incomplete'],
        wouldFail: true,
        warning: `fail-on: ${tripped}`,
      });
      for (const r of [failing, warned]) noLeak(r.everything);
    });

    it('incomplete: fails the step when listed, warns when it is not (artifact fingerprinted from a file)', async () => {
      const sandbox = await start();
      await sandbox.client().reportArtifact('backend', {
        fingerprint: FILE_FP,
        filename: 'app.bin',
        build_url: 'https://ci.example.test/1',
        commit_url: 'https://git.example.test/c',
        trail_name: 'release-2',
        template_reference_name: 'backend-image',
      });
      const cwd = workspace();
      const run = (failOn: string) =>
        runAction('get-artifact', {
          cwd,
          inputs: {
            ...connection(sandbox.url),
            flow: 'backend',
            artifact: 'app.bin',
            'artifact-type': 'file',
            'fail-on': failOn,
          },
        });
      const failing = await run('INCOMPLETE');
      expect(failing.code).toBe(1);
      expect(errors(failing.stdout)).toEqual([
        `::error::fail-on: Artifact 'app.bin' (${FILE_FP}) in flow 'backend' is INCOMPLETE: missing: pull-request, ` +
          `unit-tests, snyk-scan.${byProfile(` See ${page(FILE_FP)}`, '')}`,
      ]);
      expect(failing.outputs).toMatchObject({
        outcome: 'non-compliant',
        state: 'INCOMPLETE',
        'would-fail': 'true',
      });

      const warned = await run('non-compliant, unknown');
      expect(warned.code).toBe(0);
      expect(warnings(warned.stdout)).toEqual([
        `::warning::fail-on: Artifact 'app.bin' (${FILE_FP}) in flow 'backend' is INCOMPLETE: missing: ` +
          `pull-request, unit-tests, snyk-scan.${byProfile(` See ${page(FILE_FP)}`, '')}`,
      ]);
      expect(warned.outputs).toMatchObject({
        outcome: 'non-compliant',
        state: 'INCOMPLETE',
        'would-fail': 'true',
      });
      expect(warned.summary).toContain('1 only warn (1 incomplete)');
    });

    it('missing: a not-found fails by default and with fail-on missing, warns with fail-on none', async () => {
      const sandbox = await start();
      const byDefault = await read(sandbox.url, UNKNOWN_FP, {});
      expect(byDefault.code).toBe(1);
      expect(byDefault.outputs).toMatchObject({ outcome: 'not-found', found: 'false', 'would-fail': 'true' });

      const listed = await read(sandbox.url, UNKNOWN_FP, { 'fail-on': 'missing' });
      expect(listed.code).toBe(1);
      expect(errors(listed.stdout)[0]).toContain(`::error::No artifact with fingerprint ${UNKNOWN_FP}`);

      const none = await read(sandbox.url, UNKNOWN_FP, { 'fail-on': 'none' });
      expect(none.code).toBe(0);
      expect(errors(none.stdout)).toEqual([]);
      expect(warnings(none.stdout)).toHaveLength(1);
      expect(warnings(none.stdout)[0]).toContain(`::warning::No artifact with fingerprint ${UNKNOWN_FP}`);
      expect(none.outputs).toMatchObject({
        outcome: 'not-found',
        found: 'false',
        compliant: 'false',
        'would-fail': 'true',
      });
      expect(none.summary).toContain('### ❌ Artifact not found');
      expect(none.summary).toContain(
        `fail-on: none: nothing fails the step; 1 only warn (1 missing). ${wouldFail}`,
      );
    });

    it('unknown (no state): fails when listed, warns when it is not', async () => {
      const sandbox = await start();
      const answer = (await sandbox.client().getArtifact('backend', COMPLIANT_FP)) as Record<string, unknown>;
      const { state: _state, ...stateless } = answer;
      const run = (failOn: string) => {
        sandbox.sandbox.faults.respondNext(1, { status: 200, body: stateless, path: /\/fingerprint\// });
        return read(sandbox.url, COMPLIANT_FP, { 'fail-on': failOn });
      };
      const failing = await run('unknown');
      expect(failing.code).toBe(1);
      expect(errors(failing.stdout)[0]).toContain(
        `::error::fail-on: Artifact 'ghcr.io/acme/backend:1.4.0' (${COMPLIANT_FP}) in flow 'backend' has no compliance state`,
      );
      expect(failing.outputs).toMatchObject({ outcome: 'non-compliant', state: '', 'would-fail': 'true' });
      expect(outputFile(failing, 'result-file')).toMatchObject({ grade: 'unknown', failOn: ['unknown'] });

      const warned = await run('non-compliant');
      expect(warned.code).toBe(0);
      expect(warnings(warned.stdout)[0]).toContain('has no compliance state');
      expect(warned.summary).toContain('1 only warn (1 unknown)');
    });

    it('would-fail false on a COMPLIANT artifact, whatever fail-on says', async () => {
      const sandbox = await start();
      for (const inputs of [{}, { 'fail-on': 'none' }, { 'assert-compliant': 'true' }] as Record<
        string,
        string
      >[]) {
        const result = await read(sandbox.url, COMPLIANT_FP, inputs);
        expect(result.code).toBe(0);
        expect(result.outputs).toMatchObject({ outcome: 'compliant', 'would-fail': 'false' });
        expect(result.stdout).not.toContain('::warning');
      }
    });

    it('a bad fail-on, or one assert-compliant contradicts, is refused before any request', async () => {
      const service = await startServer((_req, res) => json(res, 200, {}));
      try {
        const cases: [Record<string, string>, string][] = [
          [
            { 'fail-on': 'non-compliant\nsevere' },
            "Invalid input 'fail-on': 'severe' is not a grade. Expected any of non-compliant, missing, incomplete, unknown (one per line or comma-separated), or none alone.",
          ],
          [
            { 'fail-on': 'missing', 'assert-compliant': 'true' },
            "Invalid input 'fail-on': says missing while assert-compliant is true, which means non-compliant, missing, incomplete, unknown.",
          ],
        ];
        for (const [inputs, message] of cases) {
          const result = await runAction('get-artifact', {
            inputs: {
              'api-url': service.origin,
              'api-token': TEST_TOKEN,
              org: 'acme',
              flow: 'backend',
              fingerprint: COMPLIANT_FP,
              ...inputs,
            },
          });
          expect(result.code).toBe(1);
          expect(result.stdout).toContain(`::error::${message}`);
          expect(result.outputs).toMatchObject({
            outcome: 'error',
            compliant: 'false',
            'would-fail': 'true',
          });
        }
        expect(service.requests).toHaveLength(0);
      } finally {
        await service.close();
      }
    });
  });

  describe('bad input fails before any request, naming the input and the expected form', () => {
    const base = { 'api-token': TEST_TOKEN, org: 'acme', flow: 'backend', fingerprint: COMPLIANT_FP };
    const cases: [string, Record<string, string>, string][] = [
      ['a missing flow', { flow: '' }, "Invalid input 'flow': is required. Expected a name starting"],
      ['a bad flow name', { flow: 'my flow' }, "Invalid input 'flow': 'my flow' is not valid"],
      ['a bad trail', { trail: '-x' }, "Invalid input 'trail': '-x' is not valid"],
      [
        'a bad attestation id',
        { 'attestation-id': 'D873FFB9' },
        "Invalid input 'attestation-id': 'D873FFB9' is not valid. Expected an id of the form xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxx",
      ],
      [
        'assert-compliant that is not a boolean',
        { 'assert-compliant': 'yes' },
        "Invalid input 'assert-compliant': 'yes' is not a boolean. Expected true or false.",
      ],
    ];
    it.each(cases)('%s', async (_label, inputs, message) => {
      await expectRefusedBeforeAnyRequest(
        expect,
        (options) => runAction('get-artifact', options),
        { ...base, ...inputs },
        {
          message,
          heading: 'Could not check the artifact',
          outputs: { compliant: 'false', found: '' },
        },
      );
    });
  });

  it('never shows the token when a 200 answer echoes it in the names and state_info the gate quotes', async () => {
    const fingerprint = 'e'.repeat(64);
    const server = await startServer((req, res) =>
      json(res, 200, {
        id: 'a1',
        fingerprint,
        filename: `image of ${req.headers.authorization ?? ''}`,
        created_at: 1793610200,
        last_modified_at: 1793610200,
        evidence: {
          [`scan ${req.headers.authorization ?? ''}`]: { status: 'COMPLETE', is_compliant: false },
        },
        flow_name: 'backend',
        commit_lead_times: {},
        build_lead_times: {},
        html_url: `https://ui.example.test/${req.headers.authorization ?? ''}`,
        state: 'NON-COMPLIANT',
        state_info: `failed for ${req.headers.authorization ?? ''}`,
      }),
    );
    try {
      const result = await runAction('get-artifact', {
        inputs: {
          'api-url': server.origin,
          'api-token': TEST_TOKEN,
          org: 'acme',
          flow: 'backend',
          fingerprint,
          'assert-compliant': 'true',
        },
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toContain("::error::assert-compliant: Artifact 'image of Bearer ***'");
      expect(result.stdout).toContain('non-compliant: scan Bearer ***');
      noLeak(result.everything);
    } finally {
      await server.close();
    }
  });
});
