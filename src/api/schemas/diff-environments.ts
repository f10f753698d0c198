/** GET /env-diff/{org} (2.10, 2.11, 4.7): the difference of two snapshots of environments. */
import * as z from 'zod/mini';
import { decides, identifies, patterns, requiredFor, shown, shownList, specRequired } from './common.js';

/** A snapshot expression as sent: canonical or not, without surrounding spaces (snapshot.ts parses it). */
export const SnapshotExpressionText = z
  .string()
  .check(z.regex(patterns.snapshotExpression, { error: 'must be a snapshot expression' }));

export const EnvDiffQuery = z.strictObject({
  snappish1: SnapshotExpressionText,
  snappish2: SnapshotExpressionText,
});

/** An artifact of a diff group: which group it is in decides; its `fingerprint` names it. The rest is shown. */
export const DiffArtifact = z.looseObject({
  fingerprint: requiredFor(
    'the artifact is its fingerprint: the groups, the replacements, the compliance lookups and the counts rest on it',
    z.string(),
  ),
  name: decides('pairs replacements (the replaced count); absent, the artifact pairs with none', z.string()),
  most_recent_timestamp: shown(z.number()),
  flow: decides(
    "the flow an arriving artifact's compliance is looked up in; absent, flow unknown",
    z.string(),
  ),
  commit_url: shown(z.string()),
  instance_count: shown(z.number().check(z.int())),
  s1_instance_count: shown(z.number().check(z.int())),
  s2_instance_count: shown(z.number().check(z.int())),
  pods: shownList(z.string()),
});
export type DiffArtifact = z.infer<typeof DiffArtifact>;

/** A group of the diff (2.10); `snapshot_id` where given is held to the snapshots asked, else "not confirmed". */
const diffItem = () =>
  z.looseObject({
    artifacts: requiredFor(
      "every group and count of diff-envs' outputs is read from it",
      z.array(DiffArtifact),
    ),
    snapshot_id: identifies(
      'held to the snapshot asked where given; absent, the diff is not confirmed and a gate on it fails closed',
      z.string(),
    ),
  });

export const EnvDiff = z.looseObject({
  snappish1: specRequired(diffItem()),
  snappish2: specRequired(diffItem()),
  changed: specRequired(diffItem()),
  'not-changed': specRequired(diffItem()),
});
export type EnvDiff = z.infer<typeof EnvDiff>;
