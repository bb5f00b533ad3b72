import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate, formatINR } from '@app/shared-types/format';
import type { Lead } from '@app/shared-types/leads';
import { Formik } from 'formik';
import { useState } from 'react';
import { FormSelectField, FormShell, FormTextField, serverErrorsStatus } from '../../../components/form-fields';
import { serverFieldErrors } from '../../../lib/form-errors';
import { LeadOrigin } from './lead-origin';
import {
  PROJECT_TYPE_OPTIONS,
  SOURCE_OPTIONS,
  changedLeadFields,
  formatBudget,
  leadDetailsFormSchema,
  toLeadDetailsValues,
  type LeadDetailsValues,
  type LeadSave,
} from '../model';

const PROJECT_TYPE_CHOICES = [{ value: '', label: 'Not sure yet' }, ...PROJECT_TYPE_OPTIONS];

function Field({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <Grid size={{ xs: 12, sm: wide ? 12 : 6 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Typography>
    </Grid>
  );
}

interface LeadDetailsProps {
  lead: Lead;
  /** Saves changed fields; rejects when the save failed (the drawer reports why). */
  onSave: LeadSave;
  disabled: boolean;
}

/** The lead's fields, read-only until 'Edit details' turns them into a form. */
export function LeadDetails({ lead, onSave, disabled }: LeadDetailsProps) {
  const [editing, setEditing] = useState(false);

  if (!editing) {
    return (
      <Box>
        <Grid container spacing={1.5} component="dl" sx={{ m: 0 }}>
          <Field label="Email" value={lead.email} />
          <Field label="Source" value={lead.source} />
          <Field label="Budget" value={formatBudget(lead.budget)} />
          {lead.estimate ? (
            <Field label="Calculator estimate" value={`${formatINR(lead.estimate.min)} – ${formatINR(lead.estimate.max)}`} />
          ) : null}
          <Field label="Project Type" value={lead.projectType} />
          <Field label="Location" value={lead.location} wide />
          <Field label="Requirements" value={lead.requirements} wide />
          <Field label="Notes" value={lead.notes} wide />
          <Field label="Created" value={formatDate(lead.createdAt)} />
          <Field label="Last contacted" value={lead.lastContactedAt ? formatDate(lead.lastContactedAt) : ''} />
          <LeadOrigin lead={lead} />
        </Grid>
        <Button startIcon={<EditIcon />} onClick={() => setEditing(true)} disabled={disabled} sx={{ mt: 1.5 }}>
          Edit details
        </Button>
      </Box>
    );
  }

  return (
    <Formik<LeadDetailsValues>
      initialValues={toLeadDetailsValues(lead)}
      validationSchema={leadDetailsFormSchema}
      onSubmit={async (values, { setStatus }) => {
        setStatus(undefined);
        const changes = changedLeadFields(lead, values);
        if (Object.keys(changes).length === 0) {
          setEditing(false);
          return;
        }
        try {
          await onSave(changes);
          setEditing(false);
        } catch (error) {
          const fields = serverFieldErrors(error);
          if (fields) setStatus(serverErrorsStatus(fields));
        }
      }}
    >
      {({ isSubmitting }) => (
        <FormShell>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField name="name" label="Name" size="small" required />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField name="phone" label="Phone" type="tel" size="small" required />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField name="email" label="Email" type="email" size="small" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormSelectField name="source" label="Source" size="small" options={SOURCE_OPTIONS} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField name="budget" label="Budget (₹)" size="small" inputMode="numeric" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormSelectField name="projectType" label="Project Type" size="small" options={PROJECT_TYPE_CHOICES} />
            </Grid>
            <Grid size={12}>
              <FormTextField name="location" label="Location" size="small" />
            </Grid>
            <Grid size={12}>
              <FormTextField name="requirements" label="Requirements" size="small" multiline minRows={2} />
            </Grid>
            <Grid size={12}>
              <FormTextField name="notes" label="Notes" size="small" multiline minRows={2} />
            </Grid>
          </Grid>
          <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
            <Button onClick={() => setEditing(false)} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={isSubmitting || disabled}>
              {isSubmitting ? 'Saving...' : 'Save'}
            </Button>
          </Stack>
        </FormShell>
      )}
    </Formik>
  );
}
