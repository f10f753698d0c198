/**
 * The redactor over arbitrary Unicode: a registered secret survives in none of the forms a service or a proxy may echo
 * it back in, and text that does not hold one comes back as it was. Leaks are checked by test/helpers/secrets.ts
 * `leaks`, which does not work as the redactor does.
 */
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderStickyBody } from '../../src/github/comment.js';
import type { RunnerContext } from '../../src/runtime/context.js';
import { writeResultFile } from '../../src/runtime/output.js';
import { SummaryWriter } from '../../src/summary/writer.js';
import { log } from '../../src/trust/log.js';
import { redact, registerSecret } from '../../src/trust/redact.js';
import { tokenLike } from '../helpers/arbitraries.js';
import { capture } from '../helpers/inputs.js';
import { leaks } from '../helpers/secrets.js';

/** A token as a service issues it, with both cases and the characters that encoders escape. */
const TOKEN = 'cmp_Live+9Qx/7fK2=mZ0pL4w';

const hex2 = (code: number) => code.toString(16).padStart(2, '0');
const unicodeEscape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
const percent = (char: string) => `%${hex2(char.charCodeAt(0)).toUpperCase()}`;
/** `token` with each character written by `form`. */
const each = (token: string, form: (char: string) => string) => Array.from(token).map(form).join('');

/** HTML's named references for the ASCII characters of tokens that have one. */
const NAMED: Record<string, string> = {
  '+': '&plus;',
  '/': '&sol;',
  '=': '&equals;',
  _: '&lowbar;',
  '&': '&amp;',
};

/** Whole-token forms an encoder or a proxy may write, each spelled out (the property below mixes them). */
const newForms: Record<string, (token: string) => string> = {
  'JSON with `+` as \\u002B (.NET)': (token) => JSON.stringify(token).replace('+', '\\u002B'),
  'JSON with every character as \\uXXXX': (token) => each(token, unicodeEscape),
  'every byte percent-encoded': (token) => each(token, percent),
  'double URL-encoded': (token) => encodeURIComponent(encodeURIComponent(token)),
  'every byte percent-encoded, twice': (token) => each(token, percent).replace(/%/g, '%25'),
  'HTML named references': (token) => each(token, (c) => NAMED[c] ?? c),
  'HTML decimal references': (token) => each(token, (c) => `&#${c.charCodeAt(0)};`),
  'HTML hex references': (token) => each(token, (c) => `&#x${hex2(c.charCodeAt(0))};`),
  'upper-cased': (token) => token.toUpperCase(),
  'lower-cased': (token) => token.toLowerCase(),
  hex: (token) => Buffer.from(token).toString('hex'),
  'hex, upper case': (token) => Buffer.from(token).toString('hex').toUpperCase(),
  'split across two lines': (token) => `${token.slice(0, 10)}\n${token.slice(10)}`,
  'split across two lines (CRLF)': (token) => `${token.slice(0, 10)}\r\n${token.slice(10)}`,
  'split across two lines, then JSON-escaped': (token) =>
    JSON.stringify(`${token.slice(0, 10)}\n${token.slice(10)}`),
};

/** One character of a token in each of the forms an encoder may write it in (a case change comes after). */
const charForms: ((char: string) => string)[] = [
  (c) => c,
  unicodeEscape,
  (c) => unicodeEscape(c).toUpperCase().replace('\\U', '\\u'),
  percent,
  (c) => percent(c).toLowerCase(),
  (c) => percent(c).replace('%', '%25'),
  (c) => `&#${c.charCodeAt(0)};`,
  (c) => `&#x${hex2(c.charCodeAt(0))};`,
  (c) => `&#X${hex2(c.charCodeAt(0)).toUpperCase()};`,
  (c) => NAMED[c] ?? c,
  (c) => ('"\\/'.includes(c) ? `\\${c}` : c),
];

/** A way to write a token: a form for each character, maybe re-cased (before or after), maybe broken over two lines. */
const writing = fc.record({
  forms: fc.array(fc.nat(charForms.length - 1), { minLength: 1 }),
  recase: fc.constantFrom('as is', 'upper', 'lower'),
  recaseFirst: fc.boolean(),
  lineBreak: fc.option(fc.tuple(fc.nat(), fc.constantFrom('\n', '\r\n'))),
});

function write(token: string, how: typeof writing extends fc.Arbitrary<infer T> ? T : never): string {
  const cased = (text: string) =>
    how.recase === 'upper' ? text.toUpperCase() : how.recase === 'lower' ? text.toLowerCase() : text;
  let parts = Array.from(how.recaseFirst ? cased(token) : token).map((char, i) =>
    (charForms[how.forms[i % how.forms.length] ?? 0] ?? ((c: string) => c))(char),
  );
  if (!how.recaseFirst) parts = parts.map(cased);
  if (how.lineBreak && parts.length > 1)
    parts.splice(1 + (how.lineBreak[0] % (parts.length - 1)), 0, how.lineBreak[1]);
  return parts.join('');
}

/** Tokens registered by the tests of this file: text that holds none of them must come back unchanged. */
const tokens: string[] = [];

function register(token: string): void {
  registerSecret(token);
  tokens.push(token);
}

/** Tokens as issued (printable ASCII), and secrets of any Unicode (a registry password may be anything). */
const secret = fc.oneof(tokenLike, fc.string({ unit: 'grapheme', minLength: 8 }));
const text = fc.string({ unit: 'binary' });

/** Each way a secret can come back inside a longer text. */
const echoes: Record<string, (whole: string) => string> = {
  'as given': (whole) => whole,
  'URL-encoded': (whole) => encodeURIComponent(whole),
  'form-encoded': (whole) => new URLSearchParams({ q: whole }).toString(),
  base64: (whole) => Buffer.from(whole, 'utf8').toString('base64'),
  base64url: (whole) => Buffer.from(whole, 'utf8').toString('base64url'),
  'JSON-escaped': (whole) => JSON.stringify({ echoed: whole }),
  'JSON-escaped with \\/': (whole) => JSON.stringify(whole).replace(/\//g, '\\/'),
  hex: (whole) => Buffer.from(whole, 'utf8').toString('hex'),
  'base64, wrapped at 76 columns (MIME)': (whole) =>
    Buffer.from(whole, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n'),
};

// The properties that register a token each run cost more as the tokens add up: seconds alone, far more on a busy
// machine, where the default timeout would make their verdict one of wall time.
describe('redact', { timeout: 300_000 }, () => {
  // First: the properties below register random secrets.
  it('scrubs the credentials of any URL, a proxy or a pasted api-url', () => {
    expect(redact("'https://user:pa55@host:99999' is not a URL")).toBe(
      "'https://***@host:99999' is not a URL",
    );
    expect(redact('via http://proxy-user:hunter2@proxy.local:3128')).toBe('via http://***@proxy.local:3128');
    // An image digest is not a credential.
    expect(redact('docker-pullable://nginx@sha256:abc')).toBe('docker-pullable://nginx@sha256:abc');
    // A password may hold `@`, `/`, `?` or `#`.
    for (const password of ['p@ss', 'pa/ss', 'pa#ss', 'pa?ss'])
      expect(redact(`at https://user:${password}@host:99999/x`)).toBe('at https://***@host:99999/x');
    fc.assert(
      fc.property(
        fc.webUrl({ withQueryParameters: true }),
        fc.stringMatching(/^[^\s/?#@'"<>]+$/),
        (url, userinfo) => {
          // Everything up to the last `@` of a URL is scrubbed: the property is about URLs whose only `@` ends the userinfo.
          fc.pre(!url.includes('@'));
          const withCredentials = url.replace('://', () => `://${userinfo}@`);
          expect(redact(`failed: ${withCredentials}`)).toBe(`failed: ${url.replace('://', '://***@')}`);
        },
      ),
    );
  });

  // Each channel writes through the redactor: a form or an echo of the token, in any channel, leaves nothing of it.
  it('redacts each form and echo, only the token, in the log, the summary, the result file and the PR comment', () => {
    register(TOKEN);
    const temp = mkdtempSync(join(tmpdir(), 'redact-'));
    const runner = { temp } as RunnerContext;
    const stdout = capture();
    try {
      for (const [form, spell] of Object.entries({ ...newForms, ...echoes })) {
        const echo = spell(TOKEN);
        expect(leaks(echo, TOKEN), form).toBe(true);
        // Only the token's span goes (the quotes of a JSON echo stay): what is around it reads as before.
        if (form in newForms)
          expect(redact(`401 for "${echo}" — check the token`), form).toMatch(
            /^401 for "?"?\*\*\*"?"? — check the token$/,
          );
        const message = `the service said: ${echo}`;
        const before = stdout.printed().length;
        log.info(message);
        log.warning(message, { title: echo });
        const summary = new SummaryWriter()
          .paragraph(message)
          .table(['Message'], [[message]])
          .details(message, message)
          .toString();
        const file = readFileSync(
          writeResultFile(runner, 'probe', { message, lines: message.split('\n') }),
          'utf8',
        );
        const comment = renderStickyBody({ key: 'probe', body: `${summary}\n${message}` }).text;
        for (const [channel, out] of Object.entries({
          log: stdout.printed().slice(before),
          summary,
          file,
          comment,
        }))
          expect(leaks(out, TOKEN), `${form} in the ${channel}`).toBe(false);
      }
    } finally {
      stdout.stop();
      rmSync(temp, { recursive: true, force: true });
    }
  });

  it('reads an escape inside an escape, as docs/security.md says', () => {
    register(TOKEN);
    for (const plus of ['%5Cu002B', '&amp;#43;', '%26%2343%3B', '\\\\u002B', '%252B', '%25%32%42'])
      expect(redact(`<${TOKEN.replace('+', plus)}>`), plus).toBe('<***>');
  });

  it('reads a token as it is, whatever stands before it', () => {
    // Decoding the whole text first would read `%4` and a token's `1` as `A`, or `\\` and its `u0041` as `\A`.
    for (const [before, token] of [
      ['%4', '1f0c2e9a7b1d'],
      ['\\', 'u0041abcdef'],
      ['&#4', '3;abcdefgh'],
      ['&', 'amp;abcdefgh'],
    ] as const) {
      register(token);
      expect(redact(`${before}${token}!`)).toBe(`${before}***!`);
      expect(redact(JSON.stringify(`${before}${token}!`))).toBe(
        `${JSON.stringify(before).slice(0, -1)}***!"`,
      );
    }
  });

  // Before the properties that register hundreds of tokens: text that holds none of them is what it checks.
  it('leaves text that does not hold a token as it is, however near it comes', () => {
    // Near misses: a token short of its first or last character, or with one changed, written any mix of ways.
    const near = fc
      .tuple(tokenLike, fc.nat(), fc.integer({ min: 0x21, max: 0x7e }), fc.nat(2))
      .map(([token, at, code, kind]) => {
        const i = at % token.length;
        const changed = token.slice(0, i) + String.fromCharCode(code) + token.slice(i + 1);
        return { token, near: [token.slice(0, -1), token.slice(1), changed][kind] ?? token };
      });
    fc.assert(
      fc.property(near, writing, text, text, ({ token, near }, how, before, after) => {
        register(token);
        const value = `${before}${write(near, how)}${after}`;
        // Every token registered so far is looked for (the redactor keeps them all), so runs cost more as they go.
        fc.pre(!/:\/\//.test(value) && !tokens.some((t) => leaks(value, t)));
        expect(redact(value)).toBe(value);
      }),
      { numRuns: 200 },
    );
  });

  it('leaves no token, written any mix of ways, wherever it sits in the text', () => {
    fc.assert(
      fc.property(tokenLike, writing, text, text, (token, how, before, after) => {
        register(token);
        const echo = write(token, how);
        expect(leaks(echo, token)).toBe(true);
        expect(leaks(redact(`${before}${echo}${after}`), token)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  for (const [form, echo] of Object.entries(echoes)) {
    it(`leaves no secret ${form}, wherever it sits in the text`, () => {
      fc.assert(
        fc.property(secret, text, text, (value, before, after) => {
          registerSecret(value);
          const out = redact(echo(`${before}${value}${after}`));
          expect(leaks(out, value)).toBe(false);
        }),
        { numRuns: 150 },
      );
    });
  }
});
