// Filters of artifact names (`only`, `exclude`, `name`): globs in the one dialect, matched against a name without
// its tag or digest; a line without `/` also matches the name's last part, and a line ending in `/` is refused.
import { InputError } from '../errors/errors.js';
import type { InputReader } from './inputs.js';
import { compiledOr } from './pattern.js';

const NAME_FILTER_FORM =
  'artifact names without tag or digest, or globs of them (ghcr.io/acme/backend, backend, ghcr.io/acme/*; see ' +
  'docs/configuration.md, "Globs"), one per line; a line without / also matches the last part of a name';

export type NameFilter = { readonly source: string; matches(name: string): boolean };

/** Reads a filter input; each line is checked and compiled now, before anything is sent. */
export async function readNameFilters(inputs: InputReader, name: string): Promise<NameFilter[]> {
  const lines = inputs.raw(name).split('\n');
  if (lines.every((line) => line.trim() === '')) return [];
  // The compiler and its regex engine, loaded only when there is a line to compile.
  const { compileGlob } = await import('./glob.js');
  const filters: NameFilter[] = [];
  lines.forEach((line, index) => {
    const source = line.trim();
    if (source === '') return;
    const where = `line ${index + 1} ('${source}')`;
    if (/[/\\]$/.test(source)) {
      throw new InputError(name, `${where} ends with /, which only a folder matches`, NAME_FILTER_FORM);
    }
    const glob = compiledOr(
      () => compileGlob(source),
      (problem) => new InputError(name, `${where} ${problem}`, NAME_FILTER_FORM),
    );
    const anyPart = !/[/\\]/.test(source);
    filters.push({
      source,
      matches: (artifact) =>
        glob.matches(artifact) || (anyPart && glob.matches(artifact.slice(artifact.lastIndexOf('/') + 1))),
    });
  });
  return filters;
}

/** Whether `name` is kept: named by `only` (when there is any), and by no `exclude`. */
export function keptBy(name: string, only: readonly NameFilter[], exclude: readonly NameFilter[]): boolean {
  return (only.length === 0 || only.some((f) => f.matches(name))) && !exclude.some((f) => f.matches(name));
}
