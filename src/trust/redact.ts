/**
 * The redactor: scrubs the step's secrets from any text, found in its normalised shadow (shadow.ts) and as hex and
 * base64, and URL credentials. Every pass is linear: the text is chosen by others.
 */
import { addSpan, needle, NeedleSet, READING_REACH } from './shadow.js';

/** Every registered secret, and its hex and base64 texts. */
const needles = new NeedleSet();
const registered = new Set<string>();

/** Very short values would blank out ordinary words; a real token is never this short. */
const MIN_SECRET = 4;

/** A secret's base64 inside a longer text: for each of three offsets, the characters its bytes alone decide. */
function base64Forms(secret: Buffer): string[] {
  const out: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), secret]).toString('base64');
    const start = Math.ceil((offset * 4) / 3);
    const end = Math.floor(((offset + secret.length) * 4) / 3);
    const core = encoded.slice(start, end);
    out.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return out;
}

/** Registers a value that must never appear in anything the step writes (the API token, a registry password). */
export function registerSecret(value: string | undefined): void {
  if (!value || value.length < MIN_SECRET || registered.has(value)) return;
  registered.add(value);
  const bytes = Buffer.from(value, 'utf8');
  for (const form of [value, bytes.toString('hex'), ...base64Forms(bytes)]) {
    const folded = needle(form);
    if (folded.length >= MIN_SECRET) needles.add(folded);
  }
}

/** How a text is scrubbed; by default, a whole text as it is. */
export interface Scrub {
  /**
   * A head cut for display: what may start a secret or URL credentials running past its end is scrubbed to the end.
   */
  head?: boolean;
  /** Whitespace between a secret's characters is taken out, as for the text of an HTML page (`tok_abc def123`). */
  spaced?: boolean;
}

/** Where a URL of these schemes starts its userinfo (not `docker-pullable://image@sha256:...`). */
const URL_START = /\b(?:https?|wss?|ftps?|socks[45]?h?):\/\//gi;
/** Where such a URL ends. */
const URL_END = /[\s'"<>]/g;

/**
 * `https://user:password@`: the userinfo up to the URL's last `@` becomes `***`. A loop reading each URL once, not a
 * pattern that rereads it from every later scheme.
 */
function scrubUrlCredentials(text: string, head: boolean): string {
  let out = '';
  let from = 0;
  URL_START.lastIndex = 0;
  while (URL_START.test(text)) {
    const userinfo = URL_START.lastIndex;
    URL_END.lastIndex = userinfo;
    const end = URL_END.test(text) ? URL_END.lastIndex - 1 : text.length;
    // The URL's last `@`; a head's URL that runs to its end may have one past it.
    const at = head && end === text.length ? end : userinfo + text.slice(userinfo, end).lastIndexOf('@');
    if (at >= userinfo) {
      out += `${text.slice(from, userinfo)}***`;
      from = at;
    }
    URL_START.lastIndex = end;
  }
  return out + text.slice(from);
}

const WHITESPACE = /\s+/g;

/** `text` without whitespace, and where each of its units was in `text`. */
function withoutWhitespace(text: string): { text: string; at: Int32Array } {
  const at = new Int32Array(text.length);
  const parts: string[] = [];
  let kept = 0;
  let from = 0;
  WHITESPACE.lastIndex = 0;
  for (;;) {
    const blank = WHITESPACE.exec(text);
    const stop = blank ? blank.index : text.length;
    for (let i = from; i < stop; i++) at[kept++] = i;
    parts.push(text.slice(from, stop));
    if (!blank) return { text: parts.join(''), at: at.subarray(0, kept) };
    from = WHITESPACE.lastIndex;
  }
}

/** The spans of `text` that read as a secret; of a head, whether one was found before its last stretch. */
function secretSpans(text: string, how: Scrub): { spans: [number, number][]; found: boolean } {
  const squeezed = how.spaced ? withoutWhitespace(text) : undefined;
  const searched = squeezed?.text ?? text;
  const openFrom = how.head ? Math.max(0, searched.length - READING_REACH) : Infinity;
  const spans = needles.spans(searched, openFrom);
  const found = spans.length > 0;
  if (openFrom < searched.length) addSpan(spans, openFrom, searched.length);
  if (!squeezed) return { spans, found };
  const at = (i: number) => squeezed.at[i] ?? text.length;
  const original = spans.map(([start, end]): [number, number] => [
    at(start),
    how.head && end === searched.length ? text.length : at(end - 1) + 1,
  ]);
  return { spans: original, found };
}

/** Replaces each span that reads as a secret, and URL credentials, with `***` (a head as its whole text would). */
export function redact(text: string, how: Scrub = {}): string {
  let out = scrubUrlCredentials(text, how.head === true);
  if (needles.empty) return out;
  // Again while a secret was found and one holds `*`: the text around a `***` may then spell it (`a***b` around a
  // secret `***`; `*` starts no escape, so nothing else can). Each round shortens the text, so this ends.
  for (;;) {
    const { spans, found } = secretSpans(out, how);
    let next = '';
    let from = 0;
    for (const [start, end] of spans) {
      next += `${out.slice(from, start)}***`;
      from = end;
    }
    out = next + out.slice(from);
    if (!found || !needles.holds('*')) return out;
  }
}
