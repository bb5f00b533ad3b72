import SearchIcon from '@mui/icons-material/Search';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { SelectField } from '../../../components/select-field';
import { CATEGORY_OPTIONS, STATUS_OPTIONS, type VendorFilterParam, type VendorFilters as Filters } from '../model';

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

interface VendorFiltersProps {
  filters: Filters;
  onChange: (name: VendorFilterParam, value: string) => void;
}

/** Search, category and status of the vendor list; the page keeps them in the URL. */
export function VendorFilters({ filters, onChange }: VendorFiltersProps) {
  const [search, setSearch] = useState(filters.q);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // The URL changed from outside (back button, a cleared filter): show its search.
  const [lastUrlSearch, setLastUrlSearch] = useState(filters.q);
  if (filters.q !== lastUrlSearch) {
    setLastUrlSearch(filters.q);
    setSearch(filters.q);
  }

  useEffect(() => {
    if (search === filters.q) return;
    const timer = setTimeout(() => onChangeRef.current('q', search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, filters.q]);

  return (
    <Grid container spacing={1.5} component="section" aria-label="Filter vendors">
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          size="small"
          type="search"
          label="Search vendors"
          placeholder="Name, contact, phone, city, GST..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            htmlInput: { maxLength: 100 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
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
