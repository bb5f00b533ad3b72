import FormControlLabel from '@mui/material/FormControlLabel';
import Grid, { type GridProps } from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { AsyncPickerInput, type PickerOption, type PickerSearch } from './async-picker';
import { SearchField } from './search-field';
import { SelectField, type SelectOption } from './select-field';

/**
 * The filter bar of a resource list: a search box and selects, each bound to
 * one URL parameter by name. The page keeps the filters in the URL; the bar
 * only reads them and reports changes.
 */

interface FilterBinding {
  value: (param: string) => string;
  onChange: (param: string, value: string) => void;
}

const FilterContext = createContext<FilterBinding | null>(null);

function useFilter(param: string) {
  const binding = useContext(FilterContext);
  if (!binding) throw new Error('A filter field must be inside a FilterBar');
  return { value: binding.value(param), onChange: (value: string) => binding.onChange(param, value) };
}

interface FilterBarProps<P extends string> {
  /** 'Filter leads': the bar is a labelled region. */
  label: string;
  filters: Readonly<Record<P, string>>;
  onChange: (param: P, value: string) => void;
  children: ReactNode;
}

export function FilterBar<P extends string>({ label, filters, onChange, children }: FilterBarProps<P>) {
  // A field naming a parameter the bar does not have is a mistake in the page: say so at once.
  const known = (param: string): P => {
    if (!(param in filters)) throw new Error(`No filter named '${param}'`);
    return param as P;
  };
  const binding: FilterBinding = {
    value: (param) => filters[known(param)],
    onChange: (param, value) => onChange(known(param), value),
  };
  return (
    <Grid container spacing={1.5} component="section" aria-label={label}>
      <FilterContext.Provider value={binding}>{children}</FilterContext.Provider>
    </Grid>
  );
}

interface FilterCellProps {
  /** The URL parameter the field shows and changes. */
  param: string;
  label: string;
  size: GridProps['size'];
}

/** The search box of a FilterBar; it searches once typing pauses. */
export function FilterSearch({ param, label, size, placeholder }: FilterCellProps & { placeholder: string }) {
  const { value, onChange } = useFilter(param);
  return (
    <Grid size={size}>
      <SearchField label={label} placeholder={placeholder} value={value} onSearch={onChange} />
    </Grid>
  );
}

/** A select of a FilterBar; `emptyLabel` names the choice that clears the filter ('All statuses'). */
export function FilterSelect({ param, label, size, options, emptyLabel }: FilterCellProps & { options: readonly SelectOption[]; emptyLabel?: string }) {
  const { value, onChange } = useFilter(param);
  return (
    <Grid size={size}>
      <SelectField label={label} value={value} options={options} emptyLabel={emptyLabel} onChange={onChange} />
    </Grid>
  );
}

/** An on/off filter of a FilterBar: the URL parameter is '1' while on, absent while off ('Response overdue'). */
export function FilterSwitch({ param, label, size }: FilterCellProps) {
  const { value, onChange } = useFilter(param);
  return (
    <Grid size={size} sx={{ display: 'flex', alignItems: 'center' }}>
      <FormControlLabel control={<Switch checked={value === '1'} onChange={(_event, checked) => onChange(checked ? '1' : '')} />} label={label} />
    </Grid>
  );
}

interface FilterPickerProps<T extends { id: string }> extends FilterCellProps {
  /** 'projects', for 'Searching projects...'. */
  noun: string;
  placeholder?: string;
  useSearch: (q: string, enabled: boolean) => PickerSearch<T>;
  optionLabel: (record: T) => string;
  /** How the record the URL names is called (looked up, as the URL holds only its id); '' while unknown. */
  selectedLabel: string;
  noMatchText: string;
  emptyText: string;
}

/** A record picked by server search in a FilterBar (a project): the URL parameter holds its id; clearing it drops the filter. */
export function FilterPicker<T extends { id: string }>({ param, size, selectedLabel, ...props }: FilterPickerProps<T>) {
  const { value, onChange } = useFilter(param);
  const [picked, setPicked] = useState<PickerOption | null>(null);
  const selected: PickerOption | null = value ? { id: value, label: picked?.id === value ? picked.label : selectedLabel || 'Loading...' } : null;
  return (
    <Grid size={size}>
      <AsyncPickerInput<T>
        {...props}
        name={param}
        size="small"
        shrinkLabel
        value={selected}
        onChange={(option) => {
          setPicked(option);
          onChange(option?.id ?? '');
        }}
      />
    </Grid>
  );
}
