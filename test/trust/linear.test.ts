/**
 * No text stalls a step: the redactor, and every cut of untrusted text, costs at most in proportion to the text,
 * whatever it holds (a run of URL schemes; a secret's first character, then a long run of line breaks, escaped or
 * not), and scrubbing only the head of a long text changes nothing that is shown. Times are only compared with a
 * plain scan of the same text in the same run, the least of a few runs of each: a busy machine slows both alike.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readErrorBody } from '../../src/api/http.js';
import { capJsonList } from '../../src/runtime/output.js';
import { redact, registerSecret } from '../../src/trust/redact.js';
import { cutText, quoteText } from '../../src/trust/text.js';
import { leaks } from '../helpers/secrets.js';

/** The one pattern URL credentials were scrubbed with: from every scheme, it read the rest of the URL again. */
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

/** A plain pass over the text, each unit read once: what any pass over it costs at least. */
function scan(text: string): number {
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum = (sum + text.charCodeAt(i)) | 0;
  return sum;
}
let sink = 0;

/** The least time, in ms, of `runs` runs of `work`. */
function least(work: () => unknown, runs: number): number {
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    const started = performance.now();
    const out = work();
    best = Math.min(best, performance.now() - started);
    sink ^= typeof out === 'number' ? out : 1;
  }
  return best;
}

/**
 * How many plain scans of the same text a pass may cost at most. The redactor reads escapes where a plain scan adds
 * numbers (about 200 scans' worth on a text of nothing but escaped line breaks); a pass that rereads the text from
 * each of its positions costs thousands of scans at 64 KiB, and a million at 4 MiB.
 */
const MOST_SCANS = 2000;

/** Line breaks in each form the redactor reads, URL schemes, and the first characters of the token, written as it may be. */
const hostilePieces = [
  ...[
    '\n',
    '\r\n',
    '\r',
    '%0A',
    '%0d',
    '%250A',
    '\\n',
    '\\r',
    '\\u000a',
    '\\U000D',
    '%5Cn',
    '&#10;',
    '&#x0A',
    '&#13',
  ],
  ...[
    '&NewLine;',
    '&amp;#10;',
    'http://',
    'https:',
    'https://',
    'HTTP://',
    'ws://',
    'socks5h://',
    '@',
    ' ',
    '<',
    '>',
  ],
  ...[
    TOKEN.slice(0, 1),
    TOKEN.slice(0, 8),
    TOKEN.slice(0, -1),
    '%74%6F%6B',
    '\\u0074ok_',
    '&#116;ok_',
    '746f6b5f',
  ],
  ...[Buffer.from(TOKEN).toString('base64').slice(0, 12), 'x', '+'],
];

/** 64 KiB to `2 ** most` units of one short mix of pieces over and over, after a near-token prefix. */
const hostile = (most: number) =>
  fc
    .record({
      lead: fc.constantFrom('', TOKEN.slice(0, 1), TOKEN.slice(0, 12), '%74%6F%6B'),
      unit: fc
        .array(fc.constantFrom(...hostilePieces), { minLength: 1, maxLength: 5 })
        .map((p) => p.join('')),
      bits: fc.integer({ min: 16, max: most }),
    })
    .map(({ lead, unit, bits }) => lead + unit.repeat(Math.ceil(2 ** bits / unit.length)));

/**
 * The red team's two patterns, each at 4 MiB: a run of URL schemes, and a token's first character then breaks; and
 * breaks each of which holds the first character of the token's base64 (`\\U000D`), so a search starts in every one.
 */
const MIB4 = 4 * 1024 * 1024;
const redTeam = [
  '\\U000D\r'.repeat(MIB4 / 7),
  'http://'.repeat(MIB4 / 7),
  'https:'.repeat(MIB4 / 6),
  `${TOKEN[0] ?? ''}${'\n'.repeat(MIB4)}`,
  `${TOKEN[0] ?? ''}${'%0A'.repeat(MIB4 / 3)}`,
  `${TOKEN[0] ?? ''}${'\\u000a'.repeat(MIB4 / 6)}`,
  `${TOKEN[0] ?? ''}${'&#10;'.repeat(MIB4 / 5)}`,
];

/**
 * Holds each pass over `text` under `MOST_SCANS` plain scans of it (the least of two runs of each, one of a long text:
 * the bound is several times what a linear pass costs, and a quadratic one misses it a thousandfold).
 */
function bounded(text: string, passes: Record<string, (text: string) => unknown>): void {
  const runs = text.length < 1024 * 1024 ? 2 : 1;
  const plain = least(() => scan(text), 5);
  for (const [name, pass] of Object.entries(passes)) {
    const scans = least(() => pass(text), runs) / plain;
    const what = `${name} of ${text.length} units: ${JSON.stringify(text.slice(0, 40))}…`;
    expect(scans, what).toBeLessThan(MOST_SCANS);
  }
}

describe('a pass over untrusted text', () => {
  // First, while no secret is registered: these compare what needs none.
  it('scrubs URL credentials as the one pattern did', () => {
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

  it('reads an error page as the tag pattern did', () => {
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

  it('the redactor costs at most in proportion to the text, whatever the text (up to 4 MiB)', () => {
    registerSecret(TOKEN);
    const passes = {
      redact: (text: string) => redact(text),
      'redact, spaces taken out': (text: string) => redact(text, { spaced: true }),
    };
    // The red team's texts at 4 MiB, then mixes of hostile pieces up to 1 MiB.
    for (const text of redTeam) bounded(text, { redact: passes.redact });
    fc.assert(
      fc.property(hostile(20), (text) => bounded(text, passes)),
      { numRuns: 6 },
    );
    expect(sink).not.toBeNaN();
  }, 600_000);

  it('so does every cut: a message, a quote, an error page, a capped list (up to 1 MiB)', () => {
    registerSecret(TOKEN);
    const passes = {
      cutText: (text: string) => cutText(text, 100),
      quoteText: (text: string) => quoteText(text),
      'an error page': (text: string) => readErrorBody(text, 'text/html'),
      'a capped list output': (text: string) => capJsonList([text]),
    };
    fc.assert(
      fc.property(hostile(20), (text) => bounded(text, passes)),
      { numRuns: 4, examples: redTeam.map((text) => [text.slice(0, 1024 * 1024)]) },
    );
  }, 600_000);
});
