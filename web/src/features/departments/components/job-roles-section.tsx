import Box from '@mui/material/Box';
import { JOB_ROLE_MESSAGES } from '@app/shared-types/departments';
import { useState } from 'react';
import { useDeleteFlow } from '../../../components/confirm-delete-dialog';
import { ListSection, PagedList, listedRecord, usePagedItems } from '../../../components/paged-list';
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

  const edited = listedRecord(list, jobRoles, dialog.id, JOB_ROLE_MESSAGES.notFound);

  return (
    <ListSection id="job-roles-heading" title="Job Roles" subtitle="What people do in each department." addLabel="Add Job Role" onAdd={dialog.openNew}>
      <Box sx={{ maxWidth: { sm: 320 } }}>
        <SelectField label="Filter by department" value={departmentId} options={departmentOptions} emptyLabel="All departments" onChange={setDepartmentId} />
      </Box>
      <PagedList list={list} items={jobRoles} noun="job roles" emptyMessage={chosen ? `No job roles in ${chosen.name} yet.` : 'No job roles yet.'}>
        <JobRoleTable jobRoles={jobRoles} departmentName={departmentName} onEdit={(role) => dialog.openEdit(role.id)} onDelete={remove.ask} />
      </PagedList>
      <JobRoleDialog
        open={dialog.open}
        jobRoleId={dialog.id}
        jobRole={edited.record}
        error={edited.error}
        departmentOptions={departmentOptions}
        defaultDepartmentId={departmentId}
        onClose={dialog.close}
      />
      {remove.dialog}
    </ListSection>
  );
}
