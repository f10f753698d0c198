/**
 * The one bounded reader (src/api/bounded-body.ts) at its edges, and the fetch GitHub's client reads through (a web
 * stream). A Node stream past the limit is dropped over real HTTP in transport.test.ts; the bombs and endless bodies,
 * through each client of the shipped bundle, are in test/dist/bounded-bodies.test.ts.
 */
import { Readable } from 'node:stream';
import { ReadableStream } from 'node:stream/web';
import { describe, expect, it } from 'vitest';
import { describeLimit, readBounded } from '../../src/api/bounded-body.js';
import { boundedFetch } from '../../src/github/octokit.js';

const LIMIT = 1000;

describe('readBounded', () => {
  it('reads a body of exactly the limit, in any chunks, and its text', async () => {
    expect((await readBounded(Readable.from([Buffer.alloc(400), Buffer.alloc(600)]), LIMIT))?.length).toBe(
      LIMIT,
    );
    expect((await readBounded(Readable.from(['ab', 'ç']), 4))?.toString('utf8')).toBe('abç');
    expect((await readBounded(Readable.from([]), LIMIT))?.length).toBe(0);
  });

  it('describes a limit in MiB when it is whole MiB', () => {
    expect(describeLimit(4 * 1024 * 1024)).toBe('4 MiB');
    expect(describeLimit(1000)).toBe('1000 bytes');
  });
});

describe("GitHub's bounded fetch", () => {
  const fetchOf = (body: ConstructorParameters<typeof Response>[0], init: ResponseInit, url = '') =>
    boundedFetch(() => {
      const res = new Response(body, init);
      Object.defineProperty(res, 'url', { value: url });
      return Promise.resolve(res);
    }, LIMIT);

  it('gives Octokit the answer as it came: status, headers, url and body, or no body', async () => {
    const init = { status: 201, statusText: 'Created', headers: { link: '<x>' } };
    const res = await fetchOf('{"a":1}', init, 'https://api.test/a')('https://api.test/a');
    expect([res.status, res.statusText, res.url, res.headers.get('link')]).toEqual([
      201,
      'Created',
      'https://api.test/a',
      '<x>',
    ]);
    expect(await res.json()).toEqual({ a: 1 });
    const empty = await fetchOf(null, { status: 204 })('https://api.test/b');
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it('refuses an answer past the limit, pulling nothing after it and cancelling the rest', async () => {
    // 100-byte chunks without end: the eleventh passes the limit.
    let pulled = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          controller.enqueue(new Uint8Array(100));
          pulled++;
        },
        cancel() {
          cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    await expect(
      fetchOf(endless as globalThis.ReadableStream, { status: 200 })('https://api.test/c'),
    ).rejects.toThrow("GitHub's answer is larger than 1000 bytes; the rest was not read");
    expect([pulled, cancelled]).toEqual([11, true]);
  });
});
