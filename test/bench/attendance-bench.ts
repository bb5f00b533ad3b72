/**
 * Attendance's part of `npm run bench` (BENCH_ONLY=attendance runs it alone):
 * BENCH_ATTENDANCE_EMPLOYEES employees (30) with a month of records (every
 * weekday of last month, some half days and leaves) marked through
 * POST /api/attendance, then BENCH_ATTENDANCE_READS requests (300) of each
 * read through the app, 10 in flight: the month's first list page, a day, one
 * employee's month, the monthly report (kept figures, one Query) and its CSV,
 * and today's cards. p50/p99 each.
 */
import { randomUUID } from 'node:crypto';
import { calendarDate } from '@app/shared-types/format';
import type { Db } from '@app/functions/db/client';
import { createEmployee } from '@app/functions/people/employee-repo';
import { latencyLine, ms, percentile, pool, seed } from './request-pool';

const EMPLOYEES = Number(process.env.BENCH_ATTENDANCE_EMPLOYEES ?? 30);
const READS = Number(process.env.BENCH_ATTENDANCE_READS ?? 300);
const IN_FLIGHT = 10;

/** The weekdays of the month before `today`'s. */
function lastMonthWeekdays(today: string): { month: string; days: string[] } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const label = first.toISOString().slice(0, 7);
  const days: string[] = [];
  for (const day = first; day.toISOString().startsWith(label); day.setUTCDate(day.getUTCDate() + 1)) {
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) days.push(day.toISOString().slice(0, 10));
  }
  return { month: label, days };
}

export async function attendanceBench(url: string, cookie: string, db: Db) {
  const headers = { cookie, origin: url };
  const { month, days } = lastMonthWeekdays(calendarDate());
  const people = await Promise.all(
    Array.from({ length: EMPLOYEES }, (_, i) =>
      createEmployee(db, { name: `Bench staff ${String(i).padStart(2, '0')}`, email: `bench-${randomUUID()}@example.com`, role: 'employee', passwordHash: 'x', department: 'Design' }, new Date().toISOString()),
    ),
  );
  const marks = people.flatMap((person, p) =>
    days.map((date, d) => {
      const kind = (p + d) % 10;
      if (kind === 0) return { userId: person.id, date, status: 'leave', leaveType: 'casual' };
      if (kind === 1) return { userId: person.id, date, status: 'half_day', checkIn: '09:30', checkOut: '13:45' };
      return { userId: person.id, date, status: 'present', checkIn: '09:30', checkOut: '18:15', breakTime: 45, location: d % 3 === 0 ? 'site' : 'office' };
    }),
  );
  const seeded = await seed(url, cookie, '/api/attendance', marks, IN_FLIGHT);
  console.log(`--- Attendance ---`);
  console.log(
    `Marked ${marks.length} records (${EMPLOYEES} employees x ${days.length} weekdays of ${month}) through POST /api/attendance, ${IN_FLIGHT} in flight, ` +
      `in ${seeded.seconds.toFixed(1)} s: p50 ${ms(percentile(seeded.sorted, 50))}, p99 ${ms(percentile(seeded.sorted, 99))}, statuses ${JSON.stringify(seeded.statuses)}`,
  );
  const reads: [label: string, path: (n: number) => string][] = [
    [`GET /api/attendance?month=${month}&limit=50`, () => `/api/attendance?month=${month}&limit=50`],
    ['GET /api/attendance?date=<a weekday>', (n) => `/api/attendance?date=${days[n % days.length]}&limit=50`],
    [`GET /api/attendance?userId=<one>&month=${month}`, (n) => `/api/attendance?userId=${people[n % people.length]!.id}&month=${month}&limit=50`],
    [`GET /api/attendance/report?month=${month}`, () => `/api/attendance/report?month=${month}`],
    [`GET /api/attendance/report.csv?month=${month}`, () => `/api/attendance/report.csv?month=${month}`],
    ['GET /api/attendance/today', () => '/api/attendance/today'],
  ];
  for (const [label, path] of reads) {
    await (await fetch(`${url}${path(0)}`, { headers })).arrayBuffer();
    console.log(latencyLine(label, await pool(READS, IN_FLIGHT, (n) => fetch(`${url}${path(n)}`, { headers })), READS));
  }
}
