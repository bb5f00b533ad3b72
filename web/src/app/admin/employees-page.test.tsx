import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { leadsAssignedMessage, STALE_EMPLOYEE_MESSAGE, type EmployeeRecord } from '@app/shared-types/employees';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLEAR_PII, employeeFixtures, employeeHandlers } from '../../features/employees/test-fixtures';
import { choose, enter, replace } from '../../test/portal';
import { findToast, renderRoute } from '../../test/render';
import { server } from '../../test/server';
import { EmployeesPage } from './employees-page';
import { ADMIN_SECTIONS, type AdminRouteHandle } from './sections';

/** The page alone at its path, signed in as the fixture employee `as` (Asha Rao, an admin, unless told). */
function renderEmployees(url = '/admin/employees', as: Pick<EmployeeRecord, 'id' | 'role'> = employeeFixtures[1]!) {
  server.use(http.get('/api/auth/me', () => HttpResponse.json({ user: { id: as.id, name: 'Signed In', email: 'me@kds.example', role: as.role } })));
  const section = ADMIN_SECTIONS.find((item) => item.id === 'employees');
  const handle: AdminRouteHandle = { title: 'Employees', section };
  return renderRoute(url, { routes: [{ path: '/admin/employees', Component: EmployeesPage, handle }] });
}
const SUPERADMIN = employeeFixtures[0]!;

const findCard = (name: string) => screen.findByRole('article', { name });

/** The figure a StatCard shows under its label. */
const statValue = (label: string) => screen.getByRole('heading', { name: label }).nextElementSibling?.textContent;

/** Many fields in one dialog: jsdom is slow with MUI, more so beside other test files. */
const FORM_TEST_TIMEOUT = 30_000;

beforeEach(() => {
  // The leads and attendance fixtures answer the directory too: the employee fixtures come first here.
  server.use(...employeeHandlers());
});

describe('Employees: figures, cards and filters', () => {
  it('shows the four figures and a card per employee with role badge, status, position, department, email and phone', async () => {
    renderEmployees();

    expect(await screen.findByRole('heading', { level: 1, name: 'Employee Management' })).toBeTruthy();
    const card = within(await findCard('Meera Iyer'));
    await waitFor(() => expect(statValue('Total Employees')).toBe('5'));
    expect(statValue('Active')).toBe('4');
    expect(statValue('On Leave')).toBe('1');
    expect(statValue('Departments')).toBe('5');

    expect(card.getByText('Senior Designer · Design')).toBeTruthy();
    expect(card.getByText('Employee')).toBeTruthy();
    expect(card.getByText('Active')).toBeTruthy();
    expect(card.getByText('MI')).toBeTruthy();
    expect(card.getByRole('link', { name: 'meera@kds.example' }).getAttribute('href')).toBe('mailto:meera@kds.example');
    expect(card.getByRole('link', { name: '+91 98480 22222' })).toBeTruthy();
    expect(within(await findCard('Farah Khan')).getByText('On Leave')).toBeTruthy();
    expect(within(await findCard('Vikram Rao')).getByText('Super Admin')).toBeTruthy();
    expect(within(await findCard('Ravi Kumar')).getByText('Manager')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(employeeFixtures.length);
  });

  it('sends department, role, status and the search to the server and keeps them in the URL', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/api/users', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [] });
      }),
    );
    const { user, router } = renderEmployees('/admin/employees?department=Design');

    expect(await screen.findByText('No employees found matching your criteria')).toBeTruthy();
    expect(queries[0]?.get('department')).toBe('Design');
    const bar = () => within(screen.getByRole('region', { name: 'Filter employees' }));
    await choose(user, bar(), 'Role', 'Manager');
    await waitFor(() => expect(queries.at(-1)?.get('role')).toBe('manager'));
    await choose(user, bar(), 'Status', 'On Leave');
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('on_leave'));
    await user.type(screen.getByLabelText('Search employees'), 'ravi');
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('ravi'));
    expect(queries.at(-1)?.get('department')).toBe('Design');
    expect(router.state.location.search).toContain('role=manager');
    expect(router.state.location.search).toContain('status=on_leave');
    expect(router.state.location.search).toContain('q=ravi');
  });
});

describe('Employees: role rules in the screen', () => {
  it('an admin edits and deletes employees and managers only, never admins, superadmins or themselves, and gives only employee or manager', async () => {
    const { user } = renderEmployees();

    const ravi = within(await findCard('Ravi Kumar'));
    expect(ravi.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(ravi.getByRole('button', { name: 'Delete' })).toBeTruthy();
    for (const name of ['Vikram Rao', 'Asha Rao']) {
      const card = within(await findCard(name));
      expect(card.getByRole('button', { name: 'Details' })).toBeTruthy();
      expect(card.queryByRole('button', { name: 'Edit' })).toBeNull();
      expect(card.queryByRole('button', { name: 'Delete' })).toBeNull();
    }

    await user.click(screen.getByRole('button', { name: 'Add Employee' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Employee' }));
    await user.click(dialog.getByRole('combobox', { name: 'Role' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Employee', 'Manager']);
  });

  it('a superadmin gives every role and edits admins, but cannot delete, demote or deactivate themselves', async () => {
    const { user } = renderEmployees('/admin/employees', SUPERADMIN);

    const admin = within(await findCard('Asha Rao'));
    await waitFor(() => expect(admin.getByRole('button', { name: 'Delete' })).toBeTruthy());
    expect(admin.getByRole('button', { name: 'Edit' })).toBeTruthy();
    const self = within(await findCard('Vikram Rao'));
    await waitFor(() => expect(self.queryByRole('button', { name: 'Delete' })).toBeNull());
    await user.click(self.getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Employee' }));
    expect(dialog.getByRole('combobox', { name: 'Role' }).getAttribute('aria-disabled')).toBe('true');
    expect(dialog.getByRole('combobox', { name: 'Status' }).getAttribute('aria-disabled')).toBe('true');
    expect(dialog.getByText('You cannot change your own role')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Employee' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Add Employee' }));
    const add = within(await screen.findByRole('dialog', { name: 'Add Employee' }));
    await user.click(add.getByRole('combobox', { name: 'Role' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Employee', 'Manager', 'Admin', 'Super Admin']);
  });
});

describe('Employees: Add Employee', { timeout: FORM_TEST_TIMEOUT }, () => {
  it("shows the shared schema's messages, then sends the cleaned employee and shows 'Employee added successfully!'", async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.post('/api/users', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...employeeFixtures[3]!, id: 'emp-new', name: 'Kiran Reddy' }, { status: 201 });
      }),
    );
    const { user } = renderEmployees();

    await user.click(await screen.findByRole('button', { name: 'Add Employee' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Employee' }));
    expect(dialog.getByText('At least 8 characters')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Add Employee' }));
    expect(await dialog.findByText('Full name is required')).toBeTruthy();
    expect(dialog.getByText('Email is required')).toBeTruthy();
    expect(dialog.getByText('Password is required')).toBeTruthy();

    await enter(user, dialog.getByLabelText(/^Full Name/), 'Kiran Reddy');
    await enter(user, dialog.getByLabelText(/^Email/), 'Kiran@KDS.example');
    await enter(user, dialog.getByLabelText(/^Password/), 'long-enough-1');
    await enter(user, dialog.getByLabelText('PAN Number'), 'abcde12345');
    await enter(user, dialog.getByLabelText('Aadhaar Number'), '2345 6789 0123');
    await user.click(dialog.getByRole('button', { name: 'Add Employee' }));
    expect(await dialog.findByText('Enter a valid PAN, e.g. ABCDE1234F')).toBeTruthy();
    expect(dialog.getByText('Enter a valid 12-digit Aadhaar number')).toBeTruthy();
    expect(body).toEqual({});

    await replace(user, dialog.getByLabelText('PAN Number'), 'abcde1234f');
    await replace(user, dialog.getByLabelText('Aadhaar Number'), `2345 6789 0124`);
    await choose(user, dialog, 'Department', 'Design');
    await enter(user, dialog.getByLabelText('Monthly Salary (₹)'), '45,000');
    await user.click(dialog.getByRole('combobox', { name: 'Reporting Manager' }));
    await user.click(await screen.findByRole('option', { name: 'Ravi Kumar (Manager)' }));
    await user.click(dialog.getByRole('button', { name: 'Add Employee' }));

    const toast = await findToast('status', 'Employee added successfully!');
    expect(within(toast).getByText('Kiran Reddy')).toBeTruthy();
    expect(body).toMatchObject({
      name: 'Kiran Reddy',
      email: 'kiran@kds.example',
      password: 'long-enough-1',
      role: 'employee',
      status: 'active',
      department: 'Design',
      salary: 45000,
      reportingManager: 'emp-manager',
      panNumber: 'ABCDE1234F',
      aadharNumber: '234567890124',
    });
    expect(body).not.toHaveProperty('reportingManagerLabel');
    expect(body).not.toHaveProperty('replacing');
  });

  it("shows the server's field message under its field (Settings' longer password minimum)", async () => {
    server.use(
      http.post('/api/users', () =>
        HttpResponse.json({ error: 'Validation failed', fields: { password: 'Password must be at least 12 characters' } }, { status: 400 }),
      ),
    );
    const { user } = renderEmployees();

    await user.click(await screen.findByRole('button', { name: 'Add Employee' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Employee' }));
    await enter(user, dialog.getByLabelText(/^Full Name/), 'Kiran Reddy');
    await enter(user, dialog.getByLabelText(/^Email/), 'kiran@kds.example');
    await enter(user, dialog.getByLabelText(/^Password/), 'eight-ch');
    await user.click(dialog.getByRole('button', { name: 'Add Employee' }));

    expect(await dialog.findByText('Password must be at least 12 characters')).toBeTruthy();
    await findToast('alert', 'Error adding employee');
  });
});

describe('Employees: edit', { timeout: FORM_TEST_TIMEOUT }, () => {
  it('keeps the password blank and the masked personal data unless replaced, and saves with the version it loaded', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.put('/api/users/:id', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ ...employeeFixtures[3]!, position: String(body.position), version: 4 });
      }),
    );
    const { user } = renderEmployees();

    await user.click(within(await findCard('Meera Iyer')).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Employee' }));
    expect(dialog.getByLabelText<HTMLInputElement>(/^Password/).value).toBe('');
    expect(dialog.getByText(/Leave blank to keep the current password/)).toBeTruthy();
    const aadhaar = dialog.getByLabelText<HTMLInputElement>('Aadhaar Number');
    expect(aadhaar.value).toBe('XXXX XXXX 0124');
    expect(aadhaar.readOnly).toBe(true);
    expect(dialog.getByLabelText<HTMLInputElement>('PAN Number').value).toBe('XXXXX1234X');
    expect(dialog.getByLabelText<HTMLInputElement>('Bank Account Number').value).toBe('XXXXXX9012');
    await waitFor(() => expect(dialog.getByRole('combobox', { name: 'Reporting Manager' })).toHaveProperty('value', 'Ravi Kumar'));
    await replace(user, dialog.getByLabelText('Position'), 'Design Lead');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    await findToast('status', 'Employee updated successfully!');
    expect(bodies[0]).toMatchObject({ version: 3, name: 'Meera Iyer', position: 'Design Lead', reportingManager: 'emp-manager', salary: 65000 });
    for (const kept of ['password', 'aadharNumber', 'panNumber', 'bankAccountNumber']) expect(bodies[0]).not.toHaveProperty(kept);
  });

  it('replaces one personal-data field on request, and Keep current goes back to the stored one', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.put('/api/users/:id', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...employeeFixtures[3]!, version: 4 });
      }),
    );
    const { user } = renderEmployees('/admin/employees?employee=emp-designer');

    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Employee' }));
    await user.click(await dialog.findByRole('button', { name: 'Replace Bank Account Number' }));
    await user.click(dialog.getByRole('button', { name: 'Keep the current Bank Account Number' }));
    expect(dialog.getByLabelText<HTMLInputElement>('Bank Account Number').value).toBe('XXXXXX9012');
    await user.click(dialog.getByRole('button', { name: 'Replace PAN Number' }));
    const pan = dialog.getByLabelText<HTMLInputElement>('PAN Number');
    expect(pan.value).toBe('');
    await enter(user, pan, 'pqrst6789z');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    await findToast('status', 'Employee updated successfully!');
    expect(body).toMatchObject({ panNumber: 'PQRST6789Z', version: 3 });
    expect(body).not.toHaveProperty('bankAccountNumber');
    expect(body).not.toHaveProperty('aadharNumber');
  });

  it('explains a stale save (409) field by field and reloads the saved employee', async () => {
    const saved = { ...employeeFixtures[3]!, position: 'Principal Designer', version: 4 };
    server.use(http.put('/api/users/:id', () => HttpResponse.json({ error: STALE_EMPLOYEE_MESSAGE, current: saved }, { status: 409 })));
    const { user } = renderEmployees();

    await user.click(within(await findCard('Meera Iyer')).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Employee' }));
    await replace(user, dialog.getByLabelText('Skills'), 'Revit');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await dialog.findByText(new RegExp(STALE_EMPLOYEE_MESSAGE.replace(/\./g, '\\.')))).toBeTruthy();
    await findToast('alert', 'Error updating employee');
    const changes = within(dialog.getByRole('table', { name: 'What changed' }));
    expect(changes.getByRole('row', { name: 'Position Principal Designer Senior Designer' })).toBeTruthy();
    expect(changes.getByRole('row', { name: 'Skills AutoCAD, SketchUp Revit' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Save Changes' })).toHaveProperty('disabled', true);

    await user.click(dialog.getByRole('button', { name: 'Reload' }));
    const reloaded = within(await screen.findByRole('dialog', { name: 'Edit Employee' }));
    await waitFor(() => expect(reloaded.getByLabelText<HTMLInputElement>('Position').value).toBe('Principal Designer'));
    expect(reloaded.getByRole('button', { name: 'Save Changes' })).toHaveProperty('disabled', false);
  });
});

describe('Employees: details and reveal', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows every field with personal data masked; Reveal asks the server only when clicked and hides the value again after 30 seconds', async () => {
    const reveals: unknown[] = [];
    server.use(
      http.post('/api/users/:id/reveal', async ({ request }) => {
        reveals.push(await request.json());
        return HttpResponse.json({ id: 'emp-designer', values: { aadharNumber: CLEAR_PII['emp-designer']!.aadharNumber } });
      }),
    );
    const { user, queryClient, router } = renderEmployees();

    await user.click(within(await findCard('Meera Iyer')).getByRole('button', { name: 'Details' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Meera Iyer' }));
    expect(router.state.location.search).toContain('view=emp-designer');
    expect(dialog.getByText('Senior Designer')).toBeTruthy();
    expect(dialog.getByText('₹65,000')).toBeTruthy();
    expect(dialog.getByText('5 June 2024')).toBeTruthy();
    expect(await dialog.findByText('Ravi Kumar')).toBeTruthy();
    expect(dialog.getByText('HDFC0001234')).toBeTruthy();
    expect(dialog.getByText('XXXX XXXX 0124')).toBeTruthy();
    expect(dialog.getByText('XXXXX1234X')).toBeTruthy();
    expect(dialog.getByText('XXXXXX9012')).toBeTruthy();
    expect(reveals).toEqual([]);

    // Only the countdown's interval is faked: the rest of the page runs on real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await user.click(dialog.getByRole('button', { name: 'Reveal Aadhaar Number' }));
    expect(await dialog.findByText('234567890124')).toBeTruthy();
    expect(reveals).toEqual([{ fields: ['aadharNumber'] }]);
    expect(dialog.getByText('Hides in 30 s')).toBeTruthy();
    expect(dialog.getByText('XXXXX1234X')).toBeTruthy();

    act(() => vi.advanceTimersByTime(29_000));
    expect(dialog.getByText('234567890124')).toBeTruthy();
    expect(dialog.getByText('Hides in 1 s')).toBeTruthy();

    act(() => vi.advanceTimersByTime(1_000));
    expect(dialog.queryByText('234567890124')).toBeNull();
    expect(dialog.getByText('XXXX XXXX 0124')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Reveal Aadhaar Number' })).toBeTruthy();
    // Never kept in react-query's caches.
    const cached = JSON.stringify([
      queryClient.getQueryCache().getAll().map((query) => query.state.data),
      queryClient.getMutationCache().getAll().map((mutation) => mutation.state.data),
    ]);
    expect(cached).not.toContain('234567890124');
  });

  it('Hide puts the mask back at once', async () => {
    const { user } = renderEmployees('/admin/employees?view=emp-designer');

    const dialog = within(await screen.findByRole('dialog', { name: 'Meera Iyer' }));
    await user.click(await dialog.findByRole('button', { name: 'Reveal PAN Number' }));
    expect(await dialog.findByText('ABCDE1234F')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Hide PAN Number' }));
    expect(dialog.queryByText('ABCDE1234F')).toBeNull();
    expect(dialog.getByText('XXXXX1234X')).toBeTruthy();
  });

  it('a link to an employee beyond the pages loaded asks the server for them', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/users', () => HttpResponse.json({ items: [employeeFixtures[2]!], nextCursor: 'page-2' })),
      http.get('/api/users/:id', ({ params }) => {
        // /stats and /directory go on to their own handlers.
        if (params.id === 'stats' || params.id === 'directory') return undefined;
        asked.push(String(params.id));
        return HttpResponse.json(employeeFixtures[3]!);
      }),
    );
    renderEmployees('/admin/employees?view=emp-designer');

    const dialog = within(await screen.findByRole('dialog', { name: 'Meera Iyer' }));
    expect(dialog.getByText('XXXXX1234X')).toBeTruthy();
    expect(asked).toEqual(['emp-designer']);
  });

  it('an admin cannot reveal or edit a superadmin from the details', async () => {
    const { user } = renderEmployees();

    await user.click(within(await findCard('Vikram Rao')).getByRole('button', { name: 'Details' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Vikram Rao' }));
    expect(dialog.getByText('Founder')).toBeTruthy();
    expect(dialog.queryByRole('button', { name: /^Reveal/ })).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});

describe('Employees: delete', () => {
  it("asks, deletes and shows 'Employee deleted successfully!'", async () => {
    let deleted = '';
    server.use(
      http.delete('/api/users/:id', ({ params }) => {
        deleted = String(params.id);
        return HttpResponse.json({ id: deleted });
      }),
    );
    const { user } = renderEmployees();

    await user.click(within(await findCard('Farah Khan')).getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete this employee?' }));
    expect(confirm.getByText(/Farah Khan will be deleted/)).toBeTruthy();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));

    const toast = await findToast('status', 'Employee deleted successfully!');
    expect(within(toast).getByText('Farah Khan')).toBeTruthy();
    expect(deleted).toBe('emp-leave');
  });

  it("shows the server's reason in the dialog when it refuses (leads assigned: reassign first)", async () => {
    server.use(http.delete('/api/users/:id', () => HttpResponse.json({ error: leadsAssignedMessage(3) }, { status: 409 })));
    const { user } = renderEmployees();

    await user.click(within(await findCard('Ravi Kumar')).getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete this employee?' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));

    expect(await confirm.findByText('This employee has 3 leads assigned. Reassign them first.')).toBeTruthy();
    await findToast('alert', 'Error deleting employee');
    expect(confirm.queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(confirm.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this employee?' })).toBeNull());
  });
});
