/**
 * Filters of artifact names given as inputs (`only`, `exclude`): names or globs, one per line, matched against a name
 * without its tag or digest (`ghcr.io/acme/backend`). A line without `/` also matches the last part of the name, so
 * `backend` and `back*` name `ghcr.io/acme/backend` as a person would. `*` and `?` stay within one part of the name,
 * `**` crosses parts, `[abc]` is a class (`[!abc]` its complement) and `{a,b}` alternatives.
 *
 * The names come from the service, with no bound on their length, so matching must not depend on it the way a
 * backtracking glob matcher does (Node's took 4.8 s for `*a*a*b` on one 4,000-character name): each line becomes one
 * RE2 program (src/context/re2.ts, linear in the name), compiled once, its braces held to src/context/glob.ts's bounds
 * first.
 */
import { InputError } from '../errors/errors.js';
import { globAlternatives } from './glob.js';
import type { InputReader } from './inputs.js';
import { compiledOr } from './pattern.js';

export const NAME_FILTER_FORM =
  'artifact names without tag or digest, or globs of them (ghcr.io/acme/backend, backend, ghcr.io/acme/*; ' +
  '* and ? within a part, ** across parts, [abc], {a,b}), one per line; a line without / also matches the last ' +
  'part of a name';

export interface NameFilter {
  /** The line as given. */
  readonly source: string;
  matches(name: string): boolean;
}

/** A regular expression's special characters, escaped to stand for themselves. */
function literal(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/** One glob without braces as an RE2 expression, anchored by the caller. */
export function globToRegex(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob.charAt(i);
    if (c === '*') {
      const double = glob.charAt(i + 1) === '*';
      out += double ? '.*' : '[^/]*';
      if (double) i++;
    } else if (c === '?') {
      out += '[^/]';
    } else if (c === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end === -1) {
        out += literal(c);
        continue;
      }
      let body = glob.slice(i + 1, end);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      out += `[${negated ? '^' : ''}${body.replace(/[\\\]^[]/g, '\\$&')}]`;
      i = end;
    } else {
      out += literal(c);
    }
  }
  return out;
}

/** Reads a filter input; each line is checked and compiled now, before anything is sent. */
export async function readNameFilters(inputs: InputReader, name: string): Promise<NameFilter[]> {
  const lines = inputs
    .raw(name)
    .split('\n')
    .map((line) => line.trim());
  if (lines.every((line) => line === '')) return [];
  const { compilePattern } = await import('./re2.js');
  const filters: NameFilter[] = [];
  lines.forEach((source, index) => {
    if (source === '') return;
    const where = `line ${index + 1} ('${source}')`;
    if (/[?*+@!]\(/.test(source)) {
      throw new InputError(name, `${where} has an extended glob such as +(a|b)`, NAME_FILTER_FORM);
    }
    const alternatives = globAlternatives(source);
    if ('problem' in alternatives)
      throw new InputError(name, `${where} ${alternatives.problem}`, NAME_FILTER_FORM);
    const regex = `^(?:${alternatives.patterns.map(globToRegex).join('|')})$`;
    const pattern = compiledOr(
      () => compilePattern(regex),
      (problem) => new InputError(name, `${where} cannot be matched: ${problem}`, NAME_FILTER_FORM),
    );
    const anyPart = !source.includes('/');
    filters.push({
      source,
      matches: (artifact) =>
        pattern.test(artifact) || (anyPart && pattern.test(artifact.slice(artifact.lastIndexOf('/') + 1))),
    });
  });
  return filters;
}

/** Whether `name` is kept: named by `only` (when there is any), and by no `exclude`. */
export function keptBy(name: string, only: readonly NameFilter[], exclude: readonly NameFilter[]): boolean {
  return (only.length === 0 || only.some((f) => f.matches(name))) && !exclude.some((f) => f.matches(name));
}
