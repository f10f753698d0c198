/**
 * get-artifact, rendering: the failure messages (not found, the gate tripped) and the job summary. Text from the
 * service is escaped by the summary writer and scrubbed by the log writer; nothing here writes to the runner.
 */
import type { ApiError } from '../../errors/errors.js';
import { commitCell, compliantCell, STATE_MARK, timeCell, UNKNOWN_MARK } from '../../summary/cells.js';
import { link, safeUrl, SummaryWriter, type Cell } from '../../summary/writer.js';
import type { AttestationCheck } from '../../compliance/decide.js';
import type { GetArtifactInputs } from './read.js';
import type { GetArtifactResult } from './run.js';

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

/** The state in words: a COMPLIANT state the evidence contradicts says so. */
function stateText(result: GetArtifactResult): string {
  if (result.state === null) return 'has no compliance state';
  return result.state === 'COMPLIANT' && !result.compliant
    ? 'is COMPLIANT by its state, not by its evidence'
    : `is ${result.state}`;
}

/** The gate's failure: the state, and the attestations to blame (or the service's own words when it names none). */
export function trippedMessage(result: GetArtifactResult): string {
  const name = result.artifact?.filename;
  const subject = `Artifact ${name ? `'${name}' ` : ''}(${result.fingerprint}) in flow '${result.flow}'`;
  const groups = (['non-compliant', 'missing'] as const)
    .map((kind) => {
      const names = result.problems.filter((p) => p.problem === kind).map((p) => p.name);
      return names.length > 0 ? `${kind}: ${nameList(names)}` : '';
    })
    .filter((text) => text !== '');
  const why =
    groups.length > 0
      ? groups.join('; ')
      : (result.stateInfo ?? 'the service did not say which attestations are missing or non-compliant');
  const see = safeUrl(result.htmlUrl) ? ` See ${result.htmlUrl}` : '';
  return `assert-compliant: ${subject} ${stateText(result)}: ${why}.${see}`;
}

function nameList(names: string[]): string {
  const shown = names.slice(0, MAX_NAMED).join(', ');
  return names.length > MAX_NAMED ? `${shown} and ${names.length - MAX_NAMED} more` : shown;
}

/** assert-compliant on an answer not shown to be the trail's: the gate could not check (run.ts). */
function unchecked(result: GetArtifactResult): boolean {
  return result.assertCompliant && result.notConfirmed !== undefined;
}

function heading(result: GetArtifactResult, name: string): string {
  // The state is shown as read, but a gate that could not check is never marked as passed (as in many.ts).
  const mark = unchecked(result)
    ? UNKNOWN_MARK
    : result.compliant
      ? STATE_MARK.COMPLIANT
      : result.state === null
        ? UNKNOWN_MARK
        : result.state === 'COMPLIANT'
          ? STATE_MARK['NON-COMPLIANT']
          : STATE_MARK[result.state];
  const state =
    result.state === null
      ? 'no compliance state'
      : result.state === 'COMPLIANT' && !result.compliant
        ? 'COMPLIANT by its state, not by its evidence'
        : result.state;
  return `${mark} Artifact ${name}: ${state}`;
}

function statusText(a: AttestationCheck): string {
  const status = a.status ?? '';
  return a.superseded ? `${status}${status ? ', ' : ''}superseded` : status;
}

export function summarize(result: GetArtifactResult): SummaryWriter {
  const summary = new SummaryWriter();
  const artifact = result.artifact;
  if (!artifact) {
    summary.heading('❌ Artifact not found', 3);
    summary.paragraph(result.failure ?? '');
    return summary;
  }
  const name = artifact.filename || result.fingerprint;
  summary.heading(heading(result, name), 3);
  if (result.notConfirmed !== undefined) summary.paragraph(result.notConfirmed);
  if (safeUrl(result.htmlUrl)) summary.markdown(link('Open in the compliance service', result.htmlUrl));
  const info = artifact.git_commit_info ?? undefined;
  const repo = artifact.repo_url ?? undefined;
  const build = artifact.build_url ?? undefined;
  const rows: [string, Cell][] = [
    ['Flow', result.flow],
    ['Name', { text: name, href: result.htmlUrl }],
    ['Fingerprint', { code: result.fingerprint }],
    ['State', result.state ?? 'none'],
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
  ];
  summary.table(
    ['Field', 'Value'],
    rows.filter(([, value]) => value !== undefined && value !== null && value !== '').map((row) => [...row]),
  );
  if (result.attestations.length > 0) {
    summary.heading('Attestations', 4);
    summary.table(
      ['Attestation', 'Status', 'Compliant'],
      result.attestations.map((a) => [a.name, statusText(a), compliantCell(a.compliant)]),
    );
  }
  if (result.assertCompliant) {
    summary.paragraph(
      result.failure === undefined
        ? 'assert-compliant: passed.'
        : unchecked(result)
          ? result.failure
          : `assert-compliant: failed. ${result.failure.replace(/^assert-compliant: /, '')}`,
    );
  }
  return summary;
}
