/**
 * Fails any test whose captured output (stdout, stderr, console) contains a test token. Tests that capture output
 * of their own (child processes, files, summaries) check it with `assertNoSecret`.
 */
import { afterEach, beforeEach } from 'vitest';
import { assertNoSecret, withoutMaskCommands } from '../helpers/secrets.js';

let captured = '';
const originals = {
  stdout: process.stdout.write.bind(process.stdout),
  stderr: process.stderr.write.bind(process.stderr),
};
const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
const consoleOriginals = Object.fromEntries(methods.map((m) => [m, console[m].bind(console)])) as Record<
  (typeof methods)[number],
  (...args: unknown[]) => void
>;

function capture(chunk: unknown): void {
  captured +=
    typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk);
}

beforeEach(() => {
  captured = '';
  process.stdout.write = (chunk: unknown, ...rest: unknown[]) => {
    capture(chunk);
    return (originals.stdout as (...a: unknown[]) => boolean)(chunk, ...rest);
  };
  process.stderr.write = (chunk: unknown, ...rest: unknown[]) => {
    capture(chunk);
    return (originals.stderr as (...a: unknown[]) => boolean)(chunk, ...rest);
  };
  for (const m of methods) {
    console[m] = (...args: unknown[]) => {
      capture(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
      consoleOriginals[m](...args);
    };
  }
});

afterEach(() => {
  process.stdout.write = originals.stdout;
  process.stderr.write = originals.stderr;
  for (const m of methods) console[m] = consoleOriginals[m];
  assertNoSecret(withoutMaskCommands(captured), 'the output of this test');
});
