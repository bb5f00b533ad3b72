import { randomUUID } from 'node:crypto';
import * as yup from 'yup';
import {
  ANY_BRAND,
  RATE_LIBRARY_MESSAGES,
  brandSchema,
  nameKey,
  priceSchema,
  rateItemSchema,
  unitSchema,
  usageAreaSchema,
  type Brand,
  type BrandInput,
  type BrandUpdateInput,
  type Finish,
  type FinishInput,
  type ItemDetail,
  type ItemInput,
  type ItemSummary,
  type ItemUpdateInput,
  type Price,
  type PriceInput,
  type PriceResult,
  type PriceUpdateInput,
  type RateItem,
  type RateLibrary,
  type Unit,
  type UnitInput,
  type UnitUpdateInput,
  type UsageArea,
  type UsageAreaInput,
  type UsageAreaUpdateInput,
} from '@app/shared-types/rate-library';
import type { Db } from '../db/client';
import { allPages, defineEntity, type Stored, type WriteContext } from '../db/entity';
import { defineItem, queryPage, type Write } from '../db/item';
import { keys } from '../db/keys';
import { plan, PlanConditionFailed, type WritePlan } from '../db/plan';

/**
 * The rate library (shared-types/rate-library.ts) in one partition: each
 * entry keyed by its kind and id, names unique in their scope through marker
 * items, and a version item every write moves in its own transaction. The
 * whole library is a few hundred items, so one Query reads it; each process
 * keeps it parsed and asks only the version item (one consistent GetItem)
 * whether it is still current.
 */

const areaEntity = defineEntity({
  type: 'RateUsageArea',
  schema: usageAreaSchema,
  key: (id) => keys.rateLibraryEntry('AREA', id),
  partition: 'RATELIB',
  patterns: {},
  unique: [{ name: 'RateUsageAreaName', partition: 'RATELIB', key: (area) => keys.rateLibraryName('AREA', nameKey(area.name)), owner: 'ownerId' }],
});

const itemEntity = defineEntity({
  type: 'RateItem',
  schema: rateItemSchema,
  key: (id) => keys.rateLibraryEntry('ITEM', id),
  partition: 'RATELIB',
  patterns: {},
  unique: [{ name: 'RateItemName', partition: 'RATELIB', key: (item) => keys.rateLibraryName(`ITEM#${item.usageAreaId}`, nameKey(item.itemName)), owner: 'ownerId' }],
});

const unitEntity = defineEntity({
  type: 'RateUnit',
  schema: unitSchema,
  key: (id) => keys.rateLibraryEntry('UNIT', id),
  partition: 'RATELIB',
  patterns: {},
  unique: [{ name: 'RateUnitName', partition: 'RATELIB', key: (unit) => keys.rateLibraryName('UNIT', nameKey(unit.name)), owner: 'ownerId' }],
});

const brandEntity = defineEntity({
  type: 'RateBrand',
  schema: brandSchema,
  key: (id) => keys.rateLibraryEntry('BRAND', id),
  partition: 'RATELIB',
  patterns: {},
  unique: [{ name: 'RateBrandName', partition: 'RATELIB', key: (brand) => keys.rateLibraryName('BRAND', nameKey(brand.name)), owner: 'ownerId' }],
});

const priceEntity = defineEntity({
  type: 'RatePrice',
  schema: priceSchema,
  key: (id) => keys.rateLibraryEntry('PRICE', id),
  partition: 'RATELIB',
  patterns: {},
  // One price per item, finish and brand ('' = any brand).
  unique: [{ name: 'RatePriceFor', partition: 'RATELIB', key: (price) => keys.rateLibraryName(`PRICE#${price.itemId}`, `${price.finishId}#${price.brandId}`), owner: 'ownerId' }],
});

export const rateLibraryEntities = { area: areaEntity, item: itemEntity, unit: unitEntity, brand: brandEntity, price: priceEntity };

/** The library's version: every library write adds one, so a process knows when its copy is old. */
export const libraryVersionKind = defineItem({
  type: 'RateLibraryVersion',
  schema: yup.object({ version: yup.number().defined().default(0) }),
  key: () => keys.rateLibraryVersion(),
  partition: 'RATELIB',
});

/** The plan entry that moves the library's version on (every library write carries one). */
export function bumpLibraryVersion(): Write {
  return libraryVersionKind.update([], { add: { version: 1 }, set: { entityType: libraryVersionKind.type } });
}

// ---------------------------------------------------------------------------
// Reading: the parsed library with its name indexes, cached per version

/** The library with the indexes lookups use. Names are keyed by nameKey (case and outer spaces ignored). */
export interface LibraryIndex {
  library: RateLibrary;
  areaByName: Map<string, UsageArea>;
  itemsByArea: Map<string, Map<string, RateItem>>;
  unitById: Map<string, Unit>;
  brandById: Map<string, Brand>;
  brandByName: Map<string, Brand>;
  /** `${itemId}#${finishId}#${brandId}` -> its price. */
  priceFor: Map<string, Price>;
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

export function indexLibrary(library: RateLibrary): LibraryIndex {
  library.usageAreas.sort((a, b) => a.sortOrder - b.sortOrder || byName(a.name, b.name));
  library.items.sort((a, b) => byName(a.itemName, b.itemName));
  library.units.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || byName(a.name, b.name));
  library.brands.sort((a, b) => byName(a.name, b.name));
  const itemsByArea = new Map<string, Map<string, RateItem>>();
  for (const item of library.items) {
    const items = itemsByArea.get(item.usageAreaId) ?? new Map<string, RateItem>();
    items.set(nameKey(item.itemName), item);
    itemsByArea.set(item.usageAreaId, items);
  }
  return {
    library,
    areaByName: new Map(library.usageAreas.map((area) => [nameKey(area.name), area])),
    itemsByArea,
    unitById: new Map(library.units.map((unit) => [unit.id, unit])),
    brandById: new Map(library.brands.map((brand) => [brand.id, brand])),
    brandByName: new Map(library.brands.map((brand) => [nameKey(brand.name), brand])),
    priceFor: new Map(library.prices.map((price) => [`${price.itemId}#${price.finishId}#${price.brandId}`, price])),
  };
}

const cache = new WeakMap<Db, LibraryIndex>();

async function libraryVersion(db: Db): Promise<number> {
  return (await libraryVersionKind.get(db, []))?.version ?? 0;
}

async function queryLibrary(db: Db, version: number): Promise<RateLibrary> {
  const library: RateLibrary = { version, usageAreas: [], items: [], units: [], brands: [], prices: [] };
  const raws = await allPages((start) => queryPage(db, { pk: keys.rateLibrary(), consistent: true, start }));
  for (const raw of raws) {
    const kind = String(raw.sk).split('#')[0];
    if (kind === 'AREA') library.usageAreas.push(areaEntity.parse(raw));
    else if (kind === 'ITEM') library.items.push(itemEntity.parse(raw));
    else if (kind === 'UNIT') library.units.push(unitEntity.parse(raw));
    else if (kind === 'BRAND') library.brands.push(brandEntity.parse(raw));
    else if (kind === 'PRICE') library.prices.push(priceEntity.parse(raw));
    // NAME# markers and the VERSION item are bookkeeping.
  }
  return library;
}

/**
 * The library as it is now: one consistent GetItem of the version item, and
 * the one Query of the partition only when the version moved since this
 * process last read it. Treat the answer as read-only (it is shared).
 */
export async function readLibraryIndex(db: Db): Promise<LibraryIndex> {
  const version = await libraryVersion(db);
  const cached = cache.get(db);
  if (cached && cached.library.version === version) return cached;
  const index = indexLibrary(await queryLibrary(db, version));
  // A slower read of an older version never replaces a newer one.
  const current = cache.get(db);
  if (!current || current.library.version <= version) cache.set(db, index);
  return index;
}

/** Drops this process's copy of the library (a restore replaced it; its version moved on too). */
export function forgetLibrary(db: Db) {
  cache.delete(db);
}

/** The whole library (retired entries included), cached per version. Read-only. */
export async function readLibrary(db: Db): Promise<RateLibrary> {
  return (await readLibraryIndex(db)).library;
}

// ---------------------------------------------------------------------------
// Lookups (SPEC.md 7): what the quotation builder offers. Retired entries,
// and anything under a retired entry, are not offered.

export type Lookup<T> = { found: T } | { missing: string };

const activeArea = (index: LibraryIndex, usageArea: string) => {
  const area = index.areaByName.get(nameKey(usageArea));
  return area && !area.retired ? area : undefined;
};

function activeItem(index: LibraryIndex, usageArea: string, itemName: string): Lookup<RateItem> {
  const area = activeArea(index, usageArea);
  if (!area) return { missing: RATE_LIBRARY_MESSAGES.unknownUsageArea };
  const item = index.itemsByArea.get(area.id)?.get(nameKey(itemName));
  return item && !item.retired ? { found: item } : { missing: RATE_LIBRARY_MESSAGES.unknownItem };
}

const unitName = (index: LibraryIndex, item: RateItem) => index.unitById.get(item.unitId)?.name ?? '';
const activeFinishes = (item: RateItem) => item.finishTypes.filter((finish) => !finish.retired);

export const activeUsageAreas = (index: LibraryIndex) => index.library.usageAreas.filter((area) => !area.retired).map((area) => area.name);
export const activeUnits = (index: LibraryIndex) => index.library.units.filter((unit) => !unit.retired).map((unit) => unit.name);
export const activeBrands = (index: LibraryIndex) => index.library.brands.filter((brand) => !brand.retired).map((brand) => brand.name);

export function itemsOf(index: LibraryIndex, usageArea: string): Lookup<ItemSummary[]> {
  const area = activeArea(index, usageArea);
  if (!area) return { missing: RATE_LIBRARY_MESSAGES.unknownUsageArea };
  const items = [...(index.itemsByArea.get(area.id)?.values() ?? [])].filter((item) => !item.retired);
  return { found: items.map((item) => ({ itemName: item.itemName, unit: unitName(index, item) })) };
}

/** An item's details: its active brands in its order, and every active suggested brand of the library. */
export function itemDetail(index: LibraryIndex, usageArea: string, itemName: string): Lookup<ItemDetail> {
  const found = activeItem(index, usageArea, itemName);
  if (!('found' in found)) return found;
  const item = found.found;
  const brands = item.brandIds.map((id) => index.brandById.get(id)).filter((brand): brand is Brand => !!brand && !brand.retired);
  const suggestedBrands = index.library.brands.filter((brand) => brand.suggested && !brand.retired).map((brand) => brand.name);
  return { found: { itemName: item.itemName, unit: unitName(index, item), brands: brands.map((brand) => brand.name), suggestedBrands } };
}

export function finishTypesOf(index: LibraryIndex, usageArea: string, itemName: string): Lookup<string[]> {
  const found = activeItem(index, usageArea, itemName);
  if (!('found' in found)) return found;
  return { found: activeFinishes(found.found).map((finish) => finish.name) };
}

/** The price of a finish for `brand`: that brand's own price when it has one, else the any-brand price. */
export function priceOf(index: LibraryIndex, usageArea: string, itemName: string, finishType: string, brand: string): Lookup<PriceResult> {
  const found = activeItem(index, usageArea, itemName);
  if (!('found' in found)) return found;
  const finish = activeFinishes(found.found).find((candidate) => nameKey(candidate.name) === nameKey(finishType));
  if (!finish) return { missing: RATE_LIBRARY_MESSAGES.unknownFinish };
  const price = pickPrice(index, found.found.id, finish.id, brand, false);
  return price ? { found: { price: price.price, costPrice: price.costPrice } } : { missing: RATE_LIBRARY_MESSAGES.noPrice };
}

function pickPrice(index: LibraryIndex, itemId: string, finishId: string, brand: string, includeRetired: boolean): Price | undefined {
  const usable = (price: Price | undefined) => (price && (includeRetired || !price.retired) ? price : undefined);
  const brandEntry = brand.trim() ? index.brandByName.get(nameKey(brand)) : undefined;
  const own = brandEntry && (includeRetired || !brandEntry.retired) ? usable(index.priceFor.get(`${itemId}#${finishId}#${brandEntry.id}`)) : undefined;
  return own ?? usable(index.priceFor.get(`${itemId}#${finishId}#${ANY_BRAND}`));
}

/**
 * Each row's cost price per unit from the library, for saving a quote: the
 * brand's own price, else the any-brand price, names matched ignoring case;
 * retired entries count (an old quote still costs); null when the library
 * has no price for the row.
 */
export async function costPricesFor(
  db: Db,
  rows: readonly { usageArea: string; item: string; finishType: string; brand: string }[],
): Promise<(number | null)[]> {
  if (rows.length === 0) return [];
  const index = await readLibraryIndex(db);
  return rows.map((row) => {
    const area = index.areaByName.get(nameKey(row.usageArea));
    const item = area && index.itemsByArea.get(area.id)?.get(nameKey(row.item));
    const finish = item?.finishTypes.find((candidate) => nameKey(candidate.name) === nameKey(row.finishType));
    if (!item || !finish) return null;
    return pickPrice(index, item.id, finish.id, row.brand, true)?.costPrice ?? null;
  });
}

// ---------------------------------------------------------------------------
// Writes: each one version-checked (updates), name-checked (markers),
// audited and moving the library's version, all in one transaction.

export type LibraryWrite<T> = { item: T } | { notFound: true } | { stale: T } | { taken: string } | { invalid: Record<string, string> };

const newStored = (ctx: WriteContext): Stored => ({ id: randomUUID(), createdAt: ctx.now, updatedAt: ctx.now, version: 1 });

/** What the library writes need of an entry's entity. */
interface LibraryEntity<T extends Stored> {
  get: (db: Db, id: string, consistent?: boolean) => Promise<T | undefined>;
  planCreate: (p: WritePlan, name: string, entity: T) => void;
  planUpdate: (p: WritePlan, name: string, before: T, after: T) => void;
}

/** Commits an entry's plan (entry 'entry', its name marker 'entry.<marker>', the version): a name another entry holds is { taken }. */
async function commitEntry<T>(p: WritePlan, item: T): Promise<{ item: T } | { taken: string } | 'moved'> {
  p.write('version', bumpLibraryVersion());
  try {
    await p.commit();
    return { item };
  } catch (error) {
    if (!(error instanceof PlanConditionFailed)) throw error;
    if (error.has('entry')) return 'moved';
    const marker = error.failed.find((name) => name.startsWith('entry.') && !name.startsWith('entry.search') && !name.endsWith('.release'));
    if (marker) return { taken: marker.slice('entry.'.length) };
    throw error;
  }
}

async function createEntry<T extends Stored>(db: Db, entity: LibraryEntity<T>, value: T, ctx: WriteContext): Promise<LibraryWrite<T>> {
  const p = plan(db, ctx);
  entity.planCreate(p, 'entry', value);
  const result = await commitEntry(p, value);
  if (result === 'moved') throw new Error('a new rate library entry found its id taken');
  return result;
}

/** Whether an edit changes nothing but its stamps (it is then not written). */
function unchanged<T extends Stored>(before: T, after: T): boolean {
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  const value = (entry: T, field: string) => JSON.stringify(Object.entries(entry).find(([name]) => name === field)?.[1] ?? null);
  return [...fields].every((field) => field === 'updatedAt' || field === 'version' || value(before, field) === value(after, field));
}

/** Updates an entry at the version the editor read: stale when it moved, with the entry as it is. */
async function updateEntry<T extends Stored>(db: Db, entity: LibraryEntity<T>, id: string, version: number, change: (before: T) => T, ctx: WriteContext): Promise<LibraryWrite<T>> {
  const before = await entity.get(db, id, true);
  if (!before) return { notFound: true };
  if (before.version !== version) return { stale: before };
  const after: T = { ...change(before), id, createdAt: before.createdAt, updatedAt: ctx.now, version: before.version + 1 };
  if (unchanged(before, after)) return { item: before };
  const p = plan(db, ctx);
  entity.planUpdate(p, 'entry', before, after);
  const result = await commitEntry(p, after);
  if (result !== 'moved') return result;
  const current = await entity.get(db, id, true);
  return current ? { stale: current } : { notFound: true };
}

export const createUsageArea = (db: Db, input: UsageAreaInput, ctx: WriteContext) => createEntry(db, areaEntity, { ...newStored(ctx), ...input }, ctx);

export const updateUsageArea = (db: Db, id: string, { version, ...fields }: UsageAreaUpdateInput, ctx: WriteContext) =>
  updateEntry(db, areaEntity, id, version, (before) => ({ ...before, ...fields }), ctx);

export const createUnit = (db: Db, input: UnitInput, ctx: WriteContext) => createEntry(db, unitEntity, { ...newStored(ctx), ...input }, ctx);

export const updateUnit = (db: Db, id: string, { version, ...fields }: UnitUpdateInput, ctx: WriteContext) =>
  updateEntry(db, unitEntity, id, version, (before) => ({ ...before, ...fields }), ctx);

export const createBrand = (db: Db, input: BrandInput, ctx: WriteContext) => createEntry(db, brandEntity, { ...newStored(ctx), ...input }, ctx);

export const updateBrand = (db: Db, id: string, { version, ...fields }: BrandUpdateInput, ctx: WriteContext) =>
  updateEntry(db, brandEntity, id, version, (before) => ({ ...before, ...fields }), ctx);

/**
 * The item's finishes as sent, checked against the library: kept ids stay,
 * new ones get an id, names unique within the item, and a finish a price
 * refers to is retired rather than dropped.
 */
function itemFields(
  index: LibraryIndex,
  input: Omit<ItemInput, 'finishTypes'> & { finishTypes: FinishInput[] },
  before: RateItem | undefined,
): { invalid: Record<string, string> } | { taken: string } | { fields: Omit<RateItem, keyof Stored> } {
  const invalid: Record<string, string> = {};
  if (!index.library.usageAreas.some((area) => area.id === input.usageAreaId)) invalid.usageAreaId = 'Choose a usage area of the library';
  if (!index.unitById.has(input.unitId)) invalid.unitId = 'Choose a unit of the library';
  const unknownBrand = input.brandIds.findIndex((id) => !index.brandById.has(id));
  if (unknownBrand >= 0) invalid[`brandIds[${unknownBrand}]`] = 'Choose a brand of the library';
  const known = new Map((before?.finishTypes ?? []).map((finish) => [finish.id, finish]));
  const finishes: Finish[] = [];
  input.finishTypes.forEach((finish, i) => {
    if (finish.id && !known.has(finish.id)) invalid[`finishTypes[${i}].id`] = 'This finish type is not one of the item';
    finishes.push({ id: finish.id || randomUUID(), name: finish.name, retired: finish.retired });
  });
  if (before) {
    const kept = new Set(finishes.map((finish) => finish.id));
    const priced = new Set(index.library.prices.filter((price) => price.itemId === before.id).map((price) => price.finishId));
    const dropped = before.finishTypes.find((finish) => !kept.has(finish.id) && priced.has(finish.id));
    if (dropped) invalid.finishTypes = `'${dropped.name}' has prices: retire it instead of removing it`;
  }
  if (Object.keys(invalid).length > 0) return { invalid };
  if (new Set(finishes.map((finish) => nameKey(finish.name))).size !== finishes.length) return { taken: 'RateFinishName' };
  return {
    fields: {
      usageAreaId: input.usageAreaId,
      itemName: input.itemName,
      unitId: input.unitId,
      finishTypes: finishes,
      brandIds: [...new Set(input.brandIds)],
      retired: input.retired,
    },
  };
}

export async function createItem(db: Db, input: ItemInput, ctx: WriteContext): Promise<LibraryWrite<RateItem>> {
  const checked = itemFields(await readLibraryIndex(db), input, undefined);
  if (!('fields' in checked)) return checked;
  return createEntry(db, itemEntity, { ...newStored(ctx), ...checked.fields }, ctx);
}

export async function updateItem(db: Db, id: string, { version, ...input }: ItemUpdateInput, ctx: WriteContext): Promise<LibraryWrite<RateItem>> {
  const index = await readLibraryIndex(db);
  const before = index.library.items.find((item) => item.id === id);
  if (!before) return { notFound: true };
  const checked = itemFields(index, input, before);
  if (!('fields' in checked)) return checked;
  // The read above may be a moment old: the version check makes the write refuse if the item moved.
  return updateEntry(db, itemEntity, id, version, (current) => ({ ...current, ...checked.fields }), ctx);
}

export async function createPrice(db: Db, input: PriceInput, ctx: WriteContext): Promise<LibraryWrite<Price>> {
  const index = await readLibraryIndex(db);
  const item = index.library.items.find((candidate) => candidate.id === input.itemId);
  const invalid: Record<string, string> = {};
  if (!item) invalid.itemId = 'Choose an item of the library';
  else if (!item.finishTypes.some((finish) => finish.id === input.finishId)) invalid.finishId = 'Choose a finish type of this item';
  if (input.brandId !== ANY_BRAND && !index.brandById.has(input.brandId)) invalid.brandId = 'Choose a brand of the library';
  if (Object.keys(invalid).length > 0) return { invalid };
  return createEntry(db, priceEntity, { ...newStored(ctx), ...input }, ctx);
}

export const updatePrice = (db: Db, id: string, { version, ...fields }: PriceUpdateInput, ctx: WriteContext) =>
  updateEntry(db, priceEntity, id, version, (before) => ({ ...before, ...fields }), ctx);
