import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { BlogPostDetail } from '@app/shared-types/api';
import { afterEach, describe, expect, it } from 'vitest';
import { NAMED_SHARE_CARD } from '../../features/seo/model';
import { setSiteOrigin } from '../../features/seo/site-origin';
import { blogPostFixtures, projectFixtures, siteFixture } from '../../test/fixtures';
import { installIdleIntersectionObserver } from '../../test/idle-intersection-observer';
import { renderRoute } from '../../test/render';
import { server } from '../../test/server';

/** Project pages and every page's head tags (title, description, canonical, Open Graph, Twitter, JSON-LD), as rendered. */

const ORIGIN = new URL(siteFixture.companyWebsite).origin;

const meta = (attribute: 'name' | 'property', key: string) => document.head.querySelector(`meta[${attribute}="${key}"]`)?.getAttribute('content');
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');
const jsonLd = () =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => ({ text: script.textContent ?? '', data: JSON.parse(script.textContent ?? '') as Record<string, unknown> }));

installIdleIntersectionObserver();
afterEach(() => setSiteOrigin(undefined));

describe('project links and addresses', () => {
  it('links each project card to /projects/<slug>', async () => {
    renderRoute('/projects');
    const villa = within(await screen.findByRole('article', { name: 'Jubilee Hills Villa' }));
    expect(villa.getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/projects/jubilee-hills-villa');
  });

  it("moves an old id address to the project's slug, replacing it in history, without reading the project again", async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.startsWith('/api/projects/')) asked.push(new URL(request.url).pathname);
    });
    const { router } = renderRoute('/projects/villa-one');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jubilee Hills Villa' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/jubilee-hills-villa'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('heading', { level: 1, name: 'Jubilee Hills Villa' })).toBeTruthy();
    expect(asked).toEqual(['/api/projects/villa-one']);
    server.events.removeAllListeners();
  });

  it('shows a project by its slug with its head: title, canonical, cover image and breadcrumbs', async () => {
    renderRoute('/projects/jubilee-hills-villa');
    await screen.findByRole('heading', { level: 1, name: 'Jubilee Hills Villa' });
    await waitFor(() => expect(document.title).toBe(`Jubilee Hills Villa | ${siteFixture.companyName}`));
    expect(canonical()).toBe(`${ORIGIN}/projects/jubilee-hills-villa`);
    expect(meta('property', 'og:url')).toBe(`${ORIGIN}/projects/jubilee-hills-villa`);
    expect(meta('property', 'og:image')).toBe(`${ORIGIN}${projectFixtures[0]!.imageUrl}`);
    expect(meta('name', 'twitter:image')).toBe(`${ORIGIN}${projectFixtures[0]!.imageUrl}`);
    // The cover's size is not known to the page: none is claimed.
    expect(meta('property', 'og:image:width')).toBeUndefined();
    expect(meta('property', 'og:image:alt')).toBeUndefined();
    expect(meta('name', 'twitter:card')).toBe('summary_large_image');
    expect(meta('name', 'description')).toBe('Villa interior project in Jubilee Hills, Hyderabad: A family villa in walnut and brass.');
    const [breadcrumbs] = jsonLd();
    expect(breadcrumbs!.data).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [{ name: 'Home' }, { name: 'Projects', item: `${ORIGIN}/projects` }, { name: 'Jubilee Hills Villa', item: `${ORIGIN}/projects/jubilee-hills-villa` }],
    });
  });

  it('answers an unknown slug with the not-found page', async () => {
    renderRoute('/projects/no-such-project');
    expect(await screen.findByText('Project not found.')).toBeTruthy();
  });
});

describe('page heads', () => {
  it('gives the home page the firm as a LocalBusiness, once, and its own title', async () => {
    renderRoute('/');
    await waitFor(() => expect(document.title).toBe(`Interior Designers in Hyderabad | ${siteFixture.companyName}`));
    expect(canonical()).toBe(`${ORIGIN}/`);
    expect(meta('property', 'og:type')).toBe('website');
    expect(meta('property', 'og:site_name')).toBe(siteFixture.companyName);
    // The firm's share card: a 1200x630 PNG (link previews show no SVG), with its size and alt text.
    expect(meta('property', 'og:image')).toBe(`${ORIGIN}${NAMED_SHARE_CARD.path}`);
    expect(meta('property', 'og:image:width')).toBe('1200');
    expect(meta('property', 'og:image:height')).toBe('630');
    expect(meta('property', 'og:image:alt')).toBe(NAMED_SHARE_CARD.alt);
    expect(meta('name', 'twitter:image')).toBe(`${ORIGIN}${NAMED_SHARE_CARD.path}`);
    expect(meta('name', 'twitter:image:alt')).toBe(NAMED_SHARE_CARD.alt);
    const scripts = jsonLd();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.data).toMatchObject({ '@type': 'HomeAndConstructionBusiness', name: siteFixture.companyName, telephone: siteFixture.companyPhone });
  });

  it('gives a list page its own title and canonical, and no LocalBusiness', async () => {
    renderRoute('/services');
    await waitFor(() => expect(document.title).toBe(`Our Services | ${siteFixture.companyName}`));
    expect(canonical()).toBe(`${ORIGIN}/services`);
    expect(jsonLd()).toEqual([]);
  });

  it('renders a post as an article with Article data, its < escaped inside the script', async () => {
    const title = 'Tips </script><script>alert(1)</script>';
    const post: BlogPostDetail = { ...blogPostFixtures[0]!, title, content: 'Hello', seoTitle: '', seoDescription: '' };
    server.use(http.get('/api/blog-posts/by-slug/:slug', () => HttpResponse.json(post)));
    renderRoute(`/blog/${post.slug}`);
    await waitFor(() => expect(meta('property', 'og:type')).toBe('article'));
    expect(canonical()).toBe(`${ORIGIN}/blog/${post.slug}`);
    const scripts = jsonLd();
    expect(scripts.map((script) => script.data['@type'])).toEqual(['Article', 'BreadcrumbList']);
    expect(scripts[0]!.data).toMatchObject({ headline: title, author: { '@type': 'Person', name: post.author } });
    for (const script of scripts) expect(script.text).not.toContain('<');
    // The title closed no script element: no other script carries its text.
    const others = [...document.querySelectorAll('script')].filter((script) => script.type !== 'application/ld+json');
    expect(others.filter((script) => (script.textContent ?? '').includes('alert(1)'))).toEqual([]);
  });
});
