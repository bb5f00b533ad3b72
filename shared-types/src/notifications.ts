import * as yup from 'yup';
import type { Material, PropertyType, RoomScope } from './constants';
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
  | {
      /**
       * Issue 26: a calculator lead's draft quotation, made by the sender from the
       * package rules (a task, not a message: no bell, no email). `submissionId` is the quote's id.
       */
      kind: 'lead.draft_quote';
      leadId: string;
      submissionId: string;
      name: string;
      phone: string;
      email: string;
      city: string;
      bhk: PropertyType;
      area: number;
      material: Material;
      rooms: RoomScope;
      minCost: number;
      maxCost: number;
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
  | { kind: 'password.reset'; employeeId: string; name: string; email: string; tokenSealed: string; expiresAt: string }
  /**
   * Issue 26 (speed-to-lead): the thank-you email to a new lead with an email, queued in the lead's commit
   * (one per lead: its outbox id is `ack-<leadId>`). Its text is Settings > Notifications', read when sent.
   */
  | { kind: 'lead.acknowledgement'; leadId: string; name: string; email: string }
  /**
   * Issue 26 (speed-to-lead): the WhatsApp template message to a new lead that agreed on the website's form
   * ('Send me updates on WhatsApp') or wrote first (a WhatsApp lead). A task the integrations module runs
   * (the Cloud API, with the WhatsApp integration's template), queued in the lead's commit, one per lead
   * (its outbox id is `wa-ack-<leadId>`). `firstName` is the template's one body parameter.
   */
  | { kind: 'lead.whatsapp_acknowledgement'; leadId: string; firstName: string; phone: string }
  | IntegrationTask;

/**
 * Issue 26: work a webhook leaves for later, run from the outbox with its
 * backoff (never on the webhook's request path): fetching a Meta lead from
 * the Graph API, making the lead of a Google lead form or a WhatsApp message.
 * Its outbox id is the event's own (one item per leadgen_id, lead_id or
 * message id), so a redelivered event is queued once. No bell, no email.
 */
export type IntegrationTask =
  | { kind: 'integration.meta_lead'; leadgenId: string; pageId: string; formId: string; adId: string }
  | {
      kind: 'integration.google_lead';
      leadId: string;
      formId: string;
      campaignId: string;
      adGroupId: string;
      creativeId: string;
      gclid: string;
      isTest: boolean;
      columns: { columnId: string; value: string }[];
    }
  | { kind: 'integration.whatsapp_message'; messageId: string; from: string; name: string; body: string; timestamp: string };

export const INTEGRATION_TASK_KINDS = ['integration.meta_lead', 'integration.google_lead', 'integration.whatsapp_message'] as const satisfies readonly IntegrationTask['kind'][];

export const isIntegrationTask = (event: NotificationEvent): event is IntegrationTask => event.kind.startsWith('integration.');

/**
 * The kinds that are tasks the sender runs (one registry of runners, jobs/tasks.ts), not messages:
 * no bell, no email; a failure waits its backoff and is tried again (a TaskRefused fails at once).
 */
export const TASK_KINDS = ['lead.draft_quote', 'lead.whatsapp_acknowledgement', ...INTEGRATION_TASK_KINDS] as const satisfies readonly NotificationEvent['kind'][];
export type TaskKind = (typeof TASK_KINDS)[number];
export type TaskEvent = Extract<NotificationEvent, { kind: TaskKind }>;

export type NotificationKind = NotificationEvent['kind'];

export const NOTIFICATION_KINDS = [
  'lead.created',
  'quotation.sent',
  'quotation.approved',
  'quotation.changes_requested',
  'quotation.to_client',
  'lead.draft_quote',
  'project.status',
  'payment.recorded',
  'payment.overdue',
  'registration.requested',
  'password.reset',
  'lead.acknowledgement',
  'lead.whatsapp_acknowledgement',
  ...INTEGRATION_TASK_KINDS,
  'lead.unassigned',
  'lead.response_due',
  'lead.response_overdue',
] as const satisfies readonly NotificationKind[];

/** How the outbox sender (functions/src/jobs/outbox.ts) treats a kind of event. */
export interface NotificationKindDefinition {
  /**
   * The Settings > Notifications switch it answers to besides the channel's
   * own (emailNotifications for mail, pushNotifications for the bell); null for none.
   */
  setting: 'notifyOnQuotation' | 'notifyOnProject' | 'notifyOnPayment' | 'acknowledgeLeads' | null;
  /**
   * A letter to one person (personalAddress), not a staff notification: mailed
   * to them alone whatever the switches say (failed, with Retry, without SMTP),
   * never a bell nor a copy to the company's address or managers. One with a
   * setting is a courtesy (the thank-you to a new lead): sent only while its
   * switch is on and an SMTP host is set, else skipped.
   */
  personal: boolean;
  /** A task the sender runs (TASK_KINDS: its runner in jobs/tasks.ts), not a message: never belled nor mailed. */
  task: boolean;
}

/** Each kind's definition; `task` is true exactly for TASK_KINDS (the type holds it). */
type KindDefinitions = { [K in NotificationKind]: NotificationKindDefinition & { task: K extends TaskKind ? true : false } };

export const NOTIFICATION_KIND_DEFINITIONS: KindDefinitions = {
  'lead.created': { setting: null, personal: false, task: false },
  'quotation.sent': { setting: 'notifyOnQuotation', personal: false, task: false },
  'quotation.approved': { setting: 'notifyOnQuotation', personal: false, task: false },
  'quotation.changes_requested': { setting: 'notifyOnQuotation', personal: false, task: false },
  // The firm's letter to its client.
  'quotation.to_client': { setting: null, personal: true, task: false },
  // A task the sender runs, not a notification.
  'lead.draft_quote': { setting: null, personal: false, task: true },
  'project.status': { setting: 'notifyOnProject', personal: false, task: false },
  'payment.recorded': { setting: 'notifyOnPayment', personal: false, task: false },
  'payment.overdue': { setting: 'notifyOnPayment', personal: false, task: false },
  'registration.requested': { setting: null, personal: false, task: false },
  // The account's own reset link, asked for by its reader.
  'password.reset': { setting: null, personal: true, task: false },
  // The firm's thank-you to a new lead (Settings > Notifications > acknowledgeLeads).
  'lead.acknowledgement': { setting: 'acknowledgeLeads', personal: true, task: false },
  // The WhatsApp template to a new lead who agreed or wrote first: a task (the Cloud API), gated by the WhatsApp integration.
  'lead.whatsapp_acknowledgement': { setting: null, personal: false, task: true },
  // Tasks the sender runs (issue 26's integrations), not notifications.
  'integration.meta_lead': { setting: null, personal: false, task: true },
  'integration.google_lead': { setting: null, personal: false, task: true },
  'integration.whatsapp_message': { setting: null, personal: false, task: true },
  // Speed-to-lead (issue 26): managers told of a lead nobody takes; a late first response to its assignee, then their manager.
  'lead.unassigned': { setting: null, personal: false, task: false },
  'lead.response_due': { setting: null, personal: false, task: false },
  'lead.response_overdue': { setting: null, personal: false, task: false },
};

/** Whether an event is a task the sender runs (not a message). */
export const isTask = (event: NotificationEvent): event is TaskEvent => NOTIFICATION_KIND_DEFINITIONS[event.kind].task;

/** The address of the one person a personal kind's letter is for (lower case); '' for every other kind. */
export function personalAddress(event: NotificationEvent): string {
  if (!NOTIFICATION_KIND_DEFINITIONS[event.kind].personal) return '';
  if ('clientEmail' in event) return event.clientEmail.toLowerCase();
  return 'email' in event ? event.email.toLowerCase() : '';
}

/** Where a notification leads: a portal path (no base; the web adds '/admin' or '/'), opening the record's dialog. */
export function notificationLink(event: NotificationEvent): string {
  switch (event.kind) {
    case 'lead.created':
    case 'lead.draft_quote':
    case 'lead.acknowledgement':
    case 'lead.whatsapp_acknowledgement':
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
    case 'integration.meta_lead':
    case 'integration.google_lead':
    case 'integration.whatsapp_message':
      return '';
  }
}

/** One line saying what happened (the bell's title and the email's subject after the company name). */
export function notificationTitle(event: NotificationEvent): string {
  switch (event.kind) {
    case 'lead.created':
      return `New lead: ${event.name}`;
    case 'lead.draft_quote':
      return `Draft quotation for ${event.name}`;
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
    case 'lead.acknowledgement':
      return `Thank-you email to ${event.name}`;
    case 'lead.whatsapp_acknowledgement':
      return `WhatsApp thank-you to ${event.firstName}`;
    case 'integration.meta_lead':
      return `Meta lead ${event.leadgenId}`;
    case 'integration.google_lead':
      return `Google Ads lead ${event.leadId}`;
    case 'integration.whatsapp_message':
      return `WhatsApp message ${event.messageId}`;
  }
}

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** GET /api/notifications/outbox: one event's delivery. */
export interface OutboxEntry {
  id: string;
  kind: NotificationKind;
  /** A task the sender runs (a draft quotation, an integration's fetch...), not an email: no recipients. */
  task: boolean;
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
