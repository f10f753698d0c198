/**
 * get-artifact with many items, run as a step in-process against the sandbox (or a loopback server): every branch of
 * globs, several fingerprints, items that cannot be checked and the grades over many, under both answer profiles.
 * The bundle keeps a release of 200 files and a glob that matches nothing in test/dist/get-artifact-many.test.ts.
 */
import { createHash } from 'node:crypto';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { releaseIn, releaseSeed, reportAll, type Listed } from '../../helpers/get-artifact.js';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../helpers/git.js';
import { DEMO_TOKEN, useSandbox } from '../../helpers/sandbox.js';
import { TEST_TOKEN } from '../../helpers/secrets.js';
import { json, startServer } from '../../helpers/server.js';

import { useInProcessAction } from '../../helpers/in-process.js';
import { PROFILES } from '@compliance-actions/sandbox/profile';
import type { SandboxOptions } from '@compliance-actions/sandbox/server';

const runAction = useInProcessAction();
const startSandbox = useSandbox();
const { tempDir } = useTempDirs();
const connection = (url: string) => ({ 'api-url': url, 'api-token': DEMO_TOKEN, org: 'demo' });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** get-artifact on files of the workspace `dir`, in flow release, against the service at `url`. */
const verify = (url: string, dir: string, artifact: string, inputs: Record<string, string> = {}) =>
  runAction('get-artifact', {
    cwd: dir,
    inputs: { ...connection(url), flow: 'release', artifact, 'artifact-type': 'file', ...inputs },
  });

const release = (count: number) => releaseIn(tempDir('release-'), count);

describe.each(PROFILES)('get-artifact: many artifacts in one step, the sandbox answering %s', (PROFILE) => {
  const start = (options: Partial<SandboxOptions> = {}) => startSandbox({ profile: PROFILE, ...options });

  it('fail-on non-compliant: the non-compliant item fails the step, the not-found one warns; none warns of both', async () => {
    const sandbox = await start({ seed: releaseSeed() });
    const { dir, fingerprints } = release(5);
    const BAD = 'release/part-001.bin';
    const MISSING = 'release/part-003.bin';
    await reportAll(
      sandbox,
      fingerprints,
      (name) => name === MISSING,
      (name) => name !== BAD,
    );
    const short = (name: string) => fingerprints.get(name)?.slice(0, 12) ?? '';
    const graded = await verify(sandbox.url, dir, 'release/*.bin', { 'fail-on': 'non-compliant' });
    expect(graded.code).toBe(1);
    expect(graded.outputs).toMatchObject({
      outcome: 'not-found',
      count: '5',
      compliant: 'false',
      'would-fail': 'true',
    });
    expect(graded.stdout).toMatch(
      new RegExp(`::error title=Artifact ${BAD}::${BAD} \\(${short(BAD)}\\): NON-COMPLIANT`),
    );
    expect(graded.stdout).toContain(
      `::warning title=Artifact ${MISSING}::${MISSING} (${short(MISSING)}): not found.`,
    );
    expect(graded.stdout.trimEnd().split('\n').at(-1)).toBe(
      `::error::fail-on (non-compliant): 1 of 5 artifacts fail: ${BAD} (NON-COMPLIANT).`,
    );
    expect(graded.summary).toContain(
      'fail-on: non-compliant: 1 finding(s) fail the step (1 non-compliant); 1 only warn (1 missing). ' +
        'would-fail: true (with every grade listed, the step would fail).',
    );

    const none = await verify(sandbox.url, dir, 'release/*.bin', { 'fail-on': 'none' });
    expect(none.code).toBe(0);
    expect(none.stdout).not.toContain('::error');
    expect(none.stdout.match(/^::warning title=Artifact /gm)).toHaveLength(2);
    expect(none.outputs).toMatchObject({ outcome: 'not-found', 'would-fail': 'true' });

    // Only the compliant ones: nothing would fail.
    const clean = await verify(sandbox.url, dir, 'release/part-00[024].bin', { 'fail-on': 'none' });
    expect(clean.code).toBe(0);
    expect(clean.outputs).toMatchObject({ outcome: 'compliant', count: '3', 'would-fail': 'false' });
  });

  it('passes when every item is COMPLIANT; a glob is many even when it matches one file', async () => {
    const sandbox = await start({ seed: releaseSeed() });
    const { dir, fingerprints } = release(3);
    await reportAll(
      sandbox,
      fingerprints,
      () => false,
      () => true,
    );
    const all = await verify(sandbox.url, dir, 'release/part-00[0-2].bin\nrelease/part-000.bin', {
      'assert-compliant': 'true',
    });
    expect(all.code).toBe(0);
    expect(all.outputs).toMatchObject({
      outcome: 'compliant',
      count: '3',
      compliant: 'true',
      'non-compliant': '[]',
      'not-found': '[]',
    });
    expect(all.summary).toContain('### ✅ 3 artifacts of flow release: all COMPLIANT');
    // The shape follows the input, not the number of matches (found by review: the recipe's jq read nothing).
    const one = await verify(sandbox.url, dir, 'release/*-001.bin');
    expect(one.code).toBe(0);
    expect(one.outputs).toMatchObject({ outcome: 'compliant', count: '1', 'non-compliant': '[]' });
    expect(one.outputs.found).toBeUndefined();
    // One literal path is one artifact, with the outputs of one, even with glob characters in its name.
    writeFileSync(join(dir, 'release', 'x[1].bin'), 'part 1 of the release\n');
    const literal = await verify(sandbox.url, dir, 'release/x[1].bin');
    expect(literal.outputs).toMatchObject({ outcome: 'compliant', found: 'true', state: 'COMPLIANT' });
    expect(literal.outputs.count).toBeUndefined();
  });

  it('one item that cannot be checked is NOT-CHECKED: the others are read, the outcome is error', async () => {
    const sandbox = await start({ seed: releaseSeed() });
    const { dir, fingerprints } = release(4);
    await reportAll(
      sandbox,
      fingerprints,
      () => false,
      () => true,
    );
    const broken = fingerprints.get('release/part-002.bin') ?? '';
    // The service answers that item's lookup with an artifact of another fingerprint: not about what was asked.
    const other = await sandbox
      .client()
      .getArtifact('release', fingerprints.get('release/part-000.bin') ?? '');
    sandbox.sandbox.faults.respondNext(1, {
      status: 200,
      body: other,
      path: new RegExp(`/fingerprint/${broken}$`),
    });
    const result = await verify(sandbox.url, dir, 'release/*.bin');
    expect(result.code).toBe(1);
    expect(result.outputs).toMatchObject({
      outcome: 'error',
      count: '4',
      compliant: 'false',
      'not-found': '[]',
    });
    expect(JSON.parse(result.outputs['non-compliant'] ?? '') as Listed[]).toEqual([
      { name: 'release/part-002.bin', fingerprint: broken, state: 'NOT-CHECKED' },
    ]);
    expect(result.stdout).toContain(
      '::error::1 of 4 artifacts were not found or could not be checked: release/part-002.bin (could not check).',
    );
    expect(result.summary).toContain('| release/part-002.bin |');
    expect(result.summary).toMatch(
      /❔ could not check \| unexpected response from GET \/artifacts\/\{org\}\/\{flow_name\}\/fingerprint\/\{fingerprint\}: fingerprint is/,
    );
  });

  it('a trail asked and answers that name none: not confirmed; with assert-compliant each item is NOT-CHECKED', async () => {
    const [a, b] = ['a'.repeat(64), 'b'.repeat(64)];
    const server = await startServer((req, res) =>
      json(res, 200, {
        id: 'a1',
        fingerprint: req.url.pathname.split('/').at(-1),
        filename: 'svc.tar',
        created_at: 1793610200,
        last_modified_at: 1793610200,
        evidence: {},
        flow_name: 'release',
        commit_lead_times: {},
        build_lead_times: {},
        state: 'COMPLIANT',
      }),
    );
    try {
      const inputs = {
        'api-url': server.origin,
        'api-token': TEST_TOKEN,
        org: 'acme',
        flow: 'release',
        fingerprint: `${a}\n${b}`,
        trail: 'release-1.2',
      };
      const notConfirmed =
        "Not confirmed: the answer names no trail, so it cannot be shown to be about trail 'release-1.2' as asked.";
      const shown = await runAction('get-artifact', { inputs });
      expect(shown.code).toBe(0);
      expect(shown.outputs).toMatchObject({ outcome: 'compliant', count: '2', compliant: 'true' });
      expect(shown.summary).toContain(notConfirmed);

      const gated = await runAction('get-artifact', { inputs: { ...inputs, 'assert-compliant': 'true' } });
      expect(gated.code).toBe(1);
      expect(gated.outputs).toMatchObject({
        outcome: 'error',
        count: '2',
        compliant: 'false',
        'not-found': '[]',
      });
      expect(JSON.parse(gated.outputs['non-compliant'] ?? '') as Listed[]).toEqual([
        { name: a, fingerprint: a, state: 'NOT-CHECKED' },
        { name: b, fingerprint: b, state: 'NOT-CHECKED' },
      ]);
      expect(gated.summary).toContain(`❔ could not check | ${notConfirmed}`);
      expect(gated.summary).not.toContain('✅ COMPLIANT');
    } finally {
      await server.close();
    }
  });

  it('a glob over the bounds is an input error naming its line, before anything is walked or sent', async () => {
    // Expanded, the first is a million patterns: counted first, it is refused at once (this test's timeout says so).
    const server = await startServer((_req, res) => json(res, 200, {}));
    try {
      const { dir } = release(2);
      const cases: [string, string][] = [
        [
          '{a,b}'.repeat(20),
          "line 3 ('{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}…') expands to 1048576 patterns",
        ],
        ['release/part-{1..5000}.bin', "line 3 ('release/part-{1..5000}.bin') expands to 5000 patterns"],
        [`release/*${'x'.repeat(4100)}`, 'is 4109 characters long'],
        ['release/{1..1000}*x?y', "line 3 ('release/{1..1000}*x?y') is too big to match: it compiles to"],
        ['release/*(a|aa)b', "line 3 ('release/*(a|aa)b') has an extended glob such as +(a|b)"],
        ['release/{part}.bin', 'the group at character 9 has one option'],
        ['release/{a,b.bin', 'the { at character 9 has no }'],
      ];
      for (const [glob, problem] of cases) {
        // The glob on line 3, after a blank line: the number is the line as written.
        const result = await verify(server.origin, dir, `release/*.bin\n\n${glob}\n`);
        expect(result.code).toBe(1);
        const error = /::error::(.*)/.exec(result.stdout)?.[1] ?? '';
        expect(error).toMatch(/^Invalid input 'artifact': line 3 /);
        expect(error).toContain(problem);
        expect(error).toContain(
          '. Expected globs (*, **, ?, [abc], [!abc], {a,b}, {1..9}; see docs/configuration.md, "Globs") of at most 4096 characters and 1000 patterns once braces are expanded.',
        );
        expect(result.outputs.outcome).toBe('error');
      }
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it('braces within the bounds are expanded: options, nested options and sequences', async () => {
    const sandbox = await start({ seed: releaseSeed() });
    const { dir } = release(12);
    // Nothing reported: every item is not found, and the list names what the braces made.
    const result = await verify(sandbox.url, dir, 'release/part-{00{0,{1,2}},01{0..1}}.bin');
    expect(result.outputs.outcome).toBe('not-found');
    expect((JSON.parse(result.outputs['not-found'] ?? '') as Listed[]).map((item) => item.name)).toEqual(
      ['000', '001', '002', '010', '011'].map((n) => `release/part-${n}.bin`),
    );
  });

  it('follows a symlink a glob matches: a linked file is checked, not dropped (found by review)', async () => {
    const sandbox = await start({ seed: releaseSeed() });
    const { dir, fingerprints } = release(2);
    await reportAll(
      sandbox,
      fingerprints,
      () => false,
      () => true,
    );
    writeFileSync(join(dir, 'elsewhere.bin'), 'never reported\n');
    symlinkSync(join(dir, 'elsewhere.bin'), join(dir, 'release', 'part-zz.bin'));
    const result = await verify(sandbox.url, dir, 'release/*.bin', { 'assert-compliant': 'true' });
    expect(result.code).toBe(1);
    expect(result.outputs).toMatchObject({ outcome: 'not-found', count: '3' });
    expect(JSON.parse(result.outputs['not-found'] ?? '') as Listed[]).toEqual([
      { name: 'release/part-zz.bin', fingerprint: sha256('never reported\n'), state: null },
    ]);
  });

  it('what fails every item alike fails the step once, with the usual next step; too many items is an input error', async () => {
    const sandbox = await start({ seed: releaseSeed() });
    const { dir } = release(3);
    const refused = await verify(sandbox.url, dir, 'release/*.bin', { 'api-token': 'not-the-sandbox-token' });
    expect(refused.code).toBe(1);
    expect(refused.outputs.outcome).toBe('error');
    expect(refused.stdout.match(/::error/g)).toHaveLength(1);
    expect(refused.summary).toContain('### ⚠️ Could not check the artifacts in flow release');
    const many = tempDir('many-');
    for (let n = 0; n < 1001; n++) writeFileSync(join(many, `f-${n}.bin`), String(n));
    const tooMany = await verify(sandbox.url, many, '*.bin');
    expect(tooMany.stdout).toContain(
      "::error::Invalid input 'artifact': gives more than 1000 artifacts. Expected at most 1000 in one step",
    );
    const withId = await verify(sandbox.url, dir, 'release/*.bin', {
      'attestation-id': '12345678-1234-1234-1234-123456789012',
    });
    expect(withId.stdout).toContain(
      "::error::Invalid input 'attestation-id': is given with several artifacts",
    );
  });

  it('several fingerprints, one per line; one that is not a fingerprint is an input error naming it', async () => {
    const sandbox = await start({ seed: releaseSeed() });
    const { fingerprints } = release(2);
    await reportAll(
      sandbox,
      fingerprints,
      () => false,
      () => true,
    );
    const [a, b] = [...fingerprints.values()];
    const result = await runAction('get-artifact', {
      inputs: { ...connection(sandbox.url), flow: 'release', fingerprint: `${a ?? ''}\n${b ?? ''}\n` },
    });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ outcome: 'compliant', count: '2' });
    const bad = await runAction('get-artifact', {
      inputs: { ...connection(sandbox.url), flow: 'release', fingerprint: `${a ?? ''}\nnot-a-fingerprint` },
    });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain(
      "::error::Invalid input 'fingerprint': 'not-a-fingerprint' is not a fingerprint. Expected 64 lowercase hexadecimal characters",
    );
  });
});
