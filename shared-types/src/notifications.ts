import * as yup from 'yup';
import { email, pageLimit } from './forms';

/**
 * Notifications (issue 15): a business write records a NotificationEvent in
 * an outbox item of its own transaction; the sender (functions/src/jobs/outbox.ts)
 * turns it into emails (nodemailer over Settings > Email) and bell items
 * (one per recipient, with a kept unread count), retrying with backoff.
 */

export type NotificationEvent =
  | {
      kind: 'lead.created';
      leadId: string;
      name: string;
      phone: string;
      source: string;
      assigneeId?: string;
      assigneeName?: string;
    }
  | {
      kind: 'quotation.sent' | 'quotation.approved' | 'quotation.changes_requested';
      quotationId: string;
      number: string;
      clientName: string;
      /** Who answered (the client's name through the share link, or the staff member who marked it approved). */
      by?: string;
      comment?: string;
      /** The quotation's creator, who hears about the client's answer. */
      createdById?: string;
    }
  | {
      /** Issue 25: 'Send to client' emails the client the link (and the PDF, where the sender can render it). */
      kind: 'quotation.to_client';
      quotationId: string;
      number: string;
      clientName: string;
      clientEmail: string;
      /** Site-relative: `/q/{token}`. */
      sharePath: string;
    }
  | { kind: 'project.status'; projectId: string; name: string; from: string; to: string }
  | { kind: 'payment.recorded' | 'payment.overdue'; transactionId: string; description: string; amount: number; projectId?: string }
  | { kind: 'registration.requested'; employeeId: string; name: string; email: string }
  // Speed-to-lead (issue 26): a new lead nobody takes (the managers hear), and its first response late (the assignee, then their manager).
  | { kind: 'lead.unassigned'; leadId: string; name: string; phone: string; source: string }
  | { kind: 'lead.response_due' | 'lead.response_overdue'; leadId: string; name: string; assigneeId: string; assigneeName: string; minutes: number; managerId?: string }
  /**
   * 'Forgot password?': the link goes to the account's own email only, never to the bell. The
   * token travels sealed (field crypto): the table holds it in clear nowhere, only its SHA-256.
   */
  | { kind: 'password.reset'; employeeId: string; name: string; email: string; tokenSealed: string; expiresAt: string };

export type NotificationKind = NotificationEvent['kind'];

export const NOTIFICATION_KINDS = [
  'lead.created',
  'quotation.sent',
  'quotation.approved',
  'quotation.changes_requested',
  'quotation.to_client',
  'project.status',
  'payment.recorded',
  'payment.overdue',
  'registration.requested',
  'password.reset',
  'lead.unassigned',
  'lead.response_due',
  'lead.response_overdue',
] as const satisfies readonly NotificationKind[];

/**
 * The Settings > Notifications switch each kind answers to besides the
 * channel's own (emailNotifications for mail, pushNotifications for the bell).
 * A new lead and a registration request have none of their own.
 */
export const KIND_SETTING: Record<NotificationKind, 'notifyOnQuotation' | 'notifyOnProject' | 'notifyOnPayment' | null> = {
  'lead.created': null,
  'quotation.sent': 'notifyOnQuotation',
  'quotation.approved': 'notifyOnQuotation',
  'quotation.changes_requested': 'notifyOnQuotation',
  // The firm's letter to its client, not a notification: sent whenever SMTP is set up.
  'quotation.to_client': null,
  'project.status': 'notifyOnProject',
  'payment.recorded': 'notifyOnPayment',
  'payment.overdue': 'notifyOnPayment',
  'registration.requested': null,
  'password.reset': null,
  'lead.unassigned': null,
  'lead.response_due': null,
  'lead.response_overdue': null,
};

/** Where a notification leads: a portal path (no base; the web adds '/admin' or '/'), opening the record's dialog. */
export function notificationLink(event: NotificationEvent): string {
  switch (event.kind) {
    case 'lead.created':
    case 'lead.unassigned':
    case 'lead.response_due':
    case 'lead.response_overdue':
      return `leads?lead=${encodeURIComponent(event.leadId)}`;
    case 'quotation.sent':
    case 'quotation.approved':
    case 'quotation.changes_requested':
    case 'quotation.to_client':
      return `quotations?quote=${encodeURIComponent(event.quotationId)}`;
    case 'project.status':
      return `projects?project=${encodeURIComponent(event.projectId)}`;
    case 'payment.recorded':
    case 'payment.overdue':
      return `finance?transaction=${encodeURIComponent(event.transactionId)}`;
    case 'registration.requested':
      return `employees?employee=${encodeURIComponent(event.employeeId)}`;
    case 'password.reset':
      return '';
  }
}

/** One line saying what happened (the bell's title and the email's subject after the company name). */
export function notificationTitle(event: NotificationEvent): string {
  switch (event.kind) {
    case 'lead.created':
      return `New lead: ${event.name}`;
    case 'quotation.sent':
      return `Quotation ${event.number} sent to ${event.clientName}`;
    case 'quotation.approved':
      return `Quotation ${event.number} approved${event.by ? ` by ${event.by}` : ''}`;
    case 'quotation.changes_requested':
      return `Changes requested on quotation ${event.number}${event.by ? ` by ${event.by}` : ''}`;
    case 'quotation.to_client':
      return `Quotation ${event.number} for ${event.clientName}`;
    case 'project.status':
      return `Project ${event.name}: ${event.from} → ${event.to}`;
    case 'payment.recorded':
      return `Payment recorded: ${event.description}`;
    case 'payment.overdue':
      return `Payment overdue: ${event.description}`;
    case 'registration.requested':
      return `Access requested by ${event.name}`;
    case 'lead.unassigned':
      return `New lead not assigned (nobody takes leads): ${event.name}`;
    case 'lead.response_due':
      return `First response due: ${event.name} waited ${event.minutes} business minutes`;
    case 'lead.response_overdue':
      return `First response overdue: ${event.name} (${event.assigneeName}) waited ${event.minutes} business minutes`;
    case 'password.reset':
      return 'Reset your password';
  }
}

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** GET /api/notifications/outbox: one event's delivery. */
export interface OutboxEntry {
  id: string;
  kind: NotificationKind;
  status: OutboxStatus;
  /** The email's recipients ('' before the first attempt decided them). */
  recipients: string[];
  subject: string;
  attempts: number;
  lastError: string;
  nextAttemptAt: string;
  createdAt: string;
  updatedAt: string;
  sentAt?: string;
}

export const outboxQuerySchema = yup.object({
  status: yup.mixed<OutboxStatus>().oneOf([...OUTBOX_STATUSES], 'Unknown status').default('failed'),
  limit: pageLimit(20),
  cursor: yup.string().max(2048).optional(),
});

/** One bell notification of the signed-in user. */
export interface BellNotification {
  id: string;
  kind: NotificationKind;
  title: string;
  /** A portal path without its base (leads?lead=<id>, quotations?quote=<id>, projects?project=<id>, finance?transaction=<id>, employees?employee=<id>). */
  link: string;
  createdAt: string;
  read: boolean;
}

/** GET /api/notifications. */
export interface BellPage {
  items: BellNotification[];
  nextCursor?: string;
  /** The kept count of the user's unread notifications. */
  unreadCount: number;
}

export const bellQuerySchema = yup.object({
  limit: pageLimit(20),
  cursor: yup.string().max(2048).optional(),
});

/** POST /api/settings/test-email: `to` defaults to Settings > Company email. */
export const testEmailSchema = yup.object({ to: email().optional() });
export type TestEmailInput = yup.InferType<typeof testEmailSchema>;

export const NOTIFICATION_MESSAGES = {
  testSent: 'Test email sent',
  testFailed: 'Test email failed',
  retryQueued: 'Email queued to send again',
  noRecipient: 'Set the company email or give an address to send to',
  notConfigured: 'Set the SMTP host in Settings > Email first',
} as const;
