/**
 * Fails any test whose captured output (stdout, stderr, console) contains a test token. Tests that capture output
 * of their own (child processes, files, summaries) check it with `assertNoSecret`. Stdout is captured, not printed.
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
  // Any byte chunk decoded (a plain Uint8Array read as String() would be '1,2,3', hiding a token; found by review).
  captured +=
    typeof chunk === 'string'
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8')
        : String(chunk);
}

beforeEach(() => {
  captured = '';
  // What a step run in-process writes to stdout is the runner's protocol (log lines, ::warning::, ::add-mask::):
  // captured, checked for tokens, and not printed, so the test output holds no stray workflow commands.
  // A test that asserts on it spies on process.stdout.write itself.
  process.stdout.write = (chunk: unknown, ...rest: unknown[]) => {
    capture(chunk);
    const done = rest.find((arg): arg is () => void => typeof arg === 'function');
    done?.();
    return true;
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
