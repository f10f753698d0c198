/** File fingerprints: SHA-256 of the bytes, read synchronously (a read stream costs ~3 ms to set up). */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';

const CHUNK = 1024 * 1024;

export function fingerprintFile(path: string): string {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(CHUNK);
  const fd = openSync(path, 'r');
  try {
    let read: number;
    while ((read = readSync(fd, buffer, 0, CHUNK, null)) > 0) hash.update(buffer.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
