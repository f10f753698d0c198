import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SourceError } from '../../src/errors/errors.js';
import { PatternError } from '../../src/context/pattern.js';
import { fingerprintDir, globPattern } from '../../src/fingerprint/dir.js';
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
  it('file', () => {
    const root = tree({ f: 'hello world!', empty: '' });
    expect(fingerprintFile(join(root, 'f'))).toBe(
      '7509e5bda0c762d2bac7f90d758b5b2263fa01ccbc542ab5e3df163be08e6ca9',
    );
    expect(fingerprintFile(join(root, 'empty'))).toBe(EMPTY);
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
    expect(globPattern('*.log').test('.hidden.log')).toBe(true);
    expect(globPattern('*.log').test('dir/x.log')).toBe(false);
    expect(globPattern('**/*.log').test('x.log')).toBe(true);
    expect(globPattern('**/*.log').test('a/b/x.log')).toBe(true);
    expect(globPattern('./build/').test('build')).toBe(true);
    expect(globPattern('file?.[ab]').test('file1.b')).toBe(true);
  });

  it('matches exactly as the former RegExp translation did (paths of one-unit characters)', () => {
    // The translation as it was before globs moved to RE2, kept here as the oracle.
    const former = (glob: string): RegExp => {
      const p = glob
        .trim()
        .replace(/\\/g, '/')
        .replace(/^\.\//, '')
        .replace(/\/+$/, '')
        .replace(/\/{2,}/g, '/');
      const parts = p.match(/\*\*\/|\*\*|\*|\?|\[[^\]]*\]|[^]/g) ?? [];
      const fixed: Record<string, string> = { '**/': '(?:.*/)?', '**': '.*', '*': '[^/]*', '?': '[^/]' };
      const map = (t: string) =>
        fixed[t] ??
        (t.length > 1 ? `[${t.slice(1, -1).replace(/^!/, '^')}]` : t.replace(/[.+^${}()|\\[]/g, '\\$&'));
      return new RegExp(`^${parts.map(map).join('')}$`);
    };
    const tokens = '* ** **/ ? a b / . ! ] - ^ [ [] [!] [ab] [!a] [a-b] [[] [^/] [b-a] [.-/]'.split(' ');
    const token = fc.constantFrom(...tokens);
    const glob = fc.array(token, { maxLength: 5 }).map((tokens) => tokens.join(''));
    const char = fc.constantFrom('a', 'b', '.', '/', '-', '!', '[', ']', '\n', '\r', '\u2028', 'é');
    fc.assert(
      fc.property(glob, fc.string({ unit: char, maxLength: 6 }), (glob, path) => {
        let expected: RegExp;
        try {
          expected = former(glob);
        } catch {
          // RegExp refused the glob: so does RE2.
          expect(() => globPattern(glob)).toThrow(PatternError);
          return;
        }
        expect(globPattern(glob).test(path)).toBe(expected.test(path));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a bad line of .kosli_ignore, naming the file, the line and column, never quoting it (issue 25)', async () => {
    const root = tree({ 'a.txt': 'a', '.kosli_ignore': 'logs\n  [z-a]-s3cr3t.txt # x\n' });
    const error = await fingerprintDir(root).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as Error).message).toBe(
      `${join(root, '.kosli_ignore')}: line 2, column 3: not a glob (invalid character class range). ` +
        'Each line of it is a glob under the folder (*, **, ?, [abc], [!abc]); # starts a comment.',
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
