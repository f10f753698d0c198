import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fingerprintDir, globToRegExp } from '../../src/fingerprint/dir.js';
import { fingerprintFile } from '../../src/fingerprint/file.js';

const EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const temps: string[] = [];
afterEach(() => {
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'fp-'));
  temps.push(root);
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

describe('the reference vectors (compatibility with the official CLI)', () => {
  it('file', async () => {
    const root = tree({ f: 'hello world!', empty: '' });
    expect(await fingerprintFile(join(root, 'f'))).toBe(
      '7509e5bda0c762d2bac7f90d758b5b2263fa01ccbc542ab5e3df163be08e6ca9',
    );
    expect(await fingerprintFile(join(root, 'empty'))).toBe(EMPTY);
  });

  it('dir', async () => {
    expect(await fingerprintDir(tree(VECTOR))).toBe(
      'c43808cb04c6e66c4c6fc1f972dd67c3b9b71c81e0a0c78730da3699922d17be',
    );
  });

  it('dir excluding folder2', async () => {
    expect(await fingerprintDir(tree(VECTOR), ['folder2'])).toBe(
      '773fd3300860454a2b065c5912c03008adb11e6a6dcf7c1c64c094ceab8f430a',
    );
  });

  it('dir with .kosli_ignore naming folder2', async () => {
    expect(await fingerprintDir(tree({ ...VECTOR, '.kosli_ignore': 'folder2\n' }))).toBe(
      '038897ea5334462098d65125380d58a493671fb3b8bdbbee1e75ec8bd4a65c23',
    );
  });

  it('empty dir', async () => {
    expect(await fingerprintDir(tree({}))).toBe(EMPTY);
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

  it('matches globs the way the exclude rules need', () => {
    expect(globToRegExp('*.log').test('.hidden.log')).toBe(true);
    expect(globToRegExp('*.log').test('dir/x.log')).toBe(false);
    expect(globToRegExp('**/*.log').test('x.log')).toBe(true);
    expect(globToRegExp('**/*.log').test('a/b/x.log')).toBe(true);
    expect(globToRegExp('./build/').test('build')).toBe(true);
    expect(globToRegExp('file?.[ab]').test('file1.b')).toBe(true);
  });

  it('hashes a large file exactly as sha256sum does', async () => {
    const root = tree({});
    const big = join(root, 'big.bin');
    writeFileSync(big, Buffer.alloc(32 * 1024 * 1024 + 7, 7));
    const expected = execFileSync('sha256sum', [big], { encoding: 'utf8' }).split(' ')[0];
    expect(await fingerprintFile(big)).toBe(expected);
  });
});
