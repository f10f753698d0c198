import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGlob } from '../../src/context/glob.js';
import { SourceError } from '../../src/errors/errors.js';
import { fingerprintDir } from '../../src/fingerprint/dir.js';
import { fingerprintFile } from '../../src/fingerprint/file.js';
import { useTempDirs } from '../helpers/git.js';
import { rejection } from '../helpers/rejection.js';

const EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const { tempDir } = useTempDirs();

function tree(files: Record<string, string>): string {
  const root = tempDir('fp-');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

const VECTOR = {
  'hello.txt': 'Hello, world! Again!',
  'folder2/hello2.txt': 'hello2',
  'folder2/hello3.txt': 'hello3',
};

// The CLI's file vector (hello world!) and the folder without folder2 are checked through the steps that report
// them: test/actions/report-artifact/steps.test.ts.
describe('the reference vectors (compatibility with the official CLI)', () => {
  it('an empty file and an empty dir: the hash of nothing', async () => {
    expect(fingerprintFile(join(tree({ empty: '' }), 'empty'))).toBe(EMPTY);
    expect(await fingerprintDir(tree({}))).toBe(EMPTY);
  });

  it.each([
    ['dir', VECTOR, 'c43808cb04c6e66c4c6fc1f972dd67c3b9b71c81e0a0c78730da3699922d17be'],
    [
      'dir with .kosli_ignore naming folder2',
      { ...VECTOR, '.kosli_ignore': 'folder2\n' },
      '038897ea5334462098d65125380d58a493671fb3b8bdbbee1e75ec8bd4a65c23',
    ],
  ])('%s', async (_what, files: Record<string, string>, fingerprint) => {
    expect(await fingerprintDir(tree(files))).toBe(fingerprint);
  });
});

describe('directory walk details', () => {
  it('reads ignore-file comments and blank lines, and excludes subtrees by glob', async () => {
    const plain = await fingerprintDir(tree({ 'a.txt': 'a' }));
    const withNoise = await fingerprintDir(
      tree({
        'a.txt': 'a',
        'logs/x.log': 'x',
        'deep/er/y.log': 'y',
        '.kosli_ignore': '# comment\n\nlogs  # trailing\n**/*.log\ndeep\n',
      }),
    );
    // The ignore file itself is an entry of the walk, so compare against the same file without the excluded ones.
    const expected = await fingerprintDir(
      tree({ 'a.txt': 'a', '.kosli_ignore': '# comment\n\nlogs  # trailing\n**/*.log\ndeep\n' }),
    );
    expect(withNoise).toBe(expected);
    expect(withNoise).not.toBe(plain);
  });

  it('follows a link to a file, hashes the target text of a link to a folder without entering it', async () => {
    const root = tree({ 'real/x.txt': 'x', 'f.txt': 'f' });
    const copy = tree({ 'real/x.txt': 'x', 'f.txt': 'f', 'g.txt': 'f' });
    symlinkSync('f.txt', join(root, 'g.txt'));
    // A link to a file counts as the file it points at.
    expect(await fingerprintDir(root)).toBe(await fingerprintDir(copy));
    symlinkSync('real', join(root, 'z-link'));
    const withDirLink = await fingerprintDir(root);
    expect(withDirLink).not.toBe(await fingerprintDir(copy));
  });

  it('orders entries by bytes, not by locale', async () => {
    const a = await fingerprintDir(tree({ B: '1', a: '2', _c: '3' }));
    const b = await fingerprintDir(tree({ _c: '3', a: '2', B: '1' }));
    expect(a).toBe(b);
  });

  it('leaves out what the globs of the one dialect match, a folder with everything below it', async () => {
    const files = {
      'keep.txt': 'k',
      'build/out.bin': 'b',
      'logs/a.log': 'a',
      '.hidden.log': 'h',
      'x/y/z.map': 'z',
    };
    const kept = await fingerprintDir(tree({ 'keep.txt': 'k' }));
    const leavingOut = (root: string, ...globs: string[]) =>
      fingerprintDir(
        root,
        globs.map((g) => compileGlob(g)),
      );
    // `*` takes names starting with `.` here (as the CLI does), and `{a,b}` is alternatives.
    expect(await leavingOut(tree(files), '{build,x}', '*.log', 'logs')).toBe(kept);
    // A leading `/` is the folder's root, as a line without one.
    expect(await leavingOut(tree(files), '/build', '.hidden.log', 'logs/', '/x/')).toBe(kept);
    // A trailing `/` leaves out folders only: the file `logs` stays, as the folder `build` goes.
    const withFile = tree({ 'keep.txt': 'k', logs: '', 'build/out.bin': 'b' });
    expect(await leavingOut(withFile, 'build/', 'logs/')).toBe(
      await fingerprintDir(tree({ 'keep.txt': 'k', logs: '' })),
    );
  });

  it('refuses a bad line of .kosli_ignore, naming the file, the line and column, never quoting it', async () => {
    const root = tree({ 'a.txt': 'a', '.kosli_ignore': 'logs\n  [z-a]-s3cr3t.txt # x\n' });
    const error = await rejection(fingerprintDir(root), SourceError);
    expect(error.message).toBe(
      `${join(root, '.kosli_ignore')}: line 2, column 3: not a glob (a range whose end comes before its start). ` +
        'Each line of it is a glob under the folder (see docs/configuration.md, "Globs"); # starts a comment.',
    );
    expect(JSON.stringify(error)).not.toMatch(/z-a|s3cr3t/);
  });

  it('hashes a large file exactly as sha256sum does', () => {
    const root = tree({});
    const big = join(root, 'big.bin');
    writeFileSync(big, Buffer.alloc(32 * 1024 * 1024 + 7, 7));
    const expected = execFileSync('sha256sum', [big], { encoding: 'utf8' }).split(' ')[0];
    expect(fingerprintFile(big)).toBe(expected);
  });
});
