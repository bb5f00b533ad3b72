import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, PublicProject } from '@app/shared-types/api';
import type { Customer } from '@app/shared-types/customers';
import type { DashboardStats } from '@app/shared-types/dashboard';
import type { Lead } from '@app/shared-types/leads';
import { MAX_PHOTO_BYTES, type PhotoUploadTicket } from '@app/shared-types/photos';
import type { Project } from '@app/shared-types/projects';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import { upgradeLocalData } from '../src/local/upgrade-data';
import { createTestApp, customerInput, json, signedInStaff, staffRequest, TEST_ORIGIN, type TestApp, type TestClock, uniquePhone } from './helpers';

let app: TestApp;
let db: Db;
/** The app plus the local photo storage's upload and file routes, as the local host mounts them. */
let host: Hono;
let clock: TestClock;
let employee: string;
let manager: string;

beforeAll(async () => {
  const created = await createTestApp();
  ({ app, db, clock } = created);
  host = new Hono().route('/', app).route('/', created.photoRoutes);
  [{ cookie: employee }, { cookie: manager }] = await Promise.all([signedInStaff(app, db, 'employee'), signedInStaff(app, db, 'manager')]);
});

async function expectStatus(response: Response | Promise<Response>, status: number) {
  const resolved = await response;
  expect(resolved.status, await resolved.clone().text()).toBe(status);
  return resolved;
}

async function addCustomer(body: Partial<typeof customerInput> = {}) {
  return json<Customer>(expectStatus(staffRequest(app, '/api/customers', employee, { method: 'POST', body: { ...customerInput, ...body } }), 201));
}

async function addProject(customerId: string, body: Record<string, unknown> = {}) {
  return json<Project>(
    expectStatus(
      staffRequest(app, '/api/projects', employee, {
        method: 'POST',
        body: { customerId, name: 'Nair residence', projectType: '3BHK', ...body },
      }),
      201,
    ),
  );
}

async function dashboard() {
  return json<DashboardStats>(staffRequest(app, '/api/dashboard/comprehensive-stats', employee));
}

/** Every field of a project as the edit form sends it back. */
function formOf(project: Project) {
  const { id, customerName, images, leadId, createdAt, updatedAt, ...fields } = project;
  void [id, customerName, images, leadId, createdAt, updatedAt];
  return fields;
}

describe('customers', () => {
  it('creates, reads, edits with a version check and lists by name with search', async () => {
    const fields = { ...customerInput, firstName: 'Zara', lastName: 'Qureshi', phone: '+91 91234 56780', city: 'Secunderabad' };
    const customer = await addCustomer(fields);
    expect(customer).toMatchObject({ firstName: 'Zara', projectCount: 0, version: 1, leadId: null });

    const stale = { ...fields, version: 1 };
    const edited = await json<Customer>(
      expectStatus(staffRequest(app, `/api/customers/${customer.id}`, employee, { method: 'PUT', body: { ...stale, firstName: 'Zaara' } }), 200),
    );
    expect(edited).toMatchObject({ firstName: 'Zaara', version: 2 });
    const conflict = await expectStatus(staffRequest(app, `/api/customers/${customer.id}`, employee, { method: 'PUT', body: stale }), 409);
    expect(await json<{ current: Customer }>(conflict)).toMatchObject({ current: { firstName: 'Zaara', version: 2 } });

    const byPhone = await json<Page<Customer>>(staffRequest(app, '/api/customers?q=91234-56780', employee));
    expect(byPhone.items.map((item) => item.id)).toEqual([customer.id]);
    const byName = await json<Page<Customer>>(staffRequest(app, '/api/customers?q=zaara', employee));
    expect(byName.items.map((item) => item.id)).toEqual([customer.id]);
  });

  it('pages through customers in name order with a cursor, and refuses a forged cursor', async () => {
    for (const firstName of ['Aaron', 'Aadya', 'Aakash']) await addCustomer({ firstName, lastName: 'Pagetest' });
    const first = await json<Page<Customer>>(staffRequest(app, '/api/customers?q=pagetest&limit=2', employee));
    expect(first.items.map((item) => item.firstName)).toEqual(['Aadya', 'Aakash']);
    const second = await json<Page<Customer>>(
      staffRequest(app, `/api/customers?q=pagetest&limit=2&cursor=${first.nextCursor!}`, employee),
    );
    expect(second.items.map((item) => item.firstName)).toEqual(['Aaron']);
    await expectStatus(staffRequest(app, '/api/customers?cursor=bm90LWpzb24', employee), 400);
  });

  it('validates the fields with a message per field', async () => {
    const response = await expectStatus(
      staffRequest(app, '/api/customers', employee, { method: 'POST', body: { firstName: '', phone: '12', email: 'nope' } }),
      400,
    );
    expect((await json<{ fields: Record<string, string> }>(response)).fields).toEqual({
      firstName: 'First name is required',
      phone: 'Enter a valid phone number (at least 10 digits)',
      email: 'Enter a valid email address',
    });
  });

  it('lets only managers delete, refuses a customer who has projects, saying why, and deletes one without', async () => {
    const customer = await addCustomer();
    const project = await addProject(customer.id);
    await expectStatus(staffRequest(app, `/api/customers/${customer.id}`, employee, { method: 'DELETE' }), 403);
    const refused = await expectStatus(staffRequest(app, `/api/customers/${customer.id}`, manager, { method: 'DELETE' }), 409);
    expect((await json<{ error: string }>(refused)).error).toBe('This customer has 1 project. Delete or move it to another customer first.');
    await expectStatus(staffRequest(app, `/api/projects/${project.id}`, manager, { method: 'DELETE' }), 200);
    await expectStatus(staffRequest(app, `/api/customers/${customer.id}`, manager, { method: 'DELETE' }), 200);
    await expectStatus(staffRequest(app, `/api/customers/${customer.id}`, employee), 404);
    await expectStatus(staffRequest(app, `/api/customers/${customer.id}`, manager, { method: 'DELETE' }), 404);
  });
});

describe('projects', () => {
  it('creates a project with SPEC.md defaults and the customer name, and lists it newest first', async () => {
    const customer = await addCustomer({ firstName: 'Ishaan', lastName: 'Verma' });
    const project = await addProject(customer.id, { estimatedBudget: '12,50,000.50', name: 'Verma villa', projectType: 'villa' });
    expect(project).toMatchObject({
      customerName: 'Ishaan Verma',
      projectType: 'Villa',
      status: 'planning',
      priority: 'medium',
      progress: 0,
      estimatedBudget: 1250000.5,
      showOnWebsite: false,
      images: [],
      version: 1,
    });
    const list = await json<Page<Project>>(staffRequest(app, '/api/projects/manage?limit=1', employee));
    expect(list.items[0]).toEqual(project);
    const searched = await json<Page<Project>>(staffRequest(app, '/api/projects/manage?q=ishaan', employee));
    expect(searched.items.map((item) => item.id)).toEqual([project.id]);
  });

  it('refuses a budget or actual cost over ₹1,000 crore (issue 24)', async () => {
    const customer = await addCustomer();
    const response = await expectStatus(
      staffRequest(app, '/api/projects', employee, { method: 'POST', body: { customerId: customer.id, name: 'Huge', projectType: '3BHK', estimatedBudget: 1e10 + 1, actualCost: '10,00,00,00,000.01' } }),
      400,
    );
    expect((await json<{ fields: Record<string, string> }>(response)).fields).toEqual({ estimatedBudget: 'Budget is too large', actualCost: 'Actual cost is too large' });
    await addProject(customer.id, { estimatedBudget: 1e10 });
  });

  it('validates customer, project type, name, progress 0-100 and a decimal budget', async () => {
    const response = await expectStatus(
      staffRequest(app, '/api/projects', employee, { method: 'POST', body: { progress: 101, estimatedBudget: 'lots', startDate: '2026-02-31' } }),
      400,
    );
    expect((await json<{ fields: Record<string, string> }>(response)).fields).toEqual({
      customerId: 'Customer is required',
      name: 'Project name is required',
      projectType: 'Project type is required',
      progress: 'Progress must be a number from 0 to 100',
      estimatedBudget: 'Budget must be an amount in rupees (up to two decimals)',
      startDate: 'Enter a real date',
    });
    const noCustomer = await expectStatus(
      staffRequest(app, '/api/projects', employee, { method: 'POST', body: { customerId: 'gone', name: 'X', projectType: 'Office' } }),
      400,
    );
    expect((await json<{ fields: Record<string, string> }>(noCustomer)).fields).toEqual({
      customerId: 'This customer no longer exists. Choose another one.',
    });
  });

  it('filters by status, pages with a cursor that belongs to its filter', async () => {
    const customer = await addCustomer();
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await addProject(customer.id, { status: 'approval', name: `Approval ${i}` }));
    const first = await json<Page<Project>>(staffRequest(app, '/api/projects/manage?status=approval&limit=2', employee));
    expect(first.items.map((item) => item.name)).toEqual(['Approval 2', 'Approval 1']);
    const second = await json<Page<Project>>(staffRequest(app, `/api/projects/manage?status=approval&limit=2&cursor=${first.nextCursor!}`, employee));
    expect(second.items.map((item) => item.name)).toEqual(['Approval 0']);
    await expectStatus(staffRequest(app, `/api/projects/manage?status=design&cursor=${first.nextCursor!}`, employee), 400);
  });

  it('updates with a version check (409 with the current project), moving the customer counts', async () => {
    const [first, second] = [await addCustomer(), await addCustomer({ firstName: 'Second' })];
    const project = await addProject(first.id);
    const moved = await json<Project>(
      expectStatus(
        staffRequest(app, `/api/projects/${project.id}`, employee, {
          method: 'PUT',
          body: { ...formOf(project), customerId: second.id, status: 'execution', progress: 40 },
        }),
        200,
      ),
    );
    expect(moved).toMatchObject({ customerName: 'Second Nair', status: 'execution', progress: 40, version: 2 });
    const conflict = await expectStatus(
      staffRequest(app, `/api/projects/${project.id}`, employee, { method: 'PUT', body: { ...formOf(project), name: 'Lost edit' } }),
      409,
    );
    expect(await json<{ error: string; current: Project }>(conflict)).toMatchObject({
      error: 'Someone else changed this project. Reload to see their changes.',
      current: { version: 2, progress: 40 },
    });
    expect((await json<Customer>(staffRequest(app, `/api/customers/${first.id}`, employee))).projectCount).toBe(0);
    expect((await json<Customer>(staffRequest(app, `/api/customers/${second.id}`, employee))).projectCount).toBe(1);
    await expectStatus(staffRequest(app, `/api/projects/not-there`, employee, { method: 'PUT', body: { ...formOf(project) } }), 404);
  });

  it('lets managers, not employees, delete', async () => {
    const project = await addProject((await addCustomer()).id);
    await expectStatus(staffRequest(app, `/api/projects/${project.id}`, employee, { method: 'DELETE' }), 403);
    await expectStatus(staffRequest(app, `/api/projects/${project.id}`, manager, { method: 'DELETE' }), 200);
    await expectStatus(staffRequest(app, `/api/projects/${project.id}`, manager, { method: 'DELETE' }), 404);
  });

  it('shows a project on the website only when marked, with public fields only, under its public status', async () => {
    const customer = await addCustomer({ firstName: 'Hidden', lastName: 'Client' });
    const project = await addProject(customer.id, {
      name: 'Internal name',
      estimatedBudget: 4200000,
      actualCost: 3900000,
      notes: 'Negotiated hard',
      requirements: 'Secret wishes',
      status: 'execution',
    });
    await expectStatus(app.request(`/api/projects/${project.id}`), 404);

    const shown = await json<Project>(
      staffRequest(app, `/api/projects/${project.id}`, employee, {
        method: 'PUT',
        body: { ...formOf(project), showOnWebsite: true, title: 'Tellapur Family Home', category: 'Villa', area: '3,000 sq ft' },
      }),
    );
    const detail = await json<PublicProject>(expectStatus(app.request(`/api/projects/${project.id}`), 200));
    expect(detail).toEqual({
      id: project.id,
      slug: project.slug,
      title: 'Tellapur Family Home',
      description: '',
      imageUrl: '',
      images: [],
      status: 'ongoing',
      category: 'Villa',
      area: '3,000 sq ft',
      location: '',
      // Issue 25: the other website projects to see next (none here).
      related: [],
    });
    const ongoing = await json<Page<PublicProject>>(app.request('/api/projects?status=ongoing&limit=50'));
    expect(ongoing.items.map((item) => item.id)).toContain(project.id);
    const everything = JSON.stringify(await json<Page<PublicProject>>(app.request('/api/projects?limit=50')));
    expect(everything).not.toMatch(/estimatedBudget|actualCost|customer|Hidden|Negotiated|Secret|4200000/);

    // Set beside the internal status, the public status wins; taking it off the website hides it again.
    await staffRequest(app, `/api/projects/${project.id}`, employee, {
      method: 'PUT',
      body: { ...formOf(shown), publicStatus: 'upcoming' },
    });
    const upcoming = await json<Page<PublicProject>>(app.request('/api/projects?status=upcoming&limit=50'));
    expect(upcoming.items.map((item) => item.id)).toContain(project.id);
    const current = await json<Project>(staffRequest(app, `/api/projects/manage/${project.id}`, employee));
    await staffRequest(app, `/api/projects/${project.id}`, employee, { method: 'PUT', body: { ...formOf(current), showOnWebsite: false } });
    await expectStatus(app.request(`/api/projects/${project.id}`), 404);
  });

  it('keeps the dashboard counts exact through 20 concurrent creates and deletes', async () => {
    const before = await dashboard();
    const customers = await Promise.all([addCustomer(), addCustomer(), addCustomer()]);
    // Ten to delete, created first; then ten creates race ten deletes (all on three customers).
    const doomed = await Promise.all(
      Array.from({ length: 10 }, (_, i) => addProject(customers[i % 3]!.id, { status: i % 2 === 0 ? 'design' : 'completed' })),
    );
    const afterSetup = await dashboard();
    expect(afterSetup.totalCustomers).toBe(before.totalCustomers + 3);
    expect(afterSetup.activeProjects).toBe(before.activeProjects + 5);

    const results = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        staffRequest(app, '/api/projects', employee, {
          method: 'POST',
          body: { customerId: customers[i % 3]!.id, name: `Race ${i}`, projectType: 'Office', status: i < 7 ? 'execution' : 'on_hold' },
        }),
      ),
      ...doomed.map((project) => staffRequest(app, `/api/projects/${project.id}`, manager, { method: 'DELETE' })),
    ]);
    expect(results.map((response) => response.status)).toEqual([...Array(10).fill(201), ...Array(10).fill(200)]);

    const after = await dashboard();
    expect(after.activeProjects).toBe(before.activeProjects + 7);
    expect(after.totalCustomers).toBe(before.totalCustomers + 3);
    const counts = await Promise.all(customers.map((customer) => json<Customer>(staffRequest(app, `/api/customers/${customer.id}`, employee))));
    expect(counts.map((customer) => customer.projectCount)).toEqual([4, 3, 3]);
  });
});

describe('converting a Won lead', () => {
  async function wonLead(status = 'Won') {
    const phone = uniquePhone();
    return json<Lead>(
      expectStatus(
        staffRequest(app, '/api/leads', employee, {
          method: 'POST',
          body: { name: 'Kavya Menon', phone, status, requirements: 'Modular kitchen', location: 'Kondapur' },
        }),
        201,
      ),
    );
  }

  it('creates the customer and the project in one step and links both to the lead', async () => {
    const before = await dashboard();
    const lead = await wonLead();
    const response = await expectStatus(
      staffRequest(app, `/api/leads/${lead.id}/convert`, employee, {
        method: 'POST',
        body: {
          version: lead.version,
          customer: { firstName: 'Kavya', lastName: 'Menon', city: 'Hyderabad' },
          project: { name: 'Menon kitchen', projectType: '2BHK', estimatedBudget: '6,50,000' },
        },
      }),
      201,
    );
    const { lead: converted, customer, project } = await json<{ lead: Lead; customer: Customer; project: Project }>(response);
    expect(customer).toMatchObject({ firstName: 'Kavya', phone: lead.phone, leadId: lead.id, projectCount: 1, notes: 'Modular kitchen' });
    expect(project).toMatchObject({ customerId: customer.id, name: 'Menon kitchen', estimatedBudget: 650000, leadId: lead.id, location: 'Kondapur' });
    expect(converted.conversion).toMatchObject({ customerId: customer.id, customerName: 'Kavya Menon', projectId: project.id, projectName: 'Menon kitchen' });

    const detail = await json<{ lead: Lead; timeline: { content: string }[] }>(staffRequest(app, `/api/leads/${lead.id}`, employee));
    expect(detail.lead.conversion?.projectId).toBe(project.id);
    expect(detail.timeline[0]!.content).toBe("Converted to customer Kavya Menon with the project 'Menon kitchen' by Test employee");
    const after = await dashboard();
    expect(after.totalCustomers - before.totalCustomers).toBe(1);
    expect(after.activeProjects - before.activeProjects).toBe(1);

    const again = await expectStatus(
      staffRequest(app, `/api/leads/${lead.id}/convert`, employee, {
        method: 'POST',
        body: { version: converted.version, customer: { firstName: 'Kavya' } },
      }),
      409,
    );
    expect((await json<{ error: string }>(again)).error).toBe('This lead has already been converted to a customer');
  });

  it('can create the customer alone, without a project', async () => {
    const before = await dashboard();
    const lead = await wonLead();
    const { customer, project, lead: converted } = await json<{ lead: Lead; customer: Customer; project: Project | null }>(
      expectStatus(
        staffRequest(app, `/api/leads/${lead.id}/convert`, employee, {
          method: 'POST',
          body: { version: lead.version, customer: { firstName: 'Kavya' }, project: null },
        }),
        201,
      ),
    );
    expect(project).toBeNull();
    expect(customer).toMatchObject({ firstName: 'Kavya', projectCount: 0, leadId: lead.id });
    expect(converted.conversion).toMatchObject({ customerId: customer.id, projectId: null, projectName: null });
    const after = await dashboard();
    expect(after.totalCustomers - before.totalCustomers).toBe(1);
    expect(after.activeProjects).toBe(before.activeProjects);
  });

  it('refuses a lead that is not Won, or a stale version, and changes nothing', async () => {
    const before = await dashboard();
    const open = await wonLead('Quoted');
    const notWon = await expectStatus(
      staffRequest(app, `/api/leads/${open.id}/convert`, employee, { method: 'POST', body: { version: 1, customer: { firstName: 'K' } } }),
      409,
    );
    expect((await json<{ error: string }>(notWon)).error).toBe('Only a Won lead can be converted to a customer');
    const won = await wonLead();
    await expectStatus(
      staffRequest(app, `/api/leads/${won.id}/convert`, employee, { method: 'POST', body: { version: 7, customer: { firstName: 'K' } } }),
      409,
    );
    expect((await dashboard()).totalCustomers).toBe(before.totalCustomers);
  });
});

describe('project photos', () => {
  const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]);
  const PNG_HEAD = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

  async function ticket(projectId: string, body: unknown, cookie = employee) {
    return staffRequest(app, `/api/projects/${projectId}/photo-uploads`, cookie, { method: 'POST', body });
  }

  /** Sends one file with its signed form, as the browser does. */
  async function upload(target: PhotoUploadTicket['targets'][number], bytes: Uint8Array, type: string) {
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    form.append('file', new File([bytes], 'photo', { type }));
    return host.request(target.url, { method: 'POST', body: form, headers: { origin: TEST_ORIGIN } });
  }

  function addPhoto(projectId: string, body: unknown) {
    return staffRequest(app, `/api/projects/${projectId}/photos`, employee, { method: 'POST', body });
  }

  it('uploads every copy, checks them by content, adds the photo, serves it and shows it on the website', async () => {
    const customer = await addCustomer();
    const project = await addProject(customer.id, { showOnWebsite: true, status: 'completed', title: 'Photo home' });
    const small = new Uint8Array(2000).fill(7);
    small.set(JPEG);
    const large = new Uint8Array(9000).fill(9);
    large.set(JPEG);
    const issued = await json<PhotoUploadTicket>(
      expectStatus(ticket(project.id, { contentType: 'image/jpeg', copies: [{ width: 480, size: small.length }, { width: 1600, size: large.length }] }), 201),
    );
    expect(issued.targets.map((target) => target.width)).toEqual([480, 1600]);
    await expectStatus(upload(issued.targets[0]!, small, 'image/jpeg'), 204);
    // Adding before every copy arrived is refused.
    await expectStatus(addPhoto(project.id, { uploadId: issued.uploadId, contentType: 'image/jpeg', widths: [480, 1600] }), 400);
    await expectStatus(upload(issued.targets[1]!, large, 'image/jpeg'), 204);

    const withPhoto = await json<Project>(
      expectStatus(addPhoto(project.id, { uploadId: issued.uploadId, contentType: 'image/jpeg', widths: [1600, 480], aspectRatio: 1.5 }), 201),
    );
    const photo = withPhoto.images[0]!;
    expect(photo.copies.map((copy) => copy.width)).toEqual([480, 1600]);
    expect(photo.url).toBe(photo.copies[1]!.url);
    const served = await expectStatus(host.request(photo.copies[0]!.url), 200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(small);

    const shown = await json<PublicProject>(app.request(`/api/projects/${project.id}`));
    expect(shown.imageUrl).toBe(photo.url);
    expect(shown.images[0]!.copies).toHaveLength(2);

    // Removing it deletes the files too.
    const without = await json<Project>(expectStatus(staffRequest(app, `/api/projects/${project.id}/photos/${photo.id}`, employee, { method: 'DELETE' }), 200));
    expect(without.images).toEqual([]);
    await expectStatus(host.request(photo.copies[0]!.url), 404);
  });

  it('refuses a file whose bytes are not JPEG, PNG or WebP, whatever it claims, and removes it', async () => {
    const project = await addProject((await addCustomer()).id);
    const fake = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    const issued = await json<PhotoUploadTicket>(ticket(project.id, { contentType: 'image/png', copies: [{ width: 480, size: fake.length }] }));
    await expectStatus(upload(issued.targets[0]!, fake, 'image/png'), 204);
    const refused = await expectStatus(addPhoto(project.id, { uploadId: issued.uploadId, contentType: 'image/png', widths: [480] }), 415);
    expect((await json<{ error: string }>(refused)).error).toBe('Only JPEG, PNG or WebP photos can be uploaded');
    await expectStatus(addPhoto(project.id, { uploadId: issued.uploadId, contentType: 'image/png', widths: [480] }), 400);

    // A real PNG head declared as JPEG is refused too: the declared type must be the content's.
    const png = new Uint8Array(100);
    png.set(PNG_HEAD);
    const mislabelled = await json<PhotoUploadTicket>(ticket(project.id, { contentType: 'image/jpeg', copies: [{ width: 480, size: 100 }] }));
    await expectStatus(upload(mislabelled.targets[0]!, png, 'image/jpeg'), 204);
    await expectStatus(addPhoto(project.id, { uploadId: mislabelled.uploadId, contentType: 'image/jpeg', widths: [480] }), 415);

    // Types outside the list never get an upload form.
    const gif = await expectStatus(ticket(project.id, { contentType: 'image/gif', copies: [{ width: 480, size: 10 }] }), 400);
    expect((await json<{ fields: Record<string, string> }>(gif)).fields.contentType).toBe('Only JPEG, PNG or WebP photos can be uploaded');
  });

  it('limits the size: no form for a copy above the limit, and the storage refuses a bigger file than signed', async () => {
    const project = await addProject((await addCustomer()).id);
    const tooBig = await expectStatus(ticket(project.id, { contentType: 'image/jpeg', copies: [{ width: 1600, size: MAX_PHOTO_BYTES + 1 }] }), 400);
    expect((await json<{ fields: Record<string, string> }>(tooBig)).fields['copies[0].size']).toBe('A photo copy may be at most 5 MB');

    const issued = await json<PhotoUploadTicket>(ticket(project.id, { contentType: 'image/jpeg', copies: [{ width: 480, size: 1000 }] }));
    const oversize = new Uint8Array(MAX_PHOTO_BYTES + 10);
    oversize.set(JPEG);
    await expectStatus(upload(issued.targets[0]!, oversize, 'image/jpeg'), 413);

    // A form cannot be reused for another key, type or size.
    const tampered = { ...issued.targets[0]!, fields: { ...issued.targets[0]!.fields, maxBytes: String(MAX_PHOTO_BYTES * 4) } };
    await expectStatus(upload(tampered, JPEG, 'image/jpeg'), 403);
    await expectStatus(upload(issued.targets[0]!, JPEG, 'image/png'), 400);
  });

  it('refuses an upload form once it has expired', async () => {
    const project = await addProject((await addCustomer()).id);
    const issued = await json<PhotoUploadTicket>(ticket(project.id, { contentType: 'image/jpeg', copies: [{ width: 480, size: JPEG.length }] }));
    clock.advance(301_000);
    const refused = await expectStatus(upload(issued.targets[0]!, JPEG, 'image/jpeg'), 403);
    expect((await json<{ error: string }>(refused)).error).toBe('This upload form has expired');
  });

  it('makes a photo the cover and needs a session to upload', async () => {
    const project = await addProject((await addCustomer()).id);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const issued = await json<PhotoUploadTicket>(ticket(project.id, { contentType: 'image/jpeg', copies: [{ width: 480, size: JPEG.length }] }));
      await expectStatus(upload(issued.targets[0]!, JPEG, 'image/jpeg'), 204);
      await expectStatus(addPhoto(project.id, { uploadId: issued.uploadId, contentType: 'image/jpeg', widths: [480] }), 201);
      ids.push(issued.uploadId);
    }
    const covered = await json<Project>(
      expectStatus(staffRequest(app, `/api/projects/${project.id}/photos/${ids[1]!}/cover`, employee, { method: 'PUT' }), 200),
    );
    expect(covered.images.map((photo) => photo.id)).toEqual([ids[1], ids[0]]);
    await expectStatus(ticket(project.id, { contentType: 'image/jpeg', copies: [{ width: 480, size: 10 }] }, ''), 401);
  });

  /** Uploads one JPEG copy and adds it as a photo of the project; returns its id. */
  async function addedPhoto(projectId: string) {
    const issued = await json<PhotoUploadTicket>(ticket(projectId, { contentType: 'image/jpeg', copies: [{ width: 480, size: JPEG.length }] }));
    await expectStatus(upload(issued.targets[0]!, JPEG, 'image/jpeg'), 204);
    await expectStatus(addPhoto(projectId, { uploadId: issued.uploadId, contentType: 'image/jpeg', widths: [480] }), 201);
    return issued.uploadId;
  }

  it('answers concurrent cover changes and removals on one project with 200, 404 or 409, never 500', async () => {
    const project = await addProject((await addCustomer()).id);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await addedPhoto(project.id));
    const requests = Array.from({ length: 40 }, (_, i) => {
      const photoId = ids[i % ids.length]!;
      return i % 4 === 3
        ? staffRequest(app, `/api/projects/${project.id}/photos/${photoId}`, employee, { method: 'DELETE' })
        : staffRequest(app, `/api/projects/${project.id}/photos/${photoId}/cover`, employee, { method: 'PUT' });
    });
    const responses = await Promise.all(requests);
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => ![200, 404, 409].includes(status))).toEqual([]);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect((await json<{ error: string }>(response)).error).toBe('The photos were changed at the same time by someone else. Reload and try again.');
    }
    // Every photo not removed is still listed exactly once.
    const after = await json<Project>(staffRequest(app, `/api/projects/manage/${project.id}`, employee));
    expect(new Set(after.images.map((photo) => photo.id)).size).toBe(after.images.length);
    console.log(`photo changes under contention: ${['200', '404', '409'].map((code) => `${statuses.filter((status) => String(status) === code).length} × ${code}`).join(', ')}`);
  }, 60_000);

  it('adds an upload once: the same uploadId again is 409, one photo is listed and its files are still served', async () => {
    const project = await addProject((await addCustomer()).id);
    const issued = await json<PhotoUploadTicket>(ticket(project.id, { contentType: 'image/jpeg', copies: [{ width: 480, size: JPEG.length }] }));
    await expectStatus(upload(issued.targets[0]!, JPEG, 'image/jpeg'), 204);
    const body = { uploadId: issued.uploadId, contentType: 'image/jpeg', widths: [480] };
    const added = await json<Project>(expectStatus(addPhoto(project.id, body), 201));
    const again = await expectStatus(addPhoto(project.id, body), 409);
    expect((await json<{ error: string }>(again)).error).toBe('This photo is already on the project');
    const listed = await json<Project>(staffRequest(app, `/api/projects/manage/${project.id}`, employee));
    expect(listed.images.map((photo) => photo.id)).toEqual([issued.uploadId]);
    await expectStatus(host.request(added.images[0]!.copies[0]!.url), 200);

    // Sent twice at once: still one photo, the other answer 409.
    const second = await json<PhotoUploadTicket>(ticket(project.id, { contentType: 'image/jpeg', copies: [{ width: 480, size: JPEG.length }] }));
    await expectStatus(upload(second.targets[0]!, JPEG, 'image/jpeg'), 204);
    const both = await Promise.all([0, 1].map(() => addPhoto(project.id, { ...body, uploadId: second.uploadId })));
    expect(both.map((response) => response.status).sort()).toEqual([201, 409]);
    const twice = await json<Project>(staffRequest(app, `/api/projects/manage/${project.id}`, employee));
    expect(twice.images.map((photo) => photo.id)).toEqual([issued.uploadId, second.uploadId]);
    await expectStatus(host.request(twice.images[1]!.copies[0]!.url), 200);
  });

  it('serves an upload only once it is added, and a signed form writes once: reusing it to swap in HTML is refused', async () => {
    const project = await addProject((await addCustomer()).id);
    const issued = await json<PhotoUploadTicket>(ticket(project.id, { contentType: 'image/jpeg', copies: [{ width: 480, size: JPEG.length }] }));
    const target = issued.targets[0]!;
    expect(target.fields.key).toMatch(/^staging\/projects\//);
    await expectStatus(upload(target, JPEG, 'image/jpeg'), 204);
    const servedUrl = `/uploads/projects/${project.id}/${issued.uploadId}-480.jpg`;
    // Uploaded, not added: nothing is public, under either prefix.
    await expectStatus(host.request(servedUrl), 404);
    await expectStatus(host.request(`/${target.fields.key!}`), 404);

    const html = new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>');
    const reused = await expectStatus(upload(target, html, 'image/jpeg'), 409);
    expect((await json<{ error: string }>(reused)).error).toBe('This upload form has been used already');

    const added = await json<Project>(expectStatus(addPhoto(project.id, { uploadId: issued.uploadId, contentType: 'image/jpeg', widths: [480] }), 201));
    expect(added.images[0]!.url).toBe(servedUrl);
    const served = await expectStatus(host.request(servedUrl), 200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(JPEG);
    // The form is spent after the add too; the served file stays the checked one.
    await expectStatus(upload(target, html, 'image/jpeg'), 409);
    expect(new Uint8Array(await (await host.request(servedUrl)).arrayBuffer())).toEqual(JPEG);
  });

  it('keeps the files of a photo another entry still uses (a copy added twice before the fix)', async () => {
    const project = await addProject((await addCustomer()).id);
    const photoId = await addedPhoto(project.id);
    const stored = (await json<Project>(staffRequest(app, `/api/projects/manage/${project.id}`, employee))).images[0]!;
    // An older copy of the same upload on the list, as duplicate adds left it.
    await db.doc.send(
      new UpdateCommand({ TableName: db.table, Key: keys.project(project.id), UpdateExpression: 'SET images = list_append(images, :copy)', ExpressionAttributeValues: { ':copy': [stored] } }),
    );
    const removed = await json<Project>(expectStatus(staffRequest(app, `/api/projects/${project.id}/photos/${photoId}`, employee, { method: 'DELETE' }), 200));
    expect(removed.images.map((photo) => photo.id)).toEqual([photoId]);
    await expectStatus(host.request(stored.copies[0]!.url), 200);
    await expectStatus(staffRequest(app, `/api/projects/${project.id}/photos/${photoId}`, employee, { method: 'DELETE' }), 200);
    await expectStatus(host.request(stored.copies[0]!.url), 404);
  });
});

describe('sample projects saved before Project Management', () => {
  it('get their customers and the portal indexes once at start-up, counted once', async () => {
    const own = await createTestApp();
    const { cookie } = await signedInStaff(own.app, own.db, 'employee');
    const createdAt = '2025-06-01T10:00:00.000Z';
    // The session-one shape of a first-start project: a client name, no customer, public status in 'status'.
    await own.db.doc.send(
      new PutCommand({
        TableName: own.db.table,
        Item: {
          ...keys.project('kondapur-2bhk-kitchen'),
          entityType: 'Project',
          id: 'kondapur-2bhk-kitchen',
          title: 'Kondapur 2BHK Kitchen Makeover',
          description: 'Old text',
          imageUrl: '/images/projects/kondapur-2bhk-kitchen.svg',
          images: ['/images/projects/kondapur-2bhk-kitchen.svg'],
          status: 'ongoing',
          category: '2BHK',
          area: '180 sq ft',
          location: 'Kondapur, Hyderabad',
          showOnWebsite: true,
          client: 'Ms. Lakshmi',
          budget: 650000,
          actualCost: null,
          internalStatus: 'execution',
          createdAt,
          updatedAt: createdAt,
          version: 1,
          gsi1pk: keys.publicProjects(),
          gsi1sk: keys.publicProjectSort('ongoing', createdAt, 'kondapur-2bhk-kitchen'),
        },
      }),
    );
    await own.db.doc.send(new PutCommand({ TableName: own.db.table, Item: { ...keys.stats('DASHBOARD', 0), activeProjects: 1 } }));

    expect(await upgradeLocalData(own.db)).toEqual({ leads: 0, projects: 1 });
    expect(await upgradeLocalData(own.db)).toEqual({ leads: 0, projects: 0 });
    const list = await json<Page<Project>>(staffRequest(own.app, '/api/projects/manage', cookie));
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ status: 'execution', customerName: 'Lakshmi Prasanna', estimatedBudget: 650000, createdAt });
    const shown = await json<PublicProject>(own.app.request('/api/projects/kondapur-2bhk-kitchen'));
    expect(shown.images[0]).toMatchObject({ url: '/images/projects/kondapur-2bhk-kitchen.svg' });
    const stats = await json<DashboardStats>(staffRequest(own.app, '/api/dashboard/comprehensive-stats', cookie));
    expect(stats).toMatchObject({ totalCustomers: 1, activeProjects: 1 });
  });
});
