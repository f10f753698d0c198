import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import type { SandboxData, StoredOrg } from '../state.js';

/** A seed as its file holds it (`SandboxData`'s input: defaults not yet filled in), org demo with each of its lists. */
export type DemoSeed = z.input<typeof SandboxData> & { orgs: { demo: Required<z.input<typeof StoredOrg>> } };

/**
 * The demo seed (flows, their trails and attestations, staging, production and eu-production, notification actions),
 * fresh. `policies/` holds eu-production's environment policies: every rule's case runs there.
 */
export function demoSeed(): DemoSeed {
  // Not parsed here: the sandbox checks a seed with `SandboxData` when it loads it.
  return JSON.parse(readFileSync(new URL('./demo.json', import.meta.url), 'utf8')) as DemoSeed;
}

/**
 * Values of the demo seed that the tests, the demo and the benchmarks name. The commits (each its trail's name) of
 * acme/shop: backend 1.4.0's, every attestation compliant; 1.5.0's, whose snyk-scan failed; web 3.2.0's.
 */
export const COMPLIANT_COMMIT = '3dfdaa9cbad35a60632a382f8653df6ef6539d28';
export const NON_COMPLIANT_COMMIT = '888f905eacac85a1e522752fa1be9aa2ce5d5016';
export const WEB_COMMIT = '48d4add1472687902145455ca3c48dd619426eb9';
/**
 * The fingerprints of the images: backend 1.4.0 (COMPLIANT, runs in production) and 1.5.0 (runs in staging's latest
 * snapshot), web 3.2.0 and redis 7.4 (both run in each).
 */
export const BACKEND_140 = '9e5f20177e2131a174e6d70d947a1244919fcb0ef41d1ce7e975f79d068f647d';
export const BACKEND_150 = '33907d725bd992d1651784dee23dff369334af6903feb0d75e00eb37a820491f';
export const WEB_320 = '135f1cd28b320d1f2c39a5acb5de38f13d8ac7f9776f034919f425addef218a0';
export const REDIS_74 = 'c6c54bbcd898faaca4f0ae1abf4d1de0f5463c4035e66b7659dd706555459348';
/** The demo seed's org and its token: sandbox tokens are not secrets. */
export const DEMO_ORG = 'demo';
export const DEMO_TOKEN = 'sandbox-demo-token';
/** The seed's ui_url: where the links to the service's pages lead (nowhere: the domain is .invalid). */
export const UI_URL = 'https://sandbox.compliance.invalid';

/**
 * The demo seed with `fleet-production`, an environment of `count` artifacts of flow `fleet` (one trail each, with a
 * unit-tests and a security-scan attestation of its own; every tenth scan failed), for what only a large environment
 * shows: the policy reads' bound and time (`npm run bench:policy`, test/actions/preview-policy).
 */
export function fleetSeed(count: number): DemoSeed {
  const seed = demoSeed();
  const demo = seed.orgs.demo;
  const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
  demo.flows.push({
    name: 'fleet',
    tags: { 'risk-level': 'low' },
    template: { attestations: [], artifacts: [{ name: 'fleet-image', attestations: [] }] },
  });
  const artifacts = Array.from({ length: count }, (_, i) => {
    const fingerprint = `f1ee7${hex(i, 59)}`;
    const trail = `f1ee7${hex(i, 35)}`;
    demo.trails.push({
      name: trail,
      flow: 'fleet',
      created_at: 1794000000 + i,
      last_modified_at: 1794000000 + i,
    });
    demo.artifacts.push({
      id: hex(1000000 + i, 24),
      flow: 'fleet',
      fingerprint,
      filename: `ghcr.io/acme/fleet-${i}:1.0`,
      trail,
      template_reference_name: 'fleet-image',
      created_at: 1794000000 + i,
      last_modified_at: 1794000000 + i,
    });
    for (const [k, [name, type]] of (
      [
        ['unit-tests', 'junit'],
        ['security-scan', 'snyk'],
      ] as const
    ).entries()) {
      demo.attestations.push({
        id: `${hex(i, 8)}-000${k}-4000-8000-${hex(i, 8)}`,
        flow: 'fleet',
        trail,
        name,
        type,
        artifact_fingerprint: fingerprint,
        is_compliant: name !== 'security-scan' || i % 10 !== 9,
        created_at: 1794000100 + i,
      });
    }
    return {
      fingerprint,
      name: `ghcr.io/acme/fleet-${i}:1.0`,
      pods: [`fleet-${i}-0`],
      most_recent_timestamp: 1794000000,
    };
  });
  demo.environments.push({
    name: 'fleet-production',
    type: 'K8S',
    description: 'A large environment',
    snapshots: [{ index: 1, created_at: 1794000500, artifacts }],
  });
  return seed;
}
