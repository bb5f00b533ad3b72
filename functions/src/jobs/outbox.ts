import { GetCommand, QueryCommand, UpdateCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { ADMIN_ROLES, ROLES, type Role } from '@app/shared-types/auth';
import { isOneOf } from '@app/shared-types/guards';
import { MANAGER_ROLES } from '@app/shared-types/employees';
import { NOTIFICATION_KIND_DEFINITIONS, isTask, notificationLink, notificationTitle, personalAddress, type NotificationEvent, type OutboxEntry, type OutboxStatus, type TaskEvent } from '@app/shared-types/notifications';
import type { SettingsAnswer } from '@app/shared-types/settings';
import type { Db } from '../db/client';
import { allPages, systemContext, type CursorKeys, type ItemKey } from '../db/entity';
import { plan, PlanConditionFailed } from '../db/plan';
import { employeeEntity, type EmployeeItem } from '../people';
import { keys } from '../db/keys';
import { getSettings } from '../settings';
import { isConditionalCheckFailed } from '../db/writes';
import { log } from '../lib/log';
import { addBellNotification, eventEmail, outboxKind } from '../notify';
import { SMTP_TIMEOUTS, smtpErrorText, SmtpNotConfiguredError, type MailAttachment, type MailMessage, type Mailer, type MailerFactory } from '../notify';
import { acknowledgementEmail, passwordResetEmail } from '../notify';
import type { FieldCrypto } from '../secrets/field-crypto';
import { PASSWORD_RESET_TTL_MINUTES } from '@app/shared-types/auth';
import { TaskRefused, type TaskRunner, type TaskRunners } from '../lib/outbox-task';

type Item = Record<string, NativeAttributeValue>;

/** Why an email that is wanted has nowhere to go. */
export const NO_RECIPIENT = 'No recipient: Settings > Company has no email';

/** Attempts before an event is 'failed' (it stays listed with its error; Retry starts it again). */
export const MAX_OUTBOX_ATTEMPTS = 6;
/** The first retry waits about this long; each next one twice as long (with jitter), at most OUTBOX_MAX_DELAY_MS. */
export const OUTBOX_BASE_DELAY_MS = 60_000;
export const OUTBOX_MAX_DELAY_MS = 60 * 60_000;
/** How long a claim holds an item: a sender that dies mid-send leaves it due again after this. */
export const OUTBOX_LEASE_MS = 5 * 60_000;
/** Sent and skipped items are deleted by TTL after this. */
export const OUTBOX_KEEP_DAYS = 30;
/** Bell notifications are deleted by TTL after this. */
export const BELL_KEEP_DAYS = 90;

/** The wait before attempt `attempts + 1`: exponential, capped, with half of it random (jitter). */
export function backoffMs(attempts: number, random = Math.random()): number {
  const full = Math.min(OUTBOX_BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1), OUTBOX_MAX_DELAY_MS);
  return Math.round(full / 2 + (full / 2) * random);
}

export interface OutboxItem {
  id: string;
  kind: NotificationEvent['kind'];
  event: NotificationEvent;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: string;
  lastError: string;
  recipients: string[];
  subject: string;
  createdAt: string;
  updatedAt: string;
  sentAt?: string;
  bellDone?: boolean;
}

export function parseOutboxItem(item: Item): OutboxItem {
  const { actorId: _actor, requestId: _request, claimToken: _claim, expiresAt: _expires, bellDone, sentAt, ...parsed } = outboxKind.parse(item);
  return { ...parsed, ...(sentAt !== undefined ? { sentAt } : {}), ...(bellDone === true ? { bellDone: true } : {}) };
}

export interface SenderOptions {
  /** Makes the mailer of a run (notify/smtp-mailer.ts smtpMailers: nodemailer over Settings > Email). */
  mailer: MailerFactory;
  /** The site's address, for links in the emails. */
  siteUrl?: string;
  /** At most this many due items per run (the sender runs again within a minute). */
  limit?: number;
  /** Stop claiming items once a run has taken this long (the rest waits for the next run). */
  budgetMs?: number;
  /** Opens the sealed token of a password reset link (the admin function's and the local server's field crypto). */
  fieldCrypto?: FieldCrypto;
  /** The files an event's email carries (a quotation's PDF to its client), on hosts that can make them. */
  attachments?: (event: NotificationEvent) => Promise<MailAttachment[]>;
  /**
   * The runner of each task kind: the hosts (handlers/admin.ts, local/server.ts) hand in jobs/tasks.ts
   * TASK_RUNNERS, tests the same or their own. Passed in, never imported here: the modules that enqueue
   * through this file (notify) then do not carry every task's code (integrations, quotations).
   */
  tasks: TaskRunners;
}

export interface SenderResult {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  skipped: number;
}

/** The due pending items, oldest due first: one Query of the pending partition up to now (never a Scan). */
export async function dueOutboxItems(db: Db, nowIso: string, limit: number): Promise<OutboxItem[]> {
  const { Items } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :due',
      ExpressionAttributeValues: { ':pk': keys.outboxByStatus('pending'), ':due': `${nowIso}#\uffff` },
      Limit: limit,
    }),
  );
  return (Items ?? []).map(parseOutboxItem);
}

/**
 * Claims an item: attempts + 1 and a lease (nextAttemptAt moves on), on the
 * condition that it is still pending at the nextAttemptAt read. Of two senders
 * that read the same item, one claims it; the other's condition fails.
 */
async function claim(db: Db, item: OutboxItem, nowMs: number, token: string): Promise<boolean> {
  const leaseUntil = new Date(nowMs + OUTBOX_LEASE_MS).toISOString();
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.outbox(item.id),
        UpdateExpression: 'SET attempts = attempts + :one, nextAttemptAt = :lease, gsi1sk = :sort, claimToken = :token, updatedAt = :now',
        ConditionExpression: '#status = :pending AND nextAttemptAt = :read',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':lease': leaseUntil,
          ':sort': keys.outboxSort('pending', leaseUntil, item.id),
          ':token': token,
          ':now': new Date(nowMs).toISOString(),
          ':pending': 'pending',
          ':read': item.nextAttemptAt,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** Moves a claimed item to `status` (still ours: the claim token holds), with what the attempt found. */
async function finish(
  db: Db,
  item: OutboxItem,
  token: string,
  nowMs: number,
  outcome: { status: OutboxStatus; nextAttemptAt?: string; lastError: string; recipients: string[]; subject: string; bellDone: boolean },
): Promise<void> {
  const now = new Date(nowMs).toISOString();
  const at = outcome.status === 'pending' ? outcome.nextAttemptAt! : now;
  const ttl = outcome.status === 'sent' || outcome.status === 'skipped' ? Math.floor(nowMs / 1000) + OUTBOX_KEEP_DAYS * 86_400 : undefined;
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.outbox(item.id),
        UpdateExpression: `SET #status = :status, nextAttemptAt = :at, lastError = :error, recipients = :to, subject = :subject, bellDone = :bell, updatedAt = :now, gsi1pk = :pk, gsi1sk = :sort${
          outcome.status === 'sent' ? ', sentAt = :now' : ''
        }${ttl ? ', expiresAt = :ttl' : ''} REMOVE claimToken`,
        ConditionExpression: 'claimToken = :token',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': outcome.status,
          ':at': at,
          ':error': outcome.lastError,
          ':to': outcome.recipients,
          ':subject': outcome.subject,
          ':bell': outcome.bellDone,
          ':now': now,
          ':pk': keys.outboxByStatus(outcome.status),
          ':sort': keys.outboxSort(outcome.status, at, item.id),
          ':token': token,
          ...(ttl ? { ':ttl': ttl } : {}),
        },
      }),
    );
  } catch (error) {
    // The lease ran out and another sender took the item over: its outcome stands.
    if (!isConditionalCheckFailed(error)) throw error;
    log.warn('outbox item taken over before its outcome was written', { id: item.id });
  }
}

/** Every active staff member (the sender reads them once a run). */
async function activeStaff(db: Db): Promise<EmployeeItem[]> {
  const everyone = await allPages((start) => employeeEntity.query(db, employeeEntity.source('byName', {}), { limit: 250, start }));
  return everyone.filter((employee) => employee.status === 'active');
}

/**
 * Whose bell an event rings, by role: a new lead every staff member's
 * (PRODUCT.md: staff hear of each new lead), an access request the admins'
 * (they approve it), the rest the managers' and admins' (who see quotations,
 * projects and finance).
 */
export function bellRoles(kind: NotificationEvent['kind']): readonly Role[] {
  if (kind === 'lead.created') return ROLES;
  if (kind === 'registration.requested') return ADMIN_ROLES;
  // A late first response rings its assignee's bell (then their manager's): nobody else's.
  if (kind === 'lead.response_due' || kind === 'lead.response_overdue') return [];
  return MANAGER_ROLES;
}

/** The one person an event is obviously about besides the firm: a new lead's assignee, a quote's creator. */
function personOf(event: NotificationEvent): string | undefined {
  if (event.kind === 'lead.created') return event.assigneeId;
  if (event.kind === 'lead.response_due') return event.assigneeId;
  if (event.kind === 'lead.response_overdue') return event.managerId;
  if (event.kind === 'quotation.approved' || event.kind === 'quotation.changes_requested') return event.createdById;
  return undefined;
}

/** Who gets an event: the bell's users and the email's addresses (the company's, the person's; an access request also each admin's). */
async function recipientsOf(db: Db, event: NotificationEvent, settings: SettingsAnswer, staff: () => Promise<EmployeeItem[]>) {
  // A letter to one person (a reset link, the firm's letter to its client): to them alone, never a bell.
  if (NOTIFICATION_KIND_DEFINITIONS[event.kind].personal) {
    const address = personalAddress(event);
    return { bellUsers: [], emails: address ? [address] : [] };
  }
  const everyone = await staff();
  // The assignee's reminder is their bell alone; the escalation is their manager's bell and email.
  if (event.kind === 'lead.response_due' || event.kind === 'lead.response_overdue') {
    const person = everyone.find((employee) => employee.id === personOf(event));
    if (!person) return { bellUsers: [], emails: [] };
    return { bellUsers: [person.id], emails: event.kind === 'lead.response_overdue' && person.email ? [person.email.toLowerCase()] : [] };
  }
  const roles: readonly string[] = bellRoles(event.kind);
  const bell = new Map(everyone.filter((employee) => roles.includes(employee.role)).map((employee) => [employee.id, employee]));
  const personId = personOf(event);
  const person = personId ? everyone.find((employee) => employee.id === personId) : undefined;
  if (person) bell.set(person.id, person);
  const emails = new Set<string>();
  if (settings.company.companyEmail) emails.add(settings.company.companyEmail.toLowerCase());
  if (person?.email) emails.add(person.email.toLowerCase());
  if (event.kind === 'registration.requested') {
    for (const admin of everyone) if (isOneOf(ADMIN_ROLES, admin.role)) emails.add(admin.email.toLowerCase());
  }
  return { bellUsers: [...bell.keys()], emails: [...emails] };
}

/** The bell notification of `userId` (id: the event's; a retry finds it there and adds nothing) and the unread count, in one plan. */
async function ring(db: Db, item: OutboxItem, userId: string, nowMs: number): Promise<void> {
  const p = plan(db, systemContext(new Date(nowMs).toISOString(), `outbox:${item.id}`));
  addBellNotification(p, userId, {
    id: item.id,
    kind: item.kind,
    title: notificationTitle(item.event),
    link: notificationLink(item.event),
    createdAt: item.createdAt,
    expiresAt: Math.floor(nowMs / 1000) + BELL_KEEP_DAYS * 86_400,
  });
  try {
    await p.commit();
  } catch (error) {
    if (!(error instanceof PlanConditionFailed && error.has('notification'))) throw error;
  }
}

/**
 * One run of the sender: claims the due outbox items one by one and delivers
 * each: the bell (one notification per recipient (bellRoles and the person
 * the event is about), while pushNotifications and
 * the kind's setting are on) and one email to its recipients (while
 * emailNotifications and the kind's setting are on and an SMTP host is set). Settings are read at send
 * time: an event recorded while a switch was on is not sent once it is off.
 * A failed email is tried again after backoffMs; after MAX_OUTBOX_ATTEMPTS it
 * is 'failed' and stays listed with its error.
 */
export async function runOutboxSender(db: Db, nowMs: number, options: SenderOptions): Promise<SenderResult> {
  const result: SenderResult = { claimed: 0, sent: 0, retrying: 0, failed: 0, skipped: 0 };
  const nowIso = new Date(nowMs).toISOString();
  const due = await dueOutboxItems(db, nowIso, options.limit ?? 50);
  if (due.length === 0) return result;
  const settings = await getSettings(db);
  let staffList: Promise<EmployeeItem[]> | undefined;
  const staff = () => (staffList ??= activeStaff(db));
  let mailer: Promise<Mailer> | undefined;
  const makeMailer = () => (mailer ??= options.mailer(settings, SMTP_TIMEOUTS.job));
  const token = randomUUID();
  try {
    const started = Date.now();
    for (const item of due) {
      if (options.budgetMs !== undefined && Date.now() - started > options.budgetMs) break;
      if (!(await claim(db, item, nowMs, token))) continue;
      result.claimed++;
      const attempts = item.attempts + 1;
      if (isTask(item.event)) {
        result[await runTask(db, item, item.event, token, nowMs, attempts, options)] += 1;
        continue;
      }
      const notes = settings.notifications;
      const { setting, personal } = NOTIFICATION_KIND_DEFINITIONS[item.event.kind];
      const kindOn = setting ? notes[setting] : true;
      // A letter to one person (a reset link asked for by its reader, the firm's letter to its client) is not a
      // notification: mailed whatever the switches say (failed without SMTP, with Retry), and no bell rings.
      const bellOn = !personal && kindOn && notes.pushNotifications;
      // PRODUCT.md: email through the SMTP settings when configured; without a host, the bell alone.
      // A courtesy letter to a person (a personal kind with a switch: the thank-you to a new lead) goes only while its switch is on and SMTP is set up.
      const emailOn = personal ? !setting || (kindOn && settings.email.smtpHost !== '') : kindOn && notes.emailNotifications && settings.email.smtpHost !== '';
      const who = await recipientsOf(db, item.event, settings, staff);
      let bellDone = item.bellDone === true;
      if (bellOn && !bellDone) {
        for (const userId of who.bellUsers) await ring(db, item, userId, nowMs);
        bellDone = true;
      }
      const subject = `${settings.company.companyName}: ${notificationTitle(item.event)}`;
      const base = { recipients: who.emails, subject, bellDone };
      if (!emailOn) {
        // No email wanted: done once the bell rang (or nothing was wanted at all).
        await finish(db, item, token, nowMs, { ...base, recipients: [], status: bellOn ? 'sent' : 'skipped', lastError: '' });
        if (bellOn) result.sent++;
        else result.skipped++;
        continue;
      }
      if (who.emails.length === 0) {
        // Wanted, but nobody to send it to: failed at once and listed, like a missing SMTP host.
        await finish(db, item, token, nowMs, { ...base, status: 'failed', lastError: NO_RECIPIENT });
        result.failed++;
        continue;
      }
      try {
        const message = await emailOf(item.event, settings, who.emails, options);
        if (options.attachments) message.attachments = await options.attachments(item.event);
        await (await makeMailer()).send(message);
        await finish(db, item, token, nowMs, { ...base, status: 'sent', lastError: '' });
        result.sent++;
      } catch (error) {
        const broken = mailer;
        mailer = undefined;
        broken?.then((m) => m.close(), () => undefined);
        const lastError = smtpErrorText(error);
        // Nothing to retry until someone sets SMTP up: failed at once, with Retry on the Email tab.
        const final = attempts >= MAX_OUTBOX_ATTEMPTS || error instanceof SmtpNotConfiguredError;
        await finish(db, item, token, nowMs, {
          ...base,
          status: final ? 'failed' : 'pending',
          nextAttemptAt: new Date(nowMs + backoffMs(attempts)).toISOString(),
          lastError,
        });
        if (final) result.failed++;
        else result.retrying++;
        log.warn('notification email not sent', { id: item.id, kind: item.kind, attempts, error: lastError });
      }
    }
  } finally {
    if (mailer) mailer.then((m) => m.close(), () => undefined);
  }
  return result;
}

/**
 * A task (TASK_KINDS: a calculator lead's draft quotation, an integration's
 * fetch...): run by its module's runner, never mailed or belled. Done is
 * 'sent' (or 'skipped' when the runner found nothing to do), its note kept as
 * the last error. A failure waits backoffMs and is tried again, up to
 * MAX_OUTBOX_ATTEMPTS; a TaskRefused (it can never succeed as it is) fails at once.
 */
async function runTask(
  db: Db,
  item: OutboxItem,
  task: TaskEvent,
  token: string,
  nowMs: number,
  attempts: number,
  options: SenderOptions,
): Promise<'sent' | 'skipped' | 'retrying' | 'failed'> {
  const base = { recipients: [], subject: notificationTitle(task), bellDone: false };
  const final = (error: unknown) => attempts >= MAX_OUTBOX_ATTEMPTS || error instanceof TaskRefused;
  // Each kind's runner takes its own event: looked up by the event's kind.
  const run = options.tasks[task.kind] as TaskRunner<TaskEvent>;
  const ctx = systemContext(new Date(nowMs).toISOString(), `outbox:${item.id}`);
  try {
    const outcome = (await run(task, { db, ctx, nowMs, final, ...(options.fieldCrypto ? { fieldCrypto: options.fieldCrypto } : {}) })) ?? { status: 'sent' };
    await finish(db, item, token, nowMs, { ...base, status: outcome.status, lastError: outcome.note ?? '' });
    return outcome.status;
  } catch (error) {
    const lastError = error instanceof Error ? error.message : String(error);
    const failed = final(error);
    await finish(db, item, token, nowMs, { ...base, status: failed ? 'failed' : 'pending', nextAttemptAt: new Date(nowMs + backoffMs(attempts)).toISOString(), lastError });
    log.warn('outbox task failed', { id: item.id, kind: item.kind, attempts, error: lastError });
    return failed ? 'failed' : 'retrying';
  }
}

/** The email of an event: a reset link's own (its token opened here, the link on the site's address), else the event's facts. */
async function emailOf(event: NotificationEvent, settings: SettingsAnswer, to: string[], options: SenderOptions): Promise<MailMessage> {
  const companyName = settings.company.companyName;
  if (event.kind === 'lead.acknowledgement') {
    const { acknowledgementSubject: subject, acknowledgementBody: body } = settings.notifications;
    return acknowledgementEmail({ name: event.name, email: event.email, companyName, subject, body });
  }
  if (event.kind !== 'password.reset') return eventEmail(event, companyName, to, options.siteUrl);
  if (!options.fieldCrypto) throw new Error('The reset link cannot be opened on this host (no field crypto)');
  // Never the request's Host header: a link made from it could send the token to another site.
  const site = (options.siteUrl || settings.company.companyWebsite).replace(/\/$/, '');
  if (!site) throw new Error('No site address for the reset link: set SITE_URL or Settings > Company website');
  const token = await options.fieldCrypto.open(event.tokenSealed);
  const link = `${site}/admin/reset-password#token=${token}`;
  return passwordResetEmail({ name: event.name, email: event.email, companyName, link, minutes: PASSWORD_RESET_TTL_MINUTES });
}

// ---------------------------------------------------------------------------
// The Email tab's outbox panel (GET /api/notifications/outbox, retry)

export const outboxCursorKeys = (status: OutboxStatus): CursorKeys => ({
  names: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
  partition: { name: 'gsi1pk', values: [keys.outboxByStatus(status)] },
  sort: { name: 'gsi1sk' },
  item: { pkPrefix: 'OUTBOX#', sk: 'OUTBOX' },
});

export function toOutboxEntry(item: OutboxItem): OutboxEntry {
  const { event, bellDone: _bell, ...entry } = item;
  return { ...entry, task: isTask(event) };
}

/** One page of the outbox in one status: pending by next attempt, the others newest first. */
export async function listOutbox(db: Db, status: OutboxStatus, limit: number, start?: ItemKey): Promise<{ items: OutboxEntry[]; lastKey?: ItemKey }> {
  const page = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.outboxByStatus(status) },
      Limit: limit,
      ExclusiveStartKey: start,
    }),
  );
  return { items: (page.Items ?? []).map((item) => toOutboxEntry(parseOutboxItem(item))), lastKey: page.LastEvaluatedKey };
}

export type RetryResult = { item: OutboxEntry } | { notFound: true } | { notRetryable: OutboxEntry };

/**
 * Sends a failed (or waiting) item again now, its attempts counted afresh.
 * Not while a sender holds it, and never a sent or skipped one (409).
 */
export async function retryOutboxItem(db: Db, id: string, nowMs: number): Promise<RetryResult> {
  const now = new Date(nowMs).toISOString();
  try {
    const { Attributes } = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.outbox(id),
        UpdateExpression: 'SET #status = :pending, attempts = :zero, nextAttemptAt = :now, updatedAt = :now, gsi1pk = :pk, gsi1sk = :sort',
        ConditionExpression: 'attribute_exists(pk) AND (#status = :failed OR (#status = :pending AND attribute_not_exists(claimToken)))',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':failed': 'failed',
          ':zero': 0,
          ':now': now,
          ':pk': keys.outboxByStatus('pending'),
          ':sort': keys.outboxSort('pending', now, id),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { item: toOutboxEntry(parseOutboxItem(Attributes!)) };
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.outbox(id), ConsistentRead: true }));
    return Item ? { notRetryable: toOutboxEntry(parseOutboxItem(Item)) } : { notFound: true };
  }
}
