import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { MASKED_VALUE } from '@app/shared-types/audit';
import { describe, expect, it, vi } from 'vitest';
import { makeAuditEntry, auditEntryFixtures } from '../../features/audit/test-fixtures';
import { employeeUserFixture } from '../../test/admin-fixtures';
import { choose, renderPortal, renderPortalPage, typeDate } from '../../test/portal';
import { server } from '../../test/server';
import { AuditPage } from './audit-page';
import { SettingsPage } from './settings-page';

const renderAudit = (url = '/admin/audit') => renderPortalPage(url, { path: '/admin/audit', Component: AuditPage });

/** Answers GET /api/audit-log with `answer(query)` and records each query. */
function recordQueries(answer: (query: URLSearchParams) => { items: unknown[]; nextCursor?: string } = () => ({ items: auditEntryFixtures })) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/audit-log', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      return HttpResponse.json(answer(query) as JsonBodyType);
    }),
  );
  return queries;
}

const entriesTable = () => screen.findByRole('table', { name: 'Audit entries' });
const rowOf = async (text: string) => {
  const table = await entriesTable();
  const cell = await within(table).findByText(text);
  const row = cell.closest('tr');
  if (!row) throw new Error(`No row holds '${text}'`);
  return within(row);
};

describe('Audit log', () => {
  it('lists entries with when, who, the entity linked to its record and the action; an entry opens into a readable diff', async () => {
    recordQueries();
    const { user } = renderAudit();

    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Log' })).toBeTruthy();
    const vendor = await rowOf('Sri Sai Timbers & Plywood');
    expect(vendor.getByText('Asha Rao')).toBeTruthy();
    expect(vendor.getByText('Updated')).toBeTruthy();
    expect(vendor.getByText('20 Nov 2026, 3:00 pm')).toBeTruthy();
    expect(vendor.getByRole('link', { name: 'Open Vendor Sri Sai Timbers & Plywood' }).getAttribute('href')).toBe('/admin/vendors?vendor=vendor-1');
    // An entry written before titles were stored: the name its changes hold.
    const lead = await rowOf('Meera Iyer');
    expect(lead.getByText('Created')).toBeTruthy();
    expect(lead.getByText('website')).toBeTruthy();
    expect(lead.getByRole('link', { name: 'Open Lead Meera Iyer' }).getAttribute('href')).toBe('/admin/leads?lead=lead-7');
    expect((await rowOf('System settings')).getByRole('link', { name: 'Open Settings System settings' }).getAttribute('href')).toBe('/admin/settings');

    expect(screen.queryByRole('table', { name: 'Changes of Vendor Sri Sai Timbers & Plywood' })).toBeNull();
    await user.click(vendor.getByRole('button', { name: 'Show changes' }));
    const diff = within(await screen.findByRole('table', { name: 'Changes of Vendor Sri Sai Timbers & Plywood' }));
    const cells = diff.getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Field', 'Before', 'After'],
      ['Name', 'Sri Sai Timbers', 'Sri Sai Timbers & Plywood'],
      ['PAN number', '•••• (masked)', '•••• (masked)'],
      ['Bank details', '—', '•••• (masked)'],
      // Nested: the path, and only the part that changed (the pincode did not).
      ['Address › City', 'Hyderabad', 'Secunderabad'],
    ]);
    expect(vendor.getByRole('button', { name: 'Hide changes' }).getAttribute('aria-expanded')).toBe('true');

    // Settings fields carry the Settings screen's labels.
    await user.click((await rowOf('System settings')).getByRole('button', { name: 'Show changes' }));
    const settings = within(await screen.findByRole('table', { name: 'Changes of Settings System settings' }));
    expect(settings.getByRole('rowheader', { name: 'Company Name' })).toBeTruthy();
    expect(settings.getByRole('rowheader', { name: 'Maintenance mode' }).closest('tr')?.textContent).toBe('Maintenance modeNoYes');
  });

  it('sends the filters in the URL to the server, and changes them there as they are picked', async () => {
    const queries = recordQueries(() => ({ items: [] }));
    server.use(
      http.get('/api/users/:id', ({ params }) => HttpResponse.json({ id: params.id, name: 'Ravi Kumar', version: 1 })),
      http.get('/api/users', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        return HttpResponse.json({ items: 'meera'.startsWith(q.toLowerCase()) ? [{ id: 'user-meera', name: 'Meera Iyer', version: 1 }] : [] });
      }),
    );
    const { user, router } = renderAudit('/admin/audit?entity=Vendor&from=2026-11-01&to=2026-11-30&actorId=user-ravi');

    expect(await screen.findByText('No audit entries match these filters')).toBeTruthy();
    expect(Object.fromEntries(queries[0]!)).toEqual({ entity: 'Vendor', from: '2026-11-01', to: '2026-11-30', actorId: 'user-ravi', limit: '25' });
    const bar = within(screen.getByRole('region', { name: 'Filter the audit log' }));
    await waitFor(() => expect((bar.getByRole('combobox', { name: 'Person' }) as HTMLInputElement).value).toBe('Ravi Kumar'));

    await choose(user, bar, 'Entity', 'Rate library: price');
    await waitFor(() => expect(queries.at(-1)?.get('entity')).toBe('RatePrice'));
    expect(router.state.location.search).toContain('entity=RatePrice');

    await typeDate(user, bar, 'From', '15/10/2026');
    await waitFor(() => expect(queries.at(-1)?.get('from')).toBe('2026-10-15'));
    expect(queries.at(-1)?.get('to')).toBe('2026-11-30');

    const person = bar.getByRole('combobox', { name: 'Person' });
    await user.clear(person);
    await user.type(person, 'mee');
    await user.click(await screen.findByRole('option', { name: 'Meera Iyer' }));
    await waitFor(() => expect(queries.at(-1)?.get('actorId')).toBe('user-meera'));
    expect(router.state.location.search).toContain('actorId=user-meera');
    expect(queries.at(-1)?.get('entity')).toBe('RatePrice');

    await choose(user, bar, 'Entity', 'All entities');
    await waitFor(() => expect(queries.at(-1)?.has('entity')).toBe(false));
    expect(router.state.location.search).not.toContain('entity=');
  });

  it("pages with the cursor the last page ended with ('Load more')", async () => {
    const queries = recordQueries((query) =>
      query.get('cursor') === 'page-2'
        ? { items: [makeAuditEntry({ id: 'audit-old', entityId: 'vendor-old', title: 'Old Timbers' })] }
        : { items: auditEntryFixtures, nextCursor: 'page-2' },
    );
    const { user } = renderAudit();
    await rowOf('Sri Sai Timbers & Plywood');

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await rowOf('Old Timbers')).toBeTruthy();
    expect(queries.map((query) => query.get('cursor'))).toEqual([null, 'page-2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('names records and people, not UUIDs, and says sign-in bookkeeping and times in words (en-IN, Asia/Kolkata)', async () => {
    const employeeId = '3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b';
    recordQueries(() => ({
      items: [
        makeAuditEntry({
          id: 'audit-password',
          entity: 'Employee',
          entityId: employeeId,
          // Written before titles and actor names were stored.
          title: '',
          actor: { id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a', name: '', email: '' },
          changes: {
            passwordHash: { before: MASKED_VALUE, after: MASKED_VALUE },
            passwordChangedAt: { before: '2026-11-01T04:30:00.000Z', after: '2026-11-20T09:30:00.000Z' },
            failedLoginCount: { before: 3, after: 0 },
            hireDate: { before: '2026-04-01', after: '2026-05-01' },
          },
        }),
      ],
    }));
    const { user } = renderAudit();
    const row = await rowOf('Employee (name not recorded)');
    expect(row.getByText('A staff member (name not recorded)')).toBeTruthy();
    expect(screen.queryByText(employeeId)).toBeNull();
    await user.click(row.getByRole('button', { name: 'Show changes' }));
    const diff = within(await screen.findByRole('table', { name: 'Changes of Employee Employee (name not recorded)' }));
    const cells = diff.getAllByRole('row').map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Field', 'Before', 'After'],
      ['Password', '—', 'password changed'],
      ['Sign-in failures', '3', 'sign-in failures reset'],
      ['Hire date', '1 Apr 2026', '1 May 2026'],
    ]);
    expect(document.body.textContent).not.toContain(MASKED_VALUE);
    expect(document.body.textContent).not.toContain('2026-11-20T');
  });

  it("titles a phone card by what happened, without saying the entity twice ('Backup restored')", async () => {
    vi.stubGlobal('matchMedia', (media: string) => ({ matches: media.includes('max-width'), media, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }));
    recordQueries(() => ({
      items: [
        makeAuditEntry({ id: 'audit-restore', entity: 'Backup', entityId: 'backup-2026-11-20', action: 'restore', changes: { itemsWritten: { before: null, after: 120 } } }),
        makeAuditEntry({ id: 'audit-lead', entity: 'Lead', entityId: 'lead-7', title: 'Meera Iyer', action: 'create' }),
      ],
    }));
    renderAudit();
    expect(await screen.findByRole('article', { name: 'Backup restored' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Lead created' })).toBeTruthy();
    expect(screen.queryByText(/Backup backup/i)).toBeNull();
    vi.unstubAllGlobals();
  });

  it('is refused to an employee, like Settings', async () => {
    renderPortal('/admin/audit', { as: employeeUserFixture });
    expect(await screen.findByRole('heading', { name: 'You do not have access to this section' })).toBeTruthy();
    expect(screen.getByText(/Audit Log is managed by admins/)).toBeTruthy();
  });

  it('is linked from Settings > System', async () => {
    renderPortalPage('/admin/settings?tab=system', { path: '/admin/settings', Component: SettingsPage, section: 'settings' });
    expect((await screen.findByRole('link', { name: 'Open Audit Log' })).getAttribute('href')).toBe('/admin/audit');
  });
});
