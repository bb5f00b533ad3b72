import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicProject, PublicProjectDetail } from '@app/shared-types/api';
import type { Customer } from '@app/shared-types/customers';
import { PROJECT_SLUG_TAKEN, projectSlug, type Project } from '@app/shared-types/projects';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import { resolvePublicProject } from '../src/projects/project-repo';
import { upgradeLocalData } from '../src/local/upgrade-data';
import { createTestApp, customerInput, json, signedInStaff, staffRequest, unhurriedStaffApp, type TestApp } from './helpers';

let app: TestApp;
let db: Db;
let employee: string;
let customerId: string;

beforeAll(async () => {
  // Without the time limits (helpers.ts unhurriedTestApp): at a load of 15 on 2 cores one of the 20 concurrent creates of
  // one title answered 503 after the 12 s staff deadline. This file tests the slugs, not the limits.
  const { staff, ...test } = await unhurriedStaffApp('employee');
  ({ app, db } = test);
  employee = staff('employee').cookie;
  customerId = (await json<Customer>(staffRequest(app, '/api/customers', employee, { method: 'POST', body: customerInput }))).id;
});

async function expectStatus(response: Response | Promise<Response>, status: number) {
  const resolved = await response;
  expect(resolved.status, await resolved.clone().text()).toBe(status);
  return resolved;
}

const create = (body: Record<string, unknown>) =>
  staffRequest(app, '/api/projects', employee, { method: 'POST', body: { customerId, name: 'Nair residence', projectType: '3BHK', ...body } });

async function addProject(body: Record<string, unknown>) {
  return json<Project>(expectStatus(create(body), 201));
}

/** Every field of a project as the edit form sends it back. */
function formOf(project: Project) {
  const { id, customerName, images, leadId, createdAt, updatedAt, ...fields } = project;
  void [id, customerName, images, leadId, createdAt, updatedAt];
  return fields;
}

const edit = (project: Project, changes: Record<string, unknown>) =>
  staffRequest(app, `/api/projects/${project.id}`, employee, { method: 'PUT', body: { ...formOf(project), ...changes } });

const markerOwner = async (slug: string) =>
  (await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.projectSlug(slug), ConsistentRead: true }))).Item?.projectId as string | undefined;

describe('project slugs', () => {
  it('derives the slug from the website title (else the name), and -2, -3 for the next ones', async () => {
    const first = await addProject({ name: 'Reddy home', title: 'Banjara Hills Penthouse!' });
    expect(first.slug).toBe('banjara-hills-penthouse');
    const second = await addProject({ name: 'Banjara Hills Penthouse' });
    expect(second.slug).toBe('banjara-hills-penthouse-2');
    const third = await addProject({ name: 'Other', title: '  Banjara  hills penthouse ' });
    expect(third.slug).toBe('banjara-hills-penthouse-3');
    expect(await markerOwner('banjara-hills-penthouse-2')).toBe(second.id);
    // No Latin letters or digits: a slug all the same.
    expect((await addProject({ name: 'गृह' })).slug).toMatch(/^project(-\d+)?$/);
  });

  it('gives 20 concurrent creates of one title 20 distinct slugs, each with its marker', async () => {
    const created = await Promise.all(Array.from({ length: 20 }, () => create({ name: 'Gachibowli Twin Villas' })));
    const projects = await Promise.all(created.map((response) => json<Project>(expectStatus(response, 201))));
    const slugs = projects.map((project) => project.slug);
    expect(new Set(slugs).size).toBe(20);
    expect(new Set(slugs)).toEqual(new Set(Array.from({ length: 20 }, (_, i) => projectSlug('Gachibowli Twin Villas', i + 1))));
    for (const project of projects) expect(await markerOwner(project.slug)).toBe(project.id);
  }, 60_000);

  it('takes a typed slug as it is, and refuses a taken or malformed one with a field message', async () => {
    const typed = await addProject({ name: 'Kokapet farmhouse', slug: 'Kokapet-Farm-House' });
    expect(typed.slug).toBe('kokapet-farm-house');
    const taken = await expectStatus(create({ name: 'Another', slug: 'kokapet-farm-house' }), 409);
    expect(await taken.json()).toMatchObject({ error: PROJECT_SLUG_TAKEN, fields: { slug: PROJECT_SLUG_TAKEN } });
    const bad = await expectStatus(create({ name: 'Another', slug: 'no spaces/please' }), 400);
    expect(await bad.json()).toMatchObject({ fields: { slug: expect.stringContaining('lowercase letters') } });
  });

  it('keeps the slug through a rename, moves it when edited (old marker freed), and 409s on a taken one', async () => {
    const project = await addProject({ name: 'Madhapur studio flat' });
    expect(project.slug).toBe('madhapur-studio-flat');
    const renamed = await json<Project>(expectStatus(edit(project, { name: 'Madhapur loft', title: 'Madhapur Loft', slug: '' }), 200));
    expect(renamed.slug).toBe('madhapur-studio-flat');

    const other = await addProject({ name: 'Kukatpally duplex' });
    const refused = await expectStatus(edit(renamed, { slug: other.slug }), 409);
    // Not a stale save: no current record, so the form keeps its version and shows the message under the field.
    const body = await refused.json();
    expect(body).toMatchObject({ error: PROJECT_SLUG_TAKEN, fields: { slug: PROJECT_SLUG_TAKEN } });
    expect(body).not.toHaveProperty('current');
    expect((await json<Project>(staffRequest(app, `/api/projects/manage/${project.id}`, employee))).slug).toBe('madhapur-studio-flat');
    expect(await markerOwner(other.slug)).toBe(other.id);

    const moved = await json<Project>(expectStatus(edit(renamed, { slug: 'madhapur-loft' }), 200));
    expect(moved.slug).toBe('madhapur-loft');
    expect(await markerOwner('madhapur-loft')).toBe(project.id);
    expect(await markerOwner('madhapur-studio-flat')).toBeUndefined();
    // The freed slug can be taken by another project.
    expect((await addProject({ name: 'Madhapur Studio Flat' })).slug).toBe('madhapur-studio-flat');
  });

  it('answers a website project by slug; its old id resolves to the slug; unknown and hidden ones 404', async () => {
    const shown = await addProject({ name: 'Jubilee Hills Villa', showOnWebsite: true });
    const hidden = await addProject({ name: 'Secret Villa', showOnWebsite: false });

    const bySlug = await json<PublicProjectDetail>(expectStatus(app.request(`/api/projects/${shown.slug}`), 200));
    expect(bySlug).toMatchObject({ id: shown.id, slug: shown.slug, title: 'Jubilee Hills Villa' });
    expect(bySlug).not.toHaveProperty('customerId');
    const byId = await json<PublicProject>(expectStatus(app.request(`/api/projects/${shown.id}`), 200));
    expect(byId.slug).toBe(shown.slug);

    // The answer is the project and the ones it suggests (issue 25: related projects).
    const { related: _related, ...bySlugProject } = bySlug;
    expect(await resolvePublicProject(db, shown.slug)).toEqual(bySlugProject);
    // The old id resolves to the same project, which carries the slug its address moves to.
    const resolvedById = await resolvePublicProject(db, shown.id);
    expect(resolvedById).toEqual(bySlugProject);
    expect(resolvedById?.slug).toBe(shown.slug);
    expect(await resolvePublicProject(db, 'no-such-project')).toBeUndefined();
    expect(await resolvePublicProject(db, hidden.slug)).toBeUndefined();
    expect(await resolvePublicProject(db, hidden.id)).toBeUndefined();

    await expectStatus(app.request('/api/projects/no-such-project'), 404);
    await expectStatus(app.request(`/api/projects/${hidden.slug}`), 404);
    await expectStatus(app.request(`/api/projects/${hidden.id}`), 404);
    await expectStatus(app.request('/api/projects/..%2Fsettings'), 404);

    // The website's list carries the slugs its cards link to.
    const list = await json<{ items: PublicProject[] }>(app.request('/api/projects?limit=50'));
    expect(list.items.find((item) => item.id === shown.id)?.slug).toBe(shown.slug);
  });

  it('lists website projects in the sitemap at /projects/<slug>', async () => {
    const shown = await addProject({ name: 'Sitemap Villa', showOnWebsite: true });
    const sitemap = await (await app.request('/sitemap.xml')).text();
    expect(sitemap).toContain(`/projects/${shown.slug}</loc>`);
    expect(sitemap).not.toContain(`/projects/${shown.id}</loc>`);
  });
});

describe('projects saved before slugs (data upgrade)', () => {
  it('gives every project a slug and its marker, distinct, audited, once', async () => {
    const fresh = await createTestApp();
    const staff = await signedInStaff(fresh.app, fresh.db, 'employee');
    const customer = await json<Customer>(staffRequest(fresh.app, '/api/customers', staff.cookie, { method: 'POST', body: customerInput }));
    const made: Project[] = [];
    for (const [name, title] of [
      ['Villa A', 'Lake View Villa'],
      ['Lake View Villa', ''],
      ['Office', 'Hitech City Office'],
    ]) {
      const response = await staffRequest(fresh.app, '/api/projects', staff.cookie, {
        method: 'POST',
        body: { customerId: customer.id, name, title, projectType: 'Villa', showOnWebsite: true },
      });
      made.push(await json<Project>(response));
    }
    // As an older version stored them: no slug attribute, no marker.
    for (const project of made) {
      const { slug, ...old } = project;
      const stored = await fresh.db.doc.send(new GetCommand({ TableName: fresh.db.table, Key: keys.project(project.id) }));
      const { slug: _slug, ...item } = stored.Item!;
      void _slug;
      await fresh.db.doc.send(new PutCommand({ TableName: fresh.db.table, Item: { ...item, ...old } }));
      await fresh.db.doc.send(new DeleteCommand({ TableName: fresh.db.table, Key: keys.projectSlug(slug) }));
    }
    await fresh.db.doc.send(new PutCommand({ TableName: fresh.db.table, Item: { ...keys.dataVersion(), entityType: 'DataVersion', version: 7 } }));

    await upgradeLocalData(fresh.db);
    const read = async (id: string) => (await fresh.db.doc.send(new GetCommand({ TableName: fresh.db.table, Key: keys.project(id) }))).Item!;
    const slugs = await Promise.all(made.map(async (project) => (await read(project.id)).slug as string));
    // Walked newest first: which of the two lake views comes first is the walk's; both get one, distinct.
    expect([...slugs.slice(0, 2)].sort()).toEqual(['lake-view-villa', 'lake-view-villa-2']);
    expect(slugs[2]).toBe('hitech-city-office');
    for (const [i, project] of made.entries()) {
      const marker = await fresh.db.doc.send(new GetCommand({ TableName: fresh.db.table, Key: keys.projectSlug(slugs[i]!) }));
      expect(marker.Item).toMatchObject({ entityType: 'ProjectSlug', projectId: project.id });
    }
    const audit = await fresh.db.doc.send(
      new QueryCommand({ TableName: fresh.db.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.auditEntry(made[0]!.id, '').pk } }),
    );
    expect(audit.Items!.some((entry) => JSON.stringify(entry).includes('lake-view-villa'))).toBe(true);

    // Again, even from the older version: nothing moves.
    await upgradeLocalData(fresh.db);
    await fresh.db.doc.send(new PutCommand({ TableName: fresh.db.table, Item: { ...keys.dataVersion(), entityType: 'DataVersion', version: 7 } }));
    await upgradeLocalData(fresh.db);
    expect(await Promise.all(made.map(async (project) => (await read(project.id)).slug))).toEqual(slugs);
    const byOldId = await json<PublicProject>(fresh.app.request(`/api/projects/${made[1]!.id}`));
    expect(byOldId.slug).toBe(slugs[1]);
  });
});
