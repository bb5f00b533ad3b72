import * as yup from 'yup';
import { NOTIFICATION_KINDS, type BellNotification, type NotificationKind } from '@app/shared-types/notifications';
import type { Db } from '../db/client';
import { allPages, systemContext, type CursorKeys, type ItemKey } from '../db/entity';
import { conditions, defineItem } from '../db/item';
import { keys } from '../db/keys';
import { plan, PlanConditionFailed, type Figure, type WritePlan } from '../db/plan';

/**
 * The bell (issue 15): one user's notifications, written by the outbox sender
 * (jobs/outbox.ts), and their unread count, kept by every write that changes
 * it (a new notification adds one, marking read takes one off) in the same
 * plan: never counted on read.
 */

/** One notification of one user (id: the outbox event's, so a retry of the sender finds it there). */
export const notificationKind = defineItem({
  type: 'Notification',
  schema: yup.object({
    id: yup.string().required(),
    userId: yup.string().optional(),
    kind: yup.mixed<NotificationKind>().oneOf([...NOTIFICATION_KINDS]).required(),
    title: yup.string().defined().default(''),
    link: yup.string().defined().default(''),
    createdAt: yup.string().defined().default(''),
    read: yup.boolean().defined().default(false),
    expiresAt: yup.number().optional(),
  }),
  key: (userId: string, id: string) => keys.bellNotification(userId, id),
  partition: 'BELL#*',
  backup: false,
});

/** A user's kept unread count (a figure: writes add to it). */
export const notificationUnreadKind = defineItem({
  type: 'NotificationUnread',
  schema: yup.object({ unread: yup.number().defined().default(0) }),
  key: (userId: string) => keys.bellUnread(userId),
  partition: 'BELL#*',
  backup: false,
});

const unreadFigure = (userId: string): Figure => ({ type: notificationUnreadKind.type, key: keys.bellUnread(userId), sets: { entityType: notificationUnreadKind.type } });

const toNotification = ({ id, kind, title, link, createdAt, read }: ReturnType<typeof notificationKind.parse>): BellNotification => ({ id, kind, title, link, createdAt, read });

/**
 * Adds `userId`'s notification of an outbox event and one to their unread
 * count to a plan (entry 'notification': fails when the user has it already).
 */
export function addBellNotification(
  p: WritePlan,
  userId: string,
  notification: { id: string; kind: NotificationKind; title: string; link: string; createdAt: string; expiresAt: number },
): void {
  p.write('notification', notificationKind.put([userId, notification.id], { ...notification, userId, read: false }));
  p.add(unreadFigure(userId), { unread: 1 });
}

export const bellCursorKeys = (userId: string): CursorKeys => ({
  names: ['pk', 'sk'],
  partition: { name: 'pk', values: [keys.bellNotification(userId, '').pk] },
  sort: { name: 'sk', condition: { beginsWith: keys.bellNotificationPrefix() } },
});

const bellPartition = (userId: string) => ({ pk: keys.bellNotification(userId, '').pk, sk: { beginsWith: keys.bellNotificationPrefix() } });

/** One page of a user's notifications, newest first (ids sort by time). */
export async function listBell(db: Db, userId: string, limit: number, start?: ItemKey): Promise<{ items: BellNotification[]; lastKey?: ItemKey }> {
  const page = await notificationKind.query(db, { ...bellPartition(userId), forward: false, limit, start });
  return { items: page.items.map(toNotification), lastKey: page.lastKey };
}

/** The kept unread count (never below 0). */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const item = await notificationUnreadKind.get(db, [userId]);
  return Math.max(0, item?.unread ?? 0);
}

/** A plan of the bell's own (no audit entry: marking read is the user's own state). */
const bellPlan = (db: Db, userId: string) => plan(db, systemContext(new Date().toISOString(), `bell:${userId}`));

/** Marks notifications read, the count down with them, in one plan; entries 'read:<id>'. */
async function markRead(db: Db, userId: string, ids: string[]): Promise<void> {
  const p = bellPlan(db, userId);
  for (const id of ids) {
    p.write(`read:${id}`, notificationKind.update([userId, id], { set: { read: true }, condition: conditions.all(conditions.present(), conditions.equals('read', false)) }));
  }
  p.add(unreadFigure(userId), { unread: -ids.length });
  await p.commit();
}

/** Marks one notification read (and the count down with it). False when the user has no such notification. */
export async function readNotification(db: Db, userId: string, id: string): Promise<boolean> {
  try {
    await markRead(db, userId, [id]);
    return true;
  } catch (error) {
    if (!(error instanceof PlanConditionFailed)) throw error;
    return (await notificationKind.get(db, [userId, id])) !== undefined;
  }
}

/** Marks every unread notification read: in plans of up to 50, each with its count down; one that lost a race is done one by one. */
export async function readAllNotifications(db: Db, userId: string): Promise<number> {
  const unread = (await allPages((start) => notificationKind.query(db, { ...bellPartition(userId), consistent: true, start }))).filter((item) => !item.read);
  const ids = unread.map((item) => item.id);
  let marked = 0;
  for (let i = 0; i < ids.length; i += 50) {
    const chunk = ids.slice(i, i + 50);
    try {
      await markRead(db, userId, chunk);
      marked += chunk.length;
    } catch (error) {
      if (!(error instanceof PlanConditionFailed)) throw error;
      for (const id of chunk) {
        try {
          await markRead(db, userId, [id]);
          marked++;
        } catch (single) {
          if (!(single instanceof PlanConditionFailed)) throw single;
        }
      }
    }
  }
  return marked;
}
