import { ANY_BRAND, nameKey, type Price, type RateItem, type RateLibrary, type UsageArea } from '@app/shared-types/rate-library';

/** Pure helpers of the rate library editor: what a screen shows of the library. */

/** Areas in the library's order; retired ones only when asked for. */
export function visibleAreas(library: RateLibrary, showRetired: boolean): UsageArea[] {
  return library.usageAreas.filter((area) => showRetired || !area.retired);
}

/** An area's items by name; retired ones only when asked for. */
export function itemsOfArea(library: RateLibrary, areaId: string, showRetired: boolean): RateItem[] {
  return library.items.filter((item) => item.usageAreaId === areaId && (showRetired || !item.retired));
}

export const unitName = (library: RateLibrary, unitId: string) => library.units.find((unit) => unit.id === unitId)?.name ?? '—';

/** A price's brand as shown: 'Any brand' for the price every brand gets without one of its own. */
export function brandLabel(library: RateLibrary, brandId: string): string {
  if (brandId === ANY_BRAND) return 'Any brand';
  return library.brands.find((brand) => brand.id === brandId)?.name ?? '—';
}

/** One line of an item's price table. */
export interface PriceRow {
  finishId: string;
  finishName: string;
  finishRetired: boolean;
  /** Undefined: the finish has no price yet. */
  price?: Price;
  brand: string;
}

/** An item's prices by finish (in the item's order), any-brand first then by brand; finishes without a price get a line too. */
export function priceRows(library: RateLibrary, item: RateItem, showRetired: boolean): PriceRow[] {
  const rows: PriceRow[] = [];
  for (const finish of item.finishTypes) {
    if (finish.retired && !showRetired) continue;
    const prices = library.prices
      .filter((price) => price.itemId === item.id && price.finishId === finish.id && (showRetired || !price.retired))
      .map((price) => ({ price, brand: brandLabel(library, price.brandId) }))
      .sort((a, b) => (a.price.brandId === ANY_BRAND ? -1 : b.price.brandId === ANY_BRAND ? 1 : a.brand.localeCompare(b.brand)));
    const base = { finishId: finish.id, finishName: finish.name, finishRetired: finish.retired };
    if (prices.length === 0) rows.push({ ...base, brand: '' });
    for (const { price, brand } of prices) rows.push({ ...base, price, brand });
  }
  return rows;
}

/** The cost as a share of the price, for the margin hint ('70%'); '' without a price. */
export function costShare(price: Pick<Price, 'price' | 'costPrice'>): string {
  return price.price > 0 ? `${Math.round((price.costPrice / price.price) * 100)}%` : '';
}

// ---------------------------------------------------------------------------
// Item form: finishes keep their ids across renames

export interface FinishRow {
  id: string;
  name: string;
  retired: boolean;
}

export interface ItemFormValues {
  itemName: string;
  unitId: string;
  finishTypes: FinishRow[];
  brandIds: string[];
  retired: boolean;
}

export function itemFormValues(item: RateItem | null, library: RateLibrary): ItemFormValues {
  if (!item) {
    const sqft = library.units.find((unit) => nameKey(unit.name) === 'sq.ft' && !unit.retired) ?? library.units.find((unit) => !unit.retired);
    return { itemName: '', unitId: sqft?.id ?? '', finishTypes: [{ id: '', name: '', retired: false }], brandIds: [], retired: false };
  }
  return {
    itemName: item.itemName,
    unitId: item.unitId,
    finishTypes: item.finishTypes.map((finish) => ({ ...finish })),
    brandIds: [...item.brandIds],
    retired: item.retired,
  };
}

/** What the item form sends: blank finish lines left out. */
export function itemInput(values: ItemFormValues, usageAreaId: string) {
  return {
    usageAreaId,
    itemName: values.itemName,
    unitId: values.unitId,
    finishTypes: values.finishTypes.filter((finish) => finish.name.trim() !== '' || finish.id !== ''),
    brandIds: values.brandIds,
    retired: values.retired,
  };
}
