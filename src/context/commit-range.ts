// A range of commits in the checkout (`v1.2.0..HEAD`, or since several bases), read with the real `git`: every
// reason it cannot be read is an InputError on its input (a shallow clone says to fetch the whole history).
import { InputError } from '../errors/errors.js';
import {
  commonAncestors,
  countWalk,
  isShallowRepository,
  listWalk,
  resolveCommits,
  resolveRevision,
  shallowBoundary,
  type RevisionWalk,
} from './git.js';

const RANGE_FORM =
  '<base>..<head> on one line, each a revision git knows in the checkout (v1.2.0..HEAD, main..feature, two SHAs)';
const FETCH_ALL = 'the whole history in the checkout: set fetch-depth: 0 on actions/checkout';

/** `<base>..<head>`, undefined without `..`; a range written wrong is an InputError on `input`. */
export function parseRange(text: string, input: string) {
  const value = text.trim();
  if (!value.includes('..')) return undefined;
  if (/[\r\n]/.test(value)) throw new InputError(input, 'holds a range and other lines', RANGE_FORM);
  if (value.includes('...')) {
    throw new InputError(
      input,
      `'${value}' has three dots (commits on either side but not both); a range since a base has two`,
      RANGE_FORM,
    );
  }
  const parts = value.split('..').map((part) => part.trim());
  if (parts.length !== 2) throw new InputError(input, `'${value}' has more than one '..'`, RANGE_FORM);
  const [base = '', head = ''] = parts;
  if (base === '' || head === '') {
    throw new InputError(input, `'${value}' leaves its ${base === '' ? 'base' : 'head'} empty`, RANGE_FORM);
  }
  for (const side of [base, head]) {
    if (side.startsWith('-')) {
      throw new InputError(input, `'${side}' starts with '-', which git would read as an option`, RANGE_FORM);
    }
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(side)) {
      throw new InputError(input, `'${value}' holds a control character`, RANGE_FORM);
    }
  }
  return { base, head };
}

/** A revision to resolve, and how to name it in a message. */
export interface Revision {
  revision: string;
  /** e.g. `commit 3dfdaa9… (ghcr.io/acme/app:1.2.0 running in production)`; default `'<revision>'`. */
  described?: string;
  /** A SHA from the service: a commit only, never a branch or tag of that name. */
  commitOnly?: boolean;
}

export interface RangeRequest {
  cwd: string;
  input: string;
  /** How the range reads in a message: `v1.2.0..HEAD`, `what runs in production..HEAD`. */
  shown: string;
  head: Revision;
  /** Commits reachable from all of them are left out; none: every commit reachable from the head. */
  bases: Revision[];
  includeMerges: boolean;
  max: number;
}

/** Reads the range; every problem is an InputError on `request.input`, before anything is sent to the service. */
export function readRange(request: RangeRequest) {
  const { cwd, input } = request;
  const shallow = isShallowRepository(cwd);
  if (shallow === undefined) {
    const problem = `cannot be read: ${cwd} is not a git repository (or git is not installed)`;
    throw new InputError(input, problem, `the repository checked out first, with ${FETCH_ALL}`);
  }
  // The service's SHAs, however many, in one git call.
  const shas = request.bases.filter((b) => b.commitOnly === true).map((b) => b.revision);
  const named = shas.length > 0 ? resolveCommits(cwd, shas) : new Map<string, string>();
  if (named === undefined) throw new InputError(input, `git could not read ${request.shown}`, RANGE_FORM);
  const resolve = ({ revision, described, commitOnly }: Revision): string => {
    const sha = commitOnly === true ? named.get(revision.toLowerCase()) : resolveRevision(cwd, revision);
    if (sha !== undefined) return sha;
    const what = described ?? `'${revision}'`;
    if (shallow) throw new InputError(input, `${what} is not in this shallow clone`, FETCH_ALL);
    throw new InputError(input, `${what} names no commit in the repository at ${cwd}`, RANGE_FORM);
  };
  const head = resolve(request.head);
  const bases = [...new Set(request.bases.map(resolve))];
  const not = bases.length > 1 ? commonAncestors(cwd, bases) : bases;
  if (not === undefined) throw new InputError(input, `git could not compare ${bases.join(', ')}`, RANGE_FORM);
  const walk: RevisionWalk = { head, not, includeMerges: request.includeMerges };
  const count = countWalk(cwd, walk);
  if (count === undefined) throw new InputError(input, `git could not read ${request.shown}`, RANGE_FORM);
  if (count > request.max) {
    throw new InputError(
      input,
      `${request.shown} has ${grouped(count)} commits, more than the ${grouped(request.max)} one step checks`,
      `at most ${grouped(request.max)} commits: a later base, or the range split over several steps`,
    );
  }
  const commits = listWalk(cwd, walk);
  if (commits === undefined) throw new InputError(input, `git could not read ${request.shown}`, RANGE_FORM);
  if (shallow) {
    // A commit the clone was cut at has parents the clone lacks: the range would end there, short of its base.
    const cut = shallowBoundary(cwd);
    const at = commits.find((c) => cut.has(c.sha));
    if (at !== undefined) {
      throw new InputError(
        input,
        `${request.shown} reaches past the history of this shallow clone (it is cut at ${at.sha})`,
        FETCH_ALL,
      );
    }
  }
  // Merges alone, left out, leave nothing to check: `onlyMerges` says how many there were, for the step to say.
  const merges =
    commits.length === 0 && !request.includeMerges ? countWalk(cwd, { ...walk, includeMerges: true }) : 0;
  return { head, bases, commits, ...(merges !== undefined && merges > 0 && { onlyMerges: merges }) };
}

/** `12345` as `12,345` (not toLocaleString: no ICU, no runner's locale). */
export function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}
