import { expect } from 'vitest';

/** What `promise` rejects with, which must be an instance of `type` (a resolution fails the test). */
export async function rejection<T extends Error>(
  promise: Promise<unknown>,
  type: new (...args: never[]) => T,
): Promise<T> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(type);
  if (!(caught instanceof type)) throw new Error('unreachable');
  return caught;
}
