import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SampleDataRemoval } from '@app/shared-types/sample-data';
import { describe, expect, it } from 'vitest';
import { renderPortalPage } from '../../test/portal';
import { findToast } from '../../test/render';
import { server } from '../../test/server';
import { SettingsPage } from './settings-page';

/** Issue 25: 'Remove sample data' in Settings > System, after a confirmation. */

const renderSystem = () => renderPortalPage('/admin/settings?tab=system', { path: '/admin/settings', Component: SettingsPage, section: 'settings', role: 'admin' });

function recordDeletes(answer: () => Response) {
  const calls: string[] = [];
  server.use(
    http.delete('/api/settings/sample-data', ({ request }) => {
      calls.push(request.method);
      return answer();
    }),
  );
  return calls;
}

describe("Settings > System: 'Remove sample data'", () => {
  it('asks first; Cancel sends nothing; confirmed, it removes and says what it did', async () => {
    const calls = recordDeletes(() =>
      HttpResponse.json<SampleDataRemoval>({
        removed: [
          { id: 'salesperson-ravi-kumar', name: 'Ravi Kumar' },
          { id: 'salesperson-assistant-2', name: 'Arjun Reddy' },
        ],
        kept: [{ id: 'salesperson-assistant-1', name: 'Priya Sharma', reason: 'Priya Sharma has 1 lead assigned: reassign it, then remove the sample data again' }],
      }),
    );
    const { user } = renderSystem();
    await user.click(await screen.findByRole('button', { name: 'Remove sample data' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Remove sample data?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove sample data?' })).toBeNull());
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove sample data' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Remove sample data?' }));
    await user.click(dialog.getByRole('button', { name: 'Remove sample data' }));
    const toast = await findToast('status', 'Sample data removed');
    expect(within(toast).getByText('Removed Ravi Kumar, Arjun Reddy. Priya Sharma has 1 lead assigned: reassign it, then remove the sample data again')).toBeTruthy();
    expect(calls).toEqual(['DELETE']);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove sample data?' })).toBeNull());
  });

  it("says the server's refusal", async () => {
    recordDeletes(() => HttpResponse.json({ error: 'You do not have permission to do this' }, { status: 403 }));
    const { user } = renderSystem();
    await user.click(await screen.findByRole('button', { name: 'Remove sample data' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove sample data?' })).getByRole('button', { name: 'Remove sample data' }));
    const toast = await findToast('alert', 'Error removing sample data');
    expect(within(toast).getByText('You do not have permission to do this')).toBeTruthy();
  });
});
