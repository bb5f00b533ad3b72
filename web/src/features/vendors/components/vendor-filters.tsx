import { FilterBar, FilterSearch, FilterSelect } from '../../../components/filter-bar';
import { CATEGORY_OPTIONS, STATUS_OPTIONS, type VendorFilterParam, type VendorFilters as Filters } from '../model';

interface VendorFiltersProps {
  filters: Filters;
  onChange: (name: VendorFilterParam, value: string) => void;
}

/** Search, category and status of the vendor list; the page keeps them in the URL. */
export function VendorFilters({ filters, onChange }: VendorFiltersProps) {
  return (
    <FilterBar label="Filter vendors" filters={filters} onChange={onChange}>
      <FilterSearch param="q" label="Search vendors" placeholder="Name, contact, phone, city, GST..." size={{ xs: 12, md: 6 }} />
      <FilterSelect param="category" label="Category" options={CATEGORY_OPTIONS} emptyLabel="All categories" size={{ xs: 6, md: 3 }} />
      <FilterSelect param="status" label="Status" options={STATUS_OPTIONS} emptyLabel="All statuses" size={{ xs: 6, md: 3 }} />
    </FilterBar>
  );
}
