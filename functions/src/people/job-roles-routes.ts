import { Hono, type Context } from 'hono';
import { ADMIN_ROLES } from '@app/shared-types/auth';
import { JOB_ROLE_MESSAGES as M, jobRoleCreateSchema, jobRoleListQuerySchema, jobRoleUpdateSchema } from '@app/shared-types/departments';
import { requireRole, writeContext } from '../auth';
import type { AppEnv } from '../app-deps';
import { errorBody, isEntityId, jsonBody, listPage, queryParams, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { access } from '../lib/route-access';
import { createJobRole, deleteJobRole, jobRoleCursorKeys, listJobRoles, updateJobRole } from './job-roles';

/** Like Employee Management's writes (routes/users.ts), only admins and superadmins change job roles; any staff reads them. */
const manage = requireRole(...ADMIN_ROLES);

const taken = (c: Context<AppEnv>) => c.json(errorBody(M.taken, { name: M.taken }), 409);
const unknownDepartment = (c: Context<AppEnv>) => c.json(errorBody('Validation failed', { departmentId: M.unknownDepartment }), 400);
const notFound = (c: Context<AppEnv>) => c.json(errorBody(M.notFound), 404);

/** Job roles (SPEC.md 3 "roles"; not the permission roles). Every route needs a session (app.ts). */
export const jobRoles = new Hono<AppEnv>()
  .get('/', access.staff(), queryParams(jobRoleListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    return listPage(c, query.cursor, jobRoleCursorKeys(query), (start) => listJobRoles(c.var.deps.db, query, start));
  })
  .post('/', access.role('admin'), manage, requireJson, jsonBody(jobRoleCreateSchema), async (c) => {
    const result = await createJobRole(c.var.deps.db, c.req.valid('json'), writeContext(c));
    if ('unknownDepartment' in result) return unknownDepartment(c);
    if ('taken' in result) return taken(c);
    log.info('job role created', { jobRoleId: result.item.id, by: c.var.auth.employee.id });
    return c.json(result.item, 201);
  })
  .put('/:id', access.role('admin'), manage, requireJson, jsonBody(jobRoleUpdateSchema), async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) return notFound(c);
    const result = await updateJobRole(c.var.deps.db, id, c.req.valid('json'), writeContext(c));
    if ('unknownDepartment' in result) return unknownDepartment(c);
    if ('stale' in result) return c.json({ ...errorBody(M.stale), current: result.stale }, 409);
    if ('taken' in result) return taken(c);
    if (!('item' in result)) return notFound(c);
    log.info('job role updated', { jobRoleId: id, by: c.var.auth.employee.id });
    return c.json(result.item, 200);
  })
  .delete('/:id', access.role('admin'), manage, async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id) || !('deleted' in (await deleteJobRole(c.var.deps.db, id, writeContext(c))))) return notFound(c);
    log.info('job role deleted', { jobRoleId: id, by: c.var.auth.employee.id });
    return c.json({ id }, 200);
  });
