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
        if (isSpecial(unit)) for (const r of this.readingsAt(position)) if (isLineBreak(r.text)) mark(r.end);
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
      if (isSpecial(unit)) return this.completeSlowly(needle, position, k);
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
        // A plain character reads only as itself (the breaks after it were found above).
        if (!isSpecial(unit) && foldUnit(unit) !== wanted) continue;
        for (const r of this.readingsAt(start))
          if (spells(r.text, needle, k)) (ends[k + r.text.length] ??= new Set()).add(r.end);
      }
    }
    let last = -1;
    for (const end of ends[needle.length] ?? []) last = Math.max(last, end);
    return last;
  }
}

/** A secret, or one of its whole-text encodings (hex, base64), as searched: folded, without line breaks. */
export function needle(form: string): string {
  const text = form.replace(/[\r\n]/g, '');
  let out = '';
  for (let i = 0; i < text.length; i++) out += String.fromCharCode(foldUnit(text.charCodeAt(i)));
  return out;
}

function spells(reading: string, needle: string, index: number): boolean {
  if (index + reading.length > needle.length) return false;
  for (let i = 0; i < reading.length; i++)
    if (foldUnit(reading.charCodeAt(i)) !== needle.charCodeAt(index + i)) return false;
  return true;
}

function hexDigit(unit: number): number {
  if (unit >= 0x30 && unit <= 0x39) return unit - 0x30;
  const lower = unit | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
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
  private readonly units = new Set<number>();
  /** Where a needle may start, found natively: its first unit, an escape, a `+`, or a unit outside ASCII. */
  private candidates: RegExp | undefined;

  add(folded: string): void {
    const first = folded.charCodeAt(0);
    const list = this.byFirst.get(first) ?? [];
    if (list.includes(folded)) return;
    list.push(folded);
    this.byFirst.set(first, list);
    for (let i = 0; i < folded.length; i++) this.units.add(folded.charCodeAt(i));
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
        this.startSpecial(reader, i, spans);
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
