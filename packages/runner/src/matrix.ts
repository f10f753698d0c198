/**
 * A job's `strategy.matrix` expanded into its combinations, as GitHub expands it
 * (https://docs.github.com/actions/using-jobs/using-a-matrix-for-your-jobs), for packages/runner/src/workflow.ts.
 * The matrix comes in as plain data (every `${{ }}` already evaluated):
 *
 * - The vectors (every key but `include` and `exclude`, each a non-empty list) multiply out in the order they are
 *   written, the first vector varying slowest: `{os: [a, b], v: [1, 2]}` gives (a, 1), (a, 2), (b, 1), (b, 2).
 * - `exclude` then removes every combination that one of its entries matches: each key of the entry (a vector's
 *   name) has the combination's value.
 * - `include` then, entry by entry: the entry's keys that are not vectors are added to every original combination
 *   (the product, after `exclude`) whose vector values the entry's vector keys do not contradict, overwriting what an
 *   earlier entry added, never an original value; an entry added to no original combination is a combination of its
 *   own, at the end (and a later entry is not added to it). With no vectors, each entry is one combination.
 *
 * Values compare as the expression `==` does (strings ignoring case, `'1' == 1`); a mapping in an entry matches a
 * mapping holding at least its keys with equal values, a list a list of equal items. Combinations are copies: no
 * two share an object.
 */
import { data } from '@actions/expressions';
import { equals } from '@actions/expressions/result';

export type Combination = Record<string, unknown>;

/** GitHub's limit of jobs a matrix generates per workflow run. */
export const MAX_COMBINATIONS = 256;

/** The matrix cannot expand: GitHub's message where it has one. */
export class MatrixError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MatrixError';
  }
}

export function expandMatrix(matrix: unknown): Combination[] {
  if (!isMapping(matrix))
    throw new MatrixError(`a matrix is a mapping (vectors, include, exclude), not ${describe(matrix)}`);
  const vectors: [string, unknown[]][] = [];
  let include: Combination[] | undefined;
  let exclude: Combination[] = [];
  for (const [key, value] of Object.entries(matrix)) {
    if (key === 'include') include = filters(key, value);
    else if (key === 'exclude') exclude = filters(key, value);
    else if (!Array.isArray(value))
      throw new MatrixError(`Matrix vector '${key}' is a list of values, not ${describe(value)}`);
    else if (value.length === 0) throw new MatrixError(`Matrix vector '${key}' does not contain any values`);
    else vectors.push([key, value]);
  }
  if (vectors.length === 0) {
    if (include === undefined) throw new MatrixError('Matrix must define at least one vector');
    if (include.length === 0) throw new MatrixError("Matrix vector 'include' does not contain any values");
  }
  const vectorName = (key: string) => vectors.find(([name]) => sameKey(name, key))?.[0];
  for (const entry of exclude) {
    if (Object.keys(entry).length === 0) throw new MatrixError('Matrix exclude filter must not be empty');
    for (const key of Object.keys(entry))
      if (vectorName(key) === undefined)
        throw new MatrixError(`Matrix exclude key '${key}' does not match any key within the matrix`);
  }

  let product: Combination[] = vectors.length > 0 ? [{}] : [];
  for (const [name, values] of vectors)
    product = product.flatMap((c) => values.map((v) => ({ ...c, [name]: structuredClone(v) })));
  const original = product.filter((c) => !exclude.some((entry) => matchesAll(entry, c, vectorName)));
  const added: Combination[] = [];
  for (const entry of include ?? []) {
    let used = false;
    for (const combination of original) {
      if (!matchesAll(entry, combination, vectorName)) continue;
      used = true;
      for (const [key, value] of Object.entries(entry))
        if (vectorName(key) === undefined) set(combination, key, structuredClone(value));
    }
    if (!used) added.push(structuredClone(entry));
  }
  const combinations = [...original, ...added];
  if (combinations.length === 0)
    throw new MatrixError(
      'the matrix expands to no combination (exclude removes every one, include adds none)',
    );
  if (combinations.length > MAX_COMBINATIONS)
    throw new MatrixError(
      `the matrix expands to ${combinations.length} combinations; GitHub runs at most ${MAX_COMBINATIONS}`,
    );
  return combinations;
}

/**
 * GitHub's name for a combination's run of a job with no `name:`: `<job> (<values>)`, every scalar value of the
 * combination (nested ones too, in order; empty strings and null left out).
 */
export function combinationName(job: string, combination: Combination): string {
  const values: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (isMapping(value)) Object.values(value).forEach(visit);
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      if (String(value) !== '') values.push(String(value));
  };
  visit(combination);
  return values.length > 0 ? `${job} (${values.join(', ')})` : job;
}

/** `include` or `exclude`: a list of mappings. */
function filters(key: string, value: unknown): Combination[] {
  if (!Array.isArray(value) || !value.every(isMapping))
    throw new MatrixError(`Matrix '${key}' is a list of mappings, not ${describe(value)}`);
  return value;
}

/** Whether every key of the entry that names a vector has the combination's value. */
function matchesAll(
  entry: Combination,
  combination: Combination,
  vectorName: (key: string) => string | undefined,
): boolean {
  return Object.entries(entry).every(([key, value]) => {
    const name = vectorName(key);
    return name === undefined || matches(value, combination[name]);
  });
}

function matches(filter: unknown, value: unknown): boolean {
  if (isMapping(filter))
    return (
      isMapping(value) &&
      Object.entries(filter).every(([key, f]) => {
        const found = Object.keys(value).find((k) => sameKey(k, key));
        return found !== undefined && matches(f, value[found]);
      })
    );
  if (Array.isArray(filter))
    return (
      Array.isArray(value) && value.length === filter.length && filter.every((f, i) => matches(f, value[i]))
    );
  const [l, r] = [scalar(filter), scalar(value)];
  return l !== undefined && r !== undefined && equals(l, r);
}

function scalar(value: unknown): data.ExpressionData | undefined {
  if (value === null || value === undefined) return new data.Null();
  if (typeof value === 'string') return new data.StringData(value);
  if (typeof value === 'number') return new data.NumberData(value);
  if (typeof value === 'boolean') return new data.BooleanData(value);
  return undefined;
}

/** Sets a key, replacing one that differs only in case (an expression reads keys ignoring case). */
function set(combination: Combination, key: string, value: unknown): void {
  for (const k of Object.keys(combination))
    if (sameKey(k, key) && k !== key) Reflect.deleteProperty(combination, k);
  combination[key] = value;
}

function sameKey(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  return `${typeof value === 'object' ? 'an object' : `the ${typeof value}`} ${JSON.stringify(value)}`;
}
