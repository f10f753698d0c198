/**
 * get-artifact with many items (issue 16): a whole release checked in one step. Each item is fingerprinted as one
 * would be (at most 8 at once; a file is hashed synchronously, so in practice one at a time), then looked up, at most
 * 8 requests in flight, and judged by the one decision (src/compliance/decide.ts). One item that cannot be checked
 * does not stop the others; what fails every item alike fails the step once. The outcome is the worst of the items' (error, then not-found, then non-compliant); `assert-compliant`
 * fails the step after everything was read and written, naming the items.
 */
import { mapBounded } from '../../api/pagination.js';
import type { ArtifactState } from '../../api/schemas.js';
import { judgeAnswer, type AttestationProblem } from '../../compliance/decide.js';
import { lookUpArtifact } from '../../compliance/lookup.js';
import { ApiError, ComplianceError } from '../../errors/errors.js';
import { fingerprintArtifact } from '../../fingerprint/artifact.js';
import type { NamedSpec } from '../../runtime/artifact.js';
import { withClient } from '../../runtime/context.js';
import { stepError, type Annotation, type StepError, type StepResult } from '../../runtime/step.js';
import { artifactLine, STATE_MARK, UNKNOWN_MARK, whyNotCompliant } from '../../summary/cells.js';
import { SummaryWriter, type Cell } from '../../summary/writer.js';
import { log } from '../../trust/log.js';
import { trailNotConfirmed, type GetArtifactInputs } from './read.js';

/** Items in hand at once: hashed, or waiting for the service. */
export const ITEM_CONCURRENCY = 8;

export type ItemOutcome = 'compliant' | 'non-compliant' | 'not-found' | 'error';

export interface ItemResult {
  name: string;
  /** Absent when it could not be fingerprinted. */
  fingerprint?: string;
  outcome: ItemOutcome;
  state: ArtifactState | null;
  compliant: boolean;
  htmlUrl?: string;
  /** What keeps it from being compliant, where the evidence says. */
  problems?: AttestationProblem[];
  stateInfo?: string;
  /** Why it could not be checked. */
  error?: StepError;
  /** A trail was asked and the answer names none (without assert-compliant: judged, and said). */
  notConfirmed?: string;
}

/** Worst last: the step's outcome is the worst of its items'. */
const RANK: ItemOutcome[] = ['compliant', 'non-compliant', 'not-found', 'error'];

export async function runMany(inputs: GetArtifactInputs): Promise<StepResult> {
  const query = {
    ...(inputs.trail !== undefined && { trail: inputs.trail }),
    ...(inputs.attestationId !== undefined && { attestation_id: inputs.attestationId }),
  };
  // Every item is fingerprinted before the client exists: the step's time budget is the service's, and hashing a
  // release of large files must not spend it (found by review), as with one item.
  const hashed = await log.group(`Fingerprint ${inputs.items.length} artifacts`, () =>
    mapBounded(inputs.items, ITEM_CONCURRENCY, async (item) => {
      try {
        const { fingerprint } = await fingerprintArtifact(item.spec);
        return { item, fingerprint };
      } catch (error) {
        // One item that cannot be fingerprinted is "could not check"; the others go on.
        const why = stepError(error);
        log.info(`${item.name}: could not fingerprint: ${why.message}`);
        return { item, error: why };
      }
    }),
  );
  const items = await withClient(inputs.connection, (client) =>
    log.group(`Check ${inputs.items.length} artifacts in flow ${inputs.flow}`, () =>
      mapBounded(hashed, ITEM_CONCURRENCY, async ({ item, fingerprint, error }): Promise<ItemResult> => {
        if (fingerprint === undefined) return notChecked(item, undefined, error);
        try {
          const result = judge(
            inputs,
            item,
            fingerprint,
            await lookUpArtifact(client, inputs.flow, fingerprint, query),
          );
          log.info(`${item.name}  ${fingerprint.slice(0, 12)}  ${result.outcome}`);
          return result;
        } catch (failure) {
          // What fails every item alike (the token, the org or flow, the service down, the time budget) fails the
          // step once, with the usual next step, not N times (found by review).
          if (stepWide(failure)) throw failure;
          const why = stepError(failure);
          log.info(`${item.name}: could not check: ${why.message}`);
          return notChecked(item, fingerprint, why);
        }
      }),
    ),
  );
  return manyStep(inputs, items);
}

function notChecked(
  item: NamedSpec,
  fingerprint: string | undefined,
  error: StepError | undefined,
): ItemResult {
  return {
    name: item.name,
    ...(fingerprint !== undefined && { fingerprint }),
    outcome: 'error',
    state: null,
    compliant: false,
    ...(error && { error }),
  };
}

/** A failure that is not about one item: a refused token, a missing org or flow, an unreachable service, no time. */
function stepWide(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 401 || error.status === 403 || error.status === 404;
  return error instanceof ComplianceError && (error.kind === 'network' || error.kind === 'timeout');
}

function judge(
  inputs: Pick<GetArtifactInputs, 'trail' | 'assertCompliant'>,
  item: NamedSpec,
  fingerprint: string,
  found: Awaited<ReturnType<typeof lookUpArtifact>>,
): ItemResult {
  if (found.notFound) {
    return { name: item.name, fingerprint, outcome: 'not-found', state: null, compliant: false };
  }
  const { artifact } = found;
  const notConfirmed = trailNotConfirmed(inputs.trail, artifact);
  // As with one item: the gate cannot pass on an artifact not shown to be the trail's.
  if (notConfirmed && inputs.assertCompliant) {
    return notChecked(item, fingerprint, { kind: 'unexpected-response', message: notConfirmed });
  }
  const judged = judgeAnswer(artifact);
  return {
    // An item given by its fingerprint is named as the service knows it (its fingerprint is beside it anyway).
    name: item.spec.type === 'fingerprint' && artifact.filename ? artifact.filename : item.name,
    fingerprint,
    outcome: judged.compliant ? 'compliant' : 'non-compliant',
    ...judged,
    ...(notConfirmed !== undefined && { notConfirmed }),
  };
}

/** The step of many items: the worst outcome, the lists, the summary, and the failure naming the items. */
export function manyStep(
  inputs: Pick<GetArtifactInputs, 'flow' | 'assertCompliant'>,
  items: ItemResult[],
): StepResult {
  const outcome = items.reduce<ItemOutcome>(
    (worst, item) => (RANK.indexOf(item.outcome) > RANK.indexOf(worst) ? item.outcome : worst),
    'compliant',
  );
  const entry = (item: ItemResult) => ({
    name: item.name,
    fingerprint: item.fingerprint ?? null,
    state: item.outcome === 'error' ? 'NOT-CHECKED' : item.state,
  });
  // An item that could not be checked is listed as not compliant: a script reading only the list fails closed.
  const nonCompliant = items.filter((i) => i.outcome === 'non-compliant' || i.outcome === 'error');
  const notFound = items.filter((i) => i.outcome === 'not-found');
  const bad = items.filter((i) => !i.compliant);
  const failure = failureOf(inputs, items, bad);
  return {
    outcome,
    outputs: {
      count: items.length,
      compliant: bad.length === 0,
      'non-compliant': nonCompliant.map(entry),
      'not-found': notFound.map(entry),
    },
    result: { flow: inputs.flow, assertCompliant: inputs.assertCompliant, count: items.length, items },
    summary: summarizeMany(inputs.flow, items, failure),
    ...(failure !== undefined && {
      failure,
      // The items that failed the step: all not COMPLIANT with assert-compliant, else those not found or not checked.
      annotations: (inputs.assertCompliant ? bad : failing(items)).map((item): Annotation => ({
        level: 'error',
        title: `Artifact ${item.name}`,
        message: describeItem(item),
      })),
    }),
  };
}

/**
 * Why the step fails: with assert-compliant any item not COMPLIANT; without it, as with one item, an item not found
 * or one that could not be checked.
 */
function failureOf(
  inputs: Pick<GetArtifactInputs, 'assertCompliant'>,
  items: ItemResult[],
  bad: ItemResult[],
): string | undefined {
  const named = (list: ItemResult[]) => {
    const shown = list.slice(0, 10).map((i) => `${i.name} (${stateWords(i)})`);
    return `${shown.join(', ')}${list.length > shown.length ? ` and ${list.length - shown.length} more` : ''}`;
  };
  if (inputs.assertCompliant && bad.length > 0) {
    return `assert-compliant: ${bad.length} of ${items.length} artifacts are not COMPLIANT: ${named(bad)}.`;
  }
  const failed = failing(items);
  if (failed.length === 0) return undefined;
  return `${failed.length} of ${items.length} artifacts were not found or could not be checked: ${named(failed)}.`;
}

function failing(items: ItemResult[]): ItemResult[] {
  return items.filter((i) => i.outcome === 'not-found' || i.outcome === 'error');
}

function stateWords(item: ItemResult): string {
  switch (item.outcome) {
    case 'not-found':
      return 'not found';
    case 'error':
      return 'could not check';
    default:
      return item.state === 'COMPLIANT' && !item.compliant
        ? 'COMPLIANT by its state, not by its evidence'
        : (item.state ?? 'no compliance state');
  }
}

/** One item in a line, for its annotation. */
function describeItem(item: ItemResult): string {
  const fingerprint = item.fingerprint ? ` (${item.fingerprint.slice(0, 12)})` : '';
  return artifactLine(`${item.name}${fingerprint}`, stateWords(item), whyNotCompliant(item), item.htmlUrl);
}

function mark(item: ItemResult): string {
  if (item.compliant) return STATE_MARK.COMPLIANT;
  if (item.outcome === 'not-found') return STATE_MARK['NON-COMPLIANT'];
  if (item.outcome === 'error' || item.state === null) return UNKNOWN_MARK;
  return item.state === 'COMPLIANT' ? STATE_MARK['NON-COMPLIANT'] : STATE_MARK[item.state];
}

export function summarizeMany(flow: string, items: ItemResult[], failure: string | undefined): SummaryWriter {
  const summary = new SummaryWriter();
  const bad = items.filter((i) => !i.compliant).length;
  summary.heading(
    bad === 0
      ? `${STATE_MARK.COMPLIANT} ${items.length} artifacts of flow ${flow}: all COMPLIANT`
      : `${STATE_MARK['NON-COMPLIANT']} ${items.length} artifacts of flow ${flow}: ${bad} not COMPLIANT`,
    3,
  );
  if (failure !== undefined) summary.paragraph(failure);
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
