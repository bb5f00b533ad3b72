import { Hono } from 'hono';
import type { Page } from '@app/shared-types/api';
import { auditLogQuerySchema, type AuditEntry } from '@app/shared-types/audit';
import { ADMIN_ROLES } from '@app/shared-types/auth';
import { requireRole } from '../auth/middleware';
import { auditCursorKeys, listAuditEntries } from '../db/audit-repo';
import { decodeListCursor, encodeCursor } from '../db/cursor';
import type { AppEnv } from '../lib/deps';
import { errorBody, queryParams } from '../lib/http';

/**
 * GET /api/audit-log: who changed what, for admins and superadmins (PRODUCT.md).
 * Read only: no route changes or deletes an entry.
 */
export const auditLog = new Hono<AppEnv>().get('/', requireRole(...ADMIN_ROLES), queryParams(auditLogQuerySchema), async (c) => {
  const query = c.req.valid('query');
  const start = decodeListCursor(query.cursor, auditCursorKeys(query));
  if (start === null) return c.json(errorBody('Invalid query parameters', { cursor: 'cursor is not valid for these filters' }), 400);
  const { items, lastKey } = await listAuditEntries(c.var.deps.db, query, start);
  const nextCursor = encodeCursor(lastKey);
  c.header('Cache-Control', 'no-store');
  return c.json({ items, ...(nextCursor ? { nextCursor } : {}) } satisfies Page<AuditEntry>, 200);
});
