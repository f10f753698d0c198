/**
 * The redactor: the one place that knows the secrets of a step (the API token, registry passwords) and scrubs them
 * from any text before it leaves the process. A service or a proxy may echo a secret back in another form, so each
 * secret is looked for in the text's normalised shadow (`shadow.ts`: escapes and references decoded, case folded, line
 * breaks dropped), and the span of the original that reads as the secret is replaced. Hex and base64 are not
 * character escapes, so a secret's hex and base64 texts are looked for the same way. Credentials written into a URL
 * (`https://user:pass@host`) are scrubbed wherever they appear.
 */
import { needle, NeedleSet } from './shadow.js';

/** Every registered secret, and its hex and base64 texts. */
const needles = new NeedleSet();
const registered = new Set<string>();

/** Very short values would blank out ordinary words; a real token is never this short. */
const MIN_SECRET = 4;

/**
 * The base64 text of `secret` as it appears inside a longer encoded text: for each of the three byte offsets the
 * secret may start at, only the characters that depend on the secret's bytes alone (the edges mix in its neighbours).
 */
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
    const n = needle(form);
    if (n.folded.length >= MIN_SECRET) needles.add(n);
  }
}

/**
 * `https://user:password@` in any text: the userinfo of a URL of the schemes a service, a proxy or a registry is given
 * in (not `docker-pullable://image@sha256:...`, where `@` starts a digest). Up to the last `@` of the URL: a password
 * may hold `@`, `/`, `?` or `#` (a path with an `@` in it is scrubbed too; better too much than a password).
 */
const URL_CREDENTIALS = /\b((?:https?|wss?|ftps?|socks[45]?h?):\/\/)[^\s'"<>]*@/gi;

/** Replaces every span that reads as a registered secret, and URL credentials, with `***`. */
export function redact(text: string): string {
  let out = text.replace(URL_CREDENTIALS, '$1***@');
  if (needles.empty) return out;
  // Again while something was replaced and a secret holds `*`: the text around a `***` may then spell it (`a***b`
  // around a secret `***`; `*` starts no escape, so nothing else can). Each round shortens the text, so this ends.
  for (;;) {
    const spans = needles.spans(out);
    if (spans.length === 0) return out;
    let next = '';
    let from = 0;
    for (const [start, end] of spans) {
      next += `${out.slice(from, start)}***`;
      from = end;
    }
    out = next + out.slice(from);
    if (!needles.holds('*')) return out;
  }
}
