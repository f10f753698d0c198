/**
 * What a step loads, recorded: runs an action as the runner does, with the preload packages/runner/src/load-hook.ts
 * appending every file Node loads to a record file, and tells which files of dist/ it loaded, their size, and what
 * code they hold. Shared by the start benchmark (its KB column, from an untimed run of its own) and
 * test/dist/module-load.test.ts. The chunks of dist/ are known by their content, not their ids (which change from
 * build to build). Not part of the bundle.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { EndpointName } from '../../../src/api/endpoints.js';
import { ROOT, runAction, type RunOptions, type RunResult } from './emulator.js';

export const DIST = join(ROOT, 'dist');
const HOOK = new URL('./load-hook.ts', import.meta.url);

/**
 * The code of interest, each known by text that only it leaves in the bundle (ncc and the minifier keep function and
 * class names; a name may get a module prefix when two modules share it, as `pods_mapPod`).
 */
export const MARKERS = {
  /** Octokit (through @actions/github): @octokit/core's user agent. */
  octokit: [/octokit-core\.js\//],
  /** src/fingerprint: how files, folders, Docker images and OCI images are fingerprinted. */
  fingerprint: [
    /\bfunction\s+(\w+_)?fingerprintFile\(/,
    /\bfunction\s+(\w+_)?fingerprintDir\(/,
    /\bfunction\s+(\w+_)?fingerprintDocker\(/,
    /\bfunction\s+(\w+_)?fingerprintOci\(/,
    /\bfunction\s+(\w+_)?fingerprintArtifact\(/,
  ],
  /** src/k8s: kubectl, the pod stream and the pod mapping. */
  kubernetes: [
    /\bfunction\*?\s+(\w+_)?readPodsWithKubectl\(/,
    /\bfunction\*?\s+(\w+_)?streamItems\(/,
    /\bfunction\s+(\w+_)?mapPod\(/,
    /\bfunction\s+(\w+_)?kubectlArgs\(/,
  ],
  /** undici (npm, or @actions/github's own copy): its proxy agent. */
  undici: [/\bclass\s+EnvHttpProxyAgent\b/],
  /** The RE2 regex engine (re2js), for patterns from outside. */
  re2: [/\bclass\s+RE2JS\b/],
} as const;

export type Kind = keyof typeof MARKERS;

/**
 * Each endpoint's own schemas (src/api/schemas/<endpoint>.ts, a chunk the client loads when the endpoint is called),
 * known by the export of a schema that only that module has: the bundle is minified, so local names are not kept,
 * but a module's export table (`Name: () => binding`) is. Derived from the endpoint table (src/api/endpoints.ts): each
 * endpoint's loader gives its schemas, and the module under src/api/schemas that exports one of them, and is not
 * the shared common.ts, is its chunk; so a new endpoint needs nothing here.
 */
export type SchemaMarkers = Record<EndpointName, RegExp>;

const SCHEMAS = join(ROOT, 'src/api/schemas');
const exportMarker = (name: string) => new RegExp(`[{,]\\s*${name}\\s*:\\s*\\(\\)\\s*=>`);
let markers: Promise<SchemaMarkers> | undefined;

export function schemaMarkers(): Promise<SchemaMarkers> {
  markers ??= deriveSchemaMarkers();
  return markers;
}

async function deriveSchemaMarkers(): Promise<SchemaMarkers> {
  const { endpoints } = await import('../../../src/api/endpoints.js');
  const modules = await Promise.all(
    readdirSync(SCHEMAS)
      .filter((file) => file.endsWith('.ts') && file !== 'index.ts' && file !== 'common.ts')
      .map(async (file) => {
        const module = (await import(pathToFileURL(join(SCHEMAS, file)).href)) as Record<string, unknown>;
        return { file, exports: Object.entries(module) };
      }),
  );
  const found = {} as SchemaMarkers;
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const loaded = await endpoints[name].schemas();
    const schemas: unknown[] = Object.values(loaded);
    const owners = modules.filter((m) => m.exports.some(([, value]) => schemas.includes(value)));
    const [owner] = owners;
    if (owners.length !== 1 || !owner) {
      throw new Error(
        `load recorder: ${name}'s schemas are exported by ${owners.length} schema modules, not one`,
      );
    }
    // An export name that no other schema module has marks the chunk: the response schema's first (the name a
    // reader looks for), then the endpoint's other schemas, then any other export of the module.
    const others = new Set(modules.filter((m) => m !== owner).flatMap((m) => m.exports.map(([key]) => key)));
    const rank = (value: unknown) => (value === loaded.response ? 0 : schemas.includes(value) ? 1 : 2);
    const unique = owner.exports
      .filter(([key]) => !others.has(key) && /^\w+$/.test(key))
      .sort(([, a], [, b]) => rank(a) - rank(b));
    const [first] = unique.map(([key]) => key);
    if (!first) throw new Error(`load recorder: src/api/schemas/${owner.file} has no export of its own`);
    found[name] = exportMarker(first);
  }
  return found;
}

/** The endpoints whose own schemas a file of dist/ holds. */
export function schemasIn(file: string, markers: SchemaMarkers): EndpointName[] {
  const text = readFileSync(file, 'utf8');
  return (Object.keys(markers) as EndpointName[]).filter((name) => markers[name].test(text));
}

/** The kinds of code a file of dist/ holds, by its markers. */
export function kindsIn(file: string): Kind[] {
  const text = readFileSync(file, 'utf8');
  return (Object.keys(MARKERS) as Kind[]).filter((kind) => MARKERS[kind].some((re) => re.test(text)));
}

export interface Loaded {
  result: RunResult;
  /** The files of dist/ the step loaded (absolute paths), in load order. */
  files: string[];
  /** Their total size in bytes. */
  bytes: number;
  /** Which kinds of code they hold, each with the files (relative to dist/) that hold it. */
  kinds: Partial<Record<Kind, string[]>>;
  /** The endpoints whose own schemas they hold, sorted. */
  schemas: EndpointName[];
}

/** Runs the action once with the load recorder (an untimed run: the recorder costs time) and says what it loaded. */
export async function recordLoads(name: string, options: RunOptions = {}): Promise<Loaded> {
  const dir = mkdtempSync(join(tmpdir(), 'load-record-'));
  const record = join(dir, 'loaded.txt');
  try {
    const hook = new URL(HOOK);
    hook.searchParams.set('out', record);
    const result = await runAction(name, {
      ...options,
      nodeArgs: [...(options.nodeArgs ?? []), '--import', hook.href],
    });
    let text = '';
    try {
      text = readFileSync(record, 'utf8');
    } catch {
      // The step loaded no file at all.
    }
    const files = [
      ...new Set(
        text
          .split('\n')
          .filter((url) => url.startsWith('file:'))
          .map((url) => fileURLToPath(new URL(url).href.replace(/[?#].*$/, ''))),
      ),
    ].filter((file) => file.startsWith(`${DIST}/`));
    const kinds: Partial<Record<Kind, string[]>> = {};
    for (const file of files) {
      for (const kind of kindsIn(file)) (kinds[kind] ??= []).push(file.slice(DIST.length + 1));
    }
    const markers = await schemaMarkers();
    const schemas = [...new Set(files.flatMap((file) => schemasIn(file, markers)))].sort();
    return { result, files, bytes: files.reduce((sum, f) => sum + statSync(f).size, 0), kinds, schemas };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
