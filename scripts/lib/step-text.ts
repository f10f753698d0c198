// A step's log and job summary as plain text for a terminal (`npm run action`): the log with its workflow commands
// rendered as the run page shows them (groups as headings, debug hidden unless asked for, masked values as ***,
// annotations as `Error:` lines), and the summary's Markdown as readable text (tags stripped, tables as columns).
import { Marked, type Token, type Tokens } from 'marked';

/** Values never to print, as the runner's `::add-mask::` keeps them: each occurrence becomes `***`. */
export class Masks {
  private readonly values = new Set<string>();

  add(value: string | undefined): void {
    // The runner masks the value as it is and each of its lines (a multi-line secret spans several log lines).
    for (const part of [value ?? '', ...(value ?? '').split(/\r?\n/)]) {
      if (part.trim() !== '') this.values.add(part);
    }
  }

  apply(text: string): string {
    let out = text;
    // Longest first, so a secret that contains another is hidden whole.
    for (const value of [...this.values].sort((a, b) => b.length - a.length))
      out = out.split(value).join('***');
    return out;
  }
}

interface Annotation {
  level: 'error' | 'warning' | 'notice';
  message: string;
  /** `file:line` when the command named a place. */
  where?: string;
}

/** `%25`, `%0D` and `%0A` in a command's data (and `%3A`, `%2C` in its properties), as @actions/core writes them. */
function unescapeData(text: string): string {
  return text.replace(/%0D/gi, '\r').replace(/%0A/gi, '\n').replace(/%25/g, '%');
}

function unescapeProperty(text: string): string {
  return unescapeData(text.replace(/%3A/gi, ':').replace(/%2C/gi, ','));
}

function properties(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (text ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at > 0) out[pair.slice(0, at).trim()] = unescapeProperty(pair.slice(at + 1));
  }
  return out;
}

/** Commands the runner acts on without printing anything. */
const SILENT = new Set([
  'set-output',
  'save-state',
  'set-env',
  'add-path',
  'echo',
  'add-matcher',
  'remove-matcher',
]);

const LABEL: Record<Annotation['level'], string> = { error: 'Error', warning: 'Warning', notice: 'Notice' };

/**
 * Turns the step's stdout and stderr, chunk by chunk, into lines for a person: `::group::` as a `▸` heading with the
 * lines under it indented, `::debug::` shown only with `debug`, `::add-mask::` never shown (its value is masked from
 * then on), `::error::`, `::warning::` and `::notice::` as labelled lines (kept in `annotations`), and the lines
 * between `::stop-commands::` and its token as they are.
 */
export class StepLog {
  readonly annotations: Annotation[] = [];
  /** How many lines were printed. */
  lines = 0;
  private readonly pending = { stdout: '', stderr: '' };
  private inGroup = false;
  private stopToken: string | undefined;

  private readonly print: (line: string) => void;
  private readonly masks: Masks;
  private readonly options: { debug?: boolean; indent?: string };

  constructor(
    print: (line: string) => void,
    masks: Masks,
    options: { debug?: boolean; indent?: string } = {},
  ) {
    this.print = print;
    this.masks = masks;
    this.options = options;
  }

  write(stream: 'stdout' | 'stderr', chunk: string): void {
    const text = this.pending[stream] + chunk;
    const lines = text.split('\n');
    this.pending[stream] = lines.pop() ?? '';
    for (const line of lines) this.line(line.replace(/\r$/, ''));
  }

  /** Prints what is left of an unfinished last line; the step has ended. */
  end(): void {
    for (const stream of ['stdout', 'stderr'] as const) {
      if (this.pending[stream] !== '') this.line(this.pending[stream]);
      this.pending[stream] = '';
    }
    this.inGroup = false;
  }

  private out(text: string, indent = this.inGroup ? '  ' : ''): void {
    for (const line of this.masks.apply(text).split(/\r?\n/)) {
      this.print(`${this.options.indent ?? ''}${indent}${line}`.trimEnd());
      this.lines++;
    }
  }

  private line(line: string): void {
    if (this.stopToken !== undefined) {
      if (line.trim() === `::${this.stopToken}::`) this.stopToken = undefined;
      else this.out(line);
      return;
    }
    const command =
      /^\s*::([A-Za-z][\w-]*)(?:\s+([^:]*?))?::(.*)$/.exec(line) ??
      /^\s*##\[([A-Za-z][\w-]*)(?:\s+([^\]]*?))?\](.*)$/.exec(line);
    if (!command) {
      this.out(line);
      return;
    }
    const [, name = '', props, rawData = ''] = command;
    const data = unescapeData(rawData);
    switch (name.toLowerCase()) {
      case 'add-mask':
        this.masks.add(data);
        return;
      case 'group':
        this.inGroup = false;
        this.out(`▸ ${data}`);
        this.inGroup = true;
        return;
      case 'endgroup':
        this.inGroup = false;
        return;
      case 'debug':
        if (this.options.debug) this.out(`debug: ${data}`);
        return;
      case 'stop-commands':
        this.stopToken = data;
        return;
      case 'error':
      case 'warning':
      case 'notice': {
        const level = name.toLowerCase() as Annotation['level'];
        const p = properties(props);
        const where = p.file ? `${p.file}${p.line ? `:${p.line}` : ''}` : undefined;
        const message = this.masks.apply(`${p.title ? `${p.title}: ` : ''}${data}`);
        this.annotations.push({ level, message, ...(where !== undefined && { where }) });
        this.out(`${LABEL[level]}: ${message}${where ? ` (${where})` : ''}`);
        return;
      }
      default:
        if (!SILENT.has(name.toLowerCase())) this.out(line);
    }
  }
}

// --- Markdown to text ---

/** Columns a string takes in a terminal: wide (emoji, CJK) characters take two, marks and joiners none. */
export function displayWidth(text: string): number {
  // By code point: an emoji sequence is counted by its parts, close enough for aligning columns.
  const chars = Array.from(text);
  let width = 0;
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] ?? '';
    const code = char.codePointAt(0) ?? 0;
    const zeroWidth =
      code < 32 ||
      (code >= 0x200b && code <= 0x200d) ||
      code === 0x2060 ||
      (code >= 0xfe00 && code <= 0xfe0f) ||
      /\p{M}/u.test(char);
    if (zeroWidth) continue;
    const wide =
      /\p{Emoji_Presentation}/u.test(char) ||
      (chars[i + 1] === '\uFE0F' && /\p{Extended_Pictographic}/u.test(char)) ||
      (code >= 0x1100 && code <= 0x115f) ||
      (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) ||
      (code >= 0x20000 && code <= 0x3fffd);
    width += wide ? 2 : 1;
  }
  return width;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Where inline text goes: a table cell is kept on one line, and its links show their text only. */
type Place = 'block' | 'cell';

/** Raw HTML as text: `<br>` a line break (`, ` in a cell), `</summary>` a colon, every other tag dropped. */
function htmlToText(html: string, place: Place): string {
  return html
    .replace(/<br\s*\/?>/gi, place === 'cell' ? ', ' : '\n')
    .replace(/<\/summary\s*>/gi, place === 'cell' ? ': ' : ':\n')
    .replace(/<\/?[A-Za-z][^>]*>/g, '');
}

function inline(tokens: Token[] | undefined, place: Place): string {
  let out = '';
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'text':
      case 'escape': {
        const t = token as Tokens.Text;
        out += t.tokens ? inline(t.tokens, place) : decodeEntities(t.text);
        break;
      }
      case 'codespan':
        out += decodeEntities((token as Tokens.Codespan).text);
        break;
      case 'br':
        out += place === 'cell' ? ', ' : '\n';
        break;
      case 'link': {
        const t = token as Tokens.Link;
        const text = inline(t.tokens, place);
        out += place === 'cell' || text === t.href || t.href === '' ? text : `${text} (${t.href})`;
        break;
      }
      case 'image':
        out += `[${(token as Tokens.Image).text}]`;
        break;
      case 'html':
        out += decodeEntities(htmlToText((token as Tokens.HTML).text, place));
        break;
      default:
        out +=
          'tokens' in token && Array.isArray(token.tokens)
            ? inline(token.tokens, place)
            : decodeEntities('text' in token && typeof token.text === 'string' ? token.text : '');
    }
  }
  // No mention is made in a terminal: the zero-width space the summary writer puts after an `@` goes.
  return out.replace(/\u200B/g, '');
}

const pad = (text: string, width: number, right = false) => {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return right ? fill + text : text + fill;
};

function table(token: Tokens.Table, width: number): string {
  const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ', ').trim();
  const header = token.header.map((cell) => oneLine(inline(cell.tokens, 'cell')));
  const rows = token.rows.map((row) => row.map((cell) => oneLine(inline(cell.tokens, 'cell'))));
  const widths = header.map((h, i) =>
    Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))),
  );
  const total = widths.reduce((sum, w) => sum + w, 0) + 2 * (widths.length - 1);
  if (total <= width) {
    const right = token.align.map((a) => a === 'right');
    const line = (cells: string[]) =>
      cells
        .map((c, i) => pad(c, widths[i] ?? 0, right[i]))
        .join('  ')
        .trimEnd();
    return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
  }
  // Too wide for the terminal: each row as a block, its first cell a title and the others `Header: value`.
  const keyWidth = Math.max(...header.slice(1).map((h) => displayWidth(h)));
  return rows
    .map((row) => {
      const fields = row
        .slice(1)
        .map((value, i) => [header[i + 1] ?? '', value] as const)
        .filter(([, value]) => value !== '')
        .map(([key, value]) => `  ${pad(`${key}:`, keyWidth + 1)} ${value}`);
      return [`${header[0] ?? ''}: ${row[0] ?? ''}`, ...fields].join('\n');
    })
    .join('\n\n');
}

const indentLines = (text: string, first: string, rest = ' '.repeat(first.length)) =>
  text
    .split('\n')
    .map((line, i) => `${i === 0 ? first : rest}${line}`.trimEnd())
    .join('\n');

function blocks(tokens: Token[], width: number): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'space':
        break;
      case 'heading': {
        const t = token as Tokens.Heading;
        const text = inline(t.tokens, 'block').trim();
        out.push(`${text}\n${(t.depth <= 2 ? '═' : '─').repeat(Math.min(displayWidth(text), width))}`);
        break;
      }
      case 'paragraph':
      case 'text': {
        // A list item's text token may come without inline tokens (marked types it as always having them).
        const t = token as Partial<Tokens.Paragraph> & { text: string };
        const text = (t.tokens ? inline(t.tokens, 'block') : decodeEntities(t.text))
          .split('\n')
          .map((line) => line.trimEnd())
          .join('\n')
          .trim();
        if (text !== '') out.push(text);
        break;
      }
      case 'table':
        out.push(table(token as Tokens.Table, width));
        break;
      case 'list': {
        const t = token as Tokens.List;
        const start = typeof t.start === 'number' ? t.start : 1;
        const items = t.items.map((item, i) => {
          const mark = t.ordered ? `${start + i}. ` : item.task ? (item.checked ? '[x] ' : '[ ] ') : '- ';
          const body = blocks(item.tokens, width - mark.length).join(t.loose ? '\n\n' : '\n');
          return indentLines(body, mark);
        });
        out.push(items.join(t.loose ? '\n\n' : '\n'));
        break;
      }
      case 'blockquote':
        out.push(
          indentLines(blocks((token as Tokens.Blockquote).tokens, width - 2).join('\n\n'), '│ ', '│ '),
        );
        break;
      case 'code':
        out.push(indentLines((token as Tokens.Code).text, '    ', '    '));
        break;
      case 'hr':
        out.push('─'.repeat(Math.min(40, width)));
        break;
      case 'html': {
        const text = decodeEntities(htmlToText((token as Tokens.HTML).text, 'block'))
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '')
          .join('\n');
        if (text !== '') out.push(text);
        break;
      }
      default:
        if ('text' in token && typeof token.text === 'string' && token.text.trim() !== '')
          out.push(decodeEntities(token.text.trim()));
    }
  }
  return out;
}

/**
 * A job summary's GitHub-flavoured Markdown as plain text: headings underlined, HTML tags dropped (`<br>` a line
 * break, `<details>` its summary and content), links as `text (url)`, lists and quotes indented, and each table as
 * aligned columns when it fits in `width` columns, else as one block per row (`Header: value` lines).
 */
export function markdownToText(markdown: string, options: { width?: number } = {}): string {
  const width = options.width ?? 120;
  const tokens = new Marked({ gfm: true }).lexer(markdown);
  return blocks(tokens, width).join('\n\n');
}
