/**
 * readArtifactSpec in-process: which artifact a step is about (a fingerprint, or what to fingerprint), read the same
 * way by every sub-action that takes one.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors/errors.js';
import { FINGERPRINT_FORM } from '../../src/context/inputs.js';
import { readArtifactSpec, readArtifactSpecs } from '../../src/runtime/artifact.js';
import { redact } from '../../src/trust/redact.js';
import { useTempDirs } from '../helpers/git.js';
import { freshToken, printedDuring, readerOf } from '../helpers/inputs.js';

const FP = 'a'.repeat(64);
const HEX = '33907d725bd992d1651784dee23dff369334af6903feb0d75e00eb37a820491f';
const spec = (inputs: Record<string, string>, env: Record<string, string> = {}) =>
  readArtifactSpec(readerOf(inputs, env), '/ws');

describe('readArtifactSpec', () => {
  it('takes a fingerprint as is', async () => {
    expect(await spec({ fingerprint: FP })).toEqual({ type: 'fingerprint', fingerprint: FP });
  });

  it('reads several fingerprint lines the same way, one log line for each it normalised, each digest once', async () => {
    const { value, out } = await printedDuring(() =>
      readArtifactSpecs(readerOf({ fingerprint: `sha256:${HEX}\n${FP}\n${HEX.toUpperCase()}\n` }), '/ws'),
    );
    expect(value).toEqual({
      items: [
        { name: HEX, spec: { type: 'fingerprint', fingerprint: HEX } },
        { name: FP, spec: { type: 'fingerprint', fingerprint: FP } },
      ],
      many: true,
    });
    expect(out.trimEnd().split('\n')).toEqual([
      `Input 'fingerprint': 'sha256:${HEX}' normalised to the digest ${HEX}.`,
      `Input 'fingerprint': '${HEX.toUpperCase()}' normalised to the digest ${HEX}.`,
    ]);
    const { error } = await printedDuring(() =>
      readArtifactSpecs(readerOf({ fingerprint: `${FP}\nsha256:${HEX.slice(1)}` }), '/ws'),
    );
    expect((error as Error).message).toBe(
      `Invalid input 'fingerprint': 'sha256:${HEX.slice(1)}' is not a fingerprint. Expected ${FINGERPRINT_FORM}.`,
    );
  });

  it('resolves a file or a directory against the workspace, with the globs to leave out of a directory', async () => {
    expect(await spec({ artifact: 'dist/app.bin', 'artifact-type': 'file' })).toEqual({
      type: 'file',
      path: '/ws/dist/app.bin',
    });
    const dir = await spec({
      artifact: '/abs/site',
      'artifact-type': 'dir',
      exclude: 'logs\n**/*.{map,log}, tmp',
    });
    expect(dir).toMatchObject({ type: 'dir', path: '/abs/site' });
    // A comma within braces is the glob's own.
    expect(dir.type === 'dir' && dir.excludes.map((glob) => glob.source)).toEqual([
      'logs',
      '**/*.{map,log}',
      'tmp',
    ]);
  });

  it('reads a local image from the Docker daemon DOCKER_HOST names', async () => {
    expect(
      await spec({ artifact: 'app:1', 'artifact-type': 'docker' }, { DOCKER_HOST: ' tcp://127.0.0.1:2375 ' }),
    ).toEqual({ type: 'docker', image: 'app:1', dockerHost: 'tcp://127.0.0.1:2375' });
    expect(await spec({ artifact: 'app:1', 'artifact-type': 'docker' })).toEqual({
      type: 'docker',
      image: 'app:1',
    });
  });

  it('reads a registry image anonymously, or with both credentials, through the proxy the runner sets', async () => {
    expect(
      await spec(
        { artifact: 'ghcr.io/acme/app:1', 'artifact-type': 'oci' },
        { HTTPS_PROXY: 'http://p:3128' },
      ),
    ).toEqual({ type: 'oci', image: 'ghcr.io/acme/app:1', proxy: { httpsProxy: 'http://p:3128' } });
    const password = freshToken('pw');
    const { value, out } = await printedDuring(() =>
      spec({
        artifact: 'ghcr.io/acme/app:1',
        'artifact-type': 'oci',
        'registry-username': 'bot',
        'registry-password': password,
      }),
    );
    expect(value).toEqual({ type: 'oci', image: 'ghcr.io/acme/app:1', username: 'bot', password, proxy: {} });
    expect(out).toBe(`::add-mask::${password}\n`);
    expect(redact(password)).toBe('***');
  });

  describe('refuses, naming the input and the expected form', () => {
    const GIVEN = ' fingerprinted). Expected fingerprint alone, or artifact with artifact-type';
    const EITHER = 'Expected either fingerprint, or artifact with artifact-type.';
    const TYPES = 'Expected one of file, dir, docker, oci.';
    const PAIRED = 'is missing: registry-username and registry-password go together';
    const OCI = { artifact: 'ghcr.io/acme/app:1', 'artifact-type': 'oci' };
    const FILE = { artifact: 'app.bin', 'artifact-type': 'file' };
    it.each<[string, Record<string, string>]>([
      // A fingerprint that is none: the reader's own refusals, in test/context/inputs.test.ts.
      [
        `Invalid input 'fingerprint': is given together with artifact. ${EITHER}`,
        { ...FILE, fingerprint: FP },
      ],
      [`Invalid input 'artifact': is required when fingerprint is not given. ${EITHER}`, {}],
      [
        `Invalid input 'artifact-type': is required with artifact 'app.bin'. ${TYPES}`,
        { artifact: 'app.bin' },
      ],
      [
        `Invalid input 'artifact-type': 'zip' is not one of the accepted values. ${TYPES}`,
        { artifact: 'app.bin', 'artifact-type': 'zip' },
      ],
      [
        "Invalid input 'exclude': only applies to artifact-type dir, not file. Expected no exclude, or artifact-type dir.",
        { ...FILE, exclude: 'x' },
      ],
      [
        "Invalid input 'exclude': '[z-a]' has the range z-a, whose end comes before its start. Expected globs",
        { artifact: 'site', 'artifact-type': 'dir', exclude: 'logs\n[z-a]' },
      ],
      [
        "Invalid input 'registry-username': only applies to artifact-type oci, not file",
        { ...FILE, 'registry-username': 'u', 'registry-password': 'p4ssw0rd' },
      ],
      [`Invalid input 'registry-username': ${PAIRED}`, { ...OCI, 'registry-password': 'p4ssw0rd' }],
      [`Invalid input 'registry-password': ${PAIRED}`, { ...OCI, 'registry-username': 'bot' }],
      [
        `Invalid input 'artifact-type': is given together with fingerprint, which is used as is (nothing is${GIVEN}.`,
        { fingerprint: FP, 'artifact-type': 'dir' },
      ],
      [
        `Invalid input 'exclude': is given together with fingerprint, which is used as is (nothing is${GIVEN} and exclude.`,
        { fingerprint: FP, exclude: 'node_modules' },
      ],
      [
        `Invalid input 'registry-username': is given together with fingerprint, which is used as is (nothing is${GIVEN} and registry-username.`,
        { fingerprint: FP, 'registry-username': 'bot', 'registry-password': 'p4ssw0rd' },
      ],
      [
        "Invalid input 'registry-password': is given together with fingerprint",
        { fingerprint: FP, 'registry-password': 'p4ssw0rd' },
      ],
    ])('%s', async (message, inputs) => {
      const { error } = await printedDuring(() => spec(inputs));
      expect(error).toBeInstanceOf(InputError);
      expect((error as Error).message).toContain(message);
    });
  });

  it.each([
    ['with a fingerprint', { fingerprint: FP }],
    ['on a file', { artifact: 'app.bin', 'artifact-type': 'file', 'registry-username': 'u' }],
    ['without a user name', { artifact: 'ghcr.io/acme/app:1', 'artifact-type': 'oci' }],
  ])('masks and registers the registry password before refusing it %s', async (_label, inputs) => {
    const password = freshToken('pw');
    const { error, out } = await printedDuring(() => spec({ ...inputs, 'registry-password': password }));
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).not.toContain(password);
    expect(out).toBe(`::add-mask::${password}\n`);
    expect(redact(`pull with ${password}`)).toBe('pull with ***');
  });
});

describe('readArtifactSpecs: a glob of artifact, walked under the workspace', () => {
  const { tempDir } = useTempDirs();
  const workspace = (files: string[]) => {
    const root = tempDir('glob-');
    for (const file of files) {
      mkdirSync(join(root, dirname(file)), { recursive: true });
      writeFileSync(join(root, file), file);
    }
    return root;
  };
  const names = async (root: string, artifact: string, type = 'file') =>
    (await readArtifactSpecs(readerOf({ artifact, 'artifact-type': type }), root)).items.map((i) => i.name);

  it('takes what the glob matches in the one dialect, sorted, names starting with . only when it says so', async () => {
    const root = workspace([
      'dist/a.bin',
      'dist/b.tar',
      'dist/.hidden.bin',
      'dist/linux/x.bin',
      'dist/linux/.cache/y.bin',
      '.git/objects/z.bin',
      'top.bin',
    ]);
    expect(await names(root, 'dist/*.bin')).toEqual(['dist/a.bin']);
    expect(await names(root, 'dist/.*.bin')).toEqual(['dist/.hidden.bin']);
    expect(await names(root, '**/*.bin')).toEqual(['dist/a.bin', 'dist/linux/x.bin', 'top.bin']);
    // A part that starts with `.` takes such names, under folders that do not.
    expect(await names(root, '**/.*/*.bin')).toEqual(['dist/linux/.cache/y.bin']);
    expect(await names(root, 'dist/{*.tar,linux/*}')).toEqual(['dist/b.tar', 'dist/linux/x.bin']);
    expect(await names(root, 'dist/**', 'dir')).toEqual(['dist/linux']);
    expect(await names(root, '*/', 'dir')).toEqual(['dist']);
    // Absolute, or up from the workspace: the literal start is where the walk begins.
    expect(await names(join(root, 'dist/linux'), '../[ab].*')).toEqual([
      join(root, 'dist/a.bin'),
      join(root, 'dist/b.tar'),
    ]);
    expect(await names(join(root, 'dist/linux'), `${root}/dist/*.tar`)).toEqual([join(root, 'dist/b.tar')]);
  });

  it('follows a link a part written out names, never one under **', async () => {
    const root = workspace(['real/deep/x.bin', 'ws/dist/a.bin']);
    symlinkSync(join(root, 'real'), join(root, 'ws', 'dist', 'linked'));
    const ws = join(root, 'ws');
    expect(await names(ws, 'dist/*/deep/*.bin')).toEqual(['dist/linked/deep/x.bin']);
    expect(await names(ws, 'dist/**/*.bin')).toEqual(['dist/a.bin']);
    expect(await names(ws, 'dist/*', 'dir')).toEqual(['dist/linked']);
  });

  it('refuses a line outside the dialect, naming the line, before anything is walked', async () => {
    const root = workspace(['dist/a.bin']);
    await expect(names(root, 'dist/a.bin\n\ndist/*(a|b)')).rejects.toThrow(
      /^Invalid input 'artifact': line 3 \('dist\/\*\(a\|b\)'\) has an extended glob .*Expected globs \(\*, \*\*, \?/,
    );
    await expect(names(root, 'dist/*/../*.bin')).rejects.toThrow(
      /line 1 .* has a \. or \.\. part after its start/,
    );
    await expect(names(root, 'dist/*.tar')).rejects.toThrow(
      `Invalid input 'artifact': 'dist/*.tar' matches no file under ${root}`,
    );
  });
});
