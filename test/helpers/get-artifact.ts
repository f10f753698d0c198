/** What get-artifact's tests share, through the bundle (test/dist) and in-process (test/actions/get-artifact). */

/** Demo seed: backend 1.4.0, COMPLIANT. */
export const COMPLIANT_FP = '9e5f20177e2131a174e6d70d947a1244919fcb0ef41d1ce7e975f79d068f647d';

/** The result file, as far as the tests read it. */
export interface Saved {
  found: boolean;
  state: string | null;
  compliant: boolean;
  problems: { name: string; problem: string }[];
  attestations: { name: string; status?: string; compliant?: boolean | null }[];
  failure?: string;
  artifact?: { filename: string; fingerprint: string };
}
