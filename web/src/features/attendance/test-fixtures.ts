import { http, HttpResponse } from 'msw';
import type { Page } from '@app/shared-types/api';
import {
  attendanceCsvFileName,
  attendanceReportCsv,
  type AttendanceRecord,
  type AttendanceReport,
  type AttendanceToday,
} from '@app/shared-types/attendance';
import type { DirectoryEntry } from '@app/shared-types/employees';
import type { Holiday } from '@app/shared-types/holidays';

/** Attendance data and MSW handlers for the Attendance Portal tests (`server.use(...attendanceHandlers())`). */

/** A record as the API answers it: present at the office, no times, unless the overrides say otherwise. */
export function makeAttendance(overrides: Partial<AttendanceRecord> & Pick<AttendanceRecord, 'userId' | 'date'>): AttendanceRecord {
  return {
    id: `${overrides.userId}-${overrides.date}`,
    user: { name: 'Kiran Reddy', department: 'Design' },
    status: 'present',
    leaveType: null,
    location: 'office',
    checkIn: null,
    checkOut: null,
    breakTime: 0,
    totalHours: null,
    notes: '',
    coordinates: null,
    recordedBy: overrides.userId,
    createdAt: `${overrides.date}T04:00:00.000Z`,
    updatedAt: `${overrides.date}T04:00:00.000Z`,
    version: 1,
    ...overrides,
  };
}

export const attendanceFixtures: AttendanceRecord[] = [
  makeAttendance({
    userId: 'user-employee',
    date: '2026-11-20',
    checkIn: '2026-11-20T03:45:00.000Z',
    checkOut: '2026-11-20T12:45:00.000Z',
    breakTime: 45,
    totalHours: 8.25,
    location: 'site',
    version: 2,
  }),
  makeAttendance({ userId: 'user-sneha', date: '2026-11-20', user: { name: 'Sneha Kapoor', department: 'Sales' }, status: 'leave', leaveType: 'sick' }),
  makeAttendance({
    userId: 'user-ravi',
    date: '2026-11-19',
    user: { name: 'Ravi Teja', department: 'Operations' },
    status: 'half_day',
    checkIn: '2026-11-19T04:30:00.000Z',
    checkOut: '2026-11-19T08:30:00.000Z',
    totalHours: 4,
    location: 'remote',
  }),
];

export const staffFixtures: DirectoryEntry[] = [
  { id: 'user-employee', name: 'Kiran Reddy', email: 'kiran@example.com', phone: '', department: 'Design', position: 'Designer', profilePicture: '', role: 'employee', status: 'active' },
  { id: 'user-ravi', name: 'Ravi Teja', email: 'ravi@example.com', phone: '', department: 'Operations', position: 'Site supervisor', profilePicture: '', role: 'employee', status: 'active' },
  { id: 'user-sneha', name: 'Sneha Kapoor', email: 'sneha@example.com', phone: '', department: 'Sales', position: 'Sales executive', profilePicture: '', role: 'manager', status: 'active' },
];

export const attendanceTodayFixture: AttendanceToday = {
  date: '2026-11-23',
  record: null,
  figures: { present: 12, absent: 3, halfDay: 2, onLeave: 1, activeEmployees: 18, unmarked: 2, notYetIn: 0, workdayStart: '10:00', dayStarted: true, dayOff: null },
};

/** November 2026: 30 days, 5 Sundays, one holiday on a weekday. */
const november = { holidays: 1, workingDays: 24 };

export const attendanceReportFixture: AttendanceReport = {
  month: '2026-11',
  workingDays: 24,
  holidays: [{ date: '2026-11-09', name: 'Diwali' }],
  rows: [
    { userId: 'user-employee', name: 'Kiran Reddy', department: 'Design', present: 15, halfDay: 1, absent: 0, leave: 2, leaveByType: { sick: 1, casual: 1, emergency: 0, vacation: 0 }, totalHours: 128.5, days: 18, ...november, notMarked: 2 },
    { userId: 'user-ravi', name: 'Ravi Teja', department: 'Operations', present: 17, halfDay: 0, absent: 1, leave: 0, leaveByType: { sick: 0, casual: 0, emergency: 0, vacation: 0 }, totalHours: 140.25, days: 18, ...november, notMarked: 2 },
    { userId: 'user-sneha', name: 'Sneha Kapoor', department: 'Sales', present: 0, halfDay: 0, absent: 0, leave: 0, leaveByType: { sick: 0, casual: 0, emergency: 0, vacation: 0 }, totalHours: 0, days: 0, ...november, notMarked: 20 },
  ],
};

export const holidayFixtures: Holiday[] = [
  { id: '2026-01-26', date: '2026-01-26', name: 'Republic Day', createdAt: '2025-12-01T04:00:00.000Z', updatedAt: '2025-12-01T04:00:00.000Z', version: 1 },
  { id: '2026-11-09', date: '2026-11-09', name: 'Diwali', createdAt: '2025-12-01T04:00:00.000Z', updatedAt: '2025-12-01T04:00:00.000Z', version: 2 },
];

/** The attendance endpoints, answering from the fixtures above. */
export function attendanceHandlers() {
  return [
    http.get('/api/attendance/today', () => HttpResponse.json(attendanceTodayFixture)),
    http.get('/api/attendance/report.csv', ({ request }) => {
      const month = new URL(request.url).searchParams.get('month') ?? '2026-11';
      return new HttpResponse(attendanceReportCsv({ ...attendanceReportFixture, month }), {
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${attendanceCsvFileName(month)}"` },
      });
    }),
    http.get('/api/attendance/report', ({ request }) => {
      const month = new URL(request.url).searchParams.get('month') ?? '2026-11';
      return HttpResponse.json<AttendanceReport>({ ...attendanceReportFixture, month });
    }),
    http.get('/api/attendance/holidays', () => HttpResponse.json<Page<Holiday>>({ items: holidayFixtures })),
    http.get('/api/attendance', () => HttpResponse.json<Page<AttendanceRecord>>({ items: attendanceFixtures })),
  ];
}

/** The staff directory as the attendance tests see it (the leads fixtures answer it for everyone else). */
export const staffDirectoryHandler = () => http.get('/api/users/directory', () => HttpResponse.json<Page<DirectoryEntry>>({ items: staffFixtures }));
