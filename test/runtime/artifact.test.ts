/**
 * readArtifactSpec in-process: which artifact a step is about (a fingerprint, or what to fingerprint), read the same
 * way by every sub-action that takes one.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors/errors.js';
import { FINGERPRINT_FORM } from '../../src/context/inputs.js';
import { readArtifactSpec, readArtifactSpecs } from '../../src/runtime/artifact.js';
import { redact } from '../../src/trust/redact.js';
import { freshToken, printedDuring, readerOf } from '../helpers/inputs.js';

const FP = 'a'.repeat(64);
const HEX = '33907d725bd992d1651784dee23dff369334af6903feb0d75e00eb37a820491f';
const spec = (inputs: Record<string, string>, env: Record<string, string> = {}) =>
  readArtifactSpec(readerOf(inputs, env), '/ws');

describe('readArtifactSpec', () => {
  it('takes a fingerprint as is', async () => {
    expect(await spec({ fingerprint: FP })).toEqual({ type: 'fingerprint', fingerprint: FP });
  });

  it('reads a fingerprint as docker inspect prints it, or in upper case, as the digest, and says so', async () => {
    const written = `sha256:${HEX.toUpperCase()}`;
    expect(await printedDuring(() => spec({ fingerprint: written }))).toEqual({
      value: { type: 'fingerprint', fingerprint: HEX },
      out: `Input 'fingerprint': '${written}' normalised to the digest ${HEX}.\n`,
    });
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
    expect(
      await spec({ artifact: '/abs/site', 'artifact-type': 'dir', exclude: 'logs\n**/*.map, tmp' }),
    ).toEqual({
      type: 'dir',
      path: '/abs/site',
      excludes: ['logs', '**/*.map', 'tmp'],
    });
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
    it.each([
      [
        'a bad fingerprint',
        { fingerprint: 'ABC' },
        "Invalid input 'fingerprint': 'ABC' is not a fingerprint. Expected 64 lowercase",
      ],
      [
        'a fingerprint of another algorithm',
        { fingerprint: `sha512:${FP}` },
        "Invalid input 'fingerprint': 'sha512:",
      ],
      [
        'fingerprint and artifact',
        { fingerprint: FP, artifact: 'app.bin', 'artifact-type': 'file' },
        "Invalid input 'fingerprint': is given together with artifact. Expected either fingerprint, or artifact with artifact-type.",
      ],
      [
        'neither fingerprint nor artifact',
        {},
        "Invalid input 'artifact': is required when fingerprint is not given. Expected either fingerprint, or artifact with artifact-type.",
      ],
      [
        'an artifact without a type',
        { artifact: 'app.bin' },
        "Invalid input 'artifact-type': is required with artifact 'app.bin'. Expected one of file, dir, docker, oci.",
      ],
      [
        'an unknown artifact type',
        { artifact: 'app.bin', 'artifact-type': 'zip' },
        "Invalid input 'artifact-type': 'zip' is not one of the accepted values. Expected one of file, dir, docker, oci.",
      ],
      [
        'exclude on a file',
        { artifact: 'app.bin', 'artifact-type': 'file', exclude: 'x' },
        "Invalid input 'exclude': only applies to artifact-type dir, not file. Expected no exclude, or artifact-type dir.",
      ],
      [
        'an exclude glob with a reversed range',
        { artifact: 'site', 'artifact-type': 'dir', exclude: 'logs\n[z-a]' },
        "Invalid input 'exclude': '[z-a]' is not a glob: invalid character class range: z-a. Expected globs",
      ],
      [
        'registry credentials on a file',
        {
          artifact: 'app.bin',
          'artifact-type': 'file',
          'registry-username': 'u',
          'registry-password': 'p4ssw0rd',
        },
        "Invalid input 'registry-username': only applies to artifact-type oci, not file",
      ],
      [
        'a registry password without a user name',
        { artifact: 'ghcr.io/acme/app:1', 'artifact-type': 'oci', 'registry-password': 'p4ssw0rd' },
        "Invalid input 'registry-username': is missing: registry-username and registry-password go together",
      ],
      [
        'a registry user name without a password',
        { artifact: 'ghcr.io/acme/app:1', 'artifact-type': 'oci', 'registry-username': 'bot' },
        "Invalid input 'registry-password': is missing: registry-username and registry-password go together",
      ],
      [
        'fingerprint with artifact-type',
        { fingerprint: FP, 'artifact-type': 'dir' },
        `Invalid input 'artifact-type': is given together with fingerprint, which is used as is (nothing is${GIVEN}.`,
      ],
      [
        'fingerprint with exclude',
        { fingerprint: FP, exclude: 'node_modules' },
        `Invalid input 'exclude': is given together with fingerprint, which is used as is (nothing is${GIVEN} and exclude.`,
      ],
      [
        'fingerprint with registry credentials',
        { fingerprint: FP, 'registry-username': 'bot', 'registry-password': 'p4ssw0rd' },
        `Invalid input 'registry-username': is given together with fingerprint, which is used as is (nothing is${GIVEN} and registry-username.`,
      ],
      [
        'fingerprint with a registry password alone',
        { fingerprint: FP, 'registry-password': 'p4ssw0rd' },
        "Invalid input 'registry-password': is given together with fingerprint",
      ],
    ])('%s', async (_label, inputs, message) => {
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
