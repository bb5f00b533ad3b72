import type { QuotationRevision } from '@app/shared-types/quotations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-fetch';
import { QUOTATIONS_KEY, part } from './refresh-quotation-queries';

/** One kept version, whole. */
export function getRevision(id: string, revision: number) {
  return apiJson<QuotationRevision>(`/api/quotations/${part(id)}/revisions/${revision}`);
}

export function getRevisionQueryOptions(id: string, revision: number) {
  return queryOptions({ queryKey: [QUOTATIONS_KEY, 'detail', id, 'revision', revision], queryFn: () => getRevision(id, revision) });
}

export function useRevision(id: string, revision: number | null) {
  return useQuery({ ...getRevisionQueryOptions(id, revision ?? 0), enabled: revision !== null });
}
