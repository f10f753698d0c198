/**
 * Tokens used by tests, and the check that none of them ever shows up in output, files, errors or summaries.
 */
export const TEST_TOKEN = 'tok_test_5f0c2e9a7b1d4c3e8f6a';
const secrets = new Set<string>([TEST_TOKEN]);

/** Adds a value every test output is checked against. */
export function guardSecret(value: string): void {
  secrets.add(value);
}

/** HTML's named references of ASCII characters (the WHATWG list), written out apart from the redactor's. */
const HTML_NAMES: Record<string, string[]> = {
  '\t': ['Tab'],
  '\n': ['NewLine'],
  '!': ['excl'],
  '"': ['quot', 'QUOT'],
  '#': ['num'],
  $: ['dollar'],
  '%': ['percnt'],
  '&': ['amp', 'AMP'],
  "'": ['apos'],
  '(': ['lpar'],
  ')': ['rpar'],
  '*': ['ast', 'midast'],
  '+': ['plus'],
  ',': ['comma'],
  '.': ['period'],
  '/': ['sol'],
  ':': ['colon'],
  ';': ['semi'],
  '<': ['lt', 'LT'],
  '=': ['equals'],
  '>': ['gt', 'GT'],
  '?': ['quest'],
  '@': ['commat'],
  '[': ['lsqb', 'lbrack'],
  '\\': ['bsol'],
  ']': ['rsqb', 'rbrack'],
  '^': ['Hat'],
  _: ['lowbar', 'UnderBar'],
  '`': ['grave', 'DiacriticalGrave'],
  '{': ['lcub', 'lbrace'],
  '|': ['verbar', 'vert', 'VerticalLine'],
  '}': ['rcub', 'rbrace'],
};

/** A character as a pattern (the `u` flag refuses escapes of characters that need none, such as `-`). */
const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** One character as itself, a JSON escape, its UTF-8 bytes percent-encoded once or twice, an HTML reference, `+`. */
function forms(char: string): string[] {
  const code = char.codePointAt(0) ?? 0;
  const out = [escapeRegExp(char)];
  out.push(Array.from(char, (unit) => `\\\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''));
  if ('"\\/'.includes(char)) out.push(`\\\\${escapeRegExp(char)}`);
  out.push(
    Array.from(Buffer.from(char, 'utf8'), (b) => `%(?:25)?${b.toString(16).padStart(2, '0')}`).join(''),
  );
  out.push(`&#0*${code};?`, `&#x0*${code.toString(16)};?`);
  for (const name of HTML_NAMES[char] ?? []) out.push(`&${name};?`);
  if (char === ' ') out.push('\\+');
  return out;
}

/** A line break (CR or LF), as it is or escaped in any of the ways a character is (see `forms`). */
const LINE_BREAK = String.raw`(?:[\r\n]|\\[rn]|\\u000[ad]|%(?:25)?0[ad]|&#0*1[03];?|&#x0*[ad];?|&NewLine;?)`;

/**
 * A pattern of `secret`, each character in any of its forms (`forms`), in either case, line breaks between them.
 * Built by listing forms, not by decoding as the redactor does, so the two do not share a mistake.
 */
function perCharacter(secret: string): RegExp {
  const chars = Array.from(secret, (char) => {
    const cases = new Set(
      [char, char.toLowerCase(), char.toUpperCase()].filter((c) => Array.from(c).length === 1),
    );
    return `(?:${[...cases].flatMap(forms).join('|')})`;
  });
  return new RegExp(chars.join(`${LINE_BREAK}*`), 'iu');
}
const patterns = new Map<string, RegExp>();

/** The text decoded each way (texts and bytes), for the last text asked about: it is asked about every secret. */
let lastViews: { text: string; texts: string[]; bytes: Buffer[] } | undefined;

function decodedViews(text: string): { texts: string[]; bytes: Buffer[] } {
  if (lastViews?.text === text) return lastViews;
  const texts: string[] = [];
  const bytes: Buffer[] = [];
  const unbroken = text.replace(/[\r\n]/g, '');
  for (const whole of text === unbroken ? [text] : [text, unbroken]) {
    texts.push(
      whole,
      whole
        .replace(/\+/g, ' ')
        .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      whole
        .replace(/\\u([0-9a-f]{4})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        .replace(/\\(["\\/])/g, '$1'),
    );
    // Hex, read from either digit of each run.
    for (const run of whole.match(/[0-9a-f]{8,}/gi) ?? []) {
      for (let offset = 0; offset < 2; offset++) {
        const digits = run.slice(offset);
        bytes.push(Buffer.from(digits.slice(0, digits.length - (digits.length % 2)), 'hex'));
      }
    }
    // Base64 (either alphabet), read from each of the four characters a group may start at.
    for (const run of whole.match(/[A-Za-z0-9+/_-]{4,}/g) ?? []) {
      for (let offset = 0; offset < 4; offset++) bytes.push(Buffer.from(run.slice(offset), 'base64'));
    }
  }
  lastViews = { text, texts, bytes };
  return lastViews;
}

/**
 * Whether `text` holds `secret` in any form a service or proxy may echo it in: URL-encoded, JSON-escaped, base64 (any
 * offset, either alphabet), hex, each character in its own form, either case, split across lines.
 */
export function leaks(text: string, secret: string): boolean {
  let pattern = patterns.get(secret);
  if (!pattern) patterns.set(secret, (pattern = perCharacter(secret)));
  if (pattern.test(text)) return true;
  const views = decodedViews(text);
  if (views.texts.some((t) => t.includes(secret))) return true;
  const bytes = Buffer.from(secret, 'utf8');
  return views.bytes.some((b) => b.includes(bytes));
}

/** The registered secrets found in `text`, in any form. */
export function findSecretLeaks(text: string): string[] {
  return [...secrets].filter((secret) => leaks(text, secret));
}

/** Throws when `text` (logs, a file, an error message) contains a registered secret. */
export function assertNoSecret(text: string, where: string): void {
  if (findSecretLeaks(text).length > 0) throw new Error(`a token leaked into ${where}`);
}

/**
 * A log without the runner's `::add-mask::<secret>` commands: those are how a secret gets masked (the runner reads
 * and hides them), the one place a token may appear on stdout.
 */
export function withoutMaskCommands(log: string): string {
  return log.replace(/^::add-mask::.*$/gm, '');
}
