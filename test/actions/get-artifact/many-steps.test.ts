/**
 * get-artifact with many items, run as a step in-process: the grades over many against the sandbox under both answer
 * profiles; globs, several fingerprints and items that cannot be checked, answers the sandbox would not give and
 * inputs refused before any request (none depends on the profile) once.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { answerOf } from '../../helpers/get-artifact.js';
import { expectStep } from '../../helpers/step-result.js';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../helpers/git.js';
import { DEMO_ORG, DEMO_TOKEN, demoSeed, useSandbox } from '../../helpers/sandbox.js';
import { TEST_TOKEN } from '../../helpers/secrets.js';
import { json, useSharedServer } from '../../helpers/server.js';
import { useInProcessAction } from '../../helpers/in-process.js';
import { outputFile } from '../../helpers/runner.js';
import { PROFILES, type AnswerProfile } from '@compliance-actions/sandbox/profile';

const runAction = useInProcessAction();
const startSandbox = useSandbox();
const { tempDir } = useTempDirs();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** get-artifact in flow release, in the workspace `dir`, on files when `inputs` name an artifact. */
const verify = (url: string, dir: string, inputs: Record<string, string>, token = DEMO_TOKEN) =>
  runAction('get-artifact', {
    cwd: dir,
    inputs: {
      'api-url': url,
      'api-token': token,
      org: DEMO_ORG,
      flow: 'release',
      ...('artifact' in inputs && { 'artifact-type': 'file' }),
      ...inputs,
    },
  });
/** `count` files release/part-NNN.bin and a NOTES.md in a new workspace `dir`, the parts' fingerprints by name. */
function release(count: number): { dir: string; fingerprints: Map<string, string> } {
  const dir = tempDir('release-');
  mkdirSync(join(dir, 'release'));
  const fingerprints = new Map<string, string>();
  for (let n = 0; n < count; n++) {
    const name = `release/part-${String(n).padStart(3, '0')}.bin`;
    const content = `part ${n} of the release\n`;
    writeFileSync(join(dir, name), content);
    fingerprints.set(name, sha256(content));
  }
  writeFileSync(join(dir, 'release', 'NOTES.md'), 'not a part\n');
  return { dir, fingerprints };
}

/**
 * A sandbox answering `profile`, with a flow release whose template asks nothing, and a workspace of `count` parts,
 * each reported to it (but `skip`), compliant (but `bad`).
 */
async function reported(
  count: number,
  {
    profile = 'full',
    bad = () => false,
    skip = () => false,
  }: Partial<Record<'bad' | 'skip', (name: string) => boolean>> & { profile?: AnswerProfile } = {},
) {
  const seed = demoSeed();
  seed.orgs.demo.flows.push({ name: 'release' });
  const sandbox = await startSandbox({ profile, seed });
  const { dir, fingerprints } = release(count);
  const client = sandbox.client();
  for (const [name, fingerprint] of fingerprints) {
    if (skip(name)) continue;
    await client.reportArtifact('release', {
      fingerprint,
      filename: name,
      build_url: 'https://ci.example.test/1',
      commit_url: 'https://git.example.test/c',
      is_compliant: !bad(name),
    });
  }
  return {
    sandbox,
    dir,
    fingerprints,
    run: (inputs: Record<string, string>) => verify(sandbox.url, dir, inputs),
  };
}

describe.each(PROFILES)('get-artifact: many artifacts in one step, the sandbox answering %s', (profile) => {
  /** `count` parts reported, `bad` non-compliant and `missing` not reported; `short` gives a part's fingerprint. */
  const oneBadOneMissing = async (count: number, bad: string, missing: string) => {
    const reading = await reported(count, {
      profile,
      bad: (name) => name === bad,
      skip: (name) => name === missing,
    });
    return { ...reading, short: (name: string) => reading.fingerprints.get(name)?.slice(0, 12) ?? '' };
  };

  it('fail-on non-compliant: the non-compliant item fails the step, the not-found one warns; none warns of both', async () => {
    const [BAD, MISSING] = ['release/part-001.bin', 'release/part-003.bin'];
    const { short, run } = await oneBadOneMissing(5, BAD, MISSING);
    expectStep(await run({ artifact: 'release/*.bin', 'fail-on': 'non-compliant' }), {
      code: 1,
      outputs: { outcome: 'not-found', count: '5', compliant: 'false', 'would-fail': 'true' },
      stdout: [
        `::error title=Artifact ${BAD}::${BAD} (${short(BAD)}): NON-COMPLIANT`,
        `::warning title=Artifact ${MISSING}::${MISSING} (${short(MISSING)}): not found.`,
      ],
      last: `::error::fail-on (non-compliant): 1 of 5 artifacts fails: ${BAD} (NON-COMPLIANT).`,
      summary: [
        '1 artifact fails this step (non-compliant); it is set to warn, not fail, on 1 more (missing).',
      ],
    });
    const none = await run({ artifact: 'release/*.bin', 'fail-on': 'none' });
    expectStep(none, {
      code: 0,
      notStdout: ['::error'],
      outputs: { outcome: 'not-found', 'would-fail': 'true' },
      summary: ['This step is set to warn, not fail, on 2 artifacts (1 non-compliant, 1 missing).'],
    });
    expect(none.stdout.match(/^::warning title=Artifact /gm)).toHaveLength(2);
    // Only the compliant ones: nothing would fail.
    expectStep(await run({ artifact: 'release/part-00[024].bin', 'fail-on': 'none' }), {
      code: 0,
      outputs: { outcome: 'compliant', count: '3', 'would-fail': 'false' },
    });
  });

  it('a release of 200 files from a glob: the worst outcome, the lists, one table, annotations naming them', async () => {
    const [BAD, MISSING] = ['release/part-007.bin', 'release/part-013.bin'];
    const { fingerprints, short, run } = await oneBadOneMissing(200, BAD, MISSING);
    const result = await run({ artifact: 'release/*.bin', 'assert-compliant': 'true' });
    expectStep(result, {
      code: 1,
      // The worst of the items: not found is worse than non-compliant.
      outputs: { outcome: 'not-found', count: '200', compliant: 'false' },
      lists: {
        'non-compliant': [{ name: BAD, fingerprint: fingerprints.get(BAD) ?? '', state: 'NON-COMPLIANT' }],
        'not-found': [{ name: MISSING, fingerprint: fingerprints.get(MISSING) ?? '', state: null }],
      },
      // The single-item outputs are not set for many.
      unset: ['found'],
      stdout: [
        `::error title=Artifact ${BAD}::${BAD} (${short(BAD)}): NON-COMPLIANT`,
        `::error title=Artifact ${MISSING}::${MISSING} (${short(MISSING)}): not found.`,
      ],
      last: `::error::assert-compliant: 2 of 200 artifacts are not COMPLIANT: ${BAD} (NON-COMPLIANT), ${MISSING} (not found).`,
      summary: [
        '### ❌ 200 artifacts of flow release: 2 not COMPLIANT',
        '| Name | Fingerprint | State | Missing or non-compliant | Link |',
        // Why, in the service's words (state_info), and its page: the minimal profile sends neither (only shown), so
        // those cells are empty.
        profile === 'full'
          ? 'reported as non-compliant'
          : `| ${BAD} | <code>${short(BAD)}</code> | ❌ NON-COMPLIANT |  |  |`,
      ],
      saved: { count: 200 },
    });
    const rows = result.summary.match(/^\| release\/part-\d{3}\.bin \|/gm) ?? [];
    expect(rows).toHaveLength(200);
    // The two to act on come first.
    expect(rows.slice(0, 2).sort()).toEqual([`| ${BAD} |`, `| ${MISSING} |`]);
    const saved = outputFile(result, 'result-file') as { items: { outcome: string }[] };
    expect(saved.items.filter((i) => i.outcome === 'compliant')).toHaveLength(198);
  });

  it('passes when every item is COMPLIANT; a glob is many even when it matches one file', async () => {
    const { dir, run } = await reported(3, { profile });
    expectStep(
      await run({ artifact: 'release/part-00[0-2].bin\nrelease/part-000.bin', 'assert-compliant': 'true' }),
      {
        code: 0,
        outputs: {
          outcome: 'compliant',
          count: '3',
          compliant: 'true',
          'non-compliant': '[]',
          'not-found': '[]',
        },
        summary: ['### ✅ 3 artifacts of flow release: all COMPLIANT'],
      },
    );
    // The shape follows the input, not the number of matches: a recipe's jq reads a list.
    expectStep(await run({ artifact: 'release/*-001.bin' }), {
      code: 0,
      outputs: { outcome: 'compliant', count: '1', 'non-compliant': '[]' },
      unset: ['found'],
    });
    // One literal path is one artifact, with the outputs of one, even with glob characters in its name.
    writeFileSync(join(dir, 'release', 'x[1].bin'), 'part 1 of the release\n');
    expectStep(await run({ artifact: 'release/x[1].bin' }), {
      code: 0,
      outputs: { outcome: 'compliant', found: 'true', state: 'COMPLIANT' },
      unset: ['count'],
    });
  });
});

// What the answer profile does not change (globs, a fault, a refusal), against one sandbox profile.
describe('get-artifact: many artifacts in one step, the sandbox answering full', () => {
  it('one item that cannot be checked is NOT-CHECKED: the others are read, the outcome is error', async () => {
    const { sandbox, fingerprints, run } = await reported(4);
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
    const result = await run({ artifact: 'release/*.bin' });
    expectStep(result, {
      code: 1,
      outputs: { outcome: 'error', count: '4', compliant: 'false', 'not-found': '[]' },
      lists: {
        'non-compliant': [{ name: 'release/part-002.bin', fingerprint: broken, state: 'NOT-CHECKED' }],
      },
      stdout: [
        '::error::1 of 4 artifacts was not found or could not be checked: release/part-002.bin (could not check).',
      ],
      summary: ['| release/part-002.bin |'],
    });
    expect(result.summary).toMatch(
      /❔ could not check \| unexpected response from GET \/artifacts\/\{org\}\/\{flow_name\}\/fingerprint\/\{fingerprint\}: fingerprint is/,
    );
  });

  it('braces within the bounds are expanded: options, nested options and sequences', async () => {
    // Nothing reported: every item is not found, and the list names what the braces made.
    const { run } = await reported(12, { skip: () => true });
    const result = await run({ artifact: 'release/part-{00{0,{1,2}},01{0..1}}.bin' });
    expect(result.outputs.outcome).toBe('not-found');
    expect(
      (JSON.parse(result.outputs['not-found'] ?? '') as { name: string }[]).map((item) => item.name),
    ).toEqual(['000', '001', '002', '010', '011'].map((n) => `release/part-${n}.bin`));
  });

  it('follows a symlink a glob matches: a linked file is checked, not dropped', async () => {
    const { dir, run } = await reported(2);
    writeFileSync(join(dir, 'elsewhere.bin'), 'never reported\n');
    symlinkSync(join(dir, 'elsewhere.bin'), join(dir, 'release', 'part-zz.bin'));
    expectStep(await run({ artifact: 'release/*.bin', 'assert-compliant': 'true' }), {
      code: 1,
      outputs: { outcome: 'not-found', count: '3' },
      lists: {
        'not-found': [{ name: 'release/part-zz.bin', fingerprint: sha256('never reported\n'), state: null }],
      },
    });
  });

  it('several fingerprints, one per line; what fails every item alike fails the step once, with the usual next step', async () => {
    const { sandbox, dir, fingerprints, run } = await reported(3);
    const [a, b] = [...fingerprints.values()];
    expectStep(await run({ fingerprint: `${a ?? ''}\n${b ?? ''}\n` }), {
      code: 0,
      outputs: { outcome: 'compliant', count: '2' },
    });
    const refused = await verify(sandbox.url, dir, { artifact: 'release/*.bin' }, 'not-the-sandbox-token');
    expectStep(refused, {
      code: 1,
      outputs: { outcome: 'error' },
      summary: ['### ⚠️ Could not check the artifacts in flow release'],
    });
    expect(refused.stdout.match(/::error/g)).toHaveLength(1);
  });
});

describe('get-artifact: many artifacts, a loopback server answering', () => {
  const server = useSharedServer((req, res) =>
    json(
      res,
      200,
      answerOf({ fingerprint: req.url.pathname.split('/').at(-1), flow_name: 'release', state: 'COMPLIANT' }),
    ),
  );

  it('a trail asked and answers that name none: not confirmed; with assert-compliant each item is NOT-CHECKED', async () => {
    const [a, b] = ['a'.repeat(64), 'b'.repeat(64)];
    const inputs = { fingerprint: `${a}\n${b}`, trail: 'release-1.2' };
    const notConfirmed =
      "Not confirmed: the answer names no trail, so it cannot be shown to be about trail 'release-1.2' as asked.";
    // Unknown (not shown to be the trail's) is judged and said, and graded: would-fail.
    expectStep(await verify(server().origin, tempDir(), inputs, TEST_TOKEN), {
      code: 0,
      outputs: { outcome: 'compliant', count: '2', compliant: 'true', 'would-fail': 'true' },
      summary: [notConfirmed],
    });
    expectStep(
      await verify(server().origin, tempDir(), { ...inputs, 'assert-compliant': 'true' }, TEST_TOKEN),
      {
        code: 1,
        outputs: { outcome: 'error', count: '2', compliant: 'false', 'not-found': '[]' },
        lists: {
          'non-compliant': [
            { name: a, fingerprint: a, state: 'NOT-CHECKED' },
            { name: b, fingerprint: b, state: 'NOT-CHECKED' },
          ],
        },
        summary: [`❔ could not check | ${notConfirmed}`],
        notSummary: ['✅ COMPLIANT'],
      },
    );
  });

  // Each bound of a glob: test/context/glob.test.ts and test/runtime/artifact.test.ts, by the same reader.
  const globs =
    '. Expected globs (*, **, ?, [abc], [!abc], {a,b}, {1..9}; see docs/configuration.md, "Globs") of at most 4096 ' +
    'characters and 1000 patterns once braces are expanded.';
  /** Each row: the inputs, then what the failure says (`$DIR` is the workspace). */
  const refused: [string, Record<string, string>, (string | RegExp)[]][] = [
    [
      // A million patterns once expanded: counted first, refused at once (this test's timeout says so), its line cut.
      'a glob over the bounds, on line 3 after a blank line',
      { artifact: `release/*.bin\n\n${'{a,b}'.repeat(20)}\n` },
      [
        /^Invalid input 'artifact': line 3 /,
        "line 3 ('{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}…') expands to 1048576 patterns",
        globs,
      ],
    ],
    [
      // Under a folder that is not there: nothing to read, nothing taken.
      'a glob that matches nothing',
      { artifact: 'release/*.bin\ndist/**/*.tar' },
      ["Invalid input 'artifact': 'dist/**/*.tar' matches no file under $DIR. Expected a path or glob"],
    ],
    [
      'too many items',
      { artifact: 'many/*.bin' },
      ["Invalid input 'artifact': gives more than 1000 artifacts. Expected at most 1000 in one step"],
    ],
    [
      'an attestation id with several artifacts',
      { artifact: 'release/*.bin', 'attestation-id': '12345678-1234-1234-1234-123456789012' },
      ["Invalid input 'attestation-id': is given with several artifacts"],
    ],
    [
      'a line that is not a fingerprint',
      { fingerprint: `${'a'.repeat(64)}\nnot-a-fingerprint` },
      [
        "Invalid input 'fingerprint': 'not-a-fingerprint' is not a fingerprint. Expected 64 lowercase hexadecimal characters",
      ],
    ],
  ];
  it.each(refused)(
    '%s is an input error naming it, before anything is walked or sent',
    async (_label, inputs, says) => {
      const { dir } = release(2);
      if (inputs.artifact === 'many/*.bin') {
        mkdirSync(join(dir, 'many'));
        for (let n = 0; n < 1001; n++) writeFileSync(join(dir, 'many', `f-${n}.bin`), String(n));
      }
      const before = server().requests.length;
      const result = await verify(server().origin, dir, inputs, TEST_TOKEN);
      expect(result.code).toBe(1);
      expect(result.outputs.outcome).toBe('error');
      const error = /::error::(.*)/.exec(result.stdout)?.[1] ?? '';
      for (const part of says)
        expect(error).toMatch(typeof part === 'string' ? part.replace('$DIR', dir) : part);
      expect(server().requests).toHaveLength(before);
    },
  );
});
