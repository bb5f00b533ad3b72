import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Lead } from '@app/shared-types/leads';
import { describe, expect, it } from 'vitest';
import { makeLead } from '../../features/leads/test-fixtures';
import { renderPortalPage } from '../../test/portal';
import { server } from '../../test/server';
import { LeadsPage } from './leads-page';

/** The Leads page alone, as an admin. */
const renderLeads = (url: string) => renderPortalPage(url, { path: '/admin/leads', Component: LeadsPage, section: 'leads' });

/**
 * The leads the server lets through a query: an Instagram lead and a Website one in New, an Instagram
 * one in Won; every list request is kept.
 */
function serveLeads() {
  const leads: Lead[] = [
    makeLead({ id: 'ig-new', name: 'Insta New', phone: '9848000001', source: 'Instagram', budget: 500_000 }),
    makeLead({ id: 'web-new', name: 'Web New', phone: '9848000002', source: 'Website', budget: 900_000 }),
    makeLead({ id: 'ig-won', name: 'Insta Won', phone: '9848000003', source: 'Instagram', status: 'Won', budget: 1_200_000 }),
  ];
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/leads', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const items = leads.filter((lead) => (!query.get('status') || lead.status === query.get('status')) && (!query.get('source') || lead.source === query.get('source')));
      return HttpResponse.json({ items });
    }),
  );
  return queries;
}

const column = (status: string) => within(screen.getByRole('region', { name: `${status} column` }));

describe('Leads CRM: the pipeline board honours the list filters (issue 25)', () => {
  it("shows a source's leads only, and totals each column from the cards it shows, saying so", async () => {
    const queries = serveLeads();
    renderLeads('/admin/leads?view=board&source=Instagram');
    await waitFor(() => expect(column('New').getByText('Insta New')).toBeTruthy());
    expect(column('New').queryByText('Web New')).toBeNull();
    expect(column('Won').getByText('Insta Won')).toBeTruthy();
    // Every column's request carries the filter.
    expect(queries.length).toBeGreaterThanOrEqual(6);
    expect(queries.every((query) => query.get('source') === 'Instagram')).toBe(true);
    // The kept figures (every lead of a status: ₹12,00,000 in New) cannot serve: the shown cards' sum, said so.
    expect(column('New').getByTestId('column-total').textContent).toBe('₹5,00,000');
    expect(column('New').getByText('(1)')).toBeTruthy();
    expect(column('New').getByText('of the shown leads')).toBeTruthy();
    expect(column('Won').getByTestId('column-total').textContent).toBe('₹12,00,000');
    expect(column('Lost').getByTestId('column-total').textContent).toBe('₹0');
    // The filter bar is there, showing the filter.
    expect(within(screen.getByRole('region', { name: 'Filter leads' })).getByText('Instagram')).toBeTruthy();
  });

  it('keeps the kept figures when nothing is filtered, and a status filter leaves its one column', async () => {
    serveLeads();
    const { unmount } = renderLeads('/admin/leads?view=board');
    await waitFor(() => expect(column('New').getByText('Web New')).toBeTruthy());
    // analyticsFixture: New ₹12,00,000 over 12 leads.
    await waitFor(() => expect(column('New').getByTestId('column-total').textContent).toBe('₹12,00,000'));
    expect(column('New').getByText('(12)')).toBeTruthy();
    expect(column('New').queryByText('of the shown leads')).toBeNull();
    unmount();

    renderLeads('/admin/leads?view=board&status=Won');
    await waitFor(() => expect(column('Won').getByText('Insta Won')).toBeTruthy());
    expect(screen.queryByRole('region', { name: 'New column' })).toBeNull();
  });
});
