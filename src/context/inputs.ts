/** The one input reader: reads `INPUT_*` from the env map it is given, and names the input in every error. */
import { setSecret } from '../trust/commands.js';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULTS, isLoopbackHost, proxyFromEnv, resolveConnection, type Connection } from '../api/config.js';
import * as z from 'zod/mini';
import { errorCode, InputError } from '../errors/errors.js';
import { expectedForms, patterns } from '../api/schemas.js';
import { jsonSyntaxProblem, plural } from '../trust/text.js';
import { formatTime, parseTime } from './time.js';
import { log } from '../trust/log.js';
import { registerSecret } from '../trust/redact.js';

export type Env = Record<string, string | undefined>;
/** One of the API's name patterns, with its form in words. */
type Form = keyof typeof patterns & keyof typeof expectedForms;

export const HttpUrl = z
  .string()
  .check(z.refine((value) => ['https:', 'http:'].includes(URL.parse(value)?.protocol ?? '')));

const JSON_FORM = 'JSON text, or @path to a JSON file';
const TRUE = ['true', 'True', 'TRUE'];
const FALSE = ['false', 'False', 'FALSE'];

/** A fingerprint as people paste it: the digest, `sha256:<digest>` as docker inspect prints it, or upper case. */
const WRITTEN = /^(?:sha256:)?([0-9a-f]{64})$/i;

export const FINGERPRINT_FORM = `${expectedForms.fingerprint}; sha256:<digest> as docker inspect prints it, or upper case, is read as the same`;

/** `value`, given in the input `name`, as the digest; the log says so when it was written otherwise. */
export function readFingerprint(name: string, value: string): string {
  const digest = WRITTEN.exec(value)?.[1]?.toLowerCase();
  if (digest === undefined) throw new InputError(name, `'${value}' is not a fingerprint`, FINGERPRINT_FORM);
  if (digest !== value) log.info(`Input '${name}': '${value}' normalised to the digest ${digest}.`);
  return digest;
}

export class InputReader {
  readonly env: Env;

  constructor(env: Env) {
    this.env = env;
  }

  /** The raw value as the runner passes it (`INPUT_<NAME>`), trimmed; '' when absent. */
  raw(name: string): string {
    return (this.env[inputVariable(name)] ?? '').trim();
  }

  /** Refuses any `INPUT_*` variable of no declared input: the runner passes a misspelled `with:` key on. */
  refuseUndeclared(declared: readonly string[]): void {
    const known = new Set(declared.map(inputVariable));
    const unknown = Object.keys(this.env)
      .filter((key) => key.startsWith('INPUT_') && !known.has(key) && this.env[key] !== undefined)
      .map((key) => key.slice('INPUT_'.length).toLowerCase())
      .sort();
    const [first, ...others] = unknown;
    if (first === undefined) return;
    const also = others.map((name) => `'${name}'${didYouMean(name, declared)}`);
    const nor = also.length > 0 ? `; nor ${plural(also.length, 'is', 'are')} ${also.join(', ')}` : '';
    const problem = `is not an input of this action${didYouMean(first, declared)}${nor}`;
    throw new InputError(first, problem, `one of its inputs: ${declared.join(', ')}`);
  }

  optional(name: string, fallbackEnv?: string): string | undefined {
    const value = this.raw(name) || (fallbackEnv ? (this.env[fallbackEnv] ?? '').trim() : '');
    return value === '' ? undefined : value;
  }

  required(name: string, expected: string, fallbackEnv?: string): string {
    const value = this.optional(name, fallbackEnv);
    if (value !== undefined) return value;
    const how = fallbackEnv ? `: set the input '${name}' or the environment variable ${fallbackEnv}` : '';
    throw new InputError(name, `is required${how}`, expected);
  }

  /** YAML 1.2 core booleans, as `core.getBooleanInput` takes them; the fallback when empty. */
  boolean(name: string, fallback: boolean, fallbackEnv?: string): boolean {
    const value = this.optional(name, fallbackEnv);
    if (value === undefined) return fallback;
    if (TRUE.includes(value)) return true;
    if (FALSE.includes(value)) return false;
    const from = this.fromVariable(name, fallbackEnv);
    throw new InputError(name, `'${value}'${from} is not a boolean`, 'true or false');
  }

  /** ` (from the variable X)` when a bad value came from the variable, not the input: the place to fix it. */
  private fromVariable(name: string, fallbackEnv: string | undefined): string {
    return this.raw(name) === '' && fallbackEnv ? ` (from the variable ${fallbackEnv})` : '';
  }

  matching(name: string, form: Form, fallbackEnv?: string): string | undefined {
    return this.checked(name, z.string().check(z.regex(patterns[form])), expectedForms[form], fallbackEnv);
  }

  /** An optional fingerprint (`readFingerprint`). */
  fingerprint(name: string): string | undefined {
    const value = this.optional(name);
    return value === undefined ? undefined : readFingerprint(name, value);
  }

  requiredMatching(name: string, form: Form): string {
    return this.matching(name, form) ?? this.required(name, expectedForms[form]);
  }

  choice<T extends string>(name: string, options: readonly T[], fallback?: T): T | undefined {
    const value = this.optional(name);
    if (value === undefined) return fallback;
    if ((options as readonly string[]).includes(value)) return value as T;
    const expected = `one of ${options.join(', ')}`;
    throw new InputError(name, `'${value}' is not one of the accepted values`, expected);
  }

  integer(name: string, fallback: number, min: number, max: number, fallbackEnv?: string): number {
    const value = this.optional(name, fallbackEnv);
    if (value === undefined) return fallback;
    return wholeNumber(name, value, min, max, this.fromVariable(name, fallbackEnv));
  }

  /** A whole number within bounds from a variable that has no input (a job-wide knob); undefined when unset. */
  variableInteger(variable: string, min: number, max: number): number | undefined {
    const value = (this.env[variable] ?? '').trim();
    return value === '' ? undefined : wholeNumber(variable, value, min, max, '');
  }

  /** `key=value` pairs, one per line, each key and value checked; a key given twice is refused. */
  keyValues(
    name: string,
    keyPattern?: { re: RegExp; expected: string },
    valueSchema?: { schema: z.core.$ZodType<string>; expected: string },
  ): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [index, line] of this.raw(name).split('\n').entries()) {
      const text = line.trim();
      if (text === '') continue;
      const at = text.indexOf('=');
      const key = at > 0 ? text.slice(0, at).trim() : '';
      const where = `line ${index + 1} ('${text}')`;
      if (!key) throw new InputError(name, `${where} is not key=value`, 'one key=value pair per line');
      if (keyPattern && !keyPattern.re.test(key)) {
        throw new InputError(name, `${where} has the key '${key}'`, `keys of ${keyPattern.expected}`);
      }
      if (key in out) throw new InputError(name, `the key '${key}' is given twice`, 'each key once');
      const value = text.slice(at + 1).trim();
      if (valueSchema && !z.safeParse(valueSchema.schema, value).success) {
        throw new InputError(name, `${where} has the value '${value}'`, `values of ${valueSchema.expected}`);
      }
      out[key] = value;
    }
    return out;
  }

  /** JSON given inline, or `@path` to a JSON file (relative to `baseDir`); undefined when empty. */
  json(name: string, baseDir: string): unknown {
    const value = this.optional(name);
    if (value === undefined) return undefined;
    let text = value;
    let from = 'the value';
    if (value.startsWith('@')) {
      const file = resolve(baseDir, value.slice(1).trim());
      from = `the file ${file}`;
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        throw new InputError(name, `cannot read ${file}: ${errorCode(error) ?? String(error)}`, JSON_FORM);
      }
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      // Named, never quoted: the text may be a file's contents.
      throw new InputError(name, `${from}: ${jsonSyntaxProblem(error, text)}`, JSON_FORM);
    }
  }

  /** One item per line, commas also accepted unless `byLine`; blanks dropped. */
  list(name: string, byLine = false): string[] {
    return this.raw(name)
      .split(byLine ? '\n' : /[\n,]/)
      .map((item) => item.trim())
      .filter((item) => item !== '');
  }

  /** A secret: masked and registered with the redactor before any other input can fail with a message. */
  secret(name: string, fallbackEnv?: string): string | undefined {
    const value = this.optional(name, fallbackEnv);
    if (value !== undefined) {
      setSecret(value);
      registerSecret(value);
    }
    return value;
  }

  requiredSecret(name: string, expected: string, fallbackEnv?: string): string {
    return this.secret(name, fallbackEnv) ?? this.required(name, expected, fallbackEnv);
  }

  url(name: string, fallbackEnv?: string): string | undefined {
    const value = this.optional(name, fallbackEnv);
    if (value === undefined) return undefined;
    if (!HttpUrl.safeParse(value).success) {
      // Not quoted when it may hold credentials: the redactor finds `user:pass@` only in URLs it can read as such.
      const shown = value.includes('@') ? 'the value (not quoted: it may hold credentials)' : `'${value}'`;
      const problem = `${shown}${this.fromVariable(name, fallbackEnv)} is not an http(s) URL`;
      throw new InputError(name, problem, 'an absolute URL such as https://example.com/path');
    }
    return value;
  }

  /** A value checked against a schema; undefined when empty. `expected` says the form in the user's terms. */
  checked<T>(name: string, schema: z.core.$ZodType<T>, expected: string, fallbackEnv?: string) {
    const value = this.optional(name, fallbackEnv);
    if (value === undefined) return undefined;
    const result = z.safeParse(schema, value);
    if (!result.success) {
      throw new InputError(name, `'${value}'${this.fromVariable(name, fallbackEnv)} is not valid`, expected);
    }
    return result.data;
  }

  /** Two optional times (context/time.ts) as Unix seconds, the first at or before the second. */
  timeWindow(fromName: string, toName: string, nowSeconds: number) {
    const time = (name: string) => {
      const value = this.optional(name);
      return value === undefined ? undefined : parseTime(value, name, nowSeconds);
    };
    const from = time(fromName);
    const to = time(toName);
    if (from !== undefined && to !== undefined && from > to) {
      throw new InputError(
        fromName,
        `'${this.raw(fromName)}' (${formatTime(from)}) is later than ${toName} '${this.raw(toName)}' (${formatTime(to)})`,
        `${fromName} at or before ${toName}`,
      );
    }
    return { from, to };
  }

  /** A list (`list`, or one per line with `lines`: items may hold a comma), each item checked; duplicates dropped. */
  checkedList<T>(
    name: string,
    schema: z.core.$ZodType<T>,
    expected: string,
    options: { lines?: boolean } = {},
  ): T[] {
    // Each item with where it is: a line number counts the blank lines above it, as an editor shows them.
    const items = options.lines
      ? this.raw(name)
          .split('\n')
          .map((line, index) => ({ item: line.trim(), where: `line ${index + 1} ` }))
          .filter(({ item }) => item !== '')
      : this.list(name).map((item) => ({ item, where: '' }));
    const out: T[] = [];
    for (const { item, where } of items) {
      const result = z.safeParse(schema, item);
      if (!result.success) {
        const how = options.lines ? 'one per line' : 'one per line or comma-separated';
        throw new InputError(name, `${where}('${item}') is not valid`, `${expected}, ${how}`);
      }
      if (!out.includes(result.data)) out.push(result.data);
    }
    return out;
  }
}

const INSECURE_INPUT = 'allow-insecure-http';
export const INSECURE_VARIABLE = 'COMPLIANCE_ALLOW_INSECURE_HTTP';

const TIMEOUT_INPUT = 'timeout-seconds';
export const TIMEOUT_VARIABLE = 'COMPLIANCE_TIMEOUT_SECONDS';

/** The step's connection, resolved and checked once; each input falls back to its `COMPLIANCE_*` variable. */
export function readConnection(inputs: InputReader): Connection {
  // The token first (an object's values are read as written), masked before anything else can be printed or thrown.
  return resolveConnection({
    token: inputs.requiredSecret(
      'api-token',
      'the API token of the compliance service',
      'COMPLIANCE_API_TOKEN',
    ),
    baseUrl: inputs.required(
      'api-url',
      'the service URL, e.g. https://compliance.example.com',
      'COMPLIANCE_API_URL',
    ),
    org: inputs.required('org', 'the organization name in the service', 'COMPLIANCE_ORG'),
    proxy: proxyFromEnv(inputs.env),
    deadlineMs: inputs.integer(TIMEOUT_INPUT, DEFAULTS.deadlineMs / 1000, 1, 3600, TIMEOUT_VARIABLE) * 1000,
    deadlineSetting: `${TIMEOUT_INPUT}; variable ${TIMEOUT_VARIABLE}`,
    allowInsecureHttp: inputs.boolean(INSECURE_INPUT, false, INSECURE_VARIABLE),
    retries: inputs.variableInteger('COMPLIANCE_RETRIES', 0, 10),
    logger: { debug: (m) => log.debug(m) },
  });
}

/** The warning when allow-insecure-http let a step use plain http to a host that is not loopback; none otherwise. */
export function insecureWarnings({ apiRoot, allowInsecureHttp }: Connection): string[] {
  if (!allowInsecureHttp || apiRoot.protocol !== 'http:' || isLoopbackHost(apiRoot.hostname)) return [];
  return [
    `Plain http to ${apiRoot.host}, allowed by ${INSECURE_INPUT} (or ${INSECURE_VARIABLE}): the API token and every ` +
      'report cross the network unencrypted. Use it only inside a private network you trust.',
  ];
}

function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
}

/** ` (did you mean 'x'?)` for the nearest declared name, when near enough to be a typo (a third of its letters). */
function didYouMean(name: string, declared: readonly string[]): string {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of declared) {
    const distance = typoDistance(name, candidate);
    if (distance < (best?.distance ?? Infinity)) best = { name: candidate, distance };
  }
  if (best === undefined || best.distance > Math.max(1, Math.floor(name.length / 3))) return '';
  return ` (did you mean '${best.name}'?)`;
}

/** The optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
function typoDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number): number => rows[i]?.[j] ?? Infinity;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] ?? [];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, at(i - 2, j - 2) + 1);
      row[j] = d;
    }
  }
  return at(a.length, b.length);
}

/** `value` as a whole number from `min` to `max`, else an InputError naming `name` (and `from`, where it came from). */
function wholeNumber(name: string, value: string, min: number, max: number, from: string): number {
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    const problem = `'${value}'${from} is not a whole number from ${min} to ${max}`;
    throw new InputError(name, problem, `a number from ${min} to ${max}`);
  }
  return n;
}
