/**
 * The redactor over arbitrary Unicode: a registered secret survives in none of the forms a service or a proxy may echo
 * it back in. Checked by decoding (test/helpers/secrets.ts `leaks`), independently of how the redactor encodes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redact, registerSecret } from '../../src/trust/redact.js';
import { tokenLike } from '../helpers/arbitraries.js';
import { leaks } from '../helpers/secrets.js';

/** Tokens as issued (printable ASCII), and secrets of any Unicode (a registry password may be anything). */
const secret = fc.oneof(tokenLike, fc.string({ unit: 'grapheme', minLength: 8 }));
const text = fc.string({ unit: 'binary' });

/** Each way a secret can come back inside a longer text. */
const echoes: Record<string, (whole: string) => string> = {
  'as given': (whole) => whole,
  'URL-encoded': (whole) => encodeURIComponent(whole),
  'form-encoded': (whole) => new URLSearchParams({ q: whole }).toString(),
  base64: (whole) => Buffer.from(whole, 'utf8').toString('base64'),
  base64url: (whole) => Buffer.from(whole, 'utf8').toString('base64url'),
  'JSON-escaped': (whole) => JSON.stringify({ echoed: whole }),
  'JSON-escaped with \\/': (whole) => JSON.stringify(whole).replace(/\//g, '\\/'),
};

describe('redact', () => {
  // First: the properties below register random secrets.
  it('scrubs the credentials of any URL, a proxy or a pasted api-url', () => {
    expect(redact("'https://user:pa55@host:99999' is not a URL")).toBe(
      "'https://***@host:99999' is not a URL",
    );
    expect(redact('via http://proxy-user:hunter2@proxy.local:3128')).toBe('via http://***@proxy.local:3128');
    // An image digest is not a credential.
    expect(redact('docker-pullable://nginx@sha256:abc')).toBe('docker-pullable://nginx@sha256:abc');
    // A password may hold `@`, `/`, `?` or `#`.
    for (const password of ['p@ss', 'pa/ss', 'pa#ss', 'pa?ss'])
      expect(redact(`at https://user:${password}@host:99999/x`)).toBe('at https://***@host:99999/x');
    fc.assert(
      fc.property(
        fc.webUrl({ withQueryParameters: true }),
        fc.stringMatching(/^[^\s/?#@'"<>]+$/),
        (url, userinfo) => {
          // Everything up to the last `@` of a URL is scrubbed: the property is about URLs whose only `@` ends the userinfo.
          fc.pre(!url.includes('@'));
          const withCredentials = url.replace('://', () => `://${userinfo}@`);
          expect(redact(`failed: ${withCredentials}`)).toBe(`failed: ${url.replace('://', '://***@')}`);
        },
      ),
    );
  });
  it('leaves text without a secret as it is', () => {
    fc.assert(
      fc.property(text, (value) => {
        fc.pre(!/:\/\//.test(value));
        expect(redact(value)).toBe(value);
      }),
    );
  });

  for (const [form, echo] of Object.entries(echoes)) {
    it(`leaves no secret ${form}, wherever it sits in the text`, () => {
      fc.assert(
        fc.property(secret, text, text, (value, before, after) => {
          registerSecret(value);
          const out = redact(echo(`${before}${value}${after}`));
          expect(leaks(out, value)).toBe(false);
        }),
        { numRuns: 150 },
      );
    });
  }
});
