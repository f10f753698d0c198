/**
 * Tokens used by tests, and the check that none of them ever shows up in output, files, errors or summaries.
 */
export const TEST_TOKEN = 'tok_test_5f0c2e9a7b1d4c3e8f6a';
const secrets = new Set<string>([TEST_TOKEN]);

/** Adds a value every test output is checked against. */
export function guardSecret(value: string): void {
  secrets.add(value);
}

/**
 * Whether `text` holds `secret` in any form a service or proxy may echo it in: as it is, URL-encoded, JSON-escaped or
 * base64-encoded (at any offset, either alphabet). Checked by decoding, independently of how the redactor encodes.
 */
export function leaks(text: string, secret: string): boolean {
  const urlDecoded = text
    .replace(/\+/g, ' ')
    .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const jsonDecoded = text
    .replace(/\\u([0-9a-f]{4})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\(["\\/])/g, '$1');
  if ([text, urlDecoded, jsonDecoded].some((t) => t.includes(secret))) return true;
  const bytes = Buffer.from(secret, 'utf8');
  for (const run of text.match(/[A-Za-z0-9+/_-]{4,}/g) ?? []) {
    for (let offset = 0; offset < 4; offset++) {
      if (Buffer.from(run.slice(offset), 'base64').includes(bytes)) return true;
    }
  }
  return false;
}

/** The registered secrets found in `text`, in any form. */
export function findSecretLeaks(text: string): string[] {
  return [...secrets].filter((secret) => leaks(text, secret));
}

/** Throws when `text` (logs, a file, an error message) contains a registered secret. */
export function assertNoSecret(text: string, where: string): void {
  const leaks = findSecretLeaks(text);
  if (leaks.length > 0) throw new Error(`a token leaked into ${where}`);
}

/**
 * A log without the runner's `::add-mask::<secret>` commands: those are how a secret gets masked (the runner reads
 * and hides them), the one place a token may appear on stdout.
 */
export function withoutMaskCommands(log: string): string {
  return log.replace(/^::add-mask::.*$/gm, '');
}
