import Grid from '@mui/material/Grid';
import { SearchField } from '../../../components/search-field';
import { SelectField } from '../../../components/select-field';
import {
  PROJECT_TYPE_OPTIONS,
  SALESPERSON_OPTIONS,
  SORT_OPTIONS,
  SOURCE_OPTIONS,
  STATUS_OPTIONS,
  type FilterParam,
  type LeadFilters as Filters,
} from '../model';

interface LeadFiltersProps {
  filters: Filters;
  onChange: (name: FilterParam, value: string) => void;
}

/** Search and filters of the leads list; the page keeps them in the URL. */
export function LeadFilters({ filters, onChange }: LeadFiltersProps) {
  return (
    <Grid container spacing={1.5} component="section" aria-label="Filter leads">
      <Grid size={{ xs: 12, xl: 4 }}>
        <SearchField label="Search leads" placeholder="Name, phone or email" value={filters.q} onSearch={(value) => onChange('q', value)} />
      </Grid>
      <Grid size={{ xs: 6, sm: 4, md: 'grow' }}>
        <SelectField label="Status" value={filters.status} options={STATUS_OPTIONS} emptyLabel="All statuses" onChange={(value) => onChange('status', value)} />
      </Grid>
      <Grid size={{ xs: 6, sm: 4, md: 'grow' }}>
        <SelectField label="Source" value={filters.source} options={SOURCE_OPTIONS} emptyLabel="All sources" onChange={(value) => onChange('source', value)} />
      </Grid>
      <Grid size={{ xs: 6, sm: 4, md: 'grow' }}>
        <SelectField
          label="Assigned To"
          value={filters.assignedTo}
          options={SALESPERSON_OPTIONS}
          emptyLabel="Everyone"
          onChange={(value) => onChange('assignedTo', value)}
        />
      </Grid>
      <Grid size={{ xs: 6, sm: 6, md: 'grow' }}>
        <SelectField
          label="Project Type"
          value={filters.projectType}
          options={PROJECT_TYPE_OPTIONS}
          emptyLabel="All types"
          onChange={(value) => onChange('projectType', value)}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 'grow' }}>
        <SelectField label="Sort" value={filters.sort} options={SORT_OPTIONS} onChange={(value) => onChange('sort', value)} />
      </Grid>
    </Grid>
  );
}
