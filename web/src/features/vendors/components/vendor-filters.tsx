import Grid from '@mui/material/Grid';
import { SearchField } from '../../../components/search-field';
import { SelectField } from '../../../components/select-field';
import { CATEGORY_OPTIONS, STATUS_OPTIONS, type VendorFilterParam, type VendorFilters as Filters } from '../model';

interface VendorFiltersProps {
  filters: Filters;
  onChange: (name: VendorFilterParam, value: string) => void;
}

/** Search, category and status of the vendor list; the page keeps them in the URL. */
export function VendorFilters({ filters, onChange }: VendorFiltersProps) {
  return (
    <Grid container spacing={1.5} component="section" aria-label="Filter vendors">
      <Grid size={{ xs: 12, md: 6 }}>
        <SearchField label="Search vendors" placeholder="Name, contact, phone, city, GST..." value={filters.q} onSearch={(value) => onChange('q', value)} />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <SelectField
          label="Category"
          value={filters.category}
          options={CATEGORY_OPTIONS}
          emptyLabel="All categories"
          onChange={(value) => onChange('category', value)}
        />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <SelectField
          label="Status"
          value={filters.status}
          options={STATUS_OPTIONS}
          emptyLabel="All statuses"
          onChange={(value) => onChange('status', value)}
        />
      </Grid>
    </Grid>
  );
}
