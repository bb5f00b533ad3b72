import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BlogPostDetail, BlogPostSummary, Page } from '@app/shared-types/api';
import { BLOG_SLUG_TAKEN, STALE_BLOG_POST_MESSAGE, blogPostUpdateSchema, type BlogPost, type BlogPostListItem, type BlogStats } from '@app/shared-types/blog';
import { renderMarkdown } from '@app/shared-types/markdown';
import type { Db } from '../src/db/client';
import { updateBlogPost } from '../src/blog/blog-repo';
import { systemContext } from '../src/db/entity';
import { keys } from '../src/db/keys';
import { firstStartBlogPosts, firstStartCalculatorLine, legacyCalculatorLine } from '../src/local/first-start-content';
import { upgradeLocalData } from '../src/local/upgrade-data';
import { createStaffApp, createTestApp, json, signedInStaff, staffRequest, TEST_IP_HEADER, type TestApp, type TestClock } from './helpers';

let app: TestApp;
let db: Db;
let clock: TestClock;
let employee: string;
let manager: string;
let admin: string;

beforeAll(async () => {
  const { staff, ...test } = await createStaffApp('employee', 'manager', 'admin');
  ({ app, db, clock } = test);
  [employee, manager, admin] = [staff('employee').cookie, staff('manager').cookie, staff('admin').cookie];
  signIn = async () => {
    const [e, m, a] = await Promise.all((['employee', 'manager', 'admin'] as const).map((role) => signedInStaff(app, db, role)));
    [employee, manager, admin] = [e!.cookie, m!.cookie, a!.cookie];
  };
});

/** Signs the three accounts in again (after the clock has moved past the idle timeout). */
let signIn: () => Promise<void>;

type Fields = { error: string; fields: Record<string, string> };

let counter = 0;
/** A title no other test uses (so slugs never collide by accident). */
const uniqueTitle = (base = 'Post') => `${base} ${Date.now().toString(36)} ${++counter}`;

async function addPost(body: Record<string, unknown>, cookie = manager) {
  const response = await staffRequest(app, '/api/blog-posts', cookie, {
    method: 'POST',
    body: { ...(body.title === undefined ? { title: uniqueTitle() } : {}), content: 'Some **content**.', ...body },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<BlogPost>(response);
}

const put = (id: string, body: Record<string, unknown>, cookie = manager) => staffRequest(app, `/api/blog-posts/${id}`, cookie, { method: 'PUT', body });

/** The post as the editor sends it back: every field, with the version it read. */
const editable = (post: BlogPost) => ({
  title: post.title,
  slug: post.slug,
  content: post.content,
  excerpt: post.excerpt,
  featuredImage: post.featuredImage,
  tags: post.tags.join(', '),
  category: post.category,
  status: post.status,
  seoTitle: post.seoTitle,
  seoDescription: post.seoDescription,
  version: post.version,
});

const stats = async () => json<BlogStats>(staffRequest(app, '/api/blog-posts/manage/stats', employee));
const publicList = async (query = '') => json<Page<BlogPostSummary>>(app.request(`/api/blog-posts?limit=50${query}`));
const view = (slug: string, ip: string, userAgent = 'Mozilla/5.0 test') =>
  app.request(`/api/blog-posts/by-slug/${slug}/view`, { method: 'POST', headers: { [TEST_IP_HEADER]: ip, 'user-agent': userAgent } });

describe('POST /api/blog-posts', () => {
  it('derives the slug from the title, copies the SEO title, starts as a draft with no publishedAt, by the signed-in author', async () => {
    const title = `  Café Makeover: 3BHK & More!! ${++counter} `;
    const post = await addPost({ title, tags: ' kitchen, Storage ,kitchen,, storage , teak ' });
    expect(post).toMatchObject({
      title: title.trim(),
      slug: `cafe-makeover-3bhk-more-${counter}`,
      seoTitle: title.trim(),
      status: 'draft',
      publishedAt: null,
      category: 'interior-design',
      author: 'Test manager',
      viewCount: 0,
      version: 1,
      tags: ['kitchen', 'Storage', 'teak'],
    });
  });

  it('keeps a slug and an SEO title that were typed', async () => {
    const n = ++counter;
    const post = await addPost({ slug: `own-slug-${n}`, seoTitle: 'Search title' });
    expect(post.slug).toBe(`own-slug-${n}`);
    expect(post.seoTitle).toBe('Search title');
  });

  it('sets publishedAt to now when saved as published, and to null for any other status', async () => {
    const published = await addPost({ status: 'published' });
    expect(Date.parse(published.publishedAt!)).toBeGreaterThan(Date.now() - 60_000);
    const archived = await addPost({ status: 'archived' });
    expect(archived.publishedAt).toBeNull();

    clock.advance(5_000);
    const republished = await json<BlogPost>(put(published.id, { ...editable(published), title: 'Republished' }));
    expect(Date.parse(republished.publishedAt!)).toBeGreaterThan(Date.parse(published.publishedAt!));
    const drafted = await json<BlogPost>(put(published.id, { ...editable(republished), status: 'draft' }));
    expect(drafted.publishedAt).toBeNull();
  });

  it('requires title and content, and a slug the title cannot give (400 with a message per field)', async () => {
    const missing = await staffRequest(app, '/api/blog-posts', manager, { method: 'POST', body: { excerpt: 'x' } });
    expect(missing.status).toBe(400);
    expect((await json<Fields>(missing)).fields).toEqual({ title: 'Title is required', slug: 'Slug is required', content: 'Content is required' });

    const symbols = await staffRequest(app, '/api/blog-posts', manager, { method: 'POST', body: { title: 'ఇంటి అలంకరణ', content: 'x' } });
    expect((await json<Fields>(symbols)).fields).toEqual({ slug: 'Slug is required' });
  });

  it.each([
    ['slug', { slug: 'Not A Slug' }, 'Use lowercase letters, digits and single hyphens (e.g. modern-3bhk-makeover)'],
    ['category', { category: 'gardening' }, 'Choose a category from the list'],
    ['status', { status: 'scheduled' }, 'Choose draft, published or archived'],
    ['title', { title: 'Bell\u0007 title' }, 'Contains characters that are not allowed'],
    ['title', { title: 'Two\nlines' }, 'Line breaks and tabs are not allowed here'],
    ['content', { content: 'Text with \u001b[31m ANSI' }, 'Contains characters that are not allowed'],
    ['content', { content: 'x'.repeat(100 * 1024 + 1) }, 'Content is too long (100 KB at most)'],
    ['featuredImage', { featuredImage: 'javascript:alert(1)' }, 'Use an uploaded image or an https address'],
    ['tags', { tags: Array.from({ length: 21 }, (_, i) => `tag${i}`).join(',') }, 'At most 20 tags'],
    ['seoDescription', { seoDescription: 'd'.repeat(321) }, 'SEO description is too long (320 characters at most)'],
  ])('refuses a bad %s with its message', async (field, body, message) => {
    const response = await staffRequest(app, '/api/blog-posts', manager, { method: 'POST', body: { title: uniqueTitle(), content: 'Body', ...body } });
    expect(response.status).toBe(400);
    expect((await json<Fields>(response)).fields[field]).toBe(message);
  });

  it('refuses prototype keys anywhere in the body by name, and a body over the limit with 413', async () => {
    const proto = await app.request('/api/blog-posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost', cookie: manager },
      body: `{"title":"x","content":"y","__proto__":{"status":"published"}}`,
    });
    expect(proto.status).toBe(400);
    expect((await json<Fields>(proto)).fields).toHaveProperty('__proto__');
    const huge = await staffRequest(app, '/api/blog-posts', manager, { method: 'POST', body: { title: 'Huge', content: 'x'.repeat(200 * 1024) } });
    expect(huge.status).toBe(413);
  });

  it('answers 409 with a field message on a taken slug, on create and on edit', async () => {
    const first = await addPost({});
    const taken = await staffRequest(app, '/api/blog-posts', manager, { method: 'POST', body: { title: first.title, content: 'Again' } });
    expect(taken.status).toBe(409);
    expect(await json<Fields>(taken)).toEqual({ error: BLOG_SLUG_TAKEN, fields: { slug: BLOG_SLUG_TAKEN } });

    const second = await addPost({});
    const edit = await put(second.id, { ...editable(second), slug: first.slug });
    expect(edit.status).toBe(409);
    expect((await json<Fields>(edit)).fields).toEqual({ slug: BLOG_SLUG_TAKEN });
    // The old slug is released when a post moves to a new one.
    const moved = await json<BlogPost>(put(second.id, { ...editable(second), slug: `${second.slug}-moved` }));
    expect(moved.slug).toBe(`${second.slug}-moved`);
    await addPost({ title: second.title });
  });

  it('gives one slug to exactly one of 50 simultaneous creates', async () => {
    const title = uniqueTitle('Race');
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => staffRequest(app, '/api/blog-posts', manager, { method: 'POST', body: { title, content: 'Race body' } })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
  });

  it('gives one slug to exactly one of 20 posts edited to it at once, and one of 20 simultaneous edits of one post wins; never a 500', async () => {
    const posts = await Promise.all(Array.from({ length: 20 }, () => addPost({})));
    const slug = `raced-${Date.now().toString(36)}-${++counter}`;
    const edits = await Promise.all(
      posts.map((post) =>
        staffRequest(app, `/api/blog-posts/${post.id}`, manager, { method: 'PUT', body: { title: post.title, content: post.content, slug, version: post.version } }),
      ),
    );
    const statuses = edits.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const response of edits.filter((answer) => answer.status === 409)) expect((await json<Fields>(response)).fields.slug).toBe(BLOG_SLUG_TAKEN);

    // A post of its own (one of the 20 above may have just moved to version 2).
    const one = await addPost({});
    const sameSlug = `raced-one-${Date.now().toString(36)}-${++counter}`;
    const sameEdits = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        staffRequest(app, `/api/blog-posts/${one.id}`, manager, { method: 'PUT', body: { title: `${one.title} ${n}`, content: one.content, slug: sameSlug, version: one.version } }),
      ),
    );
    // At most one wins (each sent the version it read). On a busy machine DynamoDB Local may cancel
    // every one of 20 transactions on one item against each other past the write's retries; then
    // none wins. Either way every loser is a 409 with the post as it is (never a 500), and the stored
    // post, its version and its audit trail show exactly the winners' edits and nothing of the losers'.
    const sameStatuses = sameEdits.map((response) => response.status);
    expect(sameStatuses.filter((status) => status !== 200 && status !== 409), sameStatuses.join()).toEqual([]);
    const winnerIndexes = sameStatuses.flatMap((status, n) => (status === 200 ? [n] : []));
    expect(winnerIndexes.length).toBeLessThanOrEqual(1);
    const winners = winnerIndexes.length;
    for (const response of sameEdits.filter((answer) => answer.status === 409)) {
      const body = await json<{ error: string; current: BlogPost }>(response);
      expect(body.error).toBe(STALE_BLOG_POST_MESSAGE);
      expect(body.current.id).toBe(one.id);
    }
    const stored = await json<BlogPost>(staffRequest(app, `/api/blog-posts/manage/${one.id}`, manager));
    expect(stored.version).toBe(one.version + winners);
    if (winners) {
      const winner = await json<BlogPost>(sameEdits[winnerIndexes[0]!]!);
      expect(stored).toMatchObject({ title: `${one.title} ${winnerIndexes[0]}`, slug: sameSlug, version: winner.version });
      expect(winner).toMatchObject({ title: stored.title, slug: stored.slug, content: stored.content });
    } else {
      expect(stored).toMatchObject({ title: one.title, slug: one.slug, content: one.content });
    }
    // The post's audit trail: its create and one update per 200 of the race.
    const { Items: audit = [] } = await db.doc.send(
      new QueryCommand({ TableName: db.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.auditEntry(one.id, '').pk }, ConsistentRead: true }),
    );
    expect(audit.filter((entry) => entry.action === 'create')).toHaveLength(1);
    const updates = audit.filter((entry) => entry.action === 'update');
    expect(updates).toHaveLength(winners);
    if (winners) expect(updates.some((entry) => (entry.changes as Record<string, { after: unknown }>).title?.after === stored.title)).toBe(true);

    // Nothing of the losers stays behind: the raced slug is held only if an edit won, the old one only if none did,
    // and the next edit at the stored version saves.
    const marker = async (slug: string) =>
      (await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.blogSlug(slug), ConsistentRead: true }))).Item?.postId as string | undefined;
    expect(await marker(sameSlug)).toBe(winners ? one.id : undefined);
    expect(await marker(one.slug)).toBe(winners ? undefined : one.id);
    const next = await put(one.id, { ...editable(stored), title: `${one.title} after` });
    expect(next.status, await next.clone().text()).toBe(200);
  });

  it('answers an edit whose slug claim keeps meeting other transactions past the write\'s own retries (taken, saved or stale), never throws', async () => {
    const post = await addPost({});
    // The next 7 transactions (more than transactWrite's 6 tries) lose to another one on the slug marker, as under a burst of edits to one slug.
    let conflicts = 7;
    const send = db.doc.send.bind(db.doc) as (command: unknown) => Promise<unknown>;
    const racing: Db = {
      table: db.table,
      doc: {
        send: (command: unknown) => {
          if (command instanceof TransactWriteCommand && conflicts-- > 0) {
            return Promise.reject(Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }] }));
          }
          return send(command);
        },
      } as unknown as DynamoDBDocumentClient,
    };
    const slug = `contended-${Date.now().toString(36)}-${++counter}`;
    const input = blogPostUpdateSchema.validateSync({ title: post.title, content: post.content, slug, version: post.version });
    const result = await updateBlogPost(racing, post.id, input, systemContext(new Date().toISOString()));
    expect(result).toMatchObject({ item: { id: post.id, slug, version: post.version + 1 } });
    expect(conflicts).toBeLessThan(0);
  });

  it('writes an audit entry in the same transaction as the post', async () => {
    const post = await addPost({});
    const { Items = [] } = await db.doc.send(
      new QueryCommand({ TableName: db.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.auditEntry(post.id, '').pk } }),
    );
    expect(Items).toHaveLength(1);
    expect(Items[0]).toMatchObject({ entity: 'BlogPost', action: 'create', entityId: post.id });
    expect((Items[0]!.changes as Record<string, unknown>).title).toEqual({ before: null, after: post.title });
  });
});

describe('roles', () => {
  it('lets every signed-in user read Blog Management, and only managers and above write', async () => {
    expect((await staffRequest(app, '/api/blog-posts/manage', employee)).status).toBe(200);
    expect((await staffRequest(app, '/api/blog-posts', employee, { method: 'POST', body: { title: uniqueTitle(), content: 'x' } })).status).toBe(403);
    const post = await addPost({}, admin);
    expect((await put(post.id, editable(post), employee)).status).toBe(403);
    expect((await staffRequest(app, `/api/blog-posts/${post.id}`, employee, { method: 'DELETE' })).status).toBe(403);
    expect((await staffRequest(app, `/api/blog-posts/${post.id}`, manager, { method: 'DELETE' })).status).toBe(200);
  });

  it('needs a session for the portal list, the stats and a post by id', async () => {
    for (const path of ['/api/blog-posts/manage', '/api/blog-posts/manage/stats', `/api/blog-posts/manage/${crypto.randomUUID()}`]) {
      expect((await app.request(path)).status, path).toBe(401);
    }
  });
});

describe('PUT /api/blog-posts/:id', () => {
  it('refuses a stale version with 409 and the post as it is now', async () => {
    const post = await addPost({});
    const first = await put(post.id, { ...editable(post), title: 'First edit' });
    expect(first.status).toBe(200);
    const stale = await put(post.id, { ...editable(post), title: 'Second edit' });
    expect(stale.status).toBe(409);
    const body = await json<{ error: string; current: BlogPost }>(stale);
    expect(body.error).toBe(STALE_BLOG_POST_MESSAGE);
    expect(body.current).toMatchObject({ title: 'First edit', version: 2 });
  });

  it('answers 404 for an unknown post', async () => {
    const post = await addPost({});
    expect((await put(crypto.randomUUID(), editable(post))).status).toBe(404);
    expect((await staffRequest(app, `/api/blog-posts/${crypto.randomUUID()}`, manager, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('the website never sees drafts or archived posts', () => {
  it('lists and opens published posts only, newest first', async () => {
    const draft = await addPost({ status: 'draft' });
    const archived = await addPost({ status: 'archived' });
    const older = await addPost({ status: 'published' });
    clock.advance(1_000);
    const newer = await addPost({ status: 'published' });
    const slugs = (await publicList()).items.map((post) => post.slug);
    expect(slugs).toContain(newer.slug);
    expect(slugs.indexOf(newer.slug)).toBeLessThan(slugs.indexOf(older.slug));
    expect(slugs).not.toContain(draft.slug);
    expect(slugs).not.toContain(archived.slug);
    for (const hidden of [draft, archived]) {
      expect((await app.request(`/api/blog-posts/by-slug/${hidden.slug}`)).status).toBe(404);
      expect((await view(hidden.slug, '203.0.113.9')).status).toBe(404);
    }
    expect((await app.request('/api/blog-posts?status=draft')).status).toBe(400);
    expect((await app.request('/api/blog-posts?status=archived')).status).toBe(400);
    const opened = await json<BlogPostDetail>(app.request(`/api/blog-posts/by-slug/${newer.slug}`));
    expect(opened).toMatchObject({ title: newer.title, content: newer.content, updatedAt: newer.updatedAt });
  });

  it('takes a post off the website when it is archived', async () => {
    const post = await addPost({ status: 'published' });
    expect((await app.request(`/api/blog-posts/by-slug/${post.slug}`)).status).toBe(200);
    const archived = await put(post.id, { ...editable(post), status: 'archived' });
    expect(archived.status).toBe(200);
    expect((await app.request(`/api/blog-posts/by-slug/${post.slug}`)).status).toBe(404);
    expect((await publicList()).items.map((p) => p.slug)).not.toContain(post.slug);
  });
});

describe('rendering a post', () => {
  it('leaves no script, no event handler and no javascript: link in the HTML; links get rel="noopener"', async () => {
    const content = [
      '## Heading',
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(1)">',
      '[calc](/calculator) [ext](https://example.com/page) [bad](javascript:alert(1)) [bad2](JAVASCRIPT:alert(2)) [bad3](&#106;avascript:alert(3))',
      '[data](data:text/html;base64,PHNjcmlwdD4=) ![img](data:image/svg+xml;base64,PHN2Zz4=) [proto](//evil.example)',
    ].join('\n\n');
    const post = await addPost({ status: 'published', content });
    const detail = await json<BlogPostDetail>(app.request(`/api/blog-posts/by-slug/${post.slug}`));
    const html = renderMarkdown(detail.content);
    expect(html).toContain('<h2>Heading</h2>');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/href="(javascript|data):/i);
    expect(html).not.toMatch(/src="data:/i);
    expect(html).not.toContain('href="//evil.example"');
    expect(html).toContain('<a href="/calculator" rel="noopener">calc</a>');
    expect(html).toContain('<a href="https://example.com/page" target="_blank" rel="noopener noreferrer">ext</a>');
    for (const match of html.matchAll(/<a [^>]*>/g)) expect(match[0]).toMatch(/rel="noopener/);
  });
});

describe('Blog Management list and figures', () => {
  it('searches title, excerpt and tags, filters by status, and pages', async () => {
    const word = `zq${Date.now().toString(36)}`;
    const byTitle = await addPost({ title: `${word} in the title ${++counter}`, status: 'published' });
    const byTag = await addPost({ tags: `${word}tag, other`, status: 'draft' });
    const byExcerpt = await addPost({ excerpt: `An excerpt about ${word}`, status: 'archived' });
    const search = async (query: string) =>
      (await json<Page<BlogPostListItem>>(staffRequest(app, `/api/blog-posts/manage?${query}`, employee))).items.map((post) => post.id);
    expect((await search(`q=${word}`)).sort()).toEqual([byTitle.id, byTag.id, byExcerpt.id].sort());
    expect(await search(`q=${word}&status=draft`)).toEqual([byTag.id]);
    const archived = await search('status=archived&limit=100');
    expect(archived).toContain(byExcerpt.id);
    expect(archived).not.toContain(byTitle.id);
    const page = await json<Page<BlogPostListItem>>(staffRequest(app, '/api/blog-posts/manage?limit=2', employee));
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).not.toHaveProperty('content');
    expect(page.nextCursor).toBeDefined();
    const next = await json<Page<BlogPostListItem>>(staffRequest(app, `/api/blog-posts/manage?limit=2&cursor=${page.nextCursor}`, employee));
    expect(next.items.map((post) => post.id)).not.toContain(page.items[0]!.id);
    expect((await staffRequest(app, `/api/blog-posts/manage?status=draft&cursor=${page.nextCursor}`, employee)).status).toBe(400);
  });

  it('keeps the four figures with every write (total, published, drafts, views)', async () => {
    const before = await stats();
    const post = await addPost({ status: 'draft' });
    expect(await stats()).toEqual({ ...before, total: before.total + 1, drafts: before.drafts + 1 });
    const published = await json<BlogPost>(put(post.id, { ...editable(post), status: 'published' }));
    expect(await stats()).toEqual({ ...before, total: before.total + 1, published: before.published + 1 });
    expect((await view(published.slug, '203.0.113.50')).status).toBe(200);
    expect(await stats()).toEqual({ ...before, total: before.total + 1, published: before.published + 1, totalViews: before.totalViews + 1 });
    expect((await staffRequest(app, `/api/blog-posts/${post.id}`, manager, { method: 'DELETE' })).status).toBe(200);
    expect(await stats()).toEqual(before);
  });

  it('reads a post whole by id for the editor', async () => {
    const post = await addPost({});
    expect(await json<BlogPost>(staffRequest(app, `/api/blog-posts/manage/${post.id}`, employee))).toEqual(post);
  });
});

describe('POST /api/blog-posts/by-slug/:slug/view', () => {
  it('counts one view per visitor per day; another visitor, or the next day, counts again', async () => {
    const post = await addPost({ status: 'published' });
    const viewCount = async () => (await json<BlogPost>(staffRequest(app, `/api/blog-posts/manage/${post.id}`, employee))).viewCount;
    expect(await json(view(post.slug, '203.0.113.10'))).toEqual({ counted: true });
    expect(await json(view(post.slug, '203.0.113.10'))).toEqual({ counted: false });
    expect(await viewCount()).toBe(1);
    // Same address, another browser; another address.
    expect(await json(view(post.slug, '203.0.113.10', 'Another browser'))).toEqual({ counted: true });
    expect(await json(view(post.slug, '203.0.113.11'))).toEqual({ counted: true });
    expect(await viewCount()).toBe(3);
    clock.advance(24 * 60 * 60 * 1000);
    await signIn();
    expect(await json(view(post.slug, '203.0.113.10'))).toEqual({ counted: true });
    expect(await viewCount()).toBe(4);
  });

  it('keeps views through an edit (the editor never writes back the count it read)', async () => {
    const post = await addPost({ status: 'published' });
    await view(post.slug, '203.0.113.20');
    const edited = await json<BlogPost>(put(post.id, { ...editable(post), title: 'Edited after a view' }));
    expect(edited.viewCount).toBe(1);
  });

  it('writes a small counter shard, never the post item: a view leaves the stored post as it was (issue 24, hot keys)', async () => {
    const post = await addPost({ status: 'published', content: 'Long article. '.repeat(2_000) });
    const stored = async () => (await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.blogPost(post.id), ConsistentRead: true }))).Item;
    const before = await stored();
    expect(await json(view(post.slug, '203.0.113.40'))).toEqual({ counted: true });
    expect(await json(view(post.slug, '203.0.113.41'))).toEqual({ counted: true });
    // The post (up to 100 KB, copied into two indexes) is not rewritten by a view: not its count, version or updatedAt.
    expect(await stored()).toEqual(before);
    // Staff still see the views: the post read by id, the list, and the answer of an edit.
    expect((await json<BlogPost>(staffRequest(app, `/api/blog-posts/manage/${post.id}`, employee))).viewCount).toBe(2);
    const listed = await json<Page<BlogPostListItem>>(staffRequest(app, `/api/blog-posts/manage?q=${encodeURIComponent(post.title)}`, employee));
    expect(listed.items.find((item) => item.id === post.id)?.viewCount).toBe(2);
    const shards = await db.doc.send(new QueryCommand({ TableName: db.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.blogViewCount(post.id, 0).pk } }));
    expect((shards.Items ?? []).reduce((sum, item) => sum + Number(item.views), 0)).toBe(2);
    const stale = await put(post.id, { ...editable(post), version: post.version + 5 });
    expect(stale.status).toBe(409);
    expect((await json<{ current: BlogPost }>(stale)).current.viewCount).toBe(2);
  });

  it('counts 40 simultaneous views of one post, each once, on the post and in the total', async () => {
    const post = await addPost({ status: 'published' });
    const before = await stats();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => view(post.slug, `198.51.100.${i + 1}`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 40 }, () => 200));
    expect((await json<BlogPost>(staffRequest(app, `/api/blog-posts/manage/${post.id}`, employee))).viewCount).toBe(40);
    expect((await stats()).totalViews).toBe(before.totalViews + 40);
  });

  it('takes a deleted post\'s views off the total, also views that land while it is deleted; none counts after', async () => {
    const post = await addPost({ status: 'published' });
    const before = await stats();
    await Promise.all(Array.from({ length: 5 }, (_, i) => view(post.slug, `198.51.101.${i + 1}`)));
    // Views keep arriving while the post is deleted: each lands before the delete (and is taken off with it) or is not counted.
    const [deleted] = await Promise.all([
      staffRequest(app, `/api/blog-posts/${post.id}`, manager, { method: 'DELETE' }),
      ...Array.from({ length: 20 }, (_, i) => view(post.slug, `198.51.102.${i + 1}`)),
    ]);
    expect(deleted.status).toBe(200);
    expect((await view(post.slug, '198.51.103.1')).status).toBe(404);
    expect((await stats()).totalViews).toBe(before.totalViews);
    const shards = await db.doc.send(new QueryCommand({ TableName: db.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.blogViewCount(post.id, 0).pk } }));
    expect(shards.Items ?? []).toEqual([]);
  });

  it('answers 404 for an unknown slug and is rate-limited per address', async () => {
    expect((await view('no-such-post', '203.0.113.30')).status).toBe(404);
    const post = await addPost({ status: 'published' });
    // The limit counts in minutes: the 31 views share one.
    clock.toNextMinute();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await view(post.slug, '203.0.113.31')).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('sitemap.xml and /blog/rss.xml', () => {
  it('lists every published post with its lastmod, and no draft', async () => {
    const published = await addPost({ status: 'published' });
    const draft = await addPost({ status: 'draft' });
    const sitemap = await (await app.request('/sitemap.xml')).text();
    expect(sitemap).toContain(`/blog/${published.slug}</loc><lastmod>${published.updatedAt.slice(0, 10)}</lastmod>`);
    expect(sitemap).not.toContain(`/blog/${draft.slug}<`);
    expect(sitemap).toMatch(/\/services\/residential-design<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('is an RSS 2.0 feed of published posts, escaped', async () => {
    const n = ++counter;
    const post = await addPost({ title: `Tiles & <Grout> "tips" ${n}`, excerpt: 'Less <b>mess</b> & more', tags: 'a&b', status: 'published' });
    const draft = await addPost({ status: 'draft' });
    const response = await app.request('/blog/rss.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/rss+xml');
    const feed = await response.text();
    expect(feed).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(feed).toContain(`<title>Tiles &amp; &lt;Grout&gt; &quot;tips&quot; ${n}</title>`);
    // The excerpt is text: escaped for HTML, then for XML (issue 24; it was escaped once, so readers rendered <b>).
    expect(feed).toContain('<description>Less &amp;lt;b&amp;gt;mess&amp;lt;/b&amp;gt; &amp;amp; more</description>');
    expect(feed).toContain('<category>a&amp;b</category>');
    expect(feed).toContain(`/blog/${post.slug}</link>`);
    expect(feed).not.toContain(`/blog/${draft.slug}<`);
    expect(feed).not.toContain('<b>');
  });

  it("gives a feed reader the excerpt's text, not markup: the description is HTML, escaped once more for XML", async () => {
    const post = await addPost({ excerpt: '<b>Tom & Jerry</b>', status: 'published' });
    const fromBody = await addPost({ excerpt: '', content: 'Cats <i>vs</i> mice & more', status: 'published' });
    const feed = await (await app.request('/blog/rss.xml')).text();
    const description = (slug: string) => {
      const item = [...feed.matchAll(/<item>[\s\S]*?<\/item>/g)].map((m) => m[0]).find((text) => text.includes(`/blog/${slug}</link>`));
      return item?.match(/<description>([\s\S]*?)<\/description>/)?.[1];
    };
    // A reader decodes the XML, then renders the description as HTML.
    const xmlDecoded = (raw: string | undefined) =>
      raw?.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!);
    expect(description(post.slug)).toBe('&amp;lt;b&amp;gt;Tom &amp;amp; Jerry&amp;lt;/b&amp;gt;');
    expect(xmlDecoded(description(post.slug))).toBe('&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;');
    expect(xmlDecoded(description(fromBody.slug))).toBe('Cats &lt;i&gt;vs&lt;/i&gt; mice &amp; more');
  });
});

describe('posts written before Blog Management (data upgrade)', () => {
  it('indexes, counts and links the first-start posts of an older table, once', async () => {
    const fresh = await createTestApp();
    const now = new Date().toISOString();
    const legacy = firstStartBlogPosts('Kaveri Design Studio', now).map((post) => ({
      ...post,
      content: post.content.replace(firstStartCalculatorLine('Kaveri Design Studio'), legacyCalculatorLine('Kaveri Design Studio')),
    }));
    // As the version before the CMS wrote them: gsi1 by status, a slug marker, no counters, tokens or gsi2.
    for (const { authorId: _authorId, viewCount: _viewCount, ...post } of legacy) {
      await fresh.db.doc.send(
        new PutCommand({
          TableName: fresh.db.table,
          Item: { ...keys.blogPost(post.id), entityType: 'BlogPost', ...post, gsi1pk: keys.blogPostsByStatus(post.status), gsi1sk: `${post.publishedAt}#${post.id}` },
        }),
      );
      await fresh.db.doc.send(new PutCommand({ TableName: fresh.db.table, Item: { ...keys.blogSlug(post.slug), entityType: 'BlogSlug', postId: post.id } }));
    }
    await fresh.db.doc.send(new PutCommand({ TableName: fresh.db.table, Item: { ...keys.dataVersion(), entityType: 'DataVersion', version: 6 } }));
    await upgradeLocalData(fresh.db);
    await upgradeLocalData(fresh.db);
    await fresh.db.doc.send(new PutCommand({ TableName: fresh.db.table, Item: { ...keys.dataVersion(), entityType: 'DataVersion', version: 6 } }));
    await upgradeLocalData(fresh.db);

    const staff = await signedInStaff(fresh.app, fresh.db, 'employee');
    const test = fresh;
    expect(await json<BlogStats>(staffRequest(test.app, '/api/blog-posts/manage/stats', staff.cookie))).toEqual({ total: 2, published: 2, drafts: 0, totalViews: 0 });
    const found = await json<Page<BlogPostListItem>>(staffRequest(test.app, '/api/blog-posts/manage?q=lighting', staff.cookie));
    expect(found.items.map((post) => post.slug)).toEqual(['workspace-lighting-tips']);
    const makeover = await json<BlogPostDetail>(test.app.request('/api/blog-posts/by-slug/modern-3bhk-makeover'));
    expect(makeover.content).toContain('[cost calculator](/calculator)');
    expect(renderMarkdown(makeover.content)).toContain('<a href="/calculator" rel="noopener">cost calculator</a>');
  });
});
