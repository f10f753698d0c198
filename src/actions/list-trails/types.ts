/** list-trails, the shapes its inputs, run and rendering share. */
import type { Trail } from '../../api/schemas.js';
import type { CommonInputs } from '../../runtime/context.js';
import type { Paging } from '../../runtime/paging.js';

export interface ListTrailsInputs extends CommonInputs {
  flow: string | undefined;
  flowTag: string | undefined;
  fingerprint: string | undefined;
  paging: Paging;
}

export interface ListTrailsResult {
  url: string;
  filters: { flow?: string; flow_tag?: string; fingerprint?: string };
  paging: Paging;
  count: number;
  nonCompliant: number;
  /** The service's total, or what was read; null when max-items stopped a read of unknown size. */
  total: number | null;
  truncated: boolean;
  pagesRead: number;
  trails: Trail[];
}
