import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Page } from '@app/shared-types/api';
import type { EmployeeRecord } from '@app/shared-types/employees';
import { SETTINGS_MESSAGES } from '@app/shared-types/settings';
import { describe, expect, it } from 'vitest';
import { makeEmployee } from '../../features/employees/test-fixtures';
import { choose, renderPortalPage, replace } from '../../test/portal';
import { findToast } from '../../test/render';
import { server } from '../../test/server';
import { SettingsPage } from './settings-page';

/** Settings > Business > Speed-to-lead (issue 26): first response time, business hours, assignment rules. */

// The Business tab is many fields (the calculator's pricing too): jsdom is slow with MUI, more so beside other test files.
const FORM_TEST_TIMEOUT = 60_000;

const employees: EmployeeRecord[] = [
  makeEmployee({ id: 'emp-asha', name: 'Asha Rao', takesLeads: true }),
  makeEmployee({ id: 'emp-bhavna', name: 'Bhavna Shah', takesLeads: true }),
  makeEmployee({ id: 'emp-chetan', name: 'Chetan Iyer', takesLeads: false }),
];

function recordPuts() {
  const bodies: { business: Record<string, unknown> }[] = [];
  server.use(
    http.get('/api/users', () => HttpResponse.json<Page<EmployeeRecord>>({ items: employees })),
    http.put('/api/settings', async ({ request }) => {
      const body = (await request.json()) as { business: Record<string, unknown>; email: Record<string, unknown>; version: number };
      bodies.push(body);
      return HttpResponse.json({ message: SETTINGS_MESSAGES.updated, settings: { ...body, email: { ...body.email, smtpPasswordSet: true }, version: body.version + 1 } });
    }),
  );
  return bodies;
}

const renderBusiness = () => renderPortalPage('/admin/settings?tab=business', { path: '/admin/settings', Component: SettingsPage, section: 'settings' });
const dayBox = (day: string) => screen.getByRole('checkbox', { name: day }) as HTMLInputElement;

describe('Settings > Business > Speed-to-lead', () => {
  it('shows the defaults and who takes leads, and refuses no business day and a closing time before the opening', { timeout: FORM_TEST_TIMEOUT }, async () => {
    const bodies = recordPuts();
    const { user } = renderBusiness();
    const minutes = (await screen.findByLabelText('First response time (minutes)')) as HTMLInputElement;
    expect(minutes.value).toBe('15');
    expect(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].every((day) => dayBox(day).checked)).toBe(true);
    expect(dayBox('Sun').checked).toBe(false);
    expect((screen.getByLabelText('Opening time') as HTMLInputElement).value).toBe('09:00');
    expect((screen.getByLabelText('Closing time') as HTMLInputElement).value).toBe('19:00');
    expect(await screen.findByText('Asha Rao, Bhavna Shah')).toBeTruthy();
    expect(screen.getByText('No rules: every lead goes round-robin to everyone who takes leads.')).toBeTruthy();

    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']) await user.click(dayBox(day));
    expect(await screen.findByText('Choose at least one business day')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(bodies).toEqual([]);
    await user.click(dayBox('Sun'));
    await waitFor(() => expect(screen.queryByText('Choose at least one business day')).toBeNull());

    await replace(user, screen.getByLabelText('Closing time'), '08:30');
    await user.tab();
    expect(await screen.findByText('Closing time must be after opening time')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(bodies).toEqual([]);
    await replace(user, screen.getByLabelText('Closing time'), '18:00');
    await waitFor(() => expect(screen.queryByText('Closing time must be after opening time')).toBeNull());
  });

  it('adds, orders and saves assignment rules with the time and hours', { timeout: FORM_TEST_TIMEOUT }, async () => {
    const bodies = recordPuts();
    const { user } = renderBusiness();
    await replace(user, await screen.findByLabelText('First response time (minutes)'), '20');
    await user.click(dayBox('Sat'));
    await screen.findByText('Asha Rao, Bhavna Shah');

    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    const first = within(screen.getByRole('group', { name: 'Rule 1' }));
    await choose(user, first, 'Source', 'Website');
    await user.type(first.getByLabelText('City'), 'Hyderabad');
    await user.click(first.getByRole('combobox', { name: 'Employees' }));
    const listbox = within(await screen.findByRole('listbox'));
    expect(listbox.getByText('Does not take leads')).toBeTruthy();
    await user.click(listbox.getByRole('option', { name: /Asha Rao/ }));
    await user.keyboard('{Escape}');

    // A rule without employees is refused.
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Choose at least one employee for the rule')).toBeTruthy();
    expect(bodies).toEqual([]);
    const second = within(screen.getByRole('group', { name: 'Rule 2' }));
    await user.click(second.getByRole('combobox', { name: 'Employees' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: /Bhavna Shah/ }));
    await user.keyboard('{Escape}');
    // The second rule first: the first match wins.
    await user.click(screen.getByRole('button', { name: 'Move rule 2 up' }));

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await findToast('status', SETTINGS_MESSAGES.updated);
    expect(bodies).toHaveLength(1);
    const business = bodies[0]!.business;
    expect(business.firstResponseMinutes).toBe(20);
    expect(business.businessHours).toEqual({ days: [1, 2, 3, 4, 5], start: '09:00', end: '19:00' });
    expect(business.leadAssignmentRules).toEqual([
      { id: expect.any(String), source: '', city: '', employeeIds: ['emp-bhavna'] },
      { id: expect.any(String), source: 'Website', city: 'Hyderabad', employeeIds: ['emp-asha'] },
    ]);
  });
});
