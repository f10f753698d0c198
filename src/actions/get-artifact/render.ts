/** get-artifact, rendering: the failure messages, the summary of one item or many, the could-not heading. */
import type { ApiError } from '../../errors/errors.js';
import type { ErrorExtras } from '../../runtime/step.js';
import {
  artifactLine,
  commitCell,
  compliantCell,
  firstOf,
  overrideCell,
  problemsText,
  STATE_MARK,
  timeCell,
  UNKNOWN_MARK,
  whyNotCompliant,
} from '../../summary/cells.js';
import { link, safeUrl, SummaryWriter, type Cell } from '../../summary/writer.js';
import { plural } from '../../trust/text.js';
import { OVERRIDE_ATTESTATION_TYPE } from '../../api/schemas.js';
import type { AttestationCheck, Verdict } from '../../compliance/decide.js';
import { ARTIFACTS, failOnSentence, gradeWords, sortFindings } from '../../compliance/grades.js';
import type { GetArtifactInputs, GetArtifactResult, ItemResult } from './inputs.js';

export function couldNot(inputs: GetArtifactInputs | undefined): string {
  return inputs
    ? `Could not check the artifact${inputs.many ? 's' : ''} in flow ${inputs.flow}`
    : 'Could not check the artifact';
}

/** The outputs of a step that could not check: `compliant` false, the rest empty. */
export const onError: ErrorExtras<GetArtifactInputs> = {
  outputs: { compliant: false, found: '', state: '', 'html-url': '', 'would-fail': true },
};

/** How many attestation names a failure message lists before "and N more". */
const MAX_NAMED = 20;

export function notFoundMessage(inputs: GetArtifactInputs, fingerprint: string, error: ApiError): string {
  const where = [
    `flow '${inputs.flow}'`,
    ...(inputs.trail !== undefined ? [`trail '${inputs.trail}'`] : []),
    ...(inputs.attestationId !== undefined ? [`attestation id ${inputs.attestationId}`] : []),
  ].join(', ');
  return (
    `No artifact with fingerprint ${fingerprint} in ${where} of org '${inputs.connection.org}'` +
    ` (the service answered HTTP 404${error.serverMessage ? `: ${error.serverMessage}` : ''}).` +
    ' Check that the artifact was reported to this flow, and the fingerprint (or artifact and artifact-type).'
  );
}

/** The state, one the evidence contradicts said so, and why it reads so where it is not the service's word. */
function stateWithNote(read: Pick<Verdict, 'state' | 'compliant' | 'stateNote'>): string {
  if (read.state === null) return 'no compliance state';
  const state =
    read.state === 'COMPLIANT' && !read.compliant
      ? 'COMPLIANT by its state, not by its evidence'
      : read.state;
  return read.stateNote === undefined ? state : `${state} (${read.stateNote})`;
}

/** The gate's failure (or warning): the state and the attestations to blame; `label` is the gate's input. */
export function trippedMessage(result: GetArtifactResult, label = 'assert-compliant'): string {
  const name = result.artifact?.filename;
  const subject = `Artifact ${name ? `'${name}' ` : ''}(${result.fingerprint}) in flow '${result.flow}'`;
  const why =
    problemsText(result.problems, MAX_NAMED) ||
    (result.stateInfo ?? 'the service did not say which attestations are missing or non-compliant');
  const see = safeUrl(result.htmlUrl) ? ` See ${result.htmlUrl}` : '';
  const state = result.state === null ? 'has no compliance state' : `is ${stateWithNote(result)}`;
  return `${label}: ${subject} ${state}: ${why}.${see}`;
}

/** unknown in fail-on (assert-compliant) on an answer not shown to be the trail's: could not check (run.ts). */
function unchecked(result: GetArtifactResult): boolean {
  return result.failOn.includes('unknown') && result.notConfirmed !== undefined;
}

/** What a gate says of an artifact not found (missing): whether it fails the step or the step is set to warn of it. */
function gradedSentence(result: GetArtifactResult): string {
  if (result.gate === undefined) return '';
  const failOn = { grades: result.failOn, input: result.gate };
  return failOnSentence(
    failOn,
    sortFindings(['missing'] as const, (g) => g, failOn),
    (g) => g,
    ARTIFACTS,
  );
}

function statusText(a: AttestationCheck): string {
  const status = a.status ?? '';
  const replaced = a.overridden ? 'overridden' : 'superseded';
  return a.superseded ? `${status}${status ? ', ' : ''}${replaced}` : status;
}

/** `lead` writes what comes first (a policy's verdict). */
export function summarize(result: GetArtifactResult, lead?: (summary: SummaryWriter) => void): SummaryWriter {
  const summary = new SummaryWriter();
  lead?.(summary);
  const artifact = result.artifact;
  if (!artifact) {
    summary.heading('❌ Artifact not found', 3);
    summary.paragraph(result.failure ?? result.warning ?? '');
    const graded = gradedSentence(result);
    if (graded !== '') summary.paragraph(graded);
    return summary;
  }
  const name = artifact.filename || result.fingerprint;
  // The state is shown as read, but a gate that could not check is never marked as passed (as with many items).
  summary.heading(
    `${unchecked(result) ? UNKNOWN_MARK : mark(result)} Artifact ${name}: ${stateWithNote(result)}`,
    3,
  );
  if (result.notConfirmed !== undefined) summary.paragraph(result.notConfirmed);
  if (safeUrl(result.htmlUrl)) summary.markdown(link('Open in the compliance service', result.htmlUrl));
  const { git_commit_info: info, repo_url: repo, build_url: build } = artifact;
  summary.fields([
    ['Flow', result.flow],
    ['Name', { text: name, href: result.htmlUrl }],
    ['Fingerprint', { code: result.fingerprint }],
    ['State', result.state === null ? 'none' : stateWithNote(result)],
    ['Trail', artifact.trail_name],
    ['Template reference', artifact.template_reference_name],
    [
      'Commit',
      commitCell({
        sha: artifact.git_commit ?? info?.sha1,
        message: info?.message,
        url: artifact.commit_url ?? info?.url,
      }),
    ],
    ['Build', build ? { text: 'build', href: build } : undefined],
    ['Repository', repo ? { text: repo, href: repo } : undefined],
    ['Reported', timeCell(artifact.created_at)],
    ['State info', result.stateInfo],
  ]);
  if (result.attestations.length > 0) {
    summary.heading('Attestations', 4);
    summary.table(
      ['Attestation', 'Status', 'Compliant'],
      // An override's verdict is said as one: a person's verdict on the attestation.
      result.attestations.map((a) => [
        a.name,
        statusText(a),
        a.type === OVERRIDE_ATTESTATION_TYPE ? overrideCell(a.compliant) : compliantCell(a.compliant),
      ]),
    );
  }
  const gate = result.gate;
  if (gate !== undefined) {
    // Whether the artifact fails the step, then why, without the input's name; a policy may fail it on its own.
    const unlabelled = (text: string) => (text.startsWith(`${gate}: `) ? text.slice(gate.length + 2) : text);
    summary.paragraph(
      result.failure !== undefined
        ? unchecked(result)
          ? result.failure
          : `This fails the step: ${unlabelled(result.failure)}`
        : result.warning !== undefined
          ? `The step is set to warn, not fail, on this: ${unlabelled(result.warning)}`
          : 'The artifact is compliant: its state does not fail the step.',
    );
  }
  return summary;
}

/** Why the step of many items fails, naming them, in the words of the input that made it a gate. */
export function failureOf(
  inputs: Pick<GetArtifactInputs, 'failOn'>,
  items: ItemResult[],
  failed: ItemResult[],
): string | undefined {
  if (failed.length === 0) return undefined;
  const named = firstOf(
    failed.map((i) => `${i.name} (${stateWords(i)})`),
    10,
  );
  const { input } = inputs.failOn;
  const n = failed.length;
  const counted = `${n} of ${items.length} ${plural(items.length, 'artifact')}`;
  if (input === 'assert-compliant') {
    return `assert-compliant: ${counted} ${plural(n, 'is', 'are')} not COMPLIANT: ${named}.`;
  }
  if (input !== undefined) {
    return `${input} (${gradeWords(inputs.failOn.grades)}): ${counted} ${plural(n, 'fails', 'fail')}: ${named}.`;
  }
  return `${counted} ${plural(n, 'was', 'were')} not found or could not be checked: ${named}.`;
}

function stateWords(item: ItemResult): string {
  if (item.outcome === 'not-found') return 'not found';
  return item.outcome === 'error' ? 'could not check' : stateWithNote(item);
}

export function describeItem(item: ItemResult): string {
  const fingerprint = item.fingerprint ? ` (${item.fingerprint.slice(0, 12)})` : '';
  return artifactLine(`${item.name}${fingerprint}`, stateWords(item), whyNotCompliant(item), item.htmlUrl);
}

/** A read's mark: a COMPLIANT state the evidence contradicts is not compliant; no state, or not checked, unknown. */
function mark(read: Pick<ItemResult, 'state' | 'compliant'> & { outcome?: ItemResult['outcome'] }): string {
  if (read.compliant) return STATE_MARK.COMPLIANT;
  if (read.outcome === 'not-found') return STATE_MARK['NON-COMPLIANT'];
  if (read.outcome === 'error' || read.state === null) return UNKNOWN_MARK;
  return read.state === 'COMPLIANT' ? STATE_MARK['NON-COMPLIANT'] : STATE_MARK[read.state];
}

export function summarizeMany(
  flow: string,
  items: ItemResult[],
  failure: string | undefined,
  graded = '',
  lead?: (summary: SummaryWriter) => void,
) {
  const summary = new SummaryWriter();
  lead?.(summary);
  const bad = items.filter((i) => !i.compliant).length;
  const artifacts = `${items.length} ${plural(items.length, 'artifact')} of flow ${flow}`;
  summary.heading(
    bad === 0
      ? `${STATE_MARK.COMPLIANT} ${artifacts}: all COMPLIANT`
      : `${STATE_MARK['NON-COMPLIANT']} ${artifacts}: ${bad} not COMPLIANT`,
    3,
  );
  if (failure !== undefined) summary.paragraph(failure);
  if (graded !== '') summary.paragraph(graded);
  const unconfirmed = items.find((i) => i.notConfirmed !== undefined)?.notConfirmed;
  if (unconfirmed !== undefined) summary.paragraph(unconfirmed);
  // The ones to act on first, in the order given; the compliant after them.
  const ordered = [...items.filter((i) => !i.compliant), ...items.filter((i) => i.compliant)];
  summary.table(
    ['Name', 'Fingerprint', 'State', 'Missing or non-compliant', 'Link'],
    ordered.map((item): Cell[] => [
      item.name,
      item.fingerprint ? { code: item.fingerprint.slice(0, 12) } : '',
      `${mark(item)} ${stateWords(item)}`,
      whyNotCompliant(item),
      item.htmlUrl ? { text: 'open', href: item.htmlUrl } : '',
    ]),
  );
  return summary;
}
