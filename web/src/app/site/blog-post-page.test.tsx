import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { BlogPostDetail } from '@app/shared-types/api';
import { describe, expect, it } from 'vitest';
import { blogPostFixtures } from '../../test/fixtures';
import { renderRoute } from '../../test/render';
import { server } from '../../test/server';

const post: BlogPostDetail = {
  ...blogPostFixtures[0]!,
  content: '## Start with storage\n\n<img src=x onerror="alert(1)"> Try the [cost calculator](/calculator) or [our reels](https://www.instagram.com/x).',
  seoTitle: 'A Modern 3BHK Makeover',
  seoDescription: 'Storage, materials and lighting.',
};

describe('blog post page', () => {
  it('renders the markdown safely, follows an inside link within the app, and counts the view once it has shown', async () => {
    const views: string[] = [];
    server.use(
      http.get('/api/blog-posts/by-slug/:slug', () => HttpResponse.json(post)),
      http.post('/api/blog-posts/by-slug/:slug/view', ({ params }) => {
        views.push(String(params.slug));
        return HttpResponse.json({ counted: true });
      }),
    );
    const { user, router } = renderRoute('/blog/modern-3bhk-makeover');

    expect(await screen.findByRole('heading', { level: 2, name: 'Start with storage' })).toBeTruthy();
    expect(screen.getByText(/<img src=x onerror="alert\(1\)">/)).toBeTruthy();
    expect(document.querySelector('.markdown-content img')).toBeNull();
    const outside = screen.getByRole('link', { name: 'our reels' });
    expect(outside.getAttribute('target')).toBe('_blank');
    expect(outside.getAttribute('rel')).toBe('noopener noreferrer');
    await waitFor(() => expect(views).toEqual(['modern-3bhk-makeover']));

    await user.click(screen.getByRole('link', { name: 'cost calculator' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calculator'));
    expect(views).toHaveLength(1);
  });

  it("shows the site's not-found page for a post that is not published", async () => {
    const views: string[] = [];
    server.use(
      http.get('/api/blog-posts/by-slug/:slug', () => HttpResponse.json({ error: 'Post not found' }, { status: 404 })),
      http.post('/api/blog-posts/by-slug/:slug/view', ({ params }) => {
        views.push(String(params.slug));
        return HttpResponse.json({ counted: true });
      }),
    );
    renderRoute('/blog/a-draft');

    expect(await screen.findByText('Post not found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to blog' })).toBeTruthy();
    expect(views).toEqual([]);
  });
});

describe('blog list page', () => {
  it('lists the published posts with Read more links, and points feed readers to the RSS feed', async () => {
    renderRoute('/blog');

    expect(await screen.findByRole('heading', { name: 'A Modern 3BHK Makeover in Gachibowli' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Read more/ }).getAttribute('href')).toBe('/blog/modern-3bhk-makeover');
    await waitFor(() => expect(document.head.querySelector('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute('href')).toBe('/blog/rss.xml'));
  });
});
