/** report-artifact's inputs, read in-process: what each becomes, and each refusal naming the input and the form. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describe as describeInputs, readInputs } from '../../../src/actions/report-artifact.js';
import type { Env } from '../../../src/context/inputs.js';
import { InputError } from '../../../src/errors/errors.js';
import { useTempDirs } from '../../helpers/git.js';
import { CONNECTION, readerOf } from '../../helpers/inputs.js';
import { guardSecret } from '../../helpers/secrets.js';

const { tempDir } = useTempDirs();

const REGISTRY_PASSWORD = 'Pw-report-artifact-4be1';
guardSecret(REGISTRY_PASSWORD);

/** The inputs of a step that reports app.bin to flow backend, with `extra` over them, in `cwd`. */
const read = (extra: Record<string, string> = {}, cwd = '/work', more: Env = {}) =>
  readInputs(
    readerOf(
      { ...CONNECTION, flow: 'backend', artifact: 'app.bin', 'artifact-type': 'file', ...extra },
      more,
    ),
    cwd,
  );

describe('report-artifact inputs', () => {
  it('reads what the report says about the artifact', async () => {
    const dir = tempDir('inputs-');
    writeFileSync(join(dir, 'data.json'), '{"size": 12}');
    const inputs = await read(
      {
        trail: 'release-1',
        'template-reference-name': 'backend-bin',
        'git-commit': 'v1.2.3',
        'build-url': 'https://ci.example.test/1',
        'commit-url': 'http://git.example.test/c/1',
        'repo-url': 'https://git.example.test/app',
        description: 'The backend',
        annotations: 'team=payments\nticket = ABC-1',
        'external-urls': 'docs=https://docs.example.test/a=b\nrunbook = http://wiki.example.test/run',
        'user-data': '@data.json',
        compliant: 'false',
      },
      dir,
      { GITHUB_WORKSPACE: dir },
    );
    expect(inputs).toMatchObject({
      flow: 'backend',
      artifact: { type: 'file', path: join(dir, 'app.bin') },
      trail: 'release-1',
      templateReferenceName: 'backend-bin',
      gitCommit: 'v1.2.3',
      buildUrl: 'https://ci.example.test/1',
      commitUrl: 'http://git.example.test/c/1',
      repoUrl: 'https://git.example.test/app',
      description: 'The backend',
      annotations: { team: 'payments', ticket: 'ABC-1' },
      externalUrls: { docs: 'https://docs.example.test/a=b', runbook: 'http://wiki.example.test/run' },
      userData: { size: 12 },
      compliant: false,
      dryRun: false,
    });
    expect((await read()).compliant).toBeUndefined();
    expect((await read()).externalUrls).toEqual({});
  });

  // dry-run and COMPLIANCE_DRY_RUN, the input winning: the common inputs (test/context/inputs.test.ts).
  // Each refusal names the input, what is wrong and the expected form.
  it.each<[Record<string, string>, string]>([
    // A fingerprint without a name.
    [
      { artifact: '', 'artifact-type': '', fingerprint: 'a'.repeat(64) },
      "Invalid input 'name': is required when fingerprint is given",
    ],
    // A missing flow: read as list-attestations reads it (its inputs test).
    // A git-commit that is an option, or two words.
    [
      { 'git-commit': '--output=stolen.txt' },
      "Invalid input 'git-commit': '--output=stolen.txt' is not valid. Expected 40 lowercase hexadecimal",
    ],
    [{ 'git-commit': 'main HEAD' }, "Invalid input 'git-commit': 'main HEAD'"],
    [{ trail: '-x' }, "Invalid input 'trail': '-x' is not valid"],
    [{ 'template-reference-name': 'a b' }, "Invalid input 'template-reference-name': 'a b' is not valid"],
    // An annotation key with a dash.
    [
      { annotations: 'a=1\nmy-key=2' },
      "Invalid input 'annotations': line 2 ('my-key=2') has the key 'my-key'",
    ],
    // An external URL that is not http(s), or relative.
    [
      { 'external-urls': 'docs=https://ok.example.test\nftp=ftp://x' },
      "Invalid input 'external-urls': line 2 ('ftp=ftp://x') has the value 'ftp://x'. Expected values of an absolute http(s) URL",
    ],
    [
      { 'external-urls': 'docs=/docs' },
      "Invalid input 'external-urls': line 1 ('docs=/docs') has the value '/docs'",
    ],
    [{ 'build-url': 'not a url' }, "Invalid input 'build-url': 'not a url' is not an http(s) URL"],
    [
      { 'commit-url': 'javascript:alert(1)' },
      "Invalid input 'commit-url': 'javascript:alert(1)' is not an http(s) URL",
    ],
    [{ 'repo-url': 'acme/app' }, "Invalid input 'repo-url': 'acme/app'"],
    [{ 'user-data': '{nope' }, "Invalid input 'user-data': the value: it is not valid JSON"],
    [{ compliant: 'yes' }, "Invalid input 'compliant': 'yes' is not a boolean"],
  ])('refuses %o', async (extra, message) => {
    await expect(read(extra)).rejects.toThrow(InputError);
    await expect(read(extra)).rejects.toThrow(message);
  });

  it('describes the inputs for the result file of a failed step, never with registry credentials', async () => {
    const inputs = await read({
      artifact: 'registry.example.test/app:1',
      'artifact-type': 'oci',
      'registry-username': 'ci-bot',
      'registry-password': REGISTRY_PASSWORD,
      name: 'app',
    });
    const described = describeInputs(inputs);
    expect(described).toEqual({
      dryRun: false,
      flow: 'backend',
      artifact: { type: 'oci', image: 'registry.example.test/app:1' },
      filename: 'app',
    });
    expect(JSON.stringify(described)).not.toContain(REGISTRY_PASSWORD);
    expect(JSON.stringify(described)).not.toContain('ci-bot');
  });
});
