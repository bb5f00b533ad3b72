import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { ResourceHeader, usePagedItems } from '../../components/paged-list';
import { useDepartments } from '../../features/departments/api/get-departments';
import { DepartmentsSection } from '../../features/departments/components/departments-section';
import { JobRolesSection } from '../../features/departments/components/job-roles-section';
import { useStaffDirectory } from '../../features/employees/api/get-staff-directory';
import { usePortalHref } from './portal-base';

/**
 * Departments and job roles (SPEC.md 3), under Employees and, like its writes,
 * for admins and superadmins: the departments (the employee form offers the
 * active ones) and the job roles, all or one department's.
 */
export function DepartmentsPage() {
  const href = usePortalHref();
  const list = useDepartments();
  const departments = usePagedItems(list);
  const directory = useStaffDirectory();
  const staffOptions = useMemo(
    () => (directory.data ?? []).map((entry) => ({ value: entry.id, label: entry.position ? `${entry.name} (${entry.position})` : entry.name })),
    [directory.data],
  );
  const headName = (employeeId: string) => directory.data?.find((entry) => entry.id === employeeId)?.name ?? employeeId;

  return (
    <Stack spacing={4}>
      <ResourceHeader
        title="Departments & Job Roles"
        subtitle="The departments employees belong to and the job roles in each."
        actions={
          <Button component={RouterLink} to={href('employees')} startIcon={<ArrowBackIcon />}>
            Employees
          </Button>
        }
      />
      <DepartmentsSection list={list} departments={departments} staffOptions={staffOptions} headName={headName} />
      <JobRolesSection departments={departments} />
    </Stack>
  );
}
