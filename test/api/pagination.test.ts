import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  fetchAllPages,
  firstByKey,
  lastByKey,
  mapBounded,
  readPage,
  type Page,
} from '../../src/api/index.js';

const Item = z.looseObject({ id: z.number() });
const E = 'GET /things';

describe('readPage', () => {
  it('accepts a bare list, an envelope without pagination, and a full envelope', () => {
    expect(readPage([{ id: 1 }], Item, E)).toEqual({ items: [{ id: 1 }] });
    expect(readPage({ data: [{ id: 2 }] }, Item, E)).toEqual({ items: [{ id: 2 }] });
    const full = readPage(
      { data: [], pagination: { total: 0, page: 1, per_page: 20, page_count: 1 } },
      Item,
      E,
    );
    expect(full.pagination?.page_count).toBe(1);
  });

  it('refuses other shapes, and reads a malformed pagination object as none (its pages are then followed)', () => {
    expect(() => readPage({ items: [] }, Item, E)).toThrow('expected a list or an object with a "data" list');
    expect(() => readPage('x', Item, E)).toThrow(/unexpected response from GET \/things/);
    expect(readPage({ data: [], pagination: { page: 'one' } }, Item, E)).toEqual({ items: [] });
    const whole = { total: 3, page: 1, per_page: 2, page_count: 2 };
    expect(readPage({ data: [], pagination: { ...whole, total: 2.5 } }, Item, E)).toEqual({ items: [] });
    expect(readPage({ data: [], pagination: whole }, Item, E).pagination).toEqual(whole);
  });
});

function pagedSource(total: number, opts: { withPagination: boolean }) {
  const calls: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetchPage = async (page: number, perPage: number): Promise<Page<{ id: number }>> => {
    calls.push(page);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, 5));
    inFlight--;
    const items = Array.from({ length: total }, (_, i) => ({ id: i })).slice(
      (page - 1) * perPage,
      page * perPage,
    );
    const pageCount = Math.max(1, Math.ceil(total / perPage));
    return opts.withPagination && pageCount > 1
      ? { items, pagination: { total, page, per_page: perPage, page_count: pageCount } }
      : { items };
  };
  return { fetchPage, calls, maxInFlight: () => maxInFlight };
}

describe('fetchAllPages', () => {
  it('reads the first page, then the rest concurrently within the bound, in order', async () => {
    const src = pagedSource(95, { withPagination: true });
    const all = await fetchAllPages(src.fetchPage, { perPage: 10, maxItems: 1000, concurrency: 3 });
    expect(all.items.map((i) => i.id)).toEqual(Array.from({ length: 95 }, (_, i) => i));
    expect(all).toMatchObject({ total: 95, truncated: false, pagesRead: 10 });
    expect(src.calls[0]).toBe(1);
    expect(src.maxInFlight()).toBe(3);
  });

  it('reads the pages a pagination without a total names, and claims no total it was not told when cut', async () => {
    const src = pagedSource(1000, { withPagination: true });
    const untold = async (page: number, perPage: number) => {
      const read = await src.fetchPage(page, perPage);
      return read.pagination ? { ...read, pagination: { ...read.pagination, total: null } } : read;
    };
    const cut = await fetchAllPages(untold, { perPage: 100, maxItems: 250, concurrency: 4 });
    expect(cut).toMatchObject({ total: null, truncated: true, pagesRead: 3 });
    const whole = await fetchAllPages(untold, { perPage: 100, maxItems: 5000, concurrency: 4 });
    expect(whole).toMatchObject({ total: 1000, truncated: false, pagesRead: 10 });
  });

  it.each([
    ['follows full pages one by one when the server leaves out pagination', 25, false, 10, 1000, 25],
    // max-items stops a read the service gives no total for: no total is claimed.
    ['stops at max-items, claiming no total', 250, false, 100, 120, null],
    ['reads one page for a single short page', 3, true, 20, 100, 3],
  ])('%s', async (_, total, withPagination, perPage, maxItems, told) => {
    const src = pagedSource(total, { withPagination });
    const all = await fetchAllPages(src.fetchPage, { perPage, maxItems, concurrency: 4 });
    const read = Math.min(total, maxItems);
    expect(all.items.map((i) => i.id)).toEqual(Array.from({ length: read }, (_, i) => i));
    expect(all).toMatchObject({ total: told, truncated: read < total, pagesRead: Math.ceil(read / perPage) });
  });

  it('stops when a server ignores the page parameter and repeats itself', async () => {
    const fetchPage = () => Promise.resolve({ items: [{ id: 1 }, { id: 2 }] });
    const all = await fetchAllPages(fetchPage, { perPage: 2, maxItems: 100, concurrency: 2 });
    expect(all.items).toEqual([{ id: 1 }, { id: 2 }]);
    expect(all.pagesRead).toBe(2);
  });
});

describe('mapBounded', () => {
  it('keeps order and handles an empty list', async () => {
    expect(await mapBounded([3, 1, 2], 2, (n) => new Promise((r) => setTimeout(() => r(n * 10), n)))).toEqual(
      [30, 10, 20],
    );
    expect(await mapBounded([], 4, () => Promise.resolve(1))).toEqual([]);
  });
});

describe('firstByKey and lastByKey', () => {
  it('keep one item per key, the first or the last of each, in the order the keys first appear', () => {
    const items = [
      { key: 'a', n: 1 },
      { key: 'b', n: 2 },
      { key: 'a', n: 3 },
    ];
    const key = (i: { key: string }) => i.key;
    expect(firstByKey(items, key).map((i) => i.n)).toEqual([1, 2]);
    expect(lastByKey(items, key).map((i) => i.n)).toEqual([3, 2]);
  });
});
