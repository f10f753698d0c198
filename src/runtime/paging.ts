/**
 * How a listing sub-action reads a paginated list: one page (`page`, `per-page`), or every page (`all`, the default
 * unless `page` is given) up to `max-items`, read concurrently by the client.
 */
import { InputError } from '../errors/errors.js';
import type { ReadAllOptions } from '../api/client.js';
import type { AllPages, Page } from '../api/pagination.js';
import { MAX_PER_PAGE } from '../api/schemas.js';
import type { InputReader } from '../context/inputs.js';

export const DEFAULT_MAX_ITEMS = 1000;
/** A bound that keeps a mistyped number from holding a runner's memory hostage. */
export const MAX_ITEMS_LIMIT = 100_000;
const MAX_PAGE = 1_000_000;

export type Paging =
  | { all: true; perPage: number; maxItems: number }
  /** `perPage` undefined: the service's default (20). */
  | { all: false; page: number; perPage: number | undefined };

export function readPaging(inputs: InputReader): Paging {
  const pageGiven = inputs.optional('page') !== undefined;
  const page = inputs.integer('page', 1, 1, MAX_PAGE);
  const perPageGiven = inputs.optional('per-page') !== undefined;
  const perPage = inputs.integer('per-page', MAX_PER_PAGE, 1, MAX_PER_PAGE);
  const maxItems = inputs.integer('max-items', DEFAULT_MAX_ITEMS, 1, MAX_ITEMS_LIMIT);
  const all = inputs.boolean('all', !pageGiven);
  if (all && pageGiven) {
    throw new InputError(
      'page',
      'selects one page, but all is true',
      'page with all: false (or without all), or no page to read every page',
    );
  }
  return all ? { all, perPage, maxItems } : { all, page, perPage: perPageGiven ? perPage : undefined };
}

export interface ListRead<T> {
  items: T[];
  /** The service's total when it gave one, else the number of items read; null when the cap stopped a read of unknown size. */
  total: number | null;
  /** True when more items exist than were read: max-items stopped the read, or pages follow the one read. */
  truncated: boolean;
  pagesRead: number;
  /** For a single page: which page, and how many the service has (when it said). */
  page?: number;
  pageCount?: number;
}

/** Reads as `paging` says, through the client's one-page and every-page methods. */
export async function readList<T>(
  paging: Paging,
  onePage: (page: number, perPage: number | undefined) => Promise<Page<T>>,
  allPages: (options: ReadAllOptions) => Promise<AllPages<T>>,
): Promise<ListRead<T>> {
  if (paging.all) {
    const read = await allPages({ perPage: paging.perPage, maxItems: paging.maxItems });
    return { items: read.items, total: read.total, truncated: read.truncated, pagesRead: read.pagesRead };
  }
  const read = await onePage(paging.page, paging.perPage);
  const pagination = read.pagination;
  return {
    items: read.items,
    // Several pages and no total given: not known.
    total: pagination ? (pagination.total ?? null) : read.items.length,
    // Only the pages after this one: the last page of several is not cut.
    truncated: pagination !== undefined && paging.page < pagination.page_count,
    pagesRead: 1,
    page: paging.page,
    ...(pagination !== undefined && { pageCount: pagination.page_count }),
  };
}

/** One line for the log and the summary: how much of the list was read. */
export function describeRead(read: ListRead<unknown>, paging: Paging, noun: string): string {
  const count = `${read.items.length} ${noun}`;
  if (!paging.all) {
    const of = read.pageCount !== undefined ? ` of ${read.pageCount}` : '';
    const all = read.pageCount !== undefined && read.total !== null ? ` (${read.total} in all)` : '';
    return `${count} on page ${read.page ?? paging.page}${of}${all}.`;
  }
  if (read.truncated) {
    const of = read.total !== null ? ` of ${read.total}` : ' and more (the service gives no total)';
    return `${count}${of}: max-items (${paging.maxItems}) stopped the read; raise it to read more.`;
  }
  return `${count}, read in ${read.pagesRead} page(s).`;
}
