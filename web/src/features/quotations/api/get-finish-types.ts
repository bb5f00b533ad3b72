import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { LOOKUPS_KEY, logged } from './lookup-key';

/** The finishes an item comes in. */
export function getFinishTypes(usageArea: string, item: string) {
  return logged('finish types', unwrap(api.quotation['finish-types'][':usageArea'][':item'].$get({ param: { usageArea, item } })));
}

export function getFinishTypesQueryOptions(usageArea: string, item: string) {
  return queryOptions({ queryKey: [LOOKUPS_KEY, 'finish-types', usageArea, item], queryFn: () => getFinishTypes(usageArea, item) });
}

export function useFinishTypes(usageArea: string, item: string) {
  return useQuery({ ...getFinishTypesQueryOptions(usageArea, item), enabled: usageArea !== '' && item !== '' });
}
