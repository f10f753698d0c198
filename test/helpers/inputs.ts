/**
 * Fixtures for in-process tests of the input readers: an environment as the runner builds it from a step's `with:`,
 * a fresh token the redactor has never seen, and what a call printed (workflow commands go to stdout).
 */
import { randomBytes } from 'node:crypto';
import { vi } from 'vitest';
import { InputReader, type Env } from '../../src/context/inputs.js';
import { assertNoSecret, guardSecret, TEST_TOKEN, withoutMaskCommands } from './secrets.js';

/** `INPUT_<NAME>` for each input, as the runner names them (spaces to `_`, upper case; dashes kept), plus `env`. */
export function inputEnv(inputs: Record<string, string>, env: Env = {}): Env {
  const out: Env = { ...env };
  for (const [name, value] of Object.entries(inputs)) {
    out[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  }
  return out;
}

export function readerOf(inputs: Record<string, string>, env: Env = {}): InputReader {
  return new InputReader(inputEnv(inputs, env));
}

/** A connection every reader accepts. */
export const CONNECTION = {
  'api-url': 'https://compliance.example.com',
  'api-token': TEST_TOKEN,
  org: 'acme',
} as const;

/** The connection to a test server on loopback: its origin, the test token, org acme. */
export const loopback = (origin: string) => ({ ...CONNECTION, 'api-url': origin });

/**
 * A token no earlier test has registered with the redactor (it keeps what it learns for the life of the worker), so a
 * test can tell that this very call masked and registered it. Guarded: it must never show in a test's output.
 */
export function freshToken(prefix = 'tok'): string {
  const token = `${prefix}_${randomBytes(12).toString('hex')}`;
  guardSecret(token);
  return token;
}

interface Printed<T> {
  /** What `work` returned, when it returned. */
  value?: T;
  /** What `work` threw, when it threw. */
  error?: unknown;
  /** Everything written to stdout meanwhile, in order (not passed on: `::add-mask::` lines stay out of the log). */
  out: string;
}

/** Captures what is written on `stream` (stdout unless told) until `stop`, each chunk also given to `listener`. */
export function capture(stream: NodeJS.WriteStream = process.stdout, listener?: (text: string) => void) {
  let out = '';
  const spy = vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    out += text;
    listener?.(text);
    return true;
  });
  // Taken from the token guard's view (test/setup/token-guard.ts), so checked here as it would be.
  const stop = () => {
    spy.mockRestore();
    assertNoSecret(withoutMaskCommands(out), 'what the code printed');
  };
  return { printed: () => out, stop };
}

/** Runs `work`, capturing what it prints on stdout, and what it returns or throws. */
export function printedBy<T>(work: () => T): Printed<T> {
  const stdout = capture();
  try {
    return { value: work(), out: stdout.printed() };
  } catch (error) {
    return { error, out: stdout.printed() };
  } finally {
    stdout.stop();
  }
}

/** `printedBy` for asynchronous work. */
export async function printedDuring<T>(work: () => Promise<T>): Promise<Printed<T>> {
  const stdout = capture();
  try {
    const settled = await work().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    return { ...settled, out: stdout.printed() };
  } finally {
    stdout.stop();
  }
}

/** What `work` threw; fails when it did not throw an Error (or, given `type`, one of that kind). */
export function thrownBy<T extends Error = Error>(
  work: () => unknown,
  type?: new (...args: never[]) => T,
): T {
  const { error } = printedBy(work);
  if (!(error instanceof Error)) throw new Error(`expected an error, got ${String(error)}`);
  if (type && !(error instanceof type)) throw error;
  // Without `type`, T is Error.
  return error as T;
}
