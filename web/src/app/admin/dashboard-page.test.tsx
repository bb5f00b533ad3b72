import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeQuotation } from '../../features/quotations/test-fixtures';
import { adminUserFixture, employeeUserFixture } from '../../test/admin-fixtures';
import { renderPortal } from '../../test/portal';
import { server } from '../../test/server';

/** The figure a StatCard shows under its label. */
function statValue(label: string) {
  return screen.getByRole('heading', { name: label }).nextElementSibling?.textContent;
}

describe('Dashboard: money cards', () => {
  it('shows the money cards on the dashboard to a manager and above only', async () => {
    renderPortal('/admin', { as: { ...adminUserFixture, role: 'manager' } });
    await screen.findByRole('heading', { name: 'Income This Month' });
    expect(statValue('Income This Month')).toBe('₹1,25,000');
    expect(statValue('Receivables')).toBe('₹3,40,000.50');
    expect(statValue('Overdue Payments')).toBe('2');
    expect(statValue('Total Customers')).toBe('42');
  });

  it('does not show the money cards to an employee', async () => {
    renderPortal('/admin', { as: employeeUserFixture });
    await screen.findByRole('heading', { name: 'Total Customers' });
    expect(screen.queryByRole('heading', { name: 'Income This Month' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Receivables' })).toBeNull();
  });
});

describe('Dashboard: client responses', () => {
  it("lists the clients' latest answers to quotes, each opening its quote", async () => {
    const approved = makeQuotation({
      id: 'quote-7',
      clientDetails: { name: 'Meera Iyer', phone: '9849011111', email: '', address: '', projectType: '', siteAddress: '', community: '' },
      status: 'approved',
      responses: [{ action: 'approved', name: 'Meera Iyer', comment: 'Go ahead', at: '2026-11-22T10:00:00.000Z', ip: '' }],
    });
    server.use(http.get('/api/quotations/responses', () => HttpResponse.json({ items: [approved] })));
    renderPortal('/admin');
    const card = within(await screen.findByRole('region', { name: 'Client responses' }));
    const link = await card.findByRole('link', { name: /Meera Iyer · ₹29,000/ });
    expect(link.getAttribute('href')).toBe('/admin/quotations?quote=quote-7');
    expect(within(link).getByText('Approved')).toBeTruthy();
    expect(within(link).getByText(/“Go ahead”/)).toBeTruthy();
  });

  it('says when no client has answered yet', async () => {
    renderPortal('/admin');
    expect(await screen.findByText('No client has answered a quote yet')).toBeTruthy();
  });
});
