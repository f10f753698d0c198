/**
 * What runs of a repository in an environment, and the commits it was built from (src/compliance/deployed.ts), against
 * the sandbox over real HTTP: which artifacts are this repository's (flow, name, commit page), where each commit comes
 * from (commit_url, else the artifact's git_commit), and when there is no base.
 */
import { describe, expect, it } from 'vitest';
import {
  baseRevisions,
  findDeployed,
  MAX_BASES,
  whyNoBase,
  type Deployed,
} from '../../src/compliance/deployed.js';
import { InputReader } from '../../src/context/inputs.js';
import { readNameFilters } from '../../src/context/name-filter.js';
import { demoSeed, useSandbox } from '../helpers/sandbox.js';
import type { DemoSeed } from '@compliance-actions/sandbox/seeds/index';

const start = useSandbox();

const sha = (c: string) => c.repeat(40);
const names = (lines: string) => readNameFilters(new InputReader({ INPUT_NAME: lines }), 'name');
const SEARCH = { environment: 'prod', flow: 'app', names: [], repository: 'acme/app' };

/** findDeployed on a sandbox seeded with these artifacts, for flow app of acme/app in prod unless told otherwise. */
async function deployedIn(seed: unknown, search: Partial<Parameters<typeof findDeployed>[1]> = {}) {
  const sandbox = await start({ seed, profile: 'full' });
  return findDeployed(sandbox.client(), { ...SEARCH, ...search });
}

/** The demo seed with `prod` running these artifacts (flow, name, commit_url, git_commit as given). */
function seedRunning(
  running: { flow: string; name: string; commitUrl?: string; gitCommit?: string }[],
): DemoSeed {
  const seed = demoSeed();
  const org = seed.orgs.demo;
  for (const flow of new Set(running.map((r) => r.flow))) org.flows.push({ name: flow });
  const artifacts = running.map((r, i) => {
    const fingerprint = (i + 1).toString(16).padStart(64, '0');
    org.artifacts.push({
      id: String(700 + i).padStart(24, '0'),
      flow: r.flow,
      fingerprint,
      filename: r.name,
      ...(r.gitCommit !== undefined && { git_commit: r.gitCommit }),
      ...(r.commitUrl !== undefined && { commit_url: r.commitUrl }),
      created_at: 1793700000,
      last_modified_at: 1793700000,
    });
    return { fingerprint, name: r.name, pods: [`p${i}`], most_recent_timestamp: 1793700000 };
  });
  org.environments.push({
    name: 'prod',
    type: 'K8S',
    snapshots: [
      { index: 1, created_at: 1793600000, artifacts: [] },
      { index: 2, created_at: 1793700000, artifacts },
    ],
  });
  return seed;
}

const RUNNING = [
  {
    flow: 'app',
    name: 'ghcr.io/acme/app:1.0.0',
    commitUrl: `https://github.com/acme/app/commit/${sha('a')}`,
  },
  // No commit page: the artifact's own git_commit is asked for.
  { flow: 'app', name: 'ghcr.io/acme/app-worker:1.1.0', gitCommit: sha('b') },
  // Of the flow, but built from another repository.
  {
    flow: 'app',
    name: 'ghcr.io/acme/vendored:3.0',
    commitUrl: `https://github.com/Acme/Other/commit/${sha('c')}`,
  },
  // Another flow; the repository named in capitals is still this one.
  {
    flow: 'jobs',
    name: 'ghcr.io/acme/cron:2.0',
    commitUrl: `https://github.com/ACME/App/commit/${sha('d')}`,
  },
];

describe('findDeployed', () => {
  it("reads the latest snapshot's artifacts of this repository and their commits", async () => {
    expect(await deployedIn(seedRunning(RUNNING))).toEqual({
      snapshot: 'prod#2',
      running: 4,
      artifacts: [
        {
          name: 'ghcr.io/acme/app:1.0.0',
          fingerprint: '1'.padStart(64, '0'),
          flow: 'app',
          commit: sha('a'),
          why: 'its commit_url',
        },
        {
          name: 'ghcr.io/acme/app-worker:1.1.0',
          fingerprint: '2'.padStart(64, '0'),
          flow: 'app',
          commit: sha('b'),
          why: "the artifact's git_commit",
        },
      ],
      commits: [sha('a'), sha('b')],
    } satisfies Deployed);
  });

  it('picks by name (without tag, globs), and by flow and name together', async () => {
    const sandbox = await start({ seed: seedRunning(RUNNING), profile: 'full' });
    const client = sandbox.client();
    const search = { environment: 'prod', repository: 'acme/app' };
    const byName = await findDeployed(client, {
      ...search,
      flow: undefined,
      names: await names('cron\nghcr.io/acme/app'),
    });
    expect(byName.artifacts.map((a) => a.name)).toEqual(['ghcr.io/acme/app:1.0.0', 'ghcr.io/acme/cron:2.0']);
    expect(byName.commits).toEqual([sha('a'), sha('d')]);
    const both = await findDeployed(client, { ...search, flow: 'app', names: await names('ghcr.io/acme/*') });
    expect(both.artifacts.map((a) => a.name)).toEqual([
      'ghcr.io/acme/app:1.0.0',
      'ghcr.io/acme/app-worker:1.1.0',
    ]);
    // Outside GitHub Actions (no GITHUB_REPOSITORY) no artifact can be told to be of another repository.
    const anyRepository = await findDeployed(client, {
      ...search,
      repository: undefined,
      flow: 'app',
      names: [],
    });
    expect(anyRepository.commits).toEqual([sha('a'), sha('b'), sha('c')]);
  });

  it('an answer that names no snapshot for a side is not confirmed: could not check', async () => {
    // A full answer without snappish2's is not confirmed.
    const full = await start({ seed: seedRunning(RUNNING), profile: 'full' });
    const answer = (await (
      await full.fetch('/env-diff/demo?snappish1=prod&snappish2=prod')
    ).json()) as Record<string, Record<string, unknown>>;
    delete answer.snappish2?.snapshot_id;
    full.sandbox.faults.respondNext(1, { status: 200, body: answer, path: /^\/env-diff\// });
    await expect(findDeployed(full.client(), SEARCH)).rejects.toThrow(
      /names no snapshot for snappish2 \(not confirmed\)/,
    );
  });

  it('reads an image in each flow the diff lists it in: the one of the flow asked is found', async () => {
    const seed = seedRunning([
      {
        flow: 'jobs',
        name: 'ghcr.io/acme/app:1.0',
        commitUrl: `https://github.com/acme/app/commit/${sha('e')}`,
      },
    ]);
    const org = seed.orgs.demo;
    org.flows.push({ name: 'app' });
    // The same image reported to a second flow, listed after the first.
    org.artifacts.push({
      id: '000000000000000000000799',
      flow: 'app',
      fingerprint: '1'.padStart(64, '0'),
      filename: 'ghcr.io/acme/app:1.0',
      commit_url: `https://github.com/acme/app/commit/${sha('e')}`,
      created_at: 1793600000,
      last_modified_at: 1793600000,
    });
    expect((await deployedIn(seed)).artifacts).toMatchObject([
      { name: 'ghcr.io/acme/app:1.0', flow: 'app', commit: sha('e') },
    ]);
  });

  it('an environment the service does not know is an error, not "no base"', async () => {
    await expect(deployedIn(seedRunning(RUNNING), { environment: 'nowhere' })).rejects.toThrow(/404/);
  });
});

describe('whyNoBase and baseRevisions', () => {
  const artifact = (name: string, commit: string | undefined) => ({
    name,
    fingerprint: '0'.repeat(64),
    flow: 'app',
    commit,
    why: commit === undefined ? 'not found in flow app' : 'its commit_url',
  });

  it('no base when the commit of any one is not known', () => {
    const partly: Deployed = {
      snapshot: undefined,
      running: 3,
      artifacts: [artifact('app 1', sha('a')), artifact('app 2', undefined)],
      commits: [sha('a')],
    };
    expect(whyNoBase(partly, 'prod', 'flow app')).toBe(
      'the commit of app 2 (not found in flow app), running in prod, is not known',
    );
  });

  it('a base per commit, named by every artifact built from it', () => {
    const found: Deployed = {
      snapshot: 'prod#2',
      running: 3,
      artifacts: [
        artifact('api 1.0', sha('a')),
        artifact('worker 1.0', sha('a')),
        artifact('web 2.0', sha('b')),
      ],
      commits: [sha('a'), sha('b')],
    };
    expect(whyNoBase(found, 'prod', 'flow app')).toBeUndefined();
    // The service's SHAs: read in the checkout as commits only, never a branch or tag of that name.
    expect(baseRevisions(found, 'prod')).toEqual([
      {
        revision: sha('a'),
        described: `the commit ${sha('a')} (of api 1.0, worker 1.0, running in prod)`,
        commitOnly: true,
      },
      {
        revision: sha('b'),
        described: `the commit ${sha('b')} (of web 2.0, running in prod)`,
        commitOnly: true,
      },
    ]);
  });

  it('no base past a bound of one step, saying which; a long list of unknown commits is cut', () => {
    const many = Array.from({ length: 7 }, (_, i) => artifact(`app ${i}`, undefined));
    expect(
      whyNoBase({ snapshot: 'prod#2', running: 7, artifacts: many, commits: [] }, 'prod', 'flow app'),
    ).toBe(
      'the commit of app 0 (not found in flow app), app 1 (not found in flow app), app 2 (not found in flow app), ' +
        'app 3 (not found in flow app), app 4 (not found in flow app) and 2 more, running in prod, is not known',
    );
    const commits = Array.from({ length: MAX_BASES + 1 }, (_, i) => i.toString(16).padStart(40, '0'));
    const built = commits.map((c, i) => artifact(`app ${i}`, c));
    expect(
      whyNoBase({ snapshot: 'prod#2', running: 201, artifacts: built, commits }, 'prod', 'flow app'),
    ).toBe(
      'what runs in prod was built from 201 commits of this repository, more than the 200 bases one step reads',
    );
    expect(
      whyNoBase(
        { snapshot: 'prod#2', running: 200, artifacts: built.slice(1), commits: commits.slice(1) },
        'prod',
        'flow app',
      ),
    ).toBeUndefined();
  });
});
