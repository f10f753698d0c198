/** The gate's result: outputs, result file, summary (commits by names), comment, annotations, failure. */
import {
  countWords,
  failOnSentence,
  fails,
  type FindingWords,
  type Grade,
  type Sorted,
} from '../../compliance/grades.js';
import { commitUrl } from '../../context/github.js';
import { COMMENT_WRITER_OPTIONS } from '../../runtime/pr-comment.js';
import { MAX_ANNOTATIONS, type Annotation, type ErrorExtras, type StepResult } from '../../runtime/step.js';
import { overrideText, overrideVerdict, UNKNOWN_MARK } from '../../summary/cells.js';
import { writeCommitGroups, type GroupedCommit } from '../../summary/commit-groups.js';
import { SummaryWriter, type Cell } from '../../summary/writer.js';
import { plural } from '../../trust/text.js';
import {
  cellState,
  sortByFailOn,
  STATE_RANK,
  type CellState,
  type Decision,
  type GateCell,
  type GradedItem,
  gradeOf,
  sortReview,
  VERDICT_GRADES,
  type Review,
  type ReviewVerdict,
  type Verdict,
} from './decide.js';
import {
  ACTION,
  type GateInputs,
  type CommitsRead,
  type DeployedRead,
  type GateQuery,
  type Outcome,
} from './inputs.js';

const TITLE = 'Compliance gate';
const REVIEW_TITLE = 'Review check';
/** What a gate that found problems says, where nothing it found fails the step: the heading and the log alike. */
const WARNED = 'found problems (set to warn, not fail)';
/** The gate's findings in a reader's words: each is an attestation, or a commit without any (one missing). */
const ATTESTATIONS: FindingWords = { noun: 'attestation' };

/** One comment per gate: two gates of one job (a flow each, or the gate and the review) keep their own. */
function commentKey(inputs: GateInputs): string {
  const key = inputs.review ? `${ACTION}/${inputs.review.rule}` : ACTION;
  return inputs.query.flow_name === undefined ? key : `${key}/${inputs.query.flow_name}`;
}

export function couldNot(inputs: GateInputs | undefined): string {
  return inputs?.review ? 'Could not check the reviews' : 'Compliance gate could not check';
}

/** What a gate that could not check says besides `outcome: error` (never compliant, it would fail), and its comment. */
export const onError: ErrorExtras<GateInputs> = {
  outputs: { compliant: false, missing: [], 'non-compliant': [], unreviewed: [], 'would-fail': true },
  result: { compliant: false, missing: [], nonCompliant: [], unknown: [], wouldFail: true },
  commentKey,
};

/** The result file's content (with `outcome`, which the finisher adds), besides what was decided. */
function resultOf(inputs: GateInputs, read: CommitsRead, wouldFail: boolean) {
  return {
    failOnNonCompliant: inputs.failOnNonCompliant,
    failOn: inputs.failOn.grades,
    /** What the step would decide with every grade listed: true when anything is missing, non-compliant or unknown. */
    wouldFail,
    commits: read.commits,
    from: read.from,
    pullRequest: read.pullRequest ?? inputs.prComment.pullRequest?.number,
    note: read.note,
    range: read.range,
    deployed: read.deployed,
    query: inputs.query,
    required: inputs.required,
  };
}

export type GateResult = Decision & ReturnType<typeof resultOf>;

/** What the gate or the review decided, and how its summary, annotations and failure name what it found. */
interface Checked<T> {
  compliant: boolean;
  outputs: StepResult['outputs'];
  result: StepResult['result'];
  note: string | undefined;
  /** The summary, or with `forComment` the comment body. */
  report: (forComment: boolean) => SummaryWriter;
  sorted: Sorted<T>;
  describe: (item: T) => string;
  grade: (item: T) => Grade;
  words: FindingWords;
  counts: string;
  title: string;
}

/**
 * A step that checked, with one annotation per problem, at most ten per level with the step's others: errors for the
 * grades in fail-on (the failure is the tenth), else warnings, the last saying the gate tripped; it counts what is
 * only in the summary.
 */
function checkedStep<T>(inputs: GateInputs, found: Checked<T>): StepResult {
  const { sorted, note, report } = found;
  const outcome: Outcome = found.compliant ? 'compliant' : 'non-compliant';
  const step = {
    outcome,
    outputs: found.outputs,
    result: found.result,
    summary: report(false),
    comment: { key: commentKey(inputs), body: () => report(true).toString() },
  };
  const notes: Annotation[] = note === undefined ? [] : [{ level: 'warning', message: note }];
  if (!sorted.wouldFail) return { ...step, annotations: notes };
  const failing = sorted.fail.length > 0;
  // A comment GitHub refuses is one more warning (github/comment.ts), written before the annotations.
  const { commentOnPr, githubToken, pullRequest } = inputs.prComment;
  const mayWarn = commentOnPr && githubToken !== undefined && pullRequest !== undefined ? 1 : 0;
  const errors = sorted.fail.slice(0, MAX_ANNOTATIONS - 1);
  const warnings = sorted.warn.slice(
    0,
    Math.max(0, MAX_ANNOTATIONS - notes.length - mayWarn - (failing ? 0 : 1)),
  );
  const hidden = sorted.fail.length - errors.length + sorted.warn.length - warnings.length;
  const more = hidden > 0 ? ` (${hidden} more in the job summary)` : '';
  const annotate = (level: Annotation['level']) => (item: T) => ({
    level,
    message: found.describe(item),
    title: found.title,
  });
  const annotations = [...notes, ...errors.map(annotate('error')), ...warnings.map(annotate('warning'))];
  if (failing) {
    const warned = sorted.warn.length;
    const onlyWarn =
      warned > 0
        ? ` The step is set to warn, not fail, on ${warned} of these (${countWords(sorted.warn, found.grade, found.words.grades)}).`
        : '';
    return { ...step, annotations, failure: `${found.title} tripped: ${found.counts}${more}.${onlyWarn}` };
  }
  const warning = `${found.title} ${WARNED}: ${found.counts}${more}.`;
  return { ...step, annotations: [...annotations, { level: 'warning', message: warning }] };
}

export function render(inputs: GateInputs, read: CommitsRead, decision: Decision): StepResult {
  const sorted = sortByFailOn(decision, inputs.failOn);
  const result = { ...decision, ...resultOf(inputs, read, sorted.wouldFail) };
  return checkedStep(inputs, {
    compliant: decision.compliant,
    outputs: {
      compliant: decision.compliant,
      missing: decision.missing,
      // Those without a verdict too: a script that reads only this list fails closed.
      'non-compliant': decision.findings
        .filter((f) => f.grade !== 'missing')
        .map(({ commit, name }) => ({ commit, name })),
      'would-fail': sorted.wouldFail,
    },
    result: { ...result },
    note: result.note,
    report: (forComment) => report(inputs, result, sorted, forComment),
    sorted,
    describe: (item) => describeItem(item, result),
    grade: (item) => item.grade,
    words: ATTESTATIONS,
    counts: `${problemCounts(result)} in ${result.commits.length} ${plural(result.commits.length, 'commit')}`,
    title: TITLE,
  });
}

/**
 * `2 missing and 1 non-compliant attestations`, with `and 1 unknown (no verdict)` when an attestation has no verdict;
 * the noun counts them all.
 */
function problemCounts(result: Decision): string {
  const missing = result.missing.length;
  const nonCompliant = result.nonCompliant.length;
  const unknown = result.unknown.length;
  const noun = plural(missing + nonCompliant + unknown, 'attestation');
  return unknown === 0
    ? `${missing} missing and ${nonCompliant} non-compliant ${noun}`
    : `${missing} missing, ${nonCompliant} non-compliant and ${unknown} unknown (no verdict) ${noun}`;
}

function describeItem(item: GradedItem, result: GateResult): string {
  if (item.name === null) {
    const narrowed = describeQuery(result.query);
    return `Commit ${item.commit} has no attestation${narrowed ? ` (${narrowed})` : ''}.`;
  }
  if (item.grade === 'missing')
    return `Commit ${item.commit}: the required attestation '${item.name}' is missing.`;
  const cell = result.rows.find((r) => r.commit === item.commit)?.cells[item.name];
  const where = (cell?.attestations ?? [])
    .filter((a) => a.is_compliant !== true)
    .map((a) => [a.flow_name && `flow ${a.flow_name}`, a.html_url].filter(Boolean).join(': '))
    .filter((s) => s !== '');
  const what = item.grade === 'unknown' ? 'has no verdict (unknown)' : 'is non-compliant';
  const override = cell?.override ? `, ${overrideText(cell.override)}` : '';
  return `Commit ${item.commit}: the attestation '${item.name}' ${what}${override}${where.length > 0 ? ` (${where.join('; ')})` : ''}.`;
}

function describeQuery(query: GateQuery): string {
  return [
    query.flow_name && `flow ${query.flow_name}`,
    query.attestation_type && `type ${query.attestation_type}`,
    query.attestation_name && `name ${query.attestation_name}`,
  ]
    .filter(Boolean)
    .join(', ');
}

const MARK: Record<CellState, string> = {
  compliant: '✅',
  'non-compliant': '❌',
  missing: '⚠️',
  unknown: UNKNOWN_MARK,
};

/** The summary, or with `forComment` the comment body, opening with the verdict: passed, tripped, or set to warn. */
function opening(title: string, compliant: boolean, sorted: Sorted<unknown>, forComment: boolean) {
  const verdict = compliant
    ? `✅ ${title} passed`
    : `❌ ${title} ${sorted.fail.length > 0 ? 'tripped' : WARNED}`;
  return new SummaryWriter(forComment ? COMMENT_WRITER_OPTIONS : {}).heading(verdict, 3);
}

/** Each commit checked as the summary shows it: its title where known, linked to its page. */
function commitLines(inputs: GateInputs, read: Pick<CommitsRead, 'commits'>) {
  const bySha = new Map(read.commits.map((c) => [c.sha, c]));
  const line = (sha: string, detail?: string): GroupedCommit => {
    const commit = bySha.get(sha);
    return { sha, title: commit?.title, url: commit?.url ?? commitUrl(inputs.runner.github, sha), detail };
  };
  const cell = (sha: string) => {
    const { title, url } = line(sha);
    return { text: `${sha.slice(0, 7)}${title ? ` ${title}` : ''}`, href: url };
  };
  return { line, cell };
}

/** A group's title when many commits are grouped: `❌ Non-compliant`. */
const groupTitle = (mark: string, words: string) =>
  `${mark} ${words.charAt(0).toUpperCase()}${words.slice(1)}`;

/** The summary, or with `forComment` the comment body: problems first, built to fit a comment. */
function report(
  inputs: GateInputs,
  result: GateResult,
  sorted: Sorted<GradedItem>,
  forComment: boolean,
): SummaryWriter {
  const summary = opening(TITLE, result.compliant, sorted, forComment);
  const narrowed = describeQuery(result.query);
  summary.paragraph(
    [
      `${result.commits.length} ${plural(result.commits.length, 'commit')}${sourceWords(result)}.`,
      result.required.length > 0
        ? `Required: ${result.required.join(', ')}.`
        : 'Required: at least one attestation per commit, all compliant.',
      narrowed ? `Narrowed to ${narrowed}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
  );
  if (result.note !== undefined) summary.paragraph(result.note);
  const overrides = result.rows.flatMap((row) => Object.values(row.cells)).filter((c) => c.override).length;
  summary.paragraph(
    (result.compliant
      ? 'Every commit is compliant.'
      : `${result.missing.length} missing, ${result.nonCompliant.length} non-compliant` +
        (result.unknown.length > 0 ? `, ${result.unknown.length} unknown (no verdict).` : '.')) +
      (overrides > 0 ? ` ${overrides} decided by an override (a person's verdict on the attestation).` : ''),
  );
  // What fails the step and what it only warns of.
  const graded = failOnSentence(inputs.failOn, sorted, (f) => f.grade, ATTESTATIONS);
  if (graded !== '') summary.paragraph(graded);
  if (result.deployed !== undefined) deployedLines(summary, result.deployed);
  const commits = commitLines(inputs, result);
  // Many commits (a release range): grouped by state, worst first, each with the attestations at fault, rather
  // than a matrix of thousands of rows.
  if (result.rows.length > MATRIX_MAX) {
    const states = (Object.keys(STATE_RANK) as CellState[]).sort((a, b) => STATE_RANK[b] - STATE_RANK[a]);
    const groups = states.map((state) => ({
      title: groupTitle(MARK[state], state === 'unknown' ? 'unknown (no verdict)' : state),
      commits: result.rows
        .filter((row) => row.state === state)
        .map((row) => {
          const atFault = Object.entries(row.cells)
            .filter(([, cell]) => cell.state !== 'compliant')
            .map(([name, cell]) => `${name} ${cellWords(cell, true)}`);
          const none = Object.keys(row.cells).length === 0 ? ['no attestation'] : [];
          return commits.line(row.commit, [...atFault, ...none].join(', '));
        }),
    }));
    return writeCommitGroups(summary, groups, listed(forComment));
  }
  const rows = forComment
    ? [...result.rows].sort((a, b) => STATE_RANK[b.state] - STATE_RANK[a.state])
    : result.rows;
  summary.table(
    ['Commit', 'Result', ...result.names],
    rows.map((row) => {
      const commit = commits.cell(row.commit);
      return [
        commit,
        `${MARK[row.state]} ${row.state}`,
        ...result.names.map((name): Cell => {
          const cell = row.cells[name];
          if (!cell) return '—';
          const newest = [...cell.attestations].sort((a, b) => (b.created_at ?? 0) - (a.created_at ?? 0));
          const shown = cell.override ?? newest.find((a) => a.is_compliant !== true) ?? newest[0];
          return { text: `${MARK[cell.state]} ${cellWords(cell)}`, href: shown?.html_url ?? commit.href };
        }),
      ];
    }),
  );
  return summary.paragraph(
    '✅ compliant, ❌ non-compliant, ⚠️ missing' +
      (result.unknown.length > 0 ? `, ${UNKNOWN_MARK} unknown (no verdict)` : '') +
      (result.required.length > 0 ? '' : ', — not found on this commit'),
  );
}

/** Up to this many commits, the matrix of commits by attestation names (a pull request's 250 and its head fit). */
export const MATRIX_MAX = 256;
/** Commit lines listed, at most, when grouped by state: within the 1 MiB summary and the 65,536-character comment. */
const listed = (forComment: boolean) =>
  forComment
    ? { maxLines: 100, fullData: "the run's job summary and the `result-file` output" }
    : { maxLines: 1000, fullData: 'the `result-file` output' };

/**
 * ` of pull request #12`, ` of v1.2.0..HEAD (3dfdaa9..0a1b2c3), newest first, merges included`, or '' for commits
 * listed.
 */
function sourceWords(read: Pick<CommitsRead, 'from' | 'pullRequest' | 'range' | 'deployed'>): string {
  const { range, deployed } = read;
  if (read.from === 'pull-request' || read.from === 'pull-request-head')
    return ` of pull request #${read.pullRequest ?? ''}${read.from === 'pull-request-head' ? ' (its head only)' : ''}`;
  if (range === undefined) return '';
  const [base, ...more] = range.bases.map((b) => b.slice(0, 7));
  const head = range.head.slice(0, 7);
  const resolved =
    base === undefined
      ? `every commit up to ${head}`
      : more.length === 0
        ? `${base}..${head}`
        : `since ${[base, ...more].join(' and ')}, up to ${head}`;
  const what = deployed
    ? `since what runs in ${deployed.environment} (${resolved})`
    : `of ${range.shown} (${resolved})`;
  return ` ${what}, newest first, merges ${range.includeMerges ? 'included' : 'left out'}`;
}

/** What runs in the environment, of this repository: each artifact and the commit it was built from. */
function deployedLines(summary: SummaryWriter, deployed: DeployedRead): void {
  const snapshot = deployed.snapshot === undefined ? '' : ` (${deployed.snapshot})`;
  summary.paragraph(
    `${deployed.running} ${plural(deployed.running, 'artifact')} ${plural(deployed.running, 'runs', 'run')} in ` +
      `${deployed.environment}${snapshot}, ` +
      `${deployed.artifacts.length} of this repository${deployed.artifacts.length > 0 ? ':' : '.'}`,
  );
  if (deployed.artifacts.length === 0) return;
  summary.table(
    ['Artifact', 'Built from', 'Found in'],
    deployed.artifacts.map((a) => [a.name, a.commit === undefined ? 'unknown' : { code: a.commit }, a.why]),
  );
}

/** A cell in words: its state, or the override that decided it (with `short`, the verdict alone). */
function cellWords(cell: GateCell, short = false): string {
  const override = cell.override;
  if (override === undefined) return cell.state;
  const verdict = cellState([override]);
  if (short) return verdict === cell.state ? overrideVerdict(override.is_compliant) : cell.state;
  return verdict === cell.state ? overrideText(override) : `${cell.state} (and ${overrideText(override)})`;
}

/**
 * A step that checked no commit: never a pass. No base and on-no-base skip: `skipped`, a warning, no failure; a range
 * with nothing to check (merges left out, or no commit): graded missing, so fail-on decides.
 */
export function renderUnchecked(inputs: GateInputs, read: CommitsRead): StepResult {
  const note = read.note ?? 'Nothing was checked.';
  const skipped = read.deployed?.noBase === 'skip';
  const failing = !skipped && fails(inputs.failOn, 'missing');
  const graded = failing
    ? 'Nothing checked counts as missing, which fails this step.'
    : 'Nothing checked counts as missing: this step is set to warn, not fail, on it.';
  const heading = skipped
    ? `⏭️ ${TITLE} skipped: nothing checked`
    : `❌ ${TITLE} ${failing ? 'tripped' : WARNED}: nothing checked`;
  const summary = new SummaryWriter().heading(heading, 3).paragraph(note);
  if (!skipped) summary.paragraph(graded);
  if (read.deployed !== undefined) deployedLines(summary, read.deployed);
  const outcome: Outcome = skipped ? 'skipped' : 'non-compliant';
  return {
    outcome,
    outputs: { compliant: false, missing: [], 'non-compliant': [], 'would-fail': !skipped },
    result: {
      compliant: false,
      commits: [],
      from: read.from,
      note,
      deployed: read.deployed,
      query: inputs.query,
      required: inputs.required,
      ...(!skipped && {
        range: read.range,
        failOn: inputs.failOn.grades,
        wouldFail: true,
        nothingChecked: 'missing',
      }),
    },
    summary,
    comment: { key: commentKey(inputs), body: () => summary.toString() },
    ...(skipped
      ? { annotations: [{ level: 'warning', message: note }] }
      : failing
        ? { failure: `${TITLE} tripped: ${note} ${graded}` }
        : { annotations: [{ level: 'warning', title: TITLE, message: `${note} ${graded}` }] }),
  };
}

/** Each verdict's mark and words, in a reader's language. */
const VERDICT_WORDS: Record<Verdict, [mark: string, words: string]> = {
  'overridden-non-compliant': ['❌', 'rejected by an override'],
  unknown: [UNKNOWN_MARK, 'could not be checked'],
  'self-approved': ['❌', 'self-approved'],
  // Not `merged`: on a pull request's own run, its pull request is still open.
  unreviewed: ['❌', 'approved by no one'],
  'no-pull-request': ['⚠️', 'without a pull request'],
  'overridden-compliant': ['✅', 'accepted by an override'],
  exempt: ['✅', 'exempt from review'],
  reviewed: ['✅', 'reviewed by someone else'],
};
const VERDICTS = Object.keys(VERDICT_WORDS) as Verdict[];
/** The review's findings, each a commit, graded in its table's words (`approved by no one`). */
const REVIEWED: FindingWords = {
  noun: 'commit',
  grades: Object.fromEntries(
    VERDICTS.flatMap((v) => {
      const grade = VERDICT_GRADES[v];
      return grade === undefined ? [] : [[grade, VERDICT_WORDS[v][1]]];
    }),
  ),
};

/** The reason, with the pull request that decided where there is one. */
const why = (r: ReviewVerdict) => `${r.reason}${r.pullRequest ? ` (${r.pullRequest})` : ''}`;

/** How many got each of `verdicts`, in words: `1 self-approved, 2 without a pull request`; '' for none. */
function verdictCounts(counts: Record<Verdict, number>, verdicts: Verdict[]): string {
  return verdicts
    .filter((v) => counts[v] > 0)
    .map((v) => `${counts[v]} ${VERDICT_WORDS[v][1]}`)
    .join(', ');
}

/** The review rule the step applies, and whose commits it exempts. */
type ReviewRule = NonNullable<GateInputs['review']>;

/** The review's result: every commit's verdict in the result file, the failing ones in `unreviewed`. */
export function renderReview(
  inputs: GateInputs,
  rule: ReviewRule,
  read: CommitsRead,
  review: Review,
): StepResult {
  const sorted = sortReview(review, inputs.failOn);
  const result = {
    compliant: review.compliant,
    ...resultOf(inputs, read, sorted.wouldFail),
    review: {
      rule: rule.rule,
      exemptAuthors: rule.exemptAuthors.given,
      counts: review.counts,
      verdicts: review.verdicts,
    },
  };
  const failingVerdicts = VERDICTS.filter((v) => VERDICT_GRADES[v] !== undefined);
  return checkedStep(inputs, {
    compliant: review.compliant,
    outputs: {
      compliant: review.compliant,
      missing: [],
      'non-compliant': [],
      'would-fail': sorted.wouldFail,
      review: JSON.stringify(review.counts),
      unreviewed: review.failing,
    },
    result,
    note: read.note,
    report: (forComment) => reviewReport(inputs, rule, result, review, sorted, forComment),
    sorted,
    describe: (r) => `Commit ${r.commit} (${VERDICT_WORDS[r.verdict][1]}): ${why(r)}.`,
    grade: gradeOf,
    words: REVIEWED,
    counts:
      `${review.failing.length} of ${review.verdicts.length} ${plural(review.verdicts.length, 'commit')} ` +
      `${plural(review.failing.length, 'fails', 'fail')} the review ` +
      `(${verdictCounts(review.counts, failingVerdicts)})`,
    title: REVIEW_TITLE,
  });
}

/** The review's summary, or with `forComment` the comment body: the auditor's answer first, then what failed. */
function reviewReport(
  inputs: GateInputs,
  rule: ReviewRule,
  read: ReturnType<typeof resultOf>,
  review: Review,
  sorted: Sorted<ReviewVerdict>,
  forComment: boolean,
): SummaryWriter {
  const summary = opening(REVIEW_TITLE, review.compliant, sorted, forComment);
  const { counts, verdicts } = review;
  const others = verdictCounts(
    counts,
    VERDICTS.filter((v) => v !== 'reviewed'),
  );
  summary.paragraph(
    `${counts.reviewed} of ${verdicts.length} ${plural(verdicts.length, 'commit')} reviewed by someone else` +
      (others ? `; ${others}.` : '.'),
  );
  const exempt = rule.exemptAuthors.given;
  const narrowed = inputs.query.flow_name === undefined ? '' : ` Narrowed to flow ${inputs.query.flow_name}.`;
  summary.paragraph(
    `${verdicts.length} ${plural(verdicts.length, 'commit')}${sourceWords(read)}. ` +
      'Each needs a pull request approved by someone other than ' +
      `its authors${exempt.length > 0 ? `, unless written by ${exempt.join(', ')}` : ''}.${narrowed}`,
  );
  if (read.note !== undefined) summary.paragraph(read.note);
  const graded = failOnSentence(inputs.failOn, sorted, gradeOf, REVIEWED);
  if (graded !== '') summary.paragraph(graded);
  if (read.deployed !== undefined) deployedLines(summary, read.deployed);

  const commits = commitLines(inputs, read);
  const prCell = (r: ReviewVerdict): Cell =>
    r.pullRequest ? { text: `#${r.pullRequest.split('/').pop() ?? ''}`, href: r.pullRequest } : '—';
  const byVerdict = VERDICTS.map((verdict) => verdicts.filter((r) => r.verdict === verdict));
  if (verdicts.length > MATRIX_MAX) {
    const groups = VERDICTS.map((verdict, i) => ({
      title: groupTitle(...VERDICT_WORDS[verdict]),
      commits: (byVerdict[i] ?? []).map((r) => commits.line(r.commit, why(r))),
    }));
    return writeCommitGroups(summary, groups, listed(forComment));
  }
  const notReviewed = byVerdict.slice(0, -1).flat();
  if (notReviewed.length > 0) {
    summary.table(
      ['Commit', 'Result', 'Pull request', 'Authors', 'Approvers', 'Why'],
      notReviewed.map((r) => [
        commits.cell(r.commit),
        VERDICT_WORDS[r.verdict].join(' '),
        prCell(r),
        r.authors.join(', ') || '—',
        r.approvers.join(', ') || '—',
        r.reason,
      ]),
    );
  }
  const reviewed = byVerdict.at(-1) ?? [];
  if (reviewed.length === 0) return summary;
  // Folded: an auditor reads what failed first; the proof of each review is one click away.
  summary.markdown(
    `<details><summary>${reviewed.length} ${plural(reviewed.length, 'commit')} reviewed by someone else</summary>\n`,
  );
  summary.table(
    ['Commit', 'Pull request', 'Approvers'],
    reviewed.map((r) => [commits.cell(r.commit), prCell(r), r.approvers.join(', ')]),
  );
  return summary.markdown('</details>');
}
