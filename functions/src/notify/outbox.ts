import { randomBytes } from 'node:crypto';
import * as yup from 'yup';
import { NOTIFICATION_KINDS, OUTBOX_STATUSES, type NotificationEvent, type NotificationKind, type OutboxStatus } from '@app/shared-types/notifications';
import type { WriteContext } from '../db/entity';
import { defineItem } from '../db/item';
import { keys } from '../db/keys';
import type { WritePlan } from '../db/plan';

/**
 * An outbox id: the time it was made (so a user's bell, keyed by event id,
 * lists newest first) and randomness. `seed` makes it deterministic instead
 * (e.g. 'overdue-<transaction id>': one notice per transaction, ever).
 */
export function outboxId(nowIso: string, seed?: string): string {
  if (seed) return seed;
  return `${new Date(nowIso).getTime().toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`;
}

const isEvent = (value: unknown): value is NotificationEvent =>
  typeof value === 'object' && value !== null && 'kind' in value && NOTIFICATION_KINDS.some((kind) => kind === value.kind);

/** An event waiting for, or done with, its delivery (the sender: jobs/outbox.ts). */
export const outboxKind = defineItem({
  type: 'Outbox',
  schema: yup.object({
    id: yup.string().required(),
    kind: yup.mixed<NotificationKind>().oneOf([...NOTIFICATION_KINDS]).required(),
    event: yup.mixed<NotificationEvent>(isEvent).required(),
    status: yup.mixed<OutboxStatus>().oneOf([...OUTBOX_STATUSES]).required(),
    attempts: yup.number().defined().default(0),
    nextAttemptAt: yup.string().defined().default(''),
    lastError: yup.string().defined().default(''),
    recipients: yup.array(yup.string().defined()).defined().default([]),
    subject: yup.string().defined().default(''),
    actorId: yup.string().optional(),
    requestId: yup.string().optional(),
    createdAt: yup.string().defined().default(''),
    updatedAt: yup.string().defined().default(''),
    sentAt: yup.string().optional(),
    bellDone: yup.boolean().optional(),
    claimToken: yup.string().optional(),
    expiresAt: yup.number().optional(),
  }),
  key: (id: string) => keys.outbox(id),
  partition: 'OUTBOX#*',
  // Delivery state, not business data.
  backup: false,
  // A website lead's, a request for access's and a client's answer's notification events join their transactions.
  grants: { public: ['write'], auth: ['write'], clientLink: ['write'] },
  indexes: { gsi1: (item) => ({ pk: keys.outboxByStatus(item.status), sk: keys.outboxSort(item.status, item.status === 'pending' ? item.nextAttemptAt : item.updatedAt, item.id) }) },
});

/** The outbox item of a new event: pending, due now, no attempt yet (its gsi1 keys: pending, by nextAttemptAt). */
function newOutboxWrite(event: NotificationEvent, ctx: WriteContext, id = outboxId(ctx.now)) {
  return outboxKind.put([id], {
    id,
    kind: event.kind,
    event,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: ctx.now,
    lastError: '',
    recipients: [],
    subject: '',
    actorId: ctx.actor.id,
    requestId: ctx.requestId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
}

/**
 * Adds the outbox entry of `event` to a business write's plan (named
 * `notify:<kind>`): the event is recorded exactly when the write happens, and
 * sending it (jobs/outbox.ts) can never fail or slow that write. Whether it
 * is mailed or belled is decided by Settings when it is sent.
 */
export function notify(p: WritePlan, event: NotificationEvent, id?: string, name = `notify:${event.kind}`): void {
  p.write(name, newOutboxWrite(event, p.ctx, id));
}
