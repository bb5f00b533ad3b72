import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { LOOKUPS_KEY, logged } from './lookup-key';

/** An item's unit and the brands it comes in (and the suggested ones). */
export function getItemDetails(usageArea: string, item: string) {
  return logged('item details', unwrap(api.quotation.item[':usageArea'][':item'].$get({ param: { usageArea, item } })));
}

export function getItemDetailsQueryOptions(usageArea: string, item: string) {
  return queryOptions({ queryKey: [LOOKUPS_KEY, 'item', usageArea, item], queryFn: () => getItemDetails(usageArea, item) });
}

export function useItemDetails(usageArea: string, item: string) {
  return useQuery({ ...getItemDetailsQueryOptions(usageArea, item), enabled: usageArea !== '' && item !== '' });
}
