import { http, HttpResponse } from 'msw';
import type { Page } from '@app/shared-types/api';
import type { BellNotification, BellPage, OutboxEntry } from '@app/shared-types/notifications';

export const bellFixtures: BellNotification[] = [
  { id: 'n3', kind: 'lead.created', title: 'New lead: Lakshmi Varma', link: 'leads?lead=lead-1', createdAt: '2026-03-10T09:55:00.000Z', read: false },
  { id: 'n2', kind: 'quotation.approved', title: 'Quotation KDS/2025-26/0007 approved by Meera Nair', link: 'quotations?quote=q-7', createdAt: '2026-03-10T07:00:00.000Z', read: false },
  { id: 'n1', kind: 'payment.recorded', title: 'Payment recorded: Design fee', link: 'finance?transaction=t-1', createdAt: '2026-03-08T10:00:00.000Z', read: true },
];

export const outboxFixtures: OutboxEntry[] = [
  {
    id: 'o1',
    kind: 'lead.created',
    task: false,
    status: 'failed',
    recipients: ['office@kalpa.in'],
    subject: 'Kalpa Design Studio: New lead: Lakshmi Varma',
    attempts: 6,
    lastError: 'connect ECONNREFUSED 127.0.0.1:587 (ESOCKET)',
    nextAttemptAt: '2026-03-10T10:30:00.000Z',
    createdAt: '2026-03-10T09:55:00.000Z',
    updatedAt: '2026-03-10T10:30:00.000Z',
  },
];

/** A task in the outbox (issue 26: a Meta lead's Graph fetch that gave up): listed as a task, not an email. */
export const outboxTaskFixture: OutboxEntry = {
  id: 'o2',
  kind: 'integration.meta_lead',
  task: true,
  status: 'failed',
  recipients: [],
  subject: 'Meta lead 4471',
  attempts: 6,
  lastError: 'The Graph API answered 500 for lead 4471',
  nextAttemptAt: '2026-03-10T11:30:00.000Z',
  createdAt: '2026-03-10T09:00:00.000Z',
  updatedAt: '2026-03-10T11:30:00.000Z',
};

/** The bell (empty by default: every portal test renders the header) and the outbox (empty) with its actions. */
export function notificationHandlers() {
  return [
    http.get('/api/notifications', () => HttpResponse.json<BellPage>({ items: [], unreadCount: 0 })),
    http.post('/api/notifications/read-all', () => HttpResponse.json({ marked: 0, unreadCount: 0 })),
    http.post('/api/notifications/:id/read', () => HttpResponse.json({ unreadCount: 0 })),
    http.get('/api/notifications/outbox', () => HttpResponse.json<Page<OutboxEntry>>({ items: [] })),
  ];
}
