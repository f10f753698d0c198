// `npm run release:prepare -- <X.Y.Z>`: bumps the version in one step everywhere it is written — package.json and
// package-lock.json, src/version.ts (the User-Agent), and CHANGELOG.md (Unreleased becomes the new version, dated
// today, with an empty Unreleased above it) — then says what to do next. Refuses a version that is not X.Y.Z, not
// greater than the current one, or a changelog with nothing under Unreleased. Run `npm run build` after it: the
// bundle carries the version.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Prepared {
  packageJson: string;
  packageLock: string;
  versionTs: string;
  changelog: string;
}

const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/;

function parse(version: string): [number, number, number] | undefined {
  const m = SEMVER.exec(version);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

function greater(a: [number, number, number], b: [number, number, number]): boolean {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return (a[i] ?? 0) > (b[i] ?? 0);
  return false;
}

/** The four files with `version` in them; throws with a message for a version or a changelog that will not do. */
export function prepareRelease(files: Prepared, version: string, today: string): Prepared {
  const next = parse(version);
  if (!next) throw new Error(`'${version}' is not a version: give X.Y.Z, e.g. 0.2.0 (no leading v)`);
  const pkg = JSON.parse(files.packageJson) as { version: string };
  const current = parse(pkg.version);
  if (!current || !greater(next, current)) {
    throw new Error(`${version} is not greater than the current version ${pkg.version}`);
  }
  const changelog = files.changelog.replace(/\r\n/g, '\n');
  const unreleased = section(changelog, 'Unreleased');
  // Headings alone (`### Added` with nothing under it) say nothing either.
  if (unreleased === undefined || !/^(?!#)\S/m.test(unreleased)) {
    throw new Error('CHANGELOG.md has nothing under ## [Unreleased]: say what this release changes first');
  }
  const lock = JSON.parse(files.packageLock) as {
    version: string;
    packages: Record<string, { version?: string }>;
  };
  lock.version = version;
  const root = lock.packages[''];
  if (root) root.version = version;
  return {
    packageJson: files.packageJson.replace(/"version": "[^"]+"/, `"version": "${version}"`),
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

function main(args: string[]): number {
  const [command, version] = args[0] === 'notes' ? ['notes', args[1]] : ['prepare', args[0]];
  if (version === undefined || args.includes('--help')) {
    console.error(
      'Usage: npm run release:prepare -- <X.Y.Z>    (or: ... -- notes <X.Y.Z> to print its notes)',
    );
    return 2;
  }
  const read = (key: keyof typeof PATHS) => readFileSync(join(ROOT, PATHS[key]), 'utf8');
  try {
    if (command === 'notes') {
      console.log(releaseNotes(read('changelog'), version));
      return 0;
    }
    const files = {
      packageJson: read('packageJson'),
      packageLock: read('packageLock'),
      versionTs: read('versionTs'),
      changelog: read('changelog'),
    };
    const prepared = prepareRelease(files, version, new Date().toISOString().slice(0, 10));
    for (const key of Object.keys(PATHS) as (keyof typeof PATHS)[]) {
      writeFileSync(join(ROOT, PATHS[key]), prepared[key]);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
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
