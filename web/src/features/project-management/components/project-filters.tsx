import { FilterBar, FilterSearch, FilterSelect } from '../../../components/filter-bar';
import { STATUS_OPTIONS, type ProjectFilterParam, type ProjectFilters as Filters } from '../model';

interface ProjectFiltersProps {
  filters: Filters;
  onChange: (name: ProjectFilterParam, value: string) => void;
}

/** Search and status of the project list; the page keeps them in the URL and the server applies them. */
export function ProjectFilters({ filters, onChange }: ProjectFiltersProps) {
  return (
    <FilterBar label="Filter projects" filters={filters} onChange={onChange}>
      <FilterSearch param="q" label="Search projects" placeholder="Name, customer, location, type..." size={{ xs: 12, md: 8 }} />
      <FilterSelect param="status" label="Status" options={STATUS_OPTIONS} emptyLabel="All statuses" size={{ xs: 12, md: 4 }} />
    </FilterBar>
  );
}
