import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Page } from '@app/shared-types/api';
import type { EmployeeRecord } from '@app/shared-types/employees';
import { describe, expect, it } from 'vitest';
import { employeeFixtures, employeeHandlers, makeEmployee } from '../../features/employees/test-fixtures';
import { renderRoute } from '../../test/render';
import { server } from '../../test/server';
import { EmployeesPage } from './employees-page';
import { ADMIN_SECTIONS, type AdminRouteHandle } from './sections';

/** Issue 25: the first-start salespeople are marked as sample data on their cards. */
describe('Employees: sample data', () => {
  it("marks a sample salesperson's card 'Sample data', and no one else's", async () => {
    const sample = makeEmployee({ id: 'salesperson-assistant-1', name: 'Priya Sharma', email: 'priya.sharma@kaveridesign.studio', department: 'Sales', isSample: true });
    // The first handler of a path answers: this page before the fixtures' own.
    server.use(
      http.get('/api/users', () => HttpResponse.json<Page<EmployeeRecord>>({ items: [sample, employeeFixtures[2]!] })),
      ...employeeHandlers(),
      http.get('/api/auth/me', () => HttpResponse.json({ user: { id: employeeFixtures[1]!.id, name: 'Signed In', email: 'me@kds.example', role: 'admin' } })),
    );
    const handle: AdminRouteHandle = { title: 'Employees', section: ADMIN_SECTIONS.find((item) => item.id === 'employees') };
    renderRoute('/admin/employees', { routes: [{ path: '/admin/employees', Component: EmployeesPage, handle }] });
    expect(within(await screen.findByRole('article', { name: 'Priya Sharma' })).getByText('Sample data')).toBeTruthy();
    expect(within(await screen.findByRole('article', { name: employeeFixtures[2]!.name })).queryByText('Sample data')).toBeNull();
  });
});
