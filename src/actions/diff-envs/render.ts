/** What diff-envs shows: the log and the summary (the comment's body); a field left out reads as `?` or empty. */
import type { DiffArtifact } from '../../api/schemas.js';
import { parseSnapshotExpression } from '../../api/snapshot.js';
import {
  artifactLine,
  commitCell,
  firstOf,
  STATE_MARK,
  UNKNOWN_MARK,
  whyNotCompliant,
} from '../../summary/cells.js';
import type { ErrorExtras } from '../../runtime/step.js';
import { capMatrix, matrixLimit } from '../../runtime/output.js';
import { SummaryWriter, type Cell } from '../../summary/writer.js';
import { splitImageName } from '../../context/artifact-name.js';
import { compareUrl } from '../../context/commit-url.js';
import { log } from '../../trust/log.js';
import { plural } from '../../trust/text.js';
import { ARTIFACTS, failOnSentence, type FailOn } from '../../compliance/grades.js';
import { checkKey, MAX_LOOKUPS } from '../../compliance/lookup.js';
import { POLICY_WORDS, policyLead, type Noun } from '../../compliance/policy/report.js';
import {
  arrivalGrade,
  arrivingOf,
  entriesOf,
  instances,
  notCompliant,
  notChecked,
  repositoryOf,
  sortArrivals,
  versions,
  worstOf,
  versionVerdict,
  type ArrivalCheck,
  type ArrivalState,
  type DiffEnvsResult,
  type Promotions,
  type Rollout,
} from './decide.js';
import { describe, type DiffEnvsInputs, type StepInputs } from './inputs.js';

/** Lines per group in the log; the rest are counted (the full lists are in result-file and the summary). */
const LOG_LINES = 50;
/** Pods shown in one summary cell; the rest are counted. */
const PODS_SHOWN = 20;
/** The artifacts a promotion's target policy judges. */
export const ARRIVING: Noun = { one: 'arriving artifact', many: 'arriving artifacts' };

/** What a step that could not compare still says besides `outcome: error`: it failed, as every gate would. */
export const onError: ErrorExtras<DiffEnvsInputs> = {
  outputs: { 'would-fail': true },
  result: { wouldFail: true },
};

/** The heading of a step that could not compare: the two snapshots as asked, when the inputs were read. */
export function couldNot(inputs: DiffEnvsInputs | undefined): string {
  if (!inputs) return 'Could not compare the environments';
  const { snapshot1, snapshot2 } = describe(inputs);
  return `Could not compare ${snapshot1.expression} with ${snapshot2.expression}`;
}

/** Said when the answer names no snapshot (2.10 does not require it): the diff is shown, not confirmed. */
export function notConfirmedText(result: DiffEnvsResult): string {
  const missing = [result.snapshot1, result.snapshot2]
    .map((side, i) => (side.id === null ? `snappish${i + 1}` : undefined))
    .filter((group) => group !== undefined);
  return (
    `Not confirmed: the answer names no snapshot for ${missing.join(' and ')}, so it cannot be shown to be about ` +
    `${result.snapshot1.expression} and ${result.snapshot2.expression} as asked.`
  );
}

/**
 * Every group's count, `1 replaced, 0 added, …, 2 unchanged`; with `changed` (a heading), only the groups that changed
 * and are not empty: `1 added, 1 scaled`. The rollouts in progress where there are some.
 */
export function counts(result: DiffEnvsResult, changed = false): string {
  const c = result.counts;
  const groups: [number, string][] = [
    [c.replaced, 'replaced'],
    [c.added, 'added'],
    [c.removed, 'removed'],
    [c.scaled, 'scaled'],
    ...(changed ? [] : [[c.unchanged, 'unchanged'] as [number, string]]),
  ];
  const rolling = c.rollouts > 0 ? [`${c.rollouts} ${plural(c.rollouts, 'rollout')} in progress`] : [];
  return [...groups.filter(([n]) => !changed || n > 0).map(([n, what]) => `${n} ${what}`), ...rolling].join(
    ', ',
  );
}

/** The environment an expression names: `staging` of `staging~1`. */
const environmentOf = (expression: string) => parseSnapshotExpression(expression).env;

/**
 * The heading, verdict first: between two environments the promotion's compliance where it was read; within one (a
 * drift) or unread, what changed, with the compliance of what arrived where it was read.
 */
function headingOf(
  result: DiffEnvsResult,
  inputs: Partial<Pick<StepInputs, 'failOnDiff' | 'failOnRollout'>>,
): string {
  const { snapshot1: s1, snapshot2: s2 } = result;
  const diff = `Environment diff: ${s1.name} → ${s2.name}`;
  if (!result.changed) {
    return `${diff}: ${s1.id !== null && s1.id === s2.id ? 'the same snapshot' : 'no differences'}`;
  }
  const verdict = complianceVerdict(result);
  if (verdict === undefined) return `${diff}: ${counts(result, true)}`;
  // ✅ only where nothing else stops the step: a drift or rollout it fails on, a diff not confirmed, a policy.
  const failing = inputs.failOnDiff === true || (inputs.failOnRollout === true && result.rollouts.length > 0);
  const mark =
    verdict.mark !== STATE_MARK.COMPLIANT
      ? verdict.mark
      : failing
        ? STATE_MARK['NON-COMPLIANT']
        : s1.id === null || s2.id === null
          ? UNKNOWN_MARK
          : result.policy !== undefined && result.policy.verdict !== 'pass'
            ? ''
            : verdict.mark;
  const lead = mark === '' ? '' : `${mark} `;
  return environmentOf(s1.expression) === environmentOf(s2.expression)
    ? `${lead}${diff}: ${counts(result, true)}; ${verdict.text}`
    : `${lead}Promoting ${s2.name} to ${s1.name}: ${verdict.text}`;
}

/** The arrivals' compliance in words and its mark; undefined when it was not read, or nothing arrives. */
function complianceVerdict(result: DiffEnvsResult): { mark: string; text: string } | undefined {
  const arriving = arrivingOf(result);
  if (result.compliance === undefined || arriving.length === 0) return undefined;
  const bad = notCompliant(arriving, result.compliance);
  const of = `of ${arriving.length} arriving ${plural(arriving.length, 'artifact')}`;
  if (bad.length === 0) {
    const all =
      arriving.length === 1 ? 'the arriving artifact is' : `all ${arriving.length} arriving artifacts are`;
    return { mark: STATE_MARK.COMPLIANT, text: `${all} compliant` };
  }
  // A flow unknown, no state or a failed lookup says nothing either way: not known to be compliant, as its row reads.
  const unknown = bad.filter((c) => arrivalGrade(c.state) === 'unknown').length;
  const known = bad.length - unknown;
  if (known === 0) {
    return {
      mark: UNKNOWN_MARK,
      text: `${unknown} ${of} ${plural(unknown, 'is', 'are')} not known to be compliant`,
    };
  }
  const more = unknown > 0 ? `; ${unknown} more not known to be` : '';
  return {
    mark: STATE_MARK['NON-COMPLIANT'],
    text: `${known} ${of} ${plural(known, 'is', 'are')} not compliant${more}`,
  };
}

/** The versions of a rollout in words: `1.5.0 and 1.6.0` (a version without a tag by its fingerprint's start). */
function rolloutVersions(r: Rollout, side?: 1 | 2): string {
  const where = side === undefined ? undefined : side === 1 ? 'snapshot-2' : 'snapshot-1';
  const shown = r.versions
    .filter((v) => v.in !== where)
    .map((v) => splitImageName(v.artifact.name ?? '').tag ?? v.artifact.fingerprint.slice(0, 12));
  const all = [...new Set(shown)];
  return all.length > 2 ? `${all.slice(0, -1).join(', ')} and ${all.at(-1) ?? ''}` : all.join(' and ');
}

/** One rollout in a line, for an annotation and the log: the name, where it runs two versions, and which. */
export function describeRollout(r: Rollout, result: DiffEnvsResult): string {
  const where = r.snapshots
    .map((n) => `${(n === 1 ? result.snapshot1 : result.snapshot2).name} runs ${rolloutVersions(r, n)}`)
    .join('; ');
  return `${r.name}: a rollout in progress (${where}). Not paired, and left out of promotions.`;
}

export function rolloutFailure(result: DiffEnvsResult): string {
  const shown = firstOf(
    result.rollouts.map((r) => `${r.name} (${rolloutVersions(r)})`),
    5,
  );
  return (
    `${result.rollouts.length} ${plural(result.rollouts.length, 'rollout')} in progress (fail-on-rollout): ${shown}. ` +
    'See the job summary or the rollouts output.'
  );
}

function shortFingerprint(a: DiffArtifact): string {
  return a.fingerprint.slice(0, 12);
}

/** Instances in snapshot 1 → in snapshot 2, of one artifact, or of a replacement's two. */
function scaling(a: DiffArtifact, to = a): string {
  return `${instances(a, 1) ?? '?'} → ${instances(to, 2) ?? '?'}`;
}

/** Names and snapshot ids come from the server: `log` scrubs every line, a server may echo the token. */
export function logDiff(result: DiffEnvsResult): void {
  const { snapshot1: s1, snapshot2: s2 } = result;
  // Unconfirmed, the log says what the summary says.
  log.info(
    s1.id !== null && s2.id !== null
      ? `${s1.expression} is ${s1.name}; ${s2.expression} is ${s2.name}.`
      : notConfirmedText(result),
  );
  log.info(`${counts(result)}.`);
  const line = (a: DiffArtifact, detail: string) => `${a.name ?? '?'}  ${shortFingerprint(a)}  ${detail}`;
  const groups: [string, string[]][] = [
    [
      `Replaced ${s1.name} -> ${s2.name}`,
      result.replaced.map((r) => `${r.name}  ${versions(r).join(' -> ')}`),
    ],
    [`Only present in ${s1.name}`, result.removed.map((a) => line(a, instanceText(a, 1)))],
    [`Only present in ${s2.name}`, result.added.map((a) => line(a, instanceText(a, 2)))],
    [`${s1.name} -> ${s2.name} scaling`, result.scaled.map((a) => line(a, scaling(a)))],
    ['Rollouts in progress', result.rollouts.map((r) => describeRollout(r, result))],
  ];
  for (const [title, all] of groups) {
    if (all.length === 0) continue;
    log.startGroup(`${title} (${all.length})`);
    for (const text of all.slice(0, LOG_LINES)) log.info(text);
    if (all.length > LOG_LINES) log.info(`... and ${all.length - LOG_LINES} more (see result-file)`);
    log.endGroup();
  }
}

function instanceText(a: DiffArtifact, side: 1 | 2): string {
  const n = instances(a, side);
  return n === undefined ? '? instances' : `${n} ${plural(n, 'instance')}`;
}

/** One arriving artifact's check in a line, for an annotation: what it is, its state, and why. */
export function describeCheck(c: ArrivalCheck): string {
  const what = `${c.name ?? '?'} (${c.fingerprint.slice(0, 12)})${c.flow ? ` in flow ${c.flow}` : ''}`;
  return artifactLine(what, stateText(c), whyNotCompliant(c), c.htmlUrl);
}

function stateText(c: ArrivalCheck): string {
  const words: Partial<Record<ArrivalState, string>> = {
    'NO-STATE': 'no compliance state',
    'EVIDENCE-NOT-COMPLIANT': 'COMPLIANT by its state, not by its evidence',
    'NOT-FOUND': `not found in flow ${c.flow ?? '?'}`,
    'FLOW-UNKNOWN': 'flow unknown',
    'NOT-CHECKED': 'could not check',
  };
  return words[c.state] ?? (c.stateNote === undefined ? c.state : `${c.state} (${c.stateNote})`);
}

/** ⚠️ is INCOMPLETE's mark: could not check, no state and flow unknown are all "not known". */
const MARK: Record<ArrivalState, string> = {
  ...STATE_MARK,
  'EVIDENCE-NOT-COMPLIANT': STATE_MARK['NON-COMPLIANT'],
  'NOT-FOUND': STATE_MARK['NON-COMPLIANT'],
  'NO-STATE': UNKNOWN_MARK,
  'FLOW-UNKNOWN': UNKNOWN_MARK,
  'NOT-CHECKED': UNKNOWN_MARK,
};

function podsCell(a: DiffArtifact): Cell {
  // The pod names the service gave, any it left out or sent malformed dropped.
  const pods = (a.pods ?? []).filter((p: unknown): p is string => typeof p === 'string');
  if (pods.length === 0) return '';
  const shown = pods.slice(0, PODS_SHOWN);
  const more = pods.length - shown.length;
  return {
    details: `${pods.length} ${plural(pods.length, 'pod')}`,
    lines: more > 0 ? [...shown, `... and ${more} more`] : shown,
  };
}

/**
 * The summary: the verdict as its heading, the diff in a sentence, what the gate does, what may move; then a table per
 * group, each arriving artifact in one row with its compliance and whether it may move (unchanged on request).
 */
export function summarize(
  result: DiffEnvsResult,
  inputs: Pick<StepInputs, 'showUnchanged' | 'failOn'> &
    Partial<Pick<StepInputs, 'failOnDiff' | 'failOnRollout'>>,
  options: ConstructorParameters<typeof SummaryWriter>[0] = {},
): SummaryWriter {
  const { snapshot1: s1, snapshot2: s2 } = result;
  const summary = new SummaryWriter(options);
  // With a policy, its verdict comes first: it is what decides the promotion.
  if (result.policy) {
    policyLead(result.policy, `the ${environmentOf(s1.expression)} policy`, ARRIVING)(summary);
  }
  summary.heading(headingOf(result, inputs), 3);
  if (s1.id === null || s2.id === null) summary.paragraph(notConfirmedText(result));
  const resolved =
    s1.expression !== s1.name || s2.expression !== s2.name
      ? `${s1.expression} is ${s1.name}, ${s2.expression} is ${s2.name}. `
      : '';
  const running = `${result.counts.unchanged} ${plural(result.counts.unchanged, 'artifact')}`;
  if (s1.id !== null && s1.id === s2.id && !result.changed) {
    summary.paragraph(`${resolved}Both name the same snapshot, ${s1.name}: it runs ${running}.`);
  } else if (!result.changed) {
    summary.paragraph(`${resolved}Both snapshots run the same ${running} with the same instance counts.`);
  } else {
    summary.paragraph(`${resolved}${counts(result)}.`);
    // Pairing rests on names: one the answer leaves out pairs with nothing, so the replaced count would drop unsaid.
    const unnamed = [...result.added, ...result.removed].filter(
      (a) => a.name === null || a.name === undefined,
    );
    if (unnamed.length > 0) {
      summary.paragraph(
        `${unnamed.length} ${plural(unnamed.length, 'artifact')} without a name in the answer could not be paired as replacements: ` +
          'they are counted as added or removed.',
      );
    }
    arrivingParagraph(summary, result, inputs.failOn);
  }
  const checked = result.compliance !== undefined;
  const promotion = result.promotions && writePromotions(summary, result.promotions, checked);
  const checks = new Map((result.compliance?.checks ?? []).map((c) => [checkKey(c), c]));
  const complianceCell = (a: DiffArtifact): Cell[] => {
    if (!checked) return [];
    const c = checks.get(checkKey(a)) ?? notChecked(a);
    const why = whyNotCompliant(c);
    // The state links to the artifact's page; why follows as text, not as one long link.
    return [{ text: `${MARK[c.state]} ${stateText(c)}`, href: c.htmlUrl, ...(why && { after: `— ${why}` }) }];
  };
  const complianceHeader = checked ? ['Compliance'] : [];
  const judged = result.policy && new Map(result.policy.artifacts.map((j) => [checkKey(j), j]));
  // What the review says of one arriving version, once: its compliance and the policy's verdict, each the worst of its
  // flows, and whether it may move.
  const reviewHeader = [
    ...complianceHeader,
    ...(judged ? ['Policy'] : []),
    ...(promotion ? ['Promotion'] : []),
  ];
  const reviewCells = (entries: [DiffArtifact, ...DiffArtifact[]]): Cell[] => [
    ...complianceCell(worstOf(entries, checks).entry),
    ...(judged ? [POLICY_WORDS[versionVerdict(entries, judged)]] : []),
    ...(promotion ? [promotion(repositoryOf(entries[0]), entries[0].fingerprint)] : []),
  ];
  const group = (
    title: string,
    column: string,
    artifacts: DiffArtifact[],
    count: (a: DiffArtifact) => string | number | undefined,
    arriving = false,
  ) => {
    if (artifacts.length === 0) return;
    summary.heading(`${title} (${artifacts.length})`, 4);
    // An arriving artifact's review comes before what identifies it: it is what a reviewer reads the row for.
    summary.table(
      ['Name', ...(arriving ? reviewHeader : []), 'Fingerprint', 'Flow', 'Commit', column, 'Pods'],
      artifacts.map((a): Cell[] => [
        a.name ?? '?',
        ...(arriving ? reviewCells([a]) : []),
        { code: shortFingerprint(a) },
        a.flow,
        commitCell({ url: a.commit_url }),
        count(a),
        podsCell(a),
      ]),
    );
  };
  if (result.replaced.length > 0) {
    summary.heading(`Replaced ${s1.name} → ${s2.name} (${result.replaced.length})`, 4);
    summary.table(
      ['Name', 'Version', ...reviewHeader, 'Fingerprint', 'Flow', 'Commit', 'Instances', 'Pods'],
      result.replaced.map((r) => [
        r.name,
        // The versions link to what changed between them, where both commits are pages of one repository.
        { text: versions(r).join(' → '), href: compareUrl(r.from.commit_url, r.to.commit_url) },
        // In two flows, the row shows the worse: compliant in one says nothing of the other.
        ...reviewCells(entriesOf(r)),
        { code: shortFingerprint(r.to) },
        worstOf(entriesOf(r), checks).entry.flow,
        commitCell({ url: r.to.commit_url }),
        scaling(r.from, r.to),
        podsCell(r.to),
      ]),
    );
  }
  if (result.rollouts.length > 0) {
    const where = { 'snapshot-1': s1.name, 'snapshot-2': s2.name, both: 'both' } as const;
    summary.heading(`Rollout in progress (${result.rollouts.length})`, 4);
    summary.paragraph(
      'A snapshot runs two or more versions of these names: pairing by name would be a guess, so they are not ' +
        'paired and none of them is in promotions.',
    );
    summary.table(
      ['Name', 'Version', 'Fingerprint', ...complianceHeader, 'Runs in', 'Instances', 'Commit'],
      result.rollouts.flatMap((r) =>
        r.versions.map(({ artifact: a, in: side }): Cell[] => [
          r.name,
          splitImageName(a.name ?? '').tag ?? '?',
          { code: shortFingerprint(a) },
          // The versions only in snapshot 2 arrive with a promotion: their compliance is read and gated.
          ...(checked ? (side === 'snapshot-2' ? complianceCell(a) : ['']) : []),
          where[side],
          side === 'snapshot-1' ? instances(a, 1) : side === 'snapshot-2' ? instances(a, 2) : scaling(a),
          commitCell({ url: a.commit_url }),
        ]),
      ),
    );
  }
  group(`Added: only in ${s2.name}`, 'Instances', result.added, (a) => instances(a, 2), true);
  group(`Removed: only in ${s1.name}`, 'Instances', result.removed, (a) => instances(a, 1));
  group(`Scaled ${s1.name} → ${s2.name}`, 'Scaling', result.scaled, scaling);
  if (inputs.showUnchanged) {
    group('Unchanged', 'Instances', result.unchanged, (a) => a.instance_count ?? instances(a, 2));
  } else if (result.changed && result.counts.unchanged > 0) {
    summary.paragraph(
      `${result.counts.unchanged} unchanged ${plural(result.counts.unchanged, 'artifact')} not listed: set show-unchanged to true to list them.`,
    );
  }
  return summary;
}

/** What arrives where the heading does not say it, and what the gate does with it. */
function arrivingParagraph(summary: SummaryWriter, result: DiffEnvsResult, failOn: FailOn): void {
  const all = arrivingOf(result);
  const arriving = all.length;
  const what =
    result.counts.rollouts > 0
      ? 'the replaced, the added and those of a rollout'
      : 'the replaced and the added';
  const lead = `${result.snapshot2.name} brings ${arriving} ${plural(arriving, 'artifact')} (${what})`;
  const review = result.compliance;
  if (arriving === 0) {
    summary.paragraph(`${lead}.`);
    return;
  }
  if (review === undefined) {
    summary.paragraph(
      result.policy
        ? `${lead}; the policy above judged them, and their compliance state was not read (compliance: true reads it too).`
        : `${lead}; their compliance was not checked (compliance is false).`,
    );
    return;
  }
  // The heading gives the verdict; this is what the gate does with it.
  const bad = notCompliant(all, review);
  const sorted = sortArrivals(bad, failOn);
  // With a policy, this is the lookups' part of the gate only: the policy's verdict is above.
  const subject = result.policy ? 'Their compliance state' : 'The promotion gate';
  const graded = failOnSentence(failOn, sorted, (c) => arrivalGrade(c.state) ?? 'unknown', ARTIFACTS);
  // The sentence with counts when there is one; else the gate's verdict alone.
  if (graded !== '') summary.paragraph(graded);
  else if (failOn.input !== undefined && sorted.fail.length > 0)
    summary.paragraph(`${subject} fails this step.`);
  else if (failOn.input !== undefined && bad.length === 0) summary.paragraph(`${subject} passes.`);
  if (review.leftOut > 0) {
    summary.paragraph(
      `${review.leftOut} arriving ${plural(review.leftOut, 'artifact')} not checked: at most ${MAX_LOOKUPS} lookups in one step.`,
    );
  }
}

const LEFT_OUT: Record<Promotions['leftOut'][number]['why'], string> = {
  'not-compliant': 'not COMPLIANT',
  'breaks-policy': 'by the policy',
  filtered: 'by only or exclude',
  'no-name': 'without a name',
  rollout: 'in a rollout in progress',
  'not-confirmed': 'from a diff not confirmed',
};

/**
 * How many may move (the `promotions` output), how many the matrix leaves out, and what was left out, and why; then
 * what a row says of an arriving version (its name without tag, its fingerprint): may move, no job, or left out and why.
 */
function writePromotions(summary: SummaryWriter, promotions: Promotions, reviewed: boolean) {
  const { include, leftOut } = promotions;
  // The output holds what capMatrix keeps, as the finisher writes it: the rest gets no job, so the summary says so.
  const { kept, truncated } = capMatrix(include);
  const cut = include.length - kept;
  const why = new Map<string, number>();
  for (const l of leftOut) why.set(LEFT_OUT[l.why], (why.get(LEFT_OUT[l.why]) ?? 0) + 1);
  const reasons = [...why].map(([text, n]) => `${n} ${text}`).join(', ');
  if (include.length > 0 || leftOut.length > 0) {
    summary.paragraph(
      `Promotions: ${include.length} may move${truncated ? `, ${cut} left out of the matrix` : ''}` +
        `${leftOut.length > 0 ? `; left out: ${reasons}` : ''}.`,
    );
  }
  if (truncated) {
    summary.paragraph(
      `The promotions output holds the first ${kept} (${matrixLimit(kept)}): the last ${cut} below get no job, ` +
        'and promotions-truncated is true. Narrow it with only or exclude to promote them.',
    );
  }
  if (!reviewed && leftOut.some((l) => l.why === 'not-compliant')) {
    summary.paragraph(
      'Compliance is false, so no state was read and nothing is COMPLIANT: set compliance to true, or ' +
        'promotions-state to any.',
    );
  }
  const key = (name: string | null | undefined, fingerprint: string | null) =>
    `${name ?? ''}\u0000${fingerprint ?? ''}`;
  const said = new Map<string, string>();
  include.forEach((p, i) =>
    said.set(key(p.name, p.to.fingerprint), i < kept ? 'may move' : 'no job: the matrix is full'),
  );
  for (const l of leftOut) said.set(key(l.name, l.fingerprint), `left out: ${LEFT_OUT[l.why]}`);
  return (name: string | undefined, fingerprint: string): string => said.get(key(name, fingerprint)) ?? '';
}
