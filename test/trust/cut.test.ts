/**
 * Untrusted text is scrubbed before it is cut: a secret that straddles the cut must not leave its first part behind
 * (the redactor, and the runner's mask, only find a secret whole).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readErrorBody } from '../../src/api/http.js';
import { firstLine } from '../../src/summary/cells.js';
import { registerSecret } from '../../src/trust/redact.js';
import { cutText, quoteText } from '../../src/trust/text.js';

const secret = fc.string({
  unit: fc.constantFrom(...Array.from('0123456789abcdefABCDEF_')),
  minLength: 24,
  maxLength: 40,
});
const filler = fc.nat({ max: 260 }).map((n) => 'x'.repeat(n));

/** Every cut of service text the bundle makes, each with the text placed anywhere around its limit. */
const cuts: Record<string, (text: string) => string> = {
  cutText: (text) => cutText(text, 200),
  quoteText: (text) => quoteText(text),
  'an error body that is not JSON': (text) => readErrorBody(text, 'text/html').message ?? '',
  'an error body of another shape': (text) =>
    readErrorBody({ detail: text }, 'application/json').message ?? '',
  'a commit subject': (text) => firstLine(text) ?? '',
};

describe('a cut of untrusted text', () => {
  for (const [name, cut] of Object.entries(cuts)) {
    it(`${name}: leaves no part of a secret that straddles the cut`, () => {
      fc.assert(
        fc.property(secret, filler, (value, before) => {
          registerSecret(value);
          const out = cut(`${before}Bearer ${value} and more`);
          expect(out).not.toContain(value.slice(0, 12));
        }),
        { numRuns: 200 },
      );
    });
  }
});
