import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { ResourceHeader } from '../../components/paged-list';
import { useStaffDirectory } from '../../features/employees/api/get-staff-directory';
import { DirectoryGrid } from '../../features/employees/components/directory-card';
import { serverMessage } from '../../lib/api-errors';

/**
 * Employees for employees and managers (PRODUCT.md roles: the staff directory, read, no salary,
 * no personal data): the colleagues who work here now, from GET /api/users/directory, which
 * sends nothing more. Admins manage employees on the same page (EmployeesPage).
 */
export function StaffDirectory({ heading }: { heading: string }) {
  const directory = useStaffDirectory();
  // Access requests (inactive) and people who left are for admins to see.
  const current = (directory.data ?? []).filter((entry) => entry.status === 'active' || entry.status === 'on_leave');
  let content;
  if (directory.isPending) content = <LoadingState label="Loading employees..." />;
  else if (directory.isError) content = <ErrorState message={`Could not load employees. ${serverMessage(directory.error)}`} onRetry={() => void directory.refetch()} />;
  else if (current.length === 0) content = <Typography color="text.secondary">No employees yet.</Typography>;
  else content = <DirectoryGrid entries={current} />;
  return (
    <Stack spacing={3}>
      <ResourceHeader title={heading} subtitle="Your colleagues and how to reach them. Admins manage employees." actions={null} />
      {content}
    </Stack>
  );
}
