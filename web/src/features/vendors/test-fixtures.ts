import { http, HttpResponse } from 'msw';
import type { Page } from '@app/shared-types/api';
import { vendorCreateSchema, vendorUpdateSchema, type Vendor } from '@app/shared-types/vendors';

/** Vendors and MSW handlers for the Vendors tests (`server.use(...vendorHandlers())`). */

/** A vendor as the API answers it: the schema's defaults for every field the overrides leave out. */
export function makeVendor(overrides: Partial<Vendor> & Pick<Vendor, 'id' | 'name'>): Vendor {
  return {
    ...vendorCreateSchema.validateSync({ name: overrides.name, category: 'furniture', phone: '9848022222' }),
    createdAt: '2025-01-10T10:00:00.000Z',
    updatedAt: '2025-01-10T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export const vendorFixtures: Vendor[] = [
  makeVendor({
    id: 'vendor-1',
    name: 'Sri Sai Timbers',
    category: 'furniture',
    specialization: 'Teak and plywood',
    contactPerson: 'Venkat Rao',
    phone: '+91 98480 22222',
    city: 'Hyderabad',
    rating: 4,
    gstNumber: '36AABCU9603R1ZM',
    version: 3,
  }),
  makeVendor({
    id: 'vendor-2',
    name: 'Bright Lights Co',
    category: 'lighting',
    contactPerson: 'Farah Khan',
    phone: '9000012345',
    city: 'Secunderabad',
    rating: 3,
    status: 'inactive',
  }),
  makeVendor({ id: 'vendor-3', name: 'Kaveri Paints', category: 'painting', phone: '9000054321', status: 'blacklisted', rating: 1 }),
];

/** The vendor endpoints answering from the fixtures: filtered like the server, one page. */
export function vendorHandlers() {
  return [
    http.get('/api/vendors', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const q = (params.get('q') ?? '').toLowerCase();
      const items = vendorFixtures.filter(
        (vendor) =>
          (!params.get('category') || vendor.category === params.get('category')) &&
          (!params.get('status') || vendor.status === params.get('status')) &&
          (!q || vendor.name.toLowerCase().includes(q)),
      );
      return HttpResponse.json<Page<Vendor>>({ items });
    }),
    http.post('/api/vendors', async ({ request }) => {
      const input = await vendorCreateSchema.validate(await request.json(), { stripUnknown: true });
      return HttpResponse.json<Vendor>(makeVendor({ ...input, id: 'vendor-new' }), { status: 201 });
    }),
    http.put('/api/vendors/:id', async ({ params, request }) => {
      const { version, ...input } = await vendorUpdateSchema.validate(await request.json(), { stripUnknown: true });
      return HttpResponse.json<Vendor>(makeVendor({ ...input, id: String(params.id), version: version + 1 }));
    }),
    http.delete('/api/vendors/:id', ({ params }) => HttpResponse.json({ id: String(params.id) })),
  ];
}
