import * as yup from 'yup';
import { expectedVersion, parseRupees, rupees, storedFields, text } from './forms';
import { KNOWN_UNITS } from './quotations';

/**
 * The rate library (PRODUCT.md: data admins edit, not constants in code):
 * usage areas, their items, units, brands, finishes and prices. The quotation
 * builder reads it through the lookups of SPEC.md 7; admins edit it through
 * /api/rate-library. Everything has a stable id and names are attributes, so
 * a rename never rewrites the entries below it. Retired entries stay (old
 * quotes copy names and prices into their rows) but lookups do not offer them.
 */

/** SPEC.md 9: the fixed set of hardware and paint brands the builder suggests (seeded as `suggested`). */
export const SUGGESTED_HARDWARE_BRANDS = ['Hettich', 'Hafele', 'Blum', 'Ebco', 'Godrej'] as const;
export const SUGGESTED_PAINT_BRANDS = ['Asian Paints', 'Berger', 'Nerolac', 'Dulux'] as const;

/** The units a new library starts with (SPEC.md 3). */
export const STARTING_UNITS = KNOWN_UNITS;

/** PRODUCT.md: admins edit the rate library; every signed-in role reads it. */
export const RATE_LIBRARY_EDITORS = ['admin', 'superadmin'] as const;

/** A price without a brand: it applies to any brand that has no price of its own. */
export const ANY_BRAND = '';

export const NAME_MAX = 80;
export const ITEM_NAME_MAX = 120;
export const UNIT_NAME_MAX = 20;
/** Finishes one item offers at most, and brands one item lists at most. */
export const MAX_FINISHES_PER_ITEM = 40;
export const MAX_BRANDS_PER_ITEM = 60;
const PRICE_MAX = 10_000_000;

const atMostTwoDecimals = (value: number | null | undefined) =>
  value === undefined || value === null || Math.abs(Math.round(value * 100) / 100 - value) < 1e-9;

const name = (label: string, max = NAME_MAX) =>
  text()
    .required(`${label} is required`)
    .max(max, `${label} is too long (${max} characters at most)`);

/** An id the server made (a UUID) or seeded (a slug). */
const entityId = (label: string) =>
  yup
    .string()
    .typeError(`${label} must be an id`)
    .required(`${label} is required`)
    .matches(/^[A-Za-z0-9-]{1,64}$/, `${label} is not a valid id`);

const money = (label: string) =>
  rupees(label)
    .transform((_value: unknown, original: unknown) => parseRupees(original))
    .required(`${label} is required`)
    .max(PRICE_MAX, `${label} is too large`)
    .test('decimals', `${label} can have at most two decimals`, atMostTwoDecimals);

const retired = () => yup.boolean().typeError('Retired must be true or false').default(false);

// ---------------------------------------------------------------------------
// Inputs (the admin editor and the API validate with these)

export const usageAreaInputSchema = yup.object({
  name: name('Usage area name'),
  sortOrder: yup
    .number()
    .typeError('Sort order must be a number')
    .integer('Sort order must be a whole number')
    .min(0, 'Sort order cannot be negative')
    .max(10_000, 'Sort order is too large')
    .default(0),
  retired: retired(),
});
export type UsageAreaInput = yup.InferType<typeof usageAreaInputSchema>;
export const usageAreaUpdateSchema = usageAreaInputSchema.shape({ version: expectedVersion() });
export type UsageAreaUpdateInput = yup.InferType<typeof usageAreaUpdateSchema>;

/** A finish an item offers; one without an id is new (the server gives it one). */
export const finishInputSchema = yup.object({
  id: yup
    .string()
    .typeError('Finish id must be an id')
    .matches(/^[A-Za-z0-9-]{0,64}$/, 'Finish id is not valid')
    .default(''),
  name: name('Finish type'),
  retired: retired(),
});
export type FinishInput = yup.InferType<typeof finishInputSchema>;

export const itemInputSchema = yup.object({
  usageAreaId: entityId('Usage area'),
  itemName: name('Item name', ITEM_NAME_MAX),
  unitId: entityId('Unit'),
  finishTypes: yup
    .array()
    .of(finishInputSchema)
    .typeError('Finish types must be a list')
    .max(MAX_FINISHES_PER_ITEM, `An item can have at most ${MAX_FINISHES_PER_ITEM} finish types`)
    .default([]),
  brandIds: yup
    .array()
    .of(entityId('Brand'))
    .typeError('Brands must be a list')
    .max(MAX_BRANDS_PER_ITEM, `An item can list at most ${MAX_BRANDS_PER_ITEM} brands`)
    .default([]),
  retired: retired(),
});
export type ItemInput = yup.InferType<typeof itemInputSchema>;
export const itemUpdateSchema = itemInputSchema.shape({ version: expectedVersion() });
export type ItemUpdateInput = yup.InferType<typeof itemUpdateSchema>;

export const unitInputSchema = yup.object({ name: name('Unit name', UNIT_NAME_MAX), retired: retired() });
export type UnitInput = yup.InferType<typeof unitInputSchema>;
export const unitUpdateSchema = unitInputSchema.shape({ version: expectedVersion() });
export type UnitUpdateInput = yup.InferType<typeof unitUpdateSchema>;

export const brandInputSchema = yup.object({
  name: name('Brand name'),
  suggested: yup.boolean().typeError('Suggested must be true or false').default(false),
  retired: retired(),
});
export type BrandInput = yup.InferType<typeof brandInputSchema>;
export const brandUpdateSchema = brandInputSchema.shape({ version: expectedVersion() });
export type BrandUpdateInput = yup.InferType<typeof brandUpdateSchema>;

const priceFields = {
  price: money('Price'),
  costPrice: money('Cost price'),
  retired: retired(),
};
/** A price of one finish of one item, for one brand or (brandId '') any brand. */
export const priceInputSchema = yup.object({
  itemId: entityId('Item'),
  finishId: entityId('Finish type'),
  brandId: yup
    .string()
    .typeError('Brand must be an id')
    .matches(/^[A-Za-z0-9-]{0,64}$/, 'Brand is not a valid id')
    .default(ANY_BRAND),
  ...priceFields,
});
export type PriceInput = yup.InferType<typeof priceInputSchema>;
/** A reprice (or retire/restore): what a price is for never changes; add another price instead. */
export const priceUpdateSchema = yup.object({ ...priceFields, version: expectedVersion() });
export type PriceUpdateInput = yup.InferType<typeof priceUpdateSchema>;

// ---------------------------------------------------------------------------
// Stored shapes (and what GET /api/rate-library answers)

export const usageAreaSchema = yup.object({
  name: yup.string().required(),
  sortOrder: yup.number().integer().default(0),
  retired: yup.boolean().default(false),
  ...storedFields,
});
export type UsageArea = yup.InferType<typeof usageAreaSchema>;

export const finishSchema = yup.object({
  id: yup.string().required(),
  name: yup.string().required(),
  retired: yup.boolean().default(false),
});
export type Finish = yup.InferType<typeof finishSchema>;

export const rateItemSchema = yup.object({
  usageAreaId: yup.string().required(),
  itemName: yup.string().required(),
  unitId: yup.string().required(),
  finishTypes: yup.array().of(finishSchema).default([]),
  brandIds: yup.array().of(yup.string().required()).default([]),
  retired: yup.boolean().default(false),
  ...storedFields,
});
export type RateItem = yup.InferType<typeof rateItemSchema>;

export const unitSchema = yup.object({
  name: yup.string().required(),
  retired: yup.boolean().default(false),
  ...storedFields,
});
export type Unit = yup.InferType<typeof unitSchema>;

export const brandSchema = yup.object({
  name: yup.string().required(),
  suggested: yup.boolean().default(false),
  retired: yup.boolean().default(false),
  ...storedFields,
});
export type Brand = yup.InferType<typeof brandSchema>;

export const priceSchema = yup.object({
  itemId: yup.string().required(),
  finishId: yup.string().required(),
  /** '' (ANY_BRAND): the price for any brand without one of its own. */
  brandId: yup.string().defined().default(ANY_BRAND),
  price: yup.number().required(),
  costPrice: yup.number().required(),
  retired: yup.boolean().default(false),
  ...storedFields,
});
export type Price = yup.InferType<typeof priceSchema>;

/** GET /api/rate-library: the whole library, retired entries included; `version` moves on every write. */
export interface RateLibrary {
  version: number;
  usageAreas: UsageArea[];
  items: RateItem[];
  units: Unit[];
  brands: Brand[];
  prices: Price[];
}

/** GET /api/rate-library: the library, and whether the signed-in role may edit it (the editor shows its actions by it). */
export interface RateLibraryAnswer extends RateLibrary {
  canEdit: boolean;
}

// ---------------------------------------------------------------------------
// Lookup answers (SPEC.md 7)

/** GET /api/quotation/items/{usageArea}. */
export interface ItemSummary {
  itemName: string;
  unit: string;
}
/** GET /api/quotation/item/{usageArea}/{item}: the item's brands, and the suggested brands of the library. */
export interface ItemDetail extends ItemSummary {
  brands: string[];
  suggestedBrands: string[];
}
/** GET /api/quotation/price/{usageArea}/{item}/{finishType}?brand=: per unit, in rupees. */
export interface PriceResult {
  price: number;
  costPrice: number;
}

/** Names match ignoring case and the spaces around them. */
export const nameKey = (value: string) => value.normalize('NFC').trim().toLowerCase();

// ---------------------------------------------------------------------------
// Messages

export const RATE_LIBRARY_MESSAGES = {
  unknownUsageArea: 'Usage area not found',
  unknownItem: 'Item not found in this usage area',
  unknownFinish: 'Finish type not found for this item',
  noPrice: 'No price in the rate library for this item, finish type and brand',
  notFound: 'Rate library entry not found',
  stale: 'Someone else changed this entry. Reload the rate library to see their changes.',
  duplicateUsageArea: 'A usage area with this name already exists',
  duplicateItem: 'An item with this name already exists in this usage area',
  duplicateUnit: 'A unit with this name already exists',
  duplicateBrand: 'A brand with this name already exists',
  duplicatePrice: 'A price for this finish type and brand already exists for this item',
  duplicateFinish: 'Two finish types of this item have the same name',
  saved: 'Rate library updated',
  saveFailed: 'Could not update the rate library',
} as const;
