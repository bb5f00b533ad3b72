import EventBusyIcon from '@mui/icons-material/EventBusy';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import BeachAccessIcon from '@mui/icons-material/BeachAccess';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import TimelapseIcon from '@mui/icons-material/Timelapse';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ATTENDANCE_MESSAGES,
  ATTENDANCE_LOCATION_LABELS,
  ATTENDANCE_STATUS_LABELS,
  DEFAULT_ATTENDANCE_LOCATION,
  LEAVE_TYPE_LABELS,
  formatAttendanceTime,
  type AttendanceLocation,
  type AttendanceToday,
} from '@app/shared-types/attendance';
import { formatDate } from '@app/shared-types/format';
import { useState } from 'react';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { ErrorState } from '../../../components/error-state';
import { SelectField } from '../../../components/select-field';
import { StatCard } from '../../../components/stat-card';
import { serverMessage } from '../../../lib/api-errors';
import { useAttendanceToday } from '../api/get-attendance-today';
import { LOCATION_OPTIONS, absentCard, checkOutNeedsConfirm, formatHours, selfServiceState } from '../model';
import { useSelfService } from './use-self-service';

const iconSx = { color: 'primary.main', fontSize: 32, opacity: 0.8 } as const;

/**
 * Today (Asia/Kolkata): the four cards (present, absent, half day, on leave)
 * for managers and above, the person's own day for an employee, and the
 * self-service check-in / check-out everyone has.
 */
export function TodayPanel() {
  const today = useAttendanceToday();
  if (today.isError) return <ErrorState message={`Could not load today's attendance. ${serverMessage(today.error)}`} onRetry={() => void today.refetch()} />;
  const data = today.data;
  return (
    <Stack spacing={2}>
      {data && !data.figures ? <OwnDayCards today={data} /> : <FigureCards today={data} />}
      <SelfServiceCard today={data} />
    </Stack>
  );
}

function FigureCards({ today }: { today: AttendanceToday | undefined }) {
  const figures = today?.figures;
  const cards = [
    { label: 'Present', value: figures?.present, icon: <EventAvailableIcon sx={iconSx} /> },
    { ...absentCard(figures), icon: <EventBusyIcon sx={iconSx} /> },
    { label: 'Half Day', value: figures?.halfDay, icon: <TimelapseIcon sx={iconSx} /> },
    { label: 'On Leave', value: figures?.onLeave, icon: <BeachAccessIcon sx={iconSx} /> },
  ];
  return (
    <Grid container spacing={2} component="section" aria-label={today ? `Today, ${formatDate(today.date)}` : 'Today'}>
      {cards.map((card) => (
        <Grid key={card.label} size={{ xs: 6, md: 3 }}>
          <StatCard label={card.label} value={card.value} hint={card.hint} icon={card.icon} compact />
        </Grid>
      ))}
    </Grid>
  );
}

/** An employee's own day: status, in, out and hours. */
function OwnDayCards({ today }: { today: AttendanceToday }) {
  const record = today.record;
  const status = record ? `${ATTENDANCE_STATUS_LABELS[record.status]}${record.leaveType ? ` (${LEAVE_TYPE_LABELS[record.leaveType]})` : ''}` : 'Not marked';
  const cards = [
    { label: 'Today', value: status, hint: formatDate(today.date) },
    { label: 'Checked in at', value: formatAttendanceTime(record?.checkIn) || '—', hint: record?.checkIn ? ATTENDANCE_LOCATION_LABELS[record.location] : undefined },
    { label: 'Checked out at', value: formatAttendanceTime(record?.checkOut) || '—' },
    { label: 'Hours', value: formatHours(record?.totalHours) },
  ];
  return (
    <Grid container spacing={2} component="section" aria-label="My day">
      {cards.map((card) => (
        <Grid key={card.label} size={{ xs: 6, md: 3 }}>
          <StatCard label={card.label} value={card.value} hint={card.hint} compact />
        </Grid>
      ))}
    </Grid>
  );
}

/** Check in (where, and the coordinates when the person shares them) or check out, once a day each. */
function SelfServiceCard({ today }: { today: AttendanceToday | undefined }) {
  const [location, setLocation] = useState<AttendanceLocation>(DEFAULT_ATTENDANCE_LOCATION);
  const [share, setShare] = useState(false);
  const self = useSelfService();
  const [confirming, setConfirming] = useState(false);
  const record = today?.record;
  const state = selfServiceState(record);

  /** A check-out within minutes of the check-in asks first (a double tap must not end the day); so does the server. */
  const checkOut = async (confirm: boolean) => {
    if (!confirm && checkOutNeedsConfirm(record?.checkIn, Date.now())) {
      setConfirming(true);
      return;
    }
    const done = await self.checkOut(confirm);
    setConfirming(done === 'confirm');
  };

  let line: string;
  if (!today) line = 'Loading your day...';
  else if (state === 'check-out') line = `Checked in at ${formatAttendanceTime(record?.checkIn)} (${ATTENDANCE_LOCATION_LABELS[record?.location ?? DEFAULT_ATTENDANCE_LOCATION]}).`;
  else if (state === 'done') line = `Checked in at ${formatAttendanceTime(record?.checkIn)}, out at ${formatAttendanceTime(record?.checkOut)}: ${formatHours(record?.totalHours)}.`;
  else if (state === 'marked' && record) line = `Today is marked ${ATTENDANCE_STATUS_LABELS[record.status]}${record.leaveType ? ` (${LEAVE_TYPE_LABELS[record.leaveType]})` : ''}.`;
  else line = 'You have not checked in today.';

  return (
    <Card component="section" aria-labelledby="self-service-title">
      <CardContent>
        <Typography id="self-service-title" variant="h6" component="h2">
          My attendance
        </Typography>
        <Typography color="text.secondary" sx={{ mb: state === 'check-in' || state === 'check-out' ? 2 : 0 }}>
          {line}
        </Typography>
        {today && state === 'check-in' && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Stack sx={{ minWidth: 200 }}>
              <SelectField label="Location" value={location} options={LOCATION_OPTIONS} onChange={(value) => setLocation(value as AttendanceLocation)} />
            </Stack>
            <FormControlLabel control={<Checkbox checked={share} onChange={(event) => setShare(event.target.checked)} />} label="Share my location" />
            <Button variant="contained" startIcon={<LoginIcon />} disabled={self.pending} onClick={() => void self.checkIn(location, share)} sx={{ alignSelf: { xs: 'stretch', sm: 'center' } }}>
              {self.pending ? 'Checking in...' : 'Check in'}
            </Button>
          </Stack>
        )}
        {today && state === 'check-out' && (
          <Button variant="contained" color="secondary" startIcon={<LogoutIcon />} disabled={self.pending} onClick={() => void checkOut(false)}>
            {self.pending ? 'Checking out...' : 'Check out'}
          </Button>
        )}
        <ConfirmActionDialog
          open={confirming}
          title="Check out already?"
          message={ATTENDANCE_MESSAGES.checkOutSoon}
          confirmLabel="Check out"
          pending={self.pending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void checkOut(true)}
        />
      </CardContent>
    </Card>
  );
}
