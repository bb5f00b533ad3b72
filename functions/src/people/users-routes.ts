import type { Context } from 'hono';
import { Hono } from 'hono';
import { ADMIN_ROLES, type Role } from '@app/shared-types/auth';
import { isOneOf } from '@app/shared-types/guards';
import type { Page } from '@app/shared-types/api';
import {
  directoryQuerySchema,
  employeeCreateSchema,
  employeeManageQuerySchema,
  employeeUpdateSchema,
  leadsAssignedMessage,
  MANAGER_ROLES,
  PII_FIELDS,
  revealSchema,
  approveEmployeeSchema,
  SIGN_IN_BLOCKED_STATUSES,
  STALE_EMPLOYEE_MESSAGE,
  type DirectoryEntry,
  type EmployeeRecord,
  type EmployeeStats,
  type RevealResult,
} from '@app/shared-types/employees';
import { mayManageEmployee } from './employee-rules';
import { hashPassword } from '../auth';
import { departmentChoice } from './departments';
import { authOf, nowMs, requireRole, startSessionCookie, writeContext } from '../auth';
import { createSession, deleteSession } from '../auth';
import { decodeListCursor, encodeCursor } from '../db/cursor';
import {
  activeSuperadminIds,
  auditReveal,
  deleteEmployee,
  employeeEntity,
  getEmployeeForDelete,
  getEmployee,
  newEmployeeRecord,
  NoFieldCryptoError,
  openPii,
  passwordMinLength,
  sealPii,
  toDirectoryEntry,
  toEmployeeRecord,
  updateEmployee,
  type EmployeeItem,
} from './employee-repo';
import { employeeCounter, readCounters } from '../dashboard';
import { assignedLeadCount } from '../leads';
import { disableTwoFactor, getTwoFactor, removeTwoFactor } from '../auth';
import type { AppEnv } from '../app-deps';
import { errorBody, isEntityId, jsonBody, limitBody, queryParams, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { access } from '../lib/route-access';

const NOT_FOUND = 'Employee not found';
const FORBIDDEN = 'You do not have permission to do this';
const LAST_SUPERADMIN = 'The last active superadmin cannot be demoted, deactivated or deleted';
const NO_CRYPTO = 'Personal data cannot be stored or read on this host';
/** An employee at every field's maximum is about 5 KiB of JSON. */
const EMPLOYEE_MAX_BODY_BYTES = 16 * 1024;

const isAdminRole = (role: Role) => isOneOf(ADMIN_ROLES, role);
const isBlocked = (status: string) => isOneOf(SIGN_IN_BLOCKED_STATUSES, status);
const manage = requireRole(...ADMIN_ROLES);

/** Only a superadmin touches an admin or superadmin account, or makes one (deny by default); the photo routes share the rule. */
const mayManage = mayManageEmployee;

/** undefined when `id` names a manager, admin or superadmin other than `self`; else the field message. */
async function reportingManagerError(c: Context<AppEnv>, id: string, self?: string): Promise<string | undefined> {
  if (!id) return undefined;
  if (id === self) return 'An employee cannot report to themselves';
  const manager = await getEmployee(c.var.deps.db, id);
  return manager && isOneOf(MANAGER_ROLES, manager.role) ? undefined : 'Choose a manager, admin or superadmin as reporting manager';
}

/** undefined when the password is long enough for Settings > passwordMinLength; else the field message. */
async function passwordError(c: Context<AppEnv>, password: string | undefined): Promise<string | undefined> {
  if (password === undefined) return undefined;
  const min = await passwordMinLength(c.var.deps.db);
  return password.length < min ? `Password must be at least ${min} characters` : undefined;
}

/**
 * Another active superadmin than `targetId`, who must stay one while the
 * target stops being one (the write carries a check on them); undefined when
 * the target is the last.
 */
async function otherActiveSuperadmin(c: Context<AppEnv>, targetId: string): Promise<string | undefined> {
  const actor = authOf(c).employee;
  if (actor.id !== targetId && actor.role === 'superadmin' && actor.status === 'active') return actor.id;
  return (await activeSuperadminIds(c.var.deps.db)).find((id) => id !== targetId);
}

const cryptoRefused = (c: Context<AppEnv>, error: unknown) => {
  if (!(error instanceof NoFieldCryptoError)) throw error;
  log.error('personal data refused: no field crypto on this host', { path: c.req.path });
  return c.json(errorBody(NO_CRYPTO), 503);
};

/**
 * Employees (SPEC.md 3 'Employee / user'), which are also the staff accounts.
 * Every route needs a session (app.ts). Admins and superadmins manage
 * employees; only a superadmin touches admins and superadmins; nobody deletes
 * or demotes themselves, nor the last active superadmin. Everyone signed in
 * reads the staff directory. Aadhaar, PAN and bank account are sealed in the
 * table, masked in every answer and shown in clear only by /reveal, audited.
 */
export const users = new Hono<AppEnv>()
  .get('/', access.role('admin'), manage, queryParams(employeeManageQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const source = employeeEntity.source('byName', {});
    const start = decodeListCursor(query.cursor, employeeEntity.cursorKeys(source, query.q, true));
    if (start === null) return c.json(errorBody('Invalid query parameters', { cursor: 'cursor is not valid' }), 400);
    const filtered = query.department || query.role || query.status;
    // A firm's staff list is short: its filters read the by-name list (within the read budget), in name order.
    const { items, lastKey } = await employeeEntity.list(c.var.deps.db, source, {
      limit: query.limit,
      start,
      q: query.q,
      inListOrder: true,
      ...(filtered
        ? {
            where: (employee: EmployeeItem) =>
              (!query.department || employee.department === query.department) &&
              (!query.role || employee.role === query.role) &&
              (!query.status || employee.status === query.status),
          }
        : {}),
    });
    const nextCursor = encodeCursor(lastKey);
    c.header('Cache-Control', 'no-store');
    return c.json({ items: items.map(toEmployeeRecord), ...(nextCursor ? { nextCursor } : {}) } satisfies Page<EmployeeRecord>, 200);
  })
  .get('/stats', access.role('admin'), manage, async (c) => {
    const { DASHBOARD: counters } = await readCounters(c.var.deps.db);
    const count = (name: string) => Math.max(0, counters[name] ?? 0);
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        total: count(employeeCounter.total),
        active: count(employeeCounter.status('active')),
        onLeave: count(employeeCounter.status('on_leave')),
        departments: employeeCounter.departmentsInUse(counters),
      } satisfies EmployeeStats,
      200,
    );
  })
  .get('/directory', access.staff(), queryParams(directoryQuerySchema), async (c) => {
    const { limit, cursor, status } = c.req.valid('query');
    const source = employeeEntity.source('byName', {});
    const start = decodeListCursor(cursor, employeeEntity.cursorKeys(source));
    if (start === null) return c.json(errorBody('Invalid query parameters', { cursor: 'cursor is not valid' }), 400);
    const { items, lastKey } = await employeeEntity.list(c.var.deps.db, source, {
      limit,
      start,
      ...(status ? { where: (employee: EmployeeItem) => employee.status === status } : {}),
    });
    const nextCursor = encodeCursor(lastKey);
    c.header('Cache-Control', 'no-store');
    return c.json({ items: items.map(toDirectoryEntry), ...(nextCursor ? { nextCursor } : {}) } satisfies Page<DirectoryEntry>, 200);
  })
  .post('/', access.role('admin'), manage, limitBody(EMPLOYEE_MAX_BODY_BYTES), requireJson, jsonBody(employeeCreateSchema), async (c) => {
    const input = c.req.valid('json');
    const actor = authOf(c).employee;
    if (!mayManage(actor, undefined, input.role)) {
      log.warn('employee create refused: role', { by: actor.id, role: input.role });
      return c.json(errorBody('Only a superadmin can create admins and superadmins'), 403);
    }
    const fields: Record<string, string> = {};
    const department = await departmentChoice(c.var.deps.db, input.department);
    if ('error' in department) fields.department = department.error;
    else input.department = department.name;
    const managerError = await reportingManagerError(c, input.reportingManager);
    if (managerError) fields.reportingManager = managerError;
    const pwError = await passwordError(c, input.password);
    if (pwError) fields.password = pwError;
    if (Object.keys(fields).length > 0) return c.json(errorBody('Validation failed', fields), 400);

    const { password, aadharNumber, panNumber, bankAccountNumber, ...rest } = input;
    let sealed;
    try {
      sealed = await sealPii(c.var.deps.fieldCrypto, { aadharNumber, panNumber, bankAccountNumber });
    } catch (error) {
      return cryptoRefused(c, error);
    }
    const ctx = writeContext(c);
    const employee = newEmployeeRecord(rest, sealed, await hashPassword(password), ctx.now);
    const result = await employeeEntity.create(c.var.deps.db, employee, ctx);
    if ('taken' in result) return c.json(errorBody('An employee with this email already exists', { email: 'An employee with this email already exists' }), 409);
    log.info('employee created', { employeeId: employee.id, role: employee.role, by: actor.id });
    return c.json(toEmployeeRecord(employee), 201);
  })
  .get('/:id', access.staff(), async (c) => {
    const id = c.req.param('id');
    const employee = isEntityId(id) ? await getEmployee(c.var.deps.db, id) : undefined;
    if (!employee) return c.json(errorBody(NOT_FOUND), 404);
    c.header('Cache-Control', 'no-store');
    // Salary and personal data are for admins and superadmins; anyone else reads the directory entry.
    const actor = authOf(c).employee;
    return isAdminRole(actor.role) ? c.json(toEmployeeRecord(employee), 200) : c.json(toDirectoryEntry(employee), 200);
  })
  .put('/:id', access.role('admin'), manage, limitBody(EMPLOYEE_MAX_BODY_BYTES), requireJson, jsonBody(employeeUpdateSchema), async (c) => {
    const id = c.req.param('id');
    const { db } = c.var.deps;
    const target = isEntityId(id) ? await getEmployee(db, id) : undefined;
    if (!target) return c.json(errorBody(NOT_FOUND), 404);
    const input = c.req.valid('json');
    const actor = authOf(c).employee;
    if (target.version !== input.version) return c.json({ ...errorBody(STALE_EMPLOYEE_MESSAGE), current: toEmployeeRecord(target) }, 409);
    if (actor.id === id && input.role !== target.role) return c.json(errorBody('You cannot change your own role'), 403);
    if (actor.id === id && input.status !== target.status) return c.json(errorBody('You cannot change your own status'), 403);
    if (!mayManage(actor, target.role, input.role)) {
      log.warn('employee update refused: role', { employeeId: id, by: actor.id, role: input.role });
      return c.json(errorBody('Only a superadmin can edit admins and superadmins, or make one'), 403);
    }

    const fields: Record<string, string> = {};
    const department = await departmentChoice(db, input.department, target.department);
    if ('error' in department) fields.department = department.error;
    else input.department = department.name;
    const managerError = input.reportingManager !== target.reportingManager ? await reportingManagerError(c, input.reportingManager, id) : undefined;
    if (managerError) fields.reportingManager = managerError;
    const pwError = await passwordError(c, input.password);
    if (pwError) fields.password = pwError;
    if (Object.keys(fields).length > 0) return c.json(errorBody('Validation failed', fields), 400);

    // Taking away the role or status of an active superadmin needs another one, who stays so in the same transaction.
    const losesSuperadmin = target.role === 'superadmin' && target.status === 'active' && (input.role !== 'superadmin' || input.status !== 'active');
    const keeper = losesSuperadmin ? await otherActiveSuperadmin(c, id) : undefined;
    if (losesSuperadmin && !keeper) return c.json(errorBody(LAST_SUPERADMIN), 409);

    const { password, aadharNumber, panNumber, bankAccountNumber, version, ...rest } = input;
    let sealed;
    try {
      sealed = await sealPii(c.var.deps.fieldCrypto, { aadharNumber, panNumber, bankAccountNumber }, target);
    } catch (error) {
      return cryptoRefused(c, error);
    }
    const passwordHash = password === undefined ? undefined : await hashPassword(password);
    const ctx = writeContext(c);
    // A new password or a status that cannot sign in ends every session the person has (requireSession compares).
    const endsSessions = passwordHash !== undefined || (isBlocked(input.status) && !isBlocked(target.status));
    const result = await updateEmployee(
        db,
        id,
        version,
        (before) => ({
          ...before,
          ...rest,
          // The photo is the photo routes' alone (employee-photos.ts): an edit never changes or clears it.
          profilePicture: before.profilePicture,
          email: rest.email,
          ...sealed,
          ...(passwordHash ? { passwordHash, passwordSet: true } : {}),
          ...(endsSessions ? { passwordChangedAt: ctx.now } : {}),
          // An access request is settled once an edit gives the account another status than inactive.
          ...(input.status !== 'inactive' ? { accessRequestedAt: null } : {}),
        }),
        ctx,
        { keeper },
      );
    // The other superadmin stopped being one meanwhile: this one is now the last.
    if ('lastSuperadmin' in result) return c.json(errorBody(LAST_SUPERADMIN), 409);
    if ('notFound' in result) return c.json(errorBody(NOT_FOUND), 404);
    if ('stale' in result) return c.json({ ...errorBody(STALE_EMPLOYEE_MESSAGE), current: toEmployeeRecord(result.stale) }, 409);
    if ('taken' in result) return c.json(errorBody('An employee with this email already exists', { email: 'An employee with this email already exists' }), 409);
    if (actor.id === id && endsSessions) {
      // A superadmin who set their own password goes on in a fresh session, as after change-password.
      const { session, timeoutMinutes } = authOf(c);
      await deleteSession(db, session.id);
      const fresh = await createSession(db, { employeeId: id, nowMs: nowMs(c), timeoutMinutes });
      await startSessionCookie(c, { employee: result.item, session: fresh, timeoutMinutes });
    }
    log.info('employee updated', { employeeId: id, by: actor.id, ...(endsSessions ? { sessionsEnded: true } : {}) });
    return c.json(toEmployeeRecord(result.item), 200);
  })
  .delete('/:id', access.role('admin'), manage, async (c) => {
    const id = c.req.param('id');
    const { db } = c.var.deps;
    // Read before the lead count: a lead assigned after this read makes the delete fail (deleteEmployeeWrites).
    const read = isEntityId(id) ? await getEmployeeForDelete(db, id) : undefined;
    if (!read) return c.json(errorBody(NOT_FOUND), 404);
    const target = read.employee;
    const actor = authOf(c).employee;
    if (actor.id === id) return c.json(errorBody('You cannot delete your own account'), 403);
    if (!mayManage(actor, target.role, undefined)) {
      log.warn('employee delete refused: role', { employeeId: id, by: actor.id });
      return c.json(errorBody('Only a superadmin can delete admins and superadmins'), 403);
    }
    const assigned = await assignedLeadCount(db, id);
    if (assigned > 0) return c.json(errorBody(leadsAssignedMessage(assigned)), 409);
    const losesSuperadmin = target.role === 'superadmin' && target.status === 'active';
    const keeper = losesSuperadmin ? await otherActiveSuperadmin(c, id) : undefined;
    if (losesSuperadmin && !keeper) return c.json(errorBody(LAST_SUPERADMIN), 409);
    // Version-checked: an edit since the read (a new role, say) is not deleted unseen.
    const deleted = await deleteEmployee(db, target, read.assignments, writeContext(c), {
      keeper,
      // Their two-factor secret goes with them (a dependent item, in the same conditional plan).
      ...(target.twoFactorEnabled || (await getTwoFactor(db, id)) ? { also: removeTwoFactor(id) } : {}),
    });
    if (deleted === 'stale') {
      const current = await getEmployee(db, id);
      const assignedNow = current ? await assignedLeadCount(db, id) : 0;
      if (assignedNow > 0) return c.json(errorBody(leadsAssignedMessage(assignedNow)), 409);
      return current ? c.json({ ...errorBody(STALE_EMPLOYEE_MESSAGE), current: toEmployeeRecord(current) }, 409) : c.json(errorBody(NOT_FOUND), 404);
    }
    if (deleted === 'lastSuperadmin') return c.json(errorBody(LAST_SUPERADMIN), 409);
    // Their sessions end with the record: requireSession finds no employee.
    log.info('employee deleted', { employeeId: id, by: actor.id });
    return c.json({ id }, 200);
  })
  // Two-factor sign-in reset (issue 15): the person sets it up again at their next sign-in (if required) or from their menu.
  .post('/:id/reset-two-factor', access.role('admin'), manage, async (c) => {
    const id = c.req.param('id');
    const { db } = c.var.deps;
    const target = isEntityId(id) ? await getEmployee(db, id) : undefined;
    if (!target) return c.json(errorBody(NOT_FOUND), 404);
    const actor = authOf(c).employee;
    if (actor.id === id) return c.json(errorBody('Turn your own two-factor sign-in off from your menu'), 403);
    if (!mayManage(actor, target.role, undefined)) {
      log.warn('two-factor reset refused: role', { employeeId: id, by: actor.id });
      return c.json(errorBody('Only a superadmin can reset the two-factor sign-in of admins and superadmins'), 403);
    }
    const state = await getTwoFactor(db, id);
    if (!state) return c.json(errorBody('Two-factor sign-in is not on for this employee'), 409);
    // The secret and recovery codes go, the employee's sessions end, and the audit log says who did it.
    if (!(await disableTwoFactor(db, id, writeContext(c), 'reset_two_factor'))) return c.json(errorBody('Two-factor sign-in is not on for this employee'), 409);
    log.info('two-factor reset', { employeeId: id, by: actor.id });
    const updated = await getEmployee(db, id);
    return c.json(toEmployeeRecord(updated ?? target), 200);
  })
  // 'Request access' (issue 15): an admin approves a pending request by activating the account, version-checked and audited.
  .post('/:id/approve', access.role('admin'), manage, limitBody(), requireJson, jsonBody(approveEmployeeSchema), async (c) => {
    const id = c.req.param('id');
    const { db } = c.var.deps;
    const target = isEntityId(id) ? await getEmployee(db, id) : undefined;
    if (!target) return c.json(errorBody(NOT_FOUND), 404);
    const { version } = c.req.valid('json');
    const actor = authOf(c).employee;
    if (!mayManage(actor, target.role, undefined)) return c.json(errorBody(FORBIDDEN), 403);
    if (target.version !== version) return c.json({ ...errorBody(STALE_EMPLOYEE_MESSAGE), current: toEmployeeRecord(target) }, 409);
    if (!target.accessRequestedAt || target.status !== 'inactive') return c.json(errorBody('This employee has no access request waiting'), 409);
    const result = await employeeEntity.update(
      db,
      id,
      version,
      (before) => ({ ...before, status: 'active', accessRequestedAt: null }),
      writeContext(c),
      { action: 'approve', condition: { expression: 'attribute_type(accessRequestedAt, :string)', values: { ':string': 'S' } } },
    );
    if ('notFound' in result) return c.json(errorBody(NOT_FOUND), 404);
    if ('stale' in result) return c.json({ ...errorBody(STALE_EMPLOYEE_MESSAGE), current: toEmployeeRecord(result.stale) }, 409);
    if ('taken' in result) return c.json(errorBody('An employee with this email already exists'), 409);
    log.info('access request approved', { employeeId: id, by: actor.id });
    return c.json(toEmployeeRecord(result.item), 200);
  })
  .post('/:id/reveal', access.role('admin'), manage, limitBody(), requireJson, jsonBody(revealSchema), async (c) => {
    const id = c.req.param('id');
    const { db, fieldCrypto } = c.var.deps;
    const target = isEntityId(id) ? await getEmployee(db, id) : undefined;
    if (!target) return c.json(errorBody(NOT_FOUND), 404);
    const actor = authOf(c).employee;
    if (!mayManage(actor, target.role, undefined)) return c.json(errorBody(FORBIDDEN), 403);
    const fields = PII_FIELDS.filter((field) => c.req.valid('json').fields.includes(field));
    let values;
    try {
      values = await openPii(fieldCrypto, target, fields);
    } catch (error) {
      return cryptoRefused(c, error);
    }
    // Who saw whose which fields, and when: recorded before anything is shown.
    await auditReveal(db, id, fields, writeContext(c));
    log.info('personal data revealed', { employeeId: id, fields, by: actor.id });
    c.header('Cache-Control', 'no-store');
    return c.json({ id, values } satisfies RevealResult, 200);
  });
