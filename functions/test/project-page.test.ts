import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, PublicProjectDetail } from '@app/shared-types/api';
import type { Quotation } from '@app/shared-types/quotations';
import type { Db } from '../src/db/client';
import { systemContext } from '../src/db/entity';
import { createCustomer } from '../src/customers/customer-repo';
import { createProject } from '../src/projects/project-repo';
import { seedFirstStart } from '../src/local/seed';
import { createStaffApp, customerInput, json, projectInput, staffRequest, uniquePhone, type TestApp } from './helpers';

/**
 * Issue 25, Projects: the reads the portal's project page and the website's project page
 * need beyond the ones they had: a project's quotes (GET /api/quotations?projectId=), and a
 * website project's three related projects (in GET /api/projects/:slugOrId).
 */

let app: TestApp;
let db: Db;
let employee: string;
let manager: string;

beforeAll(async () => {
  const test = await createStaffApp('employee', 'manager');
  ({ app, db } = test);
  [employee, manager] = [test.staff('employee').cookie, test.staff('manager').cookie];
  await seedFirstStart(db, '2026-01-10T10:00:00.000Z');
});

describe("a project's quotes (GET /api/quotations?projectId=)", () => {
  it('lists the quotes approved into the project, and only those', async () => {
    const newQuote = async (title: string) => {
      const body = { title, clientDetails: { name: 'Anita Rao', phone: uniquePhone('8'), projectType: '3BHK' }, rows: [{ usageArea: 'Living', item: 'TV Unit', unit: 'QTY', quantity: 1, unitPrice: 1000 }] };
      return json<Quotation>(staffRequest(app, '/api/quotations', employee, { method: 'POST', body }));
    };
    const [approvedQuote, otherQuote] = await Promise.all([newQuote('Rao residence'), newQuote('Another home')]);
    const approval = await staffRequest(app, `/api/quotations/${approvedQuote.id}/approve`, manager, { method: 'POST', body: { version: approvedQuote.version } });
    expect(approval.status).toBe(200);
    const { projectId } = (await approval.json()) as { projectId: string };
    expect(projectId).toEqual(expect.any(String));

    const page = await json<Page<Quotation>>(staffRequest(app, `/api/quotations?projectId=${projectId}`, employee));
    expect(page.items.map((quote) => quote.id)).toEqual([approvedQuote.id]);
    expect(page.items.map((quote) => quote.id)).not.toContain(otherQuote.id);
  });

  it('answers an empty list for a project without quotes, and 400 to a projectId past its bound', async () => {
    const customer = await createCustomer(db, { ...customerInput, phone: uniquePhone('7') }, systemContext('2026-02-01T00:00:00.000Z'));
    const made = await createProject(db, projectInput(customer.id), systemContext('2026-02-01T00:00:00.000Z'));
    if (!('project' in made)) throw new Error('project not created');
    expect((await json<Page<Quotation>>(staffRequest(app, `/api/quotations?projectId=${made.project.id}`, employee))).items).toEqual([]);
    expect((await staffRequest(app, `/api/quotations?projectId=${'x'.repeat(65)}`, employee)).status).toBe(400);
  });
});

describe("a website project's related projects (GET /api/projects/:slugOrId)", () => {
  const detail = (slug: string) => json<PublicProjectDetail>(app.request(`/api/projects/${slug}`));

  it('answers 3 other website projects, its own category first, each with its cover only and public fields', async () => {
    const cafe = await detail('madhapur-artisan-cafe');
    expect(cafe.category).toBe('Commercial');
    expect(cafe.related).toHaveLength(3);
    expect(cafe.related.map((project) => project.id)).not.toContain(cafe.id);
    expect(cafe.related[0]).toMatchObject({ title: 'Financial District Dental Clinic', category: 'Commercial' });
    expect(new Set(cafe.related.map((project) => project.id)).size).toBe(3);
    for (const project of cafe.related) {
      expect(Object.keys(project).sort()).toEqual(['area', 'category', 'description', 'id', 'imageUrl', 'images', 'location', 'slug', 'status', 'title']);
      expect(project.images.length).toBeLessThanOrEqual(1);
    }
    expect(JSON.stringify(cafe.related)).not.toMatch(/budget|Budget|actualCost|customer|notes|requirements/);
  });

  it('never suggests a project that is not on the website', async () => {
    const customer = await createCustomer(db, { ...customerInput, phone: uniquePhone('6') }, systemContext('2026-02-02T00:00:00.000Z'));
    await createProject(db, { ...projectInput(customer.id), name: 'Hidden clinic', category: 'Commercial', showOnWebsite: false }, systemContext('2026-02-02T00:00:00.000Z'));
    const clinic = await detail('financial-district-dental-clinic');
    expect(clinic.related.map((project) => project.title)).not.toContain('Hidden clinic');
    expect(clinic.related[0]?.title).toBe('Madhapur Artisan Cafe');
  });
});
