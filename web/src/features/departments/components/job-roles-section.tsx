import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { JOB_ROLE_MESSAGES } from '@app/shared-types/departments';
import { useState } from 'react';
import { useDeleteFlow } from '../../../components/confirm-delete-dialog';
import { PagedList, usePagedItems } from '../../../components/paged-list';
import { SelectField } from '../../../components/select-field';
import { useJobRoles } from '../api/get-job-roles';
import { useDeleteJobRole } from '../api/save-job-role';
import type { Department, JobRole } from '../model';
import { JobRoleDialog } from './job-role-dialog';
import { JobRoleTable } from './job-role-table';
import { useEditDialog } from './use-edit-dialog';

/** The job roles, all or one department's, with Add/Edit (JobRoleDialog) and Delete. */
export function JobRolesSection({ departments }: { departments: readonly Department[] }) {
  const [departmentId, setDepartmentId] = useState('');
  const list = useJobRoles(departmentId);
  const jobRoles = usePagedItems(list);
  const dialog = useEditDialog();
  const remove = useDeleteFlow<JobRole>({
    mutation: useDeleteJobRole(),
    noun: 'Job role',
    nameOf: (role) => role.name,
    message: (role) => `${role?.name ?? 'The job role'} will be deleted. This cannot be undone. To keep it for the record, mark it inactive instead.`,
    forbidden: 'Only admins can delete job roles.',
    conflictIsRefusal: true,
  });
  const departmentOptions = departments.map((department) => ({ value: department.id, label: department.name }));
  const departmentName = (id: string) => departments.find((department) => department.id === id)?.name ?? 'Unknown department';
  const chosen = departments.find((department) => department.id === departmentId);

  return (
    <Stack component="section" spacing={2} aria-labelledby="job-roles-heading">
      <Stack direction="row" useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <div>
          <Typography id="job-roles-heading" variant="h6" component="h2">
            Job Roles
          </Typography>
          <Typography variant="body2" color="text.secondary">
            What people do in each department.
          </Typography>
        </div>
        <Button variant="contained" startIcon={<AddIcon />} onClick={dialog.openNew}>
          Add Job Role
        </Button>
      </Stack>
      <Box sx={{ maxWidth: { sm: 320 } }}>
        <SelectField label="Filter by department" value={departmentId} options={departmentOptions} emptyLabel="All departments" onChange={setDepartmentId} />
      </Box>
      <PagedList list={list} items={jobRoles} noun="job roles" emptyMessage={chosen ? `No job roles in ${chosen.name} yet.` : 'No job roles yet.'}>
        <JobRoleTable jobRoles={jobRoles} departmentName={departmentName} onEdit={(role) => dialog.openEdit(role.id)} onDelete={remove.ask} />
      </PagedList>
      <JobRoleDialog
        open={dialog.open}
        jobRoleId={dialog.id}
        jobRole={jobRoles.find((role) => role.id === dialog.id)}
        error={list.isError ? list.error : !list.isPending && !jobRoles.some((role) => role.id === dialog.id) ? new Error(JOB_ROLE_MESSAGES.notFound) : null}
        departmentOptions={departmentOptions}
        defaultDepartmentId={departmentId}
        onClose={dialog.close}
      />
      {remove.dialog}
    </Stack>
  );
}
