/**
 * get-artifact's rendering, in-process: what the gate's failure says for each kind of verdict, the not-found
 * message, and the summary's heading and attestation table.
 */
import { describe, expect, it, test } from 'vitest';
import { ApiError } from '../../../src/errors/errors.js';
import { Artifact } from '../../../src/api/schemas/index.js';
import { decide } from '../../../src/compliance/decide.js';
import { artifactGrade, GRADES } from '../../../src/compliance/grades.js';
import { notFoundMessage, summarize, trippedMessage } from '../../../src/actions/get-artifact/render.js';
import type { GetArtifactInputs, GetArtifactResult } from '../../../src/actions/get-artifact/inputs.js';
import { answerOf, SVC_FP as FP } from '../../helpers/get-artifact.js';

const artifactOf = (fields: Partial<Artifact>): Artifact => Artifact.parse(answerOf(fields));

/** The result run.ts makes of an answer, gate on. */
function resultOf(fields: Partial<Artifact>): GetArtifactResult {
  const artifact = artifactOf(fields);
  const verdict = decide(artifact);
  const result: GetArtifactResult = {
    flow: 'backend',
    fingerprint: FP,
    url: 'https://compliance.example.test/api/v2/artifacts/acme/backend/fingerprint/' + FP,
    found: true,
    state: verdict.state,
    ...(verdict.stateNote !== undefined && { stateNote: verdict.stateNote }),
    compliant: verdict.compliant,
    htmlUrl: artifact.html_url ?? null,
    stateInfo: artifact.state_info ?? null,
    attestations: verdict.attestations,
    problems: verdict.problems,
    assertCompliant: true,
    failOn: [...GRADES],
    gate: 'assert-compliant',
    grade: artifactGrade(verdict.state, verdict.compliant) ?? null,
    wouldFail: !verdict.compliant,
    artifact,
  };
  if (!result.compliant) result.failure = trippedMessage(result);
  return result;
}

const pass = { status: 'COMPLETE', is_compliant: true };
const fail = { status: 'COMPLETE', is_compliant: false };
const missing = { status: 'MISSING', is_compliant: null };

describe('the gate tripped', () => {
  const gate = `assert-compliant: Artifact 'svc.tar' (${FP}) in flow 'backend'`;
  const unsaid = 'the service did not say which attestations are missing or non-compliant.';
  const cases: [string, Partial<Artifact>, string][] = [
    [
      'non-compliant first, then missing, with the link, from the list form of the evidence',
      {
        state: 'NON-COMPLIANT',
        evidence: {
          attestations_statuses: [
            { attestation_name: 'sonar', ...fail },
            { attestation_name: 'jira', ...missing },
            { attestation_name: 'junit', ...pass },
          ],
        },
        html_url: 'https://ui.example.test/a',
      },
      `${gate} is NON-COMPLIANT: non-compliant: sonar; missing: jira. See https://ui.example.test/a`,
    ],
    [
      "the service's state_info when the evidence names nothing",
      { state: 'INCOMPLETE', state_info: 'waiting for approval' },
      `${gate} is INCOMPLETE: waiting for approval.`,
    ],
    [
      'says so when neither names anything',
      { state: 'NON-COMPLIANT' },
      `${gate} is NON-COMPLIANT: ${unsaid}`,
    ],
    ['no state', { evidence: { junit: pass } }, `${gate} has no compliance state: ${unsaid}`],
    [
      'a link that is not http(s) is not offered',
      { state: 'NON-COMPLIANT', evidence: { sonar: fail }, html_url: 'javascript:alert(1)' },
      `${gate} is NON-COMPLIANT: non-compliant: sonar.`,
    ],
  ];
  test.for(cases)('%s', ([, fields, message]) => {
    expect(trippedMessage(resultOf(fields))).toBe(message);
  });

  it('names twenty attestations, then counts the rest', () => {
    const evidence = Object.fromEntries(Array.from({ length: 23 }, (_, i) => [`check-${i + 1}`, fail]));
    const message = trippedMessage(resultOf({ state: 'NON-COMPLIANT', evidence }));
    expect(message).toContain('check-20 and 3 more.');
    expect(message).not.toContain('check-21');
  });
});

describe('not found', () => {
  const inputs = {
    flow: 'backend',
    trail: 'release-2',
    attestationId: 'd873ffb9-b5ba-6373-0af8-32f9592c',
    connection: { org: 'acme' },
  } as GetArtifactInputs;
  const error = (serverMessage?: string) =>
    new ApiError({
      endpoint: 'GET /artifacts/{org}/{flow_name}/fingerprint/{fingerprint}',
      status: 404,
      attempts: 1,
      ...(serverMessage !== undefined && { serverMessage }),
    });

  it('says where it looked and what the service said, or only where without trail, attestation id or message', () => {
    expect(notFoundMessage(inputs, FP, error('Artifact does not exist'))).toBe(
      `No artifact with fingerprint ${FP} in flow 'backend', trail 'release-2', attestation id` +
        ` d873ffb9-b5ba-6373-0af8-32f9592c of org 'acme' (the service answered HTTP 404: Artifact does not exist).` +
        ' Check that the artifact was reported to this flow, and the fingerprint (or artifact and artifact-type).',
    );
    const plain = { ...inputs, trail: undefined, attestationId: undefined };
    expect(notFoundMessage(plain, FP, error())).toContain(
      `in flow 'backend' of org 'acme' (the service answered HTTP 404).`,
    );
  });
});

describe('the summary', () => {
  // Compliant, non-compliant, incomplete and a state the evidence contradicts: through the step (steps.test.ts).
  const headings: [string, Partial<Artifact>, string][] = [
    ['no state', {}, '### ❔ Artifact svc.tar: no compliance state'],
    [
      'a state spelled otherwise, read by is_compliant',
      { state: 'compliant', is_compliant: true, evidence: { junit: pass } },
      '### ✅ Artifact svc.tar: COMPLIANT (given as "compliant", is_compliant true)',
    ],
    [
      'a state is_compliant contradicts: non-compliant',
      { state: 'COMPLIANT', is_compliant: false },
      '### ❌ Artifact svc.tar: NON-COMPLIANT (given as COMPLIANT, but is_compliant false)',
    ],
  ];
  test.for(headings)('heading: %s', ([, fields, heading]) => {
    expect(summarize(resultOf(fields)).toString()).toContain(`${heading}\n`);
  });

  it("shows the service's state_info", () => {
    const text = summarize(resultOf({ state: 'INCOMPLETE', state_info: 'waiting for approval' })).toString();
    expect(text).toContain('| State info | waiting for approval |');
  });

  it('a state read by is_compliant: its row, and the failure it makes, say how it was given', () => {
    const result = resultOf({ state: 'Non-Compliant', is_compliant: false });
    expect(result.grade).toBe('non-compliant');
    expect(result.failure).toContain(
      "Artifact 'svc.tar' (" +
        FP +
        ') in flow \'backend\' is NON-COMPLIANT (given as "Non-Compliant", is_compliant false)',
    );
    expect(summarize(result).toString()).toContain(
      '| State | NON-COMPLIANT (given as "Non-Compliant", is_compliant false) |',
    );
  });

  it('marks a superseded attestation, and shows a missing one', () => {
    const text = summarize(
      resultOf({
        state: 'INCOMPLETE',
        evidence: {
          list: [
            { attestation_name: 'junit', ...fail, created_at: 1 },
            { attestation_name: 'junit', ...pass, created_at: 2 },
          ],
          jira: { status: 'MISSING' },
        },
      }),
    ).toString();
    expect(text).toContain('| junit | COMPLETE, superseded | ❌ no |');
    expect(text).toContain('| junit | COMPLETE | ✅ yes |');
    expect(text).toContain('| jira | MISSING | — |');
    expect(text).toContain('This fails the step: Artifact');
  });

  it("shows an override as a person's verdict, and what it overrides as overridden", () => {
    const text = summarize(
      resultOf({
        state: 'COMPLIANT',
        evidence: {
          list: [
            { attestation_name: 'pull-request', ...fail, attestation_id: 'a1' },
            {
              attestation_name: 'pull-request',
              ...pass,
              attestation_type: 'override',
              attestation_id: 'a2',
              overridden_attestation_id: 'a1',
            },
          ],
        },
      }),
    ).toString();
    expect(text).toContain('### ✅ Artifact svc.tar: COMPLIANT\n');
    expect(text).toContain('| pull-request | COMPLETE, overridden | ❌ no |');
    expect(text).toContain('| pull-request | COMPLETE | ✅ overridden as compliant |');
  });

  it('not found: the message, and no table', () => {
    const { artifact: _artifact, ...notFound } = resultOf({});
    const text = summarize({
      ...notFound,
      found: false,
      failure: 'No artifact with fingerprint x.',
    }).toString();
    expect(text).toBe('### ❌ Artifact not found\n\nNo artifact with fingerprint x.\n\n');
  });
});
