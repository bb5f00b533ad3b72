import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fieldMessages } from '@app/shared-types/forms';
import { MAX_PLAN_STAGES, paymentPlanSchema, type ProjectFinancialDetail } from '@app/shared-types/finance';
import { FieldArray, Formik, setIn, type FormikErrors } from 'formik';
import { ValidationError } from 'yup';
import { FormDialog } from '../../../components/form-dialog';
import { FormShell, FormTextField } from '../../../components/form-fields';
import { serverMessage } from '../../../lib/api-errors';
import { useToast } from '../../../lib/toast';
import { useUpdatePaymentPlan } from '../api/update-payment-plan';
import { planTotal, type PlanFormValues } from '../model';

const TITLE_ID = 'plan-editor-title';

function planShape(values: PlanFormValues, version: number) {
  return { stages: values.stages.map((stage) => ({ name: stage.name, percent: stage.percent.trim() === '' ? undefined : stage.percent })), version };
}

function toPlanInput(values: PlanFormValues, version: number) {
  return paymentPlanSchema.validateSync(planShape(values, version));
}

/** The plan's errors by the shared schema: per stage field, and the whole plan's ('The percentages must add up to 100') under `plan`. */
function planErrors(values: PlanFormValues): FormikErrors<PlanFormValues> {
  try {
    paymentPlanSchema.validateSync(planShape(values, 1), { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    let errors: FormikErrors<PlanFormValues> = {};
    for (const [path, message] of Object.entries(fieldMessages(error))) {
      errors = setIn(errors, path === 'stages' ? 'plan' : path, message) as FormikErrors<PlanFormValues>;
    }
    return errors;
  }
}

/** 'Edit plan': the stages' names and percentages, which must add up to 100. */
export function PlanEditor({ project, onClose }: { project: ProjectFinancialDetail; onClose: () => void }) {
  const { toast } = useToast();
  const save = useUpdatePaymentPlan();
  const initial: PlanFormValues = { stages: project.stages.map((stage) => ({ name: stage.name, percent: String(stage.percent) })) };
  return (
    <FormDialog open onClose={onClose} titleId={TITLE_ID} maxWidth="sm">
      <Formik<PlanFormValues>
        initialValues={initial}
        validate={planErrors}
        validateOnChange={false}
        onSubmit={async (values) => {
          try {
            await save.mutateAsync({ projectId: project.projectId, ...toPlanInput(values, project.planVersion) });
            toast({ title: 'Payment plan saved', description: project.projectName });
            onClose();
          } catch (error) {
            toast({ variant: 'destructive', title: 'Error saving payment plan', description: serverMessage(error) });
          }
        }}
      >
        {(form) => {
          const total = planTotal(form.values.stages);
          const planError = (form.errors as Record<string, string | undefined>).plan;
          return (
            <FormShell>
              <DialogTitle id={TITLE_ID}>Edit plan: {project.projectName}</DialogTitle>
              <DialogContent dividers>
                <FieldArray name="stages">
                  {(array) => (
                    <Stack spacing={1.5}>
                      {form.values.stages.map((_stage, index) => (
                        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                          <FormTextField name={`stages.${index}.name`} label={`Stage ${index + 1}`} fullWidth size="small" />
                          <FormTextField name={`stages.${index}.percent`} label="Percent" inputMode="decimal" size="small" sx={{ width: 110, flexShrink: 0 }} />
                          <IconButton aria-label={`Remove stage ${index + 1}`} onClick={() => array.remove(index)} disabled={form.values.stages.length <= 1}>
                            <DeleteOutlineIcon />
                          </IconButton>
                        </Stack>
                      ))}
                      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                        <Button startIcon={<AddIcon />} onClick={() => array.push({ name: '', percent: '' })} disabled={form.values.stages.length >= MAX_PLAN_STAGES}>
                          Add stage
                        </Button>
                        <Typography sx={{ fontWeight: 600, color: total === 100 ? 'success.main' : 'error.main' }}>Total: {total}%</Typography>
                      </Stack>
                      {planError && <Alert severity="error">{planError}</Alert>}
                    </Stack>
                  )}
                </FieldArray>
              </DialogContent>
              <DialogActions sx={{ px: 3, py: 2 }}>
                <Button onClick={onClose} disabled={form.isSubmitting}>
                  Cancel
                </Button>
                <Button type="submit" variant="contained" disabled={form.isSubmitting}>
                  {form.isSubmitting ? 'Saving...' : 'Save plan'}
                </Button>
              </DialogActions>
            </FormShell>
          );
        }}
      </Formik>
    </FormDialog>
  );
}
