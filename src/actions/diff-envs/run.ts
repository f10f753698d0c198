/** diff-envs, running: reads the diff, pairs it, reads the arrivals' compliance, renders it, makes the step. */
import type { ComplianceClient } from '../../api/client.js';
import { lastByKey, mapBounded } from '../../api/pagination.js';
import type { DiffArtifact } from '../../api/schemas.js';
import { formatSnapshotExpression } from '../../api/snapshot.js';
import { gradeWords, type FailOn } from '../../compliance/grades.js';
import { joinPolicy, type PolicyResult } from '../../compliance/policy/report.js';
import {
  checkKey,
  LOOKUP_CONCURRENCY,
  lookUpArtifact,
  malformedName,
  MAX_LOOKUPS,
} from '../../compliance/lookup.js';
import { withClient } from '../../runtime/context.js';
import { COMMENT_WRITER_OPTIONS } from '../../runtime/pr-comment.js';
import { stepError, type Annotation, type StepResult } from '../../runtime/step.js';
import { firstOf } from '../../summary/cells.js';
import { log } from '../../trust/log.js';
import {
  arrivingOf,
  check,
  hasFlow,
  judge,
  notChecked,
  notCompliant,
  promotionsOf,
  sortArrivals,
  toResult,
  type ArrivalCheck,
  type ComplianceReview,
  type DiffEnvsResult,
} from './decide.js';
import { plural } from '../../trust/text.js';
import type { DiffEnvsInputs, StepInputs } from './inputs.js';
import {
  ARRIVING,
  counts,
  describeCheck,
  describeRollout,
  logDiff,
  notConfirmedText,
  rolloutFailure,
  summarize,
} from './render.js';

export async function run(inputs: DiffEnvsInputs): Promise<StepResult> {
  const one = formatSnapshotExpression(inputs.snapshot1);
  const two = formatSnapshotExpression(inputs.snapshot2);
  const result = await withClient(inputs.connection, async (client) => {
    const { snapshot1: snappish1, snapshot2: snappish2 } = inputs;
    const url = client.urlFor('diffEnvironments', {}, { snappish1, snappish2 });
    const diff = await log.group(`Compare ${one} with ${two}`, async () => {
      log.info(`GET ${url}`);
      return client.diffEnvironments(snappish1, snappish2);
    });
    const compared = toResult(url, one, two, diff);
    const arriving = arrivingOf(compared);
    const counted = `${arriving.length} arriving ${plural(arriving.length, 'artifact')}`;
    const compliance =
      inputs.compliance && arriving.length > 0
        ? await log.group(`Check the compliance of ${counted}`, () => reviewArriving(client, arriving))
        : undefined;
    const { policy: target } = inputs;
    // The target's policy on each arriving artifact.
    const policy =
      target &&
      (await log.group(`Check ${counted} against ${target.file}`, async () => {
        const { diffSubject, judgeArtifacts } = await import('../../compliance/policy/judge.js');
        const [judged] = await judgeArtifacts(client, arriving.map(diffSubject), [target]);
        return judged as PolicyResult;
      }));
    return { ...compared, ...(compliance && { compliance }), ...(policy && { policy }) };
  });
  logDiff(result);
  return toStep(result, inputs);
}

/**
 * The arriving artifacts' checks, one per flow and fingerprint (compliant in one flow says nothing of another), at
 * most 8 at a time and 200 a step; a lookup that fails is `NOT-CHECKED`, never a pass.
 */
async function reviewArriving(client: ComplianceClient, arriving: DiffArtifact[]): Promise<ComplianceReview> {
  const distinct = lastByKey(arriving, checkKey);
  const lookups = distinct.filter(hasFlow);
  const allowed = new Set(lookups.slice(0, MAX_LOOKUPS));
  const checks = await mapBounded(distinct, LOOKUP_CONCURRENCY, async (a): Promise<ArrivalCheck> => {
    if (!hasFlow(a)) return check(a, 'FLOW-UNKNOWN');
    if (!allowed.has(a))
      return notChecked(a, { kind: 'left-out', message: `over ${MAX_LOOKUPS} lookups in one step` });
    // The flow and fingerprint come from the service: one that is not a flow name or a fingerprint is its answer's
    // fault, not the user's input.
    const malformed = malformedName(a.flow, a.fingerprint);
    if (malformed !== undefined) {
      return notChecked(a, { kind: 'unexpected-response', message: `the diff names ${malformed}` });
    }
    try {
      return judge(a, await lookUpArtifact(client, a.flow, a.fingerprint));
    } catch (error) {
      return notChecked(a, stepError(error));
    }
  });
  for (const c of checks) {
    log.info(
      `${c.name ?? '?'}  ${c.fingerprint.slice(0, 12)}  ${c.state}${c.error ? `: ${c.error.message}` : ''}`,
    );
  }
  return { checks, leftOut: Math.max(0, lookups.length - MAX_LOOKUPS) };
}

/** The step a diff makes: its outcome, outputs, summary and comment, and the failures of its gates. */
export function toStep(result: DiffEnvsResult, inputs: StepInputs): StepResult {
  const { snapshot1: s1, snapshot2: s2 } = result;
  const { failOn } = inputs;
  const isGate = failOn.grades.length > 0;
  // A gate cannot pass, nor fail on a difference, about snapshots the answer does not name: could not check.
  const unconfirmed = s1.id === null || s2.id === null;
  if (unconfirmed && (inputs.failOnDiff || isGate || inputs.failOnRollout))
    return unconfirmedGate(result, inputs);
  const reviewed: DiffEnvsResult = inputs.compliance
    ? { ...result, compliance: result.compliance ?? { checks: [], leftOut: 0 } }
    : result;
  const promotions = promotionsOf(reviewed, inputs.promotions);
  const full: DiffEnvsResult = { ...reviewed, promotions };
  const review = full.compliance;
  const arriving = arrivingOf(result);
  const bad = review ? notCompliant(arriving, review) : [];
  const unchecked = bad.filter((c) => c.state === 'NOT-CHECKED');
  // The arriving artifacts whose grade is in fail-on fail the step; a gate (fail-on given, or fail-on-non-compliant
  // true) warns of the others; without one, a NOT-CHECKED is a warning.
  const sorted = sortArrivals(bad, failOn);
  const drifted = inputs.failOnDiff && result.changed;
  const rolling = inputs.failOnRollout && result.rollouts.length > 0;
  // What the step would decide with every grade listed (the other gates as set): with the lookups on, the promotion
  // gate would be on, and could not check snapshots the answer does not name.
  const wouldFail =
    bad.length > 0 || drifted || rolling || (unconfirmed && (inputs.compliance || full.policy !== undefined));
  const failures = [
    ...(sorted.fail.length > 0 ? [gateFailure(sorted.fail, arriving.length, failOn)] : []),
    ...(drifted
      ? [
          `${s1.name} and ${s2.name} differ (fail-on-diff): ${counts(result)}. ` +
            'See the job summary or result-file for the artifacts.',
        ]
      : []),
    ...(rolling ? [rolloutFailure(result)] : []),
  ];
  // An arriving artifact the gate could not check is "could not check", never a pass; without the gate it is a warning.
  const warned = failOn.input === undefined ? unchecked : sorted.warn;
  const annotate = (level: Annotation['level']) => (c: ArrivalCheck) => ({
    level,
    title:
      level === 'warning' && c.state === 'NOT-CHECKED'
        ? 'Compliance not checked'
        : 'Arriving artifact not compliant',
    message: describeCheck(c),
  });
  const annotations: Annotation[] = [
    ...sorted.fail.map(annotate('error')),
    ...warned.map(annotate('warning')),
    ...result.rollouts.map((r): Annotation => ({
      level: rolling ? 'error' : 'warning',
      title: 'Rollout in progress',
      message: describeRollout(r, result),
    })),
  ];
  const step: StepResult = {
    outcome: isGate && unchecked.length > 0 ? 'error' : result.changed ? 'different' : 'same',
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
      promotions: { include: promotions.include },
      rollouts: result.rollouts.map((r) => r.name),
      'snapshot-1-id': s1.id ?? '',
      'snapshot-2-id': s2.id ?? '',
      'would-fail': wouldFail,
    },
    result: full,
    summary: summarize(full, inputs),
    // Keyed by the two expressions too: a promotion check and a drift check in one workflow keep their own comments.
    comment: {
      key: `diff-envs/${s1.expression}..${s2.expression}`,
      body: () => summarize(full, inputs, COMMENT_WRITER_OPTIONS).toString(),
    },
    ...(annotations.length > 0 && { annotations }),
    ...(failures.length > 0 && { failure: failures.join(' ') }),
  };
  // The target's policy joins as in get-artifact: what breaks it, or could not be checked against it, by fail-on.
  return full.policy ? joinPolicy(step, full.policy, failOn, ARRIVING) : step;
}

/** A gate on an answer naming no snapshots: outcome error, the diff still written, the failure saying why. */
function unconfirmedGate(result: DiffEnvsResult, inputs: StepInputs): StepResult {
  const step = toStep(result, {
    ...inputs,
    failOnDiff: false,
    failOn: { grades: [], input: undefined },
    failOnRollout: false,
  });
  const gates = [
    ...(inputs.failOnDiff ? ['fail-on-diff'] : []),
    ...(inputs.failOn.grades.length > 0 ? [inputs.failOn.input ?? 'policy'] : []),
    ...(inputs.failOnRollout ? ['fail-on-rollout'] : []),
  ].join(' and ');
  const failure = `${gates}: could not check. ${notConfirmedText(result)}`;
  // `changed` is not set, as when it could not compare: a later step that reads it without the outcome must not
  // go on as if the gate had passed.
  const { changed: _changed, ...outputs } = step.outputs;
  step.summary?.paragraph(failure);
  return {
    ...step,
    outcome: 'error',
    outputs: { ...outputs, 'would-fail': true },
    result: { ...step.result, error: { kind: 'unexpected-response', message: failure } },
    failure,
  };
}

/** The promotion gate's failure: the arriving artifacts whose grade is in fail-on, in the words the workflow used. */
function gateFailure(failing: ArrivalCheck[], arriving: number, failOn: FailOn): string {
  const shown = firstOf(
    failing.map((c) => `${c.name ?? c.fingerprint} (${c.state})`),
    5,
  );
  const what =
    failOn.input === 'fail-on'
      ? `${plural(failing.length, 'fails', 'fail')} (fail-on: ${gradeWords(failOn.grades)})`
      : 'not COMPLIANT (fail-on-non-compliant)';
  return (
    `${failing.length} of ${arriving} arriving ${plural(arriving, 'artifact')} ${what}: ` +
    `${shown}. See the job summary or the non-compliant output.`
  );
}
