/**
 * get-artifact: reads one artifact of a flow by its fingerprint (GET /artifacts/{org}/{flow}/fingerprint/{fp}), the
 * fingerprint given as is or computed the way report-artifact computes it, and gives its compliance state. With
 * `assert-compliant` it is a gate: the step fails unless the state is COMPLIANT, naming what is missing or
 * non-compliant. `outcome` tells a later step which of compliant, non-compliant, not-found or error (could not check)
 * it was; a 404 fails the step too, after the outputs are set.
 */
import { log } from '../../trust/log.js';
import { ApiError, isRecord, shownField } from '../../api/index.js';
import type { Artifact, ArtifactState } from '../../api/schemas.js';
import type { InputReader } from '../../context/inputs.js';
import type { ArtifactSpec } from '../../fingerprint/artifact.js';
import { readArtifactSpec, resolveFingerprint } from '../../runtime/artifact.js';
import { readCommon, withClient, type CommonInputs, type RunnerContext } from '../../runtime/context.js';
import { notFoundAbout, recordCouldNotCheck } from '../../runtime/outcome.js';
import { setOutputs, writeResultFile } from '../../runtime/legacy-output.js';
import { commitCell, compliantCell, STATE_MARK, timeCell, UNKNOWN_MARK } from '../../summary/cells.js';
import { link, safeUrl, SummaryWriter, type Cell } from '../../summary/writer.js';
import { redact } from '../../trust/redact.js';

const ACTION = 'get-artifact';
/** How many attestation names a failure message lists before "and N more". */
const MAX_NAMED = 20;

export interface GetArtifactInputs extends CommonInputs {
  flow: string;
  artifact: ArtifactSpec;
  trail: string | undefined;
  attestationId: string | undefined;
  /** Fail the step unless the artifact's state is COMPLIANT. */
  assertCompliant: boolean;
}

export function readInputs(inputs: InputReader, cwd: string): GetArtifactInputs {
  const common = readCommon(inputs, cwd);
  const flow = inputs.requiredMatching('flow', 'flowName');
  return {
    ...common,
    flow,
    artifact: readArtifactSpec(inputs, common.runner.workspace),
    trail: inputs.matching('trail', 'trailName'),
    attestationId: inputs.matching('attestation-id', 'attestationId'),
    assertCompliant: inputs.boolean('assert-compliant', false),
  };
}

/** One attestation of the artifact's compliance status (its `evidence`), as far as the service shows it. */
export interface AttestationCheck {
  name: string;
  /** `MISSING` or `COMPLETE` where the service says. */
  status: string | undefined;
  /** true or false once reported; null or undefined when not (yet) known. */
  compliant: boolean | null | undefined;
}

export interface AttestationProblem {
  name: string;
  problem: 'missing' | 'non-compliant';
}

/** `error`: it could not check (unreachable, 5xx, 401, a malformed answer, an org or flow that does not exist). */
export type GetArtifactOutcome = 'compliant' | 'non-compliant' | 'not-found' | 'error';

export interface GetArtifactResult {
  outcome: Exclude<GetArtifactOutcome, 'error'>;
  flow: string;
  fingerprint: string;
  trail?: string;
  attestationId?: string;
  /** The API URL that was read. */
  url: string;
  found: boolean;
  state: ArtifactState | null;
  compliant: boolean;
  htmlUrl: string | null;
  stateInfo: string | null;
  attestations: AttestationCheck[];
  /** What keeps the artifact from being compliant: missing and non-compliant attestations. */
  problems: AttestationProblem[];
  assertCompliant: boolean;
  /** Why the step failed (not found, or the gate tripped); absent when it passed. */
  failure?: string;
  /** The service's answer; absent when the artifact was not found. */
  artifact?: Artifact;
}

/** What a later step reads when the step could not check: never a compliant artifact, and never "not found". */
const COULD_NOT_CHECK = { compliant: false, found: '', state: '', 'html-url': '' };

/** Sets the outputs and writes the result file of a step that could not check; the caller fails the step. */
export async function couldNotCheck(
  runner: RunnerContext,
  known: Record<string, unknown>,
  error: unknown,
  heading?: string,
): Promise<void> {
  const result = { compliant: false, found: null, ...known };
  await recordCouldNotCheck(runner, ACTION, COULD_NOT_CHECK, result, error, heading);
}

export async function run(inputs: GetArtifactInputs): Promise<GetArtifactResult> {
  // What is known so far, for the result file of a step that could not check.
  const known: Record<string, unknown> = { flow: inputs.flow, assertCompliant: inputs.assertCompliant };
  try {
    return await check(inputs, known);
  } catch (error) {
    const heading = `Could not check the artifact in flow ${inputs.flow}`;
    await couldNotCheck(inputs.runner, known, error, inputs.summary ? heading : undefined);
    throw error;
  }
}

/** A 404 that names the artifact (or its trail or attestation), as opposed to the org or flow. */
const ABOUT_ARTIFACT = /\b(artifact|fingerprint|trail|attestation)/i;

async function check(inputs: GetArtifactInputs, known: Record<string, unknown>): Promise<GetArtifactResult> {
  const { fingerprint } = await resolveFingerprint(inputs.artifact);
  known.fingerprint = fingerprint;
  const query = {
    ...(inputs.trail !== undefined && { trail: inputs.trail }),
    ...(inputs.attestationId !== undefined && { attestation_id: inputs.attestationId }),
  };
  return withClient(inputs.connection, async (client) => {
    const url = client.urlFor('getArtifact', { flow_name: inputs.flow, fingerprint }, query);
    known.url = url;
    const base = {
      flow: inputs.flow,
      fingerprint,
      ...(inputs.trail !== undefined && { trail: inputs.trail }),
      ...(inputs.attestationId !== undefined && { attestationId: inputs.attestationId }),
      url,
      assertCompliant: inputs.assertCompliant,
    };
    const artifact = await log.group(`Read the artifact from flow ${inputs.flow}`, async () => {
      try {
        const answer = await client.getArtifact(inputs.flow, fingerprint, query);
        log.info(
          redact(
            `${shownField(() => answer.filename) ?? 'Artifact'} (${fingerprint}): ${answer.state ?? 'no state'}`,
          ),
        );
        return answer;
      } catch (error) {
        // Only a 404 about the artifact is "not found"; an org or flow that does not exist could not be checked.
        if (
          error instanceof ApiError &&
          error.status === 404 &&
          notFoundAbout(error, ABOUT_ARTIFACT) === 'subject'
        )
          return error;
        throw error;
      }
    });

    let result: GetArtifactResult;
    if (artifact instanceof ApiError) {
      result = {
        ...base,
        outcome: 'not-found',
        found: false,
        state: null,
        compliant: false,
        htmlUrl: null,
        stateInfo: null,
        attestations: [],
        problems: [],
        failure: notFound(inputs, fingerprint, artifact),
      };
    } else {
      const state = artifact.state ?? null;
      const attestations = attestationsOf(artifact);
      const problems = attestations.flatMap((a): AttestationProblem[] =>
        a.status === 'MISSING'
          ? [{ name: a.name, problem: 'missing' }]
          : a.compliant === false
            ? [{ name: a.name, problem: 'non-compliant' }]
            : [],
      );
      result = {
        ...base,
        outcome: state === 'COMPLIANT' ? 'compliant' : 'non-compliant',
        found: true,
        state,
        compliant: state === 'COMPLIANT',
        htmlUrl: shownField(() => artifact.html_url) ?? null,
        stateInfo: shownField(() => artifact.state_info) ?? null,
        attestations,
        problems,
        artifact,
      };
      if (inputs.assertCompliant && !result.compliant) result.failure = tripped(result, artifact);
    }

    setOutputs({
      outcome: result.outcome,
      found: result.found,
      state: result.state ?? '',
      compliant: result.compliant,
      'html-url': result.htmlUrl ?? '',
    });
    await writeResultFile(inputs.runner, ACTION, result);
    if (inputs.summary) await summarize(result).write(inputs.runner.summaryFile);
    // Server text (names, state_info) goes to the log: scrubbed like every other message.
    if (result.failure !== undefined) log.fail(result.failure);
    else if (inputs.assertCompliant) log.info(`assert-compliant: the artifact is COMPLIANT.`);
    return result;
  });
}

function notFound(inputs: GetArtifactInputs, fingerprint: string, error: ApiError): string {
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

/** The gate's failure: the state, and the attestations to blame (or the service's own words when it names none). */
function tripped(result: GetArtifactResult, artifact: Artifact): string {
  const name = shownField(() => artifact.filename);
  const subject = `Artifact ${name ? `'${name}' ` : ''}(${result.fingerprint}) in flow '${result.flow}'`;
  const state = result.state ? `is ${result.state}` : 'has no compliance state';
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
  return `assert-compliant: ${subject} ${state}: ${why}.${see}`;
}

function nameList(names: string[]): string {
  const shown = names.slice(0, MAX_NAMED).join(', ');
  return names.length > MAX_NAMED ? `${shown} and ${names.length - MAX_NAMED} more` : shown;
}

/**
 * The attestations of the artifact's `evidence`, whose inner shape the spec does not show. Read: a map of
 * attestation name to `{status, is_compliant}` (as the sandbox answers), and lists of attestation status items
 * (`{attestation_name, status, is_compliant}`, the trail's compliance status shape) under any key.
 */
export function attestationsOf(artifact: Artifact): AttestationCheck[] {
  const evidence = shownField(() => artifact.evidence);
  if (!isRecord(evidence)) return [];
  const out: AttestationCheck[] = [];
  const add = (value: unknown, fallbackName: string | undefined) => {
    if (!isRecord(value)) return;
    const status = typeof value.status === 'string' ? value.status : undefined;
    const compliant =
      typeof value.is_compliant === 'boolean' || value.is_compliant === null ? value.is_compliant : undefined;
    const name = typeof value.attestation_name === 'string' ? value.attestation_name : fallbackName;
    if (name === undefined || (status === undefined && compliant === undefined)) return;
    out.push({ name, status, compliant });
  };
  for (const [key, value] of Object.entries(evidence)) {
    if (Array.isArray(value)) for (const item of value) add(item, undefined);
    else add(value, key);
  }
  return out;
}

function summarize(result: GetArtifactResult): SummaryWriter {
  const summary = new SummaryWriter();
  const artifact = result.artifact;
  if (!artifact) {
    summary.heading('❌ Artifact not found', 3);
    summary.paragraph(result.failure ?? '');
    return summary;
  }
  const name = shownField(() => artifact.filename) ?? result.fingerprint;
  summary.heading(
    `${result.state ? STATE_MARK[result.state] : UNKNOWN_MARK} Artifact ${name}: ${result.state ?? 'no compliance state'}`,
    3,
  );
  if (safeUrl(result.htmlUrl)) summary.markdown(link('Open in the compliance service', result.htmlUrl));
  const info = shownField(() => artifact.git_commit_info) ?? undefined;
  const repo = shownField(() => artifact.repo_url) ?? undefined;
  const build = shownField(() => artifact.build_url) ?? undefined;
  const rows: [string, Cell][] = [
    ['Flow', result.flow],
    ['Name', { text: name, href: result.htmlUrl }],
    ['Fingerprint', { code: result.fingerprint }],
    ['State', result.state ?? 'none'],
    ['Trail', shownField(() => artifact.trail_name)],
    ['Template reference', shownField(() => artifact.template_reference_name)],
    [
      'Commit',
      commitCell({
        sha: shownField(() => artifact.git_commit) ?? shownField(() => info?.sha1),
        message: shownField(() => info?.message),
        url: shownField(() => artifact.commit_url) ?? shownField(() => info?.url),
      }),
    ],
    ['Build', build ? { text: 'build', href: build } : undefined],
    ['Repository', repo ? { text: repo, href: repo } : undefined],
    ['Reported', timeCell(shownField(() => artifact.created_at))],
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
      result.attestations.map((a) => [a.name, a.status ?? '', compliantCell(a.compliant)]),
    );
  }
  if (result.assertCompliant) {
    summary.paragraph(
      result.failure === undefined
        ? 'assert-compliant: passed.'
        : `assert-compliant: failed. ${result.failure.replace(/^assert-compliant: /, '')}`,
    );
  }
  return summary;
}
