/** What get-artifact's tests share, through the bundle (test/dist) and in-process (test/actions/get-artifact). */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoSeed, type Running } from './sandbox.js';

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

/** The demo seed with a flow `release` whose template asks nothing: a reported artifact is as compliant as said. */
export function releaseSeed(): ReturnType<typeof demoSeed> {
  const seed = demoSeed() as { orgs: { demo: { flows: unknown[] } } };
  seed.orgs.demo.flows.push({ name: 'release' });
  return seed;
}

/** `count` files release/part-NNN.bin in the workspace `dir`, their fingerprints by name. */
export function releaseIn(dir: string, count: number): { dir: string; fingerprints: Map<string, string> } {
  mkdirSync(join(dir, 'release'));
  const fingerprints = new Map<string, string>();
  for (let n = 0; n < count; n++) {
    const name = `release/part-${String(n).padStart(3, '0')}.bin`;
    const content = `part ${n} of the release\n`;
    writeFileSync(join(dir, name), content);
    fingerprints.set(name, createHash('sha256').update(content).digest('hex'));
  }
  writeFileSync(join(dir, 'release', 'NOTES.md'), 'not a part\n');
  return { dir, fingerprints };
}

/** Reports each of `fingerprints` to flow release, but those `skip` names, compliant as `compliant` says. */
export async function reportAll(
  sandbox: Running,
  fingerprints: Map<string, string>,
  skip: (name: string) => boolean,
  compliant: (name: string) => boolean,
): Promise<void> {
  const client = sandbox.client();
  for (const [name, fingerprint] of fingerprints) {
    if (skip(name)) continue;
    await client.reportArtifact('release', {
      fingerprint,
      filename: name,
      build_url: 'https://ci.example.test/1',
      commit_url: 'https://git.example.test/c',
      is_compliant: compliant(name),
    });
  }
}

/** An item of a list output. */
export interface Listed {
  name: string;
  fingerprint: string | null;
  state: string | null;
}
