import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { siteFixture } from '../../test/fixtures';
import { renderRoute } from '../../test/render';
import { server } from '../../test/server';

describe('maintenance mode (Settings > System)', () => {
  it('shows every public page as paused, with the firm\'s phone and WhatsApp, and noindex', async () => {
    server.use(http.get('/api/site', () => HttpResponse.json({ ...siteFixture, maintenanceMode: true })));
    renderRoute('/contact');
    expect(await screen.findByRole('heading', { name: "We'll be back soon" })).toBeTruthy();
    expect(screen.queryByLabelText('First Name')).toBeNull();
    expect(screen.getByRole('link', { name: /^Call / }).getAttribute('href')).toMatch(/^tel:\+?\d+$/);
    expect(screen.getByRole('link', { name: 'WhatsApp us' }).getAttribute('href')).toContain('wa.me');
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('shows the site as usual when it is off', async () => {
    renderRoute('/contact');
    expect(await screen.findByLabelText('First Name')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: "We'll be back soon" })).toBeNull();
  });
});
