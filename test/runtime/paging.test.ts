import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors/errors.js';
import { readList, readPaging } from '../../src/runtime/paging.js';
import { readerOf } from '../helpers/inputs.js';

const paging = (inputs: Record<string, string>) => readPaging(readerOf(inputs));

describe('readPaging', () => {
  it('reads every page by default, 100 per page, up to 1000 items', () => {
    expect(paging({})).toEqual({ all: true, perPage: 100, maxItems: 1000 });
    expect(paging({ all: 'true', 'per-page': '30', 'max-items': '120' })).toEqual({
      all: true,
      perPage: 30,
      maxItems: 120,
    });
  });

  it('reads one page when page is given, or with all: false; per-page left to the service unless given', () => {
    expect(paging({ page: '3' })).toEqual({ all: false, page: 3, perPage: undefined });
    expect(paging({ page: '3', 'per-page': '10' })).toEqual({ all: false, page: 3, perPage: 10 });
    expect(paging({ all: 'false' })).toEqual({ all: false, page: 1, perPage: undefined });
    expect(paging({ page: '2', all: 'false' })).toEqual({ all: false, page: 2, perPage: undefined });
  });

  it('refuses page with all: true, naming page and what to do instead', () => {
    expect(() => paging({ page: '2', all: 'true' })).toThrow(
      new InputError(
        'page',
        'selects one page, but all is true',
        'page with all: false (or without all), or no page to read every page',
      ),
    );
  });

  // Each input's bounds; a value that is no number, or no boolean, the reader's own (test/context/inputs.test.ts).
  it.each([
    ['page 0', { page: '0' }, "Invalid input 'page': '0' is not a whole number from 1 to 1000000"],
    [
      'per-page over 100',
      { 'per-page': '101' },
      "Invalid input 'per-page': '101' is not a whole number from 1 to 100",
    ],
    [
      'max-items too large',
      { 'max-items': '1000000' },
      "Invalid input 'max-items': '1000000' is not a whole number from 1 to 100000",
    ],
  ])('refuses %s', (_label, inputs, message) => {
    expect(() => paging(inputs)).toThrow(message);
  });
});

const onePage = (page: number, page_count: number) => () =>
  Promise.resolve({ items: ['x'], pagination: { total: page_count, page, per_page: 1, page_count } });
const never = () => Promise.reject(new Error('not all pages'));

describe('readList, one page', () => {
  it('is truncated only when pages follow the one read', async () => {
    const read = (page: number, count: number) =>
      readList({ paging: { all: false, page, perPage: 1 }, onePage: onePage(page, count), allPages: never });
    expect((await read(1, 3)).truncated).toBe(true);
    expect((await read(2, 3)).truncated).toBe(true);
    // The last page of several, and the only page.
    expect((await read(3, 3)).truncated).toBe(false);
    expect((await read(1, 1)).truncated).toBe(false);
  });

  it('is not truncated without pagination (a bare list is everything)', async () => {
    const read = await readList({
      paging: { all: false, page: 1, perPage: undefined },
      onePage: () => Promise.resolve({ items: ['a', 'b'] }),
      allPages: never,
    });
    expect(read).toMatchObject({ truncated: false, total: 2, pagesRead: 1 });
  });
});
