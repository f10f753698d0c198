/**
 * Bodies no client may read whole: a compression bomb (zeros as gzip or br, made as the client reads) and a chunked
 * body that does not end. Each stops after GUARD_BYTES of content (the endless one cut, never ended).
 */
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, gzipSync } from 'node:zlib';

export const FLOODS = ['gzip', 'br', 'endless'] as const;
export type Flood = (typeof FLOODS)[number];

/** The content a flood holds at most: four times the memory cap of a step. */
export const GUARD_BYTES = 1024 ** 3;

interface Flooding {
  /** Bytes of content produced so far (before compression). */
  served: number;
  /** Whether the client dropped the connection before the flood was over. */
  dropped: boolean;
}

const MEMBER_BYTES = 64 * 1024 * 1024;
let member: Buffer | undefined;

/** Answers `res` with a flood of `kind`: status 200, no Content-Length (so chunked), the given headers. */
export function flood(res: ServerResponse, kind: Flood, headers: Record<string, string> = {}): Flooding {
  const state: Flooding = { served: 0, dropped: false };
  /** `chunk` again and again, each counted as `counts` bytes of content, until GUARD_BYTES. */
  function* repeated(chunk: Buffer, counts: number): Generator<Buffer> {
    while (state.served < GUARD_BYTES) {
      state.served += counts;
      yield chunk;
    }
  }
  const zeros = (chunk: Buffer = Buffer.alloc(64 * 1024), counts = chunk.length) =>
    Readable.from(repeated(chunk, counts));
  res.writeHead(200, {
    'content-type': 'application/json',
    ...headers,
    ...(kind !== 'endless' && { 'content-encoding': kind }),
  });
  res.on('close', () => (state.dropped = !res.writableFinished));
  // gzip allows a body of many members: one of 64 MiB of zeros, compressed once, sent again and again.
  const done =
    kind === 'endless'
      ? pipeline(zeros(), res, { end: false }).then(() => res.destroy())
      : kind === 'gzip'
        ? pipeline(zeros((member ??= gzipSync(Buffer.alloc(MEMBER_BYTES))), MEMBER_BYTES), res)
        : pipeline(zeros(), createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }), res);
  // A client that stops reading ends the pipeline with an error: that is the point.
  done.catch(() => undefined);
  return state;
}
