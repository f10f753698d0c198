/**
 * Directory fingerprints, byte-compatible with the official CLI (shared/reference/service-behaviour.md):
 *
 * - `<root>/.kosli_ignore`, when present, adds its lines to the exclude patterns (each line up to a `#`, trimmed,
 *   empty ones skipped); a pattern is a glob under the root (`**` crosses folders, `*` also matches dot-files) and a
 *   match is left out with everything below it;
 * - the walk is depth-first, pre-order, each folder's entries in byte order of their names, the root itself skipped,
 *   symlinked folders not entered;
 * - for each entry the buffer gets hex(sha256(name)); then, for a file (or a link to one) hex(sha256(contents)), for a
 *   link to a folder hex(sha256(the link's target text)), for a folder nothing more;
 * - the fingerprint is hex(sha256(buffer)).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { lstat, readdir, readlink, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { SourceError } from '../errors/errors.js';
import { compiledOr, type Pattern } from '../context/pattern.js';
import { compilePattern } from '../context/re2.js';
import { fingerprintFile, sha256Hex } from './file.js';

export const IGNORE_FILE = '.kosli_ignore';

/** JavaScript's `.` (anything but a line terminator), which the fingerprints were first computed with. */
const ANY = '[^\\n\\r\\x{2028}\\x{2029}]';

/**
 * A glob as a pattern over `/`-separated paths relative to the root, compiled by RE2 (see context/pattern.ts): an
 * exclude such as `*a*a*a*a*a*b` is polynomial in a backtracking engine, linear here. Throws PatternError for a
 * class RE2 refuses (`[z-a]`), as RegExp refused it.
 */
export function globPattern(glob: string): Pattern {
  let p = glob.trim().replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
  p = p.replace(/\/{2,}/g, '/');
  let out = '';
  for (let i = 0; i < p.length; i++) {
    const c = p[i] ?? '';
    if (c === '*') {
      if (p[i + 1] === '*') {
        // `**/` matches any number of folders, `**` at the end anything below.
        const slash = p[i + 2] === '/';
        out += slash ? `(?:${ANY}*/)?` : `${ANY}*`;
        i += slash ? 2 : 1;
      } else {
        out += '[^/]*';
      }
    } else if (c === '?') {
      out += '[^/]';
    } else if (c === '[') {
      const end = p.indexOf(']', i + 1);
      if (end === -1) {
        out += '\\[';
      } else {
        // As RegExp read it: `[]` matches nothing, `[!]` any one character, `[` inside is a plain character.
        const body = p
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replace(/\[/g, '\\[');
        out += body === '' ? '[^\\x{0}-\\x{10FFFF}]' : body === '^' ? '[\\x{0}-\\x{10FFFF}]' : `[${body}]`;
        i = end;
      }
    } else {
      out += c.replace(/[.+^${}()|\\]/g, '\\$&');
    }
  }
  return compilePattern(`^${out}$`);
}

/** A pattern of `.kosli_ignore` and where it is: an error names the place, never the file's text. */
export interface IgnoreLine {
  glob: string;
  line: number;
  column: number;
}

/** The patterns of `<root>/.kosli_ignore`: each line up to `#`, trimmed, empty lines skipped. */
export function readIgnoreFile(root: string): IgnoreLine[] {
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
  'Each line of it is a glob under the folder (*, **, ?, [abc], [!abc]); # starts a comment';

const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

export async function fingerprintDir(root: string, excludes: readonly string[] = []): Promise<string> {
  const rootStat = await stat(root);
  if (!rootStat.isDirectory()) throw new Error(`${root} is not a directory`);
  const patterns = [
    ...excludes.filter((p) => p.trim() !== '').map(globPattern),
    ...readIgnoreFile(root).map(({ glob, line, column }) =>
      compiledOr(
        () => globPattern(glob),
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
      if (patterns.some((re) => re.test(relPath))) continue;
      total.update(sha256Hex(name));
      const link = await lstat(path);
      if (link.isSymbolicLink()) {
        const target = await stat(path).catch(() => undefined);
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
