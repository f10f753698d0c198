// The one pagination helper: `readPage` reads a list in its three shapes (a bare list, an envelope with or without
// `pagination`), and `fetchAllPages` every page, the first, then the rest concurrently, up to a cap on items. Beside
// it, what the callers do with a list read: map it a few in flight, keep one item per key.
import * as z from 'zod/mini';
import { UnexpectedResponseError } from '../errors/errors.js';
import { parseResponse } from './parse.js';
import { Pagination } from './schemas.js';

export interface Page<T> {
  items: T[];
  pagination?: Pagination;
}

export interface AllPages<T> {
  items: T[];
  /** The service's total, else the number read to the end; null when the cap stopped a read of no known total. */
  total: number | null;
  truncated: boolean;
  pagesRead: number;
}

const Envelope = z.looseObject({ data: z.array(z.unknown()), pagination: z.optional(z.unknown()) });

/** One page, in any of the three shapes; each item must parse as the item's schema. */
export function readPage<S extends z.core.$ZodType>(raw: unknown, item: S, endpoint: string) {
  if (Array.isArray(raw)) return { items: parseResponse(z.array(item), raw, endpoint) };
  const envelope = Envelope.safeParse(raw);
  if (!envelope.success) {
    throw new UnexpectedResponseError(endpoint, '', 'expected a list or an object with a "data" list');
  }
  const items = parseResponse(z.looseObject({ data: z.array(item) }), raw, endpoint).data;
  // Without a whole `page_count` (schemas/common.ts), the object is read as absent and the pages are followed instead.
  const parsed = Pagination.safeParse(envelope.data.pagination);
  return parsed.success ? { items, pagination: parsed.data } : { items };
}

/** Runs `fn` over `items`, at most `limit` in flight, in order; the first failure starts no more and is thrown. */
export async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** One item per key, the first of each, in the order the keys first appear. */
export function firstByKey<T>(items: readonly T[], key: (item: T) => string): T[] {
  const kept = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    if (!kept.has(k)) kept.set(k, item);
  }
  return [...kept.values()];
}

/** One item per key, the last of each, in the order the keys first appear. */
export function lastByKey<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...new Map(items.map((item) => [key(item), item])).values()];
}

export async function fetchAllPages<T>(
  fetchPage: (page: number, perPage: number) => Promise<Page<T>>,
  options: { perPage: number; maxItems: number; concurrency: number },
): Promise<AllPages<T>> {
  const { perPage, maxItems } = options;
  const first = await fetchPage(1, perPage);
  const items = [...first.items];
  let pagesRead = 1;

  if (first.pagination) {
    // The server's own page size counts: it may serve fewer per page than asked for.
    const served = Math.max(1, first.pagination.per_page || perPage);
    const pageCount = Math.min(first.pagination.page_count, Math.ceil(maxItems / served));
    const rest = Array.from({ length: Math.max(0, pageCount - 1) }, (_, i) => i + 2);
    const pages = await mapBounded(rest, options.concurrency, (page) => fetchPage(page, perPage));
    for (const page of pages) items.push(...page.items);
    pagesRead += pages.length;
    const given = first.pagination.total;
    const truncated =
      given !== null && given !== undefined
        ? given > Math.min(items.length, maxItems)
        : items.length > maxItems || pageCount < first.pagination.page_count;
    return {
      items: items.slice(0, maxItems),
      total: given ?? (truncated ? null : items.length),
      truncated,
      pagesRead,
    };
  }

  // No pagination object (one page, says the spec): a full page is followed until a short, empty or repeated one.
  let full = first.items.length >= perPage;
  while (full && items.length < maxItems) {
    const next = await fetchPage(pagesRead + 1, perPage);
    pagesRead++;
    if (next.items.length === 0 || repeats(first, next)) {
      full = false;
      break;
    }
    items.push(...next.items);
    full = next.items.length >= perPage;
  }
  const truncated = items.length > maxItems || (items.length === maxItems && full);
  return { items: items.slice(0, maxItems), total: truncated ? null : items.length, truncated, pagesRead };
}

function repeats<T>(a: Page<T>, b: Page<T>): boolean {
  return (
    a.items.length > 0 && b.items.length > 0 && JSON.stringify(a.items[0]) === JSON.stringify(b.items[0])
  );
}
