import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-fetch';
import { part } from './refresh-quotation-queries';
import { LOOKUPS_KEY, logged } from './lookup-key';

export interface ItemDetails {
  itemName: string;
  unit: string;
  brands: string[];
  suggestedBrands: string[];
}

/** An item's unit and the brands it comes in (and the suggested ones). */
export function getItemDetails(usageArea: string, item: string) {
  return logged('item details', apiJson<ItemDetails>(`/api/quotation/item/${part(usageArea)}/${part(item)}`));
}

export function getItemDetailsQueryOptions(usageArea: string, item: string) {
  return queryOptions({ queryKey: [LOOKUPS_KEY, 'item', usageArea, item], queryFn: () => getItemDetails(usageArea, item) });
}

export function useItemDetails(usageArea: string, item: string) {
  return useQuery({ ...getItemDetailsQueryOptions(usageArea, item), enabled: usageArea !== '' && item !== '' });
}
