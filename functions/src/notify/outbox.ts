import { randomBytes } from 'node:crypto';
import type { NotificationEvent } from '@app/shared-types/notifications';
import type { Db } from '../db/client';
import type { WriteContext } from '../db/entity';
import { keys } from '../db/keys';
import type { WritePlan } from '../db/plan';
import { putNew, type TransactItem } from '../db/writes';

/**
 * An outbox id: the time it was made (so a user's bell, keyed by event id,
 * lists newest first) and randomness. `seed` makes it deterministic instead
 * (e.g. 'overdue-<transaction id>': one notice per transaction, ever).
 */
export function outboxId(nowIso: string, seed?: string): string {
  if (seed) return seed;
  return `${new Date(nowIso).getTime().toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`;
}

/** The outbox item of a new event: pending, due now, no attempt yet. */
export function outboxItem(event: NotificationEvent, ctx: WriteContext, id = outboxId(ctx.now)) {
  return {
    ...keys.outbox(id),
    entityType: 'Outbox',
    id,
    kind: event.kind,
    event,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: ctx.now,
    lastError: '',
    recipients: [] as string[],
    subject: '',
    actorId: ctx.actor.id,
    requestId: ctx.requestId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    gsi1pk: keys.outboxByStatus('pending'),
    gsi1sk: keys.outboxSort('pending', ctx.now, id),
  };
}

/**
 * The outbox entry of `event`, for the business write's own transaction
 * (the entity layer's `extra`): the event is recorded exactly when the write
 * happens, and sending it (jobs/outbox.ts) can never fail or slow that write.
 * Whether it is mailed or belled is decided by Settings when it is sent.
 */
export function notificationWrite(db: Db, event: NotificationEvent, ctx: WriteContext, id?: string): TransactItem {
  return putNew(db, outboxItem(event, ctx, id));
}

/**
 * Adds the outbox entry of `event` to a business write's plan (named
 * `notify:<kind>`): recorded exactly when the write happens (see notificationWrite).
 */
export function notify(p: WritePlan, event: NotificationEvent, id?: string): void {
  const item = outboxItem(event, p.ctx, id);
  p.write(`notify:${event.kind}`, { op: 'put', type: 'Outbox', key: { pk: item.pk, sk: item.sk }, item, condition: { expression: 'attribute_not_exists(pk)' } });
}
