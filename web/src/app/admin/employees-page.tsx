import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { EmployeeRecord } from '@app/shared-types/employees';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDeleteFlow } from '../../components/confirm-delete-dialog';
import { FilterCard, PagedList, ResourceHeader, usePagedItems } from '../../components/paged-list';
import { useSession } from '../../features/auth/api/get-session';
import { useActiveDepartments } from '../../features/departments/api/get-departments';
import { useDeleteEmployee } from '../../features/employees/api/delete-employee';
import { useEmployee } from '../../features/employees/api/get-employee';
import { useEmployees } from '../../features/employees/api/get-employees';
import { useStaffDirectory } from '../../features/employees/api/get-staff-directory';
import { EmployeeGrid, type EmployeeCardActions } from '../../features/employees/components/employee-card';
import { EmployeeDetailsDialog } from '../../features/employees/components/employee-details-dialog';
import { EmployeeDialog } from '../../features/employees/components/employee-dialog';
import { EmployeeFilters } from '../../features/employees/components/employee-filters';
import { EmployeeStatCards } from '../../features/employees/components/employee-stats';
import { EMPLOYEE_PAGE_SIZE, parseEmployeeFilters, type EmployeeFilterParam } from '../../features/employees/model';
import { canDeleteEmployee, canManageEmployee } from '../../lib/roles';
import { useUrlDialog } from '../../lib/url-dialog';
import { withParam, useUrlSearchParams } from '../../lib/url-params';
import { canManageStaff } from '../../features/auth/model';
import { usePortalHref } from './portal-base';
import { StaffDirectory } from './staff-directory';
import { useAdminRouteHandle } from './sections';

/** The empty state of the employee grid (in the words of the other grids of SPEC.md 2). */
export const NO_EMPLOYEES_MESSAGE = 'No employees found matching your criteria';

const VIEW_PARAM = 'view';

/**
 * The employee `id` as the list has it, else from the server (a link to one
 * beyond the pages loaded), with why it could not be loaded.
 */
function useEmployeeById(id: string | null, listed: readonly EmployeeRecord[], listSettled: boolean) {
  const inList = id === null ? undefined : listed.find((employee) => employee.id === id);
  const fetched = useEmployee(id, listSettled && inList === undefined);
  return { employee: inList ?? (fetched.data?.id === id ? fetched.data : undefined), error: inList ? null : fetched.error };
}

/**
 * Employee Management (SPEC.md 2, issue 14): the four figures, search,
 * department, role and status filters (in the URL), the card grid paged from
 * the server, the add/edit dialog (?new=1, ?employee=<id>), the details dialog
 * (?view=<id>) with the audited 30-second reveal, and delete with the
 * server's reason when it refuses. Actions a role cannot take are hidden; the
 * server refuses them anyway. Employees and managers get the read-only staff directory instead.
 */
export function EmployeesPage() {
  const heading = useAdminRouteHandle()?.section?.heading ?? 'Employee Management';
  const { data: session } = useSession();
  // Employees and managers read the staff directory (PRODUCT.md roles); admins manage employees.
  if (session && !canManageStaff(session.user.role)) return <StaffDirectory heading="Staff Directory" />;
  return <EmployeeManagement heading={heading} />;
}

function EmployeeManagement({ heading }: { heading: string }) {
  const href = usePortalHref();
  const { data: session } = useSession();
  const actor = useMemo(() => ({ id: session?.user.id ?? '', role: session?.user.role ?? 'employee' }), [session]);
  const [searchParams, setSearchParams] = useUrlSearchParams();
  const filters = useMemo(() => parseEmployeeFilters(searchParams), [searchParams]);
  const list = useEmployees(filters, EMPLOYEE_PAGE_SIZE);
  const employees = usePagedItems(list);
  const listSettled = !list.isPending && !list.isFetching;
  const dialog = useUrlDialog('employee');
  const viewing = searchParams.get(VIEW_PARAM);
  // Kept while the details fade out after the URL dropped them, so they do not turn into a spinner on the way.
  const [lastViewed, setLastViewed] = useState(viewing);
  if (viewing !== null && lastViewed !== viewing) setLastViewed(viewing);

  const edited = useEmployeeById(dialog.open ? dialog.id : null, employees, listSettled);
  const viewed = useEmployeeById(viewing ?? lastViewed, employees, listSettled);
  const directory = useStaffDirectory(dialog.open || viewing !== null);
  const activeDepartments = useActiveDepartments(dialog.open);
  const departmentOptions = useMemo(
    () => (activeDepartments.data ?? []).map((department) => ({ value: department.name, label: department.name })),
    [activeDepartments.data],
  );
  const managerName = useCallback((id: string) => directory.data?.find((entry) => entry.id === id)?.name ?? '', [directory.data]);

  const remove = useDeleteFlow<EmployeeRecord>({
    mutation: useDeleteEmployee(),
    noun: 'Employee',
    nameOf: (employee) => employee.name,
    message: (employee) =>
      `${employee?.name ?? 'The employee'} will be deleted and signed out. This cannot be undone. To keep their record, set their status to inactive or terminated instead.`,
    forbidden: 'Only a superadmin can delete admins and superadmins.',
    // Leads still assigned, the last superadmin, or a change since the list loaded: said in the dialog.
    conflictIsRefusal: true,
  });

  const changeFilter = (name: EmployeeFilterParam, value: string) =>
    setSearchParams((current) => withParam(current, name, value), { replace: name === 'q' });
  const openView = (employee: EmployeeRecord) => setSearchParams((current) => withParam(current, VIEW_PARAM, employee.id));
  const closeView = () => setSearchParams((current) => withParam(current, VIEW_PARAM, null));
  const editFromView = (employee: EmployeeRecord) =>
    setSearchParams((current) => withParam(withParam(current, VIEW_PARAM, null), 'employee', employee.id));

  const cardActions: EmployeeCardActions = {
    onView: openView,
    canEdit: (employee) => canManageEmployee(actor.role, employee.role),
    canDelete: (employee) => canDeleteEmployee(actor, employee),
    onEdit: (employee) => dialog.openEdit(employee.id),
    onDelete: remove.ask,
  };

  return (
    <Stack spacing={3}>
      <ResourceHeader
        title={heading}
        subtitle="The firm's people: roles, departments, contact and protected personal data."
        actions={
          <>
            <Button variant="outlined" startIcon={<AccountTreeOutlinedIcon />} component={RouterLink} to={href('employees/departments')} sx={{ whiteSpace: 'nowrap' }}>
              Departments
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={dialog.openNew} sx={{ whiteSpace: 'nowrap' }}>
              Add Employee
            </Button>
          </>
        }
      />
      <EmployeeStatCards />
      <FilterCard>
        <EmployeeFilters filters={filters} onChange={changeFilter} />
      </FilterCard>
      <PagedList list={list} items={employees} noun="employees" emptyMessage={NO_EMPLOYEES_MESSAGE}>
        <EmployeeGrid employees={employees} actions={cardActions} />
      </PagedList>
      <EmployeeDialog
        open={dialog.open}
        employeeId={dialog.id}
        // The form starts once the directory names the reporting manager (its picker shows the name).
        employee={directory.isPending && !directory.isError ? undefined : edited.employee}
        error={edited.error}
        actor={actor}
        managerName={managerName}
        departmentOptions={departmentOptions}
        onClose={dialog.close}
      />
      <EmployeeDetailsDialog
        open={viewing !== null}
        employee={viewed.employee}
        error={viewed.error}
        managerName={managerName}
        canManage={viewed.employee ? canManageEmployee(actor.role, viewed.employee.role) : false}
        onEdit={editFromView}
        onClose={closeView}
      />
      {remove.dialog}
    </Stack>
  );
}
