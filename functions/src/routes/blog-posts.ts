import { Hono } from 'hono';
import * as yup from 'yup';
import { getPublishedPostBySlug, listPublishedPosts } from '../db/blog-repo';
import type { AppEnv } from '../lib/deps';
import { errorBody, queryParams } from '../lib/http';

const listQuery = yup.object({
  // Without a session only published posts can be listed; the CMS adds the others.
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

export const blogPosts = new Hono<AppEnv>()
  .get('/', queryParams(listQuery), async (c) => {
    const { limit, cursor } = c.req.valid('query');
    const page = await listPublishedPosts(c.var.deps.db, { limit, cursor });
    if (!page) return c.json(errorBody('Invalid query parameters', { cursor: 'cursor is not valid' }), 400);
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(page, 200);
  })
  .get('/by-slug/:slug', async (c) => {
    const slug = c.req.param('slug');
    const post = /^[a-z0-9-]{1,120}$/.test(slug) ? await getPublishedPostBySlug(c.var.deps.db, slug) : undefined;
    if (!post) return c.json(errorBody('Post not found'), 404);
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(post, 200);
  });
