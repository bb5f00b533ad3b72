import { Hono } from 'hono';
import { auditLogQuerySchema } from '@app/shared-types/audit';
import { ADMIN_ROLES } from '@app/shared-types/auth';
import { requireRole } from '../auth';
import { auditCursorKeys, listAuditEntries } from './audit-repo';
import type { AppEnv } from '../app-deps';
import { listPage, queryParams } from '../lib/http';
import { access } from '../lib/route-access';

/**
 * GET /api/audit-log: who changed what, for admins and superadmins (PRODUCT.md).
 * Read only: no route changes or deletes an entry.
 */
export const auditLog = new Hono<AppEnv>().get('/', access.role('admin'), requireRole(...ADMIN_ROLES), queryParams(auditLogQuerySchema), async (c) => {
  const query = c.req.valid('query');
  return listPage(c, query.cursor, auditCursorKeys(query), (start) => listAuditEntries(c.var.deps.db, query, start));
});
