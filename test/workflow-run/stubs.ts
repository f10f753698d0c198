/**
 * The steps of this repository's workflows that cannot run here, and what stands in for each (packages/runner/src/workflow.ts
 * runs everything else for real). The tests assert that these, and only these, were stubbed.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ROOT } from '@compliance-actions/runner/emulator';
import type { Stub } from '@compliance-actions/runner/workflow';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-C', cwd, ...args], { encoding: 'utf8' }).trim();

/** The commit the checkout stub checks out: this repository's HEAD (GITHUB_SHA of the runs). */
export const headSha = (): string => git(ROOT, 'rev-parse', 'HEAD');

/**
 * actions/checkout of this repository: a clone sharing the objects of this checkout (read, never written), at its
 * HEAD, with this working tree's changed and new files copied over it, so the run sees the files as they are now.
 */
export const checkoutThisRepository: Stub = {
  uses: 'actions/checkout',
  reason:
    'it fetches from GitHub: the workspace is a clone of this repository at HEAD with the working tree copied over',
  outputs: ['ref', 'commit'],
  apply({ workspace }) {
    execFileSync('git', ['clone', '-q', '--shared', '--no-checkout', ROOT, workspace]);
    const files = new Set(
      git(ROOT, 'ls-files', '-z', '--cached', '--others', '--exclude-standard').split('\0'),
    );
    for (const file of files) {
      const from = join(ROOT, file);
      if (file === '' || !existsSync(from) || lstatSync(from).isDirectory()) continue; // deleted, or a submodule
      mkdirSync(dirname(join(workspace, file)), { recursive: true });
      cpSync(from, join(workspace, file), { verbatimSymlinks: true });
    }
    git(workspace, 'reset', '-q'); // the index at HEAD: the working tree's changes show as changes
    return { outputs: { ref: 'refs/heads/main', commit: git(workspace, 'rev-parse', 'HEAD') } };
  },
};

/**
 * actions/checkout of another repository: a clone of a local one (a fixture standing in for the user's), or with
 * `repository: <owner>/<name>`, of the one `others` gives for that name (this checkout for a copy of the bundle), as
 * checkout does it: at `ref` when given (a branch, a tag or a commit SHA), into `path` of the workspace when given
 * (checkout refuses a path outside it).
 */
export const checkoutOf = (repo: string | undefined, others: Record<string, string> = {}): Stub => ({
  uses: 'actions/checkout',
  reason:
    'it fetches from GitHub: the workspace gets a clone of a local repository standing in for the one asked',
  outputs: ['ref', 'commit'],
  apply({ workspace, with: inputs }) {
    const name = inputs.repository ?? '';
    const from = name === '' ? repo : others[name];
    if (from === undefined) throw new Error(`checkout stub: no local repository stands in for '${name}'`);
    const into = resolve(workspace, inputs.path ?? '');
    if (into !== workspace && !into.startsWith(`${workspace}/`))
      throw new Error(`checkout stub: path '${inputs.path ?? ''}' is outside the workspace`);
    const ref = inputs.ref ?? '';
    // At a ref, no checkout of the default branch first: writing the files is most of a clone's time.
    execFileSync('git', ['clone', '-q', '--shared', ...(ref === '' ? [] : ['--no-checkout']), from, into]);
    if (ref !== '') git(into, 'checkout', '-q', '-f', ref);
    return {
      outputs: { ref: ref || 'refs/heads/main', commit: git(into, 'rev-parse', 'HEAD') },
    };
  },
});

/**
 * actions/setup-node: Node 24 is already here, this checkout's node_modules/node (what node_modules/.bin/node runs):
 * its folder, which holds that one binary, goes first on PATH. Another major version cannot be had here.
 */
export const setupNode: Stub = {
  uses: 'actions/setup-node',
  reason: "it downloads Node: this checkout's Node 24 (node_modules/node/bin) goes first on PATH instead",
  outputs: ['cache-hit', 'node-version'],
  apply({ with: inputs }) {
    const wanted = inputs['node-version'] ?? '';
    const major = process.versions.node.split('.')[0] ?? '';
    if (wanted.split('.')[0] !== major)
      throw new Error(`setup-node stub: node-version '${wanted}' asked for, only Node ${major} is here`);
    return {
      outputs: { 'cache-hit': 'false', 'node-version': process.version },
      path: [dirname(process.execPath)],
    };
  },
};

/**
 * `npm ci`: it needs the npm registry (and the `node` package's preinstall downloads a Node binary), and would
 * rebuild 300 MB of node_modules: the workspace gets this checkout's node_modules, linked, which `npm ci` of the same
 * package-lock.json would have made.
 */
export const npmCi: Stub = {
  run: /^npm ci( [^\n]*)?\n?$/,
  reason: "it needs the npm registry: the workspace links this checkout's node_modules instead",
  outputs: [],
  apply({ workspace }) {
    symlinkSync(join(ROOT, 'node_modules'), join(workspace, 'node_modules'));
    return {};
  },
};

/** What the actions/upload-artifact stub was given: the artifact's name, its path, and the file's text then. */
interface Upload {
  name: string;
  path: string;
  text: string;
}

/**
 * actions/upload-artifact of one file: it uploads to GitHub, so the file is read at the step (RUNNER_TEMP is gone
 * after the job) and kept in `uploads`. A path that is not one file (a folder, globs, several lines) is not read here:
 * the step fails, saying so.
 */
export function uploadArtifact(): { stub: Stub; uploads: Upload[] } {
  const uploads: Upload[] = [];
  const stub: Stub = {
    uses: 'actions/upload-artifact',
    reason: 'it uploads to GitHub: the one file it names is read and kept for the test',
    outputs: ['artifact-id', 'artifact-url', 'artifact-digest'],
    apply({ workspace, with: inputs }) {
      const path = inputs.path ?? '';
      const file = resolve(workspace, path);
      if (path.trim() === '' || path.includes('\n') || !existsSync(file) || lstatSync(file).isDirectory())
        throw new Error(`upload-artifact stub: '${path}' is not one file, the only path read here`);
      uploads.push({ name: inputs.name ?? 'artifact', path, text: readFileSync(file, 'utf8') });
      return {
        outputs: { 'artifact-id': String(uploads.length), 'artifact-url': '', 'artifact-digest': '' },
      };
    },
  };
  return { stub, uploads };
}
