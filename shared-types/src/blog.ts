import * as yup from 'yup';
import { expectedVersion, isWebAddress, multilineText, oneOfList, pageLimit, storedFields, text } from './forms';

/**
 * Blog Management (SPEC.md 3 'Blog post (admin)', 4, 5). The create/edit
 * dialog and the API validate with the same schemas, so a message under a
 * field is the one the server sends.
 */

/** SPEC.md 3: the post categories. */
export const BLOG_CATEGORIES = ['interior-design', 'home-decor', 'architecture', 'trends', 'tips', 'projects', 'news'] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];
export const BLOG_CATEGORY_LABELS: Record<BlogCategory, string> = {
  'interior-design': 'Interior Design',
  'home-decor': 'Home Decor',
  architecture: 'Architecture',
  trends: 'Trends',
  tips: 'Tips',
  projects: 'Projects',
  news: 'News',
};

/** SPEC.md 4: draft (default), published, archived. */
export const BLOG_STATUSES = ['draft', 'published', 'archived'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
export const BLOG_STATUS_LABELS: Record<BlogStatus, string> = { draft: 'Draft', published: 'Published', archived: 'Archived' };

export const BLOG_SLUG_MAX = 120;
/** A slug as the public URL carries it: lowercase letters and digits in hyphen-separated runs. */
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The largest post body, in UTF-8 bytes: a long article is 20-40 KB; the item must stay far below DynamoDB's 400 KB. */
export const BLOG_CONTENT_MAX_BYTES = 100 * 1024;
export const BLOG_MAX_TAGS = 20;
export const BLOG_TAG_MAX = 40;

/**
 * SPEC.md 5: the slug a title gives (lowercase, every run of other characters
 * one hyphen, no hyphen at either end), cut to BLOG_SLUG_MAX at a hyphen.
 * Accents are dropped ('Café' gives 'cafe'); a title of no Latin letters or
 * digits gives '' (the slug must then be typed).
 */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= BLOG_SLUG_MAX) return slug;
  const cut = slug.slice(0, BLOG_SLUG_MAX);
  return cut.slice(0, cut.lastIndexOf('-') > 0 ? cut.lastIndexOf('-') : BLOG_SLUG_MAX).replace(/-+$/, '');
}

/** Tags as typed (comma-separated) or as a list: trimmed, blanks dropped, repeats (in any case) dropped. */
export function parseTags(value: unknown): unknown {
  const list = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(list)) return value;
  const seen = new Set<string>();
  const tags: unknown[] = [];
  for (const tag of list) {
    if (typeof tag !== 'string') {
      tags.push(tag);
      continue;
    }
    const trimmed = tag.trim();
    if (!trimmed || seen.has(trimmed.toLowerCase())) continue;
    seen.add(trimmed.toLowerCase());
    tags.push(trimmed);
  }
  return tags;
}

/** The UTF-8 size of text (shared-types runs where TextEncoder may not be typed). */
function utf8Bytes(value: string): number {
  let bytes = 0;
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}


const blogFields = {
  title: text().required('Title is required').max(200, 'Title is too long (200 characters at most)'),
  slug: text()
    .required('Slug is required')
    .max(BLOG_SLUG_MAX, `Slug is too long (${BLOG_SLUG_MAX} characters at most)`)
    .matches(BLOG_SLUG_PATTERN, 'Use lowercase letters, digits and single hyphens (e.g. modern-3bhk-makeover)'),
  content: multilineText()
    .required('Content is required')
    .test('size', `Content is too long (${BLOG_CONTENT_MAX_BYTES / 1024} KB at most)`, (value) => !value || utf8Bytes(value) <= BLOG_CONTENT_MAX_BYTES),
  excerpt: multilineText().max(500, 'Excerpt is too long (500 characters at most)').default(''),
  featuredImage: text()
    .max(500, 'Image address is too long (500 characters at most)')
    // A path on this site (an uploaded photo, a bundled image) or an https address.
    .test('web-address', 'Use an uploaded image or an https address', (value) => !value || isWebAddress(value, { sitePath: true }))
    .default(''),
  tags: yup
    .array()
    .transform((_value: unknown, original: unknown) => parseTags(original))
    .typeError('Tags must be comma-separated text')
    .of(text().required('A tag cannot be blank').max(BLOG_TAG_MAX, `A tag is too long (${BLOG_TAG_MAX} characters at most)`))
    .max(BLOG_MAX_TAGS, `At most ${BLOG_MAX_TAGS} tags`)
    .default([]),
  category: oneOfList(BLOG_CATEGORIES, 'Choose a category from the list')
    .transform((value: unknown) => (value === '' || value === null ? undefined : value))
    .default('interior-design'),
  status: oneOfList(BLOG_STATUSES, 'Choose draft, published or archived').default('draft'),
  seoTitle: text().max(200, 'SEO title is too long (200 characters at most)').default(''),
  seoDescription: text().max(320, 'SEO description is too long (320 characters at most)').default(''),
};

/**
 * SPEC.md 5: while the slug is empty it is derived from the title; while the
 * SEO title is empty it copies the title. Applied to what is sent, before the
 * fields are checked (a slug the title cannot give is still 'required').
 */
function withDerivedFields(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const input = value as Record<string, unknown>;
  const title = typeof input.title === 'string' ? input.title.trim() : '';
  const blank = (field: unknown) => field === undefined || field === null || (typeof field === 'string' && field.trim() === '');
  return {
    ...input,
    ...(blank(input.slug) ? { slug: slugify(title) } : {}),
    ...(blank(input.seoTitle) ? { seoTitle: title } : {}),
  };
}

/** POST /api/blog-posts. */
export const blogPostCreateSchema = yup.object(blogFields).transform(withDerivedFields);
export type BlogPostInput = yup.InferType<typeof blogPostCreateSchema>;

/** PUT /api/blog-posts/:id: every field plus the version the editor saw (a stale one gets 409). */
export const blogPostUpdateSchema = yup.object({ ...blogFields, version: expectedVersion() }).transform(withDerivedFields);
export type BlogPostUpdateInput = yup.InferType<typeof blogPostUpdateSchema>;

/**
 * A post as stored and as the portal reads it: the form's fields plus what
 * the server sets (publishedAt, the author, viewCount kept by public views).
 */
export const blogPostSchema = yup.object({
  ...blogFields,
  ...storedFields,
  /** Set to the time of a save as published; null for any other status (SPEC.md 4). */
  publishedAt: yup.string().nullable().default(null),
  /** The name shown under the post, and the employee who wrote it ('' for first-start posts). */
  author: yup.string().default(''),
  authorId: yup.string().default(''),
  viewCount: yup.number().integer().min(0).default(0),
});
export type BlogPost = yup.InferType<typeof blogPostSchema>;

/** GET /api/blog-posts/manage: every status; q matches title, excerpt and tags. */
export const blogPostListQuerySchema = yup.object({
  status: yup.mixed<BlogStatus>().oneOf([...BLOG_STATUSES], 'Unknown status').optional(),
  q: text().max(100, 'Search is too long').optional(),
  limit: pageLimit(20),
  cursor: yup.string().max(2048).optional(),
});
export type BlogPostListQuery = yup.InferType<typeof blogPostListQuerySchema>;

/** A post in the portal's list: everything but the body (the editor reads the post whole). */
export type BlogPostListItem = Omit<BlogPost, 'content'>;

/** The four cards of Blog Management, kept by the writes (never summed on read). */
export interface BlogStats {
  total: number;
  published: number;
  drafts: number;
  totalViews: number;
}

/** The message of a stale update (409), shown with a Reload action. */
export const STALE_BLOG_POST_MESSAGE = 'Someone else changed this post. Reload it to see their changes.';
/** The message of a taken slug (409), under the slug field. */
export const BLOG_SLUG_TAKEN = 'Another post already uses this slug';
