import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { LOOKUPS_KEY, logged } from './lookup-key';

export interface PriceLookup {
  usageArea: string;
  item: string;
  finishType: string;
  brand: string;
}

/** The library's price of an item in a finish (and brand); 404 when it has none. */
export function getPrice({ usageArea, item, finishType, brand }: PriceLookup) {
  return logged('price', unwrap(api.quotation.price[':usageArea'][':item'][':finishType'].$get({ param: { usageArea, item, finishType }, query: brand ? { brand } : {} })));
}

export function getPriceQueryOptions(lookup: PriceLookup) {
  return queryOptions({ queryKey: [LOOKUPS_KEY, 'price', lookup], queryFn: () => getPrice(lookup) });
}
