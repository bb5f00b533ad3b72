import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEPARTMENT_MESSAGES } from '@app/shared-types/departments';
import { useDeleteFlow } from '../../../components/confirm-delete-dialog';
import { PagedList, type PagedQuery } from '../../../components/paged-list';
import type { SelectOption } from '../../../components/select-field';
import { useDeleteDepartment } from '../api/save-department';
import type { Department } from '../model';
import { DepartmentDialog } from './department-dialog';
import { DepartmentTable } from './department-table';
import { useEditDialog } from './use-edit-dialog';

export const NO_DEPARTMENTS_MESSAGE = 'No departments yet. Add the first one.';

interface DepartmentsSectionProps {
  list: PagedQuery<Department>;
  departments: readonly Department[];
  staffOptions: readonly SelectOption[];
  headName: (employeeId: string) => string;
}

/** The departments: the table, Add/Edit (DepartmentDialog) and Delete (refused while roles or employees belong to it). */
export function DepartmentsSection({ list, departments, staffOptions, headName }: DepartmentsSectionProps) {
  const dialog = useEditDialog();
  const remove = useDeleteFlow<Department>({
    mutation: useDeleteDepartment(),
    noun: 'Department',
    nameOf: (department) => department.name,
    message: (department) =>
      `${department?.name ?? 'The department'} will be deleted. This cannot be undone. To keep it for the record, mark it inactive instead.`,
    forbidden: 'Only admins can delete departments.',
    conflictIsRefusal: true,
  });

  return (
    <Stack component="section" spacing={2} aria-labelledby="departments-heading">
      <Stack direction="row" useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <div>
          <Typography id="departments-heading" variant="h6" component="h2">
            Departments
          </Typography>
          <Typography variant="body2" color="text.secondary">
            The employee form offers the active ones.
          </Typography>
        </div>
        <Button variant="contained" startIcon={<AddIcon />} onClick={dialog.openNew}>
          Add Department
        </Button>
      </Stack>
      <PagedList list={list} items={departments} noun="departments" emptyMessage={NO_DEPARTMENTS_MESSAGE}>
        <DepartmentTable departments={departments} headName={headName} onEdit={(department) => dialog.openEdit(department.id)} onDelete={remove.ask} />
      </PagedList>
      <DepartmentDialog
        open={dialog.open}
        departmentId={dialog.id}
        department={departments.find((department) => department.id === dialog.id)}
        error={list.isError ? list.error : !list.isPending && !departments.some((department) => department.id === dialog.id) ? new Error(DEPARTMENT_MESSAGES.notFound) : null}
        staffOptions={staffOptions}
        onClose={dialog.close}
      />
      {remove.dialog}
    </Stack>
  );
}
