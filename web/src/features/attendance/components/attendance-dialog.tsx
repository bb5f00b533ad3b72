import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { ATTENDANCE_MESSAGES, isWorkingStatus, type AttendanceRecord } from '@app/shared-types/attendance';
import { formatDate } from '@app/shared-types/format';
import { useFormikContext } from 'formik';
import { EntityForm, EntityFormDialog } from '../../../components/entity-form-dialog';
import { FormField, FormTextField } from '../../../components/form-fields';
import { FormDateField } from '../../../components/form-date-field';
import { useActiveStaff } from '../api/get-staff-directory';
import { useCreateAttendance, useUpdateAttendance } from '../api/save-attendance';
import {
  ATTENDANCE_FIELD_LABELS,
  LEAVE_TYPE_OPTIONS,
  LOCATION_OPTIONS,
  STATUS_OPTIONS,
  attendanceFormErrors,
  formatHours,
  liveTotalHours,
  newAttendanceValues,
  toAttendanceFormValues,
  toAttendanceInput,
  type AttendanceFormValues,
} from '../model';

const TITLE_ID = 'attendance-dialog-title';

/** The signed-in person: an employee marks only themselves. */
export interface AttendanceActor {
  id: string;
  name: string;
  /** Managers and above pick anyone active. */
  marksAnyone: boolean;
}

interface AttendanceDialogProps {
  open: boolean;
  /** The record to correct; null marks a new day. */
  recordId: string | null;
  record: AttendanceRecord | undefined;
  error?: unknown;
  today: string;
  actor: AttendanceActor;
  onClose: () => void;
}

/**
 * Mark Attendance / Edit Attendance (SPEC.md 3, 5 and 9): validated with the
 * shared schema; times and break only for present and half day, the leave
 * type only (and required) for leave; the total hours as the server will
 * store them. A correction is version-checked (a stale save shows what changed).
 */
export function AttendanceDialog({ open, recordId, record, error, today, actor, onClose }: AttendanceDialogProps) {
  const create = useCreateAttendance();
  const update = useUpdateAttendance();
  return (
    <EntityFormDialog<AttendanceRecord>
      open={open}
      onClose={onClose}
      titleId={TITLE_ID}
      id={recordId}
      record={record}
      error={error}
      editTitle="Edit Attendance"
      noun="attendance record"
    >
      {(loaded, reload) => (
        <EntityForm<AttendanceFormValues, AttendanceRecord>
          titleId={TITLE_ID}
          title={loaded ? 'Edit Attendance' : 'Mark Attendance'}
          initialValues={loaded ? toAttendanceFormValues(loaded) : newAttendanceValues(today, actor.marksAnyone ? '' : actor.id)}
          validate={attendanceFormErrors}
          validateOnChange={false}
          save={(values) => {
            const input = toAttendanceInput(values);
            return loaded ? update.mutateAsync({ id: loaded.id, version: loaded.version, ...input }) : create.mutateAsync(input);
          }}
          savedToast={(saved) => ({ title: ATTENDANCE_MESSAGES.recorded, description: `${saved.user.name || 'Employee'}, ${formatDate(saved.date)}` })}
          errorTitle={ATTENDANCE_MESSAGES.recordFailed}
          submitLabel={loaded ? 'Save Changes' : 'Mark Attendance'}
          submittingLabel="Saving..."
          versioned={loaded ? { id: loaded.id, noun: 'attendance record', labels: ATTENDANCE_FIELD_LABELS, toValues: toAttendanceFormValues, onReload: reload } : undefined}
          onClose={onClose}
        >
          {(form) => <AttendanceFields values={form.values} editing={loaded} actor={actor} today={today} />}
        </EntityForm>
      )}
    </EntityFormDialog>
  );
}

function AttendanceFields({ values, editing, actor, today }: { values: AttendanceFormValues; editing: AttendanceRecord | null; actor: AttendanceActor; today: string }) {
  const working = isWorkingStatus(values.status);
  return (
    <>
      <EmployeeField editing={editing} actor={actor} />
      <FormDateField
        name="date"
        label="Date"
        required
        disabled={editing !== null}
        helperText={editing ? 'A record stays on its day' : values.date > today ? 'Only leave can be recorded ahead' : undefined}
      />
      <FormField name="status" label="Status" kind="select" required options={STATUS_OPTIONS} />
      {values.status === 'leave' ? (
        <FormField name="leaveType" label="Leave Type" kind="select" required options={LEAVE_TYPE_OPTIONS} />
      ) : (
        <FormField name="location" label="Location" kind="select" options={LOCATION_OPTIONS} />
      )}
      {working && (
        <>
          <Grid size={{ xs: 6, sm: 4 }}>
            <FormTextField name="checkIn" label="Check-in" type="time" fullWidth slotProps={{ inputLabel: { shrink: true } }} />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <FormTextField name="checkOut" label="Check-out" type="time" fullWidth slotProps={{ inputLabel: { shrink: true } }} />
          </Grid>
          <FormField name="breakTime" label="Break (minutes)" kind="number" size={{ xs: 6, sm: 4 }} />
          <Grid size={{ xs: 6, sm: 12 }} sx={{ display: 'flex', alignItems: 'center' }}>
            <LiveHours />
          </Grid>
        </>
      )}
      <FormField name="notes" label="Notes" kind="multiline" size={12} />
    </>
  );
}

/** Total hours as the server will compute them from what is typed. */
function LiveHours() {
  const { values } = useFormikContext<AttendanceFormValues>();
  const hours = liveTotalHours(values);
  return (
    <Typography aria-live="polite" sx={{ fontWeight: 600 }}>
      Total hours: {formatHours(hours)}
    </Typography>
  );
}

/** Managers and above pick an active employee; an employee's own name, fixed. A correction keeps its employee. */
function EmployeeField({ editing, actor }: { editing: AttendanceRecord | null; actor: AttendanceActor }) {
  const picking = actor.marksAnyone && editing === null;
  const { staff, isPending, isError } = useActiveStaff(picking);
  let options: { value: string; label: string }[];
  if (editing) options = [{ value: editing.userId, label: editing.user.name || editing.userId }];
  else if (!actor.marksAnyone) options = [{ value: actor.id, label: actor.name }];
  else options = staff.map((person) => ({ value: person.id, label: person.department ? `${person.name} (${person.department})` : person.name }));
  let helperText: string | undefined;
  if (!actor.marksAnyone && !editing) helperText = 'You mark your own attendance';
  else if (picking && isPending) helperText = 'Loading employees...';
  else if (picking && isError) helperText = 'Could not load the employees';
  return (
    <FormField
      name="userId"
      label="Employee"
      kind="select"
      required
      disabled={!picking}
      options={options}
      helperText={helperText}
    />
  );
}
