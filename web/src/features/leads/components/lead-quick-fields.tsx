import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LEAD_STATUSES } from '@app/shared-types/constants';
import { LEAD_PRIORITIES, SALESPEOPLE, type Lead } from '@app/shared-types/leads';
import { PRIORITY_OPTIONS, SALESPERSON_OPTIONS, STATUS_OPTIONS, type LeadChanges, type LeadSave } from '../model';

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

  return (
    <Grid container spacing={1.5}>
      <Grid size={{ xs: 6 }}>
        <TextField
          select
          size="small"
          label="Status"
          value={lead.status}
          disabled={disabled}
          onChange={(event) => save({ status: choose(LEAD_STATUSES, event.target.value) })}
        >
          {STATUS_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 6 }}>
        <TextField
          select
          size="small"
          label="Priority"
          value={lead.priority}
          disabled={disabled}
          onChange={(event) => save({ priority: choose(LEAD_PRIORITIES, event.target.value) })}
        >
          {PRIORITY_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 6 }}>
        <TextField
          select
          size="small"
          label="Assigned To"
          value={lead.assignedTo}
          disabled={disabled}
          onChange={(event) => save({ assignedTo: choose(['', ...SALESPEOPLE], event.target.value) })}
        >
          <MenuItem value="">Unassigned</MenuItem>
          {SALESPERSON_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 6 }}>
        <TextField
          size="small"
          type="date"
          label="Next Follow-up"
          value={lead.nextFollowUp ?? ''}
          disabled={disabled}
          onChange={(event) => {
            const value = event.target.value;
            if (value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value)) save({ nextFollowUp: value === '' ? null : value });
          }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Grid>
    </Grid>
  );
}
