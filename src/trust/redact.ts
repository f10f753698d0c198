/**
 * The redactor: the one place that knows the secrets of a step (the API token, registry passwords) and scrubs them
 * from any text before it leaves the process. A service or a proxy may echo a secret back in another form, so each
 * secret is also looked for URL-encoded, base64-encoded (at any byte offset, standard and URL-safe alphabets) and
 * JSON-escaped. Credentials written into a URL (`https://user:pass@host`) are scrubbed wherever they appear.
 */

/** Every form of every registered secret, longest first, so a longer form is replaced before its parts. */
let forms: string[] = [];
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

const URI_SAFE = /^(?:[^\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;

/** The forms a secret may be echoed back in. */
export function secretForms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  // A lone surrogate cannot be URL-encoded; such a secret can only come back as it is.
  const encodable = URI_SAFE.test(secret);
  const uri = encodable ? encodeURIComponent(secret) : secret;
  const all = [
    secret,
    uri,
    uri.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    // RFC 3986 escapes more than encodeURIComponent does.
    uri.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    // application/x-www-form-urlencoded, as a proxy writes a form back.
    new URLSearchParams({ q: encodable ? secret : '' }).toString().slice(2),
    json,
    json.replace(/\//g, '\\/'),
    // Encoders that escape HTML-significant characters in JSON (Go's encoding/json, for one).
    json.replace(/[<>&'=]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    ...base64Forms(Buffer.from(secret, 'utf8')),
  ];
  return [...new Set(all)].filter((form) => form.length >= MIN_SECRET);
}

/** Registers a value that must never appear in anything the step writes (the API token, a registry password). */
export function registerSecret(value: string | undefined): void {
  if (!value || value.length < MIN_SECRET || registered.has(value)) return;
  registered.add(value);
  forms = [...new Set([...forms, ...secretForms(value)])].sort((a, b) => b.length - a.length);
}

/**
 * `https://user:password@` in any text: the userinfo of a URL of the schemes a service, a proxy or a registry is given
 * in (not `docker-pullable://image@sha256:...`, where `@` starts a digest). Up to the last `@` of the URL: a password
 * may hold `@`, `/`, `?` or `#` (a path with an `@` in it is scrubbed too; better too much than a password).
 */
const URL_CREDENTIALS = /\b((?:https?|wss?|ftps?|socks[45]?h?):\/\/)[^\s'"<>]*@/gi;

/** Replaces every form of every registered secret, and URL credentials, with `***`. */
export function redact(text: string): string {
  let out = text.replace(URL_CREDENTIALS, '$1***@');
  for (const form of forms) if (out.includes(form)) out = out.split(form).join('***');
  return out;
}
