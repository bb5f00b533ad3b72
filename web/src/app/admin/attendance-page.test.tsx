import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AttendanceRecord, AttendanceToday } from '@app/shared-types/attendance';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attendanceFixtures, makeAttendance, staffDirectoryHandler } from '../../features/attendance/test-fixtures';
import { choose, enter, renderPortalPage, typeDate } from '../../test/portal';
import { findToast } from '../../test/render';
import { server } from '../../test/server';
import { AttendancePage } from './attendance-page';

const renderAttendance = (url = '/admin/attendance', role = 'admin') => {
  server.use(staffDirectoryHandler());
  return renderPortalPage(url, { path: '/admin/attendance', Component: AttendancePage, section: 'attendance', role });
};

/** renderPortalPage signs in as 'u' (Asha): the employee's own day is hers. */
const employeeToday = (record: AttendanceRecord | null): AttendanceToday => ({ date: '2026-11-23', record, figures: null });

/** The figure a StatCard shows under its label. */
const statValue = (label: string) => screen.getByRole('heading', { name: label }).nextElementSibling?.textContent;

const findRow = (name: string) => screen.findAllByRole('article', { name });

/** Many fields in one dialog: jsdom is slow with MUI. */
const FORM_TEST_TIMEOUT = 30_000;

afterEach(() => vi.unstubAllGlobals());

describe('Attendance Portal: today and the records', () => {
  it("shows today's four cards to managers and above, and each record's date, employee, status, times in Asia/Kolkata, break, hours and location", async () => {
    renderAttendance();

    expect(await screen.findByRole('heading', { level: 1, name: 'Attendance Portal' })).toBeTruthy();
    await waitFor(() => expect(statValue('Present')).toBe('12'));
    expect(statValue('Absent')).toBe('3');
    expect(statValue('Half Day')).toBe('2');
    expect(statValue('On Leave')).toBe('1');
    expect(screen.getByText('2 not marked yet')).toBeTruthy();

    const [kiran] = await findRow('Kiran Reddy');
    const row = within(kiran!);
    expect(row.getByText('20 Nov 2026')).toBeTruthy();
    expect(row.getByText('Design')).toBeTruthy();
    expect(row.getByText('Present')).toBeTruthy();
    // 03:45 UTC is 09:15 in Kolkata; 12:45 UTC is 18:15.
    expect(row.getByText('09:15 am')).toBeTruthy();
    expect(row.getByText('06:15 pm')).toBeTruthy();
    expect(row.getByText('45 min')).toBeTruthy();
    expect(row.getByText('8.25 h')).toBeTruthy();
    expect(row.getByText('Site')).toBeTruthy();
    expect(row.getByRole('button', { name: 'Delete' })).toBeTruthy();

    const sneha = within((await findRow('Sneha Kapoor'))[0]!);
    expect(sneha.getByText('Leave')).toBeTruthy();
    expect(sneha.getByText('Sick leave')).toBeTruthy();
  });

  it('shows an employee their own day, and checks in (location, no coordinates unless shared) then out, with the SPEC.md 8 toast', async () => {
    let today = employeeToday(null);
    const bodies: unknown[] = [];
    const checkedIn = makeAttendance({ userId: 'u', date: '2026-11-23', user: { name: 'Asha', department: '' }, checkIn: '2026-11-23T03:30:00.000Z', location: 'site' });
    server.use(
      http.get('/api/attendance/today', () => HttpResponse.json(today)),
      http.post('/api/attendance/check-in', async ({ request }) => {
        bodies.push(await request.json());
        today = employeeToday(checkedIn);
        return HttpResponse.json(checkedIn, { status: 201 });
      }),
      http.post('/api/attendance/check-out', () => {
        const out = { ...checkedIn, checkOut: '2026-11-23T12:00:00.000Z', totalHours: 8.5, version: 2 };
        today = employeeToday(out);
        return HttpResponse.json(out);
      }),
    );
    const { user } = renderAttendance('/admin/attendance', 'employee');

    expect(await screen.findByText('You have not checked in today.')).toBeTruthy();
    expect(statValue('Today')).toBe('Not marked');
    expect(screen.queryByRole('heading', { name: 'Present' })).toBeNull();
    // An employee's list is their own: no employee filter.
    expect(screen.queryByRole('combobox', { name: 'Employee' })).toBeNull();

    const card = within(screen.getByRole('region', { name: 'My attendance' }));
    await choose(user, card, 'Location', 'Site');
    await user.click(card.getByRole('button', { name: 'Check in' }));
    const toast = await findToast('status', 'Attendance recorded successfully!');
    expect(toast.textContent).toContain('Checked in at 09:00 am');
    expect(bodies).toEqual([{ location: 'site', notes: '' }]);

    await user.click(await card.findByRole('button', { name: 'Check out' }));
    await waitFor(async () => expect((await findToast('status', 'Attendance recorded successfully!')).textContent).toContain('Checked out at 05:30 pm: 8.5 h'));
    expect(await card.findByText(/out at 05:30 pm: 8.5 h/)).toBeTruthy();
    expect(card.queryByRole('button', { name: /Check (in|out)/ })).toBeNull();
    await waitFor(() => expect(statValue('Hours')).toBe('8.5 h'));
  });

  it("sends the browser's coordinates only when 'Share my location' is ticked, and checks in without them when refused", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/attendance/today', () => HttpResponse.json(employeeToday(null))),
      http.post('/api/attendance/check-in', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(makeAttendance({ userId: 'u', date: '2026-11-23', checkIn: '2026-11-23T03:30:00.000Z' }), { status: 201 });
      }),
    );
    let allow = true;
    const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback) => {
      if (allow) ok({ coords: { latitude: 17.385, longitude: 78.4867 } } as GeolocationPosition);
      else fail({ code: 1, message: 'denied' } as GeolocationPositionError);
    });
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const { user } = renderAttendance('/admin/attendance', 'employee');

    const card = within(await screen.findByRole('region', { name: 'My attendance' }));
    await user.click(await card.findByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(getCurrentPosition).not.toHaveBeenCalled();

    await user.click(card.getByRole('checkbox', { name: 'Share my location' }));
    await user.click(card.getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ location: 'office', notes: '', latitude: 17.385, longitude: 78.4867 });

    allow = false;
    await user.click(card.getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]).toEqual({ location: 'office', notes: '' });
    expect((await findToast('status', 'Attendance recorded successfully!')).textContent).toContain('location not shared');
  });

  it("shows the server's reason when a check-in is refused", async () => {
    server.use(
      http.get('/api/attendance/today', () => HttpResponse.json(employeeToday(null))),
      http.post('/api/attendance/check-in', () => HttpResponse.json({ error: 'You have already checked in today' }, { status: 409 })),
    );
    const { user } = renderAttendance('/admin/attendance', 'employee');
    await user.click(await screen.findByRole('button', { name: 'Check in' }));
    expect((await findToast('alert', 'Error recording attendance')).textContent).toContain('You have already checked in today');
  });

  it('sends the search, date, status and employee filters to the server and keeps them in the URL', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/api/attendance', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [] });
      }),
    );
    const { user, router } = renderAttendance('/admin/attendance?status=leave');

    expect(await screen.findByText('No attendance records found')).toBeTruthy();
    expect(queries[0]?.get('status')).toBe('leave');
    expect(queries[0]?.get('limit')).toBe('25');
    const filters = within(screen.getByRole('region', { name: 'Filter attendance' }));

    await choose(user, filters, 'Employee', 'Ravi Teja');
    await waitFor(() => expect(queries.at(-1)?.get('userId')).toBe('user-ravi'));
    expect(router.state.location.search).toContain('userId=user-ravi');
    await user.type(filters.getByLabelText('Search attendance'), 'design');
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('design'));
    await typeDate(user, filters, 'Date', '20/11/2026');
    await waitFor(() => expect(queries.at(-1)?.get('date')).toBe('2026-11-20'));
    await choose(user, filters, 'Status', 'All statuses');
    await waitFor(() => expect(queries.at(-1)?.has('status')).toBe(false));
    expect(queries.at(-1)?.get('userId')).toBe('user-ravi');
  });

  it('deletes a record after asking, with the version on screen', async () => {
    const deleted: string[] = [];
    server.use(
      http.delete('/api/attendance/:id', ({ params, request }) => {
        deleted.push(`${String(params.id)}?${new URL(request.url).searchParams.toString()}`);
        return HttpResponse.json({ id: params.id });
      }),
    );
    const { user } = renderAttendance();
    const [kiran] = await findRow('Kiran Reddy');
    await user.click(within(kiran!).getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this attendance record?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await findToast('status', 'Attendance record deleted successfully!');
    expect(deleted).toEqual(['user-employee-2026-11-20?version=2']);
  });
});

describe('Attendance Portal: the Mark Attendance dialog', () => {
  it(
    'shows times and break only for present and half day, requires the leave type for leave, and sends what the status has',
    async () => {
      const posted: unknown[] = [];
      server.use(
        http.post('/api/attendance', async ({ request }) => {
          const body = (await request.json()) as { userId: string; date: string };
          posted.push(body);
          return HttpResponse.json(makeAttendance({ ...body, user: { name: 'Ravi Teja', department: 'Operations' } }), { status: 201 });
        }),
      );
      const { user, router } = renderAttendance('/admin/attendance?new=1');
      const dialog = within(await screen.findByRole('dialog', { name: 'Mark Attendance' }));

      // SPEC.md 9 defaults.
      expect(dialog.getByRole('combobox', { name: 'Status' }).textContent).toBe('Present');
      expect(dialog.getByRole('combobox', { name: 'Location' }).textContent).toBe('Office');
      expect(dialog.getByLabelText<HTMLInputElement>('Break (minutes)').value).toBe('0');
      expect(dialog.getByLabelText('Check-in')).toBeTruthy();

      await user.click(dialog.getByRole('button', { name: 'Mark Attendance' }));
      expect(await dialog.findByText('Employee is required')).toBeTruthy();

      await choose(user, dialog, 'Employee', 'Ravi Teja (Operations)');
      await choose(user, dialog, 'Status', 'Absent');
      expect(dialog.queryByLabelText('Check-in')).toBeNull();
      expect(dialog.queryByLabelText('Check-out')).toBeNull();
      expect(dialog.queryByLabelText('Break (minutes)')).toBeNull();
      expect(dialog.queryByRole('combobox', { name: 'Leave Type' })).toBeNull();

      await choose(user, dialog, 'Status', 'Leave');
      expect(dialog.queryByLabelText('Check-in')).toBeNull();
      await user.click(dialog.getByRole('button', { name: 'Mark Attendance' }));
      expect(await dialog.findByText('Leave type is required for leave')).toBeTruthy();
      expect(posted).toEqual([]);

      await choose(user, dialog, 'Leave Type', 'Casual');
      await user.click(dialog.getByRole('button', { name: 'Mark Attendance' }));
      await findToast('status', 'Attendance recorded successfully!');
      expect(posted).toEqual([
        expect.objectContaining({ userId: 'user-ravi', status: 'leave', leaveType: 'casual', checkIn: null, checkOut: null, breakTime: 0, location: 'office' }),
      ]);
      await waitFor(() => expect(router.state.location.search).toBe(''));
    },
    FORM_TEST_TIMEOUT,
  );

  it(
    'shows the total hours live (check-out - check-in - break) and sends the times as instants',
    async () => {
      const posted: AttendanceRecord[] = [];
      server.use(
        http.post('/api/attendance', async ({ request }) => {
          const body = (await request.json()) as AttendanceRecord;
          posted.push(body);
          return HttpResponse.json(makeAttendance({ ...body }), { status: 201 });
        }),
      );
      const { user } = renderAttendance('/admin/attendance?new=1');
      const dialog = within(await screen.findByRole('dialog', { name: 'Mark Attendance' }));
      await choose(user, dialog, 'Employee', 'Kiran Reddy (Design)');
      await typeDate(user, dialog, /^Date/, '20/11/2026');
      fireEvent.change(dialog.getByLabelText('Check-in'), { target: { value: '09:00' } });
      expect(await dialog.findByText('Total hours: —')).toBeTruthy();
      fireEvent.change(dialog.getByLabelText('Check-out'), { target: { value: '18:00' } });
      await user.clear(dialog.getByLabelText('Break (minutes)'));
      await enter(user, dialog.getByLabelText('Break (minutes)'), '30');
      expect(await dialog.findByText('Total hours: 8.5 h')).toBeTruthy();

      await user.click(dialog.getByRole('button', { name: 'Mark Attendance' }));
      await findToast('status', 'Attendance recorded successfully!');
      expect(posted[0]).toEqual(expect.objectContaining({ checkIn: '2026-11-20T03:30:00.000Z', checkOut: '2026-11-20T12:30:00.000Z', breakTime: 30 }));
    },
    FORM_TEST_TIMEOUT,
  );

  it(
    'fixes the employee to the signed-in person for an employee',
    async () => {
      const posted: { userId: string }[] = [];
      server.use(
        http.get('/api/attendance/today', () => HttpResponse.json(employeeToday(null))),
        http.post('/api/attendance', async ({ request }) => {
          const body = (await request.json()) as AttendanceRecord;
          posted.push(body);
          return HttpResponse.json(makeAttendance({ ...body }), { status: 201 });
        }),
      );
      const { user } = renderAttendance('/admin/attendance?new=1', 'employee');
      const dialog = within(await screen.findByRole('dialog', { name: 'Mark Attendance' }));
      const employee = dialog.getByRole('combobox', { name: 'Employee' });
      expect(employee.textContent).toBe('Asha');
      expect(employee.getAttribute('aria-disabled')).toBe('true');
      await choose(user, dialog, 'Status', 'Leave');
      await choose(user, dialog, 'Leave Type', 'Sick');
      await user.click(dialog.getByRole('button', { name: 'Mark Attendance' }));
      await findToast('status', 'Attendance recorded successfully!');
      expect(posted[0]?.userId).toBe('u');
    },
    FORM_TEST_TIMEOUT,
  );

  it(
    "toasts 'Error recording attendance' with the server's message and shows its field message",
    async () => {
      server.use(http.post('/api/attendance', () => HttpResponse.json({ error: 'Attendance for this employee on this date is already recorded' }, { status: 409 })));
      const { user } = renderAttendance('/admin/attendance?new=1');
      const dialog = within(await screen.findByRole('dialog', { name: 'Mark Attendance' }));
      await choose(user, dialog, 'Employee', 'Kiran Reddy (Design)');
      await user.click(dialog.getByRole('button', { name: 'Mark Attendance' }));
      expect((await findToast('alert', 'Error recording attendance')).textContent).toContain('Attendance for this employee on this date is already recorded');
      expect(screen.getByRole('dialog', { name: 'Mark Attendance' })).toBeTruthy();
    },
    FORM_TEST_TIMEOUT,
  );

  it(
    'corrects a record with its version, and on a stale save (409) shows what changed and reloads',
    async () => {
      const record = attendanceFixtures[0]!;
      const current = { ...record, breakTime: 60, totalHours: 8, notes: 'Site visit', version: 3 };
      const puts: { version: number; breakTime: number }[] = [];
      server.use(
        http.put('/api/attendance/:id', async ({ request }) => {
          const body = (await request.json()) as { version: number; breakTime: number };
          puts.push(body);
          if (body.version === 2) return HttpResponse.json({ error: 'Someone else changed this attendance record. Reload it to see their changes.', current }, { status: 409 });
          return HttpResponse.json({ ...current, breakTime: body.breakTime, version: 4 });
        }),
      );
      const { user } = renderAttendance(`/admin/attendance?record=${record.id}`);
      const dialog = within(await screen.findByRole('dialog', { name: 'Edit Attendance' }));
      expect(dialog.getByLabelText<HTMLInputElement>('Check-in').value).toBe('09:15');
      expect(dialog.getByLabelText<HTMLInputElement>('Check-out').value).toBe('18:15');
      expect(dialog.getByRole('combobox', { name: 'Employee' }).textContent).toBe('Kiran Reddy');
      expect(dialog.getByText('Total hours: 8.25 h')).toBeTruthy();
      await user.clear(dialog.getByLabelText('Break (minutes)'));
      await enter(user, dialog.getByLabelText('Break (minutes)'), '30');
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

      expect((await findToast('alert', 'Error recording attendance')).textContent).toContain('Someone else changed this attendance record');
      const changes = within(await dialog.findByRole('table', { name: 'What changed' }));
      expect(changes.getByRole('rowheader', { name: 'Break (minutes)' })).toBeTruthy();
      expect(changes.getByRole('rowheader', { name: 'Notes' })).toBeTruthy();
      // The times the server stored are kept as they are (unchanged clocks).
      expect(puts[0]).toEqual(expect.objectContaining({ version: 2, breakTime: 30, checkIn: record.checkIn, checkOut: record.checkOut }));

      await user.click(dialog.getByRole('button', { name: 'Reload' }));
      await waitFor(() => expect(dialog.getByLabelText<HTMLInputElement>('Break (minutes)').value).toBe('60'));
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
      await findToast('status', 'Attendance recorded successfully!');
      expect(puts[1]?.version).toBe(3);
    },
    FORM_TEST_TIMEOUT,
  );
});

describe('Attendance Portal: the monthly report', () => {
  it('shows each employee’s month and exports the CSV for managers', async () => {
    const months: string[] = [];
    server.use(
      http.get('/api/attendance/report', ({ request }) => {
        const month = new URL(request.url).searchParams.get('month') ?? '';
        months.push(month);
        return HttpResponse.json({
          month,
          workingDays: 26,
          holidays: [],
          rows: [
            {
              userId: 'user-employee',
              name: 'Kiran Reddy',
              department: 'Design',
              present: 15,
              halfDay: 1,
              absent: 0,
              leave: 2,
              leaveByType: { sick: 1, casual: 1, emergency: 0, vacation: 0 },
              totalHours: 128.5,
              days: 18,
              holidays: 0,
              workingDays: 26,
              notMarked: 8,
            },
          ],
        });
      }),
    );
    const saved: string[] = [];
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user, router } = renderAttendance('/admin/attendance?tab=report&month=2026-10');

    const table = within(await screen.findByRole('table', { name: 'Attendance, October 2026' }));
    const row = within(table.getByRole('row', { name: /Kiran Reddy/ }));
    expect(row.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['15', '1', '0', '2: Sick 1 · Casual 1', '0', '8', '128.5 h']);
    expect(months).toEqual(['2026-10']);

    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-09' } });
    await waitFor(() => expect(months.at(-1)).toBe('2026-09'));
    expect(router.state.location.search).toContain('month=2026-09');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await findToast('status', 'Report exported')).textContent).toContain('attendance-2026-09.csv');
    expect(saved).toEqual(['attendance-2026-09.csv']);
    click.mockRestore();
  });

  it('shows an employee their own month without the CSV export', async () => {
    server.use(http.get('/api/attendance/today', () => HttpResponse.json(employeeToday(null))));
    renderAttendance('/admin/attendance?tab=report&month=2026-11', 'employee');
    await screen.findByRole('table', { name: 'Attendance, November 2026' });
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(screen.getByText("Your own month; managers see everyone's.")).toBeTruthy();
  });
});
