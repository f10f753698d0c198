// Directory fingerprints as the official CLI makes them (service-behaviour.md): `.kosli_ignore` globs, a depth-first
// walk in byte order, each entry's sha256 of name then contents or link target, then the sha256 of all.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { lstat, readdir, readlink, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { SourceError } from '../errors/errors.js';
import { compileGlob, type Glob } from '../context/glob.js';
import { compiledOr } from '../context/pattern.js';
import { fingerprintFile, sha256Hex } from './file.js';

const IGNORE_FILE = '.kosli_ignore';

/** The patterns of `<root>/.kosli_ignore` (each line up to `#`, trimmed, empty lines skipped) and their places. */
function readIgnoreFile(root: string) {
  const file = join(root, IGNORE_FILE);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .flatMap((text, index) => {
      const before = text.split('#')[0] ?? '';
      const glob = before.trim();
      const column = before.length - before.trimStart().length + 1;
      return glob === '' ? [] : [{ glob, line: index + 1, column }];
    });
}

const IGNORE_FORM =
  'Each line of it is a glob under the folder (see docs/configuration.md, "Globs"); # starts a comment';

const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

export async function fingerprintDir(root: string, excludes: readonly Glob[] = []): Promise<string> {
  const patterns = [
    ...excludes,
    ...readIgnoreFile(root).map(({ glob, line, column }) =>
      compiledOr(
        () => compileGlob(glob),
        (_problem, construct) =>
          new SourceError(
            join(root, IGNORE_FILE),
            `line ${line}, column ${column}: not a glob (${construct})`,
            IGNORE_FORM,
          ),
      ),
    ),
  ];
  const total = createHash('sha256');

  const walk = async (dir: string, rel: string): Promise<void> => {
    const names = (await readdir(dir)).sort(byBytes);
    for (const name of names) {
      const path = join(dir, name);
      const relPath = rel ? `${rel}/${name}` : name;
      const link = await lstat(path);
      const target = link.isSymbolicLink() ? await stat(path).catch(() => undefined) : link;
      // A glob ending in `/` leaves out folders only, a link to one among them.
      if (patterns.some((glob) => glob.matches(relPath, target?.isDirectory()))) continue;
      total.update(sha256Hex(name));
      if (link.isSymbolicLink()) {
        if (target?.isDirectory()) total.update(sha256Hex(await readlink(path)));
        else if (target?.isFile()) total.update(fingerprintFile(path));
        // A dangling link adds its name only.
      } else if (link.isDirectory()) {
        await walk(path, relPath);
      } else if (link.isFile()) {
        total.update(fingerprintFile(path));
      }
    }
  };
  await walk(root, '');
  return total.digest('hex');
}
