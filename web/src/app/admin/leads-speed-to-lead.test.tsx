import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { FirstResponseReport, ResponseOverdue } from '@app/shared-types/speed-to-lead';
import { describe, expect, it } from 'vitest';
import { leadFixtures, makeLead } from '../../features/leads/test-fixtures';
import { NO_RESPONSES_TEXT } from '../../features/leads/components/response-times-view';
import { adminUserFixture, employeeUserFixture } from '../../test/admin-fixtures';
import { renderPortal, renderPortalPage } from '../../test/portal';
import { server } from '../../test/server';
import { LeadsPage } from './leads-page';

/** Speed-to-lead (issue 26) screens: the 'Response overdue' filter, Leads CRM > Response times, the dashboard's card. */

const renderLeads = (url = '/admin/leads', role = 'admin') => renderPortalPage(url, { path: '/admin/leads', Component: LeadsPage, section: 'leads', role });

const overdueLeads = [
  makeLead({ id: 'lead-old', name: 'Oldest Enquiry', phone: '9848000001', createdAt: '2026-11-20T04:00:00.000Z' }),
  makeLead({ id: 'lead-newer', name: 'Newer Enquiry', phone: '9848000002', createdAt: '2026-11-21T04:00:00.000Z' }),
];

/** The overdue list answers `overdue` with a total of `total`; returns the list requests /api/leads got. */
function overdueServer(total = overdueLeads.length) {
  const listRequests: string[] = [];
  server.use(
    http.get('/api/leads/response-overdue', () => HttpResponse.json<ResponseOverdue>({ items: overdueLeads, total })),
    http.get('/api/leads', ({ request }) => {
      listRequests.push(new URL(request.url).search);
      return HttpResponse.json({ items: leadFixtures });
    }),
  );
  return listRequests;
}

/** The Name cells of the grid, in order. */
const names = () =>
  screen
    .getAllByRole('gridcell')
    .filter((cell) => cell.dataset.field === 'name')
    .map((cell) => cell.textContent);

describe('Leads CRM: Response overdue', () => {
  it('shows the overdue leads, oldest first, with their total when the switch is on, and the usual list when off', async () => {
    const listRequests = overdueServer(130);
    const { user, router } = renderLeads();
    await waitFor(() => expect(names()).toContain('Ravi Kumar'));
    const filterSwitch = within(screen.getByRole('region', { name: 'Filter leads' })).getByRole('switch', { name: 'Response overdue' }) as HTMLInputElement;
    expect(filterSwitch.checked).toBe(false);

    await user.click(filterSwitch);
    expect(router.state.location.search).toBe('?overdue=1');
    await waitFor(() => expect(names()).toEqual(['Oldest Enquiry', 'Newer Enquiry']));
    expect(screen.getByText(/130 leads are past their first-response time with no response yet, oldest first\. The oldest 2 are shown\./)).toBeTruthy();
    expect(screen.getAllByText('overdue')).toHaveLength(2);
    // The overdue list is its own request: the leads list was asked once, before.
    expect(listRequests).toHaveLength(1);

    await user.click(filterSwitch);
    await waitFor(() => expect(names()).toContain('Ravi Kumar'));
    expect(listRequests.every((search) => !search.includes('overdue'))).toBe(true);
  });

  it('marks overdue leads in the usual list', async () => {
    overdueServer();
    server.use(http.get('/api/leads', () => HttpResponse.json({ items: [...overdueLeads, ...leadFixtures] })));
    renderLeads();
    await waitFor(() => expect(names()).toContain('Oldest Enquiry'));
    await waitFor(() => expect(screen.getAllByText('overdue')).toHaveLength(2));
  });
});

describe('Leads CRM: Response times', () => {
  it('shows each salesperson’s responses, median time and share within the SLA for this month, to managers', async () => {
    const months: string[] = [];
    server.use(
      http.get('/api/leads/first-response', ({ request }) => {
        const month = new URL(request.url).searchParams.get('month') ?? '';
        months.push(month);
        const rows =
          month === '2026-01'
            ? []
            : [
                { employeeId: 'emp-asha', employeeName: 'Asha Rao', responses: 3, medianMinutes: 65, withinSlaPercent: 66.7 },
                { employeeId: 'emp-bhavna', employeeName: 'Bhavna Shah', responses: 12, medianMinutes: 12, withinSlaPercent: 100 },
              ];
        return HttpResponse.json<FirstResponseReport>({ month, slaMinutes: 15, rows });
      }),
    );
    const { user, router } = renderLeads('/admin/leads', 'manager');
    await user.click(await screen.findByRole('tab', { name: 'Response times' }));
    expect(router.state.location.search).toBe('?view=responses');
    const table = within(await screen.findByRole('table', { name: 'Response times by salesperson' }));
    const asha = within(table.getByRole('row', { name: /Asha Rao/ }));
    expect(asha.getByText('3')).toBeTruthy();
    expect(asha.getByText('1 h 05 min')).toBeTruthy();
    expect(asha.getByText('66.7%')).toBeTruthy();
    const bhavna = within(table.getByRole('row', { name: /Bhavna Shah/ }));
    expect(bhavna.getByText('12 min')).toBeTruthy();
    expect(bhavna.getByText('100.0%')).toBeTruthy();
    expect(screen.getByText('Measured against a first response time of 15 min, in business hours.')).toBeTruthy();
    // This month in Asia/Kolkata.
    const kolkataMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
    expect(months[0]).toBe(kolkataMonth);

    const month = screen.getByLabelText('Month');
    await user.clear(month);
    await user.type(month, '2026-01');
    expect(await screen.findByText(NO_RESPONSES_TEXT)).toBeTruthy();
  });

  it('is not offered to employees, even by its URL', async () => {
    renderLeads('/admin/leads?view=responses', 'employee');
    await waitFor(() => expect(names()).toContain('Ravi Kumar'));
    expect(screen.queryByRole('tab', { name: 'Response times' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Response times' })).toBeNull();
  });
});

describe('Dashboard: Response overdue', () => {
  it("shows today's overdue count, linking to the leads list with the filter on", async () => {
    overdueServer(3);
    renderPortal('/admin', { as: employeeUserFixture });
    const card = within(await screen.findByRole('region', { name: 'Speed-to-lead' }));
    await waitFor(() => expect(card.getByRole('heading', { name: 'Response overdue' }).nextElementSibling?.textContent).toBe('3'));
    expect(card.getByRole('link', { name: 'View the leads with a response overdue' }).getAttribute('href')).toBe('/admin/leads?overdue=1');
  });

  it('is shown to every staff role that reads leads', async () => {
    overdueServer(0);
    renderPortal('/admin', { as: { ...adminUserFixture, role: 'manager' } });
    const card = within(await screen.findByRole('region', { name: 'Speed-to-lead' }));
    await waitFor(() => expect(card.getByRole('heading', { name: 'Response overdue' }).nextElementSibling?.textContent).toBe('0'));
    expect(card.getByText('Every new lead has had a response')).toBeTruthy();
  });
});
