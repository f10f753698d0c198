/**
 * diff-envs: compares two environment snapshots (GET /env-diff/{org}) as a promotion review. Snapshot 2 is the
 * arriving side: what runs only there is added, what runs only in snapshot 1 removed, one of each with the same
 * repository a replacement (pair.ts); then what was scaled, and (on request) what is unchanged. The arriving artifacts'
 * compliance is read from the service (compliance.ts). With `fail-on-diff` it is a drift check; with
 * `fail-on-non-compliant`, a promotion gate.
 */
import { log } from '../../trust/log.js';
import type { DiffArtifact, EnvDiff } from '../../api/schemas.js';
import {
  formatSnapshotExpression,
  parseSnapshotExpression,
  SNAPSHOT_FORMS,
  type SnapshotExpression,
} from '../../api/snapshot.js';
import { InputError } from '../../errors/errors.js';
import type { InputReader } from '../../context/inputs.js';
import { readCommon, withClient, type CommonInputs } from '../../runtime/context.js';
import { COMMENT_WRITER_OPTIONS, readPrComment, type PrCommentInputs } from '../../runtime/pr-comment.js';
import type { Annotation, StepResult } from '../../runtime/step.js';
import { notCompliant, reviewArriving, type ArrivalCheck, type ComplianceReview } from './compliance.js';
import { arrivingOf, pairReplacements, type Replacement } from './pair.js';
import { counts, describeCheck, logDiff, notConfirmedText, summarize } from './render.js';

export interface DiffEnvsInputs extends CommonInputs {
  snapshot1: SnapshotExpression;
  snapshot2: SnapshotExpression;
  showUnchanged: boolean;
  failOnDiff: boolean;
  /** Read the arriving artifacts' compliance from the service. */
  compliance: boolean;
  /** Fail the step when an arriving artifact is not COMPLIANT (needs `compliance`). */
  failOnNonCompliant: boolean;
  prComment: PrCommentInputs;
}

export function readInputs(inputs: InputReader, cwd: string): DiffEnvsInputs {
  // The GitHub token first, masked before any other input can fail with a message.
  const githubToken = inputs.secret('github-token');
  const common = readCommon(inputs, cwd);
  const snapshot = (name: string) => parseSnapshotExpression(inputs.required(name, SNAPSHOT_FORMS), name);
  return {
    ...common,
    snapshot1: snapshot('snapshot-1'),
    snapshot2: snapshot('snapshot-2'),
    showUnchanged: inputs.boolean('show-unchanged', false),
    failOnDiff: inputs.boolean('fail-on-diff', false),
    ...readComplianceInputs(inputs),
    prComment: readPrComment(inputs, common, githubToken),
  };
}

function readComplianceInputs(inputs: InputReader): { compliance: boolean; failOnNonCompliant: boolean } {
  const compliance = inputs.boolean('compliance', true);
  const failOnNonCompliant = inputs.boolean('fail-on-non-compliant', false);
  if (failOnNonCompliant && !compliance) {
    throw new InputError(
      'fail-on-non-compliant',
      'is true while compliance is false: the gate needs the compliance lookups',
      'compliance: true (the default) with fail-on-non-compliant: true, or fail-on-non-compliant: false',
    );
  }
  return { compliance, failOnNonCompliant };
}

export interface DiffSide {
  /** The expression as sent, e.g. `staging~1`. */
  expression: string;
  /** The snapshot the service resolved it to, e.g. `staging#41`; null when the answer does not say (not confirmed). */
  id: string | null;
  /** How the summary and log name it: the id, else the expression as asked. */
  name: string;
}

export interface DiffEnvsResult {
  url: string;
  snapshot1: DiffSide;
  snapshot2: DiffSide;
  /** True when anything differs: an artifact only in one snapshot, or a change of instance count. */
  changed: boolean;
  counts: {
    onlyIn1: number;
    onlyIn2: number;
    replaced: number;
    added: number;
    removed: number;
    scaled: number;
    unchanged: number;
  };
  /** One only in snapshot 1 and one only in snapshot 2 of the same repository. */
  replaced: Replacement[];
  /** Only in snapshot 2, not a replacement. */
  added: DiffArtifact[];
  /** Only in snapshot 1, not replaced. */
  removed: DiffArtifact[];
  scaled: DiffArtifact[];
  unchanged: DiffArtifact[];
  /** The arriving artifacts' compliance; absent with `compliance: false`. */
  compliance?: ComplianceReview;
}

/** The two snapshots as asked (canonical form): in the result file, also of a step that could not compare them. */
export function asked(inputs: DiffEnvsInputs): {
  snapshot1: { expression: string };
  snapshot2: { expression: string };
} {
  return {
    snapshot1: { expression: formatSnapshotExpression(inputs.snapshot1) },
    snapshot2: { expression: formatSnapshotExpression(inputs.snapshot2) },
  };
}

export async function run(inputs: DiffEnvsInputs): Promise<StepResult> {
  const one = formatSnapshotExpression(inputs.snapshot1);
  const two = formatSnapshotExpression(inputs.snapshot2);
  const result = await withClient(inputs.connection, async (client) => {
    const url = client.urlFor('diffEnvironments', {}, { snappish1: one, snappish2: two });
    const diff = await log.group(`Compare ${one} with ${two}`, async () => {
      log.info(`GET ${url}`);
      return client.diffEnvironments(one, two);
    });
    const compared = toResult(url, one, two, diff);
    const arriving = arrivingOf(compared);
    if (!inputs.compliance || arriving.length === 0) return compared;
    const compliance = await log.group(
      `Check the compliance of ${arriving.length} arriving artifact(s)`,
      () => reviewArriving(client, arriving),
    );
    return { ...compared, compliance };
  });
  logDiff(result);
  return toStep(result, inputs);
}

/** The step a diff makes: its outcome, outputs, summary and comment, and the failures of both gates. */
export function toStep(
  result: DiffEnvsResult,
  inputs: Pick<DiffEnvsInputs, 'showUnchanged' | 'failOnDiff' | 'compliance' | 'failOnNonCompliant'>,
): StepResult {
  const { snapshot1: s1, snapshot2: s2 } = result;
  const full: DiffEnvsResult = inputs.compliance
    ? { ...result, compliance: result.compliance ?? { checks: [], leftOut: 0 } }
    : result;
  const review = full.compliance;
  const bad = review ? notCompliant(arrivingOf(result), review) : [];
  const unchecked = bad.filter((c) => c.state === 'NOT-CHECKED');
  const gate = inputs.failOnNonCompliant && bad.length > 0;
  // A gate cannot pass, nor fail on a difference, about snapshots the answer does not name: could not check.
  const unconfirmed = s1.id === null || s2.id === null;
  if (unconfirmed && (inputs.failOnDiff || inputs.failOnNonCompliant)) return unconfirmedGate(full, inputs);
  const failures = [
    ...(gate ? [gateFailure(bad, arrivingOf(result).length)] : []),
    ...(inputs.failOnDiff && result.changed
      ? [
          `${s1.name} and ${s2.name} differ (fail-on-diff): ${counts(result)}. ` +
            'See the job summary or result-file for the artifacts.',
        ]
      : []),
  ];
  // An arriving artifact the gate could not check is "could not check", never a pass; without the gate it is a warning.
  const annotations: Annotation[] = gate
    ? bad.map((c) => ({
        level: 'error',
        title: 'Arriving artifact not compliant',
        message: describeCheck(c),
      }))
    : unchecked.map((c) => ({
        level: 'warning',
        title: 'Compliance not checked',
        message: describeCheck(c),
      }));
  return {
    outcome:
      inputs.failOnNonCompliant && unchecked.length > 0 ? 'error' : result.changed ? 'different' : 'same',
    outputs: {
      changed: result.changed,
      'only-in-1': result.counts.onlyIn1,
      'only-in-2': result.counts.onlyIn2,
      replaced: result.counts.replaced,
      scaled: result.counts.scaled,
      unchanged: result.counts.unchanged,
      ...(review && {
        'non-compliant': bad.map((c) => ({ name: c.name, fingerprint: c.fingerprint, state: c.state })),
      }),
      'snapshot-1-id': s1.id ?? '',
      'snapshot-2-id': s2.id ?? '',
    },
    result: { ...full },
    summary: summarize(full, inputs),
    // Keyed by the two expressions too: a promotion check and a drift check in one workflow keep their own comments.
    comment: {
      key: `diff-envs/${s1.expression}..${s2.expression}`,
      body: () => summarize(full, inputs, COMMENT_WRITER_OPTIONS).toString(),
    },
    ...(annotations.length > 0 && { annotations }),
    ...(failures.length > 0 && { failure: failures.join(' ') }),
  };
}

/**
 * A gate (fail-on-diff or fail-on-non-compliant) on an answer that does not name its snapshots: outcome error, the
 * diff still written (outputs, summary, comment) as asked, and the failure says why.
 */
function unconfirmedGate(
  result: DiffEnvsResult,
  inputs: Pick<DiffEnvsInputs, 'showUnchanged' | 'failOnDiff' | 'compliance' | 'failOnNonCompliant'>,
): StepResult {
  const step = toStep(result, { ...inputs, failOnDiff: false, failOnNonCompliant: false });
  const gates = [
    ...(inputs.failOnDiff ? ['fail-on-diff'] : []),
    ...(inputs.failOnNonCompliant ? ['fail-on-non-compliant'] : []),
  ].join(' and ');
  const failure = `${gates}: could not check. ${notConfirmedText(result)}`;
  // `changed` is not set, as when it could not compare: a later step that reads it without the outcome must not
  // go on as if the gate had passed.
  const { changed: _changed, ...outputs } = step.outputs;
  step.summary?.paragraph(failure);
  return {
    ...step,
    outcome: 'error',
    outputs,
    result: { ...step.result, error: { kind: 'unexpected-response', message: failure } },
    failure,
  };
}

function gateFailure(bad: ArrivalCheck[], arriving: number): string {
  const shown = bad.slice(0, 5).map((c) => `${c.name ?? c.fingerprint} (${c.state})`);
  const more = bad.length > shown.length ? ` and ${bad.length - shown.length} more` : '';
  return (
    `${bad.length} of ${arriving} arriving artifact(s) not COMPLIANT (fail-on-non-compliant): ` +
    `${shown.join(', ')}${more}. See the job summary or the non-compliant output.`
  );
}

function side(expression: string, id: string | null | undefined): DiffSide {
  return id ? { expression, id, name: id } : { expression, id: null, name: expression };
}

/** The service's four groups as the result, replacements paired: `changed` when anything is only in one, or scaled. */
export function toResult(url: string, one: string, two: string, diff: EnvDiff): DiffEnvsResult {
  const onlyIn1 = diff.snappish1.artifacts;
  const onlyIn2 = diff.snappish2.artifacts;
  const scaled = diff.changed.artifacts;
  const unchanged = diff['not-changed'].artifacts;
  const { replaced, added, removed } = pairReplacements(onlyIn1, onlyIn2);
  return {
    url,
    // The client holds an id that is given to the snapshot asked; one not given is not confirmed (null).
    snapshot1: side(one, diff.snappish1.snapshot_id),
    snapshot2: side(two, diff.snappish2.snapshot_id),
    changed: onlyIn1.length + onlyIn2.length + scaled.length > 0,
    counts: {
      onlyIn1: onlyIn1.length,
      onlyIn2: onlyIn2.length,
      replaced: replaced.length,
      added: added.length,
      removed: removed.length,
      scaled: scaled.length,
      unchanged: unchanged.length,
    },
    replaced,
    added,
    removed,
    scaled,
    unchanged,
  };
}
