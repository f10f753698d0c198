/**
 * The complete workflows of the docs (```yaml blocks with top-level `on` and `jobs`, as scripts/validate-workflows.mjs
 * finds them), and how the tests run them with packages/runner/src/workflow.ts: `<owner>/compliance-actions[/actions/
 * <name>]@v0` (whatever the owner placeholder) is this checkout's action (`./`, `./actions/<name>`) unless a test
 * resolves it as GitHub would, in a fork of this repository (`local: false`, `forkOfThisRepository`), and
 * `vars.COMPLIANCE_API_URL`, `vars.COMPLIANCE_ORG` and `secrets.COMPLIANCE_API_TOKEN` are those of a sandbox started
 * for the run. test/workflow-run/readme-recipes.test.ts runs those of README.md and docs/*.md,
 * test/workflow-run/action-pages.test.ts those of docs/actions/*.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { parse } from 'yaml';
import { headingAnchors } from '../../scripts/action-docs.js';
import { yamlBlocks } from '../../scripts/validate-workflows.mjs';
import { ROOT } from '@compliance-actions/runner/emulator';
import { runWorkflow, type WorkflowOptions, type WorkflowRun } from '@compliance-actions/runner/workflow';
import { AUTHOR, useTempDirs } from '../helpers/git.js';
import { GITHUB_TOKEN } from '../helpers/github-api.js';
import { useKubeApi } from '../helpers/kube-api.js';
import { DEMO_ORG, DEMO_TOKEN, useSandbox } from '../helpers/sandbox.js';
import { checkoutOf, setupNode } from './stubs.js';
import {
  COMPLIANT_COMMIT as COMPLIANT,
  NON_COMPLIANT_COMMIT as SCAN_FAILED,
} from '@compliance-actions/sandbox/seeds/index';

/** A Makefile of the user's whose `make dist/app.tar.gz` builds the artifact the docs report. */
export const MAKE_APP =
  'dist/app.tar.gz:\n\tmkdir -p dist/app && echo 1.0 > dist/app/VERSION\n\ttar -czf $@ -C dist app\n';

/** Pull request #7 of the fake GitHub: a compliant commit, then the one whose scan failed. */
export const PULL_7 = {
  7: [
    { sha: COMPLIANT, message: 'Add payment retries' },
    { sha: SCAN_FAILED, message: 'Bump the client' },
  ],
};

interface DocWorkflow {
  /** The Markdown file, relative to the root. */
  file: string;
  /** The heading above the block. */
  title: string;
  /** The line of the block's opening fence. */
  line: number;
  text: string;
  /** `<file> › <title>`: how the tests name it (unique: a test fails on two blocks under one heading). */
  key: string;
}

/** The complete workflows of these Markdown files, each with the heading above it. */
export function docWorkflows(files: string[]): DocWorkflow[] {
  return files.flatMap((file) => {
    const markdown = readFileSync(join(ROOT, file), 'utf8');
    const lines = markdown.split('\n');
    // The headings by line (0-based), outside code blocks: a `# comment` in one is no heading.
    const headings = new Map(
      headingAnchors(markdown).map(({ line }) => [
        line,
        /^ {0,3}#{1,6}\s+(.*?)\s*$/.exec(lines[line] ?? '')?.[1],
      ]),
    );
    return yamlBlocks(markdown).flatMap(({ line, text }) => {
      const doc: unknown = parse(text);
      if (typeof doc !== 'object' || doc === null || !('on' in doc) || !('jobs' in doc)) return [];
      let title = '';
      for (let at = line - 2; at >= 0 && title === ''; at--) title = headings.get(at) ?? '';
      return [{ file, title, line, text, key: `${file} › ${title}` }];
    });
  });
}

/** The one workflow of `all` under `key`. */
export function pick(all: DocWorkflow[], key: string): DocWorkflow {
  const found = all.filter((w) => w.key === key);
  if (found.length !== 1) throw new Error(`${found.length} workflows under '${key}' (expected one)`);
  return found[0] as DocWorkflow;
}

/** This checkout's actions for the published ones, whatever stands for the owner. */
const local = (text: string): string =>
  text.replace(/[\w.<>-]+\/compliance-actions(\/actions\/[\w-]+)?@v0\b/g, (_, sub?: string) =>
    sub === undefined ? './' : `.${sub}`,
  );

export interface DocRunOptions extends Partial<Omit<WorkflowOptions, 'github'>> {
  /** Over a push of COMPLIANT (of the user's repository's HEAD with `repository`). */
  github?: Record<string, string>;
  /**
   * `false`: the `uses:` of this repository's actions stay as written, for `repositories` to resolve (the ways of
   * using the bundle before it is published); by default they are this checkout's (`local`).
   */
  local?: boolean;
  /** The sandbox's seed (the demo's by default). */
  seed?: unknown;
  /** A repository of the user's with these files committed, checked out by the run (at its HEAD, GITHUB_SHA). */
  repository?: Record<string, string>;
}

/**
 * A fork of this repository as its owner would push it to GitHub before it is published (README.md, "Before it is
 * published"), in `dir`, for `WorkflowOptions.repositories`: a bare clone of this checkout's HEAD on `main`,
 * tagged `v0`, then one commit whose bundle only fails, saying so, so that a run shows which commit's bundle a ref
 * chose (made with git's plumbing: a bare repository has no working tree). The tagged commit (this checkout's HEAD)
 * and the one after it.
 */
export function forkOfThisRepository(dir: string): { tagged: string; after: string } {
  const index = join(dir, 'after.index');
  const git = (args: string[], input?: string) =>
    execFileSync('git', ['-C', dir, ...args], {
      encoding: 'utf8',
      input,
      env: {
        ...process.env,
        GIT_INDEX_FILE: index,
        GIT_AUTHOR_NAME: AUTHOR.name,
        GIT_AUTHOR_EMAIL: AUTHOR.email,
        GIT_COMMITTER_NAME: AUTHOR.name,
        GIT_COMMITTER_EMAIL: AUTHOR.email,
      },
    }).trim();
  execFileSync('git', ['clone', '-q', '--bare', '--shared', ROOT, dir]);
  // This checkout's HEAD, a branch or detached (as in CI): the clone reads its objects where they are (--shared).
  const tagged = execFileSync('git', ['-C', ROOT, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  git(['tag', 'v0', tagged]);
  const bundle =
    'export function runAction(name) {\n' +
    '  console.log(`::error::${name}: the bundle of the commit after v0`);\n' +
    '  process.exitCode = 1;\n}\n';
  const blob = git(['hash-object', '-w', '--stdin'], bundle);
  git(['read-tree', tagged]);
  git(['update-index', '--cacheinfo', `100644,${blob},dist/index.js`]);
  const after = git(['commit-tree', git(['write-tree']), '-p', tagged, '-m', 'After v0']);
  git(['update-ref', 'refs/heads/main', after]);
  git(['symbolic-ref', 'HEAD', 'refs/heads/main']);
  rmSync(index, { force: true });
  return { tagged, after };
}

/** `<job> <outcome> <kind> <name>` of each step, for compact expectations. */
export const outcomes = (r: WorkflowRun): string[] =>
  r.steps.map((s) => `${s.job} ${s.outcome} ${s.kind} ${s.name}`);

/** The test file's workflows are all run or skipped with a reason: a new one fails until it is one or the other. */
export function expectEachRunOrSkipped(
  all: DocWorkflow[],
  run: string[],
  skipped: Record<string, string>,
): void {
  console.log(
    `Not run:\n${Object.entries(skipped)
      .map(([key, why]) => `  ${key}: ${why}`)
      .join('\n')}`,
  );
  expect(all.map((w) => w.key).sort()).toEqual([...run, ...Object.keys(skipped)].sort());
}

/** The `github` context, event and secrets of a run on pull request `number` with head `head`, GitHub's API at `api`. */
export const onPullRequest = (
  api: { url: string },
  number: number,
  head: string,
  github: Record<string, string> = {},
): DocRunOptions => ({
  github: {
    GITHUB_SHA: 'f'.repeat(40),
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_API_URL: api.url,
    GITHUB_REF: `refs/pull/${number}/merge`,
    ...github,
  },
  event: { number, pull_request: { number, head: { sha: head } } },
  secrets: { GITHUB_TOKEN },
});

/**
 * What a test file of documented workflows needs: each run against a sandbox of its own, the user's repository, and
 * a stand-in cluster; all closed after each test.
 */
export function useDocRuns() {
  const { repo } = useTempDirs();
  const start = useSandbox();
  const kube = useKubeApi();
  /** A repository of the user's with these files committed (on main): it, its HEAD, and the checkout that clones it. */
  const userRepository = (files: Record<string, string>) => {
    const user = repo();
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(user.dir, path, '..'), { recursive: true });
      writeFileSync(join(user.dir, path), text);
    }
    user.git('add', '.');
    user.git('commit', '-q', '-m', 'Build');
    return { ...user, sha: user.git('rev-parse', 'HEAD'), checkout: checkoutOf(user.dir) };
  };
  return {
    repo,
    userRepository,
    /**
     * Runs a documented workflow against a sandbox of its own, as written but for its `uses:` of this repository's
     * actions; the interpreter found no problem in it (an output read that no step wrote, an external action with
     * no stub). The run, the sandbox, and the run's GITHUB_SHA.
     */
    run: async (w: DocWorkflow, options: DocRunOptions = {}, edit: (text: string) => string = (t) => t) => {
      const { vars, secrets, stubs = [], local: asLocal = true, seed, repository, github, ...rest } = options;
      const user = repository && userRepository(repository);
      const sandbox = await start(seed === undefined ? {} : { seed });
      const sha = github?.GITHUB_SHA ?? user?.sha ?? COMPLIANT;
      const result = await runWorkflow({
        file: `${w.file} (yaml block at line ${w.line})`,
        content: edit(asLocal ? local(w.text) : w.text),
        github: { ...github, GITHUB_SHA: sha },
        vars: { COMPLIANCE_API_URL: sandbox.url, COMPLIANCE_ORG: DEMO_ORG, ...vars },
        secrets: { COMPLIANCE_API_TOKEN: DEMO_TOKEN, ...secrets },
        stubs: [setupNode, ...(user ? [user.checkout] : []), ...stubs],
        ...rest,
      });
      console.log(
        `${w.key}: ${result.conclusion}\n${result.steps
          .map((s) => `  ${s.job}: ${s.outcome.padEnd(7)} ${s.kind.padEnd(6)} ${s.name}`)
          .join('\n')}`,
      );
      expect(result.problems).toEqual([]);
      return { result, sandbox, sha };
    },
    /** A stand-in cluster running `pods`, and a kubeconfig (its text) for it. */
    cluster: async (pods: unknown[]) => {
      const api = await kube.cluster(pods);
      const kubeconfig = await kube.kubeconfig({ live: api.origin });
      return { api, kubeconfig: readFileSync(kubeconfig.path, 'utf8') };
    },
  };
}
