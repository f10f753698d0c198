// Snapshot expressions ("snappish"): `env` (latest), `env#N` (snapshot N, 1-based), `env~N` (N behind the latest),
// `env@{YYYY-MM-DDTHH:MM:SS}` (the snapshot current at that time) and `env@{N.<unit>.ago}`.
import { InputError } from '../errors/errors.js';
import { expectedForms, patterns } from './schemas.js';

export type SnapshotUnit = 'hours' | 'days' | 'weeks' | 'months';

export type SnapshotExpression =
  | { env: string; kind: 'latest' }
  | { env: string; kind: 'index'; index: number }
  | { env: string; kind: 'behind'; behind: number }
  | { env: string; kind: 'at'; at: string }
  | { env: string; kind: 'ago'; amount: number; unit: SnapshotUnit };

export const SNAPSHOT_FORMS =
  '<env>, <env>#<N> (N from 1), <env>~<N>, <env>@{YYYY-MM-DDTHH:MM:SS} or <env>@{<N>.<hours|days|weeks|months>.ago}';

const AGO = /^(\d+)\.(hour|day|week|month)s?\.ago$/;

/** Exactly what `patterns.snapshotExpression` matches, trimmed; anything else an InputError saying what is wrong. */
export function parseSnapshotExpression(text: string, input = 'snapshot'): SnapshotExpression {
  const value = text.trim();
  if (!patterns.snapshotExpression.test(value))
    throw new InputError(input, problemWith(value), SNAPSHOT_FORMS);
  const { env, rest } = split(value);
  if (rest === '') return { env, kind: 'latest' };
  if (rest.startsWith('#')) return { env, kind: 'index', index: Number(rest.slice(1)) };
  if (rest.startsWith('~')) return { env, kind: 'behind', behind: Number(rest.slice(1)) };
  const inner = rest.slice(2, -1);
  const ago = AGO.exec(inner);
  if (ago) return { env, kind: 'ago', amount: Number(ago[1]), unit: `${ago[2] ?? ''}s` as SnapshotUnit };
  return { env, kind: 'at', at: inner };
}

/** The environment name, and the suffix from its first `#`, `~` or `@` ('' for none). */
function split(value: string) {
  const cut = value.search(/[#~@]|$/);
  return { env: value.slice(0, cut), rest: value.slice(cut) };
}

function problemWith(value: string): string {
  if (!value) return 'is empty';
  const { env, rest } = split(value);
  if (!env) return `'${value}' does not start with an environment name`;
  if (!patterns.envName.test(env)) {
    return `environment name '${env}' is not valid (expected ${expectedForms.envName})`;
  }
  const number = (digits: string, min: number, what: string): string => {
    if (!/^\d+$/.test(digits)) return `'${value}': ${what} must be a whole number`;
    if (Number(digits) < min) return `'${value}': ${what} must be at least ${min}`;
    return `'${value}': ${what} must have at most 15 digits`;
  };
  if (rest.startsWith('#')) return number(rest.slice(1), 1, 'the snapshot number');
  if (rest.startsWith('~')) return number(rest.slice(1), 0, 'the count behind');
  if (rest.startsWith('@{') && rest.endsWith('}')) {
    const inner = rest.slice(2, -1);
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(inner)) {
      return `'${value}': ${inner} is not a real date and time`;
    }
    const ago = AGO.exec(inner);
    if (ago) return number(ago[1] ?? '', 1, 'the amount');
    return `'${value}': '${inner}' is neither a time YYYY-MM-DDTHH:MM:SS nor N.<unit>.ago`;
  }
  return `'${value}' has an unknown suffix '${rest}'`;
}

export function formatSnapshotExpression(expr: SnapshotExpression): string {
  switch (expr.kind) {
    case 'latest':
      return expr.env;
    case 'index':
      return `${expr.env}#${expr.index}`;
    case 'behind':
      return `${expr.env}~${expr.behind}`;
    case 'at':
      return `${expr.env}@{${expr.at}}`;
    case 'ago':
      return `${expr.env}@{${expr.amount}.${expr.unit}.ago}`;
  }
}
