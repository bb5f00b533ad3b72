import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { BulkImportInput, BulkImportResult, Lead } from '@app/shared-types/leads';
import { describe, expect, it } from 'vitest';
import { analyticsFixture, leadDetailFixture, leadFixtures, makeLead } from '../../features/leads/test-fixtures';
import { makeQuotation } from '../../features/quotations/test-fixtures';
import { findToast } from '../../test/render';
import { enter, renderPortalPage, type User } from '../../test/portal';
import { server } from '../../test/server';
import { LeadsPage } from './leads-page';

/** The Leads page alone; the session is a user with `role`. */
const renderLeads = (url = '/admin/leads', role = 'admin') =>
  renderPortalPage(url, { path: '/admin/leads', Component: LeadsPage, section: 'leads', role });

/** The number a StatCard shows under its label. */
function statValue(label: string) {
  return screen.getByRole('heading', { name: label }).nextElementSibling?.textContent;
}

/** The table row whose Name cell reads `name`. */
async function findRow(name: string) {
  const cell = await waitFor(() => {
    const match = screen.getAllByRole('gridcell', { name }).find((item) => item.dataset.field === 'name');
    if (!match) throw new Error(`no Name cell '${name}'`);
    return match;
  });
  const row = cell.closest('[role="row"]');
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${name}`);
  return row;
}

describe('Leads CRM: list', () => {
  it('shows the figures and a page of leads from the API, and asks for the next page with its cursor', async () => {
    const cursors: (string | null)[] = [];
    server.use(
      http.get('/api/leads', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        return cursor === 'page-2'
          ? HttpResponse.json({ items: [makeLead({ id: 'lead-9', name: 'Second Page Lead', phone: '9848012399' })] })
          : HttpResponse.json({ items: leadFixtures, nextCursor: 'page-2' });
      }),
    );
    const { user } = renderLeads();

    const row = within(await findRow('Ravi Kumar'));
    await waitFor(() => expect(statValue('Total Leads')).toBe('48'));
    expect(statValue('New Leads')).toBe('12');
    expect(statValue('Quoted')).toBe('9');
    expect(statValue('Won')).toBe('7');
    expect(statValue('Conversion Rate')).toBe(`${analyticsFixture.conversionRate.toFixed(1)}%`);
    expect(row.getByText('₹12,50,000')).toBeTruthy();
    expect(row.getByText('Quoted')).toBeTruthy();
    expect(row.getByText('3 Feb 2025')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await findRow('Second Page Lead')).toBeTruthy();
    expect(cursors).toEqual([null, 'page-2']);
  });

  it("shows 'Loading leads...', sends the filters from the URL, says 'No leads found' and keeps a changed filter in the URL", async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/api/leads', async ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        await delay(50);
        return HttpResponse.json({ items: [] });
      }),
    );
    const { user, router } = renderLeads('/admin/leads?source=Referral&q=anita');

    expect(await screen.findByText('Loading leads...')).toBeTruthy();
    expect(await screen.findByText('No leads found')).toBeTruthy();
    expect(queries[0]?.get('source')).toBe('Referral');
    expect(queries[0]?.get('q')).toBe('anita');
    expect(queries[0]?.get('limit')).toBe('25');
    expect(screen.getByLabelText<HTMLInputElement>('Search leads').value).toBe('anita');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Follow-up' }));

    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('Follow-up'));
    expect(router.state.location.search).toContain('status=Follow-up');
    expect(queries.at(-1)?.get('source')).toBe('Referral');
  });

  it("filters by assignee: 'My leads' and the active employees from the staff directory", async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/api/leads', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [] });
      }),
    );
    const { user, router } = renderLeads('/admin/leads');
    await user.click(await screen.findByRole('combobox', { name: 'Assigned To' }));
    expect(await screen.findByRole('option', { name: 'Assistant 1' })).toBeTruthy();
    await user.click(await screen.findByRole('option', { name: 'My leads' }));
    await waitFor(() => expect(queries.at(-1)?.get('assignedTo')).toBe('me'));
    expect(router.state.location.search).toContain('assignedTo=me');

    await user.click(screen.getByRole('combobox', { name: 'Assigned To' }));
    await user.click(await screen.findByRole('option', { name: 'Assistant 1' }));
    await waitFor(() => expect(queries.at(-1)?.get('assignedTo')).toBe('salesperson-assistant-1'));
  });
});

describe('Leads CRM: Add Lead', () => {
  it("sends the lead with the budget as a whole number and shows 'Lead added successfully'", async () => {
    let body: unknown;
    server.use(
      http.post('/api/leads', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeLead({ id: 'new-1', name: 'Meera', phone: '9848011111' }), { status: 201 });
      }),
    );
    const { user, router } = renderLeads('/admin/leads?new=1');

    const dialog = within(await screen.findByRole('dialog', { name: 'Add Lead' }));
    // Typed key by key once (the page's one real typing flow); other fields are pasted.
    await user.type(dialog.getByLabelText(/^Name/), 'Meera Iyer');
    await enter(user, dialog.getByLabelText(/^Phone/), '+91 98480 11111');
    await enter(user, dialog.getByLabelText('Budget (₹)'), '7,50,000');
    await user.click(dialog.getByRole('combobox', { name: 'Project Type' }));
    await user.click(await screen.findByRole('option', { name: 'Villa' }));
    await user.click(dialog.getByRole('button', { name: 'Add Lead' }));

    await findToast('status', 'Lead added successfully');
    expect(body).toMatchObject({
      name: 'Meera Iyer',
      phone: '+91 98480 11111',
      budget: 750000,
      projectType: 'Villa',
      source: 'Direct Call',
      status: 'New',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Lead' })).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it("shows 'Failed to add lead' with the server's message when the phone is taken", async () => {
    server.use(
      http.post('/api/leads', () =>
        HttpResponse.json({ error: 'This phone number already belongs to Ravi Kumar' }, { status: 409 }),
      ),
    );
    const { user } = renderLeads('/admin/leads?new=1');

    const dialog = within(await screen.findByRole('dialog', { name: 'Add Lead' }));
    await enter(user, dialog.getByLabelText(/^Name/), 'Ravi');
    await enter(user, dialog.getByLabelText(/^Phone/), '9848012345');
    await user.click(dialog.getByRole('button', { name: 'Add Lead' }));

    const toast = await findToast('alert', 'Failed to add lead');
    expect(within(toast).getByText('This phone number already belongs to Ravi Kumar')).toBeTruthy();
    expect(dialog.getByText('This phone number already belongs to Ravi Kumar')).toBeTruthy();
  });
});

describe('Leads CRM: Bulk Import', () => {
  async function openPaste(user: User) {
    await user.click(await screen.findByRole('button', { name: 'Bulk Import' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Bulk Import' }));
    await user.click(dialog.getByRole('tab', { name: 'Paste Data' }));
    return dialog;
  }

  it('previews valid, invalid and duplicate rows, then imports the chosen ones', async () => {
    const requests: BulkImportInput[] = [];
    const rows: BulkImportResult['rows'] = [
      { index: 0, status: 'valid', lead: { name: 'Meera', phone: '9848011111', email: '', source: 'Website', budget: 0, projectType: '', location: '', requirements: '' } },
      { index: 1, status: 'invalid', errors: { phone: 'Enter a valid phone number (at least 10 digits)' } },
      {
        index: 2,
        status: 'duplicate',
        lead: { name: 'Ravi K', phone: '9848012345', email: '', source: 'Referral', budget: 0, projectType: '', location: '', requirements: '' },
        existing: { id: 'lead-1', name: 'Ravi Kumar' },
        reason: 'This phone number already belongs to Ravi Kumar',
      },
    ];
    server.use(
      http.post('/api/leads/bulk-import', async ({ request }) => {
        const input = (await request.json()) as BulkImportInput;
        requests.push(input);
        const created = input.dryRun ? [] : [makeLead({ id: 'n-1', name: 'Meera', phone: '9848011111' })];
        return HttpResponse.json<BulkImportResult>({ leads: created, merged: input.dryRun ? 0 : 1, skipped: 1, rows });
      }),
    );
    const { user } = renderLeads();
    const dialog = await openPaste(user);

    await enter(
      user,
      dialog.getByLabelText('Lead data'),
      'Meera, 9848011111, , Website\nBad Phone, 12, , Website\n"Ravi K", 9848012345, , Referral, , , "Flat 4, Road 2"',
    );
    await user.click(dialog.getByRole('button', { name: 'Preview' }));

    const invalid = within(await dialog.findByRole('region', { name: 'Invalid rows' }));
    expect(invalid.getByText('Phone: Enter a valid phone number (at least 10 digits)')).toBeTruthy();
    expect(invalid.getByText('Bad Phone · 12')).toBeTruthy();
    expect(within(dialog.getByRole('region', { name: 'Ready to import' })).getByText('Meera · 9848011111')).toBeTruthy();
    const duplicates = within(dialog.getByRole('region', { name: 'Already in the CRM' }));
    expect(duplicates.getByText('This phone number already belongs to Ravi Kumar')).toBeTruthy();
    expect(requests[0]).toMatchObject({ dryRun: true, includeDuplicates: [] });
    expect(requests[0]?.leadsData[2]).toMatchObject({ name: 'Ravi K', location: 'Flat 4, Road 2' });

    await user.click(duplicates.getByRole('checkbox', { name: /Add to existing lead's timeline/ }));
    await user.click(dialog.getByRole('button', { name: 'Import 2 rows' }));

    const toast = await findToast('status', 'Bulk import successful');
    expect(within(toast).getByText("1 lead imported, 1 row added to existing leads' timelines, 1 row skipped")).toBeTruthy();
    expect(requests[1]).toMatchObject({ dryRun: false, includeDuplicates: [2] });
    expect(requests[1]?.leadsData).toHaveLength(3);
  });

  it('reads an uploaded CSV file with a header row', async () => {
    const requests: BulkImportInput[] = [];
    server.use(
      http.post('/api/leads/bulk-import', async ({ request }) => {
        requests.push((await request.json()) as BulkImportInput);
        return HttpResponse.json<BulkImportResult>({ leads: [], merged: 0, skipped: 0, rows: [] });
      }),
    );
    const { user } = renderLeads();
    await user.click(await screen.findByRole('button', { name: 'Bulk Import' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Bulk Import' }));

    const file = new File(['Name,Source,Phone\n"Iyer, Meera",Instagram,9848011111\n'], 'leads.csv', { type: 'text/csv' });
    await user.upload(dialog.getByTestId('import-file'), file);
    expect(await dialog.findByText('leads.csv: 1 row read')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Preview' }));

    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.leadsData).toEqual([
      { name: 'Iyer, Meera', phone: '9848011111', email: '', source: 'Instagram', budget: '', projectType: '', location: '', requirements: '' },
    ]);
  });

  it("asks 'Discard changes?' on Escape once lines are pasted: Cancel keeps them, Discard closes; an empty dialog just closes", async () => {
    const { user } = renderLeads();
    const dialog = await openPaste(user);
    await enter(user, dialog.getByLabelText('Lead data'), 'Meera, 9848011111, , Website');
    await user.keyboard('{Escape}');
    const asked = within(await screen.findByRole('dialog', { name: 'Discard changes?' }));
    await user.click(asked.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull());
    expect(dialog.getByLabelText<HTMLTextAreaElement>('Lead data').value).toBe('Meera, 9848011111, , Website');

    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bulk Import' })).toBeNull());

    // Opened again: empty, and Escape closes it without a question.
    const again = await openPaste(user);
    expect(again.getByLabelText<HTMLTextAreaElement>('Lead data').value).toBe('');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bulk Import' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull();
  });
});

describe('Leads CRM: bulk actions', () => {
  it('assigns the selected leads on the server and clears the selection', async () => {
    let body: unknown;
    server.use(
      http.post('/api/leads/bulk-update', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ updated: leadFixtures.slice(0, 2), notFound: [], conflicted: [] });
      }),
    );
    const { user } = renderLeads();

    await user.click(within(await findRow('Ravi Kumar')).getByRole('checkbox'));
    await user.click(within(await findRow('Anita Sharma')).getByRole('checkbox'));
    expect(screen.getByText('2 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Assign to' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Assistant 2' }));

    const toast = await findToast('status', '2 leads updated');
    expect(within(toast).getByText('Assigned to Assistant 2')).toBeTruthy();
    expect(body).toEqual({ ids: ['lead-1', 'lead-2'], assignedTo: 'salesperson-assistant-2' });
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());
  });

  it('says how many leads were not changed when others were editing them', async () => {
    server.use(http.post('/api/leads/bulk-update', () => HttpResponse.json({ updated: leadFixtures.slice(0, 1), notFound: [], conflicted: ['lead-2'] })));
    const { user } = renderLeads();

    await user.click(within(await findRow('Ravi Kumar')).getByRole('checkbox'));
    await user.click(within(await findRow('Anita Sharma')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Quoted' }));

    const toast = await findToast('status', '1 lead updated');
    expect(within(toast).getByText('Status changed to Quoted. 1 lead was not changed: someone else was editing it. Try again.')).toBeTruthy();
  });

  it('lists one WhatsApp link per lead when several are selected', async () => {
    const { user } = renderLeads();

    await user.click(within(await findRow('Ravi Kumar')).getByRole('checkbox'));
    await user.click(within(await findRow('Farhan Ali')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'WhatsApp' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Message on WhatsApp' }));
    expect(dialog.getByRole('link', { name: 'WhatsApp Ravi Kumar' }).getAttribute('href')).toBe('https://wa.me/919848012345');
    expect(dialog.getByRole('link', { name: 'WhatsApp Farhan Ali' }).getAttribute('href')).toBe('https://wa.me/919848012347');
  });
});

describe('Leads CRM: lead detail', () => {
  it("lists the lead's quotations, a calculator lead's draft among them, each opening in the builder (issue 26)", async () => {
    let asked = '';
    server.use(
      http.get('/api/quotations', ({ request }) => {
        asked = new URL(request.url).searchParams.get('leadId') ?? '';
        return HttpResponse.json({ items: [makeQuotation({ id: 'quote-draft', quotationNumber: 'KDS/2026-27/0107', status: 'draft', leadId: 'lead-1', validUntil: '2999-01-01' })] });
      }),
    );
    renderLeads('/admin/leads?lead=lead-1', 'admin');
    const drawer = within(await screen.findByRole('dialog', { name: 'Ravi Kumar' }));
    const quotes = within(await drawer.findByRole('list', { name: 'Quotations of the lead' }));
    expect(quotes.getByRole('link', { name: 'KDS/2026-27/0107' }).getAttribute('href')).toBe('/admin/quotations?quote=quote-draft');
    expect(quotes.getByText('Draft')).toBeTruthy();
    expect(asked).toBe('lead-1');
  });

  it('opens from a row click with contact links and the timeline, saves a status change with its version and adds a call', async () => {
    let update: unknown;
    let call: unknown;
    server.use(
      http.put('/api/leads/:id', async ({ request }) => {
        update = await request.json();
        return HttpResponse.json<Lead>({ ...leadDetailFixture.lead, status: 'Won', version: 5 });
      }),
      http.post('/api/leads/:id/communications', async ({ request }) => {
        call = await request.json();
        return HttpResponse.json(
          { id: 't-9', type: 'call', content: 'Site visit fixed', createdBy: 'Asha', createdAt: '2025-01-13T10:00:00.000Z' },
          { status: 201 },
        );
      }),
    );
    const { user, router } = renderLeads('/admin/leads', 'admin');

    await user.click(within(await findRow('Ravi Kumar')).getByText('+91 98480 12345'));

    const drawer = within(await screen.findByRole('dialog', { name: 'Ravi Kumar' }));
    expect(router.state.location.search).toBe('?lead=lead-1');
    expect(drawer.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe('https://wa.me/919848012345');
    expect(drawer.getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:9848012345');
    expect(drawer.getByRole('link', { name: 'Email' }).getAttribute('href')).toBe('mailto:ravi@example.com');
    expect(drawer.getByRole('link', { name: 'Create quote' }).getAttribute('href')).toBe('/admin/quotations?new=1&lead=lead-1');
    const entries = within(await drawer.findByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('Status: New → Quoted'),
      expect.stringContaining('Wants a modular kitchen first.'),
      expect.stringContaining('Calculator: 3BHK, premium, 1450 sq ft'),
    ]);
    expect(entries[0]?.textContent).toContain('Asha Rao');
    expect(drawer.getByRole('button', { name: 'Delete lead' })).toBeTruthy();

    await user.click(drawer.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Won' }));
    const updated = await findToast('status', 'Lead updated');
    expect(update).toEqual({ version: 4, status: 'Won' });
    // One toast shows at a time: close this one so the next can show.
    await user.click(within(updated).getByRole('button', { name: 'Close' }));

    await user.click(drawer.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Call' }));
    await enter(user, drawer.getByLabelText('What happened?'), 'Site visit fixed');
    await user.click(drawer.getByRole('button', { name: 'Add to timeline' }));

    await findToast('status', 'Added to timeline');
    expect(call).toEqual({ type: 'call', content: 'Site visit fixed' });
  });

  it('explains a stale update (409) with what changed, and reloads the lead on request', async () => {
    let loads = 0;
    const current = { ...leadDetailFixture.lead, priority: 'high', version: leadDetailFixture.lead.version + 1 };
    server.use(
      http.get('/api/leads/lead-1', () => {
        loads++;
        return HttpResponse.json(leadDetailFixture);
      }),
      http.put('/api/leads/:id', () => HttpResponse.json({ error: 'This lead was changed by someone else', current }, { status: 409 })),
    );
    const { user } = renderLeads('/admin/leads?lead=lead-1');

    const drawer = within(await screen.findByRole('dialog', { name: 'Ravi Kumar' }));
    await user.click(drawer.getByRole('combobox', { name: 'Priority' }));
    await user.click(await screen.findByRole('option', { name: 'Urgent' }));

    const stale = /Someone else changed this lead\. Reload it to see their changes\./;
    expect(await drawer.findByText(stale)).toBeTruthy();
    const changes = within(drawer.getByRole('table', { name: 'What changed' }));
    expect(changes.getByRole('row', { name: 'Priority high urgent' })).toBeTruthy();
    expect(loads).toBe(1);
    await user.click(drawer.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(loads).toBe(2));
    expect(drawer.queryByText(stale)).toBeNull();
  });

  it('hides Delete from employees and deletes after confirmation for managers', async () => {
    const employee = renderLeads('/admin/leads?lead=lead-1', 'employee');
    await screen.findByRole('dialog', { name: 'Ravi Kumar' });
    await screen.findByRole('list', { name: 'Timeline' });
    expect(screen.queryByRole('button', { name: 'Delete lead' })).toBeNull();
    employee.unmount();

    let deleted = '';
    server.use(
      http.delete('/api/leads/:id', ({ params }) => {
        deleted = String(params.id);
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user, router } = renderLeads('/admin/leads?lead=lead-1', 'manager');
    const drawer = within(await screen.findByRole('dialog', { name: 'Ravi Kumar' }));
    await user.click(await drawer.findByRole('button', { name: 'Delete lead' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete this lead?' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));

    await findToast('status', 'Lead deleted');
    expect(deleted).toBe('lead-1');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('Leads CRM: convert to customer', () => {
  const wonLead = makeLead({ id: 'lead-won', name: 'Kavya Menon', phone: '9848099999', status: 'Won', budget: 650000, projectType: '2BHK', location: 'Kondapur', version: 3 });

  it('converts a Won lead into a customer and a project, then links both', async () => {
    let body: unknown;
    const conversion = {
      customerId: 'cust-1',
      customerName: 'Kavya Menon',
      projectId: 'proj-1',
      projectName: 'Menon kitchen',
      convertedAt: '2026-11-21T10:00:00.000Z',
      convertedBy: 'Asha',
    };
    let saved = wonLead;
    server.use(
      http.get('/api/leads/lead-won', () => HttpResponse.json({ lead: saved, timeline: [] })),
      http.post('/api/leads/lead-won/convert', async ({ request }) => {
        body = await request.json();
        saved = { ...wonLead, conversion, version: 4 };
        return HttpResponse.json(
          { lead: { ...wonLead, conversion, version: 4 }, customer: { id: 'cust-1' }, project: { id: 'proj-1', name: 'Menon kitchen' } },
          { status: 201 },
        );
      }),
    );
    const { user } = renderLeads('/admin/leads?lead=lead-won');
    const drawer = within(await screen.findByRole('dialog', { name: 'Kavya Menon' }));
    await user.click(drawer.getByRole('button', { name: 'Convert to customer' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Convert to customer' }));
    expect((dialog.getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe('Kavya');
    expect((dialog.getByRole('textbox', { name: 'Last name' }) as HTMLInputElement).value).toBe('Menon');
    const name = dialog.getByRole('textbox', { name: 'Project name' });
    await user.clear(name);
    await enter(user, name, 'Menon kitchen');
    await user.click(dialog.getByRole('button', { name: 'Convert' }));

    await findToast('status', 'Lead converted');
    expect(body).toEqual({
      version: 3,
      customer: { firstName: 'Kavya', lastName: 'Menon', email: '', address: '', city: 'Hyderabad' },
      project: { name: 'Menon kitchen', projectType: '2BHK', estimatedBudget: 650000, siteAddress: 'Kondapur' },
    });
    expect((await drawer.findByRole('link', { name: 'Kavya Menon' })).getAttribute('href')).toBe('/admin/projects?tab=customers&customer=cust-1');
    expect(drawer.getByRole('link', { name: 'Menon kitchen' }).getAttribute('href')).toBe('/admin/projects?project=proj-1');
    expect(drawer.queryByRole('button', { name: 'Convert to customer' })).toBeNull();
  });

  it('offers no conversion before the lead is Won, and explains a 409 in the dialog', async () => {
    server.use(
      http.get('/api/leads/lead-won', () => HttpResponse.json({ lead: wonLead, timeline: [] })),
      http.post('/api/leads/lead-won/convert', () =>
        HttpResponse.json({ error: 'This lead has already been converted to a customer' }, { status: 409 }),
      ),
    );
    const { user } = renderLeads('/admin/leads?lead=lead-1');
    const open = within(await screen.findByRole('dialog', { name: 'Ravi Kumar' }));
    expect(open.queryByRole('button', { name: 'Convert to customer' })).toBeNull();
    await user.click(open.getByRole('button', { name: 'Close lead details' }));

    const { user: second } = renderLeads('/admin/leads?lead=lead-won');
    const drawers = await screen.findAllByRole('dialog', { name: 'Kavya Menon' });
    await second.click(within(drawers[drawers.length - 1]!).getByRole('button', { name: 'Convert to customer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Convert to customer' }));
    await second.click(dialog.getByRole('button', { name: 'Convert' }));
    expect(await dialog.findByText('This lead has already been converted to a customer')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
