import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EmployeeRecord } from '@app/shared-types/employees';
import type { LeadAssignmentRule } from '@app/shared-types/settings';
import { FieldArray, getIn, useField, useFormikContext } from 'formik';
import { FormSection } from '../../../components/entity-form-dialog';
import { FormField } from '../../../components/form-fields';
import { useActiveEmployees } from '../api/lead-takers';
import { BUSINESS_DAYS, RULE_SOURCE_OPTIONS, SPEED_TO_LEAD_LABELS, newAssignmentRule, type SettingsValues } from '../model';

const RULES = 'business.leadAssignmentRules';

/**
 * Settings > Business > Speed-to-lead (issue 26): the first-response time,
 * the business hours it counts in (Asia/Kolkata), and the assignment rules
 * tried, in order, before the round-robin of everyone who takes leads.
 */
export function SpeedToLeadFields() {
  const employees = useActiveEmployees();
  const takers = (employees.data ?? []).filter((employee) => employee.takesLeads);
  return (
    <FormSection title="Speed-to-lead">
      <Grid size={12}>
        <Typography variant="body2" color="text.secondary">
          A new lead goes to the next person who takes leads (the first matching rule below narrows who). Its first call, message, email, note or status
          change must come within the first response time, counted in business hours; past it the assignee&apos;s bell rings, at twice the time their
          manager&apos;s too.
        </Typography>
      </Grid>
      <FormField kind="number" name="business.firstResponseMinutes" label={SPEED_TO_LEAD_LABELS['business.firstResponseMinutes']} helperText="Business minutes, 1 to 1440" />
      <BusinessHoursFields />
      <Grid size={12}>
        {employees.isError ? (
          <Alert severity="error">Could not load the employees.</Alert>
        ) : employees.data && takers.length === 0 ? (
          <Alert severity="warning">Nobody takes leads: new leads stay unassigned and managers are told. Turn on &apos;Takes leads&apos; in Employees.</Alert>
        ) : (
          <Typography variant="body2">
            <strong>Takes leads:</strong> {employees.isPending ? 'Loading...' : takers.map((taker) => taker.name).join(', ')}
          </Typography>
        )}
      </Grid>
      <AssignmentRules employees={employees.data ?? []} />
    </FormSection>
  );
}

/** The days (checkboxes, Monday first) and the opening and closing times. */
function BusinessHoursFields() {
  const [field, meta, helpers] = useField<number[]>('business.businessHours.days');
  const { errors, submitCount, touched } = useFormikContext<SettingsValues>();
  const days = field.value ?? [];
  const daysMessage = (meta.touched || submitCount > 0) && typeof meta.error === 'string' ? meta.error : undefined;
  // The order of the times is the hours' own rule: the schema puts its message on businessHours itself.
  const hoursError: unknown = getIn(errors, 'business.businessHours');
  const timesTouched = Boolean(getIn(touched, 'business.businessHours.start')) || Boolean(getIn(touched, 'business.businessHours.end')) || submitCount > 0;
  const orderMessage = typeof hoursError === 'string' && timesTouched ? hoursError : undefined;
  const toggle = (day: number, on: boolean) => {
    const next = on ? [...days, day] : days.filter((value) => value !== day);
    void helpers.setValue(BUSINESS_DAYS.map((option) => option.value).filter((value) => next.includes(value)));
    void helpers.setTouched(true, false);
  };
  return (
    <>
      <Grid size={12}>
        <FormControl component="fieldset" error={Boolean(daysMessage)}>
          <FormLabel component="legend">{SPEED_TO_LEAD_LABELS['business.businessHours.days']}</FormLabel>
          <FormGroup row>
            {BUSINESS_DAYS.map((day) => (
              <FormControlLabel
                key={day.value}
                control={<Checkbox checked={days.includes(day.value)} onChange={(_event, checked) => toggle(day.value, checked)} />}
                label={day.label}
              />
            ))}
          </FormGroup>
          {daysMessage && <FormHelperText>{daysMessage}</FormHelperText>}
        </FormControl>
      </Grid>
      <FormField name="business.businessHours.start" label={SPEED_TO_LEAD_LABELS['business.businessHours.start']} helperText="HH:MM, 24-hour, Asia/Kolkata" size={{ xs: 6, sm: 3 }} fullWidth />
      <FormField name="business.businessHours.end" label={SPEED_TO_LEAD_LABELS['business.businessHours.end']} helperText="HH:MM, 24-hour" size={{ xs: 6, sm: 3 }} fullWidth />
      {orderMessage && (
        <Grid size={12}>
          <Alert severity="error">{orderMessage}</Alert>
        </Grid>
      )}
    </>
  );
}

/** The rules in order (the first that matches a lead and names someone who takes leads wins): add, remove, move up and down. */
function AssignmentRules({ employees }: { employees: readonly EmployeeRecord[] }) {
  const { values } = useFormikContext<SettingsValues>();
  const rules = values.business.leadAssignmentRules;
  return (
    <FieldArray name={RULES}>
      {(array) => (
        <Grid size={12}>
          <Stack spacing={1.5} component="section" aria-label="Assignment rules">
            <Box>
              <Typography variant="subtitle2" component="h4">
                {SPEED_TO_LEAD_LABELS[RULES]}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Tried from the top; the first that matches a lead picks who takes turns at it. A lead no rule matches goes to everyone who takes leads.
              </Typography>
            </Box>
            {rules.map((rule, index) => (
              <Paper key={rule.id} variant="outlined" sx={{ p: 1.5 }} component="div" role="group" aria-label={`Rule ${index + 1}`}>
                <Grid container spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                  <FormField
                    kind="select"
                    name={`${RULES}.${index}.source`}
                    label="Source"
                    options={RULE_SOURCE_OPTIONS}
                    size={{ xs: 12, sm: 6, md: 3 }}
                    fullWidth
                    slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                  />
                  <FormField name={`${RULES}.${index}.city`} label="City" helperText="Blank: any city" size={{ xs: 12, sm: 6, md: 3 }} fullWidth />
                  <Grid size={{ xs: 12, md: 4 }}>
                    <RuleEmployees name={`${RULES}.${index}.employeeIds`} employees={employees} />
                  </Grid>
                  <Grid size={{ xs: 12, md: 2 }} sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                    <IconButton aria-label={`Move rule ${index + 1} up`} disabled={index === 0} onClick={() => array.move(index, index - 1)}>
                      <ArrowUpwardIcon />
                    </IconButton>
                    <IconButton aria-label={`Move rule ${index + 1} down`} disabled={index === rules.length - 1} onClick={() => array.move(index, index + 1)}>
                      <ArrowDownwardIcon />
                    </IconButton>
                    <IconButton aria-label={`Remove rule ${index + 1}`} onClick={() => array.remove(index)}>
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Grid>
                </Grid>
              </Paper>
            ))}
            {rules.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                No rules: every lead goes round-robin to everyone who takes leads.
              </Typography>
            )}
            <Box>
              <Button startIcon={<AddIcon />} onClick={() => array.push(newAssignmentRule())} disabled={rules.length >= 50}>
                Add rule
              </Button>
            </Box>
          </Stack>
        </Grid>
      )}
    </FieldArray>
  );
}

/** A rule's employees: a multi-select of the active employees, saying who takes leads (only they are given leads). */
function RuleEmployees({ name, employees }: { name: string; employees: readonly EmployeeRecord[] }) {
  const [field, meta, helpers] = useField<LeadAssignmentRule['employeeIds']>(name);
  const { submitCount } = useFormikContext();
  const chosen = field.value ?? [];
  const byId = new Map(employees.map((employee) => [employee.id, employee]));
  const message = (meta.touched || submitCount > 0) && typeof meta.error === 'string' ? meta.error : undefined;
  // An employee no longer active stays shown while the rule names them.
  const options = [...employees.map((employee) => ({ id: employee.id, name: employee.name, takes: employee.takesLeads })), ...chosen.filter((id) => !byId.has(id)).map((id) => ({ id, name: 'Former employee', takes: false }))];
  return (
    <TextField
      select
      fullWidth
      name={name}
      label="Employees"
      value={chosen}
      error={Boolean(message)}
      helperText={message ?? 'Only those who take leads are given leads'}
      onBlur={() => void helpers.setTouched(true)}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (selected as string[]).map((id) => byId.get(id)?.name ?? 'Former employee').join(', '),
        },
      }}
      onChange={(event) => {
        const value = event.target.value as unknown;
        void helpers.setValue(typeof value === 'string' ? value.split(',') : (value as string[]));
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          <Checkbox checked={chosen.includes(option.id)} size="small" />
          <ListItemText primary={option.name} secondary={option.takes ? 'Takes leads' : 'Does not take leads'} />
        </MenuItem>
      ))}
    </TextField>
  );
}
