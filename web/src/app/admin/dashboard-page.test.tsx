import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeAttendance } from '../../features/attendance/test-fixtures';
import { makeQuotation } from '../../features/quotations/test-fixtures';
import { adminUserFixture, employeeUserFixture } from '../../test/admin-fixtures';
import { renderPortal } from '../../test/portal';
import { findToast } from '../../test/render';
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

describe('Dashboard: Mark Attendance', () => {
  it('checks an employee in, then out, in place with the SPEC.md 8 toast; the done day links to the Attendance Portal', async () => {
    const checkedIn = makeAttendance({ userId: employeeUserFixture.id, date: '2026-11-23', checkIn: '2026-11-23T03:30:00.000Z' });
    const checkedOut = { ...checkedIn, checkOut: '2026-11-23T12:30:00.000Z', totalHours: 9, version: 2 };
    let record: typeof checkedIn | null = null;
    const posts: string[] = [];
    server.use(
      http.get('/api/attendance/today', () => HttpResponse.json({ date: '2026-11-23', record, figures: null })),
      http.post('/api/attendance/check-in', async ({ request }) => {
        posts.push(`in ${JSON.stringify(await request.json())}`);
        record = checkedIn;
        return HttpResponse.json(checkedIn, { status: 201 });
      }),
      http.post('/api/attendance/check-out', () => {
        posts.push('out');
        record = checkedOut;
        return HttpResponse.json(checkedOut);
      }),
    );
    const { user } = renderPortal('/admin', { as: employeeUserFixture });

    // The quick actions show under the loading dashboard first, then under the figures: find the button that stays.
    await screen.findByRole('heading', { name: 'Total Customers' });
    const actions = within(screen.getByRole('region', { name: 'Quick Actions' }));
    await waitFor(() => expect(actions.getByRole('button', { name: 'Mark Attendance' }).hasAttribute('disabled')).toBe(false));
    await user.click(actions.getByRole('button', { name: 'Mark Attendance' }));
    expect((await findToast('status', 'Attendance recorded successfully!')).textContent).toContain('Checked in at 09:00 am');
    expect(posts).toEqual(['in {"location":"office","notes":""}']);

    await waitFor(() => expect(actions.getByRole('button', { name: 'Mark Attendance' }).hasAttribute('disabled')).toBe(false));
    await waitFor(() => expect(posts).toHaveLength(1));
    await user.click(actions.getByRole('button', { name: 'Mark Attendance' }));
    await waitFor(async () => expect((await findToast('status', 'Attendance recorded successfully!')).textContent).toContain('Checked out at 06:00 pm'));
    expect(posts).toEqual(['in {"location":"office","notes":""}', 'out']);

    expect((await actions.findByRole('link', { name: 'Mark Attendance' })).getAttribute('href')).toBe('/admin/attendance');
  });

  it("toasts 'Error recording attendance' with the server's reason", async () => {
    server.use(
      http.get('/api/attendance/today', () => HttpResponse.json({ date: '2026-11-23', record: null, figures: null })),
      http.post('/api/attendance/check-in', () => HttpResponse.json({ error: 'You have already checked in today' }, { status: 409 })),
    );
    const { user } = renderPortal('/admin', { as: employeeUserFixture });
    await screen.findByRole('heading', { name: 'Total Customers' });
    const actions = within(screen.getByRole('region', { name: 'Quick Actions' }));
    await waitFor(() => expect(actions.getByRole('button', { name: 'Mark Attendance' }).hasAttribute('disabled')).toBe(false));
    await user.click(actions.getByRole('button', { name: 'Mark Attendance' }));
    expect((await findToast('alert', 'Error recording attendance')).textContent).toContain('You have already checked in today');
  });
});
