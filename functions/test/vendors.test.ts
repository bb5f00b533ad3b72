import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@app/shared-types/api';
import type { DashboardStats } from '@app/shared-types/dashboard';
import type { Vendor } from '@app/shared-types/vendors';
import { createStaffApp, createTestApp, json, readAllPages, signedInStaff, staffRequest, type TestApp, uniquePhone as nextPhone } from './helpers';

let app: TestApp;
let employee: string;
let manager: string;

beforeAll(async () => {
  const { staff, ...test } = await createStaffApp('employee', 'manager');
  ({ app } = test);
  [employee, manager] = [staff('employee').cookie, staff('manager').cookie];
});

const uniquePhone = () => nextPhone('8');

type Fields = { fields: Record<string, string> };

/** Adds a vendor through the API (201 expected); by default as this file's employee on its app. */
async function addVendor(body: Record<string, unknown>, cookie = employee, target: TestApp = app) {
  const response = await staffRequest(target, '/api/vendors', cookie, {
    method: 'POST',
    body: { name: 'Test Vendor', category: 'civil', phone: uniquePhone(), ...body },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<Vendor>(response);
}

const put = (id: string, body: Record<string, unknown>, cookie = employee, target: TestApp = app) =>
  staffRequest(target, `/api/vendors/${id}`, cookie, { method: 'PUT', body });

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('POST /api/vendors', () => {
  it('creates a vendor with the SPEC.md defaults (active, rating 5, no orders), GST and PAN upper-cased', async () => {
    const vendor = await addVendor({
      name: '  Sri Sai Timbers ',
      category: 'Furniture',
      contactPerson: 'Venkat Rao',
      phone: '+91 98480 22222',
      gstNumber: ' 36aabcu9603r1zm ',
      panNumber: 'aabcu9603r',
      creditLimit: '2,50,000.50',
      specialization: 'Teak and plywood',
      documents: ['https://example.com/gst-certificate.pdf'],
      unknownField: 'dropped',
    });
    expect(vendor).toMatchObject({
      name: 'Sri Sai Timbers',
      category: 'furniture',
      status: 'active',
      rating: 5,
      totalOrders: 0,
      totalAmount: 0,
      lastOrderDate: null,
      gstNumber: '36AABCU9603R1ZM',
      panNumber: 'AABCU9603R',
      creditLimit: 250000.5,
      specialization: 'Teak and plywood',
      documents: ['https://example.com/gst-certificate.pdf'],
      version: 1,
    });
    expect(vendor).not.toHaveProperty('unknownField');
    expect(vendor.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('requires name, category and phone (400 with a message per field)', async () => {
    const response = await staffRequest(app, '/api/vendors', employee, { method: 'POST', body: { contactPerson: 'Nobody', category: '' } });
    expect(response.status).toBe(400);
    expect(await json<Fields>(response)).toEqual({
      error: 'Validation failed',
      fields: { name: 'Vendor name is required', category: 'Category is required', phone: 'Phone number is required' },
    });
  });

  it.each([
    ['gstNumber', { gstNumber: '36AABCU9603R1XM' }, 'Enter a valid 15-character GST number, e.g. 36AABCU9603R1ZM'],
    ['gstNumber', { gstNumber: '36AABCU9603R0ZM' }, 'Enter a valid 15-character GST number, e.g. 36AABCU9603R1ZM'],
    ['panNumber', { panNumber: 'AABC9603R' }, 'Enter a valid 10-character PAN, e.g. AABCU9603R'],
    ['rating', { rating: 0 }, 'Rating must be a whole number from 1 to 5'],
    ['rating', { rating: 6 }, 'Rating must be a whole number from 1 to 5'],
    ['rating', { rating: 4.5 }, 'Rating must be a whole number from 1 to 5'],
    ['category', { category: 'catering' }, 'Choose a category from the list'],
    ['status', { status: 'paused' }, 'Choose active, inactive or blacklisted'],
    ['pincode', { pincode: '5000' }, 'Pincode must be 6 digits'],
    ['phone', { phone: '12345' }, 'Enter a valid phone number (at least 10 digits)'],
    ['email', { email: 'not-an-email' }, 'Enter a valid email address'],
    ['creditLimit', { creditLimit: 'lots' }, 'Credit limit must be an amount in rupees (up to two decimals)'],
    ['lastOrderDate', { lastOrderDate: '2026-02-31' }, 'Enter a real date'],
  ])('refuses a bad %s: %j', async (field, body, message) => {
    const response = await staffRequest(app, '/api/vendors', employee, {
      method: 'POST',
      body: { name: 'Bad Input', category: 'civil', phone: uniquePhone(), ...body },
    });
    expect(response.status).toBe(400);
    expect((await json<Fields>(response)).fields).toEqual({ [field]: message });
  });

  it('takes blank optional fields as their defaults, and a rating from 1 to 5', async () => {
    const blank = await addVendor({ gstNumber: '', panNumber: ' ', pincode: '', rating: '', creditLimit: '', totalOrders: '', totalAmount: '' });
    expect(blank).toMatchObject({ gstNumber: '', panNumber: '', pincode: '', rating: 5, creditLimit: null, totalOrders: 0, totalAmount: 0 });
    expect((await addVendor({ rating: 1 })).rating).toBe(1);
  });

  it('takes a vendor with every field at its longest', async () => {
    const long = (length: number) => 'x'.repeat(length);
    const vendor = await addVendor({
      name: long(200),
      specialization: long(200),
      contactPerson: long(200),
      address: long(500),
      bankDetails: long(1000),
      paymentTerms: long(200),
      notes: long(5000),
      documents: Array.from({ length: 20 }, (_, i) => `https://example.com/${i}/${long(470)}`),
    });
    expect(vendor.documents).toHaveLength(20);
    const tooMany = await staffRequest(app, '/api/vendors', employee, {
      method: 'POST',
      body: { name: 'A', category: 'civil', phone: uniquePhone(), documents: Array.from({ length: 21 }, (_, i) => `doc-${i}.pdf`) },
    });
    expect((await json<Fields>(tooMany)).fields).toEqual({ documents: 'At most 20 documents' });
  });

  it('needs a session, JSON and a same-origin request', async () => {
    expect((await staffRequest(app, '/api/vendors', undefined)).status).toBe(401);
    const crossSite = await staffRequest(app, '/api/vendors', employee, {
      method: 'POST',
      body: { name: 'A', category: 'civil', phone: uniquePhone() },
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const notJson = await app.request('/api/vendors', {
      method: 'POST',
      headers: { origin: 'http://localhost', cookie: employee, 'content-type': 'text/plain', 'x-requested-with': 'fetch' },
      body: '{}',
    });
    expect(notJson.status).toBe(415);
  });
});

describe('PUT /api/vendors/:id', () => {
  it('saves every field with the version, and answers 409 with the current vendor to a stale version', async () => {
    const vendor = await addVendor({ name: 'Edit Me Electricals', category: 'electrical' });
    const saved = await put(vendor.id, { ...vendor, rating: 3, status: 'inactive', city: 'Warangal' });
    expect(saved.status).toBe(200);
    const updated = await json<Vendor>(saved);
    expect(updated).toMatchObject({ rating: 3, status: 'inactive', city: 'Warangal', version: 2, createdAt: vendor.createdAt });

    // A second editor still holding version 1 must not overwrite the first.
    const stale = await put(vendor.id, { ...vendor, status: 'blacklisted' });
    expect(stale.status).toBe(409);
    const body = await json<{ error: string; current: Vendor }>(stale);
    expect(body.error).toBe('Someone else changed this vendor. Reload it to see their changes.');
    expect(body.current).toEqual(updated);
  });

  it('validates like create, needs a version, and answers 404 for an unknown vendor', async () => {
    const vendor = await addVendor({});
    const bad = await put(vendor.id, { ...vendor, rating: 6, gstNumber: 'GST' });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json<Fields>(bad)).fields).sort()).toEqual(['gstNumber', 'rating']);
    const { version: _version, ...withoutVersion } = vendor;
    const noVersion = await put(vendor.id, withoutVersion);
    expect(noVersion.status).toBe(400);
    expect((await json<Fields>(noVersion)).fields).toEqual({ version: 'version is required' });
    expect((await put(UNKNOWN_ID, { ...vendor, version: 1 })).status).toBe(404);
    expect((await put('not-an-id!', { ...vendor, version: 1 })).status).toBe(404);
  });
});

describe('DELETE /api/vendors/:id', () => {
  it('is for managers and above; a deleted vendor is gone (404)', async () => {
    const vendor = await addVendor({});
    const refused = await staffRequest(app, `/api/vendors/${vendor.id}`, employee, { method: 'DELETE' });
    expect(refused.status).toBe(403);
    const deleted = await staffRequest(app, `/api/vendors/${vendor.id}`, manager, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await json(deleted)).toEqual({ id: vendor.id });
    expect((await staffRequest(app, `/api/vendors/${vendor.id}`, manager, { method: 'DELETE' })).status).toBe(404);
    expect((await put(vendor.id, { ...vendor })).status).toBe(404);
    expect((await staffRequest(app, `/api/vendors/${UNKNOWN_ID}`, manager, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('GET /api/vendors', () => {
  const tag = `Vlist${Date.now()}`;
  let created: Vendor[];

  beforeAll(async () => {
    // Added out of name order: the list sorts them.
    const specs = [
      { name: `${tag} Delta Paints`, category: 'painting', status: 'active', city: 'Hyderabad', specialization: 'Texture finishes' },
      { name: `${tag} alpha Woods`, category: 'furniture', status: 'active', contactPerson: 'Lakshmi Narayana', gstNumber: '36AAACA1234B1Z5' },
      { name: `${tag} Charlie Tiles`, category: 'flooring', status: 'inactive', city: 'Vijayawada', email: 'sales@charlie-tiles.in' },
      { name: `${tag} Bravo Furnishings`, category: 'furniture', status: 'blacklisted' },
      { name: `${tag} Echo Lights`, category: 'lighting', status: 'active', phone: '+91 90000 12345' },
    ];
    created = [];
    for (const spec of specs) created.push(await addVendor(spec));
  });

  const list = async (query: Record<string, string>) => {
    const response = await staffRequest(app, `/api/vendors?${new URLSearchParams({ q: tag, ...query })}`, employee);
    expect(response.status, await response.clone().text()).toBe(200);
    return json<Page<Vendor>>(response);
  };
  const names = (page: Page<Vendor>) => page.items.map((vendor) => vendor.name.replace(`${tag} `, ''));

  it('lists by name ignoring case, filtered by category and status on the server', async () => {
    expect(names(await list({}))).toEqual(['alpha Woods', 'Bravo Furnishings', 'Charlie Tiles', 'Delta Paints', 'Echo Lights']);
    expect(names(await list({ category: 'furniture' }))).toEqual(['alpha Woods', 'Bravo Furnishings']);
    expect(names(await list({ status: 'active' }))).toEqual(['alpha Woods', 'Delta Paints', 'Echo Lights']);
    expect(names(await list({ category: 'furniture', status: 'blacklisted' }))).toEqual(['Bravo Furnishings']);
    expect(names(await list({ category: 'civil' }))).toEqual([]);
  });

  it('lists without a search, every vendor once, in name order', async () => {
    const response = await staffRequest(app, '/api/vendors?limit=100', employee);
    const { items } = await json<Page<Vendor>>(response);
    const ours = items.filter((vendor) => vendor.name.startsWith(tag)).map((vendor) => vendor.id);
    expect(ours).toEqual([created[1]!.id, created[3]!.id, created[2]!.id, created[0]!.id, created[4]!.id]);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('searches name, contact person, phone (written any way), email, city, specialization and GST number', async () => {
    const only = async (q: string) => (await json<Page<Vendor>>(staffRequest(app, `/api/vendors?${new URLSearchParams({ q })}`, employee))).items.map((v) => v.id);
    expect(await only(`${tag} ALPHA`)).toEqual([created[1]!.id]);
    expect(await only('lakshmi narayana')).toContain(created[1]!.id);
    expect(await only('36aaaca1234b1z5')).toEqual([created[1]!.id]);
    expect(await only(`+91 ${created[4]!.phone.slice(4)}`)).toContain(created[4]!.id);
    expect(await only('9000012345')).toContain(created[4]!.id);
    expect(await only('SALES@charlie-tiles.in')).toEqual([created[2]!.id]);
    expect(names(await list({ q: `${tag}` }))).toHaveLength(5);
    expect(await only('vijayawada')).toContain(created[2]!.id);
    expect(await only('texture finishes')).toContain(created[0]!.id);
  });

  it('pages with an opaque cursor, every vendor exactly once, filtered or not', async () => {
    for (const query of [{}, { category: 'furniture' }, { status: 'active' }] as Record<string, string>[]) {
      const seen = await readAllPages(list, query);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual((await list({ ...query, limit: '100' })).items.map((vendor) => vendor.id));
    }
  });

  it('pages an unsearched list too', async () => {
    const first = await json<Page<Vendor>>(staffRequest(app, '/api/vendors?limit=1', employee));
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).toBeTruthy();
    const second = await json<Page<Vendor>>(staffRequest(app, `/api/vendors?limit=1&cursor=${first.nextCursor}`, employee));
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
  });

  it('rejects a forged cursor, a cursor of another list and unknown filter values (400)', async () => {
    const page = await list({ limit: '1' });
    const otherList = await staffRequest(app, `/api/vendors?cursor=${page.nextCursor}&category=furniture`, employee);
    expect(otherList.status).toBe(400);
    expect((await json<Fields>(otherList)).fields).toEqual({ cursor: 'cursor is not valid for these filters' });
    expect((await staffRequest(app, '/api/vendors?cursor=not-a-cursor', employee)).status).toBe(400);
    const partial = Buffer.from(JSON.stringify({ gsi1pk: 'VENDORS' })).toString('base64url');
    expect((await staffRequest(app, `/api/vendors?cursor=${partial}`, employee)).status).toBe(400);
    // A cursor of another entity's list, even with the right attribute names.
    const foreign = Buffer.from(JSON.stringify({ pk: 'LEAD#x', sk: 'LEAD', gsi1pk: 'LEADS', gsi1sk: 'x' })).toString('base64url');
    expect((await staffRequest(app, `/api/vendors?cursor=${foreign}`, employee)).status).toBe(400);
    expect((await staffRequest(app, '/api/vendors?category=catering', employee)).status).toBe(400);
    expect((await staffRequest(app, '/api/vendors?status=paused', employee)).status).toBe(400);
    expect((await staffRequest(app, '/api/vendors?limit=1000', employee)).status).toBe(400);
    expect((await staffRequest(app, '/api/vendors?q=a&q=b', employee)).status).toBe(400);
  });
});

describe("the dashboard's Active Vendors count", () => {
  /** A table of its own, so the count is exactly this data set. */
  async function ownApp() {
    const own = await createTestApp();
    const [{ cookie }, { cookie: managerCookie }] = await Promise.all([
      signedInStaff(own.app, own.db, 'employee'),
      signedInStaff(own.app, own.db, 'manager'),
    ]);
    const activeVendors = async () =>
      (await json<DashboardStats>(staffRequest(own.app, '/api/dashboard/comprehensive-stats', cookie))).totalVendors;
    /** Active vendors as the list has them, every page. */
    const listedActive = async () => {
      let count = 0;
      let cursor: string | undefined;
      do {
        const page = await json<Page<Vendor>>(
          staffRequest(own.app, `/api/vendors?status=active&limit=100${cursor ? `&cursor=${cursor}` : ''}`, cookie),
        );
        count += page.items.length;
        cursor = page.nextCursor;
      } while (cursor);
      return count;
    };
    return { ...own, cookie, managerCookie, activeVendors, listedActive };
  }

  it('follows creates, status changes, stale updates and deletes', async () => {
    const own = await ownApp();
    const add = (body: Record<string, unknown>) => addVendor(body, own.cookie, own.app);
    expect(await own.activeVendors()).toBe(0);

    const [a, b, c] = [await add({}), await add({ status: 'active' }), await add({ status: 'inactive' })];
    const d = await add({ status: 'blacklisted' });
    expect(await own.activeVendors()).toBe(2);

    // active -> inactive: -1; an edit that keeps the status: no change.
    const aInactive = await json<Vendor>(put(a.id, { ...a, status: 'inactive' }, own.cookie, own.app));
    expect(await own.activeVendors()).toBe(1);
    expect((await put(b.id, { ...b, rating: 2 }, own.cookie, own.app)).status).toBe(200);
    expect(await own.activeVendors()).toBe(1);
    // inactive -> active: +1.
    expect((await put(c.id, { ...c, status: 'active' }, own.cookie, own.app)).status).toBe(200);
    expect(await own.activeVendors()).toBe(2);
    // A refused (stale) update changes nothing.
    expect((await put(a.id, { ...a, status: 'active' }, own.cookie, own.app)).status).toBe(409);
    expect(await own.activeVendors()).toBe(2);

    const remove = (id: string) => staffRequest(own.app, `/api/vendors/${id}`, own.managerCookie, { method: 'DELETE' });
    expect((await remove(d.id)).status).toBe(200); // blacklisted: not counted
    expect((await remove(aInactive.id)).status).toBe(200); // inactive: not counted
    expect(await own.activeVendors()).toBe(2);
    expect((await remove(c.id)).status).toBe(200);
    expect(await own.activeVendors()).toBe(1);
    expect(await own.listedActive()).toBe(1);
  });

  it('stays exact through 20 concurrent creates, status changes and deletes', async () => {
    const own = await ownApp();
    const add = (body: Record<string, unknown>) => addVendor(body, own.cookie, own.app);
    const statuses = ['active', 'inactive', 'active', 'blacklisted', 'active', 'active'] as const;
    const existing = await Promise.all(statuses.map((status, i) => add({ name: `Existing ${i}`, status })));
    expect(await own.activeVendors()).toBe(4);

    const remove = (id: string) => staffRequest(own.app, `/api/vendors/${id}`, own.managerCookie, { method: 'DELETE' });
    const [e0, e1, e2, e3, e4, e5] = existing as [Vendor, Vendor, Vendor, Vendor, Vendor, Vendor];
    const operations: (() => Response | Promise<Response>)[] = [
      // 7 creates, 4 of them active.
      ...(['active', 'active', 'inactive', 'active', 'blacklisted', 'active', 'inactive'] as const).map(
        (status, i) => () =>
          staffRequest(own.app, '/api/vendors', own.cookie, { method: 'POST', body: { name: `New ${i}`, category: 'civil', phone: uniquePhone(), status } }),
      ),
      // Three editors race on e0 with the same version: exactly one may win.
      () => put(e0.id, { ...e0, status: 'inactive' }, own.cookie, own.app),
      () => put(e0.id, { ...e0, status: 'blacklisted' }, own.cookie, own.app),
      () => put(e0.id, { ...e0, status: 'inactive', notes: 'third editor' }, own.cookie, own.app),
      () => put(e1.id, { ...e1, status: 'active' }, own.cookie, own.app),
      () => put(e3.id, { ...e3, status: 'active' }, own.cookie, own.app),
      () => put(e4.id, { ...e4, rating: 1 }, own.cookie, own.app),
      // An edit and a delete of the same vendor at once, and a vendor deleted twice.
      () => put(e2.id, { ...e2, status: 'inactive' }, own.cookie, own.app),
      () => remove(e2.id),
      () => remove(e5.id),
      () => remove(e5.id),
      () => remove(e4.id),
      () => remove(e1.id),
      () => put(e5.id, { ...e5, city: 'Hyderabad' }, own.cookie, own.app),
    ];
    expect(operations).toHaveLength(20);
    const responses = await Promise.all(operations.map((operation) => operation()));
    for (const response of responses) expect([200, 201, 404, 409], await response.clone().text()).toContain(response.status);
    const statusOf = (index: number) => responses[index]?.status;
    expect([7, 8, 9].map(statusOf).sort()).toEqual([200, 409, 409]);
    // e5 deleted twice at once: one delete, one 404.
    expect([15, 16].map(statusOf).sort()).toEqual([200, 404]);

    const counted = await own.activeVendors();
    expect(counted).toBe(await own.listedActive());
    // Whatever the interleaving: e0 and e2 end up not active or gone, e3 is active, e1, e4, e5 are gone, 4 new active.
    expect(counted).toBe(5);
  });
});
