/**
 * The demo seed's eu-production environment and its two policies (packages/sandbox/src/seeds/policies/): each artifact
 * with the verdict each policy gives it, the one table the policy tests read their expectations from.
 */
import { fileURLToPath } from 'node:url';

const seedFile = (name: string) =>
  fileURLToPath(new URL(`../../packages/sandbox/src/seeds/policies/${name}`, import.meta.url));

/** The policy as on the base branch, and the change a pull request proposes. */
export const BASE_POLICY = seedFile('eu-production.yml');
export const NEXT_POLICY = seedFile('eu-production-next.yml');

type Verdict = 'pass' | 'fail' | 'unknown';

/**
 * Every artifact eu-production runs (snapshot #2; #1 runs the first five), with its verdicts under the base and the
 * next policy as the sandbox answers in full. Under the minimal profile a trail names no flow, so every artifact with
 * a flow is unknown; the two with no provenance are judged as in full.
 */
export const EU_PRODUCTION = {
  'docker.io/library/postgres:16': {
    fingerprint: '87fb687776069f58fae791d3204c99d7d93fc59c5e9217241dc420719264a667',
    flow: null,
    base: 'fail',
    next: 'fail',
  },
  'docker.io/datadog/agent:7': {
    fingerprint: 'a0e82d6ec2a1b5f49574dd83ad93ee4c8ac6fdd89bce9205a2f52e51677c9785',
    flow: null,
    base: 'pass',
    next: 'pass',
  },
  'ghcr.io/acme/ledger:4.2.0': {
    fingerprint: '70e0625358e4e55406750de522817b5e951a781012c9fccb20099027e3a769db',
    flow: 'ledger',
    base: 'fail',
    next: 'fail',
  },
  'ghcr.io/acme/search:1.8.0': {
    fingerprint: '202b078bbf9ed2633a657903cf0dbb92c4f874ffcc74ef8a74de39ab8fb259ac',
    flow: 'search',
    base: 'pass',
    next: 'pass',
  },
  'ghcr.io/acme/invoices:2.1.0': {
    fingerprint: 'f14c4098b7165c24384d709d91200605256e3f4abe5a7014b1173effd76ad2d3',
    flow: 'invoices',
    base: 'pass',
    next: 'fail',
  },
  'ghcr.io/acme/notifier:0.9.3': {
    fingerprint: '66966934d4fdd7e600a5d305268cdd2063be9555390757d0558860fb773ef413',
    flow: 'notifications',
    base: 'fail',
    next: 'pass',
  },
  'ghcr.io/acme/pdf-renderer:1.0.4': {
    fingerprint: 'f48d3ba51374d7746353240bed17669cc39c0337398e25d67c046cc4b9736868',
    flow: 'documents',
    base: 'fail',
    next: 'fail',
  },
  'ghcr.io/acme/checkout:2.1.0': {
    fingerprint: '65c0b4576d182c42ebe3b9468a9fb349e4e0225d1fc796f13e199c6a996f5a91',
    flow: 'checkout',
    base: 'pass',
    next: 'pass',
  },
} as const satisfies Record<
  string,
  { fingerprint: string; flow: string | null; base: Verdict; next: Verdict }
>;

export type EuArtifact = keyof typeof EU_PRODUCTION;
export const EU_ARTIFACTS = Object.keys(EU_PRODUCTION) as EuArtifact[];
/** What snapshot #2 of eu-production adds to #1: a promotion's arriving artifacts. */
export const ARRIVING: EuArtifact[] = EU_ARTIFACTS.slice(5);

/** The verdict of `name` under `policy`, as the sandbox answers under `profile`. */
export function verdictOf(
  name: EuArtifact,
  policy: 'base' | 'next',
  profile: 'full' | 'minimal' = 'full',
): Verdict {
  const artifact = EU_PRODUCTION[name];
  return profile === 'minimal' && artifact.flow !== null ? 'unknown' : artifact[policy];
}
