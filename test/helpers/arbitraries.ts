/**
 * fast-check arbitraries shared by the property tests of the trust boundary (test/trust).
 */
import fc from 'fast-check';

/** A token as issued: printable ASCII, long enough to be a real one. */
export const tokenLike = fc.string({
  unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
  minLength: 8,
});

/** Arbitrary Unicode with hostile pieces (commands, line breaks, mentions...) mixed in, as untrusted text may be. */
export function hostileText(pieces: readonly string[]): fc.Arbitrary<string> {
  return fc
    .array(fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom(...pieces)))
    .map((parts) => parts.join(''));
}
