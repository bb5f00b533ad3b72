import { createHash } from 'node:crypto';
import * as yup from 'yup';
import type { BlogStatus } from '@app/shared-types/blog';
import { batchGet } from '../db/batch-get';
import type { Db } from '../db/client';
import { conditions, defineItem, type Write } from '../db/item';
import { keys } from '../db/keys';
import type { ShardedFigure, WritePlan } from '../db/plan';
import { statsFigure } from '../dashboard';

/**
 * A post's public views: one marker per visitor per day (a repeat view counts
 * nothing) and a counter spread over VIEW_COUNT_SHARDS small items of the
 * post's own partition. A view adds to one shard picked at random and never
 * writes the post item: that item is up to 100 KB, copied into two indexes,
 * so an ADD on it cost ~300 WCU per view and throttled near 25 views a second.
 * Staff reads add the shards to the post's own `viewCount` (the views counted
 * before the shards, kept as they were).
 */

/** Attribute names of the blog's kept figures (in the DASHBOARD counter set): Blog Management's cards. */
export const blogCounter = {
  total: 'blog:total',
  status: (status: BlogStatus) => `blog:status:${status}`,
  views: 'blog:views',
};

/** How long a visitor's view marker lives: past the end of its day wherever the visitor is. */
export const VIEW_MARKER_TTL_SECONDS = 2 * 24 * 60 * 60;

/** A visitor's view of a post on one day (UTC): claimed once, so a repeated view counts nothing; expires by TTL. */
export const blogViewKind = defineItem({
  type: 'BlogView',
  schema: yup.object({ expiresAt: yup.number().required() }),
  key: (postId: string, day: string, visitor: string) => keys.blogView(postId, day, visitor),
  partition: 'BLOGVIEW#*',
  // Markers of a day or two: not worth restoring. The view beacon (on the public function) claims them.
  backup: false,
  grants: { public: ['write'] },
});

/** Who a visitor is, for counting one view a day: a hash, so no address is stored. */
export function visitorHash(ip: string, userAgent: string): string {
  return createHash('sha256').update(`${ip}\n${userAgent}`).digest('hex').slice(0, 32);
}

/**
 * Shards of a post's view count. Simultaneous views of one post meet on one
 * item 1 time in 10 (a transaction conflict, retried), and one post's views
 * all stay in one partition key: ~1,000 WCU/s there, 2 WCU per transactional
 * ADD of a small item, so ~500 views/s per post (README, Hot keys).
 */
export const VIEW_COUNT_SHARDS = 10;

/** One shard of a post's view count (business data: backed up with the post). */
export const blogViewCountKind = defineItem({
  type: 'BlogViewCount',
  schema: yup.object({ postId: yup.string().required(), views: yup.number().integer().min(0).required() }),
  key: (postId: string, shard: number) => keys.blogViewCount(postId, shard),
  partition: 'BLOGVIEWCOUNT#*',
  // The view beacon (on the public function) adds to one shard.
  grants: { public: ['viewCount'] },
});

/** A post's view count as a plan's figure: a view adds 1 to one shard. */
export const viewCountFigure = (postId: string): ShardedFigure => ({
  type: blogViewCountKind.type,
  shards: VIEW_COUNT_SHARDS,
  key: (shard) => blogViewCountKind.key(postId, shard),
  sets: { entityType: blogViewCountKind.type, postId },
});

/** The shards' views of each post (every shard of every post, one BatchGetItem per 10 posts); a post without views is absent. */
export async function viewShards(db: Db, postIds: readonly string[]): Promise<Map<string, Map<number, number>>> {
  const ids = [...new Set(postIds)];
  const items = await batchGet(
    db,
    ids.flatMap((id) => Array.from({ length: VIEW_COUNT_SHARDS }, (_, shard) => blogViewCountKind.key(id, shard))),
  );
  const shards = new Map<string, Map<number, number>>();
  for (const raw of items) {
    const { postId, views } = blogViewCountKind.parse(raw);
    const shard = Number(String(raw.sk).slice('SHARD#'.length));
    shards.set(postId, (shards.get(postId) ?? new Map<number, number>()).set(shard, views));
  }
  return shards;
}

const sum = (shards: Map<number, number> | undefined) => [...(shards?.values() ?? [])].reduce((total, views) => total + views, 0);

/** Posts with their views: the count on the item (views before the shards) plus its shards. */
export async function withViews<T extends { id: string; viewCount: number }>(db: Db, posts: T[]): Promise<T[]> {
  if (posts.length === 0) return posts;
  const shards = await viewShards(db, posts.map((post) => post.id));
  return posts.map((post) => ({ ...post, viewCount: post.viewCount + sum(shards.get(post.id)) }));
}

/** The plan entries' name of a deleted post's shards: a view that landed since they were read fails one of them. */
export const VIEW_SHARDS_ENTRY = 'viewCount';

/**
 * Adds to a post's delete: every shard removed on the condition that it still
 * holds what was read (or is still absent), and those views taken off the
 * total. A view that lands after the read fails the plan (VIEW_SHARDS_ENTRY),
 * so the caller reads again: the total never keeps views of a deleted post.
 */
export function removeViewShards(p: WritePlan, postId: string, read: Map<number, number> | undefined) {
  const writes: Write[] = Array.from({ length: VIEW_COUNT_SHARDS }, (_, shard) => {
    const views = read?.get(shard);
    return blogViewCountKind.delete([postId, shard], views === undefined ? conditions.absent() : conditions.equals('views', views, 'views'));
  });
  p.writeAll(VIEW_SHARDS_ENTRY, writes);
  p.add(statsFigure('DASHBOARD'), { [blogCounter.views]: -sum(read) });
}
