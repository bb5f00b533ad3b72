import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Brand, RateLibrary, Unit } from '@app/shared-types/rate-library';
import type { ReactNode } from 'react';
import type { Retire } from './use-retire';

interface UnitsAndBrandsProps {
  library: RateLibrary;
  showRetired: boolean;
  /** Absent for roles that only read the library. */
  edit?: { unit: (unit: Unit | null) => void; brand: (brand: Brand | null) => void; retire: Retire };
}

/** The library's units and brands side by side (stacked on phones), with add, rename and retire for admins. */
export function UnitsAndBrands({ library, showRetired, edit }: UnitsAndBrandsProps) {
  const units = library.units.filter((unit) => showRetired || !unit.retired);
  const brands = library.brands.filter((brand) => showRetired || !brand.retired);
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}>
      <EntryList
        title="Units"
        addLabel="Add unit"
        onAdd={edit && (() => edit.unit(null))}
        entries={units.map((unit) => ({
          id: unit.id,
          name: unit.name,
          retired: unit.retired,
          onEdit: edit && (() => edit.unit(unit)),
          onRetire: edit && (() => void edit.retire.unit(unit)),
        }))}
      />
      <EntryList
        title="Brands"
        addLabel="Add brand"
        onAdd={edit && (() => edit.brand(null))}
        entries={brands.map((brand) => ({
          id: brand.id,
          name: brand.name,
          retired: brand.retired,
          chip: brand.suggested ? <Chip size="small" color="primary" variant="outlined" label="Suggested" /> : undefined,
          onEdit: edit && (() => edit.brand(brand)),
          onRetire: edit && (() => void edit.retire.brand(brand)),
        }))}
      />
    </Box>
  );
}

interface Entry {
  id: string;
  name: string;
  retired: boolean;
  chip?: ReactNode;
  onEdit?: () => void;
  onRetire?: () => void;
}

function EntryList({ title, addLabel, onAdd, entries }: { title: string; addLabel: string; onAdd?: () => void; entries: Entry[] }) {
  return (
    <section aria-label={title}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle1" component="h3">
          {title}
        </Typography>
        {onAdd && (
          <Button size="small" startIcon={<AddIcon />} onClick={onAdd}>
            {addLabel}
          </Button>
        )}
      </Stack>
      <List dense disablePadding sx={{ columns: { sm: 2 }, columnGap: 2 }}>
        {entries.map((entry) => (
          <ListItem
            key={entry.id}
            disableGutters
            sx={{ breakInside: 'avoid', opacity: entry.retired ? 0.6 : 1, flexWrap: 'wrap' }}
            secondaryAction={undefined}
          >
            <ListItemText primary={entry.name} sx={{ flex: '1 1 auto', minWidth: 0 }} />
            {entry.chip}
            {entry.retired && <Chip size="small" label="Retired" sx={{ ml: 0.5 }} />}
            {entry.onEdit && (
              <Button size="small" onClick={entry.onEdit} aria-label={`Edit ${entry.name}`}>
                Edit
              </Button>
            )}
            {entry.onRetire && (
              <Button size="small" color={entry.retired ? 'primary' : 'warning'} onClick={entry.onRetire} aria-label={`${entry.retired ? 'Restore' : 'Retire'} ${entry.name}`}>
                {entry.retired ? 'Restore' : 'Retire'}
              </Button>
            )}
          </ListItem>
        ))}
      </List>
    </section>
  );
}
