import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { PROJECT_FILTERS, type ProjectFilter } from '../model';

/** 'All Projects', 'Finished', 'Ongoing', 'Upcoming' as pressed/unpressed buttons. */
export function ProjectFilters({ value, onChange }: { value: ProjectFilter; onChange: (value: ProjectFilter) => void }) {
  return (
    <ToggleButtonGroup
      value={value}
      exclusive
      aria-label="Filter projects by status"
      onChange={(_event, next: ProjectFilter | null) => {
        // Clicking the selected filter again keeps it selected.
        if (next) onChange(next);
      }}
      sx={{
        flexWrap: 'wrap',
        gap: 1,
        '& .MuiToggleButtonGroup-grouped': {
          border: 1,
          borderColor: 'divider',
          borderRadius: '999px !important',
          m: 0,
          px: 2.5,
          py: 1,
          textTransform: 'none',
          fontWeight: 600,
          color: 'text.secondary',
          bgcolor: 'background.paper',
        },
        '& .MuiToggleButtonGroup-grouped.Mui-selected, & .MuiToggleButtonGroup-grouped.Mui-selected:hover': {
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          borderColor: 'primary.main',
        },
      }}
    >
      {PROJECT_FILTERS.map((filter) => (
        <ToggleButton key={filter.value} value={filter.value}>
          {filter.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
