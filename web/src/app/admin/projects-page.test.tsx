import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { Project } from '@app/shared-types/projects';
import { describe, expect, it } from 'vitest';
import { customerFixtures, makeCustomer, makeProject, projectFixtures } from '../../features/project-management/test-fixtures';
import { findToast } from '../../test/render';
import { choose, enter, renderPortalPage, replace, type Scope, type User } from '../../test/portal';
import { server } from '../../test/server';
import { ProjectsPage } from './projects-page';

/** The Project Management page alone; the session is a user with `role`. */
const renderProjects = (url = '/admin/projects', role = 'admin') =>
  renderPortalPage(url, { path: '/admin/projects', Component: ProjectsPage, section: 'projects', role });

/** Picks a customer in the project form: opens the list (the server's first customers) and chooses one. */
async function pickCustomer(user: User, dialog: Scope, option: string) {
  await user.click(dialog.getByRole('combobox', { name: 'Customer' }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const findCard = (name: string) => screen.findByRole('article', { name });

describe('Project Management: projects grid', () => {
  it("shows the heading from the section list and a card per project with its progress, money and dates, and loads the next page with the cursor the first page ended with ('Load more')", async () => {
    const cursors: (string | null)[] = [];
    server.use(
      http.get('/api/projects/manage', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        return cursor === 'page-2'
          ? HttpResponse.json({ items: [makeProject({ id: 'project-9', name: 'Khan villa', projectType: 'Villa' })] })
          : HttpResponse.json({ items: projectFixtures, nextCursor: 'page-2' });
      }),
    );
    const { user } = renderProjects();

    expect(await screen.findByRole('heading', { level: 1, name: 'Project Management' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Projects', selected: true })).toBeTruthy();
    const card = within(await findCard('Nair residence'));
    expect(card.getByText('Priya Nair')).toBeTruthy();
    expect(card.getByText('3BHK')).toBeTruthy();
    expect(card.getByText('Execution')).toBeTruthy();
    expect(card.getByText('High priority')).toBeTruthy();
    expect(card.getByText('On website')).toBeTruthy();
    expect(card.getByText('40%')).toBeTruthy();
    expect(card.getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow')).toBe('40');
    expect(card.getByText('₹12,50,000')).toBeTruthy();
    expect(card.getByText('₹4,80,000')).toBeTruthy();
    expect(card.getByText('6 January 2025')).toBeTruthy();
    expect(card.getByText('30 April 2025')).toBeTruthy();
    const cover = card.getByRole('img', { name: 'Cover photo of Nair residence' });
    expect(cover.getAttribute('srcset')).toContain('cover-480.jpg 480w');

    const other = within(await findCard('Verma office'));
    expect(other.getByText('Urgent priority')).toBeTruthy();
    expect(other.getByText('Not set')).toBeTruthy();
    expect(other.getByText('No photos yet')).toBeTruthy();
    expect(other.queryByText('On website')).toBeNull();
    expect(within(await findCard('Nair kitchen')).getByText('100%')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(projectFixtures.length);

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await findCard('Khan villa')).toBeTruthy();
    expect(cursors).toEqual([null, 'page-2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows a spinner, then sends the search (debounced) and the status to the server and keeps them in the URL', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/api/projects/manage', async ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        await delay(50);
        return HttpResponse.json({ items: [] });
      }),
    );
    const { user, router } = renderProjects('/admin/projects?status=design');

    expect(await screen.findByText('Loading projects...')).toBeTruthy();
    expect(screen.getByRole('progressbar', { hidden: true })).toBeTruthy();
    expect(await screen.findByText('No projects found matching your criteria')).toBeTruthy();
    expect(queries[0]?.get('status')).toBe('design');
    expect(queries[0]?.get('limit')).toBe('24');
    expect(queries[0]?.has('q')).toBe(false);

    await user.type(screen.getByLabelText('Search projects'), 'nair');
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('nair'));
    // One request for the whole word, not one per letter.
    expect(queries.filter((query) => query.has('q'))).toHaveLength(1);
    expect(router.state.location.search).toContain('q=nair');

    const filters = within(screen.getByRole('region', { name: 'Filter projects' }));
    await user.click(filters.getByRole('combobox', { name: 'Status' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['All statuses', 'Planning', 'Design', 'Approval', 'Execution', 'Completed', 'On hold']);
    await user.click(screen.getByRole('option', { name: 'On hold' }));
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('on_hold'));
    expect(queries.at(-1)?.get('q')).toBe('nair');
    expect(router.state.location.search).toContain('status=on_hold');

    await choose(user, filters, 'Status', 'All statuses');
    await waitFor(() => expect(queries.at(-1)?.has('status')).toBe(false));
  });
});

describe('Project Management: New Project', () => {
  it("sends the project cleaned by the shared schema and shows 'Project created successfully!'", async () => {
    let body: unknown;
    server.use(
      http.post('/api/projects', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeProject({ id: 'project-new', name: 'Verma villa', customerId: 'customer-2' }), { status: 201 });
      }),
    );
    const { user, router } = renderProjects();

    await user.click(await screen.findByRole('button', { name: 'New Project' }));
    expect(router.state.location.search).toBe('?new=1');
    const dialog = within(await screen.findByRole('dialog', { name: 'New Project' }));
    await pickCustomer(user, dialog, 'Rahul Verma · +91 90000 11111');
    await enter(user, dialog.getByLabelText(/^Project Name/), 'Verma villa');
    await choose(user, dialog, 'Project Type', 'Villa');
    await enter(user, dialog.getByLabelText('Estimated Budget (₹)'), '12,50,000');
    await user.click(dialog.getByRole('button', { name: 'Create Project' }));

    const toast = await findToast('status', 'Project created successfully!');
    expect(within(toast).getByText('Verma villa')).toBeTruthy();
    expect(body).toEqual({
      customerId: 'customer-2',
      name: 'Verma villa',
      projectType: 'Villa',
      description: '',
      status: 'planning',
      priority: 'medium',
      estimatedBudget: 1250000,
      actualCost: null,
      startDate: null,
      estimatedEndDate: null,
      progress: 0,
      siteAddress: '',
      requirements: '',
      notes: '',
      showOnWebsite: false,
      title: '',
      category: '',
      area: '',
      location: '',
      publicStatus: null,
      slug: '',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Project' })).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('sends a typed web address, and shows a taken one under the field', async () => {
    const bodies: { slug?: string }[] = [];
    server.use(
      http.post('/api/projects', async ({ request }) => {
        bodies.push((await request.json()) as { slug?: string });
        return HttpResponse.json(
          { error: 'Another project already uses this web address', fields: { slug: 'Another project already uses this web address' } },
          { status: 409 },
        );
      }),
    );
    const { user } = renderProjects();
    await user.click(await screen.findByRole('button', { name: 'New Project' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New Project' }));
    await pickCustomer(user, dialog, 'Rahul Verma · +91 90000 11111');
    await enter(user, dialog.getByLabelText(/^Project Name/), 'Verma villa');
    await choose(user, dialog, 'Project Type', 'Villa');
    expect(dialog.getByText('Blank: made from the Public Title (or the project name)')).toBeTruthy();
    await enter(user, dialog.getByLabelText('Web Address'), 'Verma-Villa');
    expect(dialog.getByText("The project's page: /projects/verma-villa")).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Create Project' }));

    await findToast('alert', 'Error creating project');
    expect(bodies.map((body) => body.slug)).toEqual(['verma-villa']);
    expect(await dialog.findByText('Another project already uses this web address')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'New Project' })).toBeTruthy();
  });

  it('adds a new customer from the project form and chooses them', async () => {
    let customerBody: unknown;
    server.use(
      http.post('/api/customers', async ({ request }) => {
        customerBody = await request.json();
        return HttpResponse.json(makeCustomer({ id: 'customer-new', firstName: 'Meera', lastName: 'Iyer', phone: '9848011111' }), { status: 201 });
      }),
    );
    const { user } = renderProjects('/admin/projects?new=1');

    const dialog = within(await screen.findByRole('dialog', { name: 'New Project' }));
    await enter(user, dialog.getByRole('combobox', { name: 'Customer' }), 'Meera Iyer');
    await user.click(dialog.getByRole('button', { name: 'New customer' }));
    const customerDialog = within(await screen.findByRole('dialog', { name: 'Add Customer' }));
    expect(customerDialog.getByLabelText<HTMLInputElement>(/^First Name/).value).toBe('Meera');
    expect(customerDialog.getByLabelText<HTMLInputElement>('Last Name').value).toBe('Iyer');
    await enter(user, customerDialog.getByLabelText(/^Phone/), '9848011111');
    await user.click(customerDialog.getByRole('button', { name: 'Add Customer' }));

    await findToast('status', 'Customer added successfully!');
    expect(customerBody).toMatchObject({ firstName: 'Meera', lastName: 'Iyer', phone: '9848011111' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Customer' })).toBeNull());
    expect(dialog.getByRole<HTMLInputElement>('combobox', { name: 'Customer' }).value).toBe('Meera Iyer · +91 98480 11111');
    // The project form is still open and was not submitted.
    expect(screen.getByRole('dialog', { name: 'New Project' })).toBeTruthy();
  });

});

describe('Project Management: edit', () => {
  it("opens ?project=<id> from the server, saves every field with its version and shows 'Project updated successfully!'", async () => {
    let body: unknown;
    server.use(
      http.put('/api/projects/:id', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json<Project>({ ...projectFixtures[0]!, progress: 55, version: 4 });
      }),
    );
    const { user } = renderProjects('/admin/projects?project=project-1');

    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Project' }));
    // Loaded from GET /api/projects/manage/:id: the grid had not put it in the cache.
    expect((await dialog.findByLabelText<HTMLInputElement>(/^Project Name/)).value).toBe('Nair residence');
    expect(dialog.getByRole<HTMLInputElement>('combobox', { name: 'Customer' }).value).toBe('Priya Nair');
    expect(dialog.getByLabelText<HTMLInputElement>('Estimated Budget (₹)').value).toBe('12,50,000');
    expect(dialog.getByRole('img', { name: 'Photo 1 (cover)' })).toBeTruthy();
    await replace(user, dialog.getByLabelText('Progress'), '55');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    await findToast('status', 'Project updated successfully!');
    expect(body).toMatchObject({
      version: 3,
      customerId: 'customer-1',
      name: 'Nair residence',
      progress: 55,
      estimatedBudget: 1250000,
      actualCost: 480000,
      startDate: '2025-01-06',
      showOnWebsite: true,
      publicStatus: null,
      title: 'Gachibowli 3BHK',
    });
    expect(body).not.toHaveProperty('customerLabel');
  });

  it('explains a stale save (409) in the dialog and loads the saved project from the answer on Reload', async () => {
    const current: Project = { ...projectFixtures[0]!, name: 'Nair residence (phase 2)', progress: 60, version: 4 };
    const versions: unknown[] = [];
    server.use(
      http.put('/api/projects/:id', async ({ request }) => {
        const body = (await request.json()) as { version: number };
        versions.push(body.version);
        return body.version === 3
          ? HttpResponse.json({ error: 'Someone else changed this project. Reload to see their changes.', current }, { status: 409 })
          : HttpResponse.json<Project>({ ...current, version: 5 });
      }),
    );
    const { user } = renderProjects();

    await user.click(within(await findCard('Nair residence')).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Project' }));
    await replace(user, dialog.getByLabelText('Progress'), '45');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await dialog.findByText(/Someone else changed this project\. Reload to see their changes\./)).toBeTruthy();
    const toast = await findToast('alert', 'Error updating project');
    expect(within(toast).getByText('Someone else changed this project. Reload to see their changes.')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Save Changes' })).toHaveProperty('disabled', true);
    // One toast shows at a time: close this one so the next can show.
    await user.click(within(toast).getByRole('button', { name: 'Close' }));

    await user.click(dialog.getByRole('button', { name: 'Reload' }));
    expect(dialog.getByLabelText<HTMLInputElement>(/^Project Name/).value).toBe('Nair residence (phase 2)');
    expect(dialog.getByLabelText<HTMLInputElement>('Progress').value).toBe('60');
    expect(dialog.queryByText(/Someone else changed this project/)).toBeNull();

    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await findToast('status', 'Project updated successfully!');
    expect(versions).toEqual([3, 4]);
  });

});

describe('Project Management: delete', () => {
  it("asks for confirmation, deletes, and shows 'Project deleted successfully!'", async () => {
    let deleted = '';
    server.use(
      http.delete('/api/projects/:id', ({ params }) => {
        deleted = String(params.id);
        return HttpResponse.json({ id: deleted });
      }),
    );
    const { user } = renderProjects('/admin/projects', 'manager');

    await user.click(within(await findCard('Verma office')).getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete this project?' }));
    expect(confirm.getByText(/Verma office and its photos will be deleted/)).toBeTruthy();
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this project?' })).toBeNull());
    expect(deleted).toBe('');

    await user.click(within(await findCard('Verma office')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this project?' })).getByRole('button', { name: 'Delete' }));

    const toast = await findToast('status', 'Project deleted successfully!');
    expect(within(toast).getByText('Verma office')).toBeTruthy();
    expect(deleted).toBe('project-2');
  });

});

describe('Project Management: customers tab', () => {
  it('lists customers with how to reach them, their projects and where they came from', async () => {
    const { user, router } = renderProjects('/admin/projects?tab=customers');

    expect(await screen.findByRole('tab', { name: 'Customers', selected: true })).toBeTruthy();
    const card = within(await findCard('Priya Nair'));
    expect(card.getByRole('link', { name: '+91 98480 33333' }).getAttribute('href')).toBe('tel:+919848033333');
    expect(card.getByRole('link', { name: 'priya@example.com' }).getAttribute('href')).toBe('mailto:priya@example.com');
    expect(card.getByText('Hyderabad')).toBeTruthy();
    expect(card.getByText('From lead')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Create quote' }).getAttribute('href')).toBe('/admin/quotations?new=1&customer=customer-1');
    expect(within(await findCard('Rahul Verma')).queryByText('From lead')).toBeNull();
    expect(within(await findCard('Sana Khan')).getByText('No projects yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Customer' })).toBeTruthy();

    // The project count leads to the customer's projects.
    await user.click(card.getByRole('button', { name: '2 projects' }));
    expect(router.state.location.search).toBe('?q=Priya+Nair');
    expect(await screen.findByRole('tab', { name: 'Projects', selected: true })).toBeTruthy();
    expect(await findCard('Nair residence')).toBeTruthy();
  });

  it("searches on the server, keeps the search in the URL and says 'No customers found matching your criteria'", async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/api/customers', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [] });
      }),
    );
    const { user, router } = renderProjects('/admin/projects?tab=customers');

    expect(await screen.findByText('No customers found matching your criteria')).toBeTruthy();
    await user.type(screen.getByLabelText('Search customers'), '98480');
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('98480'));
    expect(router.state.location.search).toBe('?tab=customers&q=98480');
  });

  it("validates a new customer with the shared schema, then shows 'Customer added successfully!'", async () => {
    let body: unknown;
    server.use(
      http.post('/api/customers', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeCustomer({ id: 'customer-new', firstName: 'Meera', lastName: 'Iyer' }), { status: 201 });
      }),
    );
    const { user } = renderProjects('/admin/projects?tab=customers');

    await user.click(await screen.findByRole('button', { name: 'Add Customer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Customer' }));
    await enter(user, dialog.getByLabelText('Email'), 'not-an-email');
    await user.click(dialog.getByRole('button', { name: 'Add Customer' }));
    expect(await dialog.findByText('First name is required')).toBeTruthy();
    expect(dialog.getByText('Phone number is required')).toBeTruthy();
    expect(dialog.getByText('Enter a valid email address')).toBeTruthy();
    expect(body).toBeUndefined();

    await enter(user, dialog.getByLabelText(/^First Name/), 'Meera');
    await enter(user, dialog.getByLabelText('Last Name'), 'Iyer');
    await enter(user, dialog.getByLabelText(/^Phone/), '+91 98480 11111');
    await replace(user, dialog.getByLabelText('Email'), 'meera@example.com');
    await user.click(dialog.getByRole('button', { name: 'Add Customer' }));

    const toast = await findToast('status', 'Customer added successfully!');
    expect(within(toast).getByText('Meera Iyer')).toBeTruthy();
    expect(body).toEqual({
      firstName: 'Meera',
      lastName: 'Iyer',
      phone: '+91 98480 11111',
      email: 'meera@example.com',
      address: '',
      city: '',
      notes: '',
    });
  });

  it('opens ?tab=customers&customer=<id> for editing and saves with its version', async () => {
    let body: unknown;
    server.use(
      http.put('/api/customers/:id', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...customerFixtures[1]!, city: 'Warangal', version: 2 });
      }),
    );
    const { user, router } = renderProjects('/admin/projects?tab=customers&customer=customer-2');

    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Customer' }));
    expect((await dialog.findByLabelText<HTMLInputElement>(/^First Name/)).value).toBe('Rahul');
    await replace(user, dialog.getByLabelText('City'), 'Warangal');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    await findToast('status', 'Customer updated successfully!');
    expect(body).toMatchObject({ firstName: 'Rahul', lastName: 'Verma', city: 'Warangal', version: 1 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Customer' })).toBeNull());
    expect(router.state.location.search).toBe('?tab=customers');
  });

  it('explains a stale customer save (409) and reloads the saved customer from the answer', async () => {
    const current = { ...customerFixtures[1]!, phone: '9000099999', version: 2 };
    server.use(
      http.put('/api/customers/:id', () =>
        HttpResponse.json({ error: 'Someone else changed this customer. Reload to see their changes.', current }, { status: 409 }),
      ),
    );
    const { user } = renderProjects('/admin/projects?tab=customers');

    await user.click(within(await findCard('Rahul Verma')).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Customer' }));
    await replace(user, dialog.getByLabelText('City'), 'Warangal');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await dialog.findByText(/Someone else changed this customer/)).toBeTruthy();
    await findToast('alert', 'Error updating customer');
    await user.click(dialog.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(dialog.getByLabelText<HTMLInputElement>(/^Phone/).value).toBe('9000099999'));
    expect(dialog.getByLabelText<HTMLInputElement>('City').value).toBe('Secunderabad');
  });

  it('says why a customer with projects cannot be deleted (409), and hides Delete from employees', async () => {
    server.use(
      http.delete('/api/customers/:id', () =>
        HttpResponse.json({ error: 'This customer has 2 projects. Delete or move them to another customer first.' }, { status: 409 }),
      ),
    );
    const { user } = renderProjects('/admin/projects?tab=customers', 'manager');

    await user.click(within(await findCard('Priya Nair')).getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete this customer?' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));

    const message = 'This customer has 2 projects. Delete or move them to another customer first.';
    const toast = await findToast('alert', 'Error deleting customer');
    expect(within(toast).getByText(message)).toBeTruthy();
    expect(await confirm.findByText(message)).toBeTruthy();
    expect(confirm.queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(confirm.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this customer?' })).toBeNull());
  });

  it("deletes a customer without projects and shows 'Customer deleted successfully!'", async () => {
    const { user } = renderProjects('/admin/projects?tab=customers', 'admin');

    await user.click(within(await findCard('Sana Khan')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this customer?' })).getByRole('button', { name: 'Delete' }));

    const toast = await findToast('status', 'Customer deleted successfully!');
    expect(within(toast).getByText('Sana Khan')).toBeTruthy();
  });

});
