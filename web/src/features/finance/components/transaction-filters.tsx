import type { Project } from '@app/shared-types/projects';
import { FilterBar, FilterPicker, FilterSearch, FilterSelect } from '../../../components/filter-bar';
import { useProjectFinancial } from '../api/get-project-financial';
import { useProjectSearch } from '../api/search-references';
import { FILTER_STATUS_OPTIONS, FILTER_TYPE_OPTIONS, type TransactionFilterParam, type TransactionFilters as Filters } from '../model';

const projectLabel = (project: Project) => project.name;

interface TransactionFiltersProps {
  filters: Filters;
  onChange: (name: TransactionFilterParam, value: string) => void;
}

/** Search, type, status and project of the transaction list; the page keeps them in the URL. */
export function TransactionFilters({ filters, onChange }: TransactionFiltersProps) {
  // The URL holds the project's id; its name comes with its figures.
  const project = useProjectFinancial(filters.projectId);
  return (
    <FilterBar label="Filter transactions" filters={filters} onChange={onChange}>
      <FilterSearch param="q" label="Search transactions" placeholder="Description, number, reference..." size={{ xs: 12, md: 4 }} />
      <FilterSelect param="type" label="Type" options={FILTER_TYPE_OPTIONS} emptyLabel="All types" size={{ xs: 6, md: 2 }} />
      <FilterSelect param="status" label="Status" options={FILTER_STATUS_OPTIONS} emptyLabel="All statuses" size={{ xs: 6, md: 2 }} />
      <FilterPicker<Project>
        param="projectId"
        label="Project"
        placeholder="All projects"
        noun="projects"
        useSearch={useProjectSearch}
        optionLabel={projectLabel}
        selectedLabel={project.data?.projectName ?? ''}
        noMatchText="No project matches"
        emptyText="No projects yet"
        size={{ xs: 12, md: 4 }}
      />
    </FilterBar>
  );
}
