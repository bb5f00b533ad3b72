import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { PUBLIC_PROJECT_STATUS_LABELS } from '@app/shared-types/constants';
import { projectCreateSchema, projectUpdateSchema, type Project } from '@app/shared-types/projects';
import { useQueryClient } from '@tanstack/react-query';
import { Formik, useField, useFormikContext } from 'formik';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { FormSelectField, FormShell, FormTextField, serverErrorsStatus } from '../../../components/form-fields';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useCreateProject } from '../api/create-project';
import { serverMessage, staleCurrent } from '../../../lib/api-errors';
import { getProjectQueryOptions, useProject } from '../api/get-project';
import { useUpdateProject } from '../api/update-project';
import {
  NEW_PROJECT_VALUES,
  PRIORITY_OPTIONS,
  PROJECT_TYPE_OPTIONS,
  PUBLIC_STATUS_OPTIONS,
  STATUS_OPTIONS,
  customerOptionLabel,
  shownPublicStatus,
  splitName,
  toProjectFormValues,
  toProjectInput,
  toProjectUpdateInput,
  type CustomerFormValues,
  type ProjectFormValues,
} from '../model';
import { CustomerDialog } from './customer-dialog';
import { CustomerPicker } from './customer-picker';
import { EditorLoadState } from './editor-load-state';
import { FormSectionTitle } from './form-section-title';
import { PhotoManager } from './photo-manager';
import { StaleAlert } from './stale-alert';

const TITLE_ID = 'project-dialog-title';
const PROJECT_TYPE_CHOICES = [{ value: '', label: 'Choose a type' }, ...PROJECT_TYPE_OPTIONS];

/** The 'Show on website' switch, bound to the form. */
function ShowOnWebsiteSwitch() {
  const [field, , helpers] = useField<boolean>('showOnWebsite');
  return (
    <FormControlLabel
      control={<Switch name="showOnWebsite" checked={field.value} onChange={(event) => void helpers.setValue(event.target.checked)} />}
      label="Show on website"
    />
  );
}

/** What the website will show as the status when 'Automatic' is chosen. */
function AutomaticStatusHint() {
  const { values } = useFormikContext<ProjectFormValues>();
  if (values.publicStatus !== '') return null;
  const shown = shownPublicStatus({ publicStatus: null, status: values.status });
  return <>Shown as {PUBLIC_PROJECT_STATUS_LABELS[shown]} while the project is in this status</>;
}

interface ProjectFormProps {
  /** The project as the form was loaded (null creates a new one). */
  project: Project | null;
  /** The project as saved now, for its photos (they are saved apart from the form). */
  live: Project | null;
  onClose: () => void;
  /** Starts the form again from the project as saved now (after a stale save). */
  onReload: (current: Project) => void;
}

/** The form inside the dialog; remounted for each loaded version, so Reload shows the saved values. */
function ProjectForm({ project, live, onClose, onReload }: ProjectFormProps) {
  const { toast } = useToast();
  const createProject = useCreateProject();
  const updateProject = useUpdateProject();
  const [stale, setStale] = useState<{ message: string; current: Project } | null>(null);
  const [newCustomer, setNewCustomer] = useState<{ open: boolean; prefill: Partial<CustomerFormValues> }>({ open: false, prefill: {} });

  return (
    <Formik<ProjectFormValues>
      initialValues={project ? toProjectFormValues(project) : NEW_PROJECT_VALUES}
      validationSchema={project ? projectUpdateSchema : projectCreateSchema}
      onSubmit={async (values, { setStatus }) => {
        setStatus(undefined);
        try {
          const saved = project
            ? await updateProject.mutateAsync({ id: project.id, ...toProjectUpdateInput(values) })
            : await createProject.mutateAsync(toProjectInput(values));
          toast({ title: project ? 'Project updated successfully!' : 'Project created successfully!', description: saved.name });
          onClose();
        } catch (error) {
          const fields = serverFieldErrors(error);
          if (fields) setStatus(serverErrorsStatus(fields));
          const current = project ? staleCurrent<Project>(error, project.id) : undefined;
          if (current) setStale({ message: serverMessage(error), current });
          toast({
            variant: 'destructive',
            title: project ? 'Error updating project' : 'Error creating project',
            description: serverMessage(error),
          });
        }
      }}
    >
      {({ isSubmitting, values, setValues }) => (
        <>
          <FormShell>
            <DialogTitle id={TITLE_ID}>{project ? 'Edit Project' : 'New Project'}</DialogTitle>
            <DialogContent dividers>
              {stale && <StaleAlert message={stale.message} noun="project" onReload={() => onReload(stale.current)} />}
              <Grid container spacing={2}>
                <Grid size={12}>
                  <CustomerPicker onAddNew={(typed) => setNewCustomer({ open: true, prefill: splitName(typed) })} />
                </Grid>
                <Grid size={{ xs: 12, sm: 8 }}>
                  <FormTextField name="name" label="Project Name" required autoComplete="off" />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <FormSelectField name="projectType" label="Project Type" required options={PROJECT_TYPE_CHOICES} />
                </Grid>
                <Grid size={{ xs: 6, sm: 4 }}>
                  <FormSelectField name="status" label="Status" options={STATUS_OPTIONS} />
                </Grid>
                <Grid size={{ xs: 6, sm: 4 }}>
                  <FormSelectField name="priority" label="Priority" options={PRIORITY_OPTIONS} />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <FormTextField
                    name="progress"
                    label="Progress"
                    inputMode="numeric"
                    helperText="0 to 100"
                    slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
                  />
                </Grid>
                <Grid size={12}>
                  <FormTextField name="description" label="Description" multiline minRows={2} />
                </Grid>

                <FormSectionTitle>Budget and schedule</FormSectionTitle>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormTextField
                    name="estimatedBudget"
                    label="Estimated Budget (₹)"
                    inputMode="decimal"
                    placeholder="e.g. 12,50,000"
                    helperText="Blank if not known yet"
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormTextField name="actualCost" label="Actual Cost (₹)" inputMode="decimal" placeholder="e.g. 11,80,000" />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormTextField name="startDate" label="Start Date" type="date" slotProps={{ inputLabel: { shrink: true } }} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormTextField
                    name="estimatedEndDate"
                    label="Estimated End Date"
                    type="date"
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                </Grid>

                <FormSectionTitle>Site and scope</FormSectionTitle>
                <Grid size={12}>
                  <FormTextField name="siteAddress" label="Site Address" multiline minRows={2} />
                </Grid>
                <Grid size={12}>
                  <FormTextField name="requirements" label="Requirements" multiline minRows={3} />
                </Grid>
                <Grid size={12}>
                  <FormTextField name="notes" label="Notes" multiline minRows={2} />
                </Grid>

                <FormSectionTitle>Website</FormSectionTitle>
                <Grid size={12}>
                  <ShowOnWebsiteSwitch />
                  <Typography variant="body2" color="text.secondary">
                    {values.showOnWebsite
                      ? 'Listed on the public Projects page with the title, category, area, location and photos below. Budget, cost and customer stay private.'
                      : 'Not on the website. Turn this on to list the project on the public Projects page.'}
                  </Typography>
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormTextField name="title" label="Public Title" placeholder="Defaults to the project name" />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <FormTextField name="category" label="Category" placeholder="e.g. Residential" />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <FormTextField name="area" label="Area" placeholder="e.g. 1,850 sq ft" />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <FormTextField name="location" label="Location" placeholder="e.g. Gachibowli, Hyderabad" />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <FormSelectField
                    name="publicStatus"
                    label="Public Status"
                    options={PUBLIC_STATUS_OPTIONS}
                    helperText={<AutomaticStatusHint />}
                    // '' is a real choice here ('Automatic'), so show it rather than an empty box.
                    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                  />
                </Grid>

                <FormSectionTitle>Photos</FormSectionTitle>
                <Grid size={12}>
                  {live ? (
                    <PhotoManager project={live} />
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      Photos can be added once the project is created.
                    </Typography>
                  )}
                </Grid>
              </Grid>
            </DialogContent>
            <DialogActions sx={{ px: 3, py: 2 }}>
              <Button onClick={onClose} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={isSubmitting || stale !== null}>
                {project ? (isSubmitting ? 'Saving...' : 'Save Changes') : isSubmitting ? 'Creating...' : 'Create Project'}
              </Button>
            </DialogActions>
          </FormShell>
          {/* Outside the form: React events bubble out of a portal, and its submit must not submit this form. */}
          <CustomerDialog
            open={newCustomer.open}
            customerId={null}
            prefill={newCustomer.prefill}
            onClose={() => setNewCustomer((current) => ({ ...current, open: false }))}
            onSaved={(customer) =>
              void setValues((current) => ({ ...current, customerId: customer.id, customerLabel: customerOptionLabel(customer) }))
            }
          />
        </>
      )}
    </Formik>
  );
}

/**
 * Loads the project to edit (instantly when the grid put it in the cache) and
 * keeps the version the form started from: the photo list follows the saved
 * project, while a refetch never resets what is being typed.
 */
function ProjectEditor({ projectId, onClose }: { projectId: string | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const detail = useProject(projectId);
  const [loaded, setLoaded] = useState<Project | null>(null);
  if (detail.data && loaded?.id !== detail.data.id) setLoaded(detail.data);

  if (projectId === null) return <ProjectForm project={null} live={null} onClose={onClose} onReload={() => undefined} />;
  if (!loaded) return <EditorLoadState titleId={TITLE_ID} title="Edit Project" noun="project" error={detail.isError ? detail.error : null} onClose={onClose} />;
  return (
    <ProjectForm
      key={loaded.version}
      project={loaded}
      live={detail.data ?? loaded}
      onClose={onClose}
      onReload={(current) => {
        queryClient.setQueryData(getProjectQueryOptions(current.id).queryKey, current);
        setLoaded(current);
      }}
    />
  );
}

interface ProjectDialogProps {
  open: boolean;
  /** The project to edit; null creates a new one. */
  projectId: string | null;
  onClose: () => void;
}

/** New Project / Edit Project (SPEC.md 5: customer, project type and name required; progress 0 to 100), with its photos. */
export function ProjectDialog({ open, projectId, onClose }: ProjectDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} titleId={TITLE_ID}>
      <ProjectEditor projectId={projectId} onClose={onClose} />
    </FormDialog>
  );
}
