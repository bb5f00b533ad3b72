import { randomUUID } from 'node:crypto';
import { vendorSchema, type Vendor, type VendorInput, type VendorListQuery, type VendorUpdateInput } from '@app/shared-types/vendors';
import type { Db } from '../db/client';
import { defineEntity, type ItemKey, type WriteContext } from '../db/entity';
import { keys } from '../db/keys';
import { dashboardCounter } from '../dashboard';

/** Every vendor list is sorted by name, ignoring case (names repeat: the id breaks ties). */
const byName = (vendor: Vendor) => keys.vendorNameSort(vendor.name, vendor.id);

export const vendorEntity = defineEntity({
  type: 'Vendor',
  schema: vendorSchema,
  key: keys.vendor,
  partition: 'VENDOR#*',
  indexes: {
    gsi1: (vendor) => ({ pk: keys.vendors(), sk: byName(vendor) }),
    gsi2: (vendor) => ({ pk: keys.vendorsByCategory(vendor.category), sk: byName(vendor) }),
    gsi3: (vendor) => ({ pk: keys.vendorsByStatus(vendor.status), sk: byName(vendor) }),
  },
  patterns: {
    all: { index: 'gsi1', partition: () => keys.vendors() },
    byCategory: { index: 'gsi2', partition: ({ category }: Pick<Vendor, 'category'>) => keys.vendorsByCategory(category) },
    byStatus: { index: 'gsi3', partition: ({ status }: Pick<Vendor, 'status'>) => keys.vendorsByStatus(status) },
  },
  // Only active vendors count on the dashboard.
  counts: (vendor) => ({ DASHBOARD: { [dashboardCounter.activeVendors]: vendor.status === 'active' ? 1 : 0 } }),
  search: (vendor) => ({
    texts: [vendor.name, vendor.contactPerson, vendor.email, vendor.city, vendor.specialization, vendor.gstNumber],
    phones: [vendor.phone, vendor.alternatePhone],
  }),
  searchSort: byName,
  masked: ['bankDetails', 'panNumber'],
  // Kept by the finance transactions of the vendor (transaction-repo.ts), never by the vendor form.
  kept: ['totalOrders', 'totalAmount', 'lastOrderDate'],
});

/** What only the vendor's transactions set: a client's values for these are ignored. */
const NO_ORDERS = { totalOrders: 0, totalAmount: 0, lastOrderDate: null } as const;

export const getVendor = (db: Db, id: string) => vendorEntity.get(db, id);

export async function createVendor(db: Db, input: VendorInput, ctx: WriteContext): Promise<Vendor> {
  const vendor: Vendor = { id: randomUUID(), ...input, ...NO_ORDERS, createdAt: ctx.now, updatedAt: ctx.now, version: 1 };
  await vendorEntity.create(db, vendor, ctx);
  return vendor;
}

export function updateVendor(db: Db, id: string, { version, ...fields }: VendorUpdateInput, ctx: WriteContext) {
  return vendorEntity.update(
    db,
    id,
    version,
    (before) => ({ ...before, ...fields, totalOrders: before.totalOrders, totalAmount: before.totalAmount, lastOrderDate: before.lastOrderDate }),
    ctx,
  );
}

export const deleteVendor = (db: Db, id: string, ctx: WriteContext) => vendorEntity.remove(db, id, ctx);

/** The list a query reads: a category, else a status, picks its partition; every list is by name. */
function listOf(query: Pick<VendorListQuery, 'category' | 'status'>) {
  if (query.category) return vendorEntity.source('byCategory', { category: query.category });
  if (query.status) return vendorEntity.source('byStatus', { status: query.status });
  return vendorEntity.source('all', {});
}

/** What a cursor of `query` may hold. */
export const vendorCursorKeys = (query: Pick<VendorListQuery, 'category' | 'status' | 'q'>) => vendorEntity.cursorKeys(listOf(query), query.q);

/**
 * One page of vendors: a search reads its matches from the token index;
 * otherwise category or status picks the partition (a status with a category
 * filters it).
 */
export function listVendors(db: Db, query: VendorListQuery, start?: ItemKey): Promise<{ items: Vendor[]; lastKey?: ItemKey }> {
  const filtered = (query.category && query.status) || query.q;
  return vendorEntity.list(db, listOf(query), {
    limit: query.limit,
    start,
    q: query.q,
    where: filtered
      ? (vendor) => (!query.category || vendor.category === query.category) && (!query.status || vendor.status === query.status)
      : undefined,
  });
}
