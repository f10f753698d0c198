/**
 * The log writer over arbitrary Unicode: whatever text it is given, each call prints exactly one line, that line is a
 * workflow command only when the writer meant it (`::warning::` for a warning, never for info), and no secret
 * survives in it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { log } from '../../src/trust/log.js';
import { registerSecret } from '../../src/trust/redact.js';
import { hostileText } from '../helpers/arbitraries.js';
import { printedBy } from '../helpers/inputs.js';
import { leaks } from '../helpers/secrets.js';

/** Every line break a runner, a terminal or a log viewer may split on. */
const BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

/** What `write` printed, as the runner reads it: lines, without the final line ending. */
const linesOf = (write: () => void) => {
  const { error, out } = printedBy(write);
  expect(error).toBeUndefined();
  return out.replace(/\r?\n$/, '').split(BREAKS);
};

/** Text built to be hostile: commands, breaks of every kind, the legacy `##[` form, around arbitrary Unicode. */
const hostile = hostileText([
  '\n',
  '\r',
  '\r\n',
  '\u0085',
  '\u2028',
  '\u2029',
  '::',
  '::add-mask::',
  '::stop-commands::pwned',
  '::set-output name=x::',
  '::warning::',
  '  ::error::',
  '##[add-mask]',
  '##[set-output name=x;]y',
  '\u001b[31m',
]);

const kinds = {
  info: { call: (t: string) => log.info(t), command: undefined },
  debug: { call: (t: string) => log.debug(t), command: '::debug::' },
  notice: { call: (t: string) => log.notice(t, { title: t }), command: '::notice ' },
  warning: { call: (t: string) => log.warning(t, { title: t }), command: '::warning ' },
  error: { call: (t: string) => log.error(t), command: '::error::' },
  startGroup: { call: (t: string) => log.startGroup(t), command: '::group::' },
} as const;

describe('log', () => {
  // First: a later property registers random secrets.
  it('shows where a line break was and keeps the text readable', () => {
    expect(printedBy(() => log.info('build 1.2\n::add-mask::x\r\nnext')).out).toBe(
      'build 1.2 ⏎ ::add-mask::x ⏎ next\n',
    );
    const stopped = printedBy(() => log.info('::stop-commands::token')).out;
    expect(stopped).not.toMatch(/^::/);
    expect(stopped).toContain('stop-commands::token');
  });
  for (const [kind, { call, command }] of Object.entries(kinds)) {
    it(`${kind}: one line, a command only when meant, whatever the text`, () => {
      fc.assert(
        fc.property(hostile, (text) => {
          const lines = linesOf(() => call(text));
          expect(lines).toHaveLength(1);
          const line = lines[0] ?? '';
          if (command === undefined) expect(line.trimStart().startsWith('::')).toBe(false);
          else expect(line.startsWith(command) || line.startsWith(command.trim())).toBe(true);
          // The legacy form of a command is read anywhere in a line.
          expect(line).not.toContain('##[');
        }),
        { numRuns: 300 },
      );
    });
  }

  it('block: one log line per line of the text, none of them a command', () => {
    fc.assert(
      fc.property(fc.array(hostile, { minLength: 1, maxLength: 5 }), (parts) => {
        const text = parts.join('\n');
        const lines = linesOf(() => log.block(text));
        // A line per `\n` the text holds; any other break inside a line is shown, not obeyed.
        expect(lines).toHaveLength(text.split('\n').length);
        for (const line of lines) {
          expect(line.trimStart().startsWith('::')).toBe(false);
          expect(line).not.toContain('##[');
        }
      }),
      { numRuns: 300 },
    );
  });

  // A secret in any form, in a message or a title: test/trust/redact.test.ts, each form through every channel.
  it('block: a secret split across two of its lines is still scrubbed', () => {
    const secret = 'Blk-3f9a1c7e-secret';
    registerSecret(secret);
    const { out } = printedBy(() =>
      log.block(`{\n  "a": "${secret.slice(0, 8)}\n${secret.slice(8)}",\n  "b": 1\n}`),
    );
    expect(leaks(out, secret)).toBe(false);
    expect(out).toContain('***');
  });
});
