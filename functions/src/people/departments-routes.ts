import { Hono, type Context } from 'hono';
import { ADMIN_ROLES } from '@app/shared-types/auth';
import { DEPARTMENT_MESSAGES as M, departmentCreateSchema, departmentListQuerySchema, departmentUpdateSchema } from '@app/shared-types/departments';
import { requireRole, writeContext } from '../auth';
import type { AppEnv } from '../app-deps';
import { errorBody, isEntityId, jsonBody, listPage, queryParams, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { access } from '../lib/route-access';
import { createDepartment, deleteDepartment, departmentCursorKeys, employeesIn, getDepartment, listDepartments, updateDepartment } from './departments';
import { departmentHasRoles } from './job-roles';

/** Like Employee Management's writes (routes/users.ts), only admins and superadmins change departments; any staff reads them. */
const manage = requireRole(...ADMIN_ROLES);

const taken = (c: Context<AppEnv>) => c.json(errorBody(M.taken, { name: M.taken }), 409);
const notFound = (c: Context<AppEnv>) => c.json(errorBody(M.notFound), 404);

/** Departments (SPEC.md 3). Every route needs a session (app.ts). */
export const departments = new Hono<AppEnv>()
  .get('/', access.staff(), queryParams(departmentListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    return listPage(c, query.cursor, departmentCursorKeys(), (start) => listDepartments(c.var.deps.db, query, start));
  })
  .post('/', access.role('admin'), manage, requireJson, jsonBody(departmentCreateSchema), async (c) => {
    const result = await createDepartment(c.var.deps.db, c.req.valid('json'), writeContext(c));
    if ('taken' in result) return taken(c);
    log.info('department created', { departmentId: result.item.id, by: c.var.auth.employee.id });
    return c.json(result.item, 201);
  })
  .put('/:id', access.role('admin'), manage, requireJson, jsonBody(departmentUpdateSchema), async (c) => {
    const id = c.req.param('id');
    if (!isEntityId(id)) return notFound(c);
    const result = await updateDepartment(c.var.deps.db, id, c.req.valid('json'), writeContext(c));
    if ('renameInUse' in result) return c.json(errorBody(M.renameInUse, { name: M.renameInUse }), 409);
    if ('stale' in result) return c.json({ ...errorBody(M.stale), current: result.stale }, 409);
    if ('taken' in result) return taken(c);
    if (!('item' in result)) return notFound(c);
    log.info('department updated', { departmentId: id, by: c.var.auth.employee.id });
    return c.json(result.item, 200);
  })
  .delete('/:id', access.role('admin'), manage, async (c) => {
    const id = c.req.param('id');
    const db = c.var.deps.db;
    const department = isEntityId(id) ? await getDepartment(db, id) : null;
    if (!department) return notFound(c);
    if (await departmentHasRoles(db, id)) return c.json(errorBody(M.hasRoles), 409);
    if ((await employeesIn(db, department.name)) > 0) return c.json(errorBody(M.hasEmployees), 409);
    if (!('deleted' in (await deleteDepartment(db, id, writeContext(c))))) return notFound(c);
    log.info('department deleted', { departmentId: id, by: c.var.auth.employee.id });
    return c.json({ id }, 200);
  });
