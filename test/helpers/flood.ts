/**
 * Bodies no client may read whole, served on loopback: a compression bomb (zeros as gzip or br, made as the
 * client reads, so it costs only what the client takes: 1 GiB is 1 MB of gzip and 190 KB of br) and a chunked body
 * that does not end. Each stops after GUARD_BYTES of content: a bomb ends there, an endless body is cut
 * (the connection dropped, never ended). A client that reads it all then shows as a peak of over 1 GiB, instead of
 * taking the test machine's memory.
 */
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, gzipSync } from 'node:zlib';

export const FLOODS = ['gzip', 'br', 'endless'] as const;
export type Flood = (typeof FLOODS)[number];

/** The content a flood holds at most: four times the memory cap of a step. */
export const GUARD_BYTES = 1024 ** 3;

export interface Flooding {
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
  const zeros = Buffer.alloc(64 * 1024);
  function* content(): Generator<Buffer> {
    while (state.served < GUARD_BYTES) {
      state.served += zeros.length;
      yield zeros;
    }
  }
  // gzip allows a body of many members: one member of 64 MiB of zeros (64 KB), compressed once, sent again and
  // again, spares the test compressing a gigabyte for a client that reads the bomb as it is sent.
  function* gzipMembers(): Generator<Buffer> {
    member ??= gzipSync(Buffer.alloc(MEMBER_BYTES));
    while (state.served < GUARD_BYTES) {
      state.served += MEMBER_BYTES;
      yield member;
    }
  }
  res.writeHead(200, {
    'content-type': 'application/json',
    ...headers,
    ...(kind !== 'endless' && { 'content-encoding': kind }),
  });
  res.on('close', () => (state.dropped = !res.writableFinished));
  const done =
    kind === 'endless'
      ? pipeline(Readable.from(content()), res, { end: false }).then(() => res.destroy())
      : kind === 'gzip'
        ? pipeline(Readable.from(gzipMembers()), res)
        : pipeline(
            Readable.from(content()),
            createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }),
            res,
          );
  // A client that stops reading ends the pipeline with an error: that is the point.
  done.catch(() => undefined);
  return state;
}
