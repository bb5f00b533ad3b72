import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { BLOG_SLUG_TAKEN, blogPostCreateSchema, blogPostUpdateSchema, type BlogPost } from '@app/shared-types/blog';
import type { Customer } from '@app/shared-types/customers';
import type { Lead } from '@app/shared-types/leads';
import { leadConversionSchema, projectCreateSchema, projectSlug, type Project } from '@app/shared-types/projects';
import type { Quotation } from '@app/shared-types/quotations';
import { createBlogPost, updateBlogPost } from '../src/blog/blog-repo';
import type { Db } from '../src/db/client';
import { ContendedWrite, systemContext } from '../src/db/entity';
import { keys } from '../src/db/keys';
import { convertLead } from '../src/leads/lead-conversion';
import { createProject, getProject, updateProject } from '../src/projects/project-repo';
import { approveQuotation } from '../src/quotations/approval';
import { getQuotation } from '../src/quotations/quotation-repo';
import { isServiceUnavailable } from '../src/db/unavailable';
import { seedRateLibrary } from '../src/local/rate-library-seed';
import { createStaffApp, customerInput, json, staffRequest, uniquePhone, type TestApp } from './helpers';

/**
 * The entity layer's claim of contested unique values (db/entity.ts `claim`):
 * a derived slug lost to another writer moves on to the next free one, a
 * given one answers taken (409), and no collision is ever a 500. Project
 * creation, lead conversion and quote approval derive project slugs; blog
 * posts claim the slug the editor showed.
 */

let app: TestApp;
let db: Db;
let employee: string;
let manager: string;
let customerId: string;

beforeAll(async () => {
  const { staff, ...test } = await createStaffApp('employee', 'manager');
  ({ app, db } = test);
  employee = staff('employee').cookie;
  manager = staff('manager').cookie;
  customerId = (await json<Customer>(staffRequest(app, '/api/customers', employee, { method: 'POST', body: customerInput }))).id;
  await seedRateLibrary(db);
});

const ctx = () => systemContext(new Date().toISOString(), 'slug-claims-test');

/** A name no other test of this file uses, so its slugs start at the bare one. */
const uniqueName = (words: string) => `${words} ${randomUUID().slice(0, 8)}`;

async function expectStatus(response: Response | Promise<Response>, status: number) {
  const resolved = await response;
  expect(resolved.status, await resolved.clone().text()).toBe(status);
  return resolved;
}

const markerOwner = async (key: { pk: string; sk: string }, owner: string) =>
  (await db.doc.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }))).Item?.[owner] as string | undefined;

/**
 * `db` with `rival` run before the first transaction that puts a marker of
 * `entityType`: another writer taking a value between this write's
 * derivation (or check) and its transaction.
 */
function racedBy(entityType: string, rival: (claimed: string) => Promise<void>): Db & { raced: () => boolean } {
  let done = false;
  const send = db.doc.send.bind(db.doc) as (command: unknown) => Promise<unknown>;
  return {
    table: db.table,
    raced: () => done,
    doc: {
      send: async (command: unknown) => {
        if (!done && command instanceof TransactWriteCommand) {
          const marker = command.input.TransactItems?.find((entry) => entry.Put?.Item?.entityType === entityType)?.Put?.Item;
          if (marker) {
            done = true;
            await rival(String(marker.pk));
          }
        }
        return send(command);
      },
    } as unknown as DynamoDBDocumentClient,
  };
}

/** The slug a ProjectSlug marker's key holds. */
const slugOfMarkerPk = (pk: string) => pk.slice(keys.projectSlug('').pk.length);

async function wonLead(name: string) {
  return json<Lead>(
    expectStatus(staffRequest(app, '/api/leads', employee, { method: 'POST', body: { name, phone: uniquePhone(), status: 'Won', location: 'Kondapur' } }), 201),
  );
}

const conversionBody = (lead: Lead, projectName: string) => ({
  version: lead.version,
  customer: { firstName: lead.name.split(' ')[0], lastName: 'Menon', city: 'Hyderabad' },
  project: { name: projectName, projectType: '2BHK', estimatedBudget: '6,50,000' },
});

describe('projects created with a derived slug', () => {
  it('moves on to the next free slug when another project takes the derived one just before the write', async () => {
    const name = uniqueName('Kokapet Lake House');
    const base = projectSlug(name);
    let rivalId = '';
    const raced = racedBy('ProjectSlug', async () => {
      const rival = await createProject(db, projectCreateSchema.validateSync({ customerId, name, projectType: 'Villa' }), ctx());
      if (!('project' in rival)) throw new Error('the rival create failed');
      rivalId = rival.project.id;
    });
    const result = await createProject(raced, projectCreateSchema.validateSync({ customerId, name, projectType: 'Villa' }), ctx());
    expect(raced.raced()).toBe(true);
    expect(result).toMatchObject({ project: { slug: `${base}-2` } });
    expect(await markerOwner(keys.projectSlug(base), 'projectId')).toBe(rivalId);
    expect(await markerOwner(keys.projectSlug(`${base}-2`), 'projectId')).toBe('project' in result ? result.project.id : 'none');
  });

  it('refuses a typed slug that another project takes just before the write (slugTaken, the 409 under the field)', async () => {
    const slug = projectSlug(uniqueName('Typed Address'));
    const raced = racedBy('ProjectSlug', async () => {
      const rival = await createProject(db, projectCreateSchema.validateSync({ customerId, name: 'Rival', projectType: 'Villa', slug }), ctx());
      if (!('project' in rival)) throw new Error('the rival create failed');
    });
    const result = await createProject(raced, projectCreateSchema.validateSync({ customerId, name: 'Mine', projectType: 'Villa', slug }), ctx());
    expect(raced.raced()).toBe(true);
    expect(result).toEqual({ slugTaken: true });
  });

  it('picks a random candidate past the first 200 when all of those are taken (still a valid web address)', async () => {
    const name = uniqueName('Crowded Name');
    const base = projectSlug(name);
    for (let n = 1; n <= 200; n++) {
      await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...keys.projectSlug(projectSlug(name, n)), entityType: 'ProjectSlug', projectId: `other-${n}` } }));
    }
    const result = await createProject(db, projectCreateSchema.validateSync({ customerId, name, projectType: 'Villa' }), ctx());
    if (!('project' in result)) throw new Error('create failed');
    const n = Number(result.project.slug.slice(base.length + 1));
    expect(result.project.slug.startsWith(`${base}-`)).toBe(true);
    expect(n).toBeGreaterThan(200);
    expect(n).toBeLessThan(100_000);
    expect(projectCreateSchema.isValidSync({ customerId, name, projectType: 'Villa', slug: result.project.slug })).toBe(true);
  }, 60_000);

  it('gives a project saved before slugs a derived one on its next edit, past a candidate taken meanwhile', async () => {
    const name = uniqueName('Old Villa');
    const created = await createProject(db, projectCreateSchema.validateSync({ customerId, name, projectType: 'Villa', slug: `${projectSlug(name)}-old` }), ctx());
    if (!('project' in created)) throw new Error('create failed');
    // As an older version stored it: no slug (its marker left aside: this test only asks for a derived one).
    const { project } = created;
    const noSlug = await updateProjectSlugAway(project);
    const raced = racedBy('ProjectSlug', async () => {
      await createProject(db, projectCreateSchema.validateSync({ customerId, name, projectType: 'Villa' }), ctx());
    });
    const { id, customerName: _customerName, images: _images, leadId: _leadId, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = noSlug;
    void [_customerName, _images, _leadId, _createdAt, _updatedAt];
    const result = await updateProject(raced, id, { ...fields, slug: '' }, ctx());
    expect(raced.raced()).toBe(true);
    expect(result).toMatchObject({ project: { id, slug: `${projectSlug(name)}-2` } });
  });
});

/** The project as stored before slugs: the slug attribute blank (test set-up through the table). */
async function updateProjectSlugAway(project: Project): Promise<Project> {
  await db.doc.send(new UpdateCommand({ TableName: db.table, Key: keys.project(project.id), UpdateExpression: 'SET slug = :none', ExpressionAttributeValues: { ':none': '' } }));
  return (await getProject(db, project.id, true))!;
}

describe('lead conversion', () => {
  it('gives 10 concurrent conversions of leads with one project name 10 distinct slugs, each with its marker, never a 500', async () => {
    const projectName = uniqueName('Menon Kitchen');
    const leads = await Promise.all(Array.from({ length: 10 }, (_, i) => wonLead(`Kavya ${i}`)));
    const responses = await Promise.all(
      leads.map((lead) => staffRequest(app, `/api/leads/${lead.id}/convert`, employee, { method: 'POST', body: conversionBody(lead, projectName) })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 10 }, () => 201));
    const projects = await Promise.all(responses.map(async (response) => (await json<{ project: Project }>(response)).project));
    expect(new Set(projects.map((project) => project.slug))).toEqual(new Set(Array.from({ length: 10 }, (_, i) => projectSlug(projectName, i + 1))));
    for (const project of projects) expect(await markerOwner(keys.projectSlug(project.slug), 'projectId')).toBe(project.id);
  }, 60_000);

  it('takes the next slug when another project takes the derived one just before the conversion is written', async () => {
    const projectName = uniqueName('Kondapur Duplex');
    const lead = await wonLead('Ravi Kumar');
    let rivalId = '';
    const raced = racedBy('ProjectSlug', async (pk) => {
      expect(slugOfMarkerPk(pk)).toBe(projectSlug(projectName));
      const rival = await createProject(db, projectCreateSchema.validateSync({ customerId, name: projectName, projectType: 'Villa' }), ctx());
      if ('project' in rival) rivalId = rival.project.id;
    });
    const result = await convertLead(raced, lead.id, leadConversionSchema.validateSync(conversionBody(lead, projectName)), ctx());
    expect(raced.raced()).toBe(true);
    expect(result).toMatchObject({ project: { slug: `${projectSlug(projectName)}-2` }, lead: { conversion: { projectName } } });
    expect(await markerOwner(keys.projectSlug(projectSlug(projectName)), 'projectId')).toBe(rivalId);
  });
});

describe('quote approval', () => {
  async function quoteTitled(title: string) {
    const response = await staffRequest(app, '/api/quotations', employee, {
      method: 'POST',
      body: {
        title,
        clientDetails: { name: 'Meera Nair', phone: uniquePhone('9'), projectType: '3BHK' },
        rows: [{ usageArea: 'Living', item: 'TV Unit', unit: 'QTY', quantity: 1, unitPrice: 100000 }],
      },
    });
    return json<Quotation>(expectStatus(response, 201));
  }

  it('gives the new project the next slug when its derived one is taken', async () => {
    const title = uniqueName('Rao residence interiors');
    const holder = await createProject(db, projectCreateSchema.validateSync({ customerId, name: title, projectType: '3BHK' }), ctx());
    expect(holder).toMatchObject({ project: { slug: projectSlug(title) } });
    const quote = await quoteTitled(title);
    const approved = await expectStatus(staffRequest(app, `/api/quotations/${quote.id}/approve`, manager, { method: 'POST', body: { version: quote.version } }), 200);
    const { projectId } = await json<{ projectId: string }>(approved);
    expect((await getProject(db, projectId))?.slug).toBe(`${projectSlug(title)}-2`);
  });

  it('takes the next slug when another project takes the derived one just before the approval is written', async () => {
    const title = uniqueName('Nair villa interiors');
    const quote = await quoteTitled(title);
    const raced = racedBy('ProjectSlug', async () => {
      await createProject(db, projectCreateSchema.validateSync({ customerId, name: title, projectType: '3BHK' }), ctx());
    });
    const result = await approveQuotation(raced, quote, { name: 'Meera Nair', comment: '', ip: '203.0.113.5', version: quote.version }, ctx());
    expect(raced.raced()).toBe(true);
    expect(result).toMatchObject({ quote: { status: 'approved' }, project: { slug: `${projectSlug(title)}-2` } });
    expect((await getQuotation(db, quote.id))?.projectId).toBe('project' in result ? result.project?.id : 'none');
  });

  it('gives 5 quotes of one title approved at once 5 distinct slugs, never a 500', async () => {
    const title = uniqueName('Jubilee Hills penthouse');
    const quotes = await Promise.all(Array.from({ length: 5 }, () => quoteTitled(title)));
    const responses = await Promise.all(
      quotes.map((quote) => staffRequest(app, `/api/quotations/${quote.id}/approve`, manager, { method: 'POST', body: { version: quote.version } })),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const ids = await Promise.all(responses.map(async (response) => (await json<{ projectId: string }>(response)).projectId));
    const slugs = await Promise.all(ids.map(async (id) => (await getProject(db, id))?.slug));
    expect(new Set(slugs)).toEqual(new Set(Array.from({ length: 5 }, (_, i) => projectSlug(title, i + 1))));
  }, 60_000);
});

describe('blog posts', () => {
  const author = { id: 'author-1', name: 'Test author' };
  const postInput = (title: string) => blogPostCreateSchema.validateSync({ title, content: 'Body' });

  it('refuse a slug another post takes just before the write (taken, the 409 under the field), writing nothing', async () => {
    const title = uniqueName('Raced post');
    let rival: BlogPost | undefined;
    const raced = racedBy('BlogSlug', async () => {
      const result = await createBlogPost(db, postInput(title), author, ctx());
      if ('item' in result) rival = result.item;
    });
    const result = await createBlogPost(raced, postInput(title), author, ctx());
    expect(raced.raced()).toBe(true);
    expect(result).toEqual({ taken: 'BlogSlug' });
    expect(await markerOwner(keys.blogSlug(rival!.slug), 'postId')).toBe(rival!.id);
    const response = await staffRequest(app, '/api/blog-posts', manager, { method: 'POST', body: { title, content: 'Again' } });
    expect(await json(expectStatus(response, 409))).toEqual({ error: BLOG_SLUG_TAKEN, fields: { slug: BLOG_SLUG_TAKEN } });
  });

  /** `db` whose next `conflicts` transactions lose to another one (as under a burst of writes to one item). */
  function conflicting(conflicts: number): Db {
    const send = db.doc.send.bind(db.doc) as (command: unknown) => Promise<unknown>;
    return {
      table: db.table,
      doc: {
        send: (command: unknown) => {
          if (command instanceof TransactWriteCommand && conflicts-- > 0) {
            return Promise.reject(Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }] }));
          }
          return send(command);
        },
      } as unknown as DynamoDBDocumentClient,
    };
  }

  it('save an edit that keeps its slug and keeps losing to concurrent transactions past the write\'s own retries (never a 500)', async () => {
    const created = await createBlogPost(db, postInput(uniqueName('Edited post')), author, ctx());
    if (!('item' in created)) throw new Error('create failed');
    const post = created.item;
    const input = blogPostUpdateSchema.validateSync({ title: `${post.title} again`, content: post.content, slug: post.slug, version: post.version });
    const result = await updateBlogPost(conflicting(7), post.id, input, ctx());
    expect(result).toMatchObject({ item: { id: post.id, slug: post.slug, title: `${post.title} again`, version: post.version + 1 } });
  }, 60_000);

  it('save a post whose claim keeps losing to concurrent transactions past the write\'s own retries, and give up as busy (503) after that', async () => {
    // 7 losses: more than transactWrite's 6 tries, so the claim writes again.
    const saved = await createBlogPost(conflicting(7), postInput(uniqueName('Contended post')), author, ctx());
    expect(saved).toMatchObject({ item: { id: expect.any(String) } });
    // Losing every time: ContendedWrite, which the API answers as 503.
    const error = await createBlogPost(conflicting(1000), postInput(uniqueName('Busy post')), author, ctx()).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ContendedWrite);
    expect(isServiceUnavailable(error)).toBe(true);
  }, 60_000);
});
