import Grid from '@mui/material/Grid';
import type { EmployeeRecord } from '@app/shared-types/employees';
import { DateField } from '../../../components/date-field';
import { FilterBar, FilterPicker, FilterSelect } from '../../../components/filter-bar';
import { usePerson, useStaffSearch } from '../api/search-staff';
import { ENTITY_OPTIONS, type AuditFilterParam, type AuditFilters as Filters } from '../model';

const personLabel = (person: EmployeeRecord) => person.name;

interface AuditFiltersProps {
  filters: Filters;
  onChange: (param: AuditFilterParam, value: string) => void;
}

/** Entity type, person (searched among the staff) and a date range: each a URL parameter. */
export function AuditFilters({ filters, onChange }: AuditFiltersProps) {
  // The URL holds the person's id; their name is read once.
  const person = usePerson(filters.actorId);
  const personName = person.data?.name ?? (person.isError ? 'Selected person' : '');
  return (
    <FilterBar label="Filter the audit log" filters={filters} onChange={onChange}>
      <FilterSelect param="entity" label="Entity" emptyLabel="All entities" options={ENTITY_OPTIONS} size={{ xs: 12, sm: 6, md: 3 }} />
      <FilterPicker<EmployeeRecord>
        param="actorId"
        label="Person"
        placeholder="Everyone"
        noun="staff"
        useSearch={useStaffSearch}
        optionLabel={personLabel}
        selectedLabel={personName}
        noMatchText="No one matches"
        emptyText="Type a name"
        size={{ xs: 12, sm: 6, md: 3 }}
      />
      <DateFilter label="From" value={filters.from} max={filters.to} onChange={(value) => onChange('from', value)} />
      <DateFilter label="To" value={filters.to} min={filters.from} onChange={(value) => onChange('to', value)} />
    </FilterBar>
  );
}

function DateFilter({ label, value, min, max, onChange }: { label: string; value: string; min?: string; max?: string; onChange: (value: string) => void }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <DateField size="small" label={label} value={value} min={min} max={max} onChange={onChange} />
    </Grid>
  );
}
