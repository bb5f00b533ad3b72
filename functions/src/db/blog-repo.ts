import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { BlogPostDetail, BlogPostSummary, Page } from '@app/shared-types/api';
import type { Db } from './client';
import { decodeListCursor, encodeCursor, type ListCursorShape } from './cursor';
import { keys } from './keys';
import { putNew } from './writes';

export type BlogStatus = 'draft' | 'published' | 'archived';

export interface BlogPostItem extends BlogPostDetail {
  status: BlogStatus;
  category: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

function toSummary(item: BlogPostItem): BlogPostSummary {
  return {
    id: item.id,
    slug: item.slug,
    title: item.title,
    excerpt: item.excerpt,
    featuredImage: item.featuredImage,
    publishedAt: item.publishedAt,
    tags: item.tags,
    author: item.author,
  };
}

function toDetail(item: BlogPostItem): BlogPostDetail {
  return { ...toSummary(item), content: item.content, seoTitle: item.seoTitle, seoDescription: item.seoDescription };
}

/** A cursor of the published list: a post's keys in the published partition, nothing else. */
const PUBLISHED_CURSOR: ListCursorShape = {
  names: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
  partition: { name: 'gsi1pk', values: [keys.blogPostsByStatus('published')] },
  sort: { name: 'gsi1sk' },
  item: { pkPrefix: keys.blogPost('').pk, sk: keys.blogPost('').sk },
};

/** The published posts, newest first; null for a cursor that is not one of this list's. */
export async function listPublishedPosts(
  db: Db,
  options: { limit: number; cursor?: string },
): Promise<Page<BlogPostSummary> | null> {
  const startKey = decodeListCursor(options.cursor, PUBLISHED_CURSOR);
  if (startKey === null) return null;
  const { Items = [], LastEvaluatedKey } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.blogPostsByStatus('published') },
      ScanIndexForward: false,
      Limit: options.limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { items: (Items as BlogPostItem[]).map(toSummary), nextCursor: encodeCursor(LastEvaluatedKey) };
}

/** A published post by its slug: the slug marker names the post, then one GetItem reads it. */
export async function getPublishedPostBySlug(db: Db, slug: string): Promise<BlogPostDetail | undefined> {
  const marker = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.blogSlug(slug) }));
  const postId = marker.Item?.postId as string | undefined;
  if (!postId) return undefined;
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.blogPost(postId) }));
  const item = Item as BlogPostItem | undefined;
  return item?.status === 'published' ? toDetail(item) : undefined;
}

/** Creates a post and claims its slug in one transaction; a taken slug cancels both. */
export async function createPost(db: Db, post: Omit<BlogPostItem, 'version'>): Promise<void> {
  await db.doc.send(
    new TransactWriteCommand({
      TransactItems: [
        putNew(db, {
          ...keys.blogPost(post.id),
          entityType: 'BlogPost',
          version: 1,
          ...post,
          gsi1pk: keys.blogPostsByStatus(post.status),
          gsi1sk: `${post.publishedAt || post.createdAt}#${post.id}`,
        }),
        putNew(db, { ...keys.blogSlug(post.slug), entityType: 'BlogSlug', postId: post.id }),
      ],
    }),
  );
}
