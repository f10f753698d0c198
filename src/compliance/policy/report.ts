// What a policy's verdicts become in every action that applies one: the grade of each artifact, the outputs, the
// result file's block, and the summary's section, verdict first, in a reader's words.
import { sortFindings, type FailOn, type Grade } from '../grades.js';
import type { Annotation, StepResult } from '../../runtime/step.js';
import { firstOf } from '../../summary/cells.js';
import { escapeText, SummaryWriter, type Cell } from '../../summary/writer.js';
import { plural } from '../../trust/text.js';
import type { ArtifactVerdict, PolicyVerdict, RuleResult } from './evaluate.js';
import type { Policy } from './load.js';
import { worstVerdict } from './verdict.js';

/** One artifact judged: as the service names it, and the policy's verdict. */
export interface Judged extends ArtifactVerdict {
  name: string | null;
  fingerprint: string;
  flow: string | null;
  /** Its page in the service, where known. */
  url?: string | null;
  /** Its trails could not be read: never judged. */
  notRead?: boolean;
}

/** The mark of a verdict, in the heading that gives it; the verdict in a table's cell. */
export const POLICY_MARK: Record<PolicyVerdict, string> = { pass: '✅', fail: '❌', unknown: '❔' };
export const POLICY_WORDS: Record<PolicyVerdict, string> = {
  pass: '✅ passes',
  fail: '❌ fails',
  unknown: '❔ could not check',
};

/** The grade of an artifact's verdict; undefined when it passes. */
function policyGrade(judged: Pick<Judged, 'verdict'>): Grade | undefined {
  return judged.verdict === 'fail' ? 'breaks-policy' : judged.verdict === 'unknown' ? 'unknown' : undefined;
}

export const shortName = (j: Pick<Judged, 'name' | 'fingerprint'>) => j.name ?? j.fingerprint.slice(0, 12);

/** The rules behind an artifact's verdict, with their reasons: `provenance: reported to no flow; …`. */
export const reasonsOf = (j: Pick<Judged, 'verdict' | 'rules'>) =>
  j.rules
    .filter((r) => r.verdict === j.verdict)
    .map((r) => `${r.rule}: ${r.reason ?? ''}`)
    .join('; ');

/** An artifact that breaks the policy, or could not be checked against it, as an annotation of `level`. */
export function policyAnnotation(level: Annotation['level']) {
  return (j: Judged): Annotation => ({
    level,
    title: j.verdict === 'fail' ? 'Breaks the policy' : 'Not checked against the policy',
    message: `${shortName(j)}: ${reasonsOf(j)}`,
  });
}

/** The policy's findings sorted by fail-on; under any gate one whose read failed fails, as it was never judged. */
export function sortPolicy(policy: Pick<PolicyResult, 'artifacts'>, failOn: Pick<FailOn, 'grades'>) {
  const findings = policy.artifacts.filter((j) => policyGrade(j) !== undefined);
  const neverJudged = (j: Judged) => failOn.grades.length > 0 && j.notRead === true;
  return {
    findings,
    sorted: sortFindings(findings, (j) => policyGrade(j) ?? 'unknown', failOn, neverJudged),
  };
}

/** What a step calls the artifacts it judges, in both forms: `arriving artifact`, `arriving artifacts`. */
export interface Noun {
  one: string;
  many: string;
}

const ARTIFACT: Noun = { one: 'artifact', many: 'artifacts' };

/** The gate's failure, naming what fails it. */
export function policyFailure(failing: readonly Judged[], policy: PolicyResult, noun: Noun): string {
  const shown = firstOf(
    failing.map((j) => `${shortName(j)} (${j.verdict === 'fail' ? 'breaks it' : 'could not check'})`),
    5,
  );
  const n = policy.artifacts.length;
  return (
    `${failing.length} of ${n} ${plural(n, noun.one, noun.many)} ${plural(failing.length, 'fails', 'fail')} ` +
    `the policy ${policy.file}: ` +
    `${shown}. See the job summary or the policy-failures output.`
  );
}

/**
 * A step's result with a policy's verdict joined: its findings fail or warn beside the step's own; one not checked
 * against it under the gate makes the outcome error.
 */
export function joinPolicy(
  step: StepResult,
  policy: PolicyResult,
  failOn: FailOn,
  noun = ARTIFACT,
): StepResult {
  const { findings, sorted } = sortPolicy(policy, failOn);
  const failure = [
    ...(step.failure === undefined ? [] : [step.failure]),
    ...(sorted.fail.length > 0 ? [policyFailure(sorted.fail, policy, noun)] : []),
  ].join(' ');
  const annotations = [
    ...(step.annotations ?? []),
    ...sorted.fail.map(policyAnnotation('error')),
    ...sorted.warn.map(policyAnnotation('warning')),
  ];
  const wouldFail = step.outputs['would-fail'] === true || findings.length > 0;
  return {
    ...step,
    outcome: sorted.fail.some((j) => j.verdict === 'unknown') ? 'error' : step.outcome,
    outputs: {
      ...step.outputs,
      'policy-verdict': policy.verdict,
      'policy-failures': policyFailures(policy.artifacts),
      'would-fail': wouldFail,
    },
    // The result file says what the output says, where it says it.
    result: { ...step.result, ...('wouldFail' in step.result && { wouldFail }), policy },
    ...(annotations.length > 0 && { annotations }),
    ...(failure !== '' && { failure }),
  };
}

/** The summary's lead with a policy: the verdict as a heading, then the section. */
export function policyLead(policy: PolicyResult, name: string, noun = ARTIFACT) {
  return (summary: SummaryWriter): void => {
    summary.heading(`${POLICY_MARK[policy.verdict]} ${verdictSentence(policy.counts, name, noun)}`, 3);
    writePolicySection(summary, policy.artifacts, policy);
  };
}

/** `policy-failures`: each rule that fails or cannot be told, on each artifact, with the reason. */
export function policyFailures(judged: readonly Judged[]) {
  return judged.flatMap((j) =>
    j.rules
      .filter((r) => r.verdict === 'fail' || r.verdict === 'unknown')
      .map((r) => ({
        name: j.name,
        fingerprint: j.fingerprint,
        rule: r.rule,
        verdict: r.verdict,
        reason: r.reason ?? null,
      })),
  );
}

export type PolicyResult = ReturnType<typeof policyResult>;

/** The result file's block: the policy read, the verdict, and every artifact with every rule. */
export function policyResult(
  policy: Policy,
  judged: readonly Judged[],
  reads: { reads: number; leftOut: number },
) {
  const count = (verdict: PolicyVerdict) => judged.filter((j) => j.verdict === verdict).length;
  return {
    file: policy.file,
    schema: policy.schema,
    verdict: worstVerdict(judged.map((j) => j.verdict)),
    counts: { artifacts: judged.length, pass: count('pass'), fail: count('fail'), unknown: count('unknown') },
    ...reads,
    artifacts: judged,
  };
}

/** The verdict in a sentence: `2 of 14 arriving artifacts break the production policy`. */
export function verdictSentence(counts: PolicyResult['counts'], name: string, noun = ARTIFACT) {
  const { artifacts: n, fail, unknown } = counts;
  const { all, of, unsure } = countParts(counts, noun);
  if (fail > 0) return `${of(fail)} ${plural(fail, 'breaks', 'break')} ${name}${unsure}`;
  if (unknown > 0) return `${of(unknown)} could not be checked against ${name}`;
  if (n === 0) return `No ${all} to check against ${name}`;
  return `${n === 1 ? 'The' : `All ${n}`} ${all} ${plural(n, 'passes', 'pass')} ${name}`;
}

/** What a policy not yet applied would do: `With p.yml, 2 of 14 artifacts in production would fail`. */
export function wouldSentence(counts: PolicyResult['counts'], name: string, noun: Noun) {
  const { artifacts: n, fail, unknown } = counts;
  const { all, of, unsure } = countParts(counts, noun);
  const said =
    fail > 0
      ? `${of(fail)} would fail${unsure}`
      : unknown > 0
        ? `${of(unknown)} could not be checked`
        : n === 0
          ? `no ${noun.one} to check`
          : `${n === 1 ? 'the' : `all ${n}`} ${all} would pass`;
  return `With ${name}, ${said}`;
}

function countParts({ artifacts: n, unknown }: PolicyResult['counts'], noun: Noun) {
  const all = plural(n, noun.one, noun.many);
  const of = (count: number) => `${count} of ${n} ${all}`;
  return { all, of, unsure: unknown > 0 ? `; ${unknown} could not be checked` : '' };
}

/** The section: what breaks it, what could not be checked, what an exception waived; the rest folded. */
export function writePolicySection(
  summary: SummaryWriter,
  judged: readonly Judged[],
  policy: Pick<Policy, 'file'>,
): SummaryWriter {
  const why = (r: RuleResult): Cell => (r.url ? { text: r.reason ?? '', href: r.url } : (r.reason ?? ''));
  const sections: [RuleResult['verdict'], string, string, (r: RuleResult) => Cell][] = [
    ['fail', 'What breaks the policy', 'Why', why],
    ['unknown', 'What could not be checked', 'What the service did not say', why],
    ['waived', 'Waived by an exception', 'Exception', (r) => ({ code: r.exception ?? '' })],
  ];
  for (const [verdict, heading, last, cell] of sections) {
    const rows = judged.flatMap((j) => {
      const artifact: Cell = j.url ? { text: shortName(j), href: j.url } : shortName(j);
      return j.rules.filter((r) => r.verdict === verdict).map((r): Cell[] => [artifact, r.rule, cell(r)]);
    });
    if (rows.length > 0) summary.heading(heading, 4).table(['Artifact', 'Rule', last], rows);
  }
  const passing = judged.filter((j) => j.verdict === 'pass');
  if (passing.length > 0) {
    const lines = passing.map((j) => `- ${escapeText(shortName(j))}`);
    const n = passing.length;
    summary.details(
      `${n} ${plural(n, 'artifact')} ${plural(n, 'passes', 'pass')} every rule that applies`,
      lines.join('\n'),
    );
  }
  summary.paragraph(`Policy: ${policy.file}.`);
  return summary;
}
