import { Hono, type Context } from 'hono';
import * as yup from 'yup';
import {
  HOLIDAY_MESSAGES as M,
  HOLIDAYS_MANAGE_ONLY,
  canManageHolidays,
  holidayCreateSchema,
  holidayListQuerySchema,
  holidayUpdateSchema,
} from '@app/shared-types/holidays';
import { isCalendarDate } from '@app/shared-types/attendance';
import { writeContext } from '../auth';
import type { AppEnv } from '../app-deps';
import { errorBody, jsonBody, limitBody, listPage, queryParams, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { access } from '../lib/route-access';
import { createHoliday, deleteHoliday, holidayCursorKeys, listHolidays, renameHoliday } from './attendance-holidays';

/**
 * The firm's holidays (issue 25), under /api/attendance/holidays: everyone
 * signed in reads them (the monthly report names them); admins and the HR
 * department add, rename and delete them, each write conditional and audited.
 */

const mayManage = (c: Context<AppEnv>) => canManageHolidays(c.var.auth.employee);
const forbidden = (c: Context<AppEnv>) => c.json(errorBody(HOLIDAYS_MANAGE_ONLY), 403);
const notFound = (c: Context<AppEnv>) => c.json(errorBody(M.notFound), 404);

/** DELETE's optional ?version= (what the list showed): another version gets 409. */
const deleteQuerySchema = yup.object({
  version: yup.number().typeError('version must be a number').integer('version must be a whole number').min(1, 'version must be at least 1').optional(),
});

export const holidays = new Hono<AppEnv>()
  .get('/', access.staff(), queryParams(holidayListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    return listPage(c, query.cursor, holidayCursorKeys(query), (start) => listHolidays(c.var.deps.db, query, start));
  })
  .post('/', access.staff(), limitBody(), requireJson, jsonBody(holidayCreateSchema), async (c) => {
    if (!mayManage(c)) return forbidden(c);
    const result = await createHoliday(c.var.deps.db, c.req.valid('json'), writeContext(c));
    if ('taken' in result) return c.json({ ...errorBody(M.taken, { date: M.taken }), ...(result.taken ? { current: result.taken } : {}) }, 409);
    log.info('holiday added', { date: result.item.date, by: c.var.auth.employee.id });
    return c.json(result.item, 201);
  })
  .put('/:date', access.staff(), limitBody(), requireJson, jsonBody(holidayUpdateSchema), async (c) => {
    if (!mayManage(c)) return forbidden(c);
    const date = c.req.param('date');
    if (!isCalendarDate(date)) return notFound(c);
    const { version, name } = c.req.valid('json');
    const result = await renameHoliday(c.var.deps.db, date, version, name, writeContext(c));
    if ('stale' in result) return c.json({ ...errorBody(M.stale), current: result.stale }, 409);
    if (!('item' in result)) return notFound(c);
    log.info('holiday renamed', { date, by: c.var.auth.employee.id });
    return c.json(result.item, 200);
  })
  .delete('/:date', access.staff(), queryParams(deleteQuerySchema), async (c) => {
    if (!mayManage(c)) return forbidden(c);
    const date = c.req.param('date');
    if (!isCalendarDate(date)) return notFound(c);
    const result = await deleteHoliday(c.var.deps.db, date, c.req.valid('query').version, writeContext(c));
    if ('refused' in result) return c.json({ ...errorBody(M.stale), current: result.refused }, 409);
    if (!('deleted' in result)) return notFound(c);
    log.info('holiday deleted', { date, by: c.var.auth.employee.id });
    return c.json({ id: date }, 200);
  });
