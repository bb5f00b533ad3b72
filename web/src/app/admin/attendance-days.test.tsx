import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ATTENDANCE_MESSAGES, type AttendanceRecord, type AttendanceToday } from '@app/shared-types/attendance';
import { HOLIDAY_MESSAGES, type Holiday } from '@app/shared-types/holidays';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attendanceTodayFixture, holidayFixtures, makeAttendance, staffDirectoryHandler } from '../../features/attendance/test-fixtures';
import { WORKDAY_START_MESSAGE, SETTINGS_MESSAGES } from '@app/shared-types/settings';
import { dateShown, renderPortalPage, replace, typeDate } from '../../test/portal';
import { findToast } from '../../test/render';
import { server } from '../../test/server';
import { AttendancePage } from './attendance-page';
import { SettingsPage } from './settings-page';

/** Issue 25 on the Attendance Portal: 'Not yet in' before the working day starts, a check-out right after the check-in asks first, the report of everyone, the holidays. */

const renderAttendance = (url = '/admin/attendance', role = 'admin') => {
  server.use(staffDirectoryHandler());
  return renderPortalPage(url, { path: '/admin/attendance', Component: AttendancePage, section: 'attendance', role });
};

const statValue = (label: string) => screen.getByRole('heading', { name: label }).nextElementSibling?.textContent;

afterEach(() => vi.useRealTimers());

describe("today's cards", () => {
  it("show 'Not yet in' instead of absences before the working day's start, and 'Absent' after it", async () => {
    const figures = { ...attendanceTodayFixture.figures!, absent: 1, unmarked: 5, notYetIn: 5, dayStarted: false };
    server.use(http.get('/api/attendance/today', () => HttpResponse.json<AttendanceToday>({ ...attendanceTodayFixture, figures })));
    renderAttendance();
    await screen.findByRole('heading', { name: 'Not yet in' });
    expect(statValue('Not yet in')).toBe('5');
    expect(screen.queryByRole('heading', { name: 'Absent' })).toBeNull();
    expect(screen.getByText('1 marked absent · absent counts from 10:00 am')).toBeTruthy();
  });

  it("count absences after it, and none unmarked on a day off", async () => {
    const figures = { ...attendanceTodayFixture.figures!, absent: 1, unmarked: 0, notYetIn: 0, dayStarted: true, dayOff: 'Diwali' };
    server.use(http.get('/api/attendance/today', () => HttpResponse.json<AttendanceToday>({ ...attendanceTodayFixture, figures })));
    renderAttendance();
    await screen.findByRole('heading', { name: 'Absent' });
    await waitFor(() => expect(statValue('Absent')).toBe('1'));
    expect(screen.getByText('Diwali: not a working day')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Not yet in' })).toBeNull();
  });
});

describe("the working day's start in Settings > Business", () => {
  it('is 10:00 by default, refuses what is not HH:MM under the field, and is saved', async () => {
    const bodies: { business: { workdayStart: string } }[] = [];
    server.use(
      http.put('/api/settings', async ({ request }) => {
        const body = (await request.json()) as { business: { workdayStart: string }; email: Record<string, unknown>; version: number };
        bodies.push(body);
        return HttpResponse.json({ message: SETTINGS_MESSAGES.updated, settings: { ...body, email: { ...body.email, smtpPasswordSet: true }, version: body.version + 1 } });
      }),
    );
    const { user } = renderPortalPage('/admin/settings?tab=business', { path: '/admin/settings', Component: SettingsPage, section: 'settings' });
    const field = await screen.findByLabelText('Working Day Starts (HH:MM, IST)');
    expect((field as HTMLInputElement).value).toBe('10:00');
    await replace(user, field, '25:00');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(WORKDAY_START_MESSAGE));
    expect(bodies).toEqual([]);
    await replace(user, field, '09:30');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await findToast('status', SETTINGS_MESSAGES.updated);
    expect(bodies.map((body) => body.business.workdayStart)).toEqual(['09:30']);
  }, 60_000);
});

describe('a check-out within 5 minutes of the check-in', () => {
  it('asks for confirmation first, sends nothing on Cancel, and confirm=true on Check out', async () => {
    const checkIn = new Date(Date.now() - 2 * 60_000).toISOString();
    const record = makeAttendance({ userId: 'u', date: '2026-11-23', user: { name: 'Asha', department: '' }, checkIn });
    let today: AttendanceToday = { date: '2026-11-23', record, figures: null };
    const calls: string[] = [];
    server.use(
      http.get('/api/attendance/today', () => HttpResponse.json(today)),
      http.post('/api/attendance/check-out', ({ request }) => {
        calls.push(new URL(request.url).search);
        const out: AttendanceRecord = { ...record, checkOut: new Date().toISOString(), totalHours: 0.03, version: 2 };
        today = { ...today, record: out };
        return HttpResponse.json(out);
      }),
    );
    const { user } = renderAttendance('/admin/attendance', 'employee');
    const card = within(await screen.findByRole('region', { name: 'My attendance' }));
    await user.click(await card.findByRole('button', { name: 'Check out' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Check out already?' }));
    expect(dialog.getByText(ATTENDANCE_MESSAGES.checkOutSoon)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    await user.click(card.getByRole('button', { name: 'Check out' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Check out already?' })).getByRole('button', { name: 'Check out' }));
    await waitFor(() => expect(calls).toEqual(['?confirm=true']));
    await findToast('status', ATTENDANCE_MESSAGES.recorded);
  });

  it("asks too when the server's clock says it is too soon (422), then confirms", async () => {
    // The browser thinks the check-in was long ago; the server disagrees.
    const record = makeAttendance({ userId: 'u', date: '2026-11-23', user: { name: 'Asha', department: '' }, checkIn: '2026-11-23T03:30:00.000Z' });
    const calls: string[] = [];
    server.use(
      http.get('/api/attendance/today', () => HttpResponse.json<AttendanceToday>({ date: '2026-11-23', record, figures: null })),
      http.post('/api/attendance/check-out', ({ request }) => {
        const search = new URL(request.url).search;
        calls.push(search);
        if (search !== '?confirm=true') return HttpResponse.json({ error: ATTENDANCE_MESSAGES.checkOutSoon, confirmRequired: true }, { status: 422 });
        return HttpResponse.json({ ...record, checkOut: '2026-11-23T03:32:00.000Z', totalHours: 0.03, version: 2 });
      }),
    );
    const { user } = renderAttendance('/admin/attendance', 'employee');
    const card = within(await screen.findByRole('region', { name: 'My attendance' }));
    await user.click(await card.findByRole('button', { name: 'Check out' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Check out already?' })).getByRole('button', { name: 'Check out' }));
    await findToast('status', ATTENDANCE_MESSAGES.recorded);
    expect(calls).toEqual(['', '?confirm=true']);
  });
});

describe('the monthly report', () => {
  it('lists everyone active (with no record too) with holidays and days not marked, and the working days and holidays of the month', async () => {
    renderAttendance('/admin/attendance?tab=report&month=2026-11');
    const table = within(await screen.findByRole('table', { name: 'Attendance, November 2026' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Employee', 'Present', 'Half Days', 'Absent', 'Leaves', 'Holidays', 'Not Marked', 'Total Hours']);
    const sneha = within(table.getByRole('row', { name: /Sneha Kapoor/ }));
    expect(sneha.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['0', '0', '0', '—', '1', '20', '0 h']);
    expect(screen.getByText('24 working days (less every Sunday and holidays). Holidays: 9 Nov 2026 Diwali.')).toBeTruthy();
  });
});

describe('holidays', () => {
  it('lists the year by date for everyone; admins add one (a date already taken is said on the field) and delete one', async () => {
    const posted: unknown[] = [];
    const deleted: string[] = [];
    server.use(
      http.post('/api/attendance/holidays', async ({ request }) => {
        const body = (await request.json()) as { date: string; name: string };
        posted.push(body);
        if (body.date === '2026-11-09') return HttpResponse.json({ error: HOLIDAY_MESSAGES.taken, fields: { date: HOLIDAY_MESSAGES.taken } }, { status: 409 });
        return HttpResponse.json<Holiday>({ ...body, id: body.date, createdAt: '', updatedAt: '', version: 1 }, { status: 201 });
      }),
      http.delete('/api/attendance/holidays/:date', ({ params, request }) => {
        deleted.push(`${String(params.date)}${new URL(request.url).search}`);
        return HttpResponse.json({ id: params.date });
      }),
    );
    const { user } = renderAttendance('/admin/attendance?tab=holidays&year=2026');
    const list = within(await screen.findByRole('list', { name: 'Holidays, 2026' }));
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Republic Day26 January 2026 · Monday', 'Diwali9 November 2026 · Monday']);

    const form = within(screen.getByRole('form', { name: 'Add a holiday' }));
    await user.click(form.getByRole('button', { name: 'Add holiday' }));
    expect(form.getByText(HOLIDAY_MESSAGES.dateRequired)).toBeTruthy();
    expect(form.getByText(HOLIDAY_MESSAGES.nameRequired)).toBeTruthy();
    expect(posted).toEqual([]);

    await typeDate(user, form, 'Date', '09/11/2026');
    await user.type(form.getByLabelText('Holiday name'), 'Deepavali');
    await user.click(form.getByRole('button', { name: 'Add holiday' }));
    expect(await form.findByText(HOLIDAY_MESSAGES.taken)).toBeTruthy();

    await typeDate(user, form, 'Date', '02/10/2026');
    await user.clear(form.getByLabelText('Holiday name'));
    await user.type(form.getByLabelText('Holiday name'), 'Gandhi Jayanti');
    await user.click(form.getByRole('button', { name: 'Add holiday' }));
    expect((await findToast('status', HOLIDAY_MESSAGES.created)).textContent).toContain('Gandhi Jayanti, 2 October 2026');
    expect(await dateShown(form, 'Date')).toBe('');
    expect(posted).toEqual([
      { date: '2026-11-09', name: 'Deepavali' },
      { date: '2026-10-02', name: 'Gandhi Jayanti' },
    ]);

    await user.click(list.getByRole('button', { name: 'Delete Diwali' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual(['2026-11-09?version=2']));
  }, 60_000);

  it('are read-only to an employee outside HR', async () => {
    server.use(http.get('/api/attendance/today', () => HttpResponse.json<AttendanceToday>({ date: '2026-11-23', record: null, figures: null })));
    renderAttendance('/admin/attendance?tab=holidays&year=2026', 'employee');
    const list = within(await screen.findByRole('list', { name: 'Holidays, 2026' }));
    expect(list.getAllByRole('listitem')).toHaveLength(holidayFixtures.length);
    expect(screen.queryByRole('form', { name: 'Add a holiday' })).toBeNull();
    expect(list.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});
