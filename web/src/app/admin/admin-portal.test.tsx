import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUserFixture, employeeUserFixture, FIXTURE_PASSWORD } from '../../test/admin-fixtures';
import { renderPortal, type User } from '../../test/portal';
import { findToast } from '../../test/render';
import { server } from '../../test/server';
import { siteFixture } from '../../test/fixtures';
import { SETTINGS_MESSAGES, type SettingsAnswer } from '@app/shared-types/settings';

async function signIn(user: User, email: string, password: string) {
  await user.click(await screen.findByLabelText('Email'));
  await user.paste(email);
  await user.click(screen.getByLabelText('Password'));
  await user.paste(password);
  await user.click(screen.getByRole('button', { name: 'Access Admin Portal' }));
}

/** The number a StatCard shows under its label. */
function statValue(label: string) {
  return screen.getByRole('heading', { name: label }).nextElementSibling?.textContent;
}

function sidebar() {
  return within(screen.getByRole('navigation', { name: 'Admin sections' }));
}

describe('admin portal: signing in and out', () => {
  it('shows a spinner while the session is checked, then the login form when signed out', async () => {
    server.use(
      http.get('/api/auth/me', async () => {
        await delay(50);
        return HttpResponse.json({ error: 'Please sign in to continue' }, { status: 401 });
      }),
    );
    renderPortal('/admin', { as: null });

    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Access Admin Portal' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Access Admin Portal' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Admin sections' })).toBeNull();
    expect(document.title).toBe('Sign in · Admin');
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('requires email and password before calling the server, and shows or hides the password', async () => {
    let calls = 0;
    server.use(
      http.post('/api/auth/login', () => {
        calls++;
        return HttpResponse.json({ error: 'unexpected' }, { status: 500 });
      }),
    );
    const { user } = renderPortal('/admin', { as: null });

    await user.click(await screen.findByRole('button', { name: 'Access Admin Portal' }));

    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(calls).toBe(0);

    const password = screen.getByLabelText<HTMLInputElement>('Password');
    expect(password.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });

  it("shows the server's message inline and in a destructive 'Login failed' toast on a wrong password", async () => {
    const { user } = renderPortal('/admin', { as: null });

    await signIn(user, adminUserFixture.email, 'wrong-password');

    const toast = await findToast('alert', 'Login failed');
    expect(within(toast).getByText('Invalid email or password')).toBeTruthy();
    const inline = screen.getAllByRole('alert').find((element) => element !== toast);
    expect(inline?.textContent).toBe('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Access Admin Portal' })).toBeTruthy();
  });

  it("falls back to 'Login failed' when the server gives no message", async () => {
    server.use(http.post('/api/auth/login', () => new HttpResponse(null, { status: 503 })));
    const { user } = renderPortal('/admin', { as: null });

    await signIn(user, adminUserFixture.email, FIXTURE_PASSWORD);

    const toast = await findToast('alert', 'Login failed');
    expect(within(toast).getByText('Login failed', { selector: 'div:not(.MuiAlertTitle-root)' })).toBeTruthy();
  });

  it("shows 'Logging in...' while pending, then the welcome toast and the dashboard's figures", async () => {
    server.use(
      http.post('/api/auth/login', async () => {
        await delay(50);
        return HttpResponse.json({ user: adminUserFixture });
      }),
    );
    const { user } = renderPortal('/admin', { as: null });

    await signIn(user, adminUserFixture.email, FIXTURE_PASSWORD);

    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeTruthy();
    const toast = await findToast('status', 'Login successful');
    expect(within(toast).getByText('Welcome, Asha Rao!')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Total Customers' });
    expect(statValue('Total Customers')).toBe('42');
    expect(statValue('Active Projects')).toBe('7');
    expect(statValue('Pending Quotations')).toBe('5');
    expect(statValue('Active Vendors')).toBe('13');
    expect(screen.getByText('Asha Rao')).toBeTruthy();
    expect(screen.getByText('Admin')).toBeTruthy();
    expect(document.title).toBe('Dashboard · Admin');
  });

  it('keeps the address it was opened at when signing in there', async () => {
    const { user, router } = renderPortal('/admin/vendors', { as: null });

    await signIn(user, adminUserFixture.email, FIXTURE_PASSWORD);

    expect(await screen.findByRole('heading', { name: 'Vendor Management' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/vendors');
  });

  it('opens a deep link to a section once the session check succeeds', async () => {
    const { router } = renderPortal('/admin/leads');

    // The Leads CRM chunk (a data grid) can take a while to load on a busy machine.
    const link = await waitFor(() => sidebar().getByRole('link', { name: 'Leads CRM' }), { timeout: 10_000 });
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(sidebar().getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/leads');
    await waitFor(() => expect(document.title).toBe('Leads CRM · Admin'));
  });

  it('logs out to the login form on the dashboard address and forgets cached data', async () => {
    const { user, router, queryClient } = renderPortal('/admin/projects');

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('button', { name: 'Access Admin Portal' })).toBeTruthy();
    // The login form can show before the dashboard's route module has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(queryClient.getQueryData(['auth', 'me'])).toBeNull();
    expect(queryClient.getQueryCache().findAll().map((query) => query.queryKey[0])).not.toContain('dashboard');
  });

  it('ends the session only once the reads in flight have come back, so none is refused on its way', async () => {
    const { user, queryClient } = renderPortal('/admin/projects');
    let loggedOut = false;
    server.use(
      http.post('/api/auth/logout', () => {
        loggedOut = true;
        return HttpResponse.json({ ok: true });
      }),
    );
    const logout = await screen.findByRole('button', { name: 'Logout' });
    let finishRead: (value: string) => void = () => undefined;
    void queryClient.fetchQuery({ queryKey: ['slow-read'], queryFn: () => new Promise<string>((resolve) => (finishRead = resolve)) });

    await user.click(logout);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(loggedOut).toBe(false);
    finishRead('done');

    expect(await screen.findByRole('button', { name: 'Access Admin Portal' })).toBeTruthy();
    expect(loggedOut).toBe(true);
  });

  it('still signs out locally when the logout call fails', async () => {
    const { user, router } = renderPortal('/admin/blog');
    server.use(http.post('/api/auth/logout', () => HttpResponse.json({ error: 'Server error' }, { status: 500 })));

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('button', { name: 'Access Admin Portal' })).toBeTruthy();
    // The login form can show before the dashboard's route module has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('returns to the login form when the server says the session expired', async () => {
    server.use(
      http.get('/api/dashboard/comprehensive-stats', () =>
        HttpResponse.json({ error: 'Your session has expired. Please sign in again.' }, { status: 401 }),
      ),
    );
    renderPortal('/admin');

    const toast = await findToast('alert', 'Session expired');
    expect(within(toast).getByText('Your session has expired. Please sign in again.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Access Admin Portal' })).toBeTruthy();
  });
});

describe('admin portal: sections and roles', () => {
  it('lists the ten sections in order for an admin, each at its own URL', async () => {
    renderPortal('/admin');

    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    const links = sidebar().getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin'],
      ['Leads CRM', '/admin/leads'],
      ['Projects', '/admin/projects'],
      ['Vendors', '/admin/vendors'],
      ['Finance', '/admin/finance'],
      ['Quotation Builder', '/admin/quotations'],
      ['Attendance', '/admin/attendance'],
      ['Employees', '/admin/employees'],
      ['Blog', '/admin/blog'],
      ['Settings', '/admin/settings'],
    ]);
  });

  it('hides Settings and Finance from an employee and refuses their URLs; Employees stays (the staff directory)', async () => {
    renderPortal('/admin/settings', { as: employeeUserFixture });

    expect(await screen.findByRole('heading', { name: 'You do not have access to this section' })).toBeTruthy();
    const labels = sidebar()
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toContain('Employees');
    expect(labels).not.toContain('Settings');
    expect(labels).not.toContain('Finance');
    expect(labels).toHaveLength(8);
    expect(screen.queryByRole('heading', { name: 'System Settings' })).toBeNull();
    expect(screen.getByText('Employee')).toBeTruthy();
  });

  it('opens Blog Management, the last section to be built, at its own URL', async () => {
    renderPortal('/admin/blog');

    expect(await screen.findByRole('heading', { name: 'Blog Management' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Create Post' })).toBeTruthy();
    expect(screen.queryByText('This section is being built and will be available here soon.')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Blog · Admin'));
  });

  it('shows a not-found panel inside the layout for an unknown admin address', async () => {
    const { user, router } = renderPortal('/admin/xyz');

    expect(await screen.findByRole('heading', { name: 'Page not found.' })).toBeTruthy();
    expect(sidebar().getByRole('link', { name: 'Dashboard' })).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    // The dashboard's route module may still be loading when the click returns.
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it("serves the portal at '/' on an admin host, with links under '/'", async () => {
    const { user, router } = renderPortal('/leads', { host: 'admin.example.com' });

    // The Leads CRM chunk (a data grid) can take a while to load on a busy machine.
    const link = await waitFor(() => sidebar().getByRole('link', { name: 'Leads CRM' }), { timeout: 10_000 });
    expect(link.getAttribute('href')).toBe('/leads');
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(sidebar().getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Access Admin Portal' })).toBeTruthy();
    // The login form can show before the dashboard's route module has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('admin dashboard', () => {
  it('lists new leads and due follow-ups, each opening the lead in the CRM', async () => {
    const { user, router } = renderPortal('/admin');

    const newLeads = within(await screen.findByRole('region', { name: 'New leads' }));
    expect(newLeads.getByLabelText('9 in total')).toBeTruthy();
    expect(newLeads.getByText('Meera Iyer')).toBeTruthy();
    expect(newLeads.getByText('Website · +91 98490 11111 · 10 January 2025')).toBeTruthy();

    const followUps = within(screen.getByRole('region', { name: 'Follow-ups due today' }));
    const row = followUps.getByRole('link', { name: /Lakshmi Menon/ });
    expect(within(row).getByText('overdue')).toBeTruthy();
    expect(row.getAttribute('href')).toBe('/admin/leads?lead=lead-due-1');

    await user.click(newLeads.getByRole('link', { name: /Meera Iyer/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/leads'), { timeout: 10_000 });
    expect(router.state.location.search).toBe('?lead=lead-new-1');
  });

  it('points the quick actions at their sections', async () => {
    renderPortal('/admin');

    const actions = within(await screen.findByRole('region', { name: 'Quick Actions' }));
    expect(actions.getByRole('link', { name: 'Add Customer' }).getAttribute('href')).toBe('/admin/leads?new=1');
    expect(actions.getByRole('link', { name: 'New Project' }).getAttribute('href')).toBe('/admin/projects?new=1');
    expect(actions.getByRole('link', { name: 'Create Quote' }).getAttribute('href')).toBe('/admin/quotations?new=1');
    // A manager and above mark anyone: the Attendance Portal with its Mark Attendance dialog open.
    expect(actions.getByRole('link', { name: 'Mark Attendance' }).getAttribute('href')).toBe('/admin/attendance?new=1');
  });

  it('says so when there are no new leads and no follow-ups', async () => {
    server.use(
      http.get('/api/dashboard/comprehensive-stats', () =>
        HttpResponse.json({
          totalCustomers: 0,
          activeProjects: 0,
          pendingQuotations: 0,
          totalVendors: 0,
          newLeads: [],
          newLeadsCount: 0,
          followUpsDue: [],
        }),
      ),
    );
    renderPortal('/admin');

    expect(await screen.findByText('No new leads')).toBeTruthy();
    expect(screen.getByText('No follow-ups due today')).toBeTruthy();
  });

  it('shows an error with a retry that loads the figures', async () => {
    let fail = true;
    server.use(
      http.get('/api/dashboard/comprehensive-stats', () =>
        fail
          ? HttpResponse.json({ error: 'Something went wrong' }, { status: 500 })
          : HttpResponse.json({
              totalCustomers: 3,
              activeProjects: 2,
              pendingQuotations: 1,
              totalVendors: 4,
              newLeads: [],
              newLeadsCount: 0,
              followUpsDue: [],
            }),
      ),
    );
    const { user } = renderPortal('/admin');

    expect(await screen.findByText('The dashboard could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    await screen.findByRole('heading', { name: 'Total Customers' });
    expect(statValue('Total Customers')).toBe('3');
  });
});

describe('admin portal: the firm as Settings name it', () => {
  it('shows the new company name in the sidebar and the phone header as soon as Settings are saved, without a reload', async () => {
    let site = { ...siteFixture };
    server.use(
      http.get('/api/site', () => HttpResponse.json(site)),
      http.put('/api/settings', async ({ request }) => {
        const body = (await request.json()) as SettingsAnswer;
        site = { ...site, companyName: body.company.companyName };
        return HttpResponse.json({ message: SETTINGS_MESSAGES.updated, settings: { ...body, email: { ...body.email, smtpPasswordSet: true }, version: body.version + 1 } });
      }),
    );
    const { user } = renderPortal('/admin/settings');
    const name = (await screen.findByLabelText('Company Name')) as HTMLInputElement;
    // The sidebar's brand and the phone header's (hidden by CSS on wide screens, still in the page).
    expect(screen.getAllByText(siteFixture.companyName)).toHaveLength(2);
    await user.clear(name);
    await user.paste('Tara Interiors');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await findToast('status', 'Settings updated successfully');
    await waitFor(() => expect(screen.getAllByText('Tara Interiors')).toHaveLength(2));
    expect(within(screen.getByRole('banner')).getByText('Tara Interiors')).toBeTruthy();
    expect(screen.queryByText(siteFixture.companyName)).toBeNull();
  });
});

describe('admin portal: the staff directory for employees and managers (PRODUCT.md roles)', () => {
  const entry = (id: string, name: string, status: string) => ({
    id,
    name,
    email: `${id}@kds.example`,
    phone: '+91 98490 12345',
    department: 'Sales',
    position: 'Sales Head',
    profilePicture: '',
    role: 'manager',
    status,
  });
  for (const role of ['employee', 'manager'] as const) {
    it(`shows a ${role} the directory read-only, without salary or personal data, and never asks for the managed list`, { timeout: 60_000 }, async () => {
      const asked: string[] = [];
      server.use(
        http.get('/api/users/directory', () =>
          HttpResponse.json({ items: [entry('emp-ravi', 'Ravi Kumar', 'active'), entry('emp-farah', 'Farah Khan', 'on_leave'), entry('emp-left', 'Old Hand', 'terminated'), entry('emp-asking', 'New Person', 'inactive')] }),
        ),
      );
      server.events.on('request:start', ({ request }) => {
        asked.push(new URL(request.url).pathname);
      });
      const { user } = renderPortal('/admin', { as: { ...employeeUserFixture, role } });
      const nav = within(await screen.findByRole('navigation', { name: 'Admin sections' }));
      await user.click(nav.getByRole('link', { name: 'Employees' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Staff Directory' }, { timeout: 15_000 })).toBeTruthy();
      const card = await screen.findByRole('article', { name: 'Ravi Kumar' });
      expect(card.textContent).toContain('Sales Head · Sales');
      expect(card.textContent).toContain('+91 98490 12345');
      expect(screen.getByRole('article', { name: 'Farah Khan' })).toBeTruthy();
      // Who left, and access requests, are for admins.
      expect(screen.queryByRole('article', { name: 'Old Hand' })).toBeNull();
      expect(screen.queryByRole('article', { name: 'New Person' })).toBeNull();
      expect(screen.queryByText('You do not have access to this section')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Add Employee' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Departments' })).toBeNull();
      expect(document.querySelector('main')?.textContent).not.toMatch(/salary|Aadhaar|PAN|XXXX|₹/i);
      server.events.removeAllListeners();
      expect(asked).toContain('/api/users/directory');
      expect(asked).not.toContain('/api/users');
      expect(asked).not.toContain('/api/users/stats');
    });
  }
});
