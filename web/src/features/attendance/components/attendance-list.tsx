import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ATTENDANCE_LOCATION_LABELS,
  ATTENDANCE_STATUS_LABELS,
  LEAVE_TYPE_LABELS,
  formatAttendanceTime,
  isWorkingStatus,
  type AttendanceRecord,
} from '@app/shared-types/attendance';
import { formatDate } from '@app/shared-types/format';
import { STATUS_COLORS, formatBreak, formatHours } from '../model';

interface AttendanceListProps {
  items: readonly AttendanceRecord[];
  onEdit: (record: AttendanceRecord) => void;
  onDelete?: (record: AttendanceRecord) => void;
}

/** The records (SPEC.md 2): date, employee, status, check-in and out in Asia/Kolkata, break, hours and location. */
export function AttendanceList({ items, onEdit, onDelete }: AttendanceListProps) {
  return (
    <Stack spacing={1.5} component="section" aria-label="Attendance records">
      {items.map((record) => (
        <AttendanceRow key={record.id} record={record} onEdit={onEdit} onDelete={onDelete} />
      ))}
    </Stack>
  );
}

function AttendanceRow({ record, onEdit, onDelete }: { record: AttendanceRecord; onEdit: (record: AttendanceRecord) => void; onDelete?: (record: AttendanceRecord) => void }) {
  const titleId = `attendance-${record.id}-title`;
  const name = record.user.name || record.userId;
  const working = isWorkingStatus(record.status);
  const cells = [
    { label: 'Check-in', value: working ? formatAttendanceTime(record.checkIn) || '—' : '—' },
    { label: 'Check-out', value: working ? formatAttendanceTime(record.checkOut) || '—' : '—' },
    { label: 'Break', value: working ? formatBreak(record.breakTime) : '—' },
    { label: 'Total hours', value: formatHours(record.totalHours) },
    { label: 'Location', value: working ? ATTENDANCE_LOCATION_LABELS[record.location] : '—' },
  ];
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 1.75, sm: 2 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1.25, md: 2 }} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Box sx={{ minWidth: 0, flex: { md: '1 1 240px' } }}>
          <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 0.5 }}>
            <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
              {formatDate(record.date, 'short')}
            </Typography>
            <Chip size="small" color={STATUS_COLORS[record.status]} label={ATTENDANCE_STATUS_LABELS[record.status]} />
            {record.leaveType && <Chip size="small" variant="outlined" label={`${LEAVE_TYPE_LABELS[record.leaveType]} leave`} />}
          </Stack>
          <Typography id={titleId} component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          {record.user.department && (
            <Typography variant="body2" color="text.secondary">
              {record.user.department}
            </Typography>
          )}
          {record.notes && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {record.notes}
            </Typography>
          )}
        </Box>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', sm: 'repeat(5, minmax(84px, auto))' }, gap: 1, flex: '0 1 auto' }}
        >
          {cells.map((cell) => (
            <Box key={cell.label} sx={{ minWidth: 0 }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {cell.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {cell.value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button size="small" variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => onEdit(record)} aria-describedby={titleId}>
            Edit
          </Button>
          {onDelete && (
            <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => onDelete(record)} aria-describedby={titleId}>
              Delete
            </Button>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
