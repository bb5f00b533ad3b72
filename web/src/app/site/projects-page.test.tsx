import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { Page, PublicProject } from '@app/shared-types/api';
import { describe, expect, it } from 'vitest';
import { projectFixtures } from '../../test/fixtures';
import { renderRoute } from '../../test/render';
import { server } from '../../test/server';

/** Answers GET /api/projects from the fixtures, noting the status each request asked for. */
function recordProjectRequests() {
  const statuses: (string | null)[] = [];
  server.use(
    http.get('/api/projects', async ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      statuses.push(status);
      await delay(30);
      const items = projectFixtures.filter((project) => !status || status === 'all' || project.status === status);
      return HttpResponse.json<Page<PublicProject>>({ items });
    }),
  );
  return statuses;
}

describe('projects page', () => {
  it("shows 'Loading projects...' and then a card per project", async () => {
    recordProjectRequests();
    renderRoute('/projects');

    expect(await screen.findByText('Loading projects...')).toBeTruthy();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(projectFixtures.length);
    expect(screen.queryByText('Loading projects...')).toBeNull();

    const villa = within(screen.getByRole('article', { name: 'Jubilee Hills Villa' }));
    expect(villa.getByText('Finished')).toBeTruthy();
    expect(villa.getByText('Villa • 5,200 sq ft')).toBeTruthy();
    expect(villa.getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/projects/jubilee-hills-villa');
  });

  it('offers an uploaded photo as a srcset so a phone picks a small copy', async () => {
    const photo = {
      id: 'p1',
      url: '/uploads/projects/villa-one/p1-1600.jpg',
      copies: [480, 960, 1600].map((width) => ({ url: `/uploads/projects/villa-one/p1-${width}.jpg`, width })),
      aspectRatio: 1.5,
    };
    server.use(http.get('/api/projects', () => HttpResponse.json<Page<PublicProject>>({ items: [{ ...projectFixtures[0]!, images: [photo] }] })));
    renderRoute('/projects');
    const image = within(await screen.findByRole('article', { name: 'Jubilee Hills Villa' })).getByRole('img', { name: 'Jubilee Hills Villa' });
    expect(image.getAttribute('src')).toBe(photo.url);
    expect(image.getAttribute('srcset')).toBe(
      '/uploads/projects/villa-one/p1-480.jpg 480w, /uploads/projects/villa-one/p1-960.jpg 960w, /uploads/projects/villa-one/p1-1600.jpg 1600w',
    );
    expect(image.getAttribute('sizes')).toBe('(max-width: 599px) 100vw, (max-width: 899px) 50vw, 400px');
  });

  it('gives every card photo its box (width and height) and loads the first one at once, preloaded at high priority, the others lazily', async () => {
    const photoOf = (id: string) => ({
      id,
      url: `/uploads/projects/${id}/lcp-1600.jpg`,
      copies: [480, 960, 1600].map((width) => ({ url: `/uploads/projects/${id}/lcp-${width}.jpg`, width })),
      aspectRatio: 1.5,
    });
    const items = Array.from({ length: 5 }, (_, n) => ({ ...projectFixtures[n % projectFixtures.length]!, id: `grid-${n}`, title: `Grid project ${n}`, images: [photoOf(`grid-${n}`)] }));
    server.use(http.get('/api/projects', () => HttpResponse.json<Page<PublicProject>>({ items })));
    renderRoute('/projects');
    await screen.findByRole('article', { name: 'Grid project 0' });
    const images = items.map((item) => within(screen.getByRole('article', { name: item.title })).getByRole('img', { name: item.title }));
    for (const image of images) {
      expect(image.getAttribute('width')).toBe('600');
      expect(image.getAttribute('height')).toBe('256');
      expect(image.getAttribute('srcset')).toContain('480w');
    }
    expect(images.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy', 'lazy', 'lazy']);
    expect(images.map((image) => image.getAttribute('fetchpriority'))).toEqual(['high', null, null, null, null]);
    // With a srcset, the preload names the copies (imagesrcset) and the browser picks one as it would for the <img>.
    const preload = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"][imagesrcset*="/uploads/projects/grid-0/"]');
    expect(preload?.getAttribute('imagesrcset')).toBe(photoOf('grid-0').copies.map((copy) => `${copy.url} ${copy.width}w`).join(', '));
    expect(preload?.getAttribute('imagesizes')).toBe('(max-width: 599px) 100vw, (max-width: 899px) 50vw, 400px');
    expect(preload?.getAttribute('fetchpriority')).toBe('high');
    expect(document.head.querySelector('link[rel="preload"][imagesrcset*="/uploads/projects/grid-1/"]')).toBeNull();
  });

  it('asks the server for the chosen status and keeps the filter in the URL', async () => {
    const statuses = recordProjectRequests();
    const { user, router } = renderRoute('/projects');
    await screen.findByRole('article', { name: 'Jubilee Hills Villa' });
    expect(screen.getByRole('button', { name: 'All Projects' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Ongoing' }));

    expect(await screen.findByText('Loading projects...')).toBeTruthy();
    await screen.findByRole('article', { name: 'Kondapur Kitchen Makeover' });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(statuses).toEqual(['all', 'ongoing']);
    expect(router.state.location.search).toBe('?status=ongoing');
    expect(screen.getByRole('button', { name: 'Ongoing' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('starts from the filter in the URL and says so when nothing matches', async () => {
    const statuses: (string | null)[] = [];
    server.use(
      http.get('/api/projects', ({ request }) => {
        statuses.push(new URL(request.url).searchParams.get('status'));
        return HttpResponse.json<Page<PublicProject>>({ items: [] });
      }),
    );
    renderRoute('/projects?status=upcoming');

    expect(await screen.findByText('No projects found for the selected filter.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upcoming' }).getAttribute('aria-pressed')).toBe('true');
    expect(statuses).toEqual(['upcoming']);
  });
});
