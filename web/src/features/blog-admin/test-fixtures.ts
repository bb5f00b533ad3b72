import { http, HttpResponse } from 'msw';
import type { Page } from '@app/shared-types/api';
import { blogPostCreateSchema, blogPostUpdateSchema, type BlogPost, type BlogPostListItem, type BlogStats } from '@app/shared-types/blog';

/** Posts and MSW handlers for the Blog Management tests. */

/** A post as the API answers it: the schema's defaults for every field the overrides leave out. */
export function makeBlogPost(overrides: Partial<BlogPost> & Pick<BlogPost, 'id' | 'title'>): BlogPost {
  return {
    ...blogPostCreateSchema.validateSync({ title: overrides.title, content: overrides.content ?? 'Body' }),
    publishedAt: null,
    author: 'Asha Admin',
    authorId: 'admin-1',
    viewCount: 0,
    createdAt: '2025-01-10T10:00:00.000Z',
    updatedAt: '2025-01-10T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export const blogPostAdminFixtures: BlogPost[] = [
  makeBlogPost({
    id: 'post-1',
    title: 'A Modern 3BHK Makeover',
    slug: 'modern-3bhk-makeover',
    status: 'published',
    publishedAt: '2025-01-12T10:00:00.000Z',
    excerpt: 'Ten weeks from bare walls to a family home.',
    content: '## Start with storage\n\nTry the [cost calculator](/calculator).',
    tags: ['3BHK', 'storage'],
    category: 'projects',
    viewCount: 42,
    version: 2,
  }),
  makeBlogPost({ id: 'post-2', title: 'Kitchen Lighting Draft', slug: 'kitchen-lighting', status: 'draft', tags: ['kitchen'] }),
];

export const blogStatsFixture: BlogStats = { total: 2, published: 1, drafts: 1, totalViews: 42 };

const listItem = ({ content: _content, ...post }: BlogPost): BlogPostListItem => post;

/** The Blog Management endpoints answering from the fixtures, filtered like the server; the website's view beacon. */
export function blogAdminHandlers() {
  return [
    http.get('/api/blog-posts/manage', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const q = (params.get('q') ?? '').toLowerCase();
      const items = blogPostAdminFixtures.filter(
        (post) =>
          (!params.get('status') || post.status === params.get('status')) &&
          (!q || [post.title, post.excerpt, ...post.tags].some((text) => text.toLowerCase().includes(q))),
      );
      return HttpResponse.json<Page<BlogPostListItem>>({ items: items.map(listItem) });
    }),
    http.get('/api/blog-posts/manage/stats', () => HttpResponse.json(blogStatsFixture)),
    http.get('/api/blog-posts/manage/:id', ({ params }) => {
      const post = blogPostAdminFixtures.find((item) => item.id === params.id);
      return post ? HttpResponse.json(post) : HttpResponse.json({ error: 'Post not found' }, { status: 404 });
    }),
    http.post('/api/blog-posts', async ({ request }) => {
      const input = await blogPostCreateSchema.validate(await request.json(), { stripUnknown: true });
      const publishedAt = input.status === 'published' ? '2025-02-01T10:00:00.000Z' : null;
      return HttpResponse.json<BlogPost>(makeBlogPost({ ...input, id: 'post-new', publishedAt }), { status: 201 });
    }),
    http.put('/api/blog-posts/:id', async ({ params, request }) => {
      const { version, ...input } = await blogPostUpdateSchema.validate(await request.json(), { stripUnknown: true });
      return HttpResponse.json<BlogPost>(makeBlogPost({ ...input, id: String(params.id), version: version + 1 }));
    }),
    http.delete('/api/blog-posts/:id', ({ params }) => HttpResponse.json({ id: String(params.id) })),
    http.post('/api/blog-posts/by-slug/:slug/view', () => HttpResponse.json({ counted: true })),
  ];
}
