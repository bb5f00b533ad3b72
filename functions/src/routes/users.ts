import { Hono } from 'hono';
import * as yup from 'yup';
import { ADMIN_ROLES, type PublicUser } from '@app/shared-types/auth';
import { pageLimit } from '@app/shared-types/forms';
import type { Page } from '@app/shared-types/api';
import { requireRole } from '../auth/middleware';
import { decodeCursor, encodeCursor } from '../db/cursor';
import { listEmployees, toPublicUser } from '../db/employee-repo';
import { keys } from '../db/keys';
import type { AppEnv } from '../lib/deps';
import { errorBody, queryParams } from '../lib/http';

const listQuery = yup.object({
  limit: pageLimit(50),
  cursor: yup.string().max(1024).optional(),
});

/** Employees (staff accounts). Managing them is for admin and superadmin (PRODUCT.md). */
export const users = new Hono<AppEnv>().get('/', requireRole(...ADMIN_ROLES), queryParams(listQuery), async (c) => {
  const { limit, cursor } = c.req.valid('query');
  const start = decodeCursor(cursor, ['pk', 'sk', 'gsi1pk', 'gsi1sk']);
  // A cursor must point into this list, not another partition of the index.
  if (start === null || (start && start.gsi1pk !== keys.employees())) return c.json(errorBody('Invalid query parameters', { cursor: 'cursor is not valid' }), 400);
  const { items, lastKey } = await listEmployees(c.var.deps.db, { limit, exclusiveStartKey: start as Record<string, string> | undefined });
  const nextCursor = encodeCursor(lastKey);
  c.header('Cache-Control', 'no-store');
  return c.json({ items: items.map(toPublicUser), ...(nextCursor ? { nextCursor } : {}) } satisfies Page<PublicUser>, 200);
});
