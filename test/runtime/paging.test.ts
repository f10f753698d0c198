import { describe, expect, it } from 'vitest';
import { readList } from '../../src/runtime/paging.js';

const onePage = (page: number, page_count: number) => () =>
  Promise.resolve({ items: ['x'], pagination: { total: page_count, page, per_page: 1, page_count } });
const never = () => Promise.reject(new Error('not all pages'));

describe('readList, one page', () => {
  it('is truncated only when pages follow the one read', async () => {
    const read = (page: number, count: number) =>
      readList({ all: false, page, perPage: 1 }, onePage(page, count), never);
    expect((await read(1, 3)).truncated).toBe(true);
    expect((await read(2, 3)).truncated).toBe(true);
    // The last page of several, and the only page.
    expect((await read(3, 3)).truncated).toBe(false);
    expect((await read(1, 1)).truncated).toBe(false);
  });

  it('is not truncated without pagination (a bare list is everything)', async () => {
    const read = await readList(
      { all: false, page: 1, perPage: undefined },
      () => Promise.resolve({ items: ['a', 'b'] }),
      never,
    );
    expect(read).toMatchObject({ truncated: false, total: 2, pagesRead: 1 });
  });
});
