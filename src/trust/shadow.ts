/**
 * The normalised shadow the redactor searches (escapes decoded, case folded, line breaks dropped), read where a
 * secret may start rather than decoded ahead, so the text around a secret cannot change how it reads (`%4` before
 * `1...`); each position offers every reading it has, up to {@link DEPTH} escapes deep.
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

/** How many positions the marks of a sweep over line breaks are kept for: more than any reading spans. */
const RING = 512;

/**
 * More than the most units one character's reading spans (216: a named reference of 16 letters, its `&`, each letter
 * and its `;` written as `&#x00000064;`), so a search of a head of a text knows where a reading may run past its end.
 */
export const READING_REACH = 256;

const BACKSLASH = 0x5c;
const PERCENT = 0x25;
const AMPERSAND = 0x26;
const PLUS = 0x2b;
const CR = 0x0d;
const LF = 0x0a;

/** Characters with readings other than themselves: they start an escape, are a line break, or are a form's space. */
const SPECIAL = new Uint8Array(128);
for (const unit of [BACKSLASH, PERCENT, AMPERSAND, PLUS, CR, LF]) SPECIAL[unit] = 1;

/** What a search wants a position to read as: one (folded) unit, or the units of a table. */
type Wanted = number | Uint8Array;

/** The line breaks, as a table of wanted units. */
const BREAKS = new Uint8Array(0x10000);
BREAKS[CR] = 1;
BREAKS[LF] = 1;

function isWanted(unit: number, wanted: Wanted): boolean {
  return typeof wanted === 'number' ? unit === wanted : wanted[unit] === 1;
}

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
const NAMED: Record<string, string> = {
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
};

/** The names as a trie of folded units, walked a unit at a time without building strings. */
interface NameNode {
  readonly next: Map<number, NameNode>;
  /** What the name that ends here reads as. */
  value?: string;
  /** Whether a name goes on with this (folded) unit. */
  readonly goesOn: (unit: number) => boolean;
}
function nameNode(): NameNode {
  const next = new Map<number, NameNode>();
  return { next, goesOn: (unit) => next.has(unit) };
}
const NAMES = nameNode();
for (const [name, value] of Object.entries(NAMED)) {
  let node = NAMES;
  for (let i = 0; i < name.length; i++) {
    const unit = name.charCodeAt(i);
    const child = node.next.get(unit) ?? nameNode();
    node.next.set(unit, child);
    node = child;
  }
  node.value = value;
}

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

/** What `\\` and the (folded) unit after it read as, 0 for none. */
function jsonShort(unit: number): number {
  return JSON_SHORT[unit] ?? 0;
}

function isDecimal(unit: number): boolean {
  return unit >= 0x30 && unit <= 0x39;
}

function isHex(unit: number): boolean {
  return hexDigit(unit) >= 0;
}

/** The parts of escapes, each as a test of a folded unit (module constants: parts are read at every escape). */
const isPercent = (unit: number) => unit === PERCENT;
const isJsonPart = (unit: number) => unit === 0x75 || jsonShort(unit) !== 0;
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

/** The readings of one text per position and depth (exported for its test of `NeedleSet.spans`). */
export class Reader {
  /**
   * Readings of recent positions, by `(at % MEMO) * (DEPTH + 1) + depth`, with the position they are of: a ring, as
   * readings look only a short way past the search, so a hostile text of nothing but escapes costs no more memory.
   */
  private memoAt: Int32Array | undefined;
  private readonly memo: Reading[][] = [];
  /** The marks of `withBreaks`: `rounds * (text.length + 1) + position`, so an earlier sweep's mark reads as none. */
  private marked: Float64Array | undefined;
  private rounds = 0;
  /** Per needle and character, the positions a search read it at: a later search finds nothing new there. */
  private readonly searched = new Map<string, Uint8Array>();
  readonly text: string;
  /** Where the text may go on past its end: a chain of readings that gets this far may spell a needle there. */
  readonly openFrom: number;

  constructor(text: string, openFrom = Infinity) {
    this.text = text;
    this.openFrom = openFrom;
  }

  /** Every reading of the text at `at`, escapes nested up to `depth` deep. */
  readingsAt(at: number, depth = DEPTH): Reading[] {
    const plain = depth === DEPTH && at < this.text.length ? plainReadings(this.text, at) : undefined;
    return plain ?? this.readSlowly(at, depth);
  }

  /** `readingsAt` without the shortcut of `plainReadings` (exported for the test that holds the two together). */
  readSlowly(at: number, depth = DEPTH): Reading[] {
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
    const unit = this.text.charCodeAt(at);
    // A plain character is only itself.
    if (at < this.text.length && !isSpecial(unit))
      return accept(foldUnit(unit)) ? [{ text: this.text.charAt(at), end: at + 1 }] : [];
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
      const only = frontier.length === 1 ? frontier[0] : undefined;
      if (only && this.plainDigits(only, base, max, runs)) return runs;
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

  /**
   * Walks one run on over plain characters (the common case), adding each longer run to `runs`; true when no digit
   * can follow, false when the run stops at a special character, which may be an escaped digit.
   */
  private plainDigits(run: Run, base: 10 | 16, max: number, runs: Run[]): boolean {
    const text = this.text;
    let { value, end, count } = run;
    for (; count < max && end < text.length; end++) {
      const unit = text.charCodeAt(end);
      if (isSpecial(unit)) break;
      const folded = foldUnit(unit);
      if (base === 16 ? !isHex(folded) : !isDecimal(folded)) return true;
      value = value * base + hexDigit(folded);
      count++;
      runs.push({ value, end: end + 1, count });
    }
    if (count === max || end >= text.length) return true;
    run.value = value;
    run.end = end;
    run.count = count;
    return false;
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
      const short = jsonShort(foldUnit(part.text.charCodeAt(0)));
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
    let names = [{ node: NAMES, end: at }];
    while (names.length > 0) {
      names = names.flatMap(({ node, end }) =>
        this.parts(end, depth - 1, node.goesOn).map((c) => ({
          // `goesOn` took only a unit the node has a child for.
          node: node.next.get(foldUnit(c.text.charCodeAt(0))) as NameNode,
          end: c.end,
        })),
      );
      for (const { node, end } of names)
        if (node.value !== undefined) this.withSemicolon(node.value, end, depth, out);
    }
  }

  /**
   * `at` and every position after line breaks from it (literal or escaped), as a secret may wrap there; not the
   * positions of literal breaks, which read as nothing else.
   */
  afterBreaks(at: number): number[] {
    return this.withBreaks([at]);
  }

  /** The positions of `from` and after line breaks from them, each once, in order, a run costing its length. */
  private withBreaks(from: Iterable<number>, key?: string): number[] {
    const text = this.text;
    const starts = Array.from(from).sort((a, b) => a - b);
    const only = starts.length === 1 ? (starts[0] ?? 0) : -1;
    // The common case: one position where no break is read.
    if (only >= 0 && !isSpecial(text.charCodeAt(only))) return starts;
    let seen: Uint8Array | undefined;
    if (key !== undefined) {
      seen = this.searched.get(key);
      if (!seen) this.searched.set(key, (seen = new Uint8Array((text.length >> 3) + 1)));
    }
    const marked = (this.marked ??= new Float64Array(RING).fill(-1));
    const round = ++this.rounds * (text.length + 1);
    const out: number[] = [];
    let next = 0;
    let furthest = -1;
    const mark = (position: number) => {
      marked[position % RING] = round + position;
      furthest = Math.max(furthest, position);
    };
    for (let position = starts[0] ?? 0; position <= text.length; position++) {
      if (position > furthest) {
        // Nothing marked ahead: on to the next start, if any.
        if (next === starts.length) break;
        position = Math.max(position, starts[next] ?? 0);
      }
      const start = starts[next] === position;
      if (start) next++;
      if (!start && marked[position % RING] !== round + position) continue;
      if (seen) {
        const bit = 1 << (position & 7);
        if (((seen[position >> 3] ?? 0) & bit) !== 0) continue;
        seen[position >> 3] = (seen[position >> 3] ?? 0) | bit;
      }
      const unit = text.charCodeAt(position);
      if (unit === LF || unit === CR) mark(position + 1);
      else {
        out.push(position);
        if (isSpecial(unit) && mayRead(text, position, BREAKS))
          for (const r of this.readingsAt(position)) if (isLineBreak(r.text)) mark(r.end);
      }
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
    while (k < needle.length) {
      if (position >= this.openFrom) return text.length;
      if (position >= text.length) return -1;
      const unit = text.charCodeAt(position);
      if (isSpecial(unit))
        return mayRead(text, position, needle.charCodeAt(k)) || mayRead(text, position, BREAKS)
          ? this.completeSlowly(needle, position, k)
          : -1;
      if (foldUnit(unit) !== needle.charCodeAt(k)) return -1;
      position++;
      k++;
    }
    return position;
  }

  /**
   * Every chain of readings at once: `ends[k]` holds where the readings of the first k characters may end. Each
   * position is read once per k, so a needle's search costs the span it covers, line breaks and all.
   */
  private completeSlowly(needle: string, at: number, index: number): number {
    const ends: Set<number>[] = [];
    ends[index] = new Set([at]);
    for (let k = index; k < needle.length; k++) {
      const from = ends[k];
      if (!from) continue;
      const wanted = needle.charCodeAt(k);
      for (const start of k > 0 ? this.withBreaks(from, `${k}:${needle}`) : from) {
        if (start >= this.openFrom) return this.text.length;
        const unit = this.text.charCodeAt(start);
        // Read only where a reading may give the character wanted (the breaks after it were found above).
        if (isSpecial(unit) ? !mayRead(this.text, start, wanted) : foldUnit(unit) !== wanted) continue;
        for (const r of this.readingsAt(start))
          if (spells(r.text, needle, k)) (ends[k + r.text.length] ??= new Set()).add(r.end);
      }
    }
    let last = -1;
    for (const end of ends[needle.length] ?? []) last = Math.max(last, end);
    return last;
  }
}

/**
 * The readings at `at` where the escapes there have plain parts (none itself an escape, a percent escape one byte),
 * else undefined for the reader: reading them without its nesting keeps a long run of escapes cheap.
 */
export function plainReadings(text: string, at: number): Reading[] | undefined {
  const unit = text.charCodeAt(at);
  const out: Reading[] = [{ text: text.charAt(at), end: at + 1 }];
  if (unit === PLUS) out.push({ text: ' ', end: at + 1 });
  if (!isIntro(unit)) return out;
  const first = plainEscape(text, unit, at + 1);
  if (!first) return undefined;
  for (const r of first) {
    addReading(out, r.text, r.end);
    if (r.text.length !== 1 || !isIntro(r.text.charCodeAt(0))) continue;
    const more = plainEscape(text, r.text.charCodeAt(0), r.end);
    if (!more) return undefined;
    for (const m of more) addReading(out, m.text, m.end);
  }
  return out;
}

/** What `plainPart` gives for a part that may be an escape that reads as a part wanted there. */
const ESCAPED = -2;

const isHashOrName = (unit: number) => unit === 0x23 || NAMES.next.has(unit);
const isXOrDecimal = (unit: number) => unit === 0x78 || isDecimal(unit);

/**
 * The folded part of an escape at `p`, one level down: -1 past the end or for an escape no unit `accept`s; `ESCAPED`
 * for one that may (the reader's to follow). With `literal`, each character is only itself.
 */
function plainPart(text: string, p: number, accept: (unit: number) => boolean, literal: boolean): number {
  if (p >= text.length) return -1;
  const unit = text.charCodeAt(p);
  if (literal || !isIntro(unit)) return foldUnit(unit);
  if (accept(unit)) return ESCAPED;
  const readings = plainEscape(text, unit, p + 1, true);
  if (!readings) return ESCAPED;
  return readings.some((r) => r.text.length === 1 && accept(foldUnit(r.text.charCodeAt(0)))) ? ESCAPED : -1;
}

/** Adds a reference's reading ending at `end`, and with the `;` after it; false where that part may be an escape. */
function readReference(text: string, value: string, end: number, out: Reading[], literal: boolean): boolean {
  addReading(out, value, end);
  const semicolon = plainPart(text, end, isSemicolon, literal);
  if (semicolon === 0x3b) addReading(out, value, end + 1);
  return semicolon !== ESCAPED;
}

/**
 * The readings of the escape that `intro` starts, its parts from `at` (see `plainPart`); undefined where a part may
 * be an escape that reads as a part, or a percent escape is a byte of a longer UTF-8 sequence.
 */
function plainEscape(text: string, intro: number, at: number, literal = false): Reading[] | undefined {
  const out: Reading[] = [];
  const part = (p: number, accept: (unit: number) => boolean) => plainPart(text, p, accept, literal);
  if (intro === PERCENT) {
    const high = part(at, isHex);
    const low = high === ESCAPED || hexDigit(high) < 0 ? -1 : part(at + 1, isHex);
    if (high === ESCAPED || low === ESCAPED) return undefined;
    if (hexDigit(high) < 0 || hexDigit(low) < 0) return out;
    const byte = hexDigit(high) * 16 + hexDigit(low);
    if (byte >= 0x80) return undefined;
    out.push({ text: String.fromCharCode(byte), end: at + 2 });
    return out;
  }
  if (intro === BACKSLASH) {
    const kind = part(at, isJsonPart);
    if (kind === ESCAPED) return undefined;
    const short = jsonShort(kind);
    if (short !== 0) out.push({ text: String.fromCharCode(short), end: at + 1 });
    if (kind !== 0x75) return out;
    let value = 0;
    for (let p = at + 1; p < at + 5; p++) {
      const digit = part(p, isHex);
      if (digit === ESCAPED) return undefined;
      if (hexDigit(digit) < 0) return out;
      value = value * 16 + hexDigit(digit);
    }
    out.push({ text: String.fromCharCode(value), end: at + 5 });
    return out;
  }
  // `&`: every prefix of a number or a name reads, with or without the `;` after it.
  const first = part(at, isHashOrName);
  if (first === ESCAPED) return undefined;
  if (first === 0x23) {
    const second = part(at + 1, isXOrDecimal);
    if (second === ESCAPED) return undefined;
    const hex = second === 0x78;
    let value = 0;
    for (let p = at + (hex ? 2 : 1); p < at + (hex ? 10 : 9); p++) {
      const digit = part(p, hex ? isHex : isDecimal);
      if (digit === ESCAPED) return undefined;
      const d = hex ? hexDigit(digit) : isDecimal(digit) ? digit - 0x30 : -1;
      if (d < 0) break;
      value = value * (hex ? 16 : 10) + d;
      if (value <= 0x10ffff && !readReference(text, String.fromCodePoint(value), p + 1, out, literal))
        return undefined;
    }
    // `&#x` also starts a decimal number that has no digit: nothing more.
    return out;
  }
  for (let node = NAMES, p = at, letter = first; ; letter = part(++p, node.goesOn)) {
    if (letter === ESCAPED) return undefined;
    const child = letter >= 0 ? node.next.get(letter) : undefined;
    if (!child) return out;
    node = child;
    if (node.value !== undefined && !readReference(text, node.value, p + 1, out, literal)) return undefined;
  }
}

/** A secret, or one of its whole-text encodings (hex, base64), as searched: folded, without line breaks. */
export function needle(form: string) {
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
  if (intro === BACKSLASH) return isJsonPart(folded);
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

/**
 * Whether an escape that reads as `code` and ends at `end` gives a wanted unit, or starts an escape that may (unless
 * it is itself one that an escape's reading started: escapes nest two deep).
 */
function decodes(text: string, code: number, end: number, wanted: Wanted, last: boolean): boolean {
  return (
    isWanted(foldUnit(firstUnit(code)), wanted) ||
    (!last && isIntro(code) && escapeMayRead(text, code, end, wanted, true))
  );
}

/** The same for a reference, which reads the same with or without the `;` after it. */
function references(text: string, code: number, end: number, wanted: Wanted, last: boolean): boolean {
  return (
    decodes(text, code, end, wanted, last) ||
    (text.charCodeAt(end) === 0x3b && decodes(text, code, end + 1, wanted, last))
  );
}

/** Whether `at` may read as a wanted unit, without the reader: one level of plain escapes decoded, else yes. */
function mayRead(text: string, at: number, wanted: Wanted): boolean {
  const unit = text.charCodeAt(at);
  if (isWanted(unit, wanted)) return true;
  if (unit === PLUS) return isWanted(0x20, wanted);
  return isIntro(unit) && escapeMayRead(text, unit, at + 1, wanted, false);
}

/** The same for the escape that `intro` starts, its parts from `at`; `last` for one an escape's reading started. */
function escapeMayRead(text: string, intro: number, at: number, wanted: Wanted, last: boolean): boolean {
  if (nested(text, at)) return true;
  const next = text.charCodeAt(at);
  if (intro === PERCENT) {
    if (nested(text, at + 1)) return true;
    const high = hexDigit(next);
    const low = hexDigit(text.charCodeAt(at + 1));
    if (high < 0 || low < 0) return false;
    return high >= 8 || decodes(text, high * 16 + low, at + 2, wanted, last);
  }
  if (intro === BACKSLASH) {
    const folded = foldUnit(next);
    const short = jsonShort(folded);
    if (short !== 0) return decodes(text, short, at + 1, wanted, last);
    if (folded !== 0x75) return false;
    let value = 0;
    for (let k = at + 1; k < at + 5; k++) {
      if (nested(text, k)) return true;
      const digit = hexDigit(text.charCodeAt(k));
      if (digit < 0) return false;
      value = value * 16 + digit;
    }
    return decodes(text, value, at + 5, wanted, last);
  }
  // `&`: every prefix of a number or a name is a reading.
  if (next === 0x23) {
    // The part after `#` is read (and checked for an escape) by the loop; an `x` is not one.
    const hex = (text.charCodeAt(at + 1) | 0x20) === 0x78;
    let value = 0;
    for (let k = at + (hex ? 2 : 1); k < at + (hex ? 10 : 9); k++) {
      if (nested(text, k)) return true;
      const part = text.charCodeAt(k);
      const digit = hex ? hexDigit(part) : part >= 0x30 && part <= 0x39 ? part - 0x30 : -1;
      if (digit < 0) break;
      value = value * (hex ? 16 : 10) + digit;
      if (value <= 0x10ffff && references(text, value, k + 1, wanted, last)) return true;
    }
    return false;
  }
  // The trie ends within the longest name (16 letters), so the walk does too.
  for (let node = NAMES, k = at; ; k++) {
    if (nested(text, k)) return true;
    const child = node.next.get(foldUnit(text.charCodeAt(k)));
    if (!child) return false;
    node = child;
    const value = node.value;
    if (value !== undefined && references(text, value.charCodeAt(0), k + 1, wanted, last)) return true;
  }
}

/** The units outside ASCII that fold to an ASCII letter, listed (finding them costs ~10 ms); a test checks. */
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
  /** Where a needle may start, found natively: its first unit, an escape, a `+`, or a unit outside ASCII. */
  private candidates: RegExp | undefined;

  add(n: ReturnType<typeof needle>): void {
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

  /** The spans of `text` whose shadow reads as a needle, merged; of a head, a reading reaching `openFrom` too. */
  spans(text: string, openFrom = Infinity): [number, number][] {
    const reader = new Reader(text, openFrom);
    const spans: [number, number][] = [];
    const candidates = (this.candidates ??= this.findCandidates());
    candidates.lastIndex = 0;
    while (candidates.test(text)) {
      const i = candidates.lastIndex - 1;
      if (i >= openFrom) break;
      const unit = text.charCodeAt(i);
      if (isSpecial(unit)) {
        if (mayRead(text, i, this.starts)) this.startSpecial(reader, i, spans);
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
export function addSpan(spans: [number, number][], start: number, end: number): void {
  const last = spans[spans.length - 1];
  if (last && start <= last[1]) last[1] = Math.max(last[1], end);
  else spans.push([start, end]);
}
