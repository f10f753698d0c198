/** What diff-envs' in-process tests (test/actions/diff-envs) share. */
import type { DiffEnvsResult, Promotions } from '../../src/actions/diff-envs/decide.js';

/** The result file, as the step writes it. */
export type Saved = DiffEnvsResult & { outcome: string; promotions: Promotions };

/** A diff answer of `one` against `two`: `arriving` only in `two`, nothing else. */
export const diffBody = (one: string, two: string, arriving: unknown[] = []) => ({
  snappish1: { snapshot_id: one, artifacts: [] },
  snappish2: { snapshot_id: two, artifacts: arriving },
  changed: { snapshot_id: two, artifacts: [] },
  'not-changed': { snapshot_id: two, artifacts: [] },
});
