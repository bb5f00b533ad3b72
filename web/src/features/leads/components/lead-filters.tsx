import { FilterBar, FilterSearch, FilterSelect, FilterSwitch } from '../../../components/filter-bar';
import { useAssignees } from '../api/get-assignees';
import {
  MY_LEADS_OPTION,
  PROJECT_TYPE_OPTIONS,
  SORT_OPTIONS,
  SOURCE_OPTIONS,
  STATUS_OPTIONS,
  type FilterParam,
  type LeadFilters as Filters,
} from '../model';

interface LeadFiltersProps {
  filters: Filters;
  onChange: (name: FilterParam, value: string) => void;
  /** The list's 'Response overdue' switch (the board has none). */
  showOverdue?: boolean;
}

const SELECT_CELL = { xs: 6, sm: 4, md: 'grow' } as const;

/** Search and filters of the leads list; the page keeps them in the URL. */
export function LeadFilters({ filters, onChange, showOverdue = false }: LeadFiltersProps) {
  const assignees = [MY_LEADS_OPTION, ...useAssignees()];
  return (
    <FilterBar label="Filter leads" filters={filters} onChange={onChange}>
      <FilterSearch param="q" label="Search leads" placeholder="Name, phone or email" size={{ xs: 12, xl: 4 }} />
      <FilterSelect param="status" label="Status" options={STATUS_OPTIONS} emptyLabel="All statuses" size={SELECT_CELL} />
      <FilterSelect param="source" label="Source" options={SOURCE_OPTIONS} emptyLabel="All sources" size={SELECT_CELL} />
      <FilterSelect param="assignedTo" label="Assigned To" options={assignees} emptyLabel="Everyone" size={SELECT_CELL} />
      <FilterSelect param="projectType" label="Project Type" options={PROJECT_TYPE_OPTIONS} emptyLabel="All types" size={{ xs: 6, sm: 6, md: 'grow' }} />
      <FilterSelect param="sort" label="Sort" options={SORT_OPTIONS} size={{ xs: 12, sm: 6, md: 'grow' }} />
      <FilterSearch param="campaign" label="Campaign" placeholder="e.g. diwali" size={{ xs: 12, sm: 6, md: 'grow' }} />
      {showOverdue && <FilterSwitch param="overdue" label="Response overdue" size={{ xs: 12, sm: 6, md: 'auto' }} />}
    </FilterBar>
  );
}
