/** The gate's result: outputs, result file, summary (commits by names), comment, annotations, failure. */
import {
  countWords,
  failOnSentence,
  fails,
  sortFindings,
  type FindingWords,
  type Grade,
  type Sorted,
} from '../../compliance/grades.js';
import { commitUrl } from '../../context/github.js';
import { COMMENT_WRITER_OPTIONS } from '../../runtime/pr-comment.js';
import { MAX_ANNOTATIONS, type Annotation, type ErrorExtras, type StepResult } from '../../runtime/step.js';
import { commitCell, overrideText, overrideVerdict, UNKNOWN_MARK } from '../../summary/cells.js';
import { writeCommitGroups, type GroupedCommit } from '../../summary/commit-groups.js';
import { SummaryWriter, type Cell } from '../../summary/writer.js';
import { plural } from '../../trust/text.js';
import {
  CELL_STATES,
  cellState,
  gradeOf,
  stateRank,
  VERDICTS,
  type CellState,
  type Decision,
  type GateCell,
  type GradedItem,
  type Review,
  type ReviewVerdict,
  type Verdict,
} from './decide.js';
import { ACTION, type GateInputs, type CommitsRead, type DeployedRead, type GateQuery } from './inputs.js';

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
  /** Besides `compliant` and `would-fail`; `missing` and `non-compliant` are empty unless given. */
  outputs: StepResult['outputs'];
  result: StepResult['result'];
  /** The summary's paragraphs after its heading, in order (the note among them), before what fails the step. */
  paragraphs: (string | undefined)[];
  /** The rest of the summary, or with `forComment` of the comment body: the commits. */
  body: (summary: SummaryWriter, forComment: boolean) => SummaryWriter;
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
 * only in the summary. Its summary, or the comment body, opens with the verdict: passed, tripped, or set to warn.
 */
function checkedStep<T>(inputs: GateInputs, read: CommitsRead, found: Checked<T>): StepResult {
  const { sorted } = found;
  const { note } = read;
  // Nothing found, nothing that would fail.
  const compliant = !sorted.wouldFail;
  const report = (forComment: boolean) => {
    const verdict = compliant
      ? `✅ ${found.title} passed`
      : `❌ ${found.title} ${sorted.fail.length > 0 ? 'tripped' : WARNED}`;
    const summary = new SummaryWriter(forComment ? COMMENT_WRITER_OPTIONS : {}).heading(verdict, 3);
    for (const paragraph of found.paragraphs) if (paragraph !== undefined) summary.paragraph(paragraph);
    const graded = failOnSentence(inputs.failOn, sorted, found.grade, found.words);
    if (graded !== '') summary.paragraph(graded);
    if (read.deployed !== undefined) deployedLines(summary, read.deployed);
    return found.body(summary, forComment);
  };
  const step = {
    outcome: compliant ? 'compliant' : 'non-compliant',
    outputs: {
      compliant,
      missing: [],
      'non-compliant': [],
      'would-fail': sorted.wouldFail,
      ...found.outputs,
    },
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
  // Those found first, then the missing, each in the matrix's order.
  const found = decision.findings.filter((f) => f.grade !== 'missing');
  const sorted = sortFindings(
    [...found, ...decision.findings.filter((f) => f.grade === 'missing')],
    (f) => f.grade,
    inputs.failOn,
  );
  const result = { ...decision, ...resultOf(inputs, read, sorted.wouldFail) };
  const { missing, nonCompliant, unknown, required } = result;
  const narrowed = describeQuery(result.query);
  const overrides = result.rows.flatMap((row) => Object.values(row.cells)).filter((c) => c.override).length;
  return checkedStep(inputs, read, {
    outputs: {
      missing: decision.missing,
      // Those without a verdict too: a script that reads only this list fails closed.
      'non-compliant': found.map(({ commit, name }) => ({ commit, name })),
    },
    result: { ...result },
    paragraphs: [
      [
        `${result.commits.length} ${plural(result.commits.length, 'commit')}${sourceWords(result)}.`,
        required.length > 0
          ? `Required: ${required.join(', ')}.`
          : 'Required: at least one attestation per commit, all compliant.',
        narrowed ? `Narrowed to ${narrowed}.` : '',
      ]
        .filter(Boolean)
        .join(' '),
      read.note,
      (result.compliant
        ? 'Every commit is compliant.'
        : `${missing.length} missing, ${nonCompliant.length} non-compliant` +
          (unknown.length > 0 ? `, ${unknown.length} unknown (no verdict).` : '.')) +
        (overrides > 0
          ? ` ${overrides} decided by an override (a person's verdict on the attestation).`
          : ''),
    ],
    body: (summary, forComment) => matrix(inputs, result, summary, forComment),
    sorted,
    describe: (item) => describeItem(item, result),
    grade: (item) => item.grade,
    words: ATTESTATIONS,
    // `2 missing and 1 non-compliant attestations`, with `and 1 unknown (no verdict)` when one has no verdict.
    counts:
      (unknown.length === 0
        ? `${missing.length} missing and ${nonCompliant.length} non-compliant`
        : `${missing.length} missing, ${nonCompliant.length} non-compliant and ${unknown.length} unknown (no verdict)`) +
      ` ${plural(found.length + missing.length, 'attestation')} in ${result.commits.length} ` +
      plural(result.commits.length, 'commit'),
    title: TITLE,
  });
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

/** Each commit checked as the summary lists it: its title where known, linked to its page. */
function commitLine(inputs: GateInputs, read: Pick<CommitsRead, 'commits'>) {
  const bySha = new Map(read.commits.map((c) => [c.sha, c]));
  return (sha: string, detail?: string): GroupedCommit => {
    const commit = bySha.get(sha);
    return { sha, title: commit?.title, url: commit?.url ?? commitUrl(inputs.runner.github, sha), detail };
  };
}

/** Past MATRIX_MAX, the commits grouped under a title each (`❌ Non-compliant`), a line per commit. */
function writeGroups(
  summary: SummaryWriter,
  groups: { mark: string; words: string; commits: GroupedCommit[] }[],
  forComment: boolean,
) {
  // Listed, at most: within the 1 MiB summary and the 65,536-character comment.
  return writeCommitGroups(
    summary,
    groups.map(({ mark, words, commits }) => ({
      title: `${mark} ${words.charAt(0).toUpperCase()}${words.slice(1)}`,
      commits,
    })),
    forComment
      ? { maxLines: 100, fullData: "the run's job summary and the `result-file` output" }
      : { maxLines: 1000, fullData: 'the `result-file` output' },
  );
}

/** The commits: a matrix of commits by attestation names, problems first in a comment; many grouped by state. */
function matrix(inputs: GateInputs, result: GateResult, summary: SummaryWriter, forComment: boolean) {
  const line = commitLine(inputs, result);
  // Many commits (a release range): grouped by state, worst first, each with the attestations at fault, rather
  // than a matrix of thousands of rows.
  if (result.rows.length > MATRIX_MAX) {
    const groups = [...CELL_STATES].reverse().map((state) => ({
      mark: MARK[state],
      words: state === 'unknown' ? 'unknown (no verdict)' : state,
      commits: result.rows
        .filter((row) => row.state === state)
        .map((row) => {
          const atFault = Object.entries(row.cells)
            .filter(([, cell]) => cell.state !== 'compliant')
            .map(([name, cell]) => `${name} ${cellWords(cell, true)}`);
          const none = Object.keys(row.cells).length === 0 ? ['no attestation'] : [];
          return line(row.commit, [...atFault, ...none].join(', '));
        }),
    }));
    return writeGroups(summary, groups, forComment);
  }
  const rows = forComment
    ? [...result.rows].sort((a, b) => stateRank(b.state) - stateRank(a.state))
    : result.rows;
  summary.table(
    ['Commit', 'Result', ...result.names],
    rows.map((row) => {
      const commit = line(row.commit);
      return [
        commitCell({ ...commit, message: commit.title }),
        `${MARK[row.state]} ${row.state}`,
        ...result.names.map((name): Cell => {
          const cell = row.cells[name];
          if (!cell) return '—';
          const newest = [...cell.attestations].sort((a, b) => (b.created_at ?? 0) - (a.created_at ?? 0));
          const shown = cell.override ?? newest.find((a) => a.is_compliant !== true) ?? newest[0];
          return { text: `${MARK[cell.state]} ${cellWords(cell)}`, href: shown?.html_url ?? commit.url };
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

/** `3 artifacts run in production (production#9)`: how many run in the environment, as the log and summary say. */
export function runningWords(deployed: Omit<DeployedRead, 'artifacts'>): string {
  const { running, environment, snapshot } = deployed;
  return (
    `${running} ${plural(running, 'artifact')} ${plural(running, 'runs', 'run')} in ${environment}` +
    (snapshot === undefined ? '' : ` (${snapshot})`)
  );
}

/** What runs in the environment, of this repository: each artifact and the commit it was built from. */
function deployedLines(summary: SummaryWriter, deployed: DeployedRead): void {
  const { artifacts } = deployed;
  summary.paragraph(
    `${runningWords(deployed)}, ${artifacts.length} of this repository${artifacts.length > 0 ? ':' : '.'}`,
  );
  if (artifacts.length === 0) return;
  summary.table(
    ['Artifact', 'Built from', 'Found in'],
    artifacts.map((a) => [a.name, a.commit === undefined ? 'unknown' : { code: a.commit }, a.why]),
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
  return {
    // `skipped`: since-deployed-in found no base and on-no-base is skip, so nothing was checked (never a pass).
    outcome: skipped ? 'skipped' : 'non-compliant',
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

const ORDER = Object.keys(VERDICTS) as Verdict[];
const wordsOf = (verdict: Verdict) => VERDICTS[verdict].words;
/** The review's findings, each a commit, graded in its table's words (`approved by no one`). */
const REVIEWED: FindingWords = {
  noun: 'commit',
  grades: Object.fromEntries(
    ORDER.flatMap((v) => {
      const { grade, words } = VERDICTS[v];
      return grade === undefined ? [] : [[grade, words]];
    }),
  ),
};

/** The reason, with the pull request that decided where there is one. */
const why = (r: ReviewVerdict) => `${r.reason}${r.pullRequest ? ` (${r.pullRequest})` : ''}`;

/** How many got each of `verdicts`, in words: `1 self-approved, 2 without a pull request`; '' for none. */
function verdictCounts(counts: Record<Verdict, number>, verdicts: Verdict[]): string {
  return verdicts
    .filter((v) => counts[v] > 0)
    .map((v) => `${counts[v]} ${wordsOf(v)}`)
    .join(', ');
}

/**
 * The review's result: every commit's verdict in the result file, the failing ones in `unreviewed`; its summary, or
 * with `forComment` the comment body: the auditor's answer first, then what failed.
 */
export function renderReview(
  inputs: GateInputs,
  rule: NonNullable<GateInputs['review']>,
  read: CommitsRead,
  review: Review,
): StepResult {
  const sorted = sortFindings(review.failing, gradeOf, inputs.failOn);
  const { counts, verdicts } = review;
  const result = {
    compliant: review.compliant,
    ...resultOf(inputs, read, sorted.wouldFail),
    review: { rule: rule.rule, exemptAuthors: rule.exemptAuthors.given, counts, verdicts },
  };
  const others = verdictCounts(
    counts,
    ORDER.filter((v) => v !== 'reviewed'),
  );
  const exempt = rule.exemptAuthors.given;
  const narrowed = inputs.query.flow_name === undefined ? '' : ` Narrowed to flow ${inputs.query.flow_name}.`;
  return checkedStep(inputs, read, {
    outputs: { review: JSON.stringify(counts), unreviewed: review.failing },
    result,
    paragraphs: [
      `${counts.reviewed} of ${verdicts.length} ${plural(verdicts.length, 'commit')} reviewed by someone else` +
        (others ? `; ${others}.` : '.'),
      `${verdicts.length} ${plural(verdicts.length, 'commit')}${sourceWords(read)}. ` +
        'Each needs a pull request approved by someone other than ' +
        `its authors${exempt.length > 0 ? `, unless written by ${exempt.join(', ')}` : ''}.${narrowed}`,
      read.note,
    ],
    body: (summary, forComment) => reviewTables(inputs, read, review, summary, forComment),
    sorted,
    describe: (r) => `Commit ${r.commit} (${wordsOf(r.verdict)}): ${why(r)}.`,
    grade: gradeOf,
    words: REVIEWED,
    counts:
      `${review.failing.length} of ${verdicts.length} ${plural(verdicts.length, 'commit')} ` +
      `${plural(review.failing.length, 'fails', 'fail')} the review ` +
      `(${verdictCounts(
        counts,
        ORDER.filter((v) => VERDICTS[v].grade !== undefined),
      )})`,
    title: REVIEW_TITLE,
  });
}

/** The review's commits: those not reviewed in a table, the proof of each review folded; many grouped by verdict. */
function reviewTables(
  inputs: GateInputs,
  read: CommitsRead,
  { verdicts }: Review,
  summary: SummaryWriter,
  forComment: boolean,
): SummaryWriter {
  const line = commitLine(inputs, read);
  const cell = (sha: string) => {
    const commit = line(sha);
    return commitCell({ ...commit, message: commit.title });
  };
  const prCell = (r: ReviewVerdict): Cell =>
    r.pullRequest ? { text: `#${r.pullRequest.split('/').pop() ?? ''}`, href: r.pullRequest } : '—';
  const byVerdict = ORDER.map((verdict) => verdicts.filter((r) => r.verdict === verdict));
  if (verdicts.length > MATRIX_MAX) {
    const groups = ORDER.map((verdict, i) => ({
      mark: VERDICTS[verdict].mark,
      words: wordsOf(verdict),
      commits: (byVerdict[i] ?? []).map((r) => line(r.commit, why(r))),
    }));
    return writeGroups(summary, groups, forComment);
  }
  const notReviewed = byVerdict.slice(0, -1).flat();
  if (notReviewed.length > 0) {
    summary.table(
      ['Commit', 'Result', 'Pull request', 'Authors', 'Approvers', 'Why'],
      notReviewed.map((r) => [
        cell(r.commit),
        `${VERDICTS[r.verdict].mark} ${VERDICTS[r.verdict].words}`,
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
    reviewed.map((r) => [cell(r.commit), prCell(r), r.approvers.join(', ')]),
  );
  return summary.markdown('</details>');
}
