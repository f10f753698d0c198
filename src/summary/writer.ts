// The one job-summary writer: whatever came from the server or the user is escaped, links only http(s), and the whole
// stays under a byte budget (GitHub drops a step summary over 1 MiB), ending with a note of what was left out.
import { appendFileSync } from 'node:fs';
import { redact } from '../trust/redact.js';
import { LINE_BREAK_MARK, noMention, oneLine, plural } from '../trust/text.js';

/** GitHub's limit is 1 MiB per step; keep room for the truncation note. */
export const SUMMARY_LIMIT = 1024 * 1024 - 4 * 1024;

export type Cell =
  | string
  | number
  | boolean
  | null
  | undefined
  /** A link (http(s) only); `after` is text after it and a space, e.g. a state linked to its page, then why. */
  | { text: string; href?: string | null | undefined; after?: string }
  | { code: string }
  /** Lines folded under `<details>` in the cell, e.g. the pods of an artifact; each line is escaped. */
  | { details: string; lines: string[] };

/**
 * Escapes text for an inline place of Markdown, on one line (a line break becomes `<br>`), with no mention left: only
 * what GitHub would read as markup. Within a URL with numeric entities (an autolink would take a backslash in): ugly
 * but safe, as a URL left whole could carry a crafted link, an image or emphasis.
 */
export function escapeText(text: string): string {
  // Scrubbed before escaping: once escaped (`_` → `\_`) a token no longer matches the runner's mask.
  // Leading blanks are dropped: four of them (or a tab) would make a paragraph a code block.
  const line = escapeMarkup(noMention(oneLine(redact(text))).replace(/^[ \t]+/, ''));
  // Only the first line can start a block: the others follow a `<br>` inside the same paragraph or cell.
  return line
    .replace(BLOCK_START, (mark: string) => (/^\d/.test(mark) ? `${mark}\\` : `\\${mark}`))
    .replaceAll(LINE_BREAK_MARK, '<br>');
}

/** What would start a block: a heading (`# `), a list item (`- `, `+ `, `1. `, `1) `) or a break (`---`); not `#3`. */
const BLOCK_START =
  /^(?:#(?=#{0,5}(?:[ \t]|$))|[+-](?=[ \t]|$)|-(?=(?:[ \t]*-){2,}[ \t]*$)|\d{1,9}(?=[.)](?:[ \t]|$)))/;

const MARKUP = /[\\`*[\]|~<>(]|&(?=#?\w+;)|_+/g;

/** A run GitHub's autolink may take, up to an ASCII space (an escaped `<`'s `&lt;` does not end it). */
const URL_RUN = /(?:(?:https?|ftp):\/\/|www\.)[^ \t\n\r\f\v]*/gi;

function escapeMarkup(text: string): string {
  // A backslash inside a URL is read as part of it, leaving the next character live: an entity there instead.
  const runs = [...text.matchAll(URL_RUN)].map((m) => [m.index, m.index + m[0].length] as const);
  let next = 0;
  const inUrl = (at: number) => {
    while (next < runs.length && (runs[next]?.[1] ?? 0) <= at) next++;
    const run = runs[next];
    return run !== undefined && run[0] <= at;
  };
  const escaped = (char: string, at: number) => (inUrl(at) ? entity(char) : `\\${char}`);
  return text.replace(MARKUP, (match: string, at: number) => {
    if (match === '<') return '&lt;';
    if (match === '>') return '&gt;';
    if (match === '&') return '&amp;';
    // `](` is how a link goes on: with the bracket escaped it is text already, the parenthesis too for a reader.
    if (match === '(') return text[at - 1] === ']' ? escaped('(', at) : '(';
    if (match.startsWith('_')) {
      // `_` is emphasis only at the edge of a word (`snake_case` stays as it is).
      const inWord = /\w/.test(text[at - 1] ?? '') && /\w/.test(text[at + match.length] ?? '');
      return inWord ? match : Array.from({ length: match.length }, (_, k) => escaped('_', at + k)).join('');
    }
    return escaped(match, at);
  });
}

/** A character as a numeric entity: read as that character, never as markup, and taken apart by no link. */
function entity(char: string): string {
  return `&#${String(char.codePointAt(0))};`;
}

function htmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An http(s) URL made safe for a Markdown link, or undefined (a `javascript:` link, say, is dropped). */
export function safeUrl(href: string | null | undefined): string | undefined {
  // Scrubbed before it is encoded: `%28` for `(` would hide a token from the redactor.
  const url = href ? URL.parse(redact(href)) : null;
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) return undefined;
  // No credentials; `@()<> |\\` escaped: no mention, no end of a table cell, no escape of what follows.
  url.username = '';
  url.password = '';
  return url.href.replace(
    /[()<> @|\\]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

export function link(text: string, href: string | null | undefined): string {
  const url = safeUrl(href);
  return url ? `[${escapeText(text)}](${url})` : escapeText(text);
}

function cell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('code' in value)
      // Markdown between the tags is still read: every markup character an entity, and `|`, which would end the cell.
      return `<code>${htmlText(oneLine(redact(value.code))).replace(/[|`*_~[\]\\!]/g, entity)}</code>`;
    if ('details' in value)
      return `<details><summary>${escapeText(value.details)}</summary>${value.lines.map(escapeText).join('<br>')}</details>`;
    return `${link(value.text, value.href)}${value.after ? ` ${escapeText(value.after)}` : ''}`;
  }
  return escapeText(String(value));
}

export class SummaryWriter {
  private readonly blocks: string[] = [];
  private bytes = 0;
  private omitted = 0;
  private readonly limit: number;
  private readonly fullDataHint: string;
  private readonly cutReason: string;

  constructor(options: { limit?: number; fullDataHint?: string; cutReason?: string } = {}) {
    this.limit = options.limit ?? SUMMARY_LIMIT;
    this.fullDataHint = options.fullDataHint ?? 'the `result-file` output';
    this.cutReason = options.cutReason ?? "This summary was cut to stay under GitHub's 1 MiB limit";
  }

  get truncated(): boolean {
    return this.omitted > 0;
  }

  /** Adds Markdown, scrubbed and with no mention left; false (and counted) when it would pass the budget. */
  private add(text: string, weight = 1): boolean {
    const markdown = noMention(redact(text));
    const size = Buffer.byteLength(markdown) + 1;
    if (this.omitted > 0 || this.bytes + size > this.limit) {
      this.omitted += weight;
      return false;
    }
    this.blocks.push(markdown);
    this.bytes += size;
    return true;
  }

  heading(text: string, level: 1 | 2 | 3 | 4 = 2): this {
    return this.markdown(`${'#'.repeat(level)} ${escapeText(text)}`);
  }

  paragraph(text: string): this {
    return this.markdown(escapeText(text));
  }

  markdown(markdown: string): this {
    this.add(`${markdown}\n`);
    return this;
  }

  /** A table; rows past the budget are left out and counted in the note. */
  table(headers: string[], rows: Cell[][]): this {
    const head = `| ${headers.map(escapeText).join(' | ')} |\n| ${headers.map(() => '---').join(' | ')} |`;
    if (!this.add(head, rows.length)) return this;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] ?? [];
      if (!this.add(`| ${row.map(cell).join(' | ')} |`)) {
        this.omitted += rows.length - i - 1;
        break;
      }
    }
    this.add('', 0);
    return this;
  }

  /** A `Field | Value` table; a field without a value (none, null or empty) is left out. */
  fields(rows: [string, Cell][]): this {
    const given = rows.filter(([, value]) => value !== undefined && value !== null && value !== '');
    return this.table(['Field', 'Value'], given);
  }

  /** A folded block: `summary` is escaped as HTML (a block of raw HTML shows Markdown escapes), `body` is Markdown. */
  details(summary: string, body: string): this {
    const html = htmlText(noMention(oneLine(redact(summary)))).replaceAll(LINE_BREAK_MARK, '<br>');
    return this.markdown(`<details><summary>${html}</summary>\n\n${body}\n\n</details>`);
  }

  toString(): string {
    const text = this.blocks.join('\n');
    if (!this.truncated) return `${text}\n`;
    const n = this.omitted;
    const more = `${n} more ${plural(n, 'row or block', 'rows or blocks')} ${plural(n, 'is', 'are')} not shown`;
    return `${text}\n\n> [!NOTE]\n> ${this.cutReason}: ${more}. The full result is in ${this.fullDataHint}.\n`;
  }

  /** Appends to the step summary file, when there is one, after `lead` (the finisher's header, not in a comment). */
  write(file: string | undefined, lead = ''): void {
    if (!file) return;
    // Synchronous, as the runner's other files are written: node:fs/promises is not free at start.
    appendFileSync(file, lead + this.toString());
  }
}
