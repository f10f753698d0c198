// `npm run release:prepare -- <X.Y.Z> [--owner <name>]`: bumps the version in one step everywhere it is written —
// package.json and package-lock.json, src/version.ts (the User-Agent), and CHANGELOG.md (Unreleased becomes the new
// version, dated today, with an empty Unreleased above it) — then says what to do next. Refuses a version that is not
// X.Y.Z, not greater than the current one, or a changelog with nothing under Unreleased. Run `npm run build` after
// it: the bundle carries the version.
// The owner of the repository on GitHub is one variable: package.json's `repository` names it, and the docs write it
// as `<owner>/compliance-actions` (a `uses:` line, a URL) until a release names it. `--owner` fills it in
// package.json and in every file a user reads it in (OWNED_FILES), and puts the CI badge under the README's title
// (none until then: its image would show broken); a release is refused while it is the placeholder.
// Only node: modules are imported: the release workflow runs `notes` with Node alone, before any `npm ci`.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Prepared {
  packageJson: string;
  packageLock: string;
  versionTs: string;
  changelog: string;
}

const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/;

/** What the docs write for the repository's owner on GitHub until a release names it. */
export const OWNER_PLACEHOLDER = '<owner>';
/** The repository's name on GitHub: an owner is the one before `/compliance-actions`, and only it is filled. */
export const REPOSITORY_NAME = 'compliance-actions';
/** A GitHub user or organization name: letters, digits and single inner hyphens, at most 39 characters. */
const GITHUB_OWNER = /^[A-Za-z0-9](?:-?[A-Za-z0-9]){0,38}$/;

/** The owner package.json's `repository` names (its URL is `git+https://github.com/<owner>/compliance-actions.git`). */
export function ownerOf(packageJson: string): string {
  const pkg = JSON.parse(packageJson) as { repository?: string | { url?: string } };
  const url = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  const m = new RegExp(`github\\.com/([^/]+)/${REPOSITORY_NAME}(?:\\.git)?$`).exec(url ?? '');
  if (!m?.[1]) {
    throw new Error(
      `package.json's repository.url (${url ?? 'none'}) is not git+https://github.com/<owner>/${REPOSITORY_NAME}.git`,
    );
  }
  return m[1];
}

/**
 * `text` with every `<from>/compliance-actions` naming `to` instead: a `uses:` line, a link, a badge. Nothing else
 * changes (`<origin>/<owner>/<repo>` in prose is another placeholder), nor an owner that only ends in `from`.
 */
export function fillOwner(text: string, from: string, to: string): string {
  const escaped = `${from}/${REPOSITORY_NAME}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`, 'g'), `${to}/${REPOSITORY_NAME}`);
}

/**
 * The README with the CI badge right under its title once the owner is named; until then it has none, as an image
 * of the placeholder's URL shows broken on GitHub.
 */
export function withCiBadge(readme: string, owner: string): string {
  const badge = `![CI](https://github.com/${owner}/${REPOSITORY_NAME}/actions/workflows/ci.yml/badge.svg)`;
  const title = /^# [^\n]*\n\n/.exec(readme);
  if (owner === OWNER_PLACEHOLDER || readme.includes(badge) || !title) return readme;
  return `${title[0]}${badge}\n\n${readme.slice(title[0].length)}`;
}

/** The owner a release names: `--owner` (checked), else the one package.json has, refused while it is the placeholder. */
function releaseOwner(current: string, given: string | undefined): string {
  if (given === undefined) {
    if (current === OWNER_PLACEHOLDER) {
      throw new Error(
        `package.json's repository names no owner yet (${OWNER_PLACEHOLDER}): give --owner <the GitHub user or ` +
          'organization this repository is published under>, which fills it in package.json and in every ' +
          '`uses:` line and link of the docs',
      );
    }
    return current;
  }
  if (!GITHUB_OWNER.test(given)) {
    throw new Error(
      `--owner '${given}' is not a GitHub user or organization name (letters, digits and single hyphens, at most 39)`,
    );
  }
  return given;
}

function parse(version: string): [number, number, number] | undefined {
  const m = SEMVER.exec(version);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

function greater(a: [number, number, number], b: [number, number, number]): boolean {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return (a[i] ?? 0) > (b[i] ?? 0);
  return false;
}

export interface ReleaseOptions {
  /** The repository's owner on GitHub: required while package.json names the placeholder. */
  owner?: string;
  /** The other files the owner is written in (OWNED_FILES), by path: those it changes come back in `documents`. */
  documents?: Record<string, string>;
}

/**
 * The four files with `version` in them (package.json also with the owner), and the documents whose owner changed;
 * throws with a message for a version, an owner or a changelog that will not do.
 */
export function prepareRelease(
  files: Prepared,
  version: string,
  today: string,
  options: ReleaseOptions = {},
): Prepared & { owner: string; documents: Record<string, string> } {
  const next = parse(version);
  if (!next) throw new Error(`'${version}' is not a version: give X.Y.Z, e.g. 0.2.0 (no leading v)`);
  const pkg = JSON.parse(files.packageJson) as { version: string };
  const currentVersion = parse(pkg.version);
  if (!currentVersion || !greater(next, currentVersion)) {
    throw new Error(`${version} is not greater than the current version ${pkg.version}`);
  }
  const changelog = files.changelog.replace(/\r\n/g, '\n');
  const unreleased = section(changelog, 'Unreleased');
  // Headings alone (`### Added` with nothing under it) say nothing either.
  if (unreleased === undefined || !/^(?!#)\S/m.test(unreleased)) {
    throw new Error('CHANGELOG.md has nothing under ## [Unreleased]: say what this release changes first');
  }
  const current = ownerOf(files.packageJson);
  const owner = releaseOwner(current, options.owner);
  const documents: Record<string, string> = {};
  for (const [path, text] of Object.entries(options.documents ?? {})) {
    const owned = fillOwner(text, current, owner);
    const filled = path === 'README.md' ? withCiBadge(owned, owner) : owned;
    if (filled !== text) documents[path] = filled;
  }
  const lock = JSON.parse(files.packageLock) as {
    version: string;
    packages: Record<string, { version?: string }>;
  };
  lock.version = version;
  const root = lock.packages[''];
  if (root) root.version = version;
  return {
    owner,
    documents,
    packageJson: fillOwner(files.packageJson, current, owner).replace(
      /"version": "[^"]+"/,
      `"version": "${version}"`,
    ),
    packageLock: `${JSON.stringify(lock, null, 2)}\n`,
    versionTs: files.versionTs.replace(/VERSION = '[^']+'/, `VERSION = '${version}'`),
    changelog: changelog.replace(
      /^## \[Unreleased\][ \t]*\n/m,
      `## [Unreleased]\n\n## [${version}] - ${today}\n`,
    ),
  };
}

/**
 * The body of a `## [name]` section: up to the next `## ` heading, a Keep a Changelog link definition (`[0.1.0]: url`)
 * or the end; undefined when there is none.
 */
function section(changelog: string, name: string): string | undefined {
  const text = changelog.replace(/\r\n/g, '\n');
  const escaped = name.replace(/[.[\]]/g, '\\$&');
  const start = new RegExp(`^## \\[${escaped}\\][^\\n]*\\n`, 'm').exec(text);
  if (!start) return undefined;
  const rest = text.slice(start.index + start[0].length);
  const end = /^(## |\[[^\]]+\]: )/m.exec(rest);
  return end ? rest.slice(0, end.index) : rest;
}

/** The notes of one version in the changelog: its section, without its heading (the release workflow's body). */
export function releaseNotes(changelog: string, version: string): string {
  const notes = section(changelog, version);
  if (notes === undefined) throw new Error(`CHANGELOG.md has no section for ${version}`);
  return notes.trim();
}

const PATHS = {
  packageJson: 'package.json',
  packageLock: 'package-lock.json',
  versionTs: 'src/version.ts',
  changelog: 'CHANGELOG.md',
} as const;

/**
 * Every file besides package.json a user reads the owner in, relative to `root`: the README, SECURITY.md and
 * CONTRIBUTING.md, every action.yml, the docs (all of docs/, each folder in it too) and the issue forms.
 */
export function ownedFiles(root: string): string[] {
  const within = (dir: string, ending: RegExp): string[] => {
    const at = join(root, dir);
    if (!existsSync(at)) return [];
    return readdirSync(at, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && ending.test(e.name))
      .map((e) => relative(root, join(e.parentPath, e.name)));
  };
  return [
    'README.md',
    'SECURITY.md',
    'CONTRIBUTING.md',
    'action.yml',
    ...within('actions', /^action\.yml$/),
    ...within('docs', /\.md$/),
    ...within('.github/ISSUE_TEMPLATE', /\.ya?ml$/),
  ]
    .filter((path) => existsSync(join(root, path)))
    .sort();
}

const USAGE =
  'Usage: npm run release:prepare -- <X.Y.Z> [--owner <GitHub owner>]    (or: ... -- notes <X.Y.Z> to print its notes)';

function main(args: string[]): number {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { owner: { type: 'string' }, help: { type: 'boolean' } },
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const [command, version] =
    positionals[0] === 'notes' ? ['notes', positionals[1]] : ['prepare', positionals[0]];
  if (version === undefined || values.help || positionals.length > (command === 'notes' ? 2 : 1)) {
    console.error(USAGE);
    return 2;
  }
  const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
  let owner: string;
  let filled: string[];
  try {
    if (command === 'notes') {
      console.log(releaseNotes(read(PATHS.changelog), version));
      return 0;
    }
    const files = {
      packageJson: read(PATHS.packageJson),
      packageLock: read(PATHS.packageLock),
      versionTs: read(PATHS.versionTs),
      changelog: read(PATHS.changelog),
    };
    const documents = Object.fromEntries(ownedFiles(ROOT).map((path) => [path, read(path)]));
    const prepared = prepareRelease(files, version, new Date().toISOString().slice(0, 10), {
      ...(values.owner !== undefined && { owner: values.owner }),
      documents,
    });
    for (const key of Object.keys(PATHS) as (keyof typeof PATHS)[]) {
      writeFileSync(join(ROOT, PATHS[key]), prepared[key]);
    }
    for (const [path, text] of Object.entries(prepared.documents)) writeFileSync(join(ROOT, path), text);
    owner = prepared.owner;
    filled = Object.keys(prepared.documents);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
  if (filled.length > 0) console.log(`Owner ${owner} written to package.json and ${filled.join(', ')}.`);
  console.log(`Version ${version} written to ${Object.values(PATHS).join(', ')}. Next:`);
  console.log('  npm run build && npm test');
  console.log(
    `  git commit -am "Release v${version}" && git tag v${version} && git push origin main v${version}`,
  );
  console.log(
    'The release workflow then checks dist/, runs the suite, publishes the notes and moves the major tag.',
  );
  return 0;
}

// import.meta.main, not a URL compared with argv: a checkout path with a space made that never equal (found by review).
if (import.meta.main) process.exitCode = main(process.argv.slice(2));
