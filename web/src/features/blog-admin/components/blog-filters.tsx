import { FilterBar, FilterSearch, FilterSelect } from '../../../components/filter-bar';
import { STATUS_OPTIONS, type BlogFilterParam, type BlogFilters as Filters } from '../model';

interface BlogFiltersProps {
  filters: Filters;
  onChange: (name: BlogFilterParam, value: string) => void;
}

/** Search and status of the post list; the page keeps them in the URL. */
export function BlogFilters({ filters, onChange }: BlogFiltersProps) {
  return (
    <FilterBar label="Filter posts" filters={filters} onChange={onChange}>
      <FilterSearch param="q" label="Search posts" placeholder="Title, excerpt or tag..." size={{ xs: 12, md: 8 }} />
      <FilterSelect param="status" label="Status" options={STATUS_OPTIONS} emptyLabel="All statuses" size={{ xs: 12, md: 4 }} />
    </FilterBar>
  );
}
