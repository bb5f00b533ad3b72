import Grid from '@mui/material/Grid';
import { LEAD_STATUSES } from '@app/shared-types/constants';
import { LEAD_PRIORITIES, type Lead } from '@app/shared-types/leads';
import { DateField } from '../../../components/date-field';
import { SelectField } from '../../../components/select-field';
import { useAssignees } from '../api/get-assignees';
import { PRIORITY_OPTIONS, STATUS_OPTIONS, type LeadChanges, type LeadSave } from '../model';

interface LeadQuickFieldsProps {
  lead: Lead;
  onSave: LeadSave;
  disabled: boolean;
}

/** The fields staff change most, saved as soon as they change. */
export function LeadQuickFields({ lead, onSave, disabled }: LeadQuickFieldsProps) {
  // The drawer reports a failed save; the select shows the saved value again.
  const save = (changes: LeadChanges) => void onSave(changes).catch(() => undefined);
  /** The list value the select chose (selects only offer list values). */
  const choose = <T extends string>(list: readonly T[], value: string) => list.find((item) => item === value);
  const assignees = useAssignees({ id: lead.assignedTo, name: lead.assignedToName });

  return (
    <Grid container spacing={1.5}>
      <Grid size={{ xs: 6 }}>
        <SelectField
          label="Status"
          value={lead.status}
          options={STATUS_OPTIONS}
          disabled={disabled}
          onChange={(value) => save({ status: choose(LEAD_STATUSES, value) })}
        />
      </Grid>
      <Grid size={{ xs: 6 }}>
        <SelectField
          label="Priority"
          value={lead.priority}
          options={PRIORITY_OPTIONS}
          disabled={disabled}
          onChange={(value) => save({ priority: choose(LEAD_PRIORITIES, value) })}
        />
      </Grid>
      <Grid size={{ xs: 6 }}>
        <SelectField
          label="Assigned To"
          value={lead.assignedTo}
          options={assignees}
          emptyLabel="Unassigned"
          disabled={disabled}
          onChange={(value) => save({ assignedTo: choose(['', ...assignees.map((option) => option.value)], value) })}
        />
      </Grid>
      <Grid size={{ xs: 6 }}>
        <DateField size="small" label="Next Follow-up" value={lead.nextFollowUp ?? ''} disabled={disabled} onChange={(value) => save({ nextFollowUp: value === '' ? null : value })} />
      </Grid>
    </Grid>
  );
}
