/**
 * The one reader of a body from the network, for every client in the bundle: the service, registries, the Docker
 * daemon and GitHub, each with its own limit. It counts bytes as they arrive, after any decompression, and stops at
 * the limit, whatever Content-Length says: undici's fetch (registries, GitHub) inflates gzip, deflate and br by
 * itself, so a few KB on the wire can stand for gigabytes, and a chunked body may never end. node:http and undici's
 * request (the service, Docker) pass the bytes as sent.
 */

/** A body as a Node stream (node:http, undici's request) or a web ReadableStream (fetch) gives it. */
export type ByteSource = AsyncIterable<Uint8Array | string>;

const MIB = 1024 * 1024;

/** A limit for messages: `4 MiB`, or the bytes when it is not a whole number of MiB. */
export function describeLimit(limit: number): string {
  return limit % MIB === 0 ? `${limit / MIB} MiB` : `${limit} bytes`;
}

/**
 * The body's bytes, or undefined once they pass `limit`. Leaving the loop early destroys a Node stream and cancels a
 * web stream (and with it fetch's decompression), so the rest is never read.
 */
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
