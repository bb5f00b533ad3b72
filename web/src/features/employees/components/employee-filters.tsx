import { FilterBar, FilterSearch, FilterSelect } from '../../../components/filter-bar';
import { DEPARTMENT_OPTIONS, ROLE_OPTIONS, STATUS_OPTIONS, type EmployeeFilterParam, type EmployeeFilters as Filters } from '../model';

interface EmployeeFiltersProps {
  filters: Filters;
  onChange: (name: EmployeeFilterParam, value: string) => void;
}

/** Search, department, role and status of the employee list; the page keeps them in the URL. */
export function EmployeeFilters({ filters, onChange }: EmployeeFiltersProps) {
  return (
    <FilterBar label="Filter employees" filters={filters} onChange={onChange}>
      <FilterSearch param="q" label="Search employees" placeholder="Name or email..." size={{ xs: 12, md: 5 }} />
      <FilterSelect param="department" label="Department" options={DEPARTMENT_OPTIONS} emptyLabel="All departments" size={{ xs: 12, sm: 4, md: 3 }} />
      <FilterSelect param="role" label="Role" options={ROLE_OPTIONS} emptyLabel="All roles" size={{ xs: 6, sm: 4, md: 2 }} />
      <FilterSelect param="status" label="Status" options={STATUS_OPTIONS} emptyLabel="All statuses" size={{ xs: 6, sm: 4, md: 2 }} />
    </FilterBar>
  );
}
