/**
 * diff-envs: compares two environment snapshots (GET /env-diff/{org}): what runs only in the first, only in the
 * second, what was scaled, and (on request) what is unchanged. With `fail-on-diff` it is a drift check.
 */
import { log } from '../../trust/log.js';
import { InputError } from '../../errors/errors.js';
import { shownField, shownItems } from '../../api/parse.js';
import type { DiffArtifact, EnvDiff } from '../../api/schemas.js';
import {
  formatSnapshotExpression,
  parseSnapshotExpression,
  SNAPSHOT_FORMS,
  type SnapshotExpression,
} from '../../api/snapshot.js';
import type { InputReader } from '../../context/inputs.js';
import { readCommon, withClient, type CommonInputs } from '../../runtime/context.js';
import type { StickyCommentResult } from '../../github/comment.js';
import { setOutputs, writeResultFile } from '../../runtime/legacy-output.js';
import {
  COMMENT_WRITER_OPTIONS,
  commentOnPullRequest,
  readGitHubToken,
  readPrComment,
  type PrCommentInputs,
} from '../../runtime/pr-comment.js';
import { commitCell } from '../../summary/cells.js';
import { SummaryWriter, type Cell } from '../../summary/writer.js';
import { redact } from '../../trust/redact.js';

const ACTION = 'diff-envs';
/** Lines per group in the log; the rest are counted (the full lists are in result-file and the summary). */
const LOG_LINES = 50;
/** Pods shown in one summary cell; the rest are counted. */
const PODS_SHOWN = 20;

export interface DiffEnvsInputs extends CommonInputs, PrCommentInputs {
  snapshot1: SnapshotExpression;
  snapshot2: SnapshotExpression;
  showUnchanged: boolean;
  failOnDiff: boolean;
}

export function readInputs(inputs: InputReader, cwd: string): DiffEnvsInputs {
  const githubToken = readGitHubToken(inputs);
  const common = readCommon(inputs, cwd);
  const snapshot = (name: string) => {
    const value = inputs.optional(name);
    if (value === undefined) throw new InputError(name, 'is required', SNAPSHOT_FORMS);
    return parseSnapshotExpression(value, name);
  };
  return {
    ...common,
    snapshot1: snapshot('snapshot-1'),
    snapshot2: snapshot('snapshot-2'),
    showUnchanged: inputs.boolean('show-unchanged', false),
    failOnDiff: inputs.boolean('fail-on-diff', false),
    ...readPrComment(inputs, common, githubToken),
  };
}

export interface DiffSide {
  /** The expression as sent, e.g. `staging~1`. */
  expression: string;
  /** The snapshot the service resolved it to, e.g. `staging#41`. */
  id: string;
}

export interface DiffEnvsResult {
  url: string;
  snapshot1: DiffSide;
  snapshot2: DiffSide;
  /** True when anything differs: an artifact only in one snapshot, or a change of instance count. */
  changed: boolean;
  counts: { onlyIn1: number; onlyIn2: number; scaled: number; unchanged: number };
  onlyIn1: DiffArtifact[];
  onlyIn2: DiffArtifact[];
  scaled: DiffArtifact[];
  unchanged: DiffArtifact[];
  /** The pull-request comment, when `comment-on-pr` asked for one. */
  comment?: StickyCommentResult | undefined;
}

export async function run(inputs: DiffEnvsInputs): Promise<DiffEnvsResult> {
  const one = formatSnapshotExpression(inputs.snapshot1);
  const two = formatSnapshotExpression(inputs.snapshot2);
  return withClient(inputs.connection, async (client) => {
    const url = client.urlFor('diffEnvironments', {}, { snappish1: one, snappish2: two });
    const diff = await log.group(`Compare ${one} with ${two}`, async () => {
      log.info(`GET ${url}`);
      return client.diffEnvironments(one, two);
    });
    const result = toResult(url, one, two, diff);
    setOutputs({
      changed: result.changed,
      'only-in-1': result.counts.onlyIn1,
      'only-in-2': result.counts.onlyIn2,
      scaled: result.counts.scaled,
      unchanged: result.counts.unchanged,
      'snapshot-1-id': result.snapshot1.id,
      'snapshot-2-id': result.snapshot2.id,
    });
    logDiff(result);
    if (inputs.summary) await summarize(result, inputs.showUnchanged).write(inputs.runner.summaryFile);
    // Keyed by the two expressions too: a promotion check and a drift check in one workflow keep their own comments.
    const comment = await commentOnPullRequest(inputs, `${ACTION}/${one}..${two}`, () =>
      summarize(result, inputs.showUnchanged, COMMENT_WRITER_OPTIONS).toString(),
    );
    if (comment !== undefined) result.comment = comment;
    await writeResultFile(inputs.runner, ACTION, result);
    if (inputs.failOnDiff && result.changed) {
      // Snapshot ids come from the server: scrubbed like every other message.
      log.fail(
        redact(
          `${result.snapshot1.id} and ${result.snapshot2.id} differ (fail-on-diff): ${counts(result)}. ` +
            'See the job summary or result-file for the artifacts.',
        ),
      );
    }
    return result;
  });
}

function toResult(url: string, one: string, two: string, diff: EnvDiff): DiffEnvsResult {
  const onlyIn1 = diff.snappish1.artifacts;
  const onlyIn2 = diff.snappish2.artifacts;
  const scaled = diff.changed.artifacts;
  const unchanged = diff['not-changed'].artifacts;
  return {
    url,
    // Only shown: a snapshot_id the service sent null or malformed falls back to the expression as sent.
    snapshot1: { expression: one, id: shownField(() => diff.snappish1.snapshot_id) || one },
    snapshot2: { expression: two, id: shownField(() => diff.snappish2.snapshot_id) || two },
    changed: onlyIn1.length + onlyIn2.length + scaled.length > 0,
    counts: {
      onlyIn1: onlyIn1.length,
      onlyIn2: onlyIn2.length,
      scaled: scaled.length,
      unchanged: unchanged.length,
    },
    onlyIn1,
    onlyIn2,
    scaled,
    unchanged,
  };
}

function counts(result: DiffEnvsResult): string {
  const { snapshot1: s1, snapshot2: s2, counts: c } = result;
  return (
    `${c.onlyIn1} artifact(s) only in ${s1.id}, ${c.onlyIn2} only in ${s2.id}, ${c.scaled} scaled, ` +
    `${c.unchanged} unchanged`
  );
}

/** Instances in the first and second snapshot: the group's count, else the entry's `instance_count`. */
function instances(a: DiffArtifact, side: 1 | 2): number | undefined {
  const count = shownField(() => (side === 1 ? a.s1_instance_count : a.s2_instance_count));
  return count ?? shownField(() => a.instance_count) ?? undefined;
}

/** Name and fingerprint are only shown: one the service sent malformed reads as `?`, never fails the step. */
function nameOf(a: DiffArtifact): string {
  return shownField(() => a.name) ?? '?';
}

function shortFingerprint(a: DiffArtifact): string {
  return shownField(() => a.fingerprint)?.slice(0, 12) ?? '?';
}

function scaling(a: DiffArtifact): string {
  return `${instances(a, 1) ?? '?'} → ${instances(a, 2) ?? '?'}`;
}

/** Names and snapshot ids come from the server: every line is scrubbed, a server may echo the token. */
function logDiff(result: DiffEnvsResult): void {
  const { snapshot1: s1, snapshot2: s2 } = result;
  const info = (text: string) => log.info(text);
  info(`${s1.expression} is ${s1.id}; ${s2.expression} is ${s2.id}.`);
  info(`${counts(result)}.`);
  const groups: [string, DiffArtifact[], (a: DiffArtifact) => string][] = [
    [`Only present in ${s1.id}`, result.onlyIn1, (a) => `${instances(a, 1) ?? '?'} instance(s)`],
    [`Only present in ${s2.id}`, result.onlyIn2, (a) => `${instances(a, 2) ?? '?'} instance(s)`],
    [`${s1.id} -> ${s2.id} scaling`, result.scaled, scaling],
  ];
  for (const [title, artifacts, detail] of groups) {
    if (artifacts.length === 0) continue;
    log.startGroup(`${title} (${artifacts.length})`);
    for (const a of artifacts.slice(0, LOG_LINES)) info(`${nameOf(a)}  ${shortFingerprint(a)}  ${detail(a)}`);
    if (artifacts.length > LOG_LINES) info(`... and ${artifacts.length - LOG_LINES} more (see result-file)`);
    log.endGroup();
  }
}

function podsCell(a: DiffArtifact): Cell {
  const pods = shownItems(shownField(() => a.pods));
  if (pods.length === 0) return '';
  const shown = pods.slice(0, PODS_SHOWN);
  const more = pods.length - shown.length;
  return {
    details: `${pods.length} pod(s)`,
    lines: more > 0 ? [...shown, `... and ${more} more`] : shown,
  };
}

/**
 * The summary: counts first, then one table per group; unchanged artifacts only with `show-unchanged`. The writer's
 * budget is the job summary's by default; the PR comment passes its own.
 */
export function summarize(
  result: DiffEnvsResult,
  showUnchanged: boolean,
  options: ConstructorParameters<typeof SummaryWriter>[0] = {},
): SummaryWriter {
  const { snapshot1: s1, snapshot2: s2 } = result;
  const summary = new SummaryWriter(options);
  summary.heading(`Environment diff: ${s1.id} → ${s2.id}`, 3);
  const resolved =
    s1.expression !== s1.id || s2.expression !== s2.id
      ? `${s1.expression} is ${s1.id}, ${s2.expression} is ${s2.id}. `
      : '';
  summary.paragraph(
    result.changed
      ? `${resolved}${counts(result)}.`
      : `${resolved}No differences: both snapshots run the same ${result.counts.unchanged} artifact(s) with the same instance counts.`,
  );
  const row = (a: DiffArtifact, count: string | number | undefined): Cell[] => [
    nameOf(a),
    { code: shortFingerprint(a) },
    shownField(() => a.flow),
    commitCell({ url: shownField(() => a.commit_url) }),
    count,
    podsCell(a),
  ];
  const group = (
    title: string,
    column: string,
    artifacts: DiffArtifact[],
    count: (a: DiffArtifact) => string | number | undefined,
  ) => {
    if (artifacts.length === 0) return;
    summary.heading(`${title} (${artifacts.length})`, 4);
    summary.table(
      ['Name', 'Fingerprint', 'Flow', 'Commit', column, 'Pods'],
      artifacts.map((a) => row(a, count(a))),
    );
  };
  group(`Only in ${s1.id}`, 'Instances', result.onlyIn1, (a) => instances(a, 1));
  group(`Only in ${s2.id}`, 'Instances', result.onlyIn2, (a) => instances(a, 2));
  group(`Scaled ${s1.id} → ${s2.id}`, 'Scaling', result.scaled, scaling);
  if (showUnchanged) {
    group(
      'Unchanged',
      'Instances',
      result.unchanged,
      (a) => shownField(() => a.instance_count) ?? instances(a, 2),
    );
  } else if (result.changed && result.counts.unchanged > 0) {
    summary.paragraph(
      `${result.counts.unchanged} unchanged artifact(s) not listed: set show-unchanged to true to list them.`,
    );
  }
  return summary;
}
