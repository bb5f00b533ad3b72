import { beforeAll, describe, expect, it } from 'vitest';
import { dynamoEndpoint } from './dynamo-endpoint';
import type { AuditEntry } from '@app/shared-types/audit';
import type { Page } from '@app/shared-types/api';
import { KNOWN_UNITS } from '@app/shared-types/quotations';
import {
  RATE_LIBRARY_MESSAGES,
  SUGGESTED_HARDWARE_BRANDS,
  SUGGESTED_PAINT_BRANDS,
  type ItemDetail,
  type ItemSummary,
  type Price,
  type PriceResult,
  type RateItem,
  type RateLibrary,
  type RateLibraryAnswer,
  type UsageArea,
} from '@app/shared-types/rate-library';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { createDb, type Db } from '../src/db/client';
import { costPricesFor, readLibrary } from '../src/quotations/rate-library-repo';
import { seedRateLibrary } from '../src/local/rate-library-seed';
import { TEST_ORIGIN, createStaffApp, json, staffRequest, type TestApp } from './helpers';

let app: TestApp;
let db: Db;
let employee: string;
let manager: string;
let admin: string;
let superadmin: string;

beforeAll(async () => {
  const { staff, ...test } = await createStaffApp('employee', 'manager', 'admin', 'superadmin');
  ({ app, db } = test);
  [employee, manager, admin, superadmin] = [staff('employee').cookie, staff('manager').cookie, staff('admin').cookie, staff('superadmin').cookie];
  expect(await seedRateLibrary(db, '2026-01-05T04:30:00.000Z')).toBe(true);
});

const SEEDED_AREAS = ['Living', 'Dining', 'Kitchen', 'Master Bedroom', 'Kids Bedroom', 'Guest Bedroom', 'Pooja', 'Foyer', 'Bathrooms', 'Balcony', 'Study', 'Utility'];
const SUGGESTED = [...SUGGESTED_HARDWARE_BRANDS, ...SUGGESTED_PAINT_BRANDS];

/** A lookup path with each name URL-encoded, as the builder sends it. */
const lookup = (kind: string, ...names: string[]) => `/api/quotation/${kind}/${names.map(encodeURIComponent).join('/')}`;

async function get<T>(path: string, cookie = employee, status = 200): Promise<T> {
  const response = await staffRequest(app, path, cookie);
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(status);
  return json<T>(response);
}

const library = () => get<RateLibrary>('/api/rate-library');

/** A write as the editor sends it; `status` is what it must answer. */
async function write<T>(method: 'POST' | 'PUT', path: string, body: unknown, status: number, cookie = admin): Promise<T> {
  const response = await staffRequest(app, `/api/rate-library${path}`, cookie, { method, body });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(status);
  return json<T>(response);
}

let counter = 0;
const unique = (name: string) => `${name} ${Date.now() % 100_000}-${++counter}`;

/** A new usage area with one item (unit sq.ft, finishes 'Laminate' and 'Acrylic') and an any-brand price for Laminate. */
async function newAreaWithItem(options: { itemName?: string } = {}) {
  const lib = await library();
  const sqft = lib.units.find((unit) => unit.name === 'sq.ft')!;
  const hettich = lib.brands.find((brand) => brand.name === 'Hettich')!;
  const area = await write<UsageArea>('POST', '/usage-areas', { name: unique('Terrace'), sortOrder: 500 }, 201);
  const item = await write<RateItem>(
    'POST',
    '/items',
    {
      usageAreaId: area.id,
      itemName: options.itemName ?? 'Planter Box',
      unitId: sqft.id,
      finishTypes: [{ name: 'Laminate' }, { name: 'Acrylic' }],
      brandIds: [hettich.id],
    },
    201,
  );
  const laminate = item.finishTypes.find((finish) => finish.name === 'Laminate')!;
  const price = await write<Price>('POST', '/prices', { itemId: item.id, finishId: laminate.id, brandId: '', price: '1,450.50', costPrice: 1000 }, 201);
  return { area, item, price, hettich, sqft };
}

describe('quotation lookups (SPEC.md 7)', () => {
  it('lists the usage areas in order, the units and the brands as plain lists', async () => {
    expect(await get<string[]>('/api/quotation/usage-areas')).toEqual(expect.arrayContaining(SEEDED_AREAS));
    const areas = await get<string[]>('/api/quotation/usage-areas');
    expect(areas.slice(0, SEEDED_AREAS.length)).toEqual(SEEDED_AREAS);
    expect((await get<string[]>('/api/quotation/all-units')).slice(0, KNOWN_UNITS.length)).toEqual([...KNOWN_UNITS]);
    const brands = await get<string[]>('/api/quotation/all-brands');
    expect(brands).toEqual(expect.arrayContaining([...SUGGESTED, 'Greenply', 'Century Ply', 'Merino', 'Saint-Gobain']));
    expect(brands.every((brand) => typeof brand === 'string')).toBe(true);
  });

  it('lists an area\'s items as { itemName, unit }, matching the name in any case', async () => {
    const items = await get<ItemSummary[]>(lookup('items', 'kitchen'));
    expect(items).toContainEqual({ itemName: 'Modular Kitchen Base Unit', unit: 'sq.ft' });
    expect(items).toContainEqual({ itemName: 'Kitchen Loft', unit: 'R.ft' });
    expect(items).toContainEqual({ itemName: 'Kitchen Accessories', unit: 'SETS' });
    expect(items).toContainEqual({ itemName: 'Laminate Sheet', unit: 'Sheet' });
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['itemName', 'unit']);
    expect(await get<ItemSummary[]>(lookup('items', 'Utility'))).toContainEqual({ itemName: 'Deep Cleaning', unit: 'LumpSum' });
    expect(await get<ItemSummary[]>(lookup('items', 'Living'))).toContainEqual({ itemName: 'Lighting', unit: 'QTY' });
  });

  it('answers an item\'s details: unit, its brands and the suggested brands', async () => {
    const detail = await get<ItemDetail>(lookup('item', 'Master Bedroom', 'WARDROBE'));
    expect(Object.keys(detail).sort()).toEqual(['brands', 'itemName', 'suggestedBrands', 'unit']);
    expect(detail).toMatchObject({ itemName: 'Wardrobe', unit: 'sq.ft' });
    expect(detail.brands).toEqual(['Hettich', 'Hafele', 'Blum', 'Ebco', 'Greenply', 'Century Ply', 'Merino']);
    expect([...detail.suggestedBrands].sort()).toEqual([...SUGGESTED].sort());
  });

  it('lists an item\'s finish types by name', async () => {
    expect(await get<string[]>(lookup('finish-types', 'Master Bedroom', 'Wardrobe'))).toEqual(['Laminate', 'Membrane', 'Acrylic', 'Veneer', 'Lacquered Glass', 'PU']);
    expect(await get<string[]>(lookup('finish-types', 'living', 'painting'))).toEqual(['Tractor Emulsion', 'Premium Emulsion', 'Royale Emulsion']);
  });

  it('answers { price, costPrice }: the brand\'s own price when it has one, else the any-brand price', async () => {
    const price = (brand?: string) =>
      get<PriceResult>(`${lookup('price', 'Kitchen', 'Handles and Hardware', 'Premium')}${brand === undefined ? '' : `?brand=${encodeURIComponent(brand)}`}`);
    expect(await price()).toEqual({ price: 7500, costPrice: 5850 });
    expect(await price('')).toEqual({ price: 7500, costPrice: 5850 });
    expect(await price('Hettich')).toEqual({ price: 8200, costPrice: 6396 });
    expect(await price('ebco')).toEqual({ price: 6200, costPrice: 4836 });
    expect(await price('Godrej')).toEqual({ price: 7500, costPrice: 5850 });
    expect(await price('A brand nobody stocks')).toEqual({ price: 7500, costPrice: 5850 });
    expect(await get<PriceResult>(lookup('price', 'Master Bedroom', 'Wardrobe', 'laminate'))).toEqual({ price: 1650, costPrice: 1155 });
    expect(await get<PriceResult>(`${lookup('price', 'Living', 'False Ceiling', 'Gypsum')}?brand=Saint-Gobain`)).toEqual({ price: 125, costPrice: 85 });
  });

  it('answers 404 with a clear error for an unknown area, item or finish, and for a finish without a price', async () => {
    const missing = async (path: string, message: string) => expect(await get<{ error: string }>(path, employee, 404)).toEqual({ error: message });
    await missing(lookup('items', 'Garage'), RATE_LIBRARY_MESSAGES.unknownUsageArea);
    await missing(lookup('item', 'Garage', 'Wardrobe'), RATE_LIBRARY_MESSAGES.unknownUsageArea);
    await missing(lookup('item', 'Kitchen', 'Wardrobe'), RATE_LIBRARY_MESSAGES.unknownItem);
    await missing(lookup('finish-types', 'Kitchen', 'Jacuzzi'), RATE_LIBRARY_MESSAGES.unknownItem);
    await missing(lookup('price', 'Kitchen', 'Kitchen Loft', 'Gold Leaf'), RATE_LIBRARY_MESSAGES.unknownFinish);
    await missing(lookup('items', 'x'.repeat(300)), RATE_LIBRARY_MESSAGES.unknownUsageArea);
    const { area, item } = await newAreaWithItem();
    await missing(lookup('price', area.name, item.itemName, 'Acrylic'), RATE_LIBRARY_MESSAGES.noPrice);
  });

  it('matches names holding a slash, encoded in the path', async () => {
    const area = await write<UsageArea>('POST', '/usage-areas', { name: unique('Living / Dining') }, 201);
    expect(await get<ItemSummary[]>(lookup('items', area.name.toUpperCase()))).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await staffRequest(app, '/api/quotation/usage-areas', undefined)).status).toBe(401);
    expect((await staffRequest(app, '/api/rate-library', undefined)).status).toBe(401);
  });
});

describe('GET /api/rate-library', () => {
  it('answers the whole library with ids, versions and cost prices to every role, and whether the role may edit it', async () => {
    for (const [cookie, canEdit] of [[employee, false], [manager, false], [admin, true], [superadmin, true]] as const) {
      const lib = await get<RateLibraryAnswer>('/api/rate-library', cookie);
      expect(lib.canEdit).toBe(canEdit);
      expect(lib.version).toBeGreaterThanOrEqual(1);
      expect(lib.usageAreas.length).toBeGreaterThanOrEqual(12);
      expect(lib.items.length).toBeGreaterThan(50);
      expect(lib.prices.length).toBeGreaterThan(150);
      expect(lib.prices[0]).toMatchObject({ id: expect.any(String), price: expect.any(Number), costPrice: expect.any(Number), version: 1 });
    }
  });

  it('seeds plausible rates: cost prices are 65-78% of the price', async () => {
    const lib = await library();
    for (const price of lib.prices) {
      expect(price.costPrice / price.price).toBeGreaterThanOrEqual(0.64);
      expect(price.costPrice / price.price).toBeLessThanOrEqual(0.79);
    }
    // Seeding again finds the library and writes nothing.
    expect(await seedRateLibrary(db)).toBe(false);
    expect((await library()).prices.length).toBe(lib.prices.length);
  });
});

describe('editing the library', () => {
  it('is for admins: employees and managers get 403 on every write, and nothing changes', async () => {
    const lib = await library();
    const area = lib.usageAreas[0]!;
    const price = lib.prices[0]!;
    for (const cookie of [employee, manager]) {
      await write('POST', '/usage-areas', { name: unique('Attic') }, 403, cookie);
      await write('PUT', `/usage-areas/${area.id}`, { name: 'Hall', version: area.version }, 403, cookie);
      await write('POST', '/units', { name: 'Bags' }, 403, cookie);
      await write('POST', '/brands', { name: 'Asian Paints Ultima' }, 403, cookie);
      await write('PUT', `/prices/${price.id}`, { price: 1, costPrice: 1, version: price.version }, 403, cookie);
      await write('POST', '/items', { usageAreaId: area.id, itemName: 'Sneaky', unitId: lib.units[0]!.id }, 403, cookie);
    }
    expect((await library()).version).toBe(lib.version);
    await write('POST', '/units', { name: unique('Bags') }, 201, superadmin);
  });

  it('adds a usage area, an item, finishes and prices, offered by the lookups at once', async () => {
    const { area, item, hettich } = await newAreaWithItem();
    expect(await get<string[]>('/api/quotation/usage-areas')).toContain(area.name);
    expect(await get<ItemSummary[]>(lookup('items', area.name))).toEqual([{ itemName: 'Planter Box', unit: 'sq.ft' }]);
    expect(await get<string[]>(lookup('finish-types', area.name, 'planter box'))).toEqual(['Laminate', 'Acrylic']);
    expect(await get<PriceResult>(lookup('price', area.name, 'Planter Box', 'Laminate'))).toEqual({ price: 1450.5, costPrice: 1000 });
    // A brand's own price beats the any-brand price for that brand only.
    const laminate = item.finishTypes[0]!;
    await write('POST', '/prices', { itemId: item.id, finishId: laminate.id, brandId: hettich.id, price: 1600, costPrice: 1150 }, 201);
    expect(await get<PriceResult>(`${lookup('price', area.name, 'Planter Box', 'Laminate')}?brand=hettich`)).toEqual({ price: 1600, costPrice: 1150 });
    expect(await get<PriceResult>(`${lookup('price', area.name, 'Planter Box', 'Laminate')}?brand=Ebco`)).toEqual({ price: 1450.5, costPrice: 1000 });
  });

  it('renames an area and an item without touching what is under them', async () => {
    const { area, item, price } = await newAreaWithItem();
    const renamed = await write<UsageArea>('PUT', `/usage-areas/${area.id}`, { name: `${area.name} Deck`, sortOrder: 501, version: area.version }, 200);
    expect(renamed).toMatchObject({ id: area.id, name: `${area.name} Deck`, version: area.version + 1 });
    await get(lookup('items', area.name), employee, 404);
    expect(await get<ItemSummary[]>(lookup('items', renamed.name))).toEqual([{ itemName: 'Planter Box', unit: 'sq.ft' }]);
    const lib = await library();
    expect(lib.items.find((entry) => entry.id === item.id)).toEqual(item);
    expect(lib.prices.find((entry) => entry.id === price.id)).toEqual(price);

    // Renaming an item and a finish keeps the finish's id, so its price follows.
    const laminate = item.finishTypes[0]!;
    const renamedItem = await write<RateItem>(
      'PUT',
      `/items/${item.id}`,
      { ...itemBody(item), itemName: 'Planter Bench', finishTypes: [{ ...laminate, name: 'Matte Laminate' }, item.finishTypes[1]], version: item.version },
      200,
    );
    expect(renamedItem.finishTypes[0]).toEqual({ id: laminate.id, name: 'Matte Laminate', retired: false });
    expect(await get<PriceResult>(lookup('price', renamed.name, 'Planter Bench', 'Matte Laminate'))).toEqual({ price: 1450.5, costPrice: 1000 });
    expect((await library()).prices.find((entry) => entry.id === price.id)).toEqual(price);
  });

  it('reprices: the lookup answers the new price at once', async () => {
    const { area, price } = await newAreaWithItem();
    const repriced = await write<Price>('PUT', `/prices/${price.id}`, { price: 1725, costPrice: '1,250.75', version: price.version }, 200);
    expect(repriced).toMatchObject({ price: 1725, costPrice: 1250.75, version: 2, itemId: price.itemId, finishId: price.finishId, brandId: '' });
    expect(await get<PriceResult>(lookup('price', area.name, 'Planter Box', 'Laminate'))).toEqual({ price: 1725, costPrice: 1250.75 });
  });

  it('retires: lookups stop offering it, the library still holds it and costPricesFor still costs it; restoring brings it back', async () => {
    const { area, item, price } = await newAreaWithItem();
    const row = { usageArea: area.name.toLowerCase(), item: 'PLANTER BOX', finishType: 'laminate', brand: 'Hettich' };
    const retired = await write<RateItem>('PUT', `/items/${item.id}`, { ...itemBody(item), retired: true, version: item.version }, 200);
    expect(await get<ItemSummary[]>(lookup('items', area.name))).toEqual([]);
    await get(lookup('item', area.name, 'Planter Box'), employee, 404);
    await get(lookup('price', area.name, 'Planter Box', 'Laminate'), employee, 404);
    expect((await library()).items.find((entry) => entry.id === item.id)?.retired).toBe(true);
    expect(await costPricesFor(db, [row])).toEqual([1000]);

    await write('PUT', `/items/${item.id}`, { ...itemBody(item), retired: false, version: retired.version }, 200);
    const retiredPrice = await write<Price>('PUT', `/prices/${price.id}`, { price: price.price, costPrice: price.costPrice, retired: true, version: price.version }, 200);
    await get(lookup('price', area.name, 'Planter Box', 'Laminate'), employee, 404);
    expect(await costPricesFor(db, [row])).toEqual([1000]);

    // A retired area hides everything under it.
    await write('PUT', `/usage-areas/${area.id}`, { name: area.name, retired: true, version: area.version }, 200);
    expect(await get<string[]>('/api/quotation/usage-areas')).not.toContain(area.name);
    await get(lookup('items', area.name), employee, 404);
    expect(await costPricesFor(db, [row])).toEqual([1000]);
    expect(retiredPrice.retired).toBe(true);
  });

  it('refuses a stale write with 409 and the current entry', async () => {
    const { area } = await newAreaWithItem();
    await write('PUT', `/usage-areas/${area.id}`, { name: `${area.name} A`, version: area.version }, 200);
    const stale = await write<{ error: string; current: UsageArea }>('PUT', `/usage-areas/${area.id}`, { name: `${area.name} B`, version: area.version }, 409);
    expect(stale.error).toBe(RATE_LIBRARY_MESSAGES.stale);
    expect(stale.current).toMatchObject({ id: area.id, name: `${area.name} A`, version: area.version + 1 });
  });

  it('refuses a name already taken in its scope with 409, in any case; the same name elsewhere is fine', async () => {
    const { area, item, sqft } = await newAreaWithItem();
    expect(await write('POST', '/usage-areas', { name: ` ${area.name.toUpperCase()} ` }, 409)).toEqual({ error: RATE_LIBRARY_MESSAGES.duplicateUsageArea });
    expect(await write('POST', '/usage-areas', { name: 'kitchen' }, 409)).toEqual({ error: RATE_LIBRARY_MESSAGES.duplicateUsageArea });
    expect(await write('POST', '/items', { usageAreaId: area.id, itemName: 'planter box', unitId: sqft.id }, 409)).toEqual({ error: RATE_LIBRARY_MESSAGES.duplicateItem });
    expect(await write('POST', '/units', { name: 'SQ.FT' }, 409)).toEqual({ error: RATE_LIBRARY_MESSAGES.duplicateUnit });
    expect(await write('POST', '/brands', { name: 'hettich' }, 409)).toEqual({ error: RATE_LIBRARY_MESSAGES.duplicateBrand });
    expect(await write('POST', '/prices', { itemId: item.id, finishId: item.finishTypes[0]!.id, price: 1, costPrice: 1 }, 409)).toEqual({
      error: RATE_LIBRARY_MESSAGES.duplicatePrice,
    });
    const twice = { ...itemBody(item), finishTypes: [...item.finishTypes, { name: 'ACRYLIC' }], version: item.version };
    expect(await write('PUT', `/items/${item.id}`, twice, 409)).toEqual({ error: RATE_LIBRARY_MESSAGES.duplicateFinish });
    // Renaming onto another area's name is refused too; an item of that name in another area is not.
    const other = await write<UsageArea>('POST', '/usage-areas', { name: unique('Lawn') }, 201);
    expect(await write('PUT', `/usage-areas/${other.id}`, { name: area.name, version: other.version }, 409)).toEqual({ error: RATE_LIBRARY_MESSAGES.duplicateUsageArea });
    await write('POST', '/items', { usageAreaId: other.id, itemName: 'Planter Box', unitId: sqft.id }, 201);
  });

  it('lets one of simultaneous writes win: the same version renamed ten times, the same name added ten times', async () => {
    const area = await write<UsageArea>('POST', '/usage-areas', { name: unique('Race') }, 201);
    const before = (await library()).version;
    const renames = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        staffRequest(app, `/api/rate-library/usage-areas/${area.id}`, admin, { method: 'PUT', body: { name: `${area.name} ${i}`, version: area.version } }),
      ),
    );
    expect(renames.map((response) => response.status).sort()).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
    const name = unique('Twin');
    const adds = await Promise.all(Array.from({ length: 10 }, () => staffRequest(app, '/api/rate-library/usage-areas', admin, { method: 'POST', body: { name } })));
    expect(adds.map((response) => response.status).sort()).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
    // Each write that passed moved the version once.
    expect((await library()).version).toBe(before + 2);
  });

  it('checks what an entry refers to: 400 with field messages', async () => {
    const { item } = await newAreaWithItem();
    const unknown = '00000000-0000-4000-8000-000000000000';
    const refused = await write<{ fields: Record<string, string> }>('POST', '/items', { usageAreaId: unknown, itemName: 'X', unitId: unknown, brandIds: [unknown] }, 400);
    expect(refused.fields).toEqual({ usageAreaId: 'Choose a usage area of the library', unitId: 'Choose a unit of the library', 'brandIds[0]': 'Choose a brand of the library' });
    expect((await write<{ fields: Record<string, string> }>('POST', '/prices', { itemId: item.id, finishId: unknown, price: 1, costPrice: 1 }, 400)).fields).toEqual({
      finishId: 'Choose a finish type of this item',
    });
    // A priced finish is retired, never dropped.
    const dropped = await write<{ fields: Record<string, string> }>('PUT', `/items/${item.id}`, { ...itemBody(item), finishTypes: [item.finishTypes[1]], version: item.version }, 400);
    expect(dropped.fields.finishTypes).toContain('retire it instead');
    await write('PUT', `/items/${unknown}`, { ...itemBody(item), version: 1 }, 404);
    await write('PUT', '/prices/not%20an%20id', { price: 1, costPrice: 1, version: 1 }, 404);
  });

  it('refuses hostile input with 400 (or 413/415), never 500', async () => {
    const lib = await library();
    const area = lib.usageAreas[0]!;
    // A raw body, as a hostile client may send it.
    const send = (path: string, body: string, method = 'POST', type = 'application/json') =>
      app.request(`/api/rate-library${path}`, { method, body, headers: { 'content-type': type, cookie: admin, origin: TEST_ORIGIN } });
    expect((await send('/usage-areas', '{"__proto__": {"polluted": true}, "name": "Proto"}')).status).toBe(400);
    expect((await send('/usage-areas', '{"constructor": {"prototype": {}}, "name": "Ctor"}')).status).toBe(400);
    expect((await send('/usage-areas', '["a"]')).status).toBe(400);
    expect((await send('/usage-areas', '{not json')).status).toBe(400);
    // Not JSON: the CSRF guard refuses it first; scripted (X-Requested-With), it is 415.
    expect((await send('/usage-areas', '{"name": "x"}', 'POST', 'text/plain')).status).toBe(403);
    const plain = await app.request('/api/rate-library/usage-areas', {
      method: 'POST',
      body: '{"name": "x"}',
      headers: { 'content-type': 'text/plain', 'x-requested-with': 'fetch', cookie: admin, origin: TEST_ORIGIN },
    });
    expect(plain.status).toBe(415);
    const control = await write<{ fields: Record<string, string> }>('POST', '/usage-areas', { name: 'Bad\u001b[31mArea' }, 400);
    expect(control.fields.name).toBe('Contains characters that are not allowed');
    expect((await write<{ fields: Record<string, string> }>('POST', '/usage-areas', { name: 'A'.repeat(5_000) }, 400)).fields.name).toContain('too long');
    expect((await send('/usage-areas', JSON.stringify({ name: 'B'.repeat(40_000) }))).status).toBe(413);
    expect((await write<{ fields: Record<string, string> }>('POST', '/usage-areas', { name: { $ne: 1 } }, 400)).fields.name).toBe('Must be text');
    expect((await write<{ fields: Record<string, string> }>('POST', '/usage-areas', { name: '' }, 400)).fields.name).toBe('Usage area name is required');
    const money = await write<{ fields: Record<string, string> }>('POST', '/prices', { itemId: lib.items[0]!.id, finishId: 'x', price: -5, costPrice: 1.234 }, 400);
    expect(money.fields).toMatchObject({ price: 'Price cannot be negative', costPrice: 'Cost price can have at most two decimals' });
    expect((await write('PUT', `/usage-areas/${area.id}`, { name: 'No version' }, 400))).toMatchObject({ fields: { version: 'version is required' } });
    const brand = await staffRequest(app, `${lookup('price', 'Kitchen', 'Kitchen Loft', 'Laminate')}?brand=${encodeURIComponent('Hettich\u0000')}`, employee);
    expect(brand.status).toBe(400);
    const proto = await staffRequest(app, `${lookup('price', 'Kitchen', 'Kitchen Loft', 'Laminate')}?__proto__=1`, employee);
    expect(proto.status).toBe(400);
    expect((await staffRequest(app, lookup('items', '__proto__'), employee)).status).toBe(404);
    expect((await staffRequest(app, lookup('item', 'constructor', 'toString'), employee)).status).toBe(404);
    expect((await library()).usageAreas.some((entry) => entry.name === 'Proto')).toBe(false);
  });

  it('writes an audit entry with each change', async () => {
    const area = await write<UsageArea>('POST', '/usage-areas', { name: unique('Audited') }, 201);
    const entries = await get<Page<AuditEntry>>(`/api/audit-log?entityId=${area.id}`, admin);
    expect(entries.items).toHaveLength(1);
    expect(entries.items[0]).toMatchObject({ entity: 'RateUsageArea', entityId: area.id, action: 'create', changes: { name: { before: null, after: area.name } } });
    const byEntity = await get<Page<AuditEntry>>('/api/audit-log?entity=RatePrice&limit=5', admin);
    expect(byEntity.items.length).toBeGreaterThan(0);
  });
});

describe('the cache', () => {
  /** A second process's view of the same table, counting the calls it makes. */
  function otherProcess() {
    const other = createDb({ table: db.table, endpoint: dynamoEndpoint(), region: 'local' });
    const calls: string[] = [];
    const send = other.doc.send.bind(other.doc);
    other.doc.send = ((command: { constructor: { name: string } }, ...rest: unknown[]) => {
      calls.push(command.constructor.name);
      return (send as (...args: unknown[]) => unknown)(command, ...rest);
    }) as typeof other.doc.send;
    return { other, calls };
  }

  it('reads the version item per lookup, the partition only when the version moved, and sees another process\'s write at once', async () => {
    const { other, calls } = otherProcess();
    const first = await readLibrary(other);
    expect(calls.filter((name) => name === 'GetCommand')).toHaveLength(1);
    expect(calls.filter((name) => name === 'QueryCommand').length).toBeGreaterThanOrEqual(1);
    calls.length = 0;
    expect(await readLibrary(other)).toBe(first);
    expect(calls).toEqual(['GetCommand']);

    const area = await write<UsageArea>('POST', '/usage-areas', { name: unique('Rooftop') }, 201);
    calls.length = 0;
    const next = await readLibrary(other);
    expect(next.version).toBe(first.version + 1);
    expect(next.usageAreas.some((entry) => entry.id === area.id)).toBe(true);
    expect(calls[0]).toBe('GetCommand');
    expect(calls).toContain('QueryCommand');
    expect(calls).not.toContain('ScanCommand');
  });
});

describe('costPricesFor', () => {
  it('answers each row\'s cost price: brand-specific, else any-brand, names in any case; null when the library has none', async () => {
    const rows = [
      { usageArea: 'Kitchen', item: 'Handles and Hardware', finishType: 'Premium', brand: 'Hettich' },
      { usageArea: 'kitchen', item: 'handles and hardware', finishType: 'premium', brand: '' },
      { usageArea: ' KITCHEN ', item: 'Handles and Hardware', finishType: 'Premium', brand: 'Godrej' },
      { usageArea: 'Master Bedroom', item: 'Wardrobe', finishType: 'PU', brand: 'Blum' },
      { usageArea: 'Master Bedroom', item: 'Wardrobe', finishType: 'Gold Leaf', brand: '' },
      { usageArea: 'Garage', item: 'Wardrobe', finishType: 'PU', brand: '' },
      { usageArea: '', item: '', finishType: '', brand: '' },
    ];
    expect(await costPricesFor(db, rows)).toEqual([6396, 5850, 5850, 2100, null, null, null]);
    expect(await costPricesFor(db, [])).toEqual([]);
  });
});

/** An item as its editor sends it back (the fields of itemInputSchema). */
function itemBody(item: RateItem) {
  return { usageAreaId: item.usageAreaId, itemName: item.itemName, unitId: item.unitId, finishTypes: item.finishTypes, brandIds: item.brandIds, retired: item.retired };
}

describe('seeding', () => {
  it('finishes a seed that stopped half-way, and leaves a library that exists alone', async () => {
    const { db: fresh } = await createStaffApp();
    const half = await (async () => {
      // Half a seed: the version item is written last, so a run that stopped has none.
      await seedRateLibrary(fresh, '2026-01-05T04:30:00.000Z');
      const lib = await readLibrary(fresh);
      await fresh.doc.send(new DeleteCommand({ TableName: fresh.table, Key: { pk: 'RATELIB', sk: 'VERSION' } }));
      return lib;
    })();
    expect(await seedRateLibrary(fresh, '2026-01-05T04:30:00.000Z')).toBe(true);
    // Read through another client: no cached copy.
    const again = await readLibrary(createDb({ table: fresh.table, endpoint: dynamoEndpoint(), region: 'local' }));
    expect(again.version).toBe(1);
    expect(again.prices.length).toBe(half.prices.length);
    expect(again.items.length).toBe(half.items.length);
    expect(await seedRateLibrary(fresh)).toBe(false);
  });
});
