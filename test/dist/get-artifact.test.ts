/**
 * get-artifact through the shipped bundle, as the runner runs it: its contract (a compliant artifact with its outputs,
 * result file and summary; a bad input refused before any request; the service down). Every branch of the lookup and
 * its gate is tested in-process: test/actions/get-artifact.
 */
import { expectRefusedBeforeAnyRequest } from '../helpers/step-result.js';
import { COMPLIANT_FP, type Saved } from '../helpers/get-artifact.js';
import { describe, expect, it } from 'vitest';
import { outputFile, runAction } from '../helpers/runner.js';
import { byProfile, DEMO_TOKEN, PROFILE, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, TEST_TOKEN, withoutMaskCommands } from '../helpers/secrets.js';
import { json, startServer } from '../helpers/server.js';

const start = useSandbox();
const connection = (url: string) => ({ 'api-url': url, 'api-token': DEMO_TOKEN, org: 'demo' });
const noLeak = (everything: string) => assertNoSecret(withoutMaskCommands(everything), 'the step');

const UI = 'https://sandbox.compliance.invalid/demo';
/** The artifact's page: the minimal profile sends no html_url (only shown), so there is none to link or pass on. */
const page = (fingerprint: string) => byProfile(`${UI}/flows/backend/artifacts/${fingerprint}`, '');

describe('get-artifact', () => {
  it('reads a compliant artifact: state, link, attestations, result file', async () => {
    const sandbox = await start();
    const result = await runAction('get-artifact', {
      inputs: { ...connection(sandbox.url), flow: 'backend', fingerprint: COMPLIANT_FP },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({
      outcome: 'compliant',
      found: 'true',
      state: 'COMPLIANT',
      compliant: 'true',
      'html-url': page(COMPLIANT_FP),
    });
    const saved = outputFile(result, 'result-file') as Saved;
    expect(saved).toMatchObject({
      outcome: 'compliant',
      found: true,
      state: 'COMPLIANT',
      compliant: true,
      problems: [],
    });
    expect(saved.artifact?.filename).toBe('ghcr.io/acme/backend:1.4.0');
    expect(saved.attestations.map((a) => [a.name, a.status, a.compliant])).toEqual([
      ['pull-request', 'COMPLETE', true],
      ['unit-tests', 'COMPLETE', true],
      ['snyk-scan', 'COMPLETE', true],
    ]);

    expect(result.summary).toContain('### ✅ Artifact ghcr.io/acme/backend:1.4.0: COMPLIANT');
    expect(result.summary).toContain(`| Fingerprint | <code>${COMPLIANT_FP}</code> |`);
    if (PROFILE === 'full') {
      expect(result.summary).toContain(
        `[Open in the compliance service](${UI}/flows/backend/artifacts/${COMPLIANT_FP})`,
      );
      expect(result.summary).toContain(
        '| Commit | [3dfdaa9 Add payment retries](https://github.com/acme/shop/commit/3dfdaa9cbad35a60632a382f8653df6ef6539d28) |',
      );
    } else {
      // The minimal profile sends no html_url and no commit info (only shown): no link, and no Commit row.
      expect(result.summary).not.toContain('Open in the compliance service');
      expect(result.summary).not.toContain('| Commit |');
    }
    expect(result.summary).toContain('| snyk-scan | COMPLETE | ✅ yes |');
    expect(result.summary).not.toContain('assert-compliant');
    expect(result.stdout).toContain('::group::Read the artifact from flow backend');
    noLeak(result.everything);
  });

  it('cannot check when the service is unreachable: fails, saying so', async () => {
    const server = await startServer((_req, res) => json(res, 200, {}));
    const url = server.origin;
    await server.close();
    const result = await runAction('get-artifact', {
      inputs: {
        'api-url': url,
        'api-token': TEST_TOKEN,
        org: 'acme',
        flow: 'backend',
        fingerprint: COMPLIANT_FP,
        'assert-compliant': 'true',
      },
      env: { COMPLIANCE_RETRIES: '0' },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /::error::GET \/artifacts\/\{org\}\/\{flow_name\}\/fingerprint\/\{fingerprint\} could not reach the service: /,
    );
    // Told apart from "not found" and "non-compliant" by outcome, for a later step after continue-on-error.
    expect(result.outputs).toMatchObject({
      outcome: 'error',
      compliant: 'false',
      found: '',
      state: '',
      'html-url': '',
    });
    expect(outputFile(result, 'result-file')).toMatchObject({
      outcome: 'error',
      compliant: false,
      found: null,
      flow: 'backend',
      fingerprint: COMPLIANT_FP,
      assertCompliant: true,
      error: {
        kind: 'network',
        message: expect.stringContaining('could not reach the service') as unknown,
      },
    });
    expect(result.summary).toContain('### ⚠️ Could not check the artifact in flow backend');
    noLeak(result.everything);
  });

  describe('bad input fails before any request, naming the input and the expected form', () => {
    const base = { 'api-token': TEST_TOKEN, org: 'acme', flow: 'backend', fingerprint: COMPLIANT_FP };
    const cases: [string, Record<string, string>, string][] = [
      ['a missing flow', { flow: '' }, "Invalid input 'flow': is required. Expected a name starting"],
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
});
