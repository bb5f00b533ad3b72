import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { Vendor } from '@app/shared-types/vendors';
import { describe, expect, it } from 'vitest';
import { makeVendor, vendorFixtures } from '../../features/vendors/test-fixtures';
import { findToast } from '../../test/render';
import { choose, dateDisabled, enter, renderPortalPage } from '../../test/portal';
import { server } from '../../test/server';
import { VendorsPage } from './vendors-page';

/** The Vendors page alone; with `role`, the session is a user with that role. */
const renderVendors = (url = '/admin/vendors', role = 'admin') =>
  renderPortalPage(url, { path: '/admin/vendors', Component: VendorsPage, section: 'vendors', role });

const findCard = (name: string) => screen.findByRole('article', { name });

describe('Vendors: list', () => {
  it("shows the heading from the section list and a card per vendor, and loads the next page with the cursor the first page ended with ('Load more')", async () => {
    const cursors: (string | null)[] = [];
    server.use(
      http.get('/api/vendors', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        return cursor === 'page-2'
          ? HttpResponse.json({ items: [makeVendor({ id: 'vendor-9', name: 'Zenith Tiles', category: 'flooring' })] })
          : HttpResponse.json({ items: vendorFixtures, nextCursor: 'page-2' });
      }),
    );
    const { user } = renderVendors();

    expect(await screen.findByRole('heading', { level: 1, name: 'Vendor Management' })).toBeTruthy();
    const card = within(await findCard('Sri Sai Timbers'));
    expect(card.getByText('Furniture')).toBeTruthy();
    expect(card.getByText('Active')).toBeTruthy();
    expect(card.getByText('Venkat Rao')).toBeTruthy();
    expect(card.getByText('Hyderabad')).toBeTruthy();
    expect(card.getByText('Teak and plywood')).toBeTruthy();
    expect(card.getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(card.getByRole('link', { name: '+91 98480 22222' }).getAttribute('href')).toBe('tel:+919848022222');
    expect(within(await findCard('Kaveri Paints')).getByText('Blacklisted')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(vendorFixtures.length);

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await findCard('Zenith Tiles')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(vendorFixtures.length + 1);
    expect(cursors).toEqual([null, 'page-2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows a spinner, then sends the search (debounced) and the category to the server and keeps them in the URL', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/api/vendors', async ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        await delay(50);
        return HttpResponse.json({ items: [] });
      }),
    );
    const { user, router } = renderVendors('/admin/vendors?category=lighting');

    expect(await screen.findByText('Loading vendors...')).toBeTruthy();
    expect(screen.getByRole('progressbar', { hidden: true })).toBeTruthy();
    expect(await screen.findByText('No vendors found matching your criteria')).toBeTruthy();
    expect(queries[0]?.get('category')).toBe('lighting');
    expect(queries[0]?.get('limit')).toBe('24');
    expect(queries[0]?.has('q')).toBe(false);

    await user.type(screen.getByLabelText('Search vendors'), 'sai');
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('sai'));
    // One request for the whole word, not one per letter.
    expect(queries.filter((query) => query.has('q'))).toHaveLength(1);
    expect(router.state.location.search).toContain('q=sai');

    await choose(user, within(screen.getByRole('region', { name: 'Filter vendors' })), 'Category', 'All categories');
    await waitFor(() => expect(queries.at(-1)?.has('category')).toBe(false));
    await choose(user, within(screen.getByRole('region', { name: 'Filter vendors' })), 'Category', 'Civil');
    await waitFor(() => expect(queries.at(-1)?.get('category')).toBe('civil'));
    expect(queries.at(-1)?.get('q')).toBe('sai');
    expect(router.state.location.search).toContain('category=civil');
  });
});

/** The vendor form has 23 fields; jsdom renders it slowly, more so while other test files run beside it. */
const FORM_TEST_TIMEOUT = 30_000;

describe('Vendors: Add Vendor', { timeout: FORM_TEST_TIMEOUT }, () => {
  it("sends the vendor cleaned by the shared schema and shows 'Vendor added successfully!'", async () => {
    let body: unknown;
    server.use(
      http.post('/api/vendors', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeVendor({ id: 'vendor-new', name: 'Deccan Stones' }), { status: 201 });
      }),
    );
    const { user } = renderVendors();

    await user.click(await screen.findByRole('button', { name: 'Add Vendor' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Vendor' }));
    await enter(user, dialog.getByLabelText(/^Vendor Name/), 'Deccan Stones');
    await choose(user, dialog, 'Category', 'Flooring');
    await enter(user, dialog.getByLabelText(/^Phone/), '+91 90000 11111');
    await enter(user, dialog.getByLabelText('GST Number'), '36aabcu9603r1zm');
    await choose(user, dialog, 'Rating', '4 stars');
    await user.click(dialog.getByRole('button', { name: 'Add Vendor' }));

    const toast = await findToast('status', 'Vendor added successfully!');
    expect(within(toast).getByText('Deccan Stones')).toBeTruthy();
    expect(body).toMatchObject({
      name: 'Deccan Stones',
      category: 'flooring',
      phone: '+91 90000 11111',
      gstNumber: '36AABCU9603R1ZM',
      rating: 4,
      status: 'active',
      creditLimit: null,
      documents: [],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Vendor' })).toBeNull());
  });

});

describe('Vendors: edit', { timeout: FORM_TEST_TIMEOUT }, () => {
  it("saves every field with the version it was loaded with and shows 'Vendor updated successfully!'", async () => {
    let body: unknown;
    server.use(
      http.put('/api/vendors/:id', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json<Vendor>({ ...vendorFixtures[0]!, rating: 2, status: 'inactive', version: 4 });
      }),
    );
    const { user } = renderVendors();

    await user.click(within(await findCard('Sri Sai Timbers')).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Vendor' }));
    expect(dialog.getByLabelText<HTMLInputElement>(/^Vendor Name/).value).toBe('Sri Sai Timbers');
    // Kept by Finance's transactions: shown, never edited here.
    expect(await dateDisabled(dialog, 'Last Order Date')).toBe(true);
    for (const label of ['Total Orders', 'Total Amount (₹)']) expect(dialog.getByLabelText<HTMLInputElement>(label).disabled).toBe(true);
    await choose(user, dialog, 'Rating', '2 stars');
    await choose(user, dialog, 'Status', 'Inactive');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    await findToast('status', 'Vendor updated successfully!');
    expect(body).toMatchObject({ version: 3, name: 'Sri Sai Timbers', rating: 2, status: 'inactive', gstNumber: '36AABCU9603R1ZM', city: 'Hyderabad' });
  });

  it('explains a stale save (409) in the dialog and reloads the saved vendor on request', async () => {
    let saved = vendorFixtures[0]!;
    let loads = 0;
    server.use(
      http.get('/api/vendors', () => {
        loads++;
        return HttpResponse.json({ items: [saved, ...vendorFixtures.slice(1)] });
      }),
      http.put('/api/vendors/:id', () =>
        HttpResponse.json({ error: 'Someone else changed this vendor. Reload it to see their changes.', current: saved }, { status: 409 }),
      ),
    );
    const { user } = renderVendors();

    await user.click(within(await findCard('Sri Sai Timbers')).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Vendor' }));
    // Meanwhile someone else renamed the city and saved (version 4).
    saved = { ...vendorFixtures[0]!, city: 'Warangal', version: 4 };
    await choose(user, dialog, 'Rating', '5 stars');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    const alert = await dialog.findByText(/Someone else changed this vendor\. Reload it to see their changes\./);
    expect(alert).toBeTruthy();
    await findToast('alert', 'Error updating vendor');
    expect(dialog.getByRole('button', { name: 'Save Changes' })).toHaveProperty('disabled', true);
    // What differs, field by field: their city against the one in the form, and the rating being changed.
    const changes = within(dialog.getByRole('table', { name: 'What changed' }));
    expect(changes.getByRole('row', { name: 'City Warangal Hyderabad' })).toBeTruthy();
    expect(changes.getByRole('row', { name: /^Rating 4 5$/ })).toBeTruthy();
    expect(loads).toBe(1);

    // Reload starts from the vendor in the 409's answer, without asking the server again.
    await user.click(dialog.getByRole('button', { name: 'Reload' }));
    const reloaded = within(await screen.findByRole('dialog', { name: 'Edit Vendor' }));
    await waitFor(() => expect(reloaded.getByLabelText<HTMLInputElement>('City').value).toBe('Warangal'));
    expect(reloaded.queryByText(/Someone else changed this vendor/)).toBeNull();
    expect(reloaded.getByRole('button', { name: 'Save Changes' })).toHaveProperty('disabled', false);
  });
});

describe('Vendors: delete', () => {
  it("asks for confirmation, deletes, and shows 'Vendor deleted successfully!'", async () => {
    let deleted = '';
    server.use(
      http.delete('/api/vendors/:id', ({ params }) => {
        deleted = String(params.id);
        return HttpResponse.json({ id: deleted });
      }),
    );
    const { user } = renderVendors('/admin/vendors', 'manager');

    await user.click(within(await findCard('Bright Lights Co')).getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete this vendor?' }));
    expect(confirm.getByText(/Bright Lights Co will be deleted/)).toBeTruthy();
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this vendor?' })).toBeNull());
    expect(deleted).toBe('');

    await user.click(within(await findCard('Bright Lights Co')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this vendor?' })).getByRole('button', { name: 'Delete' }));

    const toast = await findToast('status', 'Vendor deleted successfully!');
    expect(within(toast).getByText('Bright Lights Co')).toBeTruthy();
    expect(deleted).toBe('vendor-2');
  });

});
