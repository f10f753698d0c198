/**
 * get-artifact with many items through the shipped bundle: a release of 200 files globbed from the workspace and
 * checked in one step, and a glob that matches nothing refused before any request. Every other branch of many items
 * is tested in-process: test/actions/get-artifact/many-steps.test.ts.
 */
import { releaseIn, releaseSeed, reportAll, type Listed } from '../helpers/get-artifact.js';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/git.js';
import { outputFile, runAction } from '../helpers/runner.js';
import { byProfile, DEMO_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { assertNoSecret, withoutMaskCommands } from '../helpers/secrets.js';
import { json, startServer } from '../helpers/server.js';

const start = useSandbox();
const { tempDir } = useTempDirs();
const connection = (url: string) => ({ 'api-url': url, 'api-token': DEMO_TOKEN, org: 'demo' });
/** get-artifact on files of the workspace `dir`, in flow release, against the service at `url`. */
const verify = (url: string, dir: string, artifact: string, inputs: Record<string, string> = {}) =>
  runAction('get-artifact', {
    cwd: dir,
    inputs: { ...connection(url), flow: 'release', artifact, 'artifact-type': 'file', ...inputs },
  });

const release = (count: number) => releaseIn(tempDir('release-'), count);

describe('get-artifact: many artifacts in one step', () => {
  it('verifies a release of 200 files from a glob: the worst outcome, the lists, one table, annotations naming them', async () => {
    const sandbox = await start({ seed: releaseSeed() });
    const { dir, fingerprints } = release(200);
    const BAD = 'release/part-007.bin';
    const MISSING = 'release/part-013.bin';
    await reportAll(
      sandbox,
      fingerprints,
      (name) => name === MISSING,
      (name) => name !== BAD,
    );
    const result = await verify(sandbox.url, dir, 'release/*.bin', { 'assert-compliant': 'true' });
    expect(result.code).toBe(1);
    // The worst of the items: not found is worse than non-compliant.
    expect(result.outputs).toMatchObject({ outcome: 'not-found', count: '200', compliant: 'false' });
    expect(JSON.parse(result.outputs['non-compliant'] ?? '') as Listed[]).toEqual([
      { name: BAD, fingerprint: fingerprints.get(BAD), state: 'NON-COMPLIANT' },
    ]);
    expect(JSON.parse(result.outputs['not-found'] ?? '') as Listed[]).toEqual([
      { name: MISSING, fingerprint: fingerprints.get(MISSING), state: null },
    ]);
    // The single-item outputs are not set for many.
    expect(result.outputs.found).toBeUndefined();
    expect(result.stdout).toMatch(
      /::error title=Artifact release\/part-007\.bin::release\/part-007\.bin \(\w{12}\): NON-COMPLIANT/,
    );
    expect(result.stdout).toContain(
      `::error title=Artifact ${MISSING}::${MISSING} (${fingerprints.get(MISSING)?.slice(0, 12)}): not found.`,
    );
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe(
      `::error::assert-compliant: 2 of 200 artifacts are not COMPLIANT: ${BAD} (NON-COMPLIANT), ${MISSING} (not found).`,
    );
    const s = result.summary;
    expect(s).toContain('### ❌ 200 artifacts of flow release: 2 not COMPLIANT');
    expect(s).toContain('| Name | Fingerprint | State | Missing or non-compliant | Link |');
    expect(s.match(/^\| release\/part-\d{3}\.bin \|/gm)).toHaveLength(200);
    // The two to act on come first.
    const rows = s.match(/^\| release\/part-\d{3}\.bin/gm) ?? [];
    expect(rows.slice(0, 2).sort()).toEqual([`| ${BAD}`, `| ${MISSING}`]);
    // Why, in the service's words (state_info), and its page: the minimal profile sends neither (only shown), so
    // those cells are empty.
    expect(s).toContain(
      byProfile(
        'reported as non-compliant',
        `| ${BAD} | <code>${fingerprints.get(BAD)?.slice(0, 12) ?? ''}</code> | ❌ NON-COMPLIANT |  |  |`,
      ),
    );
    const saved = outputFile(result, 'result-file') as {
      count: number;
      items: { name: string; outcome: string }[];
    };
    expect(saved.count).toBe(200);
    expect(saved.items.filter((i) => i.outcome === 'compliant')).toHaveLength(198);
    assertNoSecret(withoutMaskCommands(result.everything), 'the step');
  });

  it('a glob that matches nothing is an input error naming it, before any request', async () => {
    const server = await startServer((_req, res) => json(res, 200, {}));
    try {
      const { dir } = release(2);
      const result = await verify(server.origin, dir, 'release/*.bin\ndist/**/*.tar');
      expect(result.code).toBe(1);
      expect(server.requests).toHaveLength(0);
      expect(result.stdout).toContain(
        `::error::Invalid input 'artifact': 'dist/**/*.tar' matches no file under ${dir}. Expected a path or glob`,
      );
      expect(result.outputs.outcome).toBe('error');
    } finally {
      await server.close();
    }
  });
});
