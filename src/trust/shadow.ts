/**
 * The normalised shadow of a text, as the redactor searches it: escapes and references decoded, case folded, line
 * breaks between characters dropped, each character of the shadow tied to the span of the original it was read from.
 *
 * The shadow is read where a secret may start, not decoded once for the whole text: decoding ahead of the search lets
 * the text around a secret change how the secret reads (`%4` before a token that starts with `1` would read as `A`,
 * and `\\` before one that starts with `u0041` would read as `\A`), and a token echoed as it is would survive. Here each
 * position offers every reading it has (a `%` is itself, or with the two characters after it a byte), and a secret is
 * found when some chain of readings spells it, so a match is the exact span of the original to replace.
 *
 * The readings of one character: itself in either case; `+` as a space (a form); JSON's `\uXXXX` (one UTF-16 unit) and
 * `\"` `\\` `\/` `\b` `\f` `\n` `\r` `\t`; percent escapes of its UTF-8 bytes; HTML references, decimal (`&#43;`), hex
 * (`&#x2B;`) and the named references of ASCII characters (`&plus;`), with or without the `;`. Escapes nest up to
 * {@link DEPTH} deep: the characters of an escape may themselves be escaped (`%252B`, `%5Cu002B`, `&amp;#43;`).
 */

/** One way to read the text at a position: what it says (one character, or two UTF-16 units) and where it ends. */
interface Reading {
  text: string;
  end: number;
}

/**
 * How deep escapes nest: 2 reads double URL-encoding (`%252B`) and one encoder's escape inside another's (`%5Cu002B`,
 * `&amp;#43;`). Each level costs: text of nothing but nested escapes reads at ~0.3 s per MiB at 2, twice that at 3.
 */
const DEPTH = 2;

/** How many positions the readings are kept for (see `Reader`). */
const MEMO = 256;

const BACKSLASH = 0x5c;
const PERCENT = 0x25;
const AMPERSAND = 0x26;
const PLUS = 0x2b;
const CR = 0x0d;
const LF = 0x0a;

/** Characters with readings other than themselves: they start an escape, are a line break, or are a form's space. */
const SPECIAL = new Uint8Array(128);
for (const unit of [BACKSLASH, PERCENT, AMPERSAND, PLUS, CR, LF]) SPECIAL[unit] = 1;

function isSpecial(unit: number): boolean {
  return unit < 128 && SPECIAL[unit] === 1;
}

function isLineBreak(text: string): boolean {
  return text === '\n' || text === '\r';
}

/**
 * Case folding of one UTF-16 unit, computed on first use (the whole table costs ~10 ms, too much for every step's
 * start): lower case of upper case where each is one unit, so `ſ`, `ı`, the Kelvin sign and `ς` fold with their
 * letters; a letter whose other case is longer (`ß`, `İ`) stays itself.
 */
const foldCache = new Int32Array(0x10000).fill(-1);

export function foldUnit(unit: number): number {
  const folded = foldCache[unit] ?? -1;
  return folded >= 0 ? folded : foldFirst(unit);
}

function foldFirst(unit: number): number {
  const char = String.fromCharCode(unit);
  const upper = char.toUpperCase();
  const lower = (upper.length === 1 ? upper : char).toLowerCase();
  const folded = lower.length === 1 ? lower.charCodeAt(0) : unit;
  foldCache[unit] = folded;
  return folded;
}

export function fold(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += String.fromCharCode(foldUnit(text.charCodeAt(i)));
  return out;
}

/** HTML's named references of ASCII characters (keys folded: a text upper-cased as a whole still reads). */
const NAMED: ReadonlyMap<string, string> = new Map(
  Object.entries({
    tab: '\t',
    newline: '\n',
    excl: '!',
    quot: '"',
    num: '#',
    dollar: '$',
    percnt: '%',
    amp: '&',
    apos: "'",
    lpar: '(',
    rpar: ')',
    ast: '*',
    midast: '*',
    plus: '+',
    comma: ',',
    period: '.',
    sol: '/',
    colon: ':',
    semi: ';',
    lt: '<',
    equals: '=',
    gt: '>',
    quest: '?',
    commat: '@',
    lsqb: '[',
    lbrack: '[',
    bsol: '\\',
    rsqb: ']',
    rbrack: ']',
    hat: '^',
    lowbar: '_',
    underbar: '_',
    grave: '`',
    diacriticalgrave: '`',
    lcub: '{',
    lbrace: '{',
    verbar: '|',
    vert: '|',
    verticalline: '|',
    rcub: '}',
    rbrace: '}',
    fjlig: 'fj',
  }),
);
const NAME_PREFIXES = new Set(
  [...NAMED.keys()].flatMap((name) => Array.from(name).map((_, i) => name.slice(0, i + 1))),
);

/** JSON's short escapes: what `\\` and the (folded) unit after it read as, 0 for none. */
const JSON_SHORT = new Uint16Array(128);
for (const [key, value] of Object.entries({
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
}))
  JSON_SHORT[key.charCodeAt(0)] = value.charCodeAt(0);

function isDecimal(unit: number): boolean {
  return unit >= 0x30 && unit <= 0x39;
}

function isHex(unit: number): boolean {
  return hexDigit(unit) >= 0;
}

/** The parts of escapes, each as a test of a folded unit (module constants: parts are read at every escape). */
const isPercent = (unit: number) => unit === PERCENT;
const isJsonPart = (unit: number) => unit === 0x75 || (unit < 128 && JSON_SHORT[unit] !== 0);
const isSemicolon = (unit: number) => unit === 0x3b;
const isHash = (unit: number) => unit === 0x23;
const isX = (unit: number) => unit === 0x78;

/** Adds a reading unless it is there: many paths through nested escapes read the same (`\\\\\\` and so on). */
function addReading(out: Reading[], text: string, end: number): void {
  for (const r of out) if (r.end === end && r.text === text) return;
  out.push({ text, end });
}

interface Run {
  value: number;
  end: number;
  count: number;
}

/**
 * The readings of one text, kept per position and depth: a secret's characters and several needles walk the same
 * escapes, and an escape's parts are read again at each depth. (Exported for its test, which matches by readings
 * alone to check the shortcuts of `NeedleSet.spans`.)
 */
export class Reader {
  /**
   * Readings of recent positions, by `(at % MEMO) * (DEPTH + 1) + depth`, with the position they are of: a ring, as
   * readings look only a short way past the search, so a hostile text of nothing but escapes costs no more memory.
   */
  private memoAt: Int32Array | undefined;
  private readonly memo: Reading[][] = [];
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  /** Every reading of the text at `at`, escapes nested up to `depth` deep. */
  readingsAt(at: number, depth = DEPTH): Reading[] {
    const text = this.text;
    if (at >= text.length) return [];
    const unit = text.charCodeAt(at);
    if (!isSpecial(unit)) return [{ text: text.charAt(at), end: at + 1 }];
    // Made on first use: most texts (a log line) have no escape worth reading.
    const memoAt = (this.memoAt ??= new Int32Array(MEMO * (DEPTH + 1)).fill(-1));
    const key = (at % MEMO) * (DEPTH + 1) + depth;
    const known = memoAt[key] === at ? this.memo[key] : undefined;
    if (known) return known;
    const out: Reading[] = [{ text: text.charAt(at), end: at + 1 }];
    if (unit === PLUS) addReading(out, ' ', at + 1);
    if (depth > 0 && (unit === PERCENT || unit === BACKSLASH || unit === AMPERSAND)) {
      // The escape's own first character may be escaped too (`%25` for the `%` of `%2B`).
      for (const intro of this.readingsAt(at, depth - 1)) {
        if (intro.text === '%') this.percent(intro.end, depth, out);
        else if (intro.text === '\\') this.jsonEscape(intro.end, depth, out);
        else if (intro.text === '&') this.reference(intro.end, depth, out);
      }
    }
    memoAt[key] = at;
    this.memo[key] = out;
    return out;
  }

  /** The readings at `at` that are one unit that `accept`s (folded): the parts of an escape. */
  private parts(at: number, depth: number, accept: (unit: number) => boolean): Reading[] {
    const out: Reading[] = [];
    for (const r of this.readingsAt(at, depth))
      if (r.text.length === 1 && accept(foldUnit(r.text.charCodeAt(0)))) out.push(r);
    return out;
  }

  /** Runs of 1 to `max` digits from `at`, every prefix a candidate. */
  private digits(at: number, depth: number, base: 10 | 16, max: number): Run[] {
    const runs: Run[] = [];
    let frontier: Run[] = [{ value: 0, end: at, count: 0 }];
    while (frontier.length > 0) {
      const next: Run[] = [];
      for (const run of frontier) {
        if (run.count === max) continue;
        for (const digit of this.parts(run.end, depth, base === 16 ? isHex : isDecimal)) {
          const value = run.value * base + hexDigit(foldUnit(digit.text.charCodeAt(0)));
          if (!next.some((n) => n.value === value && n.end === digit.end))
            next.push({ value, end: digit.end, count: run.count + 1 });
        }
      }
      runs.push(...next);
      frontier = next;
    }
    return runs;
  }

  /** The bytes of the two hex digits after a `%` that ends at `at`. */
  private byteAfter(at: number, depth: number): Run[] {
    return this.digits(at, depth - 1, 16, 2).filter((run) => run.count === 2);
  }

  /** A whole percent escape at `at`: its `%` (read a level down) and two hex digits. */
  private byteAt(at: number, depth: number): Run[] {
    return this.parts(at, depth - 1, isPercent).flatMap((intro) => this.byteAfter(intro.end, depth));
  }

  /** A percent-encoded character after its `%`: one byte below 0x80, or a well-formed UTF-8 sequence of escapes. */
  private percent(at: number, depth: number, out: Reading[]): void {
    for (const lead of this.byteAfter(at, depth)) {
      if (lead.value < 0x80) {
        addReading(out, String.fromCharCode(lead.value), lead.end);
        continue;
      }
      const more = lead.value >= 0xf0 ? 3 : lead.value >= 0xe0 ? 2 : lead.value >= 0xc2 ? 1 : 0;
      if (more === 0 || lead.value > 0xf4) continue;
      let partial = [{ code: lead.value & (0x3f >> more), end: lead.end }];
      for (let k = 0; k < more; k++) {
        partial = partial.flatMap((p) =>
          this.byteAt(p.end, depth)
            .filter((b) => b.value >= 0x80 && b.value <= 0xbf)
            .map((b) => ({ code: (p.code << 6) | (b.value & 0x3f), end: b.end })),
        );
      }
      const least = [0, 0x80, 0x800, 0x10000][more] ?? 0;
      for (const p of partial) {
        if (p.code >= least && p.code <= 0x10ffff && (p.code < 0xd800 || p.code > 0xdfff))
          addReading(out, String.fromCodePoint(p.code), p.end);
      }
    }
  }

  /** A JSON escape after its backslash: `\uXXXX` or one of the short escapes. */
  private jsonEscape(at: number, depth: number, out: Reading[]): void {
    for (const part of this.parts(at, depth - 1, isJsonPart)) {
      const short = JSON_SHORT[foldUnit(part.text.charCodeAt(0))] ?? 0;
      if (short !== 0) addReading(out, String.fromCharCode(short), part.end);
      else
        for (const run of this.digits(part.end, depth - 1, 16, 4))
          if (run.count === 4) addReading(out, String.fromCharCode(run.value), run.end);
    }
  }

  /** A reference's reading that ends at `end`, and the same with the `;` after it. */
  private withSemicolon(value: string, end: number, depth: number, out: Reading[]): void {
    addReading(out, value, end);
    for (const semi of this.parts(end, depth - 1, isSemicolon)) addReading(out, value, semi.end);
  }

  /** An HTML reference after its `&`: `#` and decimal digits, `#x` and hex digits, or a name. */
  private reference(at: number, depth: number, out: Reading[]): void {
    for (const hash of this.parts(at, depth - 1, isHash)) {
      const runs = [
        ...this.digits(hash.end, depth - 1, 10, 8),
        ...this.parts(hash.end, depth - 1, isX).flatMap((x) => this.digits(x.end, depth - 1, 16, 8)),
      ];
      for (const run of runs)
        if (run.value <= 0x10ffff) this.withSemicolon(String.fromCodePoint(run.value), run.end, depth, out);
    }
    let names = [{ name: '', end: at }];
    while (names.length > 0) {
      names = names.flatMap((n) =>
        this.parts(n.end, depth - 1, (c) => NAME_PREFIXES.has(n.name + String.fromCharCode(c))).map((c) => ({
          name: n.name + fold(c.text),
          end: c.end,
        })),
      );
      for (const n of names) {
        const value = NAMED.get(n.name);
        if (value !== undefined) this.withSemicolon(value, n.end, depth, out);
      }
    }
  }

  /** `at` and every position after line breaks from it (literal or escaped), as a secret may wrap there. */
  afterBreaks(at: number): number[] {
    const out = [at];
    for (let k = 0; k < out.length; k++) {
      const from = out[k] ?? at;
      if (!isSpecial(this.text.charCodeAt(from))) continue;
      for (const r of this.readingsAt(from)) if (isLineBreak(r.text) && !out.includes(r.end)) out.push(r.end);
    }
    return out;
  }

  /**
   * Where a reading of `needle` ends, given that its first `index` characters were read up to `at`; -1 if none does.
   * The common case (no special character) walks the text without allocating.
   */
  complete(needle: string, at: number, index: number): number {
    const text = this.text;
    let position = at;
    let k = index;
    while (k < needle.length && position < text.length) {
      const unit = text.charCodeAt(position);
      if (isSpecial(unit))
        return mayRead(text, position, undefined, needle.charCodeAt(k))
          ? this.completeSlowly(needle, position, k)
          : -1;
      if (foldUnit(unit) !== needle.charCodeAt(k)) return -1;
      position++;
      k++;
    }
    return k === needle.length ? position : -1;
  }

  /** Every chain of readings at once: `ends[k]` holds where the readings of the first k characters may end. */
  private completeSlowly(needle: string, at: number, index: number): number {
    const ends: number[][] = [];
    ends[index] = [at];
    for (let k = index; k < needle.length; k++) {
      for (const from of ends[k] ?? []) {
        for (const start of k > 0 ? this.afterBreaks(from) : [from]) {
          for (const r of this.readingsAt(start)) {
            if (!spells(r.text, needle, k)) continue;
            const list = (ends[k + r.text.length] ??= []);
            if (!list.includes(r.end)) list.push(r.end);
          }
        }
      }
    }
    const done = ends[needle.length];
    return done ? Math.max(...done) : -1;
  }
}

/** A secret, or one of its whole-text encodings (hex, base64), as searched: folded, without line breaks. */
export interface Needle {
  folded: string;
}

export function needle(form: string): Needle {
  return { folded: fold(form.replace(/[\r\n]/g, '')) };
}

function spells(reading: string, needle: string, index: number): boolean {
  if (index + reading.length > needle.length) return false;
  for (let i = 0; i < reading.length; i++)
    if (foldUnit(reading.charCodeAt(i)) !== needle.charCodeAt(index + i)) return false;
  return true;
}

/** Whether a part of an escape (`%`, `\`, `&`) may start here: an escape inside an escape, left to the reader. */
function isIntro(unit: number): boolean {
  return unit === PERCENT || unit === BACKSLASH || unit === AMPERSAND;
}

/** Whether the escape that `intro` starts may go on at `at` (`%2`, `\\u`, `&#`, `&l`, or an escape in turn). */
function continues(intro: number, text: string, at: number): boolean {
  const unit = text.charCodeAt(at);
  if (isIntro(unit)) return true;
  if (intro === PERCENT) return hexDigit(unit) >= 0;
  // Folded as the reader folds the parts of an escape (`&ſol;` is `&sol;`).
  const folded = foldUnit(unit);
  if (intro === BACKSLASH) return folded === 0x75 || (folded < 128 && JSON_SHORT[folded] !== 0);
  return folded === 0x23 || (folded >= 0x61 && folded <= 0x7a);
}

/** Whether the part of an escape at `at` may be an escape itself (`%2541`'s `%25`, `&%2365;`'s `%23`). */
function nested(text: string, at: number): boolean {
  const unit = text.charCodeAt(at);
  return isIntro(unit) && continues(unit, text, at + 1);
}

function hexDigit(unit: number): number {
  if (unit >= 0x30 && unit <= 0x39) return unit - 0x30;
  const lower = unit | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/** The first UTF-16 unit of a code point. */
function firstUnit(code: number): number {
  return code > 0xffff ? 0xd800 + ((code - 0x10000) >> 10) : code;
}

function isWanted(unit: number, table: Uint8Array | undefined, target: number): boolean {
  return table ? table[unit] === 1 : unit === target || unit === LF || unit === CR;
}

/** Whether an escape that reads as `code` and ends at `end` gives a wanted unit, or may start a nested escape. */
function decodes(
  text: string,
  code: number,
  end: number,
  table: Uint8Array | undefined,
  target: number,
): boolean {
  return isWanted(foldUnit(firstUnit(code)), table, target) || (isIntro(code) && continues(code, text, end));
}

/** The same for a reference, which reads the same with or without the `;` after it. */
function references(
  text: string,
  code: number,
  end: number,
  table: Uint8Array | undefined,
  target: number,
): boolean {
  return (
    decodes(text, code, end, table, target) ||
    (text.charCodeAt(end) === 0x3b && decodes(text, code, end + 1, table, target))
  );
}

/**
 * Whether the special position `at` may read as a wanted unit (folded), decided without the reader (which allocates):
 * false only when no reading there begins with one. Wanted: a unit of `table`, or else `target` or a line break. It
 * decodes one level of escapes whose parts are plain; where a part is itself an escape, a decoded `%`, `\\` or `&` may
 * start another, or the bytes are UTF-8, it says yes and leaves the answer to the reader.
 */
function mayRead(text: string, at: number, table: Uint8Array | undefined, target: number): boolean {
  const unit = text.charCodeAt(at);
  if (isWanted(unit, table, target)) return true;
  if (unit === PLUS) return isWanted(0x20, table, target);
  if (!isIntro(unit)) return false;
  if (nested(text, at + 1)) return true;
  const next = text.charCodeAt(at + 1);
  if (unit === PERCENT) {
    if (nested(text, at + 2)) return true;
    const high = hexDigit(next);
    const low = hexDigit(text.charCodeAt(at + 2));
    if (high < 0 || low < 0) return false;
    return high >= 8 || decodes(text, high * 16 + low, at + 3, table, target);
  }
  if (unit === BACKSLASH) {
    const folded = foldUnit(next);
    const short = folded < 128 ? (JSON_SHORT[folded] ?? 0) : 0;
    if (short !== 0) return decodes(text, short, at + 2, table, target);
    if (folded !== 0x75) return false;
    let value = 0;
    for (let k = at + 2; k < at + 6; k++) {
      if (nested(text, k)) return true;
      const digit = hexDigit(text.charCodeAt(k));
      if (digit < 0) return false;
      value = value * 16 + digit;
    }
    return decodes(text, value, at + 6, table, target);
  }
  // `&`: every prefix of a number or a name is a reading.
  if (next === 0x23) {
    if (nested(text, at + 2)) return true;
    const hex = (text.charCodeAt(at + 2) | 0x20) === 0x78;
    let value = 0;
    for (let k = at + (hex ? 3 : 2); k < at + (hex ? 11 : 10); k++) {
      if (nested(text, k)) return true;
      const part = text.charCodeAt(k);
      const digit = hex ? hexDigit(part) : part >= 0x30 && part <= 0x39 ? part - 0x30 : -1;
      if (digit < 0) break;
      value = value * (hex ? 16 : 10) + digit;
      if (value <= 0x10ffff && references(text, value, k + 1, table, target)) return true;
    }
    return false;
  }
  let name = '';
  for (let k = at + 1; k < at + 17; k++) {
    if (nested(text, k)) return true;
    const candidate = name + String.fromCharCode(foldUnit(text.charCodeAt(k)));
    if (!NAME_PREFIXES.has(candidate)) return false;
    name = candidate;
    const value = NAMED.get(name);
    if (value !== undefined && references(text, value.charCodeAt(0), k + 1, table, target)) return true;
  }
  return false;
}

/**
 * The units outside ASCII whose fold is an ASCII letter (`ı`, `ſ`, the Kelvin sign): they may start a needle that starts
 * with that letter. Listed rather than found (finding them folds all 65,536 units, ~10 ms at every step's start); a
 * test checks the list against every unit.
 */
export const FOLDS_INTO_ASCII: ReadonlyMap<number, number> = new Map([
  [0x131, 0x69],
  [0x17f, 0x73],
  [0x212a, 0x6b],
]);

function unitClass(units: Iterable<number>): string {
  return `[${[...units].map((unit) => `\\u${unit.toString(16).padStart(4, '0')}`).join('')}]`;
}

/** The units that fold to the ASCII `folded`. */
function asciiVariants(folded: number): number[] {
  const out = [folded, String.fromCharCode(folded).toUpperCase().charCodeAt(0)];
  for (const [unit, into] of FOLDS_INTO_ASCII) if (into === folded) out.push(unit);
  return [...new Set(out)];
}

/** The needles, indexed by their first (folded) unit, so a position tries only those that can start there. */
export class NeedleSet {
  private readonly byFirst = new Map<number, string[]>();
  /** Folded units some needle starts with. */
  private readonly starts = new Uint8Array(0x10000);
  private readonly units = new Set<number>();
  /**
   * Where a needle may start, found natively (a scan in JavaScript costs several times more on text without escapes):
   * a needle's first unit in any case before one that may be its second (or a special character, or any unit outside
   * ASCII, which may fold to it); an escape; a `+`; any unit outside ASCII where a needle starts outside ASCII. Each
   * alternative is one unit long, so `lastIndex - 1` is where it starts.
   */
  private candidates: RegExp | undefined;

  add(n: Needle): void {
    const first = n.folded.charCodeAt(0);
    const list = this.byFirst.get(first) ?? [];
    if (list.includes(n.folded)) return;
    list.push(n.folded);
    this.byFirst.set(first, list);
    this.starts[first] = 1;
    for (let i = 0; i < n.folded.length; i++) this.units.add(n.folded.charCodeAt(i));
    this.candidates = undefined;
  }

  private findCandidates(): RegExp {
    const alternatives = ['[\\\\%&+]'];
    for (const [first, list] of this.byFirst) {
      if (first >= 128) {
        alternatives.push('[^\\x00-\\x7f]');
        continue;
      }
      const seconds = new Set(list.map((folded) => folded.charCodeAt(1)).filter((unit) => unit < 128));
      const next = unitClass([...seconds].flatMap(asciiVariants));
      alternatives.push(`${unitClass(asciiVariants(first))}(?=${next}|[\\\\%&+\\r\\n]|[^\\x00-\\x7f])`);
    }
    return new RegExp([...new Set(alternatives)].join('|'), 'g');
  }

  get empty(): boolean {
    return this.byFirst.size === 0;
  }

  /** Whether some needle holds this character (folded). */
  holds(char: string): boolean {
    return this.units.has(foldUnit(char.charCodeAt(0)));
  }

  /** The spans `[start, end)` of `text` whose shadow reads as a needle, in order, overlapping ones merged. */
  spans(text: string): [number, number][] {
    const reader = new Reader(text);
    const spans: [number, number][] = [];
    const candidates = (this.candidates ??= this.findCandidates());
    candidates.lastIndex = 0;
    while (candidates.test(text)) {
      const i = candidates.lastIndex - 1;
      const unit = text.charCodeAt(i);
      if (isSpecial(unit)) {
        if (mayRead(text, i, this.starts, 0)) this.startSpecial(reader, i, spans);
        continue;
      }
      let end = -1;
      for (const folded of this.byFirst.get(foldUnit(unit)) ?? [])
        end = Math.max(end, reader.complete(folded, i + 1, 1));
      if (end >= 0) addSpan(spans, i, end);
    }
    return spans;
  }

  private startSpecial(reader: Reader, at: number, spans: [number, number][]): void {
    let end = -1;
    for (const r of reader.readingsAt(at)) {
      if (isLineBreak(r.text)) continue;
      for (const folded of this.byFirst.get(foldUnit(r.text.charCodeAt(0))) ?? [])
        if (spells(r.text, folded, 0)) end = Math.max(end, reader.complete(folded, r.end, r.text.length));
    }
    if (end >= 0) addSpan(spans, at, end);
  }
}

/** Adds `[start, end)` to spans found in order of their start, merged with the last one where they overlap. */
function addSpan(spans: [number, number][], start: number, end: number): void {
  const last = spans[spans.length - 1];
  if (last && start <= last[1]) last[1] = Math.max(last[1], end);
  else spans.push([start, end]);
}
