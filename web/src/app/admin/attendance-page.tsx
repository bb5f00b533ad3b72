import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ATTENDANCE_STATUS_LABELS, type AttendanceRecord } from '@app/shared-types/attendance';
import { canManageHolidays } from '@app/shared-types/holidays';
import { calendarDate, formatDate } from '@app/shared-types/format';
import { useMemo } from 'react';
import { useDeleteFlow } from '../../components/confirm-delete-dialog';
import { FilterCard, PagedList, ResourceHeader, usePagedItems } from '../../components/paged-list';
import { useSession } from '../../features/auth/api/get-session';
import { useAttendanceList } from '../../features/attendance/api/get-attendance';
import { useDeleteAttendance } from '../../features/attendance/api/save-attendance';
import { AttendanceDialog, type AttendanceActor } from '../../features/attendance/components/attendance-dialog';
import { AttendanceFilters } from '../../features/attendance/components/attendance-filters';
import { AttendanceList } from '../../features/attendance/components/attendance-list';
import { HolidaysPanel } from '../../features/attendance/components/holidays-panel';
import { MonthlyReport } from '../../features/attendance/components/monthly-report';
import { TodayPanel } from '../../features/attendance/components/today-panel';
import {
  ATTENDANCE_PAGE_SIZE,
  ATTENDANCE_TABS,
  ATTENDANCE_TAB_LABELS,
  canMarkAnyone,
  parseAttendanceFilters,
  parseAttendanceTab,
  parseReportMonth,
  type AttendanceFilterParam,
  type AttendanceFilters as Filters,
  type AttendanceTab,
} from '../../features/attendance/model';
import { useUrlDialog } from '../../lib/url-dialog';
import { withParam, useUrlSearchParams } from '../../lib/url-params';
import { useAdminRouteHandle } from './sections';

/** SPEC.md 2: the records list's empty state. */
export const NO_ATTENDANCE_MESSAGE = 'No attendance records found';

/**
 * The Attendance Portal: today's cards and self check-in/out, then the
 * records (?tab=records, the default), the monthly report (?tab=report,
 * ?month=YYYY-MM) or the firm's holidays (?tab=holidays, ?year=YYYY). Filters (q, date, status, userId) and the dialog
 * (?new=1 marks, ?record=<id> corrects) live in the URL.
 */
export function AttendancePage() {
  const heading = useAdminRouteHandle()?.section?.heading ?? 'Attendance Portal';
  const [searchParams, setSearchParams] = useUrlSearchParams();
  const { data: session } = useSession();
  const tab = parseAttendanceTab(searchParams);
  const filters = useMemo(() => parseAttendanceFilters(searchParams), [searchParams]);
  const today = calendarDate();
  const month = parseReportMonth(searchParams, today);
  const dialog = useUrlDialog('record');
  const user = session?.user;
  const actor: AttendanceActor = { id: user?.id ?? '', name: user?.name ?? '', marksAnyone: canMarkAnyone(user?.role) };

  return (
    <Stack spacing={3}>
      <ResourceHeader
        title={heading}
        subtitle="Who is in today, check-in and check-out, leaves and each month's hours."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={dialog.openNew}>
            Mark Attendance
          </Button>
        }
      />
      <TodayPanel />
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_event, value: AttendanceTab) => setSearchParams((current) => withParam(current, 'tab', value, 'records'))}
          aria-label="Attendance"
        >
          {ATTENDANCE_TABS.map((value) => (
            <Tab key={value} value={value} label={ATTENDANCE_TAB_LABELS[value]} id={`attendance-tab-${value}`} aria-controls="attendance-tab-panel" />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id="attendance-tab-panel" aria-labelledby={`attendance-tab-${tab}`}>
        {tab === 'records' && <RecordsTab filters={filters} byEmployee={actor.marksAnyone} onEdit={dialog.openEdit} />}
        {tab === 'report' && (
          <MonthlyReport month={month} canExport={actor.marksAnyone} onMonthChange={(value) => setSearchParams((current) => withParam(current, 'month', value))} />
        )}
        {tab === 'holidays' && (
          <HolidaysPanel
            year={/^\d{4}$/.test(searchParams.get('year') ?? '') ? (searchParams.get('year') ?? '') : today.slice(0, 4)}
            canManage={user ? canManageHolidays(user) : false}
            onYearChange={(value) => setSearchParams((current) => withParam(current, 'year', value))}
          />
        )}
      </Box>
      {user && <AttendanceDialogFromList open={dialog.open} id={dialog.id} filters={filters} today={today} actor={actor} onClose={dialog.close} />}
    </Stack>
  );
}

function RecordsTab({ filters, byEmployee, onEdit }: { filters: Filters; byEmployee: boolean; onEdit: (id: string) => void }) {
  const [, setSearchParams] = useUrlSearchParams();
  const list = useAttendanceList(filters, ATTENDANCE_PAGE_SIZE);
  const items = usePagedItems(list);
  const remove = useDeleteFlow<AttendanceRecord>({
    mutation: useDeleteAttendance((id) => items.find((record) => record.id === id)?.version),
    noun: 'Attendance record',
    nameOf: (record) => `${record.user.name || record.userId}, ${formatDate(record.date)}`,
    message: (record) =>
      `${record ? `${record.user.name || record.userId}'s ${ATTENDANCE_STATUS_LABELS[record.status].toLowerCase()} on ${formatDate(record.date)}` : 'The record'} will be deleted and the day's and month's figures recounted. This cannot be undone.`,
    forbidden: 'You can only delete your own attendance.',
  });

  const changeFilter = (name: AttendanceFilterParam, value: string) => setSearchParams((current) => withParam(current, name, value), { replace: name === 'q' });

  return (
    <Stack spacing={2}>
      <FilterCard>
        <AttendanceFilters filters={filters} byEmployee={byEmployee} onChange={changeFilter} />
      </FilterCard>
      <PagedList list={list} items={items} noun="attendance records" emptyMessage={NO_ATTENDANCE_MESSAGE}>
        <AttendanceList items={items} onEdit={(record) => onEdit(record.id)} onDelete={remove.ask} />
      </PagedList>
      {remove.dialog}
    </Stack>
  );
}

/** The dialog corrects the list's copy of a record (newest after every write); one beyond the pages loaded is not found. */
function AttendanceDialogFromList({ open, id, filters, today, actor, onClose }: { open: boolean; id: string | null; filters: Filters; today: string; actor: AttendanceActor; onClose: () => void }) {
  const list = useAttendanceList(filters, ATTENDANCE_PAGE_SIZE);
  const items = usePagedItems(list);
  const found = items.find((record) => record.id === id);
  return (
    <AttendanceDialog
      open={open}
      recordId={id}
      record={found}
      error={list.isError ? list.error : !list.isPending && id !== null && !found ? new Error('Attendance record not found') : null}
      today={today}
      actor={actor}
      onClose={onClose}
    />
  );
}
