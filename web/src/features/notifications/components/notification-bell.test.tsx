import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BellPage } from '@app/shared-types/notifications';
import { renderRoute } from '../../../test/render';
import { server } from '../../../test/server';
import { bellFixtures } from '../test-fixtures';
import { NotificationBell } from './notification-bell';

const NOW = Date.parse('2026-03-10T10:00:00.000Z');

function renderBell(page: BellPage) {
  const posts: string[] = [];
  let current = page;
  server.use(
    http.get('/api/notifications', () => HttpResponse.json(current)),
    http.post('/api/notifications/read-all', () => {
      posts.push('read-all');
      current = { items: current.items.map((item) => ({ ...item, read: true })), unreadCount: 0 };
      return HttpResponse.json({ marked: 2, unreadCount: 0 });
    }),
    http.post('/api/notifications/:id/read', ({ params }) => {
      posts.push(`read ${String(params.id)}`);
      current = { items: current.items.map((item) => (item.id === params.id ? { ...item, read: true } : item)), unreadCount: current.unreadCount - 1 };
      return HttpResponse.json({ unreadCount: current.unreadCount });
    }),
  );
  const rendered = renderRoute('/admin', {
    routes: [
      { path: '/admin', Component: () => <NotificationBell hrefOf={(link) => `/admin/${link}`} now={() => NOW} /> },
      { path: '/admin/leads', Component: () => <p>Leads page</p> },
    ],
  });
  return { ...rendered, posts };
}

describe('NotificationBell', () => {
  it('shows the unread count, lists the newest with their time, and marks all read', async () => {
    const { user, posts } = renderBell({ items: bellFixtures, unreadCount: 2 });
    const button = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(button).getByText('2')).toBeTruthy();
    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = within(panel).getAllByRole('button').filter((item) => item.textContent !== 'Mark all read');
    expect(items.map((item) => item.textContent)).toEqual([
      'New lead: Lakshmi Varma5 min ago · unread',
      'Quotation KDS/2025-26/0007 approved by Meera Nair3 h ago · unread',
      'Payment recorded: Design fee2 days ago',
    ]);
    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(posts).toEqual(['read-all']));
    // The button behind the open panel is hidden from screen readers meanwhile.
    expect(await screen.findByRole('button', { name: 'Notifications', hidden: true })).toBeTruthy();
    expect((within(panel).getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens what a notification is about and marks it read', async () => {
    const { user, posts, router } = renderBell({ items: bellFixtures, unreadCount: 2 });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByText('New lead: Lakshmi Varma'));
    expect(await screen.findByText('Leads page')).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/admin/leads?lead=lead-1');
    await waitFor(() => expect(posts).toEqual(['read n3']));
  });

  it('says so when there is nothing, with no badge', async () => {
    const { user } = renderBell({ items: [], unreadCount: 0 });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
