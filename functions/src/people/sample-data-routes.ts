import { Hono } from 'hono';
import { ADMIN_ROLES } from '@app/shared-types/auth';
import type { AppEnv } from '../app-deps';
import { requireRole, writeContext } from '../auth';
import { log } from '../lib/log';
import { access } from '../lib/route-access';
import { removeSampleData } from './sample-data';

/** DELETE /api/settings/sample-data: admin and superadmin (a role below gets 403). */
export const sampleData = new Hono<AppEnv>().delete('/', access.role('admin'), requireRole(...ADMIN_ROLES), async (c) => {
  const result = await removeSampleData(c.var.deps.db, writeContext(c));
  log.info('sample data removed', { removed: result.removed.length, kept: result.kept.length, by: c.var.auth.employee.id });
  return c.json(result, 200);
});
