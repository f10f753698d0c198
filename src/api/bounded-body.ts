// The one reader of a body from the network, for every client in the bundle, each with its own limit: bytes are
// counted after any decompression (fetch inflates by itself: a few KB on the wire can stand for gigabytes).

export type ByteSource = AsyncIterable<Uint8Array | string>;

const MIB = 1024 * 1024;

/** A limit for messages: `4 MiB`, or the bytes when it is not a whole number of MiB. */
export function describeLimit(limit: number): string {
  return limit % MIB === 0 ? `${limit / MIB} MiB` : `${limit} bytes`;
}

/** The body's bytes, or undefined once they pass `limit`; leaving the loop early ends the stream. */
export async function readBounded(body: ByteSource, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk)
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    size += bytes.length;
    if (size > limit) return undefined;
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size);
}
