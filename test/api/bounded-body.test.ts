/**
 * The one bounded reader (src/api/bounded-body.ts) at its edges, with both kinds of stream the clients give it, and
 * the fetch GitHub's client reads through. The bombs and endless bodies, through each client of the shipped bundle,
 * are in test/dist/bounded-bodies.test.ts.
 */
import { Readable } from 'node:stream';
import { ReadableStream } from 'node:stream/web';
import { describe, expect, it } from 'vitest';
import { describeLimit, readBounded } from '../../src/api/bounded-body.js';
import { boundedFetch } from '../../src/github/octokit.js';

const LIMIT = 1000;

/** A Node stream of `sizes` chunks of zeros, recording whether it was destroyed. */
function nodeStream(sizes: number[]): { stream: Readable; destroyed: () => boolean } {
  const stream = Readable.from(sizes.map((n) => Buffer.alloc(n)));
  return { stream, destroyed: () => stream.destroyed };
}

/** A web stream of `sizes` chunks, then more without end, recording how many were pulled and whether it was cancelled. */
function webStream(sizes: number[]): {
  stream: ReadableStream<Uint8Array>;
  pulled: () => number;
  cancelled: () => boolean;
} {
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(new Uint8Array(sizes[pulled] ?? 100));
        pulled++;
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled, cancelled: () => cancelled };
}

describe('readBounded', () => {
  it('reads a body of exactly the limit, in any chunks, and its text', async () => {
    expect((await readBounded(nodeStream([400, 600]).stream, LIMIT))?.length).toBe(LIMIT);
    expect((await readBounded(Readable.from(['ab', 'ç']), 4))?.toString('utf8')).toBe('abç');
    expect((await readBounded(nodeStream([]).stream, LIMIT))?.length).toBe(0);
  });

  it('stops one byte past the limit, and destroys a Node stream', async () => {
    const body = nodeStream([400, 601, 5000]);
    expect(await readBounded(body.stream, LIMIT)).toBeUndefined();
    expect(body.destroyed()).toBe(true);
  });

  it('stops a web stream that never ends at the limit, and cancels it', async () => {
    const body = webStream([]);
    expect(await readBounded(body.stream, LIMIT)).toBeUndefined();
    expect(body.cancelled()).toBe(true);
    // 100-byte chunks: the eleventh passes the limit, and nothing is pulled after it.
    expect(body.pulled()).toBe(11);
  });

  it('describes a limit in MiB when it is whole MiB', () => {
    expect(describeLimit(4 * 1024 * 1024)).toBe('4 MiB');
    expect(describeLimit(1000)).toBe('1000 bytes');
  });
});

describe("GitHub's bounded fetch", () => {
  const answer = (body: ConstructorParameters<typeof Response>[0], init: ResponseInit, url: string) => {
    const res = new Response(body, init);
    Object.defineProperty(res, 'url', { value: url });
    return res;
  };

  it('gives Octokit the answer as it came: status, headers, url and body', async () => {
    const fetch = boundedFetch(
      () =>
        Promise.resolve(
          answer(
            '{"a":1}',
            { status: 201, statusText: 'Created', headers: { link: '<x>' } },
            'https://api.test/a',
          ),
        ),
      LIMIT,
    );
    const res = await fetch('https://api.test/a');
    expect([res.status, res.statusText, res.url, res.headers.get('link')]).toEqual([
      201,
      'Created',
      'https://api.test/a',
      '<x>',
    ]);
    expect(await res.json()).toEqual({ a: 1 });
  });

  it('keeps an answer without a body without one', async () => {
    const fetch = boundedFetch(
      () => Promise.resolve(answer(null, { status: 204 }, 'https://api.test/b')),
      LIMIT,
    );
    const res = await fetch('https://api.test/b');
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
  });

  it('refuses an answer past the limit, cancelling the rest', async () => {
    const body = webStream([]);
    const fetch = boundedFetch(
      () => Promise.resolve(answer(body.stream as globalThis.ReadableStream, { status: 200 }, '')),
      LIMIT,
    );
    await expect(fetch('https://api.test/c')).rejects.toThrow(
      "GitHub's answer is larger than 1000 bytes; the rest was not read",
    );
    expect(body.cancelled()).toBe(true);
  });
});
