import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as yup from 'yup';
import { ROLES } from '@app/shared-types/auth';
import { profilePhotoSetSchema, profilePhotoUploadSchema, type ProfilePhotoUploadTicket } from '@app/shared-types/employee-photos';
import { detectPhotoType, MAX_PHOTO_BYTES, PHOTO_SIZE_MESSAGE, PHOTO_TYPE_MESSAGE } from '@app/shared-types/photos';
import {
  BLOG_SLUG_MAX,
  BLOG_SLUG_PATTERN,
  BLOG_SLUG_TAKEN,
  blogPostCreateSchema,
  blogPostListQuerySchema,
  blogPostUpdateSchema,
  STALE_BLOG_POST_MESSAGE,
} from '@app/shared-types/blog';
import { authOf, nowMs, requireRole, writeContext } from '../auth';
import {
  blogPostCursorKeys,
  blogStats,
  createBlogPost,
  deleteBlogPost,
  getBlogPost,
  getPublishedPostBySlug,
  listBlogPosts,
  listPublishedPosts,
  recordView,
  updateBlogPost,
  visitorHash,
} from './blog-repo';
import type { AppEnv } from '../app-deps';
import { errorBody, isEntityId, jsonBody, limitBody, listPage, queryParams, rateLimit, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { blogImageKey, blogImageStagingKey, photoUrl } from '../photos';
import { removeFiles } from '../photos';
import { access } from '../lib/route-access';

const publicListQuery = yup.object({
  // The website lists published posts only; Blog Management reads /manage.
  status: yup.string().oneOf(['published'], 'status must be published').default('published'),
  limit: yup
    .number()
    .typeError('limit must be a number')
    .integer('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(50, 'limit must be at most 50')
    .default(20),
  cursor: yup.string().max(1024).optional(),
});

/**
 * PRODUCT.md's role table does not name the blog. The blog speaks for the firm
 * on the public site, so writing, publishing and deleting posts is for
 * managers and above (as deleting CRM records is); every signed-in user may
 * read Blog Management.
 */
const canWrite = requireRole(...ROLES.filter((role) => role !== 'employee'));

const NOT_FOUND = 'Post not found';
/** A post at its largest: 100 KB of content (up to ~100 KiB as JSON escapes), plus its other fields. */
const BLOG_MAX_BODY_BYTES = 160 * 1024;

const NO_PHOTO_STORAGE = 'Photo uploads are not available on this server';
const UPLOAD_CHANGED = 'The upload changed while the image was being saved. Upload the image again.';

const isSlug = (slug: string) => slug.length <= BLOG_SLUG_MAX && BLOG_SLUG_PATTERN.test(slug);

/** One visitor's views are counted once a day; beyond a page or two a second, this IP is a robot. */
const viewRateLimit = rateLimit({ scope: 'blog-view', limit: 30, windowSeconds: 60 });

/**
 * The blog: the website's reads (published posts only, by list and slug), a
 * public view counter, and Blog Management (session needed, app.ts), whose
 * list is /manage: deployed, GET /api/blog-posts goes to the public function,
 * which may read published posts and nothing else (no sessions, no drafts).
 */
export const blogPosts = new Hono<AppEnv>()
  .get('/', access.public({ lambda: 'public' }), queryParams(publicListQuery), async (c) => {
    const { limit, cursor } = c.req.valid('query');
    const page = await listPublishedPosts(c.var.deps.db, { limit, cursor });
    if (!page) return c.json(errorBody('Invalid query parameters', { cursor: 'cursor is not valid' }), 400);
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(page, 200);
  })
  .get('/by-slug/:slug', access.public({ lambda: 'public' }), async (c) => {
    const slug = c.req.param('slug');
    const post = isSlug(slug) ? await getPublishedPostBySlug(c.var.deps.db, slug) : undefined;
    if (!post) return c.json(errorBody(NOT_FOUND), 404);
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(post, 200);
  })
  // Sent by the post page after it has shown (sendBeacon), so counting never delays the page.
  .post('/by-slug/:slug/view', access.public({ lambda: 'public' }), viewRateLimit, async (c) => {
    const slug = c.req.param('slug');
    const { db, clientIp } = c.var.deps;
    const outcome = isSlug(slug) ? await recordView(db, slug, visitorHash(clientIp(c), c.req.header('user-agent') ?? ''), nowMs(c)) : 'not-found';
    if (outcome === 'not-found') return c.json(errorBody(NOT_FOUND), 404);
    c.header('Cache-Control', 'no-store');
    return c.json({ counted: outcome === 'counted' }, 200);
  })
  .get('/manage', access.staff(), queryParams(blogPostListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    return listPage(c, query.cursor, blogPostCursorKeys(query), (start) => listBlogPosts(c.var.deps.db, query, start));
  })
  .get('/manage/stats', access.staff(), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await blogStats(c.var.deps.db), 200);
  })
  .get('/manage/:id', access.staff(), async (c) => {
    const id = c.req.param('id');
    const post = isEntityId(id) ? await getBlogPost(c.var.deps.db, id) : undefined;
    if (!post) return c.json(errorBody(NOT_FOUND), 404);
    c.header('Cache-Control', 'no-store');
    return c.json(post, 200);
  })
  // A featured image through the photo pipeline: a signed form for one copy to a staging key of its own...
  .post('/image-uploads', access.role('manager'), canWrite, limitBody(), requireJson, jsonBody(profilePhotoUploadSchema), async (c) => {
    const storage = c.var.deps.photos;
    if (!storage) return c.json(errorBody(NO_PHOTO_STORAGE), 503);
    const { contentType } = c.req.valid('json');
    const uploadId = randomUUID();
    const form = await storage.createUpload(blogImageStagingKey(uploadId, contentType), contentType, MAX_PHOTO_BYTES);
    return c.json({ uploadId, ...form } satisfies ProfilePhotoUploadTicket, 201);
  })
  // ...then checked by its size and first bytes and published once; its URL becomes the post's
  // featuredImage when the post is saved (with its version, like every other field).
  .post('/image', access.role('manager'), canWrite, limitBody(), requireJson, jsonBody(profilePhotoSetSchema), async (c) => {
    const storage = c.var.deps.photos;
    if (!storage) return c.json(errorBody(NO_PHOTO_STORAGE), 503);
    const { uploadId, contentType } = c.req.valid('json');
    const staged = blogImageStagingKey(uploadId, contentType);
    const key = blogImageKey(uploadId, contentType);
    const stored = await storage.inspect(staged);
    if (!stored) return c.json(errorBody('Upload the image before saving it', { featuredImage: 'Upload incomplete' }), 400);
    if (stored.size > MAX_PHOTO_BYTES) {
      await removeFiles(c, [staged]);
      return c.json(errorBody(PHOTO_SIZE_MESSAGE, { featuredImage: PHOTO_SIZE_MESSAGE }), 413);
    }
    if (detectPhotoType(stored.head) !== contentType) {
      await removeFiles(c, [staged]);
      return c.json(errorBody(PHOTO_TYPE_MESSAGE, { featuredImage: PHOTO_TYPE_MESSAGE }), 415);
    }
    const published = await storage.publish(staged, key, stored.version, contentType);
    if (published === 'changed') return c.json(errorBody(UPLOAD_CHANGED, { featuredImage: UPLOAD_CHANGED }), 409);
    log.info('blog image uploaded', { key, by: authOf(c).employee.id });
    return c.json({ featuredImage: photoUrl(key) }, 201);
  })
  .post('/', access.role('manager'), canWrite, limitBody(BLOG_MAX_BODY_BYTES), requireJson, jsonBody(blogPostCreateSchema), async (c) => {
    const { employee } = authOf(c);
    const result = await createBlogPost(c.var.deps.db, c.req.valid('json'), employee, writeContext(c));
    if ('taken' in result) return c.json(errorBody(BLOG_SLUG_TAKEN, { slug: BLOG_SLUG_TAKEN }), 409);
    log.info('blog post created', { postId: result.item.id, by: employee.id });
    return c.json(result.item, 201);
  })
  .put('/:id', access.role('manager'), canWrite, limitBody(BLOG_MAX_BODY_BYTES), requireJson, jsonBody(blogPostUpdateSchema), async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) return c.json(errorBody(NOT_FOUND), 404);
    const result = await updateBlogPost(c.var.deps.db, id, c.req.valid('json'), writeContext(c));
    if ('taken' in result) return c.json(errorBody(BLOG_SLUG_TAKEN, { slug: BLOG_SLUG_TAKEN }), 409);
    if ('stale' in result) return c.json({ ...errorBody(STALE_BLOG_POST_MESSAGE), current: result.stale }, 409);
    if (!('item' in result)) return c.json(errorBody(NOT_FOUND), 404);
    log.info('blog post updated', { postId: id, by: authOf(c).employee.id });
    return c.json(result.item, 200);
  })
  .delete('/:id', access.role('manager'), canWrite, async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id) || !('deleted' in (await deleteBlogPost(c.var.deps.db, id, writeContext(c))))) {
      return c.json(errorBody(NOT_FOUND), 404);
    }
    log.info('blog post deleted', { postId: id, by: authOf(c).employee.id });
    return c.json({ id }, 200);
  });
