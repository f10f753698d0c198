/**
 * File fingerprints: the lowercase hex SHA-256 of the bytes, streamed in large chunks so a big artifact hashes at
 * close to `sha256sum`'s speed without being held in memory.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

const CHUNK = 1024 * 1024;

export async function fingerprintFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
