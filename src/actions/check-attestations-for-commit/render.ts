/**
 * The gate's result as the runner shows it: outputs, the result file, the job summary (a matrix of commits by
 * attestation names), the pull-request comment (the same, problems first), the annotations and the failure.
 */
import { commitUrl } from '../../context/github.js';
import { COMMENT_WRITER_OPTIONS } from '../../runtime/pr-comment.js';
import { MAX_ANNOTATIONS, type Annotation, type ErrorExtras, type StepResult } from '../../runtime/step.js';
import { SummaryWriter, type Cell } from '../../summary/writer.js';
import {
  ACTION,
  STATE_RANK,
  type CellState,
  type CommitsRead,
  type Decision,
  type GateInputs,
  type GateItem,
  type GateQuery,
  type GateResult,
  type Outcome,
} from './types.js';

const TITLE = 'Compliance gate';

/** What a gate that could not check still says, whatever it knew: never compliant. */
export const COULD_NOT_CHECK = {
  outputs: { compliant: false, missing: [], 'non-compliant': [] },
  result: { compliant: false, missing: [], nonCompliant: [] },
};

/** One comment per gate: two gates of one job (a flow each) keep their own. */
export function commentKey(inputs: GateInputs): string {
  return inputs.query.flow_name === undefined ? ACTION : `${ACTION}/${inputs.query.flow_name}`;
}

/** The heading of a gate that could not check. */
export function couldNot(): string {
  return 'Compliance gate could not check';
}

/** What a gate that could not check says besides `outcome: error`, and the comment it replaces. */
export const onError: ErrorExtras<GateInputs> = { ...COULD_NOT_CHECK, commentKey };

export function render(inputs: GateInputs, read: CommitsRead, decision: Decision): StepResult {
  const result: GateResult = {
    ...decision,
    failOnNonCompliant: inputs.failOnNonCompliant,
    commits: read.commits,
    from: read.from,
    pullRequest: read.pullRequest ?? inputs.prComment.pullRequest?.number,
    note: read.note,
    query: inputs.query,
    required: inputs.required,
  };
  const outcome: Outcome = decision.compliant ? 'compliant' : 'non-compliant';
  return {
    outcome,
    outputs: {
      compliant: decision.compliant,
      missing: decision.missing,
      'non-compliant': decision.nonCompliant,
    },
    result: { ...result },
    summary: report(inputs, result, outcome, false),
    comment: {
      key: commentKey(inputs),
      body: () => report(inputs, result, outcome, true).toString(),
    },
    ...verdictAnnotations(inputs, result),
  };
}

/**
 * One annotation per problem, at most ten per level counting the step's other annotations of that level: errors
 * when the gate fails the step (the failure itself is the tenth), else warnings, the last one saying the gate
 * tripped. The failure, or that last warning, counts the problems and says how many are only in the summary.
 */
function verdictAnnotations(
  inputs: GateInputs,
  result: GateResult,
): Pick<StepResult, 'annotations' | 'failure'> {
  const notes: Annotation[] = result.note === undefined ? [] : [{ level: 'warning', message: result.note }];
  const problems = [
    ...result.nonCompliant.map((item) => describeItem(item, 'non-compliant', result)),
    ...result.missing.map((item) => describeItem(item, 'missing', result)),
  ];
  if (problems.length === 0) return { annotations: notes };
  const failing = result.failOnNonCompliant;
  // A comment GitHub refuses is one more warning (github/comment.ts), written before the annotations.
  const { commentOnPr, githubToken, pullRequest } = inputs.prComment;
  const mayWarn = commentOnPr && githubToken !== undefined && pullRequest !== undefined ? 1 : 0;
  const room = Math.max(0, MAX_ANNOTATIONS - 1 - (failing ? 0 : notes.length + mayWarn));
  const shown = problems.slice(0, room);
  const counts =
    `${result.missing.length} missing and ${result.nonCompliant.length} non-compliant attestation(s) ` +
    `in ${result.commits.length} commit(s)`;
  const more =
    problems.length > shown.length ? ` (${problems.length - shown.length} more in the job summary)` : '';
  const level = failing ? 'error' : 'warning';
  const annotations: Annotation[] = [
    ...notes,
    ...shown.map((message): Annotation => ({ level, message, title: TITLE })),
  ];
  if (failing) return { annotations, failure: `Compliance gate tripped: ${counts}${more}.` };
  const tripped = `Compliance gate tripped, not failing (fail-on-non-compliant is false): ${counts}${more}.`;
  return { annotations: [...annotations, { level: 'warning', message: tripped }] };
}

function describeItem(item: GateItem, state: 'missing' | 'non-compliant', result: GateResult): string {
  if (item.name === null) {
    const narrowed = describeQuery(result.query);
    return `Commit ${item.commit} has no attestation${narrowed ? ` (${narrowed})` : ''}.`;
  }
  if (state === 'missing')
    return `Commit ${item.commit}: the required attestation '${item.name}' is missing.`;
  const cell = result.rows.find((r) => r.commit === item.commit)?.cells[item.name];
  const where = (cell?.attestations ?? [])
    .filter((a) => a.is_compliant !== true)
    .map((a) => [a.flow_name && `flow ${a.flow_name}`, a.html_url].filter(Boolean).join(': '))
    .filter((s) => s !== '');
  return `Commit ${item.commit}: the attestation '${item.name}' is non-compliant${where.length > 0 ? ` (${where.join('; ')})` : ''}.`;
}

export function describeQuery(query: GateQuery): string {
  return [
    query.flow_name && `flow ${query.flow_name}`,
    query.attestation_type && `type ${query.attestation_type}`,
    query.attestation_name && `name ${query.attestation_name}`,
  ]
    .filter(Boolean)
    .join(', ');
}

const MARK: Record<CellState, string> = { compliant: '✅', 'non-compliant': '❌', missing: '⚠️' };

/** The summary, or with `forComment` the comment body: problems first, built to fit a comment. */
function report(
  inputs: GateInputs,
  result: GateResult,
  outcome: Outcome,
  forComment: boolean,
): SummaryWriter {
  const summary = new SummaryWriter(forComment ? COMMENT_WRITER_OPTIONS : {});
  summary.heading(
    outcome === 'compliant'
      ? `✅ ${TITLE} passed`
      : `❌ ${TITLE} ${result.failOnNonCompliant ? 'tripped' : 'tripped (not failing the step)'}`,
    3,
  );
  const from =
    result.from === 'pull-request' || result.from === 'pull-request-head'
      ? ` of pull request #${result.pullRequest ?? ''}${result.from === 'pull-request-head' ? ' (its head only)' : ''}`
      : '';
  const narrowed = describeQuery(result.query);
  summary.paragraph(
    [
      `${result.commits.length} commit(s)${from}.`,
      result.required.length > 0
        ? `Required: ${result.required.join(', ')}.`
        : 'Required: at least one attestation per commit, all compliant.',
      narrowed ? `Narrowed to ${narrowed}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
  );
  if (result.note !== undefined) summary.paragraph(result.note);
  summary.paragraph(
    result.compliant
      ? 'Every commit is compliant.'
      : `${result.missing.length} missing, ${result.nonCompliant.length} non-compliant.`,
  );
  const rows = forComment
    ? [...result.rows].sort((a, b) => STATE_RANK[b.state] - STATE_RANK[a.state])
    : result.rows;
  const commits = new Map(result.commits.map((c) => [c.sha, c]));
  summary.table(
    ['Commit', 'Result', ...result.names],
    rows.map((row) => {
      const commit = commits.get(row.commit);
      const url = commit?.url ?? commitUrl(inputs.runner.github, row.commit);
      return [
        { text: `${row.commit.slice(0, 7)}${commit?.title ? ` ${commit.title}` : ''}`, href: url },
        `${MARK[row.state]} ${row.state}`,
        ...result.names.map((name): Cell => {
          const cell = row.cells[name];
          if (!cell) return '—';
          const newest = [...cell.attestations].sort((a, b) => (b.created_at ?? 0) - (a.created_at ?? 0));
          const shown = newest.find((a) => a.is_compliant !== true) ?? newest[0];
          return { text: `${MARK[cell.state]} ${cell.state}`, href: shown?.html_url ?? url };
        }),
      ];
    }),
  );
  return summary.paragraph(
    '✅ compliant, ❌ non-compliant, ⚠️ missing' +
      (result.required.length > 0 ? '' : ', — not found on this commit'),
  );
}
