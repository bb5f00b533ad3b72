import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { PUBLIC_PROJECT_STATUS_LABELS } from '@app/shared-types/constants';
import { projectCreateSchema, projectUpdateSchema, type Project } from '@app/shared-types/projects';
import { useQueryClient } from '@tanstack/react-query';
import { useField, useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import { EntityForm, EntityFormDialog, FormSection } from '../../../components/entity-form-dialog';
import { FormSelectField, FormTextField } from '../../../components/form-fields';
import { useCreateProject } from '../api/create-project';
import { getProjectQueryOptions, useProject } from '../api/get-project';
import { useUpdateProject } from '../api/update-project';
import {
  NEW_PROJECT_VALUES,
  PRIORITY_OPTIONS,
  PROJECT_FIELD_LABELS,
  PROJECT_TYPE_OPTIONS,
  PUBLIC_STATUS_OPTIONS,
  STATUS_OPTIONS,
  shownPublicStatus,
  toProjectFormValues,
  toProjectInput,
  toProjectUpdateInput,
  type ProjectFormValues,
} from '../model';
import { PhotoManager } from './photo-manager';

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

interface ProjectDialogProps {
  open: boolean;
  /** The project to edit; null creates a new one. */
  projectId: string | null;
  /** The customer input (a picker bound to customerId and customerLabel), which the app composes in. */
  customerField: ReactNode;
  onClose: () => void;
}

/** New Project / Edit Project (SPEC.md 5: customer, project type and name required; progress 0 to 100), with its photos. */
export function ProjectDialog({ open, projectId, customerField, onClose }: ProjectDialogProps) {
  const queryClient = useQueryClient();
  const detail = useProject(projectId);
  const createProject = useCreateProject();
  const updateProject = useUpdateProject();
  return (
    <EntityFormDialog<Project>
      open={open}
      onClose={onClose}
      titleId={TITLE_ID}
      id={projectId}
      record={detail.data}
      error={detail.isError ? detail.error : null}
      editTitle="Edit Project"
      noun="project"
      onReload={(current) => queryClient.setQueryData(getProjectQueryOptions(current.id).queryKey, current)}
    >
      {(project, reload) => {
        // The photo list follows the project as saved now; the form keeps the version it was loaded from.
        const live = project ? (detail.data ?? project) : null;
        return (
          <EntityForm<ProjectFormValues, Project>
            titleId={TITLE_ID}
            title={project ? 'Edit Project' : 'New Project'}
            initialValues={project ? toProjectFormValues(project) : NEW_PROJECT_VALUES}
            validationSchema={project ? projectUpdateSchema : projectCreateSchema}
            save={(values) =>
              project
                ? updateProject.mutateAsync({ id: project.id, ...toProjectUpdateInput(values) })
                : createProject.mutateAsync(toProjectInput(values))
            }
            savedToast={(saved) => ({ title: project ? 'Project updated successfully!' : 'Project created successfully!', description: saved.name })}
            errorTitle={project ? 'Error updating project' : 'Error creating project'}
            submitLabel={project ? 'Save Changes' : 'Create Project'}
            submittingLabel={project ? 'Saving...' : 'Creating...'}
            versioned={project ? { id: project.id, noun: 'project', labels: PROJECT_FIELD_LABELS, toValues: toProjectFormValues, onReload: reload } : undefined}
            onClose={onClose}
          >
            {({ values }) => (
              <>
                <Grid size={12}>{customerField}</Grid>
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

                <FormSection title="Budget and schedule" />
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

                <FormSection title="Site and scope" />
                <Grid size={12}>
                  <FormTextField name="siteAddress" label="Site Address" multiline minRows={2} />
                </Grid>
                <Grid size={12}>
                  <FormTextField name="requirements" label="Requirements" multiline minRows={3} />
                </Grid>
                <Grid size={12}>
                  <FormTextField name="notes" label="Notes" multiline minRows={2} />
                </Grid>

                <FormSection title="Website" />
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

                <FormSection title="Photos" />
                <Grid size={12}>
                  {live ? (
                    <PhotoManager project={live} />
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      Photos can be added once the project is created.
                    </Typography>
                  )}
                </Grid>
              </>
            )}
          </EntityForm>
        );
      }}
    </EntityFormDialog>
  );
}
