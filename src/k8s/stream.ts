// Streams the elements of a List's top-level `items` (or a top-level array) one at a time: 150,000 pods outgrow the
// longest string. Structural characters are ASCII, so scanning UTF-8 bytes is exact.
import { jsonErrorOffset } from '../trust/text.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;

/** What is wrong, with its line and column in the whole stream; never the text found there (a file's contents). */
export class PodStreamError extends Error {}

const LINE_FEED = 0x0a;

export async function* streamItems(source: AsyncIterable<Buffer | string>): AsyncGenerator {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let itemsDepth = -1; // depth inside the items array, once found
  let rootKind: 'object' | 'array' | undefined;
  let key: number[] | undefined; // bytes of a string at depth 1 (a candidate key)
  let lastKey = '';
  let captureStart = -1;
  let captured: Buffer[] = [];
  let sawAny = false;
  // Where we are, for errors: lines counted at the line feeds between tokens (JSON has none inside a string).
  let line = 1;
  let lineStart = 0; // offset in the stream of the current line's first byte
  let chunkStart = 0; // offset in the stream of the current chunk's first byte
  let itemLine = 1; // where the element being captured starts
  let itemColumn = 1;
  const here = (i: number) => `line ${line}, column ${chunkStart + i - lineStart + 1}`;

  for await (const piece of source) {
    const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i] as number;
      if (inString) {
        if (key && depth === 1) key.push(c);
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) {
          inString = false;
          if (key && depth === 1) {
            key.pop();
            lastKey = Buffer.from(key).toString('utf8');
            key = undefined;
          }
        }
        continue;
      }
      if (c === QUOTE) {
        inString = true;
        if (depth === 1 && rootKind === 'object') key = [];
        continue;
      }
      if (c <= 0x20) {
        if (c === LINE_FEED) {
          line++;
          lineStart = chunkStart + i + 1;
        }
        continue;
      }
      if (c === COLON || c === 0x2c) continue;
      sawAny = true;
      if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        if (depth === 0) {
          rootKind = c === OPEN_ARRAY ? 'array' : 'object';
          if (rootKind === 'array') itemsDepth = 1;
        } else if (depth === 1 && rootKind === 'object' && c === OPEN_ARRAY && lastKey === 'items') {
          itemsDepth = 2;
        } else if (depth === itemsDepth && captureStart === -1 && captured.length === 0) {
          captureStart = i;
          itemLine = line;
          itemColumn = chunkStart + i - lineStart + 1;
        }
        depth++;
      } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        depth--;
        if (depth < 0) throw new PodStreamError(`${here(i)}: a closing bracket that closes nothing`);
        if (depth === itemsDepth && (captureStart !== -1 || captured.length > 0)) {
          captured.push(chunk.subarray(captureStart === -1 ? 0 : captureStart, i + 1));
          const text = Buffer.concat(captured).toString('utf8');
          captured = [];
          captureStart = -1;
          yield parseItem(text, itemLine, itemColumn);
        } else if (depth === itemsDepth - 1 && itemsDepth !== -1) {
          itemsDepth = -2; // the items array is closed; nothing more to read from it
        }
      } else if (depth === itemsDepth && captureStart === -1 && captured.length === 0) {
        throw new PodStreamError(`${here(i)}: an element of "items" is not an object`);
      }
    }
    chunkStart += chunk.length;
    if (captureStart !== -1) {
      captured.push(Buffer.from(chunk.subarray(captureStart)));
      captureStart = -1;
    } else if (captured.length > 0 && depth > itemsDepth) {
      captured.push(Buffer.from(chunk));
    }
  }
  if (!sawAny) throw new PodStreamError('the input is empty');
  if (depth !== 0 || inString) {
    throw new PodStreamError(
      `the JSON ends in the middle (a bracket or quote is still open at its end, line ${line})`,
    );
  }
  if (itemsDepth === -1)
    throw new PodStreamError('no "items" list (expected the output of kubectl get pods -o json)');
}

/** One element of `items`; a malformed one is placed by line and column, never quoted. */
function parseItem(text: string, startLine: number, startColumn: number): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const offset = jsonErrorOffset(error, text) ?? text.length;
    const before = text.slice(0, offset);
    const lines = before.split('\n');
    const line = startLine + lines.length - 1;
    // Columns in characters within the element; its first line starts at the element's own column.
    const column = (lines.length === 1 ? startColumn : 1) + (lines.at(-1)?.length ?? 0);
    throw new PodStreamError(`line ${line}, column ${column}: an element of "items" is not valid JSON`);
  }
}
