/**
 * The shortcuts of the shadow search (src/trust/shadow.ts): a native scan for where a needle may start, a walk over
 * plain text. Each may only skip work, never a match: the search finds exactly what matching by the reader's readings
 * alone, at every position, finds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FOLDS_INTO_ASCII, foldUnit, needle, NeedleSet, Reader } from '../../src/trust/shadow.js';

/** Every span where the readings spell a needle, found the long way: every position, every reading. */
function spansByReadings(text: string, needles: string[]): [number, number][] {
  const reader = new Reader(text);
  const spans: [number, number][] = [];
  for (let i = 0; i < text.length; i++) {
    let end = -1;
    for (const folded of needles) {
      const ends: Set<number>[] = Array.from({ length: folded.length + 1 }, () => new Set<number>());
      ends[0]?.add(i);
      for (let k = 0; k < folded.length; k++) {
        for (const from of ends[k] ?? []) {
          for (const at of k > 0 ? reader.afterBreaks(from) : [from]) {
            for (const r of reader.readingsAt(at)) {
              const read = r.text.replace(/[^]/g, (unit) =>
                String.fromCharCode(foldUnit(unit.charCodeAt(0))),
              );
              if (k + read.length <= folded.length && folded.startsWith(read, k))
                ends[k + read.length]?.add(r.end);
            }
          }
        }
      }
      for (const e of ends[folded.length] ?? []) end = Math.max(end, e);
    }
    if (end < 0) continue;
    const last = spans[spans.length - 1];
    if (last && i <= last[1]) last[1] = Math.max(last[1], end);
    else spans.push([i, end]);
  }
  return spans;
}

/** Escapes and their parts, nested and broken, plain letters in both cases and the units that fold into them. */
const pieces = [
  ...['%', '2', '5', '4', '1', '6', 'B', 'c', 'C', 'u', 'U', '0', '\\', '&', '#', 'x', 'X', ';', '"', '/'],
  ...'amp lt plus NewLine a A k K s S \u0131 \u017f \u212a i é É'.split(' '),
  ...['+', ' ', '\n', '\r', '\r\n', ...'\\n %0A %C3%A9 \\u00e9 &#233; &#x41; %2541 %5Cu0041'.split(' ')],
  ...'%%34%31 &%2365; &#%36%35; \\%750041 &amp;#65; sol; \u017fol; %26 \\\\u0041 %252B &#43 \\u002b'.split(
    ' ',
  ),
  ...'fj &fjlig; \ud83d\ude00 %F0%9F%98%80'.split(' '),
];
const text = fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((parts) => parts.join(''));
const needleText = fc
  .array(fc.constantFrom(...Array.from('aAksi/+ %&;1é\\fj\ud83d\ude00')), { minLength: 4, maxLength: 6 })
  .map((chars) => chars.join(''));

/** One character in a form an encoder may write it in. */
const writeChar: ((char: string) => string)[] = [
  (c) => c,
  (c) => c.toUpperCase(),
  (c) => Array.from(Buffer.from(c), (b) => `%${b.toString(16)}`).join(''),
  (c) => Array.from(Buffer.from(c), (b) => `%25${b.toString(16).toUpperCase()}`).join(''),
  (c) => Array.from(c, (u) => `\\u${u.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
  (c) => `&#${c.codePointAt(0) ?? 0};`,
  (c) => `&#x${(c.codePointAt(0) ?? 0).toString(16)}`,
  (c) => `${c}\n`,
  // Escapes whose parts are escaped in turn, their first character left as it is.
  (c) =>
    Array.from(
      Buffer.from(c),
      (b) => `%${Array.from(b.toString(16), (d) => `%${d.charCodeAt(0).toString(16)}`).join('')}`,
    ).join(''),
  (c) => `&%23${c.codePointAt(0) ?? 0};`,
  (c) => Array.from(c, (u) => `\\%75${u.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
];

/** Text around a needle written a character at a time, whole or short of its last character. */
const textWith = (forms: string[]) =>
  fc
    .tuple(
      text,
      fc.constantFrom(...forms),
      fc.array(fc.nat(writeChar.length - 1), { minLength: 8, maxLength: 8 }),
      fc.boolean(),
      text,
    )
    .map(([before, form, how, whole, after]) => {
      const chars = Array.from(whole ? form : form.slice(0, -1));
      return (
        before + chars.map((c, i) => (writeChar[how[i % how.length] ?? 0] ?? String)(c)).join('') + after
      );
    });

describe('the shadow search', () => {
  it('knows every unit outside ASCII that folds into ASCII', () => {
    const found = new Map<number, number>();
    for (let unit = 0x80; unit < 0x10000; unit++) {
      const folded = foldUnit(unit);
      if (folded < 0x80) found.set(unit, folded);
    }
    expect(found).toEqual(FOLDS_INTO_ASCII);
  });

  it('finds a needle behind each kind of nesting the shortcuts must not pass over', () => {
    const set = new NeedleSet();
    set.add(needle('/abcd'));
    // `/` written with its escape's parts escaped, its first character escaped, or both; and folded name letters.
    for (const slash of '%26\u017fol; %26sol; &\u017fol; %%32%46 &%2347; &#%34%37; \\%75002F'.split(' ')) {
      const text = `x${slash}abcd`;
      expect(spansByReadings(text, ['/abcd']), slash).toEqual([[1, text.length]]);
      expect(set.spans(text), slash).toEqual([[1, text.length]]);
    }
    for (const slash of ['%5Cu002F', '&amp;sol;', '&amp;#47;', '%252F', '\\\\u002f', '&SOL;', '&#X2f'])
      expect(set.spans(`x${slash}abcd`), slash).toEqual([[1, slash.length + 5]]);
  });

  it('finds exactly the spans that matching by readings at every position finds', () => {
    let matched = 0;
    fc.assert(
      fc.property(
        fc
          .array(needleText, { minLength: 1, maxLength: 3 })
          .chain((forms) => fc.tuple(fc.constant(forms), textWith(forms))),
        ([forms, value]) => {
          const set = new NeedleSet();
          for (const form of forms) set.add(needle(form));
          const expected = spansByReadings(value, forms.map(needle));
          if (expected.length > 0) matched++;
          expect(set.spans(value)).toEqual(expected);
        },
      ),
      { numRuns: 1000 },
    );
    // The property is about matches: enough of the texts hold one.
    expect(matched).toBeGreaterThan(100);
  });
});
