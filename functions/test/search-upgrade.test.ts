import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Page } from '@app/shared-types/api';
import type { Customer } from '@app/shared-types/customers';
import type { Vendor } from '@app/shared-types/vendors';
import { customerEntity, newCustomer } from '../src/customers/customer-repo';
import { keys } from '../src/db/keys';
import { vendorEntity } from '../src/vendors/vendor-repo';
import { upgradeLocalData } from '../src/local/upgrade-data';
import { createTestApp, customerInput, json, signedInStaff, staffRequest } from './helpers';

describe('items stored before the search index', () => {
  it('get their search text and tokens from the data upgrade, and are found by search then', async () => {
    const own = await createTestApp();
    const { cookie } = await signedInStaff(own.app, own.db, 'employee');
    // A table at the version before the search index, with a customer and a vendor stored then: no tokens, no search text.
    await own.db.doc.send(new PutCommand({ TableName: own.db.table, Item: { ...keys.dataVersion(), entityType: 'DataVersion', version: 2 } }));
    const now = '2026-01-05T10:00:00.000Z';
    const customer = newCustomer({ ...customerInput, firstName: 'Oldtimer', lastName: 'Customer' }, now);
    const { searchText: _c, ...customerItem } = customerEntity.stored(customer);
    const vendor = vendorEntity.parse({ id: 'v-old', name: 'Oldtimer Woods', category: 'furniture', phone: '9848077777', createdAt: now, updatedAt: now, version: 1 });
    const { searchText: _v, ...vendorItem } = vendorEntity.stored(vendor);
    for (const Item of [customerItem, vendorItem]) await own.db.doc.send(new PutCommand({ TableName: own.db.table, Item }));

    const find = <T extends { id: string }>(path: string) => json<Page<T>>(staffRequest(own.app, path, cookie));
    expect((await find<Customer>('/api/customers?q=oldtimer')).items).toEqual([]);
    expect((await find<Vendor>('/api/vendors?q=oldtimer')).items).toEqual([]);

    await upgradeLocalData(own.db);

    expect((await find<Customer>('/api/customers?q=oldtimer')).items.map((item) => item.id)).toEqual([customer.id]);
    expect((await find<Vendor>('/api/vendors?q=77777')).items.map((item) => item.id)).toEqual(['v-old']);
  });
});
