/**
 * Snapshot expressions ("snappish"): `env` (latest), `env#N` (snapshot N, 1-based), `env~N` (N behind the latest),
 * `env@{YYYY-MM-DDTHH:MM:SS}` (the snapshot current at that time) and `env@{N.<unit>.ago}`.
 */
import { InputError } from './errors.js';
import { expectedForms, patterns } from './schemas.js';

export const SNAPSHOT_UNITS = ['hours', 'days', 'weeks', 'months'] as const;
export type SnapshotUnit = (typeof SNAPSHOT_UNITS)[number];

export type SnapshotExpression =
  | { env: string; kind: 'latest' }
  | { env: string; kind: 'index'; index: number }
  | { env: string; kind: 'behind'; behind: number }
  | { env: string; kind: 'at'; at: string }
  | { env: string; kind: 'ago'; amount: number; unit: SnapshotUnit };

export const SNAPSHOT_FORMS =
  '<env>, <env>#<N> (N from 1), <env>~<N>, <env>@{YYYY-MM-DDTHH:MM:SS} or <env>@{<N>.<hours|days|weeks|months>.ago}';

const AT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;
const AGO = /^(\d+)\.(hour|day|week|month)s?\.ago$/;

export function parseSnapshotExpression(text: string, input = 'snapshot'): SnapshotExpression {
  const value = text.trim();
  const fail = (problem: string): never => {
    throw new InputError(input, problem, SNAPSHOT_FORMS);
  };
  if (!value) fail('is empty');
  const cut = value.search(/[#~@]/);
  const env = cut === -1 ? value : value.slice(0, cut);
  const rest = cut === -1 ? '' : value.slice(cut);
  if (!env) fail(`'${value}' does not start with an environment name`);
  if (!patterns.envName.test(env)) {
    fail(`environment name '${env}' is not valid (expected ${expectedForms.envName})`);
  }
  if (rest === '') return { env, kind: 'latest' };

  const number = (digits: string, min: number, what: string): number => {
    if (!/^\d+$/.test(digits)) fail(`'${value}': ${what} must be a whole number`);
    const n = Number(digits);
    if (!Number.isSafeInteger(n) || n < min) fail(`'${value}': ${what} must be at least ${min}`);
    return n;
  };

  if (rest.startsWith('#'))
    return { env, kind: 'index', index: number(rest.slice(1), 1, 'the snapshot number') };
  if (rest.startsWith('~'))
    return { env, kind: 'behind', behind: number(rest.slice(1), 0, 'the count behind') };
  if (rest.startsWith('@{') && rest.endsWith('}')) {
    const inner = rest.slice(2, -1);
    const at = AT.exec(inner);
    if (at) {
      const [, y, mo, d, h, mi, s] = at.map(Number) as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
      const valid =
        date.getUTCFullYear() === y &&
        date.getUTCMonth() === mo - 1 &&
        date.getUTCDate() === d &&
        date.getUTCHours() === h &&
        date.getUTCMinutes() === mi &&
        date.getUTCSeconds() === s;
      if (!valid) fail(`'${value}': ${inner} is not a real date and time`);
      return { env, kind: 'at', at: inner };
    }
    const ago = AGO.exec(inner);
    if (ago) {
      const amount = number(ago[1] ?? '', 1, 'the amount');
      return { env, kind: 'ago', amount, unit: `${ago[2] ?? ''}s` as SnapshotUnit };
    }
    fail(`'${value}': '${inner}' is neither a time YYYY-MM-DDTHH:MM:SS nor N.<unit>.ago`);
  }
  return fail(`'${value}' has an unknown suffix '${rest}'`);
}

/** The canonical text of an expression, as sent to the service. */
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
