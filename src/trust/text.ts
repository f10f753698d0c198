/**
 * Neutralisers for untrusted text: nothing it says may act on the runner when logged or notify people on GitHub; and
 * the one way every message counts in words (`plural`).
 */
import { redact, type Scrub } from './redact.js';
import { READING_REACH } from './shadow.js';

/**
 * A word for `count` of a thing: `1 commit`, but `2 commits`; `plural(n, 'is', 'are')` for a verb. Here, the lowest
 * text module, so a log line or an error of any layer counts in words.
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}

/** Every kind of line break something downstream may split a line on. */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
/** Other control characters (a terminal escape could repaint the log); the tab stays. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f]/g;
/** Shown where a line break was. */
export const LINE_BREAK_MARK = ' ⏎ ';
/** Keeps two characters apart without showing anything. */
const ZWSP = '\u200b';

/** The text on one line: each line break shown as ⏎, other control characters as �. */
export function oneLine(text: string): string {
  return text.replace(LINE_BREAK, LINE_BREAK_MARK).replace(CONTROL, '\ufffd');
}

/** One line the runner cannot read as a command: a leading `::` and any `##[` broken by a zero-width space. */
export function noCommand(text: string): string {
  return oneLine(text)
    .replace(/^(\s*):(?=:)/, `$1:${ZWSP}`)
    .replace(/##\[/g, `#${ZWSP}#[`);
}

/** `@user` and `@org/team` are no longer mentions (a zero-width space after `@`); `qa@example.com` stays. */
export function noMention(text: string): string {
  return text.replace(/(?<![A-Za-z0-9_])@(?=[\p{L}\p{N}_-])/gu, `@${ZWSP}`);
}

/** Control, formatting and separator characters as `\uXXXX`: none left can drive a terminal or reorder a line. */
export function showInvisible(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, (c) => {
    const code = c.codePointAt(0) ?? 0;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** Where a JSON text fails to parse, never quoting it (the engine's message does). */
export function jsonSyntaxProblem(error: unknown, text: string): string {
  if (text.trim() === '') return 'it is empty';
  const offset = jsonErrorOffset(error, text);
  if (offset === undefined) return 'it is not valid JSON (it ends too early)';
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `it is not valid JSON (line ${line}, column ${column})`;
}

/** The offset in `text` where JSON.parse failed with `error`; undefined when the text only ends too early. */
export function jsonErrorOffset(error: unknown, text: string): number | undefined {
  const position = /position (\d+)/.exec(error instanceof Error ? error.message : '');
  return position ? Number(position[1]) : firstBadOffset(text);
}

/** Where JSON.parse stopped when its message gives no position, by halving; undefined if it only ends early. */
function firstBadOffset(text: string): number | undefined {
  const failsInside = (end: number): boolean => {
    try {
      JSON.parse(text.slice(0, end));
      return false;
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      const at = /position (\d+)/.exec(message);
      return at ? Number(at[1]) < end : !/end of JSON/i.test(message);
    }
  };
  if (!failsInside(text.length)) return undefined;
  let low = 1;
  let high = text.length;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (failsInside(middle)) high = middle;
    else low = middle + 1;
  }
  return low - 1;
}

/** A character that breaks a line (see `LINE_BREAK`). */
const BREAKS_LINE = /[\n\r\v\f\u0085\u2028\u2029]/;
/** The first character of a line that is not blank. */
const NOT_BLANK = /[^\s\u0085]/g;

/** A service's text for a one-line message: its first line cut at `max`, quoted, escaped, scrubbed. */
export function quoteText(text: string, max = 100): string {
  NOT_BLANK.lastIndex = 0;
  const rest = NOT_BLANK.test(text) ? text.slice(NOT_BLANK.lastIndex - 1) : '';
  // The line is read from the scrubbed text, and scrubbed before it is escaped: a secret split across lines is
  // scrubbed whole, and an escaped one would no longer be found. Read further while all after `max` may be blanks.
  let line: string[];
  for (let count = 2 * max; ; count *= 2) {
    const { chars, more } = scrubbedHead(rest, count);
    const end = chars.findIndex((c) => BREAKS_LINE.test(c));
    line = Array.from((end >= 0 ? chars.slice(0, end) : chars).join('').trim());
    if (end >= 0 || line.length > max || !more) break;
  }
  const cut = line.length > max ? `${line.slice(0, max).join('')}…` : line.join('');
  return showInvisible(JSON.stringify(cut));
}

/** A value from a JSON answer for a one-line message: a string quoted as `quoteText` does, anything else as JSON. */
export function quoteValue(value: unknown, max = 100): string {
  return quoteText(typeof value === 'string' ? value : JSON.stringify(value), max);
}

/** Untrusted text cut to `max`, scrubbed first: a secret cut in half would no longer be found. */
export function cutText(text: string, max: number, how: Pick<Scrub, 'spaced'> = {}): string {
  const { chars, more } = scrubbedHead(text, max, how);
  return more ? `${chars.join('')}…` : chars.join('');
}

/** `text` scrubbed, or undefined when sure to be longer than `limit` (a head tells, cheaply). */
export function scrubbedWithin(text: string, limit: number): string | undefined {
  const size = 2 * limit + HEAD_MARGIN;
  // All but the `***` a head's scrub ends with is what the whole text's scrub begins with.
  if (text.length > size && redact(text.slice(0, size), { head: true }).length - 3 > limit) return undefined;
  return redact(text);
}

/** What a head scrubbed beyond what is kept starts with, before it grows. */
const HEAD_MARGIN = 4 * READING_REACH;

/**
 * The first `count` characters of the scrubbed text and whether it has more, scrubbing a head that grows fourfold
 * until what is kept comes before the mask at its end.
 */
function scrubbedHead(text: string, count: number, how: Pick<Scrub, 'spaced'> = {}) {
  for (let size = 2 * count + HEAD_MARGIN; ; size *= 4) {
    if (size >= text.length) {
      const chars = Array.from(redact(text, how));
      return { chars: chars.slice(0, count), more: chars.length > count };
    }
    const chars = Array.from(redact(text.slice(0, size), { ...how, head: true }));
    if (chars.length > count + 3) return { chars: chars.slice(0, count), more: true };
  }
}

/** A page's text on one line, each tag a space: a loop, as a pattern would look for `>` again from every `<` of `<<<…`. */
export function pageText(page: string): string {
  let out = '';
  let from = 0;
  for (let open = page.indexOf('<'); open >= 0; open = page.indexOf('<', from)) {
    const close = page.indexOf('>', open + 1);
    if (close < 0) break;
    out += `${page.slice(from, open)} `;
    from = close + 1;
  }
  return (out + page.slice(from)).replace(/\s+/g, ' ').trim();
}
