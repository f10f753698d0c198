/**
 * No text stalls a step: the redactor, and every cut of untrusted text, costs at most in proportion to the text,
 * whatever it holds (a run of URL schemes; a secret's first character, then a long run of line breaks, escaped or
 * not), and scrubbing only the head of a long text changes nothing that is shown. A pass's cost is the CPU time of
 * this process, compared only with the same pass over a shorter text of the same pattern, the least of two runs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readErrorBody } from '../../src/api/http.js';
import { capJsonList } from '../../src/runtime/output.js';
import { redact, registerSecret } from '../../src/trust/redact.js';
import { cutText, quoteText } from '../../src/trust/text.js';
import { leaks } from '../helpers/secrets.js';

/** The plain pattern for URL credentials, the reference: from every scheme it reads the rest of the URL again. */
const URL_CREDENTIALS = /\b((?:https?|wss?|ftps?|socks[45]?h?):\/\/)[^\s'"<>]*@/gi;

const TOKEN = 'tok_live_8Hq2Zr5Xw9Kc3Lm7Pv4T';

/** One character of a token in a form an encoder may write it in. */
const charForms: ((char: string) => string)[] = [
  (c) => c,
  (c) => c.toUpperCase(),
  (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  (c) => `%25${c.charCodeAt(0).toString(16)}`,
  (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  (c) => `&#${c.charCodeAt(0)};`,
  (c) => `&#x${c.charCodeAt(0).toString(16)}`,
];

/** Runs of line breaks that may split a token, short and long. */
const breakRuns = [
  '',
  '\n',
  '\r\n',
  '%0A',
  '\\n',
  '\n'.repeat(3000),
  '%0A'.repeat(1000),
  '&#10;'.repeat(700),
];

/** A text whose first line (and cut) the reference reads from the whole text scrubbed. */
function wholeScrubbed(text: string, max: number): { cut: string; quoted: string } {
  const chars = Array.from(redact(text));
  const cut = chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
  const line = Array.from(
    chars
      .join('')
      .split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)
      .find((l) => l.trim() !== '')
      ?.trim() ?? '',
  );
  const shown = line.length > max ? `${line.slice(0, max).join('')}…` : line.join('');
  return { cut, quoted: shown };
}

/** The text `quoteText` shows, without its quotes and escapes. */
const unquoted = (quoted: string) => JSON.parse(quoted.replace(/\\u\{([0-9a-f]+)\}/g, '')) as string;

/**
 * Line breaks in each form the redactor reads, URL schemes, and the first characters of the token, written as it may
 * be (each list split at `|`, which none of its pieces holds).
 */
const hostilePieces = [
  ...'\n|\r\n|\r|%0A|%0d|%250A|\\n|\\r|\\u000a|\\U000D|%5Cn|&#10;|&#x0A|&#13|&NewLine;|&amp;#10;'.split('|'),
  ...'http://|https:|https://|HTTP://|ws://|socks5h://|@| |<|>'.split('|'),
  ...[
    TOKEN.slice(0, 1),
    TOKEN.slice(0, 8),
    TOKEN.slice(0, -1),
    ...'%74%6F%6B|\\u0074ok_|&#116;ok_|746f6b5f'.split('|'),
  ],
  ...[Buffer.from(TOKEN).toString('base64').slice(0, 12), 'x', '+'],
];

/** CPU time, in ms, this test's process has run: what a pass costs, however busy the machine's other cores are. */
function cpu(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** A text of `units` units or a few more: `lead`, then `unit` over and over. */
interface Pattern {
  lead: string;
  unit: string;
}
const text = ({ lead, unit }: Pattern, units: number) => lead + unit.repeat(Math.ceil(units / unit.length));

/**
 * The sizes a pass is held at, each passed over as many times as makes the top one: a linear pass costs about as much
 * at every rung, and one that rereads the text from each position costs 4 times more at each rung than at the one
 * before, 256 times at the top, so it misses the bound at a middle rung, before its long wait at the top.
 */
const RUNGS = [128, 512, 2048, 8192, 32 * 1024];
const TOTAL = 32 * 1024;

/**
 * How much more a rung may cost than the bottom one: a linear pass pays a few times more per unit on a text that
 * leaves the cache, or on a busy machine (4 at most, measured).
 */
const MOST_GROWTH = 16;

let sink = 0;

/** Holds each pass over the pattern's texts within `MOST_GROWTH` of its cost at the bottom rung (the least of two runs). */
function linear(pattern: Pattern, passes: Record<string, (text: string) => unknown>): void {
  for (const [name, pass] of Object.entries(passes)) {
    let bottom = 0;
    for (const units of RUNGS) {
      const long = text(pattern, units);
      let cost = Infinity;
      for (let run = 0; run < 2; run++) {
        const started = cpu();
        for (let n = 0; n < TOTAL / units; n++) sink ^= pass(long) === undefined ? 0 : 1;
        cost = Math.min(cost, cpu() - started);
      }
      if (units === RUNGS[0]) bottom = Math.max(cost, 0.001);
      const what = `${name} of ${long.length} units: ${JSON.stringify(long.slice(0, 40))}…`;
      expect(cost / bottom, what).toBeLessThan(MOST_GROWTH);
    }
  }
}

/** A short mix of pieces over and over, after a near-token prefix. */
const hostile = fc.record({
  lead: fc.constantFrom('', TOKEN.slice(0, 1), TOKEN.slice(0, 12), '%74%6F%6B'),
  unit: fc.array(fc.constantFrom(...hostilePieces), { minLength: 1, maxLength: 5 }).map((p) => p.join('')),
});

/**
 * The red team's patterns: a run of URL schemes, and a token's first character then breaks; and breaks each of which
 * holds the first character of the token's base64 (`\\U000D`), so a search starts in every one.
 */
const redTeam: Pattern[] = [
  { lead: '', unit: '\\U000D\r' },
  { lead: '', unit: 'http://' },
  { lead: '', unit: 'https:' },
  ...['\n', '%0A', '\\u000a', '&#10;'].map((unit) => ({ lead: TOKEN.slice(0, 1), unit })),
];

describe('a pass over untrusted text', () => {
  // First, while no secret is registered: these compare what needs none.
  it('scrubs URL credentials as the plain pattern does', () => {
    const piece = fc.constantFrom(
      ...['http://', 'HTTPS://', 'ws://', 'socks5h://', 'ftp:/', 'xhttp://', 'user:pw', '@', '@@', 'a', ' '],
      ...['\n', "'", '"', '<', '>', '/', ':'],
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        expect(redact(text)).toBe(text.replace(URL_CREDENTIALS, '$1***@'));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads an error page as the plain tag pattern does', () => {
    const piece = fc.constantFrom('<', '>', '<p>', '</p>', 'a', 'b c', ' ', '\n', '\t', 'x'.repeat(60));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const page = parts.join('');
        const text = page
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim();
        const chars = Array.from(text);
        const shown = chars.length > 200 ? `${chars.slice(0, 200).join('')}…` : text;
        expect(readErrorBody(page, 'text/html').message).toBe(
          text ? `non-JSON response (text/html): ${shown}` : undefined,
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('cuts a long text as it cuts the whole text scrubbed, scrubbing only its head', () => {
    registerSecret(TOKEN);
    // A token written any way, whole or one character short, maybe split by a run of breaks, around where a head
    // of the text is first cut (2 × max + 1,024 units) and where it doubles.
    const around = fc
      .record({
        before: fc.nat(4000),
        filler: fc.constantFrom('x', 'ab ', '%', '&', '\n', ' '),
        forms: fc.array(fc.nat(charForms.length - 1), { minLength: 1, maxLength: 6 }),
        breaks: fc.constantFrom(...breakRuns),
        at: fc.nat(),
        whole: fc.boolean(),
        after: fc.nat(4000),
        max: fc.constantFrom(20, 71, 100, 200),
      })
      .map(({ before, filler, forms, breaks, at, whole, after, max }) => {
        const chars = Array.from(whole ? TOKEN : TOKEN.slice(0, -1)).map((c, i) =>
          (charForms[forms[i % forms.length] ?? 0] ?? String)(c),
        );
        chars.splice(1 + (at % (chars.length - 1)), 0, breaks);
        const fill = (n: number) => filler.repeat(Math.ceil(n / filler.length)).slice(0, n);
        return { text: `${fill(before)}${chars.join('')}${fill(after)}`, max };
      });
    fc.assert(
      fc.property(around, ({ text, max }) => {
        const expected = wholeScrubbed(text, max);
        expect(cutText(text, max)).toBe(expected.cut);
        expect(unquoted(quoteText(text, max))).toBe(expected.quoted);
      }),
      { numRuns: 300 },
    );
  });

  it('shows no part of a token that a long run of line breaks splits across the cut', () => {
    registerSecret(TOKEN);
    for (const run of [
      '\n'.repeat(100_000),
      '%0A'.repeat(50_000),
      '&#10;'.repeat(30_000),
      '\\u000a'.repeat(30_000),
    ]) {
      const text = `${'x'.repeat(90)}${TOKEN.slice(0, 12)}${run}${TOKEN.slice(12)} and more`;
      expect(leaks(text, TOKEN)).toBe(true);
      for (const shown of [cutText(text, 100), quoteText(text), cutText(text, 100, { spaced: true })]) {
        expect(shown).toContain(`${'x'.repeat(90)}***`);
        expect(shown).not.toContain(TOKEN.slice(0, 5));
      }
    }
  });

  it('an error page: a token split across lines or tags is scrubbed, with the spaces taken out too', () => {
    registerSecret(TOKEN);
    registerSecret('tok_abcdef123');
    expect(readErrorBody('<p>tok_abc</p>\n<p>def123</p>', 'text/html').message).toBe(
      'non-JSON response (text/html): ***',
    );
    for (const page of [
      `<p>${TOKEN.slice(0, 7)}</p>\n<p>${TOKEN.slice(7)}</p>`,
      `<html><body>\n  <pre>${TOKEN.slice(0, 4)}\n  ${TOKEN.slice(4, 20)}\r\n\t${TOKEN.slice(20)}</pre></body></html>`,
      `Sign in: ${TOKEN.slice(0, 10)}<br/>${TOKEN.slice(10)}`,
      // Across the cut at 200 characters.
      `${'x'.repeat(190)} ${TOKEN.slice(0, 5)}\n${TOKEN.slice(5)}`,
    ]) {
      const message = readErrorBody(page, 'text/html').message ?? '';
      expect(message).toContain('***');
      expect(leaks(message, TOKEN)).toBe(false);
      expect(leaks(message.replace(/\s+/g, ''), TOKEN)).toBe(false);
      expect(message).not.toContain(TOKEN.slice(0, 4));
    }
  });

  // Each red-team pattern, and generated mixes of hostile pieces, through every pass.
  it.each([
    [
      'the redactor',
      {
        redact: (t: string) => redact(t),
        'redact, spaces taken out': (t: string) => redact(t, { spaced: true }),
      },
    ],
    [
      'every cut: a message, a quote, an error page, a capped list',
      {
        cutText: (t: string) => cutText(t, 100),
        quoteText: (t: string) => quoteText(t),
        'an error page': (t: string) => readErrorBody(t, 'text/html'),
        'a capped list output': (t: string) => capJsonList([t]),
      },
    ],
  ])(
    '%s costs at most in proportion to the text, whatever the text',
    (_, passes) => {
      registerSecret(TOKEN);
      for (const pattern of redTeam) linear(pattern, passes);
      fc.assert(
        fc.property(hostile, (pattern) => linear(pattern, passes)),
        { numRuns: 4 },
      );
      expect(sink).not.toBeNaN();
    },
    120_000,
  );
});
