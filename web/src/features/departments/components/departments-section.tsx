import { DEPARTMENT_MESSAGES } from '@app/shared-types/departments';
import { useDeleteFlow } from '../../../components/confirm-delete-dialog';
import { ListSection, PagedList, listedRecord, type PagedQuery } from '../../../components/paged-list';
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

  const edited = listedRecord(list, departments, dialog.id, DEPARTMENT_MESSAGES.notFound);

  return (
    <ListSection id="departments-heading" title="Departments" subtitle="The employee form offers the active ones." addLabel="Add Department" onAdd={dialog.openNew}>
      <PagedList list={list} items={departments} noun="departments" emptyMessage={NO_DEPARTMENTS_MESSAGE}>
        <DepartmentTable departments={departments} headName={headName} onEdit={(department) => dialog.openEdit(department.id)} onDelete={remove.ask} />
      </PagedList>
      <DepartmentDialog open={dialog.open} departmentId={dialog.id} department={edited.record} error={edited.error} staffOptions={staffOptions} onClose={dialog.close} />
      {remove.dialog}
    </ListSection>
  );
}
