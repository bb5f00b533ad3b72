import Grid from '@mui/material/Grid';
import { SelectField } from '../../../components/select-field';
import { STATUS_OPTIONS, type ProjectFilterParam, type ProjectFilters as Filters } from '../model';
import { SearchField } from '../../../components/search-field';

interface ProjectFiltersProps {
  filters: Filters;
  onChange: (name: ProjectFilterParam, value: string) => void;
}

/** Search and status of the project list; the page keeps them in the URL and the server applies them. */
export function ProjectFilters({ filters, onChange }: ProjectFiltersProps) {
  return (
    <Grid container spacing={1.5} component="section" aria-label="Filter projects">
      <Grid size={{ xs: 12, md: 8 }}>
        <SearchField
          label="Search projects"
          placeholder="Name, customer, location, type..."
          value={filters.q}
          onSearch={(value) => onChange('q', value)}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
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
