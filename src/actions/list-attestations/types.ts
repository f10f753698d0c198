/** list-attestations, the shapes its inputs, run and rendering share. */
import type { Attestation } from '../../api/schemas.js';
import type { CommonInputs } from '../../runtime/context.js';
import type { Paging } from '../../runtime/paging.js';

export interface ListAttestationsInputs extends CommonInputs {
  flow: string;
  /** Unix seconds. */
  from: number | undefined;
  to: number | undefined;
  paging: Paging;
}

export interface ListAttestationsResult {
  url: string;
  flow: string;
  /** Unix seconds, as sent. */
  from?: number;
  to?: number;
  paging: Paging;
  count: number;
  nonCompliant: number;
  /** The service's total, or what was read; null when max-items stopped a read of unknown size. */
  total: number | null;
  truncated: boolean;
  pagesRead: number;
  attestations: Attestation[];
}
