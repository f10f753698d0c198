/** Reads which artifact a step is about, the same way for every sub-action that takes one. */
import { log } from '../trust/log.js';
import { existsSync, readdirSync, statSync, type Dirent } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { proxyFromEnv } from '../api/config.js';
import { firstByKey } from '../api/pagination.js';
import { InputError } from '../errors/errors.js';
import { compiledOr } from '../context/pattern.js';
import { readFingerprint, type InputReader } from '../context/inputs.js';
import type { Glob } from '../context/glob.js';
import {
  ARTIFACT_TYPES,
  fingerprintArtifact,
  type ArtifactSpec,
  type Fingerprinted,
} from '../fingerprint/artifact.js';

const EITHER = 'either fingerprint, or artifact with artifact-type';
const EXCLUDE_FORM =
  'globs under the artifact folder (see docs/configuration.md, "Globs"), one per line or comma-separated';

export async function readArtifactSpec(
  inputs: InputReader,
  workspace: string,
  shared: Shared = readShared(inputs),
): Promise<ArtifactSpec> {
  const fingerprint = inputs.fingerprint('fingerprint');
  const artifact = inputs.optional('artifact');
  const excludes = await checkShared(shared, fingerprint, artifact);
  if (fingerprint !== undefined) return { type: 'fingerprint', fingerprint };
  return specFor(inputs, shared, excludes, artifact ?? '', workspace);
}

/** One item of several (get-artifact): what it is called in outputs and the summary, and how to fingerprint it. */
export interface NamedSpec {
  name: string;
  spec: ArtifactSpec;
}

const GLOB_CHARS = /[*?[{]/;

/** Items in one step at most: the lists are outputs, and a later step reads them through its environment. */
const MAX_ITEMS = 1000;

/**
 * One or more artifacts, each once, in order; with artifact-type file or dir a line may be a glob. `many` is false
 * only for one literal line: a glob that matches one file does not change the outputs' shape.
 */
export async function readArtifactSpecs(inputs: InputReader, workspace: string) {
  const fingerprints = inputs.list('fingerprint', true);
  // Numbered as written (the value untrimmed), for an error naming the line.
  const numbered = (inputs.env.INPUT_ARTIFACT ?? '')
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line !== '');
  const artifacts = numbered.map(({ line }) => line);
  const shared = readShared(inputs);
  const globbing = shared.type === 'file' || shared.type === 'dir';
  // A path that exists is that path, even with glob characters in its name (`dist/x[1].bin`).
  const isGlob = (line: string) => globbing && GLOB_CHARS.test(line) && !existsSync(resolve(workspace, line));
  if (fingerprints.length <= 1 && artifacts.length <= 1 && !isGlob(artifacts[0] ?? '')) {
    const spec = await readArtifactSpec(inputs, workspace, shared);
    return { items: [{ name: nameOf(spec, workspace), spec }], many: false };
  }
  const excludes = await checkShared(shared, fingerprints[0], artifacts[0]);
  if (fingerprints.length > 0) {
    const items = fingerprints.map((line): NamedSpec => {
      const fingerprint = readFingerprint('fingerprint', line);
      return { name: fingerprint, spec: { type: 'fingerprint', fingerprint } };
    });
    return { items: capped(firstByKey(items, byName), 'fingerprint'), many: true };
  }
  const expanded: NamedSpec[] = [];
  for (const { line, number } of numbered) {
    const paths = isGlob(line)
      ? await expandGlob(line, number, shared.type === 'dir' ? 'dir' : 'file', workspace)
      : [line];
    for (const path of paths) {
      const spec = specFor(inputs, shared, excludes, path, workspace);
      expanded.push({ name: nameOf(spec, workspace), spec });
    }
  }
  return { items: capped(firstByKey(expanded, byName), 'artifact'), many: true };
}

function capped(items: NamedSpec[], input: string): NamedSpec[] {
  if (items.length > MAX_ITEMS) {
    throw new InputError(
      input,
      `gives more than ${MAX_ITEMS} artifacts`,
      `at most ${MAX_ITEMS} in one step (the lists are outputs a later step reads); narrower globs, or more steps`,
    );
  }
  return items;
}

// Each item once: one name is one spec (the same path, image or fingerprint, read with the same shared inputs).
const byName = (item: NamedSpec) => item.name;

/** A file or directory as its path relative to the workspace (as given, for one outside it); an image as named. */
function nameOf(spec: ArtifactSpec, workspace: string): string {
  switch (spec.type) {
    case 'fingerprint':
      return spec.fingerprint;
    case 'file':
    case 'dir': {
      const shown = relative(workspace, spec.path);
      // Outside the workspace: the whole path (`..foo` is a name inside it).
      return shown === ''
        ? '.'
        : shown === '..' || shown.startsWith(`..${sep}`) || isAbsolute(shown)
          ? spec.path
          : shown;
    }
    default:
      return spec.image;
  }
}

/**
 * The files (or directories) a glob matches, sorted; `**` enters no symlinked folder, and a match follows its link
 * (a link to a file is a file, else a gate would pass without checking it).
 */
async function expandGlob(line: string, number: number, kind: 'file' | 'dir', workspace: string) {
  // The compiler and its regex engine, loaded only for a glob.
  const { compileGlob, globAlternatives, GLOB_FORM } = await import('../context/glob.js');
  const refused = (problem: string) => {
    const shown = line.length > 60 ? `${line.slice(0, 60)}…` : line;
    return new InputError('artifact', `line ${number} ('${shown}') ${problem}`, GLOB_FORM);
  };
  const slashed = line.replace(/\\/g, '/');
  // The bounds of the whole line first, so that a place in it is counted from its start.
  const bounds = globAlternatives(slashed);
  if ('problem' in bounds) throw refused(bounds.problem);
  const parts = slashed.split('/');
  const literal = parts.findIndex((part) => GLOB_CHARS.test(part));
  const rest = parts.slice(literal).join('/');
  const root = resolve(workspace, parts.slice(0, literal).join('/') || (line.startsWith('/') ? '/' : '.'));
  const glob = compiledOr(() => compileGlob(rest, { hidden: false }), refused);
  // As deep as the glob has parts (each alternative has at most as many), unbounded with `**`.
  const depth = rest.includes('**') ? Infinity : rest.split('/').length;
  const writtenOut = rest.split('/').findIndex((part) => part.includes('**'));
  const hidden = /(?:^|[/{,])\./.test(rest);
  const matches: string[] = [];
  const visit = (dir: string, rel: string, level: number) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // Unreadable: nothing under it is taken, as a shell's glob does.
    }
    for (const entry of entries) {
      if (!hidden && entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      const relPath = rel === '' ? entry.name : `${rel}/${entry.name}`;
      let info: { isFile(): boolean; isDirectory(): boolean } | undefined = entry;
      if (entry.isSymbolicLink()) {
        try {
          info = statSync(path);
        } catch {
          info = undefined;
        }
      }
      const folder = info?.isDirectory() ?? false;
      // A dangling link or an unreadable entry: kept, so it shows as an item that could not be checked.
      const wanted = info === undefined || (kind === 'file' ? info.isFile() : folder);
      if (wanted && glob.matches(relPath, folder)) matches.push(path);
      const enter = writtenOut === -1 || level < writtenOut || !entry.isSymbolicLink();
      if (folder && level + 1 < depth && enter) visit(path, relPath, level + 1);
    }
  };
  visit(root, '', 0);
  matches.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (matches.length === 0) {
    throw new InputError(
      'artifact',
      `'${line}' matches no ${kind === 'file' ? 'file' : 'directory'} under ${workspace}`,
      `a path or glob relative to the workspace that matches at least one ${kind === 'file' ? 'file' : 'directory'}`,
    );
  }
  return matches;
}

/** Globs one per line, or comma-separated where the comma is not within braces (`{a,b}` is one glob). */
function globList(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (c === '{') depth++;
    else if (c === '}') depth = Math.max(depth - 1, 0);
    else if (c === '\n' || c === undefined || (c === ',' && depth === 0)) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
      if (c === '\n') depth = 0;
    }
  }
  return out.filter((glob) => glob !== '');
}

type Shared = ReturnType<typeof readShared>;

function readShared(inputs: InputReader) {
  const type = inputs.choice('artifact-type', ARTIFACT_TYPES);
  // Read before any check that could fail, so the password is masked in whatever is printed next.
  const password = inputs.secret('registry-password');
  const username = inputs.optional('registry-username');
  const excludes = globList(inputs.raw('exclude'));
  return { type, password, username, excludes };
}

/** The checks of any artifact (a fingerprint or an artifact, inputs that fit it); the excludes, compiled once. */
async function checkShared(
  shared: Shared,
  fingerprint: string | undefined,
  artifact: string | undefined,
): Promise<Glob[]> {
  const { type, password, username, excludes } = shared;
  if (fingerprint !== undefined && artifact !== undefined) {
    throw new InputError('fingerprint', 'is given together with artifact', EITHER);
  }
  if (fingerprint !== undefined) {
    // Inputs that only shape fingerprinting would be ignored silently: a sign the step is not what was meant.
    const given = {
      'artifact-type': type,
      exclude: excludes[0],
      'registry-username': username,
      'registry-password': password,
    };
    const ignored = Object.entries(given).find(([, value]) => value !== undefined)?.[0];
    if (ignored !== undefined) {
      throw new InputError(
        ignored,
        'is given together with fingerprint, which is used as is (nothing is fingerprinted)',
        `fingerprint alone, or artifact with ${ignored === 'artifact-type' ? 'artifact-type' : `artifact-type and ${ignored}`}`,
      );
    }
    return [];
  }
  if (artifact === undefined)
    throw new InputError('artifact', 'is required when fingerprint is not given', EITHER);
  if (type === undefined) {
    throw new InputError(
      'artifact-type',
      `is required with artifact '${artifact}'`,
      `one of ${ARTIFACT_TYPES.join(', ')}`,
    );
  }
  if (excludes.length > 0 && type !== 'dir') {
    throw new InputError(
      'exclude',
      `only applies to artifact-type dir, not ${type}`,
      'no exclude, or artifact-type dir',
    );
  }
  if ((username !== undefined || password !== undefined) && type !== 'oci') {
    throw new InputError(
      username !== undefined ? 'registry-username' : 'registry-password',
      `only applies to artifact-type oci, not ${type}`,
      'registry credentials with artifact-type oci only',
    );
  }
  if ((username === undefined) !== (password === undefined)) {
    throw new InputError(
      username === undefined ? 'registry-username' : 'registry-password',
      'is missing: registry-username and registry-password go together',
      'both, or neither for an anonymous pull',
    );
  }
  if (excludes.length === 0) return [];
  // The glob compiler (and its regex engine) is loaded only when there is a glob to check.
  const { compileGlob } = await import('../context/glob.js');
  return excludes.map((glob) =>
    compiledOr(
      () => compileGlob(glob),
      (problem) => new InputError('exclude', `'${glob}' ${problem}`, EXCLUDE_FORM),
    ),
  );
}

function specFor(
  inputs: InputReader,
  { type, username, password }: Shared,
  excludes: Glob[],
  artifact: string,
  workspace: string,
): ArtifactSpec {
  switch (type) {
    case 'file':
      return { type: 'file', path: resolve(workspace, artifact) };
    case 'dir':
      return { type: 'dir', path: resolve(workspace, artifact), excludes };
    case 'docker': {
      const dockerHost = inputs.env.DOCKER_HOST?.trim();
      return { type: 'docker', image: artifact, ...(dockerHost && { dockerHost }) };
    }
    default:
      // oci: checkShared refuses an artifact without a type before this is reached.
      return {
        type: 'oci',
        image: artifact,
        ...(username !== undefined && { username }),
        ...(password !== undefined && { password }),
        proxy: proxyFromEnv(inputs.env),
      };
  }
}

/** The fingerprint of a spec: a given one as is, else computed in a log group that names what was fingerprinted. */
export async function resolveFingerprint(spec: ArtifactSpec): Promise<Fingerprinted> {
  if (spec.type === 'fingerprint') return fingerprintArtifact(spec);
  return log.group('Fingerprint the artifact', async () => {
    const result = await fingerprintArtifact(spec);
    log.info(
      `${spec.type === 'file' || spec.type === 'dir' ? spec.path : spec.image}: ${result.fingerprint}`,
    );
    return result;
  });
}
