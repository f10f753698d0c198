/** GET /env-diff/{org} (2.10, 2.11, 4.7): the difference of two snapshots of environments. */
import * as z from 'zod/mini';
import { patterns, shown, shownList } from './common.js';

/** A snapshot expression as sent: canonical or not, without surrounding spaces (snapshot.ts parses it). */
export const SnapshotExpressionText = z
  .string()
  .check(z.regex(patterns.snapshotExpression, { error: 'must be a snapshot expression' }));

export const EnvDiffQuery = z.strictObject({
  snappish1: SnapshotExpressionText,
  snappish2: SnapshotExpressionText,
});
export type EnvDiffQuery = z.input<typeof EnvDiffQuery>;

/** An artifact of a diff group: which group it is in decides; its `fingerprint` names it. The rest is shown. */
export const DiffArtifact = z.looseObject({
  fingerprint: z.string(),
  name: shown(z.string()),
  most_recent_timestamp: shown(z.number()),
  flow: shown(z.string()),
  commit_url: shown(z.string()),
  instance_count: shown(z.number().check(z.int())),
  s1_instance_count: shown(z.number().check(z.int())),
  s2_instance_count: shown(z.number().check(z.int())),
  pods: shownList(z.string()),
});
export type DiffArtifact = z.infer<typeof DiffArtifact>;

/** `snapshot_id` must be given too (the client says so, and why): it shows the answer is about the snapshots asked. */
export const DiffItem = z.looseObject({
  artifacts: z.array(DiffArtifact),
  snapshot_id: z.nullish(z.string()),
});
export type DiffItem = z.infer<typeof DiffItem>;

export const EnvDiff = z.looseObject({
  snappish1: DiffItem,
  snappish2: DiffItem,
  changed: DiffItem,
  'not-changed': DiffItem,
});
export type EnvDiff = z.infer<typeof EnvDiff>;
