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
import { FormField, serverErrorsStatus } from '../../../components/form-fields';
import { FormDateField } from '../../../components/form-date-field';
import { ApiError } from '../../../lib/api-client';
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
  const shown = shownPublicStatus({ publicStatus: null, status: values.status || 'planning' });
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
            // A taken web address (409 with a field message, no current record) is said under the field.
            onFailed={(error, helpers) => {
              if (error instanceof ApiError && error.status === 409 && error.body?.fields) helpers.setStatus(serverErrorsStatus(error.body.fields));
            }}
            versioned={project ? { id: project.id, noun: 'project', labels: PROJECT_FIELD_LABELS, toValues: toProjectFormValues, onReload: reload } : undefined}
            onClose={onClose}
          >
            {({ values }) => (
              <>
                <Grid size={12}>{customerField}</Grid>
                <FormField name="name" label="Project Name" size={{ xs: 12, sm: 8 }} required autoComplete="off" />
                <FormField name="projectType" label="Project Type" kind="select" size={{ xs: 12, sm: 4 }} required options={PROJECT_TYPE_CHOICES} />
                <FormField name="status" label="Status" kind="select" size={{ xs: 6, sm: 4 }} options={STATUS_OPTIONS} />
                <FormField name="priority" label="Priority" kind="select" size={{ xs: 6, sm: 4 }} options={PRIORITY_OPTIONS} />
                <FormField
                  name="progress"
                  label="Progress"
                  kind="number"
                  size={{ xs: 12, sm: 4 }}
                  helperText="0 to 100"
                  slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
                />
                <FormField name="description" label="Description" kind="multiline" size={12} />

                <FormSection title="Budget and schedule" />
                <FormField
                  name="estimatedBudget"
                  label="Estimated Budget (₹)"
                  kind="money"
                  placeholder="e.g. 12,50,000"
                  helperText="Blank if not known yet"
                />
                <FormField name="actualCost" label="Actual Cost (₹)" kind="money" placeholder="e.g. 11,80,000" />
                <FormDateField name="startDate" label="Start Date" />
                <FormDateField name="estimatedEndDate" label="Estimated End Date" />

                <FormSection title="Site and scope" />
                <FormField name="siteAddress" label="Site Address" kind="multiline" size={12} />
                <FormField name="requirements" label="Requirements" kind="multiline" rows={3} size={12} />
                <FormField name="notes" label="Notes" kind="multiline" size={12} />

                <FormSection title="Website" />
                <Grid size={12}>
                  <ShowOnWebsiteSwitch />
                  <Typography variant="body2" color="text.secondary">
                    {values.showOnWebsite
                      ? 'Listed on the public Projects page with the title, category, area, location and photos below. Budget, cost and customer stay private.'
                      : 'Not on the website. Turn this on to list the project on the public Projects page.'}
                  </Typography>
                </Grid>
                <FormField name="title" label="Public Title" placeholder="Defaults to the project name" />
                <FormField name="category" label="Category" placeholder="e.g. Residential" />
                <FormField name="area" label="Area" size={{ xs: 12, sm: 4 }} placeholder="e.g. 1,850 sq ft" />
                <FormField name="location" label="Location" size={{ xs: 12, sm: 4 }} placeholder="e.g. Gachibowli, Hyderabad" />
                <FormField
                  name="publicStatus"
                  label="Public Status"
                  kind="select"
                  size={{ xs: 12, sm: 4 }}
                  options={PUBLIC_STATUS_OPTIONS}
                  helperText={<AutomaticStatusHint />}
                  // '' is a real choice here ('Automatic'), so show it rather than an empty box.
                  slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                />

                <FormField
                  name="slug"
                  label="Web Address"
                  size={12}
                  autoComplete="off"
                  placeholder="e.g. jubilee-hills-villa"
                  helperText={
                    values.slug.trim()
                      ? `The project's page: /projects/${values.slug.trim().toLowerCase()}`
                      : project
                        ? 'Blank keeps the current address'
                        : 'Blank: made from the Public Title (or the project name)'
                  }
                />

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
