import { randomUUID } from 'node:crypto';
import { GetCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { Vendor, VendorInput, VendorListQuery, VendorUpdateInput } from '@app/shared-types/vendors';
import type { Db } from './client';
import { keys } from './keys';
import { cursorKeysOf, phoneSearchText, queryPage, searchTerm, type ItemKey, type ListSource } from './list-query';
import { counterUpdate, dashboardCounter } from './stats-repo';
import { isTransactionCanceled, putNew, transactWrite } from './writes';

type Item = Record<string, NativeAttributeValue>;

/** The vendor as the API returns it: no keys, no search text. */
export function toVendor(item: Item): Vendor {
  return {
    id: item.id as string,
    name: item.name as string,
    category: item.category as Vendor['category'],
    specialization: (item.specialization as string | undefined) ?? '',
    contactPerson: (item.contactPerson as string | undefined) ?? '',
    phone: item.phone as string,
    alternatePhone: (item.alternatePhone as string | undefined) ?? '',
    email: (item.email as string | undefined) ?? '',
    address: (item.address as string | undefined) ?? '',
    city: (item.city as string | undefined) ?? '',
    state: (item.state as string | undefined) ?? '',
    pincode: (item.pincode as string | undefined) ?? '',
    gstNumber: (item.gstNumber as string | undefined) ?? '',
    panNumber: (item.panNumber as string | undefined) ?? '',
    bankDetails: (item.bankDetails as string | undefined) ?? '',
    paymentTerms: (item.paymentTerms as string | undefined) ?? '',
    creditLimit: (item.creditLimit as number | null | undefined) ?? null,
    rating: (item.rating as number | undefined) ?? 5,
    status: (item.status as Vendor['status'] | undefined) ?? 'active',
    notes: (item.notes as string | undefined) ?? '',
    documents: (item.documents as string[] | undefined) ?? [],
    lastOrderDate: (item.lastOrderDate as string | null | undefined) ?? null,
    totalOrders: (item.totalOrders as number | undefined) ?? 0,
    totalAmount: (item.totalAmount as number | undefined) ?? 0,
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
    version: item.version as number,
  };
}

/** Lower-case text the list's search matches. */
function searchTextOf(vendor: Vendor): string {
  return [
    vendor.name.toLowerCase(),
    vendor.contactPerson.toLowerCase(),
    phoneSearchText(vendor.phone),
    vendor.alternatePhone ? phoneSearchText(vendor.alternatePhone) : '',
    vendor.email.toLowerCase(),
    vendor.city.toLowerCase(),
    vendor.specialization.toLowerCase(),
    vendor.gstNumber.toLowerCase(),
  ]
    .filter(Boolean)
    .join(' ');
}

/** The whole stored item of a vendor, with the index keys of its three lists. */
function vendorItem(vendor: Vendor): Item {
  const sort = keys.vendorNameSort(vendor.name, vendor.id);
  return {
    ...keys.vendor(vendor.id),
    entityType: 'Vendor',
    ...vendor,
    searchText: searchTextOf(vendor),
    gsi1pk: keys.vendors(),
    gsi1sk: sort,
    gsi2pk: keys.vendorsByCategory(vendor.category),
    gsi2sk: sort,
    gsi3pk: keys.vendorsByStatus(vendor.status),
    gsi3sk: sort,
  };
}

/**
 * The dashboard's 'Active Vendors' change of replacing `before` with `after`
 * (either may be absent: a create or a delete). Written in the vendor's own
 * transaction, so the count is exact however many writes run at once.
 */
function activeVendorsDelta(before: Pick<Vendor, 'status'> | null, after: Pick<Vendor, 'status'> | null): number {
  return (after?.status === 'active' ? 1 : 0) - (before?.status === 'active' ? 1 : 0);
}

function counterWrite(db: Db, before: Vendor | null, after: Vendor | null) {
  return counterUpdate(db, 'DASHBOARD', { [dashboardCounter.activeVendors]: activeVendorsDelta(before, after) });
}

export async function getVendor(db: Db, id: string, consistent = false): Promise<Vendor | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.vendor(id), ConsistentRead: consistent }));
  return Item ? toVendor(Item) : undefined;
}

export async function createVendor(db: Db, input: VendorInput, now: string): Promise<Vendor> {
  const vendor: Vendor = { id: randomUUID(), ...input, createdAt: now, updatedAt: now, version: 1 };
  await transactWrite(db, [putNew(db, vendorItem(vendor)), counterWrite(db, null, vendor)]);
  return vendor;
}

export type UpdateVendorResult = { vendor: Vendor } | { notFound: true } | { stale: Vendor };

/**
 * Replaces a vendor's fields if it is still at `input.version`; otherwise
 * answers with the vendor as it is now, so the caller can say someone else
 * changed it. Nothing is overwritten silently.
 */
export async function updateVendor(db: Db, id: string, input: VendorUpdateInput, now: string): Promise<UpdateVendorResult> {
  const { version, ...fields } = input;
  const before = await getVendor(db, id, true);
  if (!before) return { notFound: true };
  if (before.version !== version) return { stale: before };
  const after: Vendor = { ...fields, id, createdAt: before.createdAt, updatedAt: now, version: version + 1 };
  try {
    await transactWrite(db, [
      {
        Put: {
          TableName: db.table,
          Item: vendorItem(after),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': version },
        },
      },
      // The counter moves from the status that was read: the condition above makes sure it still holds.
      counterWrite(db, before, after),
    ]);
    return { vendor: after };
  } catch (error) {
    if (!isTransactionCanceled(error, 0)) throw error;
    // Changed or deleted between the read and the write.
    const current = await getVendor(db, id, true);
    return current ? { stale: current } : { notFound: true };
  }
}

const MAX_DELETE_ATTEMPTS = 6;

/** Deletes a vendor and takes it off the dashboard count; false when there is no such vendor. */
export async function deleteVendor(db: Db, id: string): Promise<boolean> {
  for (let attempt = 1; attempt <= MAX_DELETE_ATTEMPTS; attempt++) {
    const vendor = await getVendor(db, id, true);
    if (!vendor) return false;
    try {
      await transactWrite(db, [
        {
          Delete: {
            TableName: db.table,
            Key: keys.vendor(id),
            // The count must move by the status actually deleted, not one an edit replaced meanwhile.
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': vendor.version },
          },
        },
        counterWrite(db, vendor, null),
      ]);
      return true;
    } catch (error) {
      if (!isTransactionCanceled(error, 0)) throw error;
    }
  }
  throw new Error(`vendor ${id} kept changing while being deleted`);
}

/**
 * The index a list reads: a category, else a status, picks its own partition;
 * the whole list otherwise. Every list is sorted by name.
 */
function listSource(query: Pick<VendorListQuery, 'category' | 'status'>): ListSource {
  if (query.category) {
    return { index: 'gsi2', pkName: 'gsi2pk', skName: 'gsi2sk', pk: keys.vendorsByCategory(query.category), forward: true };
  }
  if (query.status) {
    return { index: 'gsi3', pkName: 'gsi3pk', skName: 'gsi3sk', pk: keys.vendorsByStatus(query.status), forward: true };
  }
  return { index: 'gsi1', pkName: 'gsi1pk', skName: 'gsi1sk', pk: keys.vendors(), forward: true };
}

/** Attribute names a list cursor may hold for `query`, and the partition it must continue. */
export function vendorCursorKeys(query: Pick<VendorListQuery, 'category' | 'status'>) {
  return cursorKeysOf(listSource(query));
}

/**
 * One page of vendors by name. Category or status picks the partition; a
 * status with a category, and the search, filter that Query with a bounded
 * read budget (queryPage), so a page may come back short with a cursor.
 */
export async function listVendors(
  db: Db,
  query: VendorListQuery,
  exclusiveStartKey?: ItemKey,
): Promise<{ items: Vendor[]; lastKey?: ItemKey }> {
  const expressions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, NativeAttributeValue> = {};
  if (query.category && query.status) {
    expressions.push('#status = :status');
    names['#status'] = 'status';
    values[':status'] = query.status;
  }
  const search = searchTerm(query.q);
  if (search) {
    expressions.push('contains(searchText, :q)');
    values[':q'] = search;
  }
  const { items, lastKey } = await queryPage(db, listSource(query), { expressions, names, values }, query.limit, exclusiveStartKey);
  return { items: items.map(toVendor), lastKey };
}
