import { Hono } from 'hono';
import { ADMIN_ROLES } from '@app/shared-types/auth';
import { bellQuerySchema, NOTIFICATION_MESSAGES, outboxQuerySchema, testEmailSchema, type BellPage } from '@app/shared-types/notifications';
import { authOf, nowMs, requireRole } from '../auth';
import { decodeListCursor, encodeCursor } from '../db/cursor';
import { getSettings } from '../settings';
import { listOutbox, outboxCursorKeys, retryOutboxItem } from '../jobs/outbox';
import type { AppEnv } from '../app-deps';
import { errorBody, isEntityId, jsonBody, limitBody, listPage, queryParams, rateLimit, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { bellCursorKeys, listBell, readAllNotifications, readNotification, unreadCount } from './bell';
import { SMTP_TIMEOUTS, smtpErrorText, SmtpNotConfiguredError } from './mail';
import { testEmail } from './messages';
import { access } from '../lib/route-access';

const NOT_FOUND = 'Notification not found';

/**
 * The bell (every signed-in user, their own notifications) and the outbox
 * (admins and superadmins: what the sender could not send, with Retry).
 */
export const notifications = new Hono<AppEnv>()
  .get('/outbox', access.role('admin'), requireRole(...ADMIN_ROLES), queryParams(outboxQuerySchema), async (c) => {
    const query = c.req.valid('query');
    return listPage(c, query.cursor, outboxCursorKeys(query.status), (start) => listOutbox(c.var.deps.db, query.status, query.limit, start));
  })
  .post('/outbox/:id/retry', access.role('admin'), requireRole(...ADMIN_ROLES), async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) return c.json(errorBody('Email not found'), 404);
    const result = await retryOutboxItem(c.var.deps.db, id, nowMs(c));
    if ('notFound' in result) return c.json(errorBody('Email not found'), 404);
    if ('notRetryable' in result) {
      const why = result.notRetryable.status === 'pending' ? 'This email is being sent right now' : 'This email does not need sending again';
      return c.json({ ...errorBody(why), current: result.notRetryable }, 409);
    }
    c.var.deps.outboxChanged?.();
    return c.json({ message: NOTIFICATION_MESSAGES.retryQueued, item: result.item }, 200);
  })
  .get('/', access.staff(), queryParams(bellQuerySchema), async (c) => {
    const { db } = c.var.deps;
    const userId = authOf(c).employee.id;
    const query = c.req.valid('query');
    const start = decodeListCursor(query.cursor, bellCursorKeys(userId));
    if (start === null) return c.json(errorBody('Invalid query parameters', { cursor: 'cursor is not valid for these filters' }), 400);
    const [page, count] = await Promise.all([listBell(db, userId, query.limit, start), unreadCount(db, userId)]);
    const nextCursor = encodeCursor(page.lastKey);
    c.header('Cache-Control', 'no-store');
    const answer: BellPage = { items: page.items, unreadCount: count, ...(nextCursor ? { nextCursor } : {}) };
    return c.json(answer, 200);
  })
  .post('/read-all', access.staff(), async (c) => {
    const { db } = c.var.deps;
    const userId = authOf(c).employee.id;
    const marked = await readAllNotifications(db, userId);
    return c.json({ marked, unreadCount: await unreadCount(db, userId) }, 200);
  })
  .post('/:id/read', access.staff(), async (c) => {
    const { db } = c.var.deps;
    const userId = authOf(c).employee.id;
    const id = c.req.param('id');
    if (!isEntityId(id) || !(await readNotification(db, userId, id))) return c.json(errorBody(NOT_FOUND), 404);
    return c.json({ unreadCount: await unreadCount(db, userId) }, 200);
  });

/** At most 5 test emails a minute from one address: each opens an SMTP connection. */
const TEST_EMAIL_LIMIT = { scope: 'test-email', limit: 5, windowSeconds: 60 };

/**
 * POST /api/settings/test-email: sends one email now with the saved SMTP
 * settings, to `to` or Settings > Company email. 200 when the SMTP server
 * took it; 502 with its error when it did not (a bad host, refused login...).
 */
export const testEmailRoute = new Hono<AppEnv>().post(
  '/test-email',
  access.role('admin'),
  requireRole(...ADMIN_ROLES),
  rateLimit(TEST_EMAIL_LIMIT),
  limitBody(),
  requireJson,
  jsonBody(testEmailSchema),
  async (c) => {
    const { db, mailer: mailers } = c.var.deps;
    if (!mailers) return c.json(errorBody('Email cannot be sent from here'), 503);
    const settings = await getSettings(db);
    const to = c.req.valid('json').to || settings.company.companyEmail;
    if (!to) return c.json(errorBody(NOTIFICATION_MESSAGES.noRecipient, { to: NOTIFICATION_MESSAGES.noRecipient }), 400);
    let mailer;
    try {
      mailer = await mailers(settings, SMTP_TIMEOUTS.request);
    } catch (error) {
      if (error instanceof SmtpNotConfiguredError) return c.json(errorBody(NOTIFICATION_MESSAGES.notConfigured, { smtpHost: NOTIFICATION_MESSAGES.notConfigured }), 400);
      throw error;
    }
    try {
      await mailer.send(testEmail(settings.company.companyName, to));
      log.info('test email sent', { requestId: c.var.requestId });
      return c.json({ message: NOTIFICATION_MESSAGES.testSent, to }, 200);
    } catch (error) {
      const text = smtpErrorText(error);
      log.warn('test email failed', { requestId: c.var.requestId, error: text });
      return c.json(errorBody(`${NOTIFICATION_MESSAGES.testFailed}: ${text}`), 502);
    } finally {
      mailer.close();
    }
  },
);
