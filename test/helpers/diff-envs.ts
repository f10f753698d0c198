/** What diff-envs' tests share, through the bundle (test/dist) and in-process (test/actions/diff-envs). */

/** The demo fingerprints of staging (seed): backend 1.4.0 → 1.5.0, web scaled 1 → 2, redis unchanged. */
export const BACKEND_14 = '9e5f20177e2131a174e6d70d947a1244919fcb0ef41d1ce7e975f79d068f647d';
export const BACKEND_15 = '33907d725bd992d1651784dee23dff369334af6903feb0d75e00eb37a820491f';

/** The result file, as far as the tests read it. */
export interface Saved {
  outcome: string;
  snapshot1: { expression: string; id: string | null; name: string };
  snapshot2: { expression: string; id: string | null; name: string };
  changed: boolean;
  counts: Record<
    'onlyIn1' | 'onlyIn2' | 'replaced' | 'added' | 'removed' | 'scaled' | 'unchanged' | 'rollouts',
    number
  >;
  promotions: { include: unknown[]; leftOut: unknown[] };
  rollouts: {
    name: string;
    snapshots: number[];
    versions: { artifact: { fingerprint: string }; in: string }[];
  }[];
  replaced: {
    name: string;
    from: { name: string; fingerprint: string };
    to: { name: string; fingerprint: string };
  }[];
  added: { name: string; fingerprint: string }[];
  removed: { name: string; fingerprint: string; pods?: string[] }[];
  compliance?: {
    checks: { name: string; fingerprint: string; flow: string; state: string; htmlUrl?: string }[];
    leftOut: number;
  };
  scaled: { name: string; s1_instance_count: number; s2_instance_count: number }[];
  unchanged: { name: string }[];
}
