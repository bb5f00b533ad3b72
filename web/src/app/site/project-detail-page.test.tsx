import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PublicProjectDetail } from '@app/shared-types/api';
import { describe, expect, it } from 'vitest';
import { projectFixtures } from '../../test/fixtures';
import { installIdleIntersectionObserver } from '../../test/idle-intersection-observer';
import { renderRoute } from '../../test/render';
import { server } from '../../test/server';

/** Issue 25: the website's project page: every photo in a gallery, and the related projects. */

installIdleIntersectionObserver();

const villa = projectFixtures[0]!;
const photos = ['one', 'two', 'three'].map((name) => ({ id: `photo-${name}`, url: `/images/projects/${name}.svg`, copies: [], aspectRatio: 1.5 }));

describe('the project detail page', () => {
  it('shows every photo: Next, Previous, the arrow keys and the thumbnails, with the position announced', async () => {
    server.use(http.get('/api/projects/:id', () => HttpResponse.json<PublicProjectDetail>({ ...villa, images: photos, related: [] })));
    const { user } = renderRoute(`/projects/${villa.slug}`);
    const gallery = within(await screen.findByRole('region', { name: `Photos of ${villa.title}` }));
    const large = () => gallery.getByRole('img', { name: new RegExp(`^${villa.title}, photo`) });
    expect(gallery.getByText('Photo 1 of 3')).toBeTruthy();
    expect(large().getAttribute('src')).toBe('/images/projects/one.svg');

    await user.click(gallery.getByRole('button', { name: 'Next photo' }));
    expect(gallery.getByText('Photo 2 of 3')).toBeTruthy();
    expect(large().getAttribute('alt')).toBe(`${villa.title}, photo 2 of 3`);

    const stage = gallery.getByRole('group', { name: /^Photo 2 of 3\. Use the left and right arrow keys/ });
    fireEvent.keyDown(stage, { key: 'ArrowRight' });
    expect(gallery.getByText('Photo 3 of 3')).toBeTruthy();
    fireEvent.keyDown(stage, { key: 'ArrowRight' });
    expect(gallery.getByText('Photo 1 of 3')).toBeTruthy();
    fireEvent.keyDown(stage, { key: 'ArrowLeft' });
    expect(large().getAttribute('src')).toBe('/images/projects/three.svg');

    await user.click(gallery.getByRole('button', { name: 'Show photo 2 of 3' }));
    expect(gallery.getByText('Photo 2 of 3')).toBeTruthy();
    expect(gallery.getByRole('button', { name: 'Show photo 2 of 3' }).getAttribute('aria-current')).toBe('true');
  });

  it('shows the related projects the server picked, as cards under their own heading', async () => {
    renderRoute(`/projects/${villa.slug}`);
    const related = within(await screen.findByRole('region', { name: 'Related projects' }));
    const cards = related.getAllByRole('article');
    expect(cards).toHaveLength(projectFixtures.length - 1);
    expect(related.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(projectFixtures.slice(1).map((project) => project.title));
    expect(related.getAllByRole('link', { name: 'View Details' }).map((link) => link.getAttribute('href'))).toEqual(projectFixtures.slice(1).map((project) => `/projects/${project.slug}`));
  });
});
