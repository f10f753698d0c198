/**
 * The release preparation (issue 17, part 1): one command bumps the version in package.json, package-lock.json,
 * src/version.ts and the changelog; the release workflow takes its notes from the changelog the same way.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareRelease, releaseNotes } from '../../scripts/release-prepare.js';
import { ROOT } from '../helpers/runner.js';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const files = () => ({
  packageJson: read('package.json'),
  packageLock: read('package-lock.json'),
  versionTs: read('src/version.ts'),
  changelog: read('CHANGELOG.md'),
});
const current = (JSON.parse(read('package.json')) as { version: string }).version;

describe('release:prepare', () => {
  it('writes the new version in every file, and dates the Unreleased section', () => {
    const next = prepareRelease(files(), '9.0.0', '2026-12-01');
    expect((JSON.parse(next.packageJson) as { version: string }).version).toBe('9.0.0');
    const lock = JSON.parse(next.packageLock) as {
      version: string;
      packages: Record<string, { version: string }>;
    };
    expect(lock.version).toBe('9.0.0');
    expect(lock.packages['']?.version).toBe('9.0.0');
    expect(next.versionTs).toContain("export const VERSION = '9.0.0';");
    expect(next.changelog).toMatch(/^## \[Unreleased\]\n\n## \[9\.0\.0\] - 2026-12-01\n\n### Added\n/m);
    // The rest of each file is as it was.
    expect(next.packageJson.replace('"9.0.0"', `"${current}"`)).toBe(files().packageJson);
    // The notes of the new version are what was Unreleased.
    const unreleased = /## \[Unreleased\]\n\n([\s\S]*?)\n## \[/.exec(files().changelog)?.[1] ?? '';
    expect(unreleased).toMatch(/^### Added\n\n- /);
    expect(releaseNotes(next.changelog, '9.0.0')).toBe(unreleased.trim());
    expect(releaseNotes(next.changelog, '0.1.0')).toMatch(/^### Added\n\n- The nine endpoints/);
  });

  it.each([
    ['v9.0.0', /'v9\.0\.0' is not a version: give X\.Y\.Z/],
    ['0.0.1', /0\.0\.1 is not greater than the current version/],
    [current, /is not greater than the current version/],
  ])('refuses %s', (version, message) => {
    expect(() => prepareRelease(files(), version, '2026-12-01')).toThrow(message);
  });

  it('reads a changelog with CRLF, Unreleased last, and link definitions (found by review)', () => {
    const crlf = '# Changelog\r\n\r\n## [Unreleased] \r\n\r\n### Fixed\r\n\r\n- a fix\r\n';
    const next = prepareRelease({ ...files(), changelog: crlf }, '9.0.0', '2026-12-01');
    expect(releaseNotes(next.changelog, '9.0.0')).toBe('### Fixed\n\n- a fix');
    const linked =
      '# Changelog\n\n## [Unreleased]\n\n## [1.0.0] - 2026-01-01\n\n- one\n\n## Upgrading\n\nread this\n\n' +
      '[1.0.0]: https://example.test/v1.0.0\n';
    expect(releaseNotes(linked, '1.0.0')).toBe('- one');
    expect(() => prepareRelease({ ...files(), changelog: linked }, '9.0.0', '2026-12-01')).toThrow(
      /nothing under/,
    );
  });

  it('refuses to release with nothing under Unreleased, or only its headings', () => {
    const headings = {
      ...files(),
      changelog: '# Changelog\n\n## [Unreleased]\n\n### Added\n\n## [0.1.0] - x\n',
    };
    expect(() => prepareRelease(headings, '9.0.0', '2026-12-01')).toThrow(/nothing under/);
  });

  it('refuses to release with nothing under Unreleased', () => {
    const empty = {
      ...files(),
      changelog: '# Changelog\n\n## [Unreleased]\n\n## [0.1.0] - 2026-11-22\n\n- x\n',
    };
    expect(() => prepareRelease(empty, '9.0.0', '2026-12-01')).toThrow(/nothing under ## \[Unreleased\]/);
  });

  it("prints a version's notes for the release workflow, and fails for one the changelog does not have", () => {
    const run = (...args: string[]) =>
      execFileSync(
        process.execPath,
        ['--import', './scripts/register-ts.mjs', 'scripts/release-prepare.ts', ...args],
        {
          cwd: ROOT,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
    expect(run('notes', '0.1.0')).toContain('The nine endpoints of API v2 as sub-actions');
    expect(() => run('notes', '7.7.7')).toThrow(/CHANGELOG\.md has no section for 7\.7\.7/);
  });
});
