import { randomUUID } from 'node:crypto';
import * as yup from 'yup';
import type { BlogPostDetail, BlogPostSummary, Page } from '@app/shared-types/api';
import {
  blogPostSchema,
  type BlogPost,
  type BlogPostInput,
  type BlogPostListItem,
  type BlogPostListQuery,
  type BlogPostUpdateInput,
  type BlogStats,
  type BlogStatus,
} from '@app/shared-types/blog';
import type { Db } from '../db/client';
import { decodeListCursor, encodeCursor } from '../db/cursor';
import { defineEntity, systemContext, type ItemKey, type WriteContext } from '../db/entity';
import { conditions, defineItem } from '../db/item';
import { AGAIN, plan, PlanConditionFailed, RETRY, rounds } from '../db/plan';
import { keys, newestFirst } from '../db/keys';
import { readCounters, statsFigure } from '../dashboard';
import { blogCounter, blogViewKind, removeViewShards, VIEW_MARKER_TTL_SECONDS, VIEW_SHARDS_ENTRY, viewCountFigure, viewShards, withViews } from './blog-views';

export type { BlogStatus };
export { blogCounter, visitorHash } from './blog-views';

/** The sort key of a post in its status list: newest publication (or, unpublished, creation) last; lists read it backwards. */
const statusSort = (post: BlogPost) => `${post.publishedAt ?? post.createdAt}#${post.id}`;

export const blogPostEntity = defineEntity({
  type: 'BlogPost',
  schema: blogPostSchema,
  key: keys.blogPost,
  partition: 'BLOGPOST#*',
  // The website reads it; its view beacon adds to viewCount (recordView), an UpdateItem returning nothing.
  grants: { public: ['read'] },
  // The website lists the published posts only; a view adds to the dashboard's count of views.
  otherPartitions: { 'BLOGPOSTS#published': { public: ['queryGsi1'] }, STATS: { public: ['write'] } },
  indexes: {
    gsi1: (post) => ({ pk: keys.blogPostsByStatus(post.status), sk: statusSort(post) }),
    gsi2: (post) => ({ pk: keys.blogPosts(), sk: newestFirst(post.createdAt, post.id) }),
  },
  patterns: {
    /** The website reads 'published' only (the public function may query no other). */
    byStatus: { index: 'gsi1', partition: ({ status }: { status: BlogStatus }) => keys.blogPostsByStatus(status), forward: false },
    all: { index: 'gsi2', partition: () => keys.blogPosts() },
  },
  // Always given: the editor shows the address a blank slug makes from the title (the schema derives it), so a taken one is refused (409), never moved on.
  unique: [{ name: 'BlogSlug', partition: 'BLOGSLUG#*', key: (post) => keys.blogSlug(post.slug), owner: 'postId', contested: { field: 'slug' } }],
  counts: (post) => ({ DASHBOARD: { [blogCounter.total]: 1, [blogCounter.status(post.status)]: 1, [blogCounter.views]: post.viewCount } }),
  search: (post) => ({ texts: [post.title, post.excerpt, ...post.tags] }),
  // The views counted before they moved to their own shards (blog-views.ts): reads add the shards; an edit never writes it back.
  kept: ['viewCount'],
});

function toSummary(post: BlogPost): BlogPostSummary {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    featuredImage: post.featuredImage,
    publishedAt: post.publishedAt ?? '',
    tags: post.tags,
    author: post.author,
  };
}

function toDetail(post: BlogPost): BlogPostDetail {
  return { ...toSummary(post), content: post.content, seoTitle: post.seoTitle, seoDescription: post.seoDescription, updatedAt: post.updatedAt };
}

/** A post in the portal's list: the body left out. */
export function toListItem(post: BlogPost): BlogPostListItem {
  const { content: _content, ...rest } = post;
  return rest;
}

const published = () => blogPostEntity.source('byStatus', { status: 'published' });

/** The published posts, newest first; null for a cursor that is not one of this list's. */
export async function listPublishedPosts(db: Db, options: { limit: number; cursor?: string }): Promise<Page<BlogPostSummary> | null> {
  const start = decodeListCursor(options.cursor, blogPostEntity.cursorKeys(published()));
  if (start === null) return null;
  const page = await blogPostEntity.query(db, published(), { limit: options.limit, start });
  const nextCursor = encodeCursor(page.lastKey);
  return { items: page.items.map(toSummary), ...(nextCursor ? { nextCursor } : {}) };
}

/** The newest published posts, whole (the RSS feed shows their text), page after page. */
export async function publishedPostsPage(db: Db, limit: number, start?: ItemKey) {
  return blogPostEntity.query(db, published(), { limit, start });
}

/** The published posts' addresses and last changes only (the sitemap), page after page. */
export function publishedPostDates(db: Db, limit: number, start?: ItemKey) {
  return blogPostEntity.queryFields(db, published(), ['slug', 'updatedAt'], { limit, start });
}

/** The post a slug names (any status), by its marker and one GetItem. */
async function postBySlug(db: Db, slug: string): Promise<BlogPost | undefined> {
  const postId = (await blogSlugKind.get(db, [slug], { consistent: false }))?.postId;
  return postId ? blogPostEntity.get(db, postId) : undefined;
}

/** The slug marker of a post (blogPostEntity's BlogSlug marker, written by the entity): who holds an address. */
export const blogSlugKind = defineItem({
  type: 'BlogSlug',
  schema: yup.object({ postId: yup.string().required() }),
  key: (slug: string) => keys.blogSlug(slug),
  partition: 'BLOGSLUG#*',
  // The view beacon checks that the slug still names the post it counts.
  grants: { public: ['read', 'conditionCheck'] },
});

/** A published post by its slug; drafts and archived posts are not there for the website. */
export async function getPublishedPostBySlug(db: Db, slug: string): Promise<BlogPostDetail | undefined> {
  const post = await postBySlug(db, slug);
  return post?.status === 'published' ? toDetail(post) : undefined;
}

/** A post for staff, with its views (the shards added). */
export async function getBlogPost(db: Db, id: string): Promise<BlogPost | undefined> {
  const post = await blogPostEntity.get(db, id);
  return post && (await withViews(db, [post]))[0];
}

/** SPEC.md 4: saving as published sets publishedAt to now; any other status sets it to null. */
const publication = (status: BlogStatus, now: string) => (status === 'published' ? now : null);

/** A new post by the signed-in author; a taken slug is answered ({ taken }), not thrown (the entity layer's claim). */
export async function createBlogPost(db: Db, input: BlogPostInput, author: { id: string; name: string }, ctx: WriteContext) {
  const post: BlogPost = {
    id: randomUUID(),
    ...input,
    publishedAt: publication(input.status, ctx.now),
    author: author.name,
    authorId: author.id,
    viewCount: 0,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    version: 1,
  };
  return blogPostEntity.create(db, post, ctx);
}

/** Version-checked edit; the author and the view count stay. A slug another post holds is { taken }. The post answered has its views. */
export async function updateBlogPost(db: Db, id: string, { version, ...fields }: BlogPostUpdateInput, ctx: WriteContext) {
  const result = await blogPostEntity.update(db, id, version, (before) => ({ ...before, ...fields, publishedAt: publication(fields.status, ctx.now) }), ctx);
  if ('item' in result) return { item: (await withViews(db, [result.item]))[0] ?? result.item };
  if ('stale' in result) return { stale: (await withViews(db, [result.stale]))[0] ?? result.stale };
  return result;
}

/**
 * Deletes a post with its view shards, their views taken off the total. A
 * view that lands between the shards' read and the commit fails it: read again.
 */
export function deleteBlogPost(db: Db, id: string, ctx: WriteContext) {
  return rounds(
    blogPostEntity.type,
    async () => {
      const shards = (await viewShards(db, [id])).get(id);
      try {
        return await blogPostEntity.remove(db, id, ctx, { extra: (p) => removeViewShards(p, id, shards) });
      } catch (error) {
        if (error instanceof PlanConditionFailed && error.failed.some((name) => name.startsWith(VIEW_SHARDS_ENTRY))) return AGAIN;
        throw error;
      }
    },
    RETRY.edits,
  );
}

/** The list a query reads: a status picks its partition, else every post newest first. */
function listOf(query: Pick<BlogPostListQuery, 'status'>) {
  return query.status ? blogPostEntity.source('byStatus', { status: query.status }) : blogPostEntity.source('all', {});
}

export const blogPostCursorKeys = (query: Pick<BlogPostListQuery, 'status' | 'q'>) => blogPostEntity.cursorKeys(listOf(query), query.q);

/** One page of the portal's list: a search reads its matches from the token index (a status filters them). */
export async function listBlogPosts(db: Db, query: BlogPostListQuery, start?: ItemKey): Promise<{ items: BlogPostListItem[]; lastKey?: ItemKey }> {
  const page = await blogPostEntity.list(db, listOf(query), {
    limit: query.limit,
    start,
    q: query.q,
    where: query.q && query.status ? (post) => post.status === query.status : undefined,
  });
  return { items: (await withViews(db, page.items)).map(toListItem), lastKey: page.lastKey };
}

/** The four cards, from the kept counters (one Query of the small STATS partition). */
export async function blogStats(db: Db): Promise<BlogStats> {
  const { DASHBOARD: counters } = await readCounters(db);
  return {
    total: counters[blogCounter.total] ?? 0,
    published: counters[blogCounter.status('published')] ?? 0,
    drafts: counters[blogCounter.status('draft')] ?? 0,
    totalViews: counters[blogCounter.views] ?? 0,
  };
}

/**
 * Counts a public view of a published post: at most one per visitor per day
 * (UTC). A marker keyed by post, day and visitor is claimed in the same
 * transaction as the atomic ADDs on one shard of the post's views and on the
 * total, so a repeated view changes nothing. The post item is read (eventually
 * consistent) but never written; the transaction checks the slug's marker
 * instead (small), so a post deleted meanwhile counts nothing. 'counted',
 * 'repeat', or 'not-found' (unknown slug, or not published).
 */
export async function recordView(db: Db, slug: string, visitor: string, nowMs: number): Promise<'counted' | 'repeat' | 'not-found'> {
  const post = await postBySlug(db, slug);
  if (!post || post.status !== 'published') return 'not-found';
  const day = new Date(nowMs).toISOString().slice(0, 10);
  // A view is not an edit: no audit entry (the plan's context only names who would be audited).
  const p = plan(db, systemContext(new Date(nowMs).toISOString()))
    .write('view', blogViewKind.put([post.id, day, visitor], { expiresAt: Math.floor(nowMs / 1000) + VIEW_MARKER_TTL_SECONDS }))
    .write('post', blogSlugKind.check([slug], conditions.equals('postId', post.id, 'owner')))
    .add(viewCountFigure(post.id), { views: 1 }, 'viewCount')
    .add(statsFigure('DASHBOARD'), { [blogCounter.views]: 1 });
  try {
    await p.commit();
    return 'counted';
  } catch (error) {
    if (!(error instanceof PlanConditionFailed)) throw error;
    if (error.has('view')) return 'repeat';
    return 'not-found';
  }
}
