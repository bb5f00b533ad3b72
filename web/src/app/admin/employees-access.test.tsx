import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Page } from '@app/shared-types/api';
import type { EmployeeRecord } from '@app/shared-types/employees';
import { beforeEach, describe, expect, it } from 'vitest';
import { employeeFixtures, employeeHandlers, makeEmployee } from '../../features/employees/test-fixtures';
import { findToast, renderRoute } from '../../test/render';
import { server } from '../../test/server';
import { EmployeesPage } from './employees-page';
import { ADMIN_SECTIONS, type AdminRouteHandle } from './sections';

/** The page alone, signed in as the fixture admin (Asha Rao). */
function renderEmployees() {
  const admin = employeeFixtures[1]!;
  server.use(http.get('/api/auth/me', () => HttpResponse.json({ user: { id: admin.id, name: admin.name, email: admin.email, role: admin.role } })));
  const handle: AdminRouteHandle = { title: 'Employees', section: ADMIN_SECTIONS.find((item) => item.id === 'employees') };
  return renderRoute('/admin/employees', { routes: [{ path: '/admin/employees', Component: EmployeesPage, handle }] });
}

const requested = makeEmployee({ id: 'emp-requested', name: 'Kavya Rao', status: 'inactive', department: 'Design', accessRequestedAt: '2026-11-20T09:30:00.000Z', version: 1 });
const secured = makeEmployee({ id: 'emp-secured', name: 'Nikhil Das', twoFactorEnabled: true, version: 3 });

beforeEach(() => {
  server.use(...employeeHandlers());
  // Used after the feature's handlers, so these come first.
  server.use(
    http.get('/api/users', () => HttpResponse.json<Page<EmployeeRecord>>({ items: [requested, secured] })),
    // Other ids (stats, directory) fall through to the feature's handlers.
    http.get('/api/users/:id', ({ params }) => {
      const found = [requested, secured].find((item) => item.id === params.id);
      return found ? HttpResponse.json(found) : undefined;
    }),
  );
});

describe('Employees: access requests and two-factor sign-in', () => {
  it("marks a request on its card and approves it from the details at the version shown", async () => {
    const approvals: unknown[] = [];
    server.use(
      http.post('/api/users/:id/approve', async ({ params, request }) => {
        approvals.push({ id: params.id, ...((await request.json()) as object) });
        return HttpResponse.json<EmployeeRecord>({ ...requested, status: 'active', accessRequestedAt: null, version: 2 });
      }),
    );
    const { user } = renderEmployees();
    const card = within(await screen.findByRole('article', { name: 'Kavya Rao' }));
    expect(card.getByText('Access request')).toBeTruthy();
    expect(within(await screen.findByRole('article', { name: 'Nikhil Das' })).queryByText('Access request')).toBeNull();

    await user.click(card.getByRole('button', { name: 'Details' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Kavya Rao' }));
    expect(dialog.getByText(/Requested access on 20 November 2026/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await findToast('status', 'Access approved')).toBeTruthy();
    expect(approvals).toEqual([{ id: 'emp-requested', version: 1 }]);
  });

  it('resets two-factor sign-in after a confirmation', async () => {
    const resets: string[] = [];
    server.use(
      http.post('/api/users/:id/reset-two-factor', ({ params }) => {
        resets.push(String(params.id));
        return HttpResponse.json<EmployeeRecord>({ ...secured, twoFactorEnabled: false, version: 3 });
      }),
    );
    const { user } = renderEmployees();
    await user.click(within(await screen.findByRole('article', { name: 'Nikhil Das' })).getByRole('button', { name: 'Details' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nikhil Das' }));
    expect(dialog.getByText('Two-factor sign-in')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Reset' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Reset two-factor sign-in?' }));
    expect(resets).toEqual([]);
    await user.click(confirm.getByRole('button', { name: 'Reset' }));
    expect(await findToast('status', 'Two-factor sign-in reset')).toBeTruthy();
    expect(resets).toEqual(['emp-secured']);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reset two-factor sign-in?' })).toBeNull());
  });
});
