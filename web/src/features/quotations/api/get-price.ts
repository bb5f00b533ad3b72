import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-fetch';
import { part } from './refresh-quotation-queries';
import { LOOKUPS_KEY, logged } from './lookup-key';

export interface LibraryPrice {
  price: number;
  /** Staff only: what the firm pays per unit (the margin estimate). */
  costPrice: number | null;
}

export interface PriceLookup {
  usageArea: string;
  item: string;
  finishType: string;
  brand: string;
}

/** The library's price of an item in a finish (and brand); 404 when it has none. */
export function getPrice({ usageArea, item, finishType, brand }: PriceLookup) {
  const query = brand ? `?brand=${encodeURIComponent(brand)}` : '';
  return logged('price', apiJson<LibraryPrice>(`/api/quotation/price/${part(usageArea)}/${part(item)}/${part(finishType)}${query}`));
}

export function getPriceQueryOptions(lookup: PriceLookup) {
  return queryOptions({ queryKey: [LOOKUPS_KEY, 'price', lookup], queryFn: () => getPrice(lookup) });
}
