/**
 * A seed of the tests' own for diff-envs' promotions: the demo seed with a third snapshot of production
 * and of staging, so that `production` → `staging` is a promotion of three services and a rollout in progress. The
 * demo seed itself stays as it is (the demo, the e2e workflow and most tests read its values).
 *
 * production#3 runs backend 1.4.0, worker 2.0.0, redis 7.4 and payments 3.0.0 (two pods); staging#3 runs
 *
 * - backend 1.6.0, replacing 1.4.0: COMPLIANT (every attestation of the backend template reported, compliant), both
 *   commits in acme/shop, so it has a compare link;
 * - web 3.2.0, new (production#3 does not run it): COMPLIANT, as in the demo seed;
 * - worker 2.1.0, replacing 2.0.0: NON-COMPLIANT (its report says so), left out of promotions by default;
 * - payments 3.0.0 (one pod: scaled) and payments 3.1.0 side by side: a rollout in progress, never promoted;
 * - redis 7.4, unchanged.
 *
 * With `migration`, staging#3 also runs backend-migrate 1.6.0, new and COMPLIANT (for a filter to leave out).
 */
import { createHash } from 'node:crypto';
import { demoSeed } from './sandbox.js';
import {
  BACKEND_140,
  COMPLIANT_COMMIT,
  REDIS_74,
  WEB_320,
  WEB_COMMIT,
} from '@compliance-actions/sandbox/seeds/index';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/** The fingerprints of the seed's images. */
export const FP = {
  backend14: BACKEND_140,
  backend16: sha256('ghcr.io/acme/backend:1.6.0'),
  web32: WEB_320,
  worker20: sha256('ghcr.io/acme/worker:2.0.0'),
  worker21: sha256('ghcr.io/acme/worker:2.1.0'),
  payments30: sha256('ghcr.io/acme/payments:3.0.0'),
  payments31: sha256('ghcr.io/acme/payments:3.1.0'),
  migrate16: sha256('ghcr.io/acme/backend-migrate:1.6.0'),
  redis: REDIS_74,
} as const;

/** The commits the images were built from. */
export const COMMIT = {
  backend14: COMPLIANT_COMMIT,
  backend16: sha1('backend 1.6.0'),
  web32: WEB_COMMIT,
  worker20: sha1('worker 2.0.0'),
  worker21: sha1('worker 2.1.0'),
} as const;

export const commitUrl = (repository: string, sha: string) =>
  `https://github.com/${repository}/commit/${sha}`;

const T = 1793700000;

/** An artifact as the seed stores it, its fingerprint that of its name, built from `sha` of `repository`. */
function artifact(id: number, flow: string, name: string, repository: string, sha: string) {
  return {
    id: String(id).padStart(24, '0'),
    flow,
    fingerprint: sha256(name),
    filename: name,
    git_commit: sha,
    commit_url: commitUrl(repository, sha),
    repo_url: `https://github.com/${repository}`,
    created_at: T,
    last_modified_at: T,
  };
}

const running = (name: string, fingerprint: string, pods: string[]) => ({
  fingerprint,
  name,
  pods,
  most_recent_timestamp: T,
});

/** The demo seed with the promotion of three services and a rollout in progress (above), fresh. */
export function promotionSeed(options: { migration?: boolean } = {}): unknown {
  const seed = demoSeed();
  const org = seed.orgs.demo;
  org.flows.push({ name: 'worker' }, { name: 'payments' });
  const template = {
    attestations: [{ name: 'pull-request', type: 'pull_request' }],
    artifacts: [
      {
        name: 'backend-image',
        attestations: [
          { name: 'unit-tests', type: 'junit' },
          { name: 'snyk-scan', type: 'snyk' },
        ],
      },
    ],
  };
  org.trails.push({
    name: COMMIT.backend16,
    flow: 'backend',
    created_at: T,
    last_modified_at: T,
    git_commit_info: {
      sha1: COMMIT.backend16,
      message: 'Retry refunds',
      author: 'Dee <dee@acme.test>',
      timestamp: T - 600,
      url: commitUrl('acme/shop', COMMIT.backend16),
    },
    template,
  });
  const attested = (id: string, name: string, type: string, fingerprint?: string) => ({
    id: `${id}-0000-0000-0000-00000000`,
    flow: 'backend',
    trail: COMMIT.backend16,
    name,
    type,
    is_compliant: true,
    created_at: T + 60,
    ...(fingerprint !== undefined && { artifact_fingerprint: fingerprint }),
  });
  org.attestations.push(
    attested('16000001', 'pull-request', 'pull_request'),
    attested('16000002', 'unit-tests', 'junit', FP.backend16),
    attested('16000003', 'snyk-scan', 'snyk', FP.backend16),
  );
  org.artifacts.push(
    {
      ...artifact(16, 'backend', 'ghcr.io/acme/backend:1.6.0', 'acme/shop', COMMIT.backend16),
      trail: COMMIT.backend16,
      template_reference_name: 'backend-image',
    },
    artifact(20, 'worker', 'ghcr.io/acme/worker:2.0.0', 'acme/worker', COMMIT.worker20),
    {
      ...artifact(21, 'worker', 'ghcr.io/acme/worker:2.1.0', 'acme/worker', COMMIT.worker21),
      is_compliant: false,
    },
    artifact(30, 'payments', 'ghcr.io/acme/payments:3.0.0', 'acme/payments', sha1('p 3.0.0')),
    artifact(31, 'payments', 'ghcr.io/acme/payments:3.1.0', 'acme/payments', sha1('p 3.1.0')),
    // In a flow without a template: nothing is asked of it, so it is COMPLIANT.
    artifact(40, 'payments', 'ghcr.io/acme/backend-migrate:1.6.0', 'acme/shop', COMMIT.backend16),
  );
  const environment = (name: string) => org.environments.find((e) => e.name === name);
  environment('production')?.snapshots?.push({
    index: 3,
    created_at: T + 3600,
    artifacts: [
      running('ghcr.io/acme/backend:1.4.0', FP.backend14, ['backend-6d9f-p1', 'backend-6d9f-p2']),
      running('ghcr.io/acme/worker:2.0.0', FP.worker20, ['worker-20-p1']),
      running('docker.io/library/redis:7.4', FP.redis, ['redis-0', 'redis-1']),
      running('ghcr.io/acme/payments:3.0.0', FP.payments30, ['payments-30-p1', 'payments-30-p2']),
    ],
  });
  environment('staging')?.snapshots?.push({
    index: 3,
    created_at: T + 7200,
    artifacts: [
      running('ghcr.io/acme/backend:1.6.0', FP.backend16, ['backend-16-s1', 'backend-16-s2']),
      running('ghcr.io/acme/web:3.2.0', FP.web32, ['web-77c4-fghij', 'web-77c4-uvwxy']),
      running('ghcr.io/acme/worker:2.1.0', FP.worker21, ['worker-21-s1']),
      running('docker.io/library/redis:7.4', FP.redis, ['redis-0', 'redis-1']),
      running('ghcr.io/acme/payments:3.0.0', FP.payments30, ['payments-30-s1']),
      running('ghcr.io/acme/payments:3.1.0', FP.payments31, ['payments-31-s1']),
      ...(options.migration === true
        ? [running('ghcr.io/acme/backend-migrate:1.6.0', FP.migrate16, ['backend-migrate-s1'])]
        : []),
    ],
  });
  return seed;
}
