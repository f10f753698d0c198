/** What diff-envs' in-process tests (test/actions/diff-envs) share. */
import type { DiffEnvsResult, Promotions } from '../../src/actions/diff-envs/decide.js';

/** The demo fingerprints of staging (seed): backend 1.4.0 → 1.5.0, web scaled 1 → 2, redis unchanged. */
export const BACKEND_14 = '9e5f20177e2131a174e6d70d947a1244919fcb0ef41d1ce7e975f79d068f647d';
export const BACKEND_15 = '33907d725bd992d1651784dee23dff369334af6903feb0d75e00eb37a820491f';
/** Their commits, of acme/shop. */
export const COMMIT_14 = '3dfdaa9cbad35a60632a382f8653df6ef6539d28';
export const COMMIT_15 = '888f905eacac85a1e522752fa1be9aa2ce5d5016';

/** The result file, as the step writes it. */
export type Saved = DiffEnvsResult & { outcome: string; promotions: Promotions };

/** A diff answer of `one` against `two`: `arriving` only in `two`, nothing else. */
export const diffBody = (one: string, two: string, arriving: unknown[] = []) => ({
  snappish1: { snapshot_id: one, artifacts: [] },
  snappish2: { snapshot_id: two, artifacts: arriving },
  changed: { snapshot_id: two, artifacts: [] },
  'not-changed': { snapshot_id: two, artifacts: [] },
});
