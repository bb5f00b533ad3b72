import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** Where a resource keeps one record on the client, and what to refresh after any write to it. */
export interface RecordCache {
  detailKey: (id: string) => QueryKey;
  refresh: (queryClient: QueryClient) => Promise<void>;
}

/**
 * The one save style of the portal: every write is a mutation of the kit.
 * `useRefreshingWrite` refreshes the resource's queries after it; the record
 * writes below also keep the record's detail query current.
 */

/** A write after which the resource's queries refresh (not awaited). */
export function useRefreshingWrite<I, R>(mutationFn: (input: I) => Promise<R>, refresh: (queryClient: QueryClient) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void refresh(queryClient) });
}

/**
 * A write that answers the record as saved now: the record (and its new
 * version) goes into its detail query at once, so reopening it never edits an
 * old version, then the resource's queries refresh (not awaited).
 */
export function useRecordSave<I, T extends { id: string }>(mutationFn: (input: I) => Promise<T>, cache: RecordCache) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (record) => {
      queryClient.setQueryData<T>(cache.detailKey(record.id), record);
      void cache.refresh(queryClient);
    },
  });
}

/** A delete by id: drops the record's detail query, then refreshes the resource's queries (not awaited). */
export function useRecordDelete<R>(mutationFn: (id: string) => Promise<R>, cache: RecordCache) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: cache.detailKey(id) });
      void cache.refresh(queryClient);
    },
  });
}
