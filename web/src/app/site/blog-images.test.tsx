import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { BlogPostDetail } from '@app/shared-types/api';
import { describe, expect, it } from 'vitest';
import { blogPostFixtures } from '../../test/fixtures';
import { renderRoute } from '../../test/render';
import { server } from '../../test/server';

const post: BlogPostDetail = { ...blogPostFixtures[0]!, content: '## Start with storage', seoTitle: '', seoDescription: '' };

/** The image boxes of the blog: width and height attributes, so nothing moves when an image arrives. */
describe('blog images', () => {
  it("gives a post's cover its size and loads it first (it is the page's LCP)", async () => {
    server.use(
      http.get('/api/blog-posts/by-slug/:slug', () => HttpResponse.json(post)),
      http.post('/api/blog-posts/by-slug/:slug/view', () => HttpResponse.json({ counted: true })),
    );
    renderRoute(`/blog/${post.slug}`);
    await screen.findByRole('heading', { level: 2, name: 'Start with storage' });
    const cover = screen.getByRole('img', { name: post.title });
    expect(cover.getAttribute('src')).toBe(post.featuredImage);
    expect([cover.getAttribute('width'), cover.getAttribute('height')]).toEqual(['1200', '630']);
    expect(cover.getAttribute('fetchpriority')).toBe('high');
    expect(cover.getAttribute('loading')).toBeNull();
  });

  it('gives each card of /blog its image size and loads the images as they near the viewport', async () => {
    renderRoute('/blog');
    const card = await screen.findByRole('article', { name: blogPostFixtures[0]!.title });
    const image = within(card).getByRole('img', { name: blogPostFixtures[0]!.title });
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['1200', '630']);
    expect(image.getAttribute('loading')).toBe('lazy');
  });
});
