import AddIcon from '@mui/icons-material/Add';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { RateItem, RateLibrary, UsageArea } from '@app/shared-types/rate-library';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { serverMessage } from '../../../lib/api-errors';
import { useRateLibrary } from '../api/get-rate-library';
import { itemsOfArea, unitName, visibleAreas } from '../model';
import { BrandDialog } from './brand-dialog';
import { ItemDialog } from './item-dialog';
import { PriceDialog } from './price-dialog';
import { PackageRulesPanel } from './package-rules';
import { PriceTable } from './price-table';
import { UnitDialog } from './unit-dialog';
import { UnitsAndBrands } from './units-and-brands';
import { UsageAreaDialog } from './usage-area-dialog';
import { useRetire, type Retire } from './use-retire';

/** Which editor is open; ids, so the dialog always gets the entry as the library has it now. */
type Editing =
  | { kind: 'area'; id: string | null }
  | { kind: 'item'; id: string | null }
  | { kind: 'price'; itemId: string; id: string | null }
  | { kind: 'unit'; id: string | null }
  | { kind: 'brand'; id: string | null };

const UNITS_AND_BRANDS = 'units-and-brands';
const PACKAGE_RULES = 'package-rules';

/**
 * The rate library (PRODUCT.md: data admins edit): usage areas as tabs, each
 * area's items with their finishes and prices, and the units and brands.
 * Every role reads it; editors (the server says who in its answer, or
 * `canEdit`, e.g. lib/roles.ts canEditRateLibrary) get adding, renaming,
 * repricing, retiring and restoring. The server refuses those writes to
 * other roles all the same.
 */
export function RateLibraryPanel({ canEdit }: { canEdit?: boolean }) {
  const query = useRateLibrary();
  if (query.isPending) return <LoadingState label="Loading the rate library..." />;
  if (query.isError) return <ErrorState message={`Could not load the rate library. ${serverMessage(query.error)}`} />;
  return <LibraryEditor library={query.data} canEdit={canEdit ?? query.data.canEdit} />;
}

function LibraryEditor({ library, canEdit }: { library: RateLibrary; canEdit: boolean }) {
  const [showRetired, setShowRetired] = useState(false);
  const [tab, setTab] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const retire = useRetire();
  const areas = visibleAreas(library, showRetired);
  const selected = tab === UNITS_AND_BRANDS || tab === PACKAGE_RULES ? tab : ((areas.find((area) => area.id === tab) ?? areas[0])?.id ?? UNITS_AND_BRANDS);
  const area = areas.find((candidate) => candidate.id === selected);
  const close = () => setEditing(null);
  const find = <T extends { id: string }>(list: T[], id: string | null) => (id === null ? null : (list.find((entry) => entry.id === id) ?? null));

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          Rate Library
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <FormControlLabel control={<Switch checked={showRetired} onChange={(event) => setShowRetired(event.target.checked)} />} label="Show retired" />
          {canEdit && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'area', id: null })}>
              Add usage area
            </Button>
          )}
        </Stack>
      </Stack>

      <Tabs value={selected} onChange={(_event, value: string) => setTab(value)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label="Usage areas">
        {areas.map((entry) => (
          <Tab key={entry.id} value={entry.id} label={entry.retired ? `${entry.name} (retired)` : entry.name} />
        ))}
        <Tab value={UNITS_AND_BRANDS} label="Units and brands" />
        <Tab value={PACKAGE_RULES} label="Package rules" />
      </Tabs>

      {selected === PACKAGE_RULES && <PackageRulesPanel library={library} canEdit={canEdit} />}

      {area && (
        <AreaSection
          library={library}
          area={area}
          showRetired={showRetired}
          edit={canEdit ? { retire, open: setEditing } : undefined}
        />
      )}
      {selected === UNITS_AND_BRANDS && (
        <UnitsAndBrands
          library={library}
          showRetired={showRetired}
          edit={canEdit ? { unit: (unit) => setEditing({ kind: 'unit', id: unit?.id ?? null }), brand: (brand) => setEditing({ kind: 'brand', id: brand?.id ?? null }), retire } : undefined}
        />
      )}

      {canEdit && (
        <>
          <UsageAreaDialog
            open={editing?.kind === 'area'}
            area={editing?.kind === 'area' ? find(library.usageAreas, editing.id) : null}
            nextSortOrder={Math.max(0, ...library.usageAreas.map((entry) => entry.sortOrder)) + 10}
            onClose={close}
          />
          {area && (
            <ItemDialog open={editing?.kind === 'item'} area={area} item={editing?.kind === 'item' ? find(library.items, editing.id) : null} library={library} onClose={close} />
          )}
          {editing?.kind === 'price' && find(library.items, editing.itemId) && (
            <PriceDialog open item={find(library.items, editing.itemId)!} price={find(library.prices, editing.id)} library={library} onClose={close} />
          )}
          <UnitDialog open={editing?.kind === 'unit'} unit={editing?.kind === 'unit' ? find(library.units, editing.id) : null} onClose={close} />
          <BrandDialog open={editing?.kind === 'brand'} brand={editing?.kind === 'brand' ? find(library.brands, editing.id) : null} onClose={close} />
        </>
      )}
    </Stack>
  );
}

interface AreaSectionProps {
  library: RateLibrary;
  area: UsageArea;
  showRetired: boolean;
  edit?: { retire: Retire; open: (editing: Editing) => void };
}

/** One usage area: its actions, then an accordion per item holding its price table. */
function AreaSection({ library, area, showRetired, edit }: AreaSectionProps) {
  const items = itemsOfArea(library, area.id, showRetired);
  return (
    <section aria-label={area.name}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1.5 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle1" component="h3">
            {area.name}
          </Typography>
          {area.retired && <Chip size="small" label="Retired" />}
        </Stack>
        {edit && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button size="small" onClick={() => edit.open({ kind: 'area', id: area.id })} aria-label={`Rename ${area.name}`}>
              Rename
            </Button>
            <Button size="small" color={area.retired ? 'primary' : 'warning'} onClick={() => void edit.retire.area(area)} aria-label={`${area.retired ? 'Restore' : 'Retire'} ${area.name}`}>
              {area.retired ? 'Restore' : 'Retire'}
            </Button>
            <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => edit.open({ kind: 'item', id: null })}>
              Add item
            </Button>
          </Stack>
        )}
      </Stack>
      {items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography color="text.secondary">No items in {area.name} yet.</Typography>
        </Paper>
      ) : (
        items.map((item) => <ItemAccordion key={item.id} library={library} item={item} showRetired={showRetired} edit={edit} />)
      )}
    </section>
  );
}

function ItemAccordion({ library, item, showRetired, edit }: { library: RateLibrary; item: RateItem; showRetired: boolean; edit?: AreaSectionProps['edit'] }) {
  const unit = unitName(library, item.unitId);
  const finishes = item.finishTypes.filter((finish) => showRetired || !finish.retired).length;
  return (
    <Accordion disableGutters variant="outlined" slotProps={{ transition: { unmountOnExit: true } }} sx={{ opacity: item.retired ? 0.7 : 1 }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-label={`${item.itemName}, ${unit}, ${finishes} ${finishes === 1 ? 'finish' : 'finishes'}${item.retired ? ', retired' : ''}`}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography sx={{ fontWeight: 500 }}>{item.itemName}</Typography>
          <Chip size="small" variant="outlined" label={unit} />
          <Typography variant="body2" color="text.secondary">
            {finishes} {finishes === 1 ? 'finish' : 'finishes'}
          </Typography>
          {item.retired && <Chip size="small" label="Retired" />}
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <PriceTable
          library={library}
          item={item}
          unit={unit}
          showRetired={showRetired}
          onReprice={edit && ((price) => edit.open({ kind: 'price', itemId: item.id, id: price.id }))}
          retire={edit?.retire}
        />
        {edit && (
          <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
            <Button size="small" onClick={() => edit.open({ kind: 'item', id: item.id })} aria-label={`Edit ${item.itemName}`}>
              Edit item
            </Button>
            <Button size="small" startIcon={<AddIcon />} onClick={() => edit.open({ kind: 'price', itemId: item.id, id: null })} aria-label={`Add price to ${item.itemName}`}>
              Add price
            </Button>
            <Button size="small" color={item.retired ? 'primary' : 'warning'} onClick={() => void edit.retire.item(item)} aria-label={`${item.retired ? 'Restore' : 'Retire'} ${item.itemName}`}>
              {item.retired ? 'Restore item' : 'Retire item'}
            </Button>
          </Stack>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
