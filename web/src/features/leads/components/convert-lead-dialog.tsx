import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Lead } from '@app/shared-types/leads';
import { PROJECT_TYPES, leadConversionSchema } from '@app/shared-types/projects';
import { Formik, yupToFormErrors } from 'formik';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { FormField, FormShell, serverErrorsStatus } from '../../../components/form-fields';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useConvertLead } from '../api/convert-lead';
import { isConflict, serverMessage } from '../../../lib/api-errors';
import { conversionInitialValues, toConversionInput, type ConversionValues } from '../model';

const PROJECT_TYPE_CHOICES = [{ value: '', label: 'Choose a type' }, ...PROJECT_TYPES.map((value) => ({ value, label: value }))];

/**
 * 'Convert to customer' for a Won lead (PRODUCT.md): the customer, prefilled
 * from the lead, and a first project unless switched off; saved in one step.
 * A 409 (someone changed or converted the lead meanwhile) is explained in the
 * dialog, and `onReload` fetches the lead as it is now.
 */
export function ConvertLeadDialog({ lead, open, onClose, onReload }: { lead: Lead; open: boolean; onClose: () => void; onReload: () => void }) {
  const { toast } = useToast();
  const convertLead = useConvertLead();
  const [conflict, setConflict] = useState<string | null>(null);

  const close = () => {
    setConflict(null);
    onClose();
  };

  return (
    <FormDialog open={open} onClose={close} titleId="convert-lead-title" maxWidth="sm">
      <Formik<ConversionValues>
        initialValues={conversionInitialValues(lead)}
        validate={async (values) => {
          try {
            await leadConversionSchema.validate(toConversionInput(values, lead.version), { abortEarly: false });
            return {};
          } catch (error) {
            return yupToFormErrors(error);
          }
        }}
        onSubmit={async (values, { setStatus }) => {
          setStatus(undefined);
          setConflict(null);
          try {
            const result = await convertLead.mutateAsync({ id: lead.id, ...toConversionInput(values, lead.version) });
            const customer = result.lead.conversion?.customerName ?? values.customer.firstName;
            toast({
              title: 'Lead converted',
              description: result.project ? `Customer ${customer} and project '${result.project.name}' created` : `Customer ${customer} created`,
            });
            close();
          } catch (error) {
            const fields = serverFieldErrors(error);
            if (fields) setStatus(serverErrorsStatus(fields));
            else if (isConflict(error)) setConflict(serverMessage(error));
            else toast({ variant: 'destructive', title: 'Failed to convert lead', description: serverMessage(error) });
          }
        }}
      >
        {({ isSubmitting, values, setFieldValue }) => (
          <FormShell>
            <DialogTitle id="convert-lead-title">Convert to customer</DialogTitle>
            <DialogContent dividers>
              {conflict && (
                <Alert
                  severity="warning"
                  sx={{ mb: 2 }}
                  action={
                    <Button
                      color="inherit"
                      size="small"
                      onClick={() => {
                        close();
                        onReload();
                      }}
                    >
                      Reload
                    </Button>
                  }
                >
                  {conflict}
                </Alert>
              )}
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
                Customer (phone {lead.phone})
              </Typography>
              <Grid container spacing={2}>
                <FormField name="customer.firstName" label="First name" required autoFocus />
                <FormField name="customer.lastName" label="Last name" />
                <FormField name="customer.email" label="Email" type="email" />
                <FormField name="customer.city" label="City" />
                <FormField name="customer.address" label="Address" kind="multiline" size={12} />
              </Grid>
              <FormControlLabel
                sx={{ mt: 2, mb: 1 }}
                control={
                  <Switch checked={values.withProject} onChange={(event) => void setFieldValue('withProject', event.target.checked)} />
                }
                label="Also create a project"
              />
              {values.withProject && (
                <Grid container spacing={2}>
                  <FormField name="project.name" label="Project name" size={12} required />
                  <FormField name="project.projectType" label="Project type" kind="select" required options={PROJECT_TYPE_CHOICES} />
                  <FormField name="project.estimatedBudget" label="Estimated budget (₹)" kind="money" />
                  <FormField name="project.siteAddress" label="Site address" size={12} />
                </Grid>
              )}
            </DialogContent>
            <DialogActions sx={{ px: 3, py: 2 }}>
              <Button onClick={close} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={isSubmitting || conflict !== null}>
                {isSubmitting ? 'Converting...' : 'Convert'}
              </Button>
            </DialogActions>
          </FormShell>
        )}
      </Formik>
    </FormDialog>
  );
}
