// The one paged-list step of the listing sub-actions: the paging inputs, one page or every page up to `max-items`,
// the count of the non-compliant, the outputs, and the summary around the action's own table.
import { InputError } from '../errors/errors.js';
import type { ReadAllOptions } from '../api/client.js';
import type { AllPages, Page } from '../api/pagination.js';
import { MAX_PER_PAGE } from '../api/schemas.js';
import type { InputReader } from '../context/inputs.js';
import { SummaryWriter, type Cell } from '../summary/writer.js';
import { log } from '../trust/log.js';
import { plural } from '../trust/text.js';
import type { StepResult } from './step.js';

const DEFAULT_MAX_ITEMS = 1000;
/** A bound that keeps a mistyped number from holding a runner's memory hostage. */
const MAX_ITEMS_LIMIT = 100_000;
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

/** A read of every page, or of one (`truncated`: pages follow it), with which and how many the service has. */
interface ListRead<T> extends AllPages<T> {
  page?: number;
  pageCount?: number;
}

export async function readList<T>(listing: Pick<Listing<T>, 'paging' | 'onePage' | 'allPages'>) {
  const { paging } = listing;
  if (paging.all) return listing.allPages({ perPage: paging.perPage, maxItems: paging.maxItems });
  const read = await listing.onePage(paging.page, paging.perPage);
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

/** One line for the log and the summary: how much of the list was read; `noun` is one item's name (`trail`). */
function describeRead(read: ListRead<unknown>, paging: Paging, noun: string): string {
  const count = `${read.items.length} ${plural(read.items.length, noun)}`;
  if (!paging.all) {
    const of = read.pageCount !== undefined ? ` of ${read.pageCount}` : '';
    const all = read.pageCount !== undefined && read.total !== null ? ` (${read.total} in all)` : '';
    return `${count} on page ${read.page ?? paging.page}${of}${all}.`;
  }
  if (read.truncated) {
    const of = read.total !== null ? ` of ${read.total}` : ' and more (the service gives no total)';
    return `${count}${of}: max-items (${paging.maxItems}) stopped the read; raise it to read more.`;
  }
  return `${count}, read in ${read.pagesRead} ${plural(read.pagesRead, 'page')}.`;
}

type ListCounts = Omit<AllPages<unknown>, 'items'> & { count: number; nonCompliant: number };

/** A listing: how to read it, what one item is called (`trail`), and which items count as non-compliant. */
interface Listing<T> {
  paging: Paging;
  noun: string;
  title: string;
  onePage: (page: number, perPage: number | undefined) => Promise<Page<T>>;
  allPages: (options: ReadAllOptions) => Promise<AllPages<T>>;
  isNonCompliant: (item: T) => boolean;
}

/** Reads the list as its paging says: outcome `listed`, `count`, `non-compliant`, a warning when max-items cut it. */
export async function listStep<T>(
  listing: Listing<T>,
  resultOf: (counts: ListCounts, items: T[]) => ListCounts,
  shown: (read: ListRead<T>) => ListShown<T>,
): Promise<StepResult> {
  const { paging, noun } = listing;
  const read = await log.group(listing.title, async () => {
    const list = await readList(listing);
    log.info(describeRead(list, paging, noun));
    return list;
  });
  const nonCompliant = read.items.filter(listing.isNonCompliant).length;
  log.info(`${nonCompliant} non-compliant.`);
  const { items, total, truncated, pagesRead } = read;
  const result = resultOf({ count: items.length, nonCompliant, total, truncated, pagesRead }, items);
  return {
    outcome: 'listed',
    outputs: { count: result.count, 'non-compliant': nonCompliant },
    result: { ...result },
    summary: listSummary(result, read, paging, noun, shown(read)),
    // A read cut by max-items is worth a warning: the counts are of part of the list.
    annotations:
      paging.all && truncated ? [{ level: 'warning', message: describeRead(read, paging, noun) }] : [],
  };
}

/** What a listing's summary says besides the counts: its heading, what narrowed it, and its table. */
interface ListShown<T> {
  heading: string;
  /** Items that give no verdict, never counted as compliant: how many, in words (`without a state`). */
  unknown: { count: number; words: string };
  narrowed: string;
  columns: string[];
  row: (item: T) => Cell[];
}

/** The summary of a listing: the counts, what was asked and how much of it was read, then the table. */
function listSummary<T>(
  counts: ListCounts,
  read: ListRead<T>,
  paging: Paging,
  noun: string,
  shown: ListShown<T>,
): SummaryWriter {
  const summary = new SummaryWriter();
  const { unknown } = shown;
  summary.heading(
    `${shown.heading}: ${counts.count} listed, ${counts.nonCompliant} non-compliant` +
      (unknown.count > 0 ? `, ${unknown.count} ${unknown.words}` : ''),
    3,
  );
  summary.paragraph(`${shown.narrowed}${describeRead(read, paging, noun)}`);
  if (read.items.length === 0) return summary.paragraph(`No ${noun}s match.`);
  return summary.table(shown.columns, read.items.map(shown.row));
}
