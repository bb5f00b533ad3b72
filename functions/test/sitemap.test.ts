import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '@app/shared-types/blog';
import type { Customer } from '@app/shared-types/customers';
import type { Project } from '@app/shared-types/projects';
import { createApp } from '../src/app';
import type { Db } from '../src/db/client';
import { SITEMAP_PAGE } from '../src/site/seo-routes';
import { createStaffApp, customerInput, json, staffRequest, type TestApp } from './helpers';

/**
 * sitemap.xml reads only what its entries need (address and last change) of
 * the published posts and website projects, page after page; the RSS feed,
 * which shows posts' text, reads them whole. blog.test.ts and
 * project-slugs.test.ts have the other sitemap and feed tests.
 */

let app: TestApp;
let db: Db;
let manager: string;
let customerId: string;

/** A body far larger than anything a sitemap entry needs. */
const LONG_CONTENT = `## A long post\n\n${'Teak, brass and lime plaster in a Jubilee Hills living room. '.repeat(300)}`;

let counter = 0;
async function addPost(body: Record<string, unknown>) {
  const response = await staffRequest(app, '/api/blog-posts', manager, {
    method: 'POST',
    body: { title: `Sitemap post ${++counter}`, content: LONG_CONTENT, ...body },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<BlogPost>(response);
}

async function addProject(body: Record<string, unknown>) {
  const response = await staffRequest(app, '/api/projects', manager, {
    method: 'POST',
    body: { customerId, name: `Sitemap project ${++counter}`, projectType: '3BHK', description: LONG_CONTENT.slice(0, 1500), ...body },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<Project>(response);
}

const published: BlogPost[] = [];
const drafts: BlogPost[] = [];
let shown: Project;
let hidden: Project;

beforeAll(async () => {
  const { staff, ...test } = await createStaffApp('manager');
  ({ app, db } = test);
  manager = staff('manager').cookie;
  customerId = (await json<Customer>(staffRequest(app, '/api/customers', manager, { method: 'POST', body: customerInput }))).id;
  // More published posts than one page of the sitemap's read, so its pagination is exercised.
  const count = SITEMAP_PAGE + 5;
  for (let i = 0; i < count; i += 10) {
    published.push(...(await Promise.all(Array.from({ length: Math.min(10, count - i) }, () => addPost({ status: 'published' })))));
  }
  drafts.push(await addPost({ status: 'draft' }), await addPost({ status: 'archived' }));
  shown = await addProject({ title: `Sitemap villa ${counter}`, showOnWebsite: true });
  hidden = await addProject({ showOnWebsite: false });
}, 120_000);

/** The app on a database that records what each Query of a list partition answered. */
function recordingApp() {
  const answered: { partition: string; projection?: string; items: Record<string, unknown>[] }[] = [];
  const recording: Db = {
    table: db.table,
    doc: {
      send: async (command: unknown) => {
        const output = await db.doc.send(command as never);
        if (command instanceof QueryCommand) {
          const input = command.input;
          answered.push({
            partition: String(input.ExpressionAttributeValues?.[':pk']),
            projection: input.ProjectionExpression,
            items: (output as { Items?: Record<string, unknown>[] }).Items ?? [],
          });
        }
        return output;
      },
    } as unknown as Db['doc'],
  };
  return { app: createApp({ db: recording, clientIp: () => '192.0.2.1' }), answered };
}

const entries = (sitemap: string) => [...sitemap.matchAll(/<url><loc>[^<]*?(\/(?:blog|projects)\/[^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)].map((m) => [m[1], m[2]]);

describe('sitemap.xml', () => {
  it('lists every published post and website project with its lastmod, across pages, and nothing else', async () => {
    const response = await app.request('/sitemap.xml');
    expect(response.status).toBe(200);
    const listed = new Map(entries(await response.text()).map(([path, lastmod]) => [path!, lastmod!]));
    for (const post of published) expect(listed.get(`/blog/${post.slug}`), post.slug).toBe(post.updatedAt.slice(0, 10));
    for (const post of drafts) expect(listed.has(`/blog/${post.slug}`), post.slug).toBe(false);
    expect(listed.get(`/projects/${shown.slug}`)).toBe(shown.updatedAt.slice(0, 10));
    expect(listed.has(`/projects/${hidden.slug}`)).toBe(false);
    // Each post once (a page boundary neither repeats nor drops one).
    expect([...listed.keys()].filter((path) => path.startsWith('/blog/'))).toHaveLength(published.length);
  });

  it("reads the posts' and projects' addresses and dates only, never their bodies", async () => {
    const { app: recorded, answered } = recordingApp();
    expect((await recorded.request('/sitemap.xml')).status).toBe(200);
    const lists = answered.filter((query) => query.items.length > 0);
    // The published posts took two pages (SITEMAP_PAGE + 5), the website projects one.
    expect(lists.length).toBeGreaterThanOrEqual(3);
    for (const query of lists) {
      expect(query.projection, query.partition).toBeDefined();
      for (const item of query.items) {
        expect(Object.keys(item).sort(), query.partition).toEqual(expect.arrayContaining(['updatedAt']));
        for (const body of ['content', 'description', 'excerpt', 'title', 'images', 'seoDescription']) expect(item, query.partition).not.toHaveProperty(body);
      }
    }
    const itemsRead = lists.reduce((sum, query) => sum + query.items.length, 0);
    expect(itemsRead).toBeGreaterThanOrEqual(published.length + 1);
  });

  it('drops a post once it is unpublished, under its old address and its new one', async () => {
    const [post] = published.splice(0, 1);
    const edited = await staffRequest(app, `/api/blog-posts/${post!.id}`, manager, {
      method: 'PUT',
      body: {
        title: post!.title,
        slug: `${post!.slug}-moved`,
        content: post!.content,
        excerpt: post!.excerpt,
        featuredImage: post!.featuredImage,
        tags: post!.tags.join(', '),
        category: post!.category,
        status: 'draft',
        seoTitle: post!.seoTitle,
        seoDescription: post!.seoDescription,
        version: post!.version,
      },
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const listed = new Map(entries(await (await app.request('/sitemap.xml')).text()).map(([path, lastmod]) => [path!, lastmod!]));
    expect(listed.has(`/blog/${post!.slug}`)).toBe(false);
    expect(listed.has(`/blog/${post!.slug}-moved`)).toBe(false);
    expect([...listed.keys()].filter((path) => path.startsWith('/blog/'))).toHaveLength(published.length);
  });
});

describe('/blog/rss.xml', () => {
  it('still carries the newest published posts whole: title, link and text from the body', async () => {
    const newest = await addPost({ status: 'published', excerpt: '' });
    const feed = await (await app.request('/blog/rss.xml')).text();
    const items = [...feed.matchAll(/<item>[\s\S]*?<\/item>/g)].map((m) => m[0]);
    expect(items).toHaveLength(20);
    expect(items[0]).toContain(`<title>${newest.title}</title>`);
    expect(items[0]).toContain(`/blog/${newest.slug}</link>`);
    // No excerpt: the description is the body's text (markdown removed), so the feed still reads the content.
    expect(items[0]).toMatch(/<description>A long post\s+Teak, brass and lime plaster/);
    for (const draft of drafts) expect(feed).not.toContain(`/blog/${draft.slug}<`);
  });
});
