/**
 * Tokens used by tests, and the check that none of them ever shows up in output, files, errors or summaries.
 */
export const TEST_TOKEN = 'tok_test_5f0c2e9a7b1d4c3e8f6a';
const secrets = new Set<string>([TEST_TOKEN]);

/** Adds a value every test output is checked against. */
export function guardSecret(value: string): void {
  secrets.add(value);
}

/** The registered secrets found in `text`. */
export function findSecretLeaks(text: string): string[] {
  return [...secrets].filter((secret) => text.includes(secret));
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
