/**
 * The release preparation: one command bumps the version in package.json, package-lock.json,
 * src/version.ts and the changelog; the release workflow takes its notes from the changelog the same way. The owner of
 * the repository is one variable: package.json's `repository`, filled at release with `--owner` there and
 * wherever the docs write `<owner>/compliance-actions`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fillOwner,
  OWNER_PLACEHOLDER,
  ownedFiles,
  ownerOf,
  prepareRelease,
  releaseNotes,
  withCiBadge,
} from '../../scripts/release-prepare.js';
import { USER_AGENT, VERSION } from '../../src/version.js';
import { useTempDirs } from '../helpers/git.js';
import { ROOT } from '../helpers/runner.js';

const { tempDir } = useTempDirs();

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const files = () => ({
  packageJson: read('package.json'),
  packageLock: read('package-lock.json'),
  versionTs: read('src/version.ts'),
  changelog: read('CHANGELOG.md'),
});
/** `node scripts/release-prepare.ts ...args` run in `cwd`. */
const releasePrepare = (cwd: string, ...args: string[]) =>
  spawnSync(
    process.execPath,
    ['--import', join(ROOT, 'scripts/register-ts.mjs'), 'scripts/release-prepare.ts', ...args],
    { cwd, encoding: 'utf8' },
  );
const current = (JSON.parse(read('package.json')) as { version: string }).version;

describe('release:prepare', () => {
  it('writes the new version in every file, and dates the Unreleased section', () => {
    // Today's files agree, so the User-Agent tells the truth.
    expect([VERSION, USER_AGENT]).toEqual([current, `compliance-actions/${current}`]);
    const next = prepareRelease(files(), '9.0.0', '2026-12-01', { owner: 'acme' });
    expect((JSON.parse(next.packageJson) as { version: string }).version).toBe('9.0.0');
    const lock = JSON.parse(next.packageLock) as {
      version: string;
      packages: Record<string, { version: string }>;
    };
    expect(lock.version).toBe('9.0.0');
    expect(lock.packages['']?.version).toBe('9.0.0');
    expect(next.versionTs).toContain("export const VERSION = '9.0.0';");
    expect(next.changelog).toMatch(/^## \[Unreleased\]\n\n## \[9\.0\.0\] - 2026-12-01\n\n### Added\n/m);
    // The rest of each file is as it was (package.json's owner aside).
    expect(next.packageJson.replace('"9.0.0"', `"${current}"`).replaceAll('acme/', '<owner>/')).toBe(
      files().packageJson,
    );
    // The notes of the new version are what was Unreleased.
    const unreleased = /## \[Unreleased\]\n\n([\s\S]*?)\n## \[/.exec(files().changelog)?.[1] ?? '';
    expect(unreleased).toMatch(/^### Added\n\n- /);
    expect(releaseNotes(next.changelog, '9.0.0')).toBe(unreleased.trim());
    expect(releaseNotes(next.changelog, '0.1.0')).toMatch(/^### Added\n\n- The nine endpoints/);
  });

  it.each([
    ['v9.0.0', 'v9.0.0', /'v9\.0\.0' is not a version: give X\.Y\.Z/],
    ['0.0.1', '0.0.1', /0\.0\.1 is not greater than the current version/],
    ['the current version', current, /is not greater than the current version/],
    ['headings only under Unreleased', '9.0.0', /nothing under ## \[Unreleased\]/, '### Added\n\n'],
    ['nothing under Unreleased', '9.0.0', /nothing under ## \[Unreleased\]/, ''],
  ])('refuses %s', (_what, version, message, unreleased?: string) => {
    const changelog = `# Changelog\n\n## [Unreleased]\n\n${unreleased ?? ''}## [0.1.0] - 2026-11-22\n\n- x\n`;
    const given = unreleased === undefined ? files() : { ...files(), changelog };
    expect(() => prepareRelease(given, version, '2026-12-01')).toThrow(message);
  });

  it('reads a changelog with CRLF, Unreleased last, and link definitions', () => {
    const crlf = '# Changelog\r\n\r\n## [Unreleased] \r\n\r\n### Fixed\r\n\r\n- a fix\r\n';
    const next = prepareRelease({ ...files(), changelog: crlf }, '9.0.0', '2026-12-01', { owner: 'acme' });
    expect(releaseNotes(next.changelog, '9.0.0')).toBe('### Fixed\n\n- a fix');
    const linked =
      '# Changelog\n\n## [Unreleased]\n\n## [1.0.0] - 2026-01-01\n\n- one\n\n## Upgrading\n\nread this\n\n' +
      '[1.0.0]: https://example.test/v1.0.0\n';
    expect(releaseNotes(linked, '1.0.0')).toBe('- one');
    expect(() => prepareRelease({ ...files(), changelog: linked }, '9.0.0', '2026-12-01')).toThrow(
      /nothing under/,
    );
  });

  it("prints a version's notes for the release workflow, and fails for one the changelog does not have", () => {
    expect(releasePrepare(ROOT, 'notes', '0.1.0').stdout).toContain(
      'The nine endpoints of API v2 as sub-actions',
    );
    const missing = releasePrepare(ROOT, 'notes', '7.7.7');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/CHANGELOG\.md has no section for 7\.7\.7/);
  });
});

describe('the owner of the repository, one variable filled at release', () => {
  const pkg = (text: string) =>
    JSON.parse(text) as {
      homepage: string;
      bugs: { url: string };
      repository: { type: string; url: string };
    };

  it("package.json names the repository with the README's placeholder", () => {
    expect(pkg(files().packageJson).repository.type).toBe('git');
    // The README's uses: lines write the same placeholder.
    expect(read('README.md')).toMatch(/uses: <owner>\/compliance-actions(\/actions\/[\w-]+)?@v0/);
  });

  it('refuses a release while the owner is the placeholder, and an owner GitHub would not take', () => {
    expect(() => prepareRelease(files(), '9.0.0', '2026-12-01')).toThrow(
      /package\.json's repository names no owner yet \(<owner>\): give --owner/,
    );
    for (const owner of ['-acme', 'acme-', 'ac--me', 'acme/x', 'a_b', '<owner>', '', 'a'.repeat(40)]) {
      expect(() => prepareRelease(files(), '9.0.0', '2026-12-01', { owner })).toThrow(
        `--owner '${owner}' is not a GitHub user or organization name`,
      );
    }
  });

  it('fills package.json and every document that writes the placeholder, and nothing else', () => {
    const documents = {
      'README.md':
        '![CI](https://github.com/<owner>/compliance-actions/actions/workflows/ci.yml/badge.svg)\n' +
        '      - uses: <owner>/compliance-actions@v0\n      - uses: <owner>/compliance-actions/actions/get-artifact@v0\n',
      'docs/actions/get-artifact.md':
        'A commit page: `<origin>/<owner>/<repo>/commit/<sha>`. Replace `<owner>`.\n',
      '.github/ISSUE_TEMPLATE/config.yml':
        'url: https://github.com/<owner>/compliance-actions/security/advisories/new\n',
    };
    const next = prepareRelease(files(), '9.0.0', '2026-12-01', { owner: 'acme-corp', documents });
    expect(next.owner).toBe('acme-corp');
    expect(pkg(next.packageJson)).toMatchObject({
      homepage: 'https://github.com/acme-corp/compliance-actions#readme',
      bugs: { url: 'https://github.com/acme-corp/compliance-actions/issues' },
      repository: { url: 'git+https://github.com/acme-corp/compliance-actions.git' },
    });
    expect(ownerOf(next.packageJson)).toBe('acme-corp');
    // Only the documents it changed come back; other placeholders in prose stay.
    expect(next.documents).toEqual({
      'README.md':
        '![CI](https://github.com/acme-corp/compliance-actions/actions/workflows/ci.yml/badge.svg)\n' +
        '      - uses: acme-corp/compliance-actions@v0\n      - uses: acme-corp/compliance-actions/actions/get-artifact@v0\n',
      '.github/ISSUE_TEMPLATE/config.yml':
        'url: https://github.com/acme-corp/compliance-actions/security/advisories/new\n',
    });
  });

  it('puts the CI badge under the README’s title once the owner is named, and only once', () => {
    const readme = '# compliance-actions\n\nGitHub Actions that …\n';
    const badge = '![CI](https://github.com/acme/compliance-actions/actions/workflows/ci.yml/badge.svg)';
    const next = prepareRelease(files(), '9.0.0', '2026-12-01', {
      owner: 'acme',
      documents: { 'README.md': readme, 'docs/x.md': readme },
    });
    expect(next.documents).toEqual({
      'README.md': `# compliance-actions\n\n${badge}\n\nGitHub Actions that …\n`,
    });
    expect(withCiBadge(next.documents['README.md'] ?? '', 'acme')).toBe(next.documents['README.md']);
    expect(withCiBadge(readme, OWNER_PLACEHOLDER)).toBe(readme);
  });

  it('keeps the owner at the next release, and moves it when the repository moves', () => {
    const first = prepareRelease(files(), '9.0.0', '2026-12-01', { owner: 'acme' });
    const released = { ...files(), packageJson: first.packageJson, changelog: `${first.changelog}\n` };
    const unreleased = released.changelog.replace('## [Unreleased]\n', '## [Unreleased]\n\n- more\n');
    const docs = { 'README.md': 'uses: acme/compliance-actions@v9 and bigacme/compliance-actions@v1\n' };
    const again = prepareRelease({ ...released, changelog: unreleased }, '9.1.0', '2026-12-02', {
      documents: docs,
    });
    expect(ownerOf(again.packageJson)).toBe('acme');
    expect(again.documents).toEqual({});
    const moved = prepareRelease({ ...released, changelog: unreleased }, '9.1.0', '2026-12-02', {
      owner: 'acme-labs',
      documents: docs,
    });
    expect(ownerOf(moved.packageJson)).toBe('acme-labs');
    // Another owner's repository of the same name, which merely ends in the old owner, is left alone.
    expect(moved.documents).toEqual({
      'README.md': 'uses: acme-labs/compliance-actions@v9 and bigacme/compliance-actions@v1\n',
    });
  });

  it('fills only `<owner>/compliance-actions`, wherever it stands', () => {
    expect(
      fillOwner(
        '[x](https://github.com/<owner>/compliance-actions.git) `<owner>/compliance-actions#1`',
        '<owner>',
        'a',
      ),
    ).toBe('[x](https://github.com/a/compliance-actions.git) `a/compliance-actions#1`');
    expect(fillOwner('<owner>/compliance-actions-fork <owner>/compliance', '<owner>', 'a')).toBe(
      '<owner>/compliance-actions-fork <owner>/compliance',
    );
  });

  it('fills the files a user reads: the README, SECURITY.md, CONTRIBUTING.md, every action.yml, the docs, the issue forms', () => {
    const owned = ownedFiles(ROOT);
    for (const path of [
      'README.md',
      'SECURITY.md',
      'CONTRIBUTING.md',
      'action.yml',
      'actions/get-artifact/action.yml',
      'docs/architecture.md',
      'docs/security.md',
      '.github/ISSUE_TEMPLATE/config.yml',
      '.github/ISSUE_TEMPLATE/bug_report.yml',
    ]) {
      expect(owned).toContain(path);
    }
    // Every document of docs/, in folders too.
    expect(owned.filter((p) => p.startsWith('docs/'))).toEqual(
      execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'docs'], {
        cwd: ROOT,
        encoding: 'utf8',
      })
        .split('\n')
        .filter((p) => p.endsWith('.md'))
        .sort(),
    );
    // Not the history, the code, or the workflows.
    expect(owned.filter((p) => /^(CHANGELOG|src\/|test\/|scripts\/|\.github\/workflows)/.test(p))).toEqual(
      [],
    );
  });

  it('npm run release:prepare -- X.Y.Z --owner <name> writes every file in a copy of the repository', () => {
    const copy = tempDir('release-');
    const take = [
      'package.json',
      'package-lock.json',
      'src/version.ts',
      'CHANGELOG.md',
      'scripts/release-prepare.ts',
      ...ownedFiles(ROOT),
    ];
    for (const path of take) {
      mkdirSync(dirname(join(copy, path)), { recursive: true });
      cpSync(join(ROOT, path), join(copy, path));
    }
    const run = (...args: string[]) => releasePrepare(copy, ...args);
    const refused = run('9.0.0');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('give --owner');
    expect(run('9.0.0', '--owner').status).toBe(2);
    const done = run('9.0.0', '--owner', 'acme');
    expect(done.stderr).toBe('');
    expect(done.status).toBe(0);
    expect(done.stdout).toMatch(/^Owner acme written to package\.json and .*README\.md/m);
    const after = (path: string) => readFileSync(join(copy, path), 'utf8');
    expect(ownerOf(after('package.json'))).toBe('acme');
    expect((JSON.parse(after('package.json')) as { version: string }).version).toBe('9.0.0');
    for (const path of ownedFiles(copy))
      expect(after(path), path).not.toContain('<owner>/compliance-actions');
    expect(after('README.md')).toContain(
      'https://github.com/acme/compliance-actions/actions/workflows/ci.yml/badge.svg',
    );
    expect(after('SECURITY.md')).toContain(
      'https://github.com/acme/compliance-actions/security/advisories/new',
    );
    // The checkout itself is untouched.
    expect(ownerOf(read('package.json'))).toBe(OWNER_PLACEHOLDER);
  });
});
