import { holidaySchema, type Holiday, type HolidayInput, type HolidayListQuery } from '@app/shared-types/holidays';
import { formatDate } from '@app/shared-types/format';
import type { Db } from '../db/client';
import { allPages, defineEntity, type ItemKey, type SortCondition, type WriteContext } from '../db/entity';
import { conditions } from '../db/item';
import { plan, PlanConditionFailed } from '../db/plan';

/**
 * The firm's holidays (issue 25): one item a date (its id is the date, so a
 * second holiday on a date fails the create's attribute_not_exists), all of
 * them by date in gsi1. A month or a year is a sort-key range of it: the
 * monthly report reads its month's holidays with one Query, never a Scan.
 * Every write is conditional and audited.
 */
const holidayKeys = {
  item: (date: string) => ({ pk: `HOLIDAY#${date}`, sk: 'HOLIDAY' }),
  all: () => 'HOLIDAYS',
};

export const holidayEntity = defineEntity({
  type: 'Holiday',
  schema: holidaySchema,
  key: holidayKeys.item,
  partition: 'HOLIDAY#*',
  title: (holiday) => `${holiday.name}, ${formatDate(holiday.date, 'short')}`,
  indexes: { gsi1: (holiday) => ({ pk: holidayKeys.all(), sk: holiday.date }) },
  patterns: { all: { index: 'gsi1', partition: () => holidayKeys.all(), forward: true } },
});

/** The dates from `first` to `last` as a range of the list's sort key. */
const between = (first: string, last: string): SortCondition => ({ between: [first, last] });
const yearRange = (year: string | undefined) => (year ? between(`${year}-01-01`, `${year}-12-31`) : undefined);

export const getHoliday = (db: Db, date: string) => holidayEntity.get(db, date, true);

export const holidayCursorKeys = (query: Pick<HolidayListQuery, 'year'>) => holidayEntity.cursorKeys(holidayEntity.source('all', {}), undefined, false, yearRange(query.year));

/** One page of holidays by date (a year's, when asked). */
export function listHolidays(db: Db, query: HolidayListQuery, start?: ItemKey) {
  return holidayEntity.list(db, holidayEntity.source('all', {}), { limit: query.limit, start, sk: yearRange(query.year) });
}

/** A month's holidays by date: one Query of the list's range. */
export function monthHolidays(db: Db, month: string): Promise<Holiday[]> {
  return allPages((start) => holidayEntity.list(db, holidayEntity.source('all', {}), { limit: 100, start, sk: between(`${month}-01`, `${month}-31`) }));
}

/** Adds the holiday with its audit entry; `{ taken }` (the one there) when its date has one. */
export async function createHoliday(db: Db, input: HolidayInput, ctx: WriteContext): Promise<{ item: Holiday } | { taken: Holiday | undefined }> {
  const holiday: Holiday = { id: input.date, date: input.date, name: input.name, createdAt: ctx.now, updatedAt: ctx.now, version: 1 };
  const p = plan(db, ctx);
  holidayEntity.planCreate(p, 'holiday', holiday);
  try {
    await p.commit();
    return { item: holiday };
  } catch (error) {
    if (error instanceof PlanConditionFailed && error.has('holiday')) return { taken: await getHoliday(db, input.date) };
    throw error;
  }
}

/** Renames the holiday at `version` (audited); another version is `stale`. */
export const renameHoliday = (db: Db, date: string, version: number, name: string, ctx: WriteContext) =>
  holidayEntity.update(db, date, version, (before) => ({ ...before, name }), ctx);

/** Deletes the holiday at `version` (audited); another version is `refused` with the holiday as it is. */
export const deleteHoliday = (db: Db, date: string, version: number | undefined, ctx: WriteContext) =>
  holidayEntity.remove(db, date, ctx, version === undefined ? {} : { condition: { ...conditions.version(version), holds: (holiday: Holiday) => holiday.version === version } });
