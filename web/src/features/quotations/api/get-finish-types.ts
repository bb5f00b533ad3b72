import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-fetch';
import { part } from './refresh-quotation-queries';
import { LOOKUPS_KEY, logged } from './lookup-key';

/** The finishes an item comes in. */
export function getFinishTypes(usageArea: string, item: string) {
  return logged('finish types', apiJson<string[]>(`/api/quotation/finish-types/${part(usageArea)}/${part(item)}`));
}

export function getFinishTypesQueryOptions(usageArea: string, item: string) {
  return queryOptions({ queryKey: [LOOKUPS_KEY, 'finish-types', usageArea, item], queryFn: () => getFinishTypes(usageArea, item) });
}

export function useFinishTypes(usageArea: string, item: string) {
  return useQuery({ ...getFinishTypesQueryOptions(usageArea, item), enabled: usageArea !== '' && item !== '' });
}
