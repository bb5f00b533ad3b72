import Grid from '@mui/material/Grid';
import { DateField } from '../../../components/date-field';
import { FilterBar, FilterSearch, FilterSelect } from '../../../components/filter-bar';
import { useActiveStaff } from '../api/get-staff-directory';
import { STATUS_OPTIONS, type AttendanceFilterParam, type AttendanceFilters as Filters } from '../model';

interface AttendanceFiltersProps {
  filters: Filters;
  /** Managers and above filter by employee; an employee's list is their own. */
  byEmployee: boolean;
  onChange: (param: AttendanceFilterParam, value: string) => void;
}

/** Search (name, department), date, status and, for managers, employee: each a URL parameter. */
export function AttendanceFilters({ filters, byEmployee, onChange }: AttendanceFiltersProps) {
  const { staff } = useActiveStaff(byEmployee);
  const employees = staff.map((person) => ({ value: person.id, label: person.name }));
  // The URL may name someone no longer active: keep them choosable so the select shows a name.
  if (filters.userId && !employees.some((option) => option.value === filters.userId)) employees.push({ value: filters.userId, label: 'Selected employee' });
  return (
    <FilterBar label="Filter attendance" filters={filters} onChange={onChange}>
      <FilterSearch param="q" label="Search attendance" placeholder="Name or department" size={{ xs: 12, md: byEmployee ? 4 : 6 }} />
      <Grid size={{ xs: 6, md: byEmployee ? 2 : 3 }}>
        <DateField size="small" label="Date" value={filters.date} onChange={(value) => onChange('date', value)} />
      </Grid>
      <FilterSelect param="status" label="Status" emptyLabel="All statuses" options={STATUS_OPTIONS} size={{ xs: 6, md: 3 }} />
      {byEmployee && <FilterSelect param="userId" label="Employee" emptyLabel="All employees" options={employees} size={{ xs: 12, md: 3 }} />}
    </FilterBar>
  );
}
