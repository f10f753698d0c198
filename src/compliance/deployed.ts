/**
 * The commits a repository's artifacts were built from, for those running in an environment now: the base of "every
 * commit since what is deployed". Read through the documented endpoints only: the environment's latest snapshot is
 * what `GET /env-diff/{org}` lists when both sides name it (every artifact unchanged), and an artifact's commit is the
 * one its `commit_url` names, else its `git_commit` (`GET /artifacts/{org}/{flow}/fingerprint/{fp}`).
 */
import type { ComplianceClient } from '../api/client.js';
import { endpointLabel } from '../api/endpoints.js';
import { mapBounded } from '../api/pagination.js';
import { patterns, type DiffArtifact } from '../api/schemas.js';
import { UnexpectedResponseError } from '../errors/errors.js';
import { splitImageName } from '../context/artifact-name.js';
import type { Revision } from '../context/commit-range.js';
import { commitPage } from '../context/commit-url.js';
import { keptBy, type NameFilter } from '../context/name-filter.js';
import { lookUpArtifact } from './lookup.js';

export interface DeployedSearch {
  environment: string;
  /** Only artifacts of this flow, when given. */
  flow: string | undefined;
  /** Only artifacts whose name (without tag or digest) one of these matches, when any. */
  names: readonly NameFilter[];
  /** `owner/name` of the checkout (GITHUB_REPOSITORY): an artifact whose commit page is of another is not ours. */
  repository: string | undefined;
}

/** A running artifact of the repository, and the commit it was built from (undefined: not found, `why` says). */
export interface DeployedArtifact {
  name: string;
  fingerprint: string;
  flow: string | undefined;
  commit: string | undefined;
  /** Where the commit came from, or why there is none. */
  why: string;
}

export interface Deployed {
  /** The snapshot the answer names (`production#12`). */
  snapshot: string | undefined;
  /** How many artifacts run there in all. */
  running: number;
  /** Those of this repository (by flow, name and commit page), each with its commit where one was found. */
  artifacts: DeployedArtifact[];
  /** The distinct commits found, in the order of the artifacts. */
  commits: string[];
}

/**
 * What runs in the environment now, of this repository, and the commits it was built from. An answer that names no
 * snapshot for either side is not shown to be about the environment asked: could not check, nothing looked up.
 */
export async function findDeployed(client: ComplianceClient, search: DeployedSearch): Promise<Deployed> {
  const diff = await client.diffEnvironments(search.environment, search.environment);
  const unnamed = (['snappish1', 'snappish2'] as const).filter((group) => !diff[group].snapshot_id);
  if (unnamed.length > 0) {
    throw new UnexpectedResponseError(
      endpointLabel('diffEnvironments'),
      '',
      `names no snapshot for ${unnamed.join(' and ')} (not confirmed), so it cannot be shown to be about what runs ` +
        `in ${search.environment}: since-deployed-in takes no base from it`,
    );
  }
  // Both sides are the latest snapshot, so every artifact is unchanged; the other groups are read too, each
  // artifact once, so that an answer that files them elsewhere still finds them.
  const seen = new Set<string>();
  const all: DiffArtifact[] = [];
  for (const group of [diff['not-changed'], diff.changed, diff.snappish1, diff.snappish2]) {
    for (const artifact of group.artifacts) {
      if (seen.has(artifact.fingerprint)) continue;
      seen.add(artifact.fingerprint);
      all.push(artifact);
    }
  }
  const ours = all.filter((a) => ofSearch(a, search));
  const artifacts = await mapBounded(ours, 4, (a) => commitOf(client, a, search.repository));
  return {
    snapshot: diff['not-changed'].snapshot_id ?? diff.snappish1.snapshot_id ?? undefined,
    running: all.length,
    artifacts: artifacts.filter((a): a is DeployedArtifact => a !== undefined),
    commits: [...new Set(artifacts.flatMap((a) => (a?.commit === undefined ? [] : [a.commit])))],
  };
}

function ofSearch(artifact: DiffArtifact, { flow, names }: DeployedSearch): boolean {
  if (flow !== undefined && artifact.flow !== flow) return false;
  if (names.length === 0) return true;
  return typeof artifact.name === 'string' && keptBy(splitImageName(artifact.name).repository, names, []);
}

/** The same repository (GitHub's names are not case-sensitive); unknown on either side is not another one. */
function otherRepository(page: string | undefined, repository: string | undefined): boolean {
  return page !== undefined && repository !== undefined && page.toLowerCase() !== repository.toLowerCase();
}

/** The artifact's commit; undefined when its commit page names another repository (it is not ours). */
async function commitOf(
  client: ComplianceClient,
  artifact: DiffArtifact,
  repository: string | undefined,
): Promise<DeployedArtifact | undefined> {
  const base = {
    name: artifact.name ?? artifact.fingerprint,
    fingerprint: artifact.fingerprint,
    // The sandbox, like the service may, sends '' for an artifact reported to no flow.
    flow: artifact.flow || undefined,
  };
  const page = commitPage(artifact.commit_url);
  if (otherRepository(page?.repository, repository)) return undefined;
  // A short SHA in the page is not enough to name a base: the artifact's own record is asked then.
  if (page !== undefined && patterns.sha1.test(page.sha))
    return { ...base, commit: page.sha, why: 'its commit_url' };
  if (base.flow === undefined)
    return { ...base, commit: undefined, why: 'no commit_url, and no flow to ask' };
  const found = await lookUpArtifact(client, base.flow, artifact.fingerprint);
  if (found.notFound) return { ...base, commit: undefined, why: `not found in flow ${base.flow}` };
  const read = found.artifact;
  const readPage = commitPage(read.commit_url);
  if (otherRepository(readPage?.repository, repository)) return undefined;
  const commit = [read.git_commit, readPage?.sha].find(
    (sha): sha is string => typeof sha === 'string' && patterns.sha1.test(sha),
  );
  return commit !== undefined
    ? { ...base, commit, why: `the artifact's ${commit === read.git_commit ? 'git_commit' : 'commit_url'}` }
    : { ...base, commit: undefined, why: 'the service names no commit for it' };
}

/**
 * Why what runs gives no base, else undefined: nothing of this repository runs there, or one of its artifacts names
 * no commit (taking the others' alone would narrow the range, and a gate fails closed).
 */
export function whyNoBase(found: Deployed, environment: string, matchedBy: string): string | undefined {
  if (found.artifacts.length === 0) return `nothing of this repository (${matchedBy}) runs in ${environment}`;
  const unknown = found.artifacts.filter((a) => a.commit === undefined);
  if (unknown.length === 0) return undefined;
  const which = unknown.map((a) => `${a.name} (${a.why})`).join(', ');
  return `the commit of ${which}, running in ${environment}, is not known`;
}

/** The base commits to read in the checkout, each named by the artifacts built from it. */
export function baseRevisions(found: Deployed, environment: string): Revision[] {
  return found.commits.map((sha) => {
    const names = found.artifacts.filter((a) => a.commit === sha).map((a) => a.name);
    return {
      revision: sha,
      described: `the commit ${sha} (of ${names.join(', ')}, running in ${environment})`,
    };
  });
}
