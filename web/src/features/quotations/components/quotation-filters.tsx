import { FilterBar, FilterSearch, FilterSelect } from '../../../components/filter-bar';
import { STATUS_FILTER_OPTIONS, type QuotationFilterParam, type QuotationFilters as Filters } from '../model';

/** Search and status of the quotation list; the page keeps them in the URL. */
export function QuotationFilters({ filters, onChange }: { filters: Filters; onChange: (name: QuotationFilterParam, value: string) => void }) {
  return (
    <FilterBar label="Filter quotations" filters={filters} onChange={onChange}>
      <FilterSearch param="q" label="Search quotations" placeholder="Client, number, phone..." size={{ xs: 12, md: 8 }} />
      <FilterSelect param="status" label="Status" options={STATUS_FILTER_OPTIONS} emptyLabel="All statuses" size={{ xs: 12, md: 4 }} />
    </FilterBar>
  );
}
