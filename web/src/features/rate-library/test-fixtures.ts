import { http, HttpResponse } from 'msw';
import {
  RATE_LIBRARY_MESSAGES,
  brandInputSchema,
  brandUpdateSchema,
  itemInputSchema,
  itemUpdateSchema,
  nameKey,
  priceInputSchema,
  priceUpdateSchema,
  unitInputSchema,
  unitUpdateSchema,
  usageAreaInputSchema,
  usageAreaUpdateSchema,
  type RateLibrary,
  type RateLibraryAnswer,
} from '@app/shared-types/rate-library';

/** A small rate library and MSW handlers that keep it as the server would (`server.use(...rateLibraryHandlers())`). */

const AT = '2026-01-05T04:30:00.000Z';
const stored = (id: string, version = 1) => ({ id, createdAt: AT, updatedAt: AT, version });

export function rateLibraryFixture(): RateLibrary {
  return {
    version: 7,
    usageAreas: [
      { ...stored('area-kitchen'), name: 'Kitchen', sortOrder: 10, retired: false },
      { ...stored('area-master', 2), name: 'Master Bedroom', sortOrder: 20, retired: false },
      { ...stored('area-old'), name: 'Servant Room', sortOrder: 30, retired: true },
    ],
    items: [
      {
        ...stored('item-base-unit'),
        usageAreaId: 'area-kitchen',
        itemName: 'Modular Kitchen Base Unit',
        unitId: 'unit-sqft',
        finishTypes: [{ id: 'finish-base-laminate', name: 'Laminate', retired: false }],
        brandIds: ['brand-hettich'],
        retired: false,
      },
      {
        ...stored('item-wardrobe', 3),
        usageAreaId: 'area-master',
        itemName: 'Wardrobe',
        unitId: 'unit-sqft',
        finishTypes: [
          { id: 'finish-laminate', name: 'Laminate', retired: false },
          { id: 'finish-acrylic', name: 'Acrylic', retired: false },
        ],
        brandIds: ['brand-hettich', 'brand-ebco'],
        retired: false,
      },
      {
        ...stored('item-loft'),
        usageAreaId: 'area-master',
        itemName: 'Wardrobe Loft',
        unitId: 'unit-rft',
        finishTypes: [{ id: 'finish-loft-laminate', name: 'Laminate', retired: false }],
        brandIds: [],
        retired: false,
      },
    ],
    units: [
      { ...stored('unit-sqft'), name: 'sq.ft', retired: false },
      { ...stored('unit-rft'), name: 'R.ft', retired: false },
    ],
    brands: [
      { ...stored('brand-ebco'), name: 'Ebco', suggested: true, retired: false },
      { ...stored('brand-hettich'), name: 'Hettich', suggested: true, retired: false },
      { ...stored('brand-merino'), name: 'Merino', suggested: false, retired: false },
    ],
    prices: [
      { ...stored('price-base'), itemId: 'item-base-unit', finishId: 'finish-base-laminate', brandId: '', price: 1750, costPrice: 1260, retired: false },
      { ...stored('price-wardrobe-laminate', 2), itemId: 'item-wardrobe', finishId: 'finish-laminate', brandId: '', price: 1650, costPrice: 1155, retired: false },
      { ...stored('price-wardrobe-laminate-hettich'), itemId: 'item-wardrobe', finishId: 'finish-laminate', brandId: 'brand-hettich', price: 1800, costPrice: 1300, retired: false },
      { ...stored('price-wardrobe-acrylic'), itemId: 'item-wardrobe', finishId: 'finish-acrylic', brandId: '', price: 2400, costPrice: 1680, retired: false },
      { ...stored('price-loft'), itemId: 'item-loft', finishId: 'finish-loft-laminate', brandId: '', price: 850, costPrice: 595, retired: false },
    ],
  };
}

type Collection = 'usage-areas' | 'items' | 'units' | 'brands' | 'prices';
const FIELD: Record<Collection, keyof Omit<RateLibrary, 'version'>> = { 'usage-areas': 'usageAreas', items: 'items', units: 'units', brands: 'brands', prices: 'prices' };
const CREATE = { 'usage-areas': usageAreaInputSchema, items: itemInputSchema, units: unitInputSchema, brands: brandInputSchema, prices: priceInputSchema };
const UPDATE = { 'usage-areas': usageAreaUpdateSchema, items: itemUpdateSchema, units: unitUpdateSchema, brands: brandUpdateSchema, prices: priceUpdateSchema };
const DUPLICATE: Partial<Record<Collection, string>> = {
  'usage-areas': RATE_LIBRARY_MESSAGES.duplicateUsageArea,
  units: RATE_LIBRARY_MESSAGES.duplicateUnit,
  brands: RATE_LIBRARY_MESSAGES.duplicateBrand,
};
/** A write the handlers received: method, path and the JSON body as sent. */
export interface RecordedWrite {
  method: string;
  path: string;
  body: unknown;
}

const nameOf = (entry: object) => ('name' in entry && typeof entry.name === 'string' ? nameKey(entry.name) : undefined);

/**
 * GET /api/rate-library (as a role that may edit it unless `canEdit` is false) and its writes, on one library per call: names unique
 * per kind (409), a stale version answered with the current entry (409), the
 * library's version moved by every write, finishes without an id given one.
 */
export function rateLibraryHandlers(library: RateLibrary = rateLibraryFixture(), writes: RecordedWrite[] = [], { canEdit = true } = {}) {
  let next = 1;
  const withFinishIds = (body: Record<string, unknown>) =>
    Array.isArray(body.finishTypes)
      ? { ...body, finishTypes: (body.finishTypes as { id: string }[]).map((finish) => ({ ...finish, id: finish.id || `finish-new-${next++}` })) }
      : body;
  const list = (collection: Collection) => library[FIELD[collection]] as unknown as ({ id: string; version: number } & Record<string, unknown>)[];
  const taken = (collection: Collection, entry: object, id?: string) => {
    const name = nameOf(entry);
    return DUPLICATE[collection] !== undefined && name !== undefined && list(collection).some((other) => other.id !== id && nameOf(other) === name);
  };
  return [
    http.get('/api/rate-library', () => HttpResponse.json<RateLibraryAnswer>({ ...library, canEdit })),
    http.post('/api/rate-library/:collection', async ({ params, request }) => {
      const collection = params.collection as Collection;
      const body: unknown = await request.json();
      writes.push({ method: 'POST', path: new URL(request.url).pathname, body });
      const input = withFinishIds(await CREATE[collection].validate(body, { stripUnknown: true }));
      if (taken(collection, input)) return HttpResponse.json({ error: DUPLICATE[collection] }, { status: 409 });
      const entry = { ...stored(`${collection}-new-${next++}`), ...input };
      list(collection).push(entry);
      library.version++;
      return HttpResponse.json(entry, { status: 201 });
    }),
    http.put('/api/rate-library/:collection/:id', async ({ params, request }) => {
      const collection = params.collection as Collection;
      const body: unknown = await request.json();
      writes.push({ method: 'PUT', path: new URL(request.url).pathname, body });
      const { version, ...input } = await UPDATE[collection].validate(body, { stripUnknown: true });
      const entries = list(collection);
      const at = entries.findIndex((entry) => entry.id === params.id);
      if (at < 0) return HttpResponse.json({ error: RATE_LIBRARY_MESSAGES.notFound }, { status: 404 });
      const current = entries[at]!;
      if (current.version !== version) return HttpResponse.json({ error: RATE_LIBRARY_MESSAGES.stale, current }, { status: 409 });
      if (taken(collection, input, current.id)) return HttpResponse.json({ error: DUPLICATE[collection] }, { status: 409 });
      const saved = { ...current, ...withFinishIds(input), version: version + 1 };
      entries[at] = saved;
      library.version++;
      return HttpResponse.json(saved);
    }),
  ];
}
