/**
 * diff-envs: compares two environment snapshots (GET /env-diff/{org}): what runs only in the first, only in the
 * second, what was scaled, and (on request) what is unchanged. With `fail-on-diff` it is a drift check.
 */
import { log } from '../../trust/log.js';
import type { DiffArtifact, EnvDiff } from '../../api/schemas.js';
import {
  formatSnapshotExpression,
  parseSnapshotExpression,
  SNAPSHOT_FORMS,
  type SnapshotExpression,
} from '../../api/snapshot.js';
import type { InputReader } from '../../context/inputs.js';
import { readCommon, withClient, type CommonInputs } from '../../runtime/context.js';
import { COMMENT_WRITER_OPTIONS, readPrComment, type PrCommentInputs } from '../../runtime/pr-comment.js';
import type { StepResult } from '../../runtime/step.js';
import { counts, logDiff, summarize } from './render.js';

export interface DiffEnvsInputs extends CommonInputs {
  snapshot1: SnapshotExpression;
  snapshot2: SnapshotExpression;
  showUnchanged: boolean;
  failOnDiff: boolean;
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
    prComment: readPrComment(inputs, common, githubToken),
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
    return toResult(url, one, two, diff);
  });
  logDiff(result);
  return toStep(result, inputs);
}

/** The step a diff makes: its outcome, outputs, summary and comment, and the failure of a drift check. */
export function toStep(
  result: DiffEnvsResult,
  inputs: Pick<DiffEnvsInputs, 'showUnchanged' | 'failOnDiff'>,
): StepResult {
  const { snapshot1: s1, snapshot2: s2 } = result;
  return {
    outcome: result.changed ? 'different' : 'same',
    outputs: {
      changed: result.changed,
      'only-in-1': result.counts.onlyIn1,
      'only-in-2': result.counts.onlyIn2,
      scaled: result.counts.scaled,
      unchanged: result.counts.unchanged,
      'snapshot-1-id': s1.id,
      'snapshot-2-id': s2.id,
    },
    result: { ...result },
    summary: summarize(result, inputs.showUnchanged),
    // Keyed by the two expressions too: a promotion check and a drift check in one workflow keep their own comments.
    comment: {
      key: `diff-envs/${s1.expression}..${s2.expression}`,
      body: () => summarize(result, inputs.showUnchanged, COMMENT_WRITER_OPTIONS).toString(),
    },
    ...(inputs.failOnDiff &&
      result.changed && {
        failure:
          `${s1.id} and ${s2.id} differ (fail-on-diff): ${counts(result)}. ` +
          'See the job summary or result-file for the artifacts.',
      }),
  };
}

/** The service's four groups as the result: `changed` when an artifact is only in one snapshot, or was scaled. */
export function toResult(url: string, one: string, two: string, diff: EnvDiff): DiffEnvsResult {
  const onlyIn1 = diff.snappish1.artifacts;
  const onlyIn2 = diff.snappish2.artifacts;
  const scaled = diff.changed.artifacts;
  const unchanged = diff['not-changed'].artifacts;
  return {
    url,
    // The client refuses an answer without snapshot ids (api/client.ts): the fallback only satisfies the type.
    snapshot1: { expression: one, id: diff.snappish1.snapshot_id || one },
    snapshot2: { expression: two, id: diff.snappish2.snapshot_id || two },
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
