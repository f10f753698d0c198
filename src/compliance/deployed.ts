// The commits this repository's artifacts running in an environment were built from (the base of "since deployed"),
// by the documented endpoints only: the env-diff of the latest snapshot with itself, then each artifact.
import type { ComplianceClient } from '../api/client.js';
import { endpointLabel } from '../api/endpoints.js';
import { firstByKey, mapBounded } from '../api/pagination.js';
import { patterns, type DiffArtifact } from '../api/schemas.js';
import { UnexpectedResponseError } from '../errors/errors.js';
import { splitImageName } from '../context/artifact-name.js';
import type { Revision } from '../context/commit-range.js';
import { commitPage } from '../context/commit-url.js';
import { keptBy, type NameFilter } from '../context/name-filter.js';
import { firstOf } from '../summary/cells.js';
import { plural } from '../trust/text.js';
import { checkKey, LOOKUP_CONCURRENCY, lookUpArtifact, MAX_LOOKUPS } from './lookup.js';

/** Distinct base commits one step reads in the checkout: as many as it looks up. */
export const MAX_BASES = MAX_LOOKUPS;

interface DeployedSearch {
  environment: string;
  /** Only artifacts of this flow, when given. */
  flow: string | undefined;
  /** Only artifacts whose name (without tag or digest) one of these matches, when any. */
  names: readonly NameFilter[];
  /** `owner/name` of the checkout (GITHUB_REPOSITORY): an artifact whose commit page is of another is not ours. */
  repository: string | undefined;
}

/** A running artifact of the repository, and the commit it was built from (undefined: not found, `why` says). */
interface DeployedArtifact {
  name: string;
  fingerprint: string;
  flow: string | undefined;
  commit: string | undefined;
  /** Where the commit came from, or why there is none. */
  why: string;
}

/**
 * What of this repository runs there now: the `snapshot`, how many artifacts are `running`, this repository's
 * `artifacts` and their distinct `commits`, and how many were `leftOut` of the lookups (absent when none).
 */
export async function findDeployed(client: ComplianceClient, search: DeployedSearch) {
  const latest = { env: search.environment, kind: 'latest' } as const;
  const diff = await client.diffEnvironments(latest, latest);
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
  // artifact once (in each flow it belongs to), so that an answer that files them elsewhere still finds them. The
  // first listed is kept: what the unchanged group says of it comes before what another group says.
  const listed = [diff['not-changed'], diff.changed, diff.snappish1, diff.snappish2].flatMap(
    (g) => g.artifacts,
  );
  const all = firstByKey(listed, checkKey);
  const told = all.filter((a) => ofSearch(a, search)).map((a) => fromDiff(a, search.repository));
  // Bounded as diff-envs bounds its lookups: past the bound an artifact's commit is not known, so no base is taken.
  const lookups = told.filter((t) => t !== undefined && 'lookUpIn' in t);
  const allowed = new Set(lookups.slice(0, MAX_LOOKUPS));
  const artifacts = await mapBounded(told, LOOKUP_CONCURRENCY, async (t) => {
    if (t === undefined || !('lookUpIn' in t)) return t;
    const { lookUpIn: _flow, ...base } = t;
    const why = `not looked up (at most ${MAX_LOOKUPS} lookups in one step)`;
    if (!allowed.has(t)) return { ...base, commit: undefined, why };
    return lookedUp(client, t, search.repository);
  });
  const leftOut = lookups.length - allowed.size;
  return {
    snapshot: diff['not-changed'].snapshot_id ?? diff.snappish1.snapshot_id ?? undefined,
    running: all.length,
    artifacts: artifacts.filter((a): a is DeployedArtifact => a !== undefined),
    commits: [...new Set(artifacts.flatMap((a) => (a?.commit === undefined ? [] : [a.commit])))],
    ...(leftOut > 0 && { leftOut }),
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

/** An artifact whose commit only its own record can tell: the flow to look it up in. */
type ToLookUp = Omit<DeployedArtifact, 'commit' | 'why'> & { lookUpIn: string };

/** What the diff says of an artifact's commit, or to look it up; undefined for another repository's. */
function fromDiff(artifact: DiffArtifact, repository: string | undefined) {
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
  return { ...base, lookUpIn: base.flow };
}

/** The artifact's commit as its own record names it; undefined when that names another repository (not ours). */
async function lookedUp(
  client: ComplianceClient,
  { lookUpIn: flow, ...base }: ToLookUp,
  repository: string | undefined,
): Promise<DeployedArtifact | undefined> {
  const found = await lookUpArtifact(client, flow, base.fingerprint);
  if (found.notFound) return { ...base, commit: undefined, why: `not found in flow ${flow}` };
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

export type Deployed = Awaited<ReturnType<typeof findDeployed>>;

/** Why what runs gives no base (none of ours, a commit unknown, a bound reached), else undefined. */
export function whyNoBase(found: Deployed, environment: string, matchedBy: string): string | undefined {
  if (found.artifacts.length === 0) return `nothing of this repository (${matchedBy}) runs in ${environment}`;
  if (found.leftOut !== undefined) {
    const { leftOut, artifacts } = found;
    return (
      `${leftOut} of the ${artifacts.length} ${plural(artifacts.length, 'artifact')} of this repository running in ` +
      `${environment} ${plural(leftOut, 'was', 'were')} not looked up (at most ${MAX_LOOKUPS} lookups in one step), ` +
      `so ${plural(leftOut, 'its commit is', 'their commits are')} not known`
    );
  }
  if (found.commits.length > MAX_BASES) {
    return (
      `what runs in ${environment} was built from ${found.commits.length} commits of this repository, more than ` +
      `the ${MAX_BASES} bases one step reads`
    );
  }
  const unknown = found.artifacts.filter((a) => a.commit === undefined);
  if (unknown.length === 0) return undefined;
  const which = unknown.map((a) => `${a.name} (${a.why})`);
  return `the commit of ${firstOf(which, 5)}, running in ${environment}, is not known`;
}

/** The base commits to read in the checkout, each named by the artifacts built from it. */
export function baseRevisions(found: Deployed, environment: string): Revision[] {
  return found.commits.map((sha) => {
    const names = found.artifacts.filter((a) => a.commit === sha).map((a) => a.name);
    return {
      revision: sha,
      described: `the commit ${sha} (of ${names.join(', ')}, running in ${environment})`,
      commitOnly: true,
    };
  });
}
