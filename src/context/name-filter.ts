/**
 * Filters of artifact names given as inputs (`only`, `exclude`): names or globs, one per line, matched against a name
 * without its tag or digest (`ghcr.io/acme/backend`). A line without `/` also matches the last part of the name, so
 * `backend` and `back*` name `ghcr.io/acme/backend` as a person would. `*` and `?` stay within one part of the name;
 * `**` crosses them. Each glob is held to the bounds of src/context/glob.ts before Node's matcher sees it, so no
 * line can make matching take exponential time.
 */
import { posix } from 'node:path';
import { InputError } from '../errors/errors.js';
import { globProblem } from './glob.js';
import type { InputReader } from './inputs.js';

export const NAME_FILTER_FORM =
  'artifact names without tag or digest, or globs of them (ghcr.io/acme/backend, backend, ghcr.io/acme/*), one per ' +
  'line; a line without / also matches the last part of a name';

export interface NameFilter {
  /** The line as given. */
  readonly source: string;
  matches(name: string): boolean;
}

export function readNameFilters(inputs: InputReader, name: string): NameFilter[] {
  const lines = inputs
    .raw(name)
    .split('\n')
    .map((line) => line.trim());
  const filters: NameFilter[] = [];
  lines.forEach((source, index) => {
    if (source === '') return;
    const problem = globProblem(source);
    if (problem !== undefined) {
      throw new InputError(name, `line ${index + 1} ('${source}') ${problem}`, NAME_FILTER_FORM);
    }
    const anyPart = !source.includes('/');
    filters.push({
      source,
      matches: (artifact) =>
        posix.matchesGlob(artifact, source) ||
        (anyPart && posix.matchesGlob(artifact.slice(artifact.lastIndexOf('/') + 1), source)),
    });
  });
  return filters;
}

/** Whether `name` is kept: named by `only` (when there is any), and by no `exclude`. */
export function keptBy(name: string, only: readonly NameFilter[], exclude: readonly NameFilter[]): boolean {
  return (only.length === 0 || only.some((f) => f.matches(name))) && !exclude.some((f) => f.matches(name));
}
