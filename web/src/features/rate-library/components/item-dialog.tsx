import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FormikErrors, FormikProps } from 'formik';
import { RATE_LIBRARY_MESSAGES, type Brand, type RateItem, type RateLibrary, type UsageArea } from '@app/shared-types/rate-library';
import { EntityForm, EntityFormDialog, FormSection } from '../../../components/entity-form-dialog';
import { FormField, FormTextField } from '../../../components/form-fields';
import { useCreateItem, useUpdateItem } from '../api/save-item';
import { itemFormValues, itemInput, type ItemFormValues } from '../model';

const TITLE_ID = 'item-dialog-title';

const LABELS = { itemName: 'Item', unitId: 'Unit', finishTypes: 'Finish types', brandIds: 'Brands', retired: 'Retired' };

function validate(values: ItemFormValues): FormikErrors<ItemFormValues> {
  return values.itemName.trim() ? {} : { itemName: 'Item name is required' };
}

/** Add Item / Edit Item of a usage area: name, unit, the finishes it comes in and the brands it is offered in. */
export function ItemDialog({ open, area, item, library, onClose }: { open: boolean; area: UsageArea; item: RateItem | null; library: RateLibrary; onClose: () => void }) {
  const create = useCreateItem();
  const update = useUpdateItem();
  const unitOptions = library.units.filter((unit) => !unit.retired || unit.id === item?.unitId).map((unit) => ({ value: unit.id, label: unit.name }));
  const toValues = (current: RateItem) => itemFormValues(current, library);
  return (
    <EntityFormDialog<RateItem> open={open} onClose={onClose} titleId={TITLE_ID} id={item?.id ?? null} record={item ?? undefined} editTitle="Edit Item" noun="item">
      {(loaded, reload) => (
        <EntityForm<ItemFormValues, RateItem>
          titleId={TITLE_ID}
          title={loaded ? `Edit Item: ${area.name}` : `Add Item: ${area.name}`}
          initialValues={itemFormValues(loaded, library)}
          validate={validate}
          save={(values) => {
            const input = itemInput(values, loaded?.usageAreaId ?? area.id);
            return loaded ? update.mutateAsync({ id: loaded.id, ...input, version: loaded.version }) : create.mutateAsync(input);
          }}
          savedToast={(saved) => ({ title: RATE_LIBRARY_MESSAGES.saved, description: `Item '${saved.itemName}' saved` })}
          errorTitle={RATE_LIBRARY_MESSAGES.saveFailed}
          submitLabel={loaded ? 'Save Changes' : 'Add Item'}
          submittingLabel="Saving..."
          versioned={loaded ? { id: loaded.id, noun: 'item', labels: LABELS, toValues, onReload: reload } : undefined}
          onClose={onClose}
        >
          {(form) => (
            <>
              <FormField name="itemName" label="Item" required autoFocus autoComplete="off" size={{ xs: 12, sm: 8 }} />
              <FormField name="unitId" label="Unit" kind="select" options={unitOptions} size={{ xs: 12, sm: 4 }} />
              <FormSection title="Finish types" />
              <FinishRows form={form} priced={new Set(library.prices.filter((price) => price.itemId === loaded?.id).map((price) => price.finishId))} />
              <FormSection title="Brands" />
              <Grid size={12}>
                <BrandPicker brands={library.brands} form={form} />
              </Grid>
            </>
          )}
        </EntityForm>
      )}
    </EntityFormDialog>
  );
}

/** A line per finish: its name; a new or unpriced one can be removed, a priced one only retired (its prices stay). */
function FinishRows({ form, priced }: { form: FormikProps<ItemFormValues>; priced: Set<string> }) {
  const finishes = form.values.finishTypes;
  return (
    <Grid size={12}>
      <Stack spacing={1.5}>
        {finishes.map((finish, i) => (
          <Stack key={finish.id || `new-${i}`} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <FormTextField name={`finishTypes[${i}].name`} label={`Finish type ${i + 1}`} size="small" fullWidth autoComplete="off" />
            {finish.id && priced.has(finish.id) ? (
              <FormControlLabel
                sx={{ mr: 0, flexShrink: 0 }}
                control={<Checkbox size="small" checked={finish.retired} onChange={(event) => void form.setFieldValue(`finishTypes[${i}].retired`, event.target.checked)} />}
                label="Retired"
              />
            ) : (
              <IconButton
                aria-label={`Remove finish type ${i + 1}`}
                onClick={() => void form.setFieldValue('finishTypes', finishes.filter((_, j) => j !== i))}
              >
                <DeleteOutlineIcon />
              </IconButton>
            )}
          </Stack>
        ))}
        <div>
          <Button startIcon={<AddIcon />} onClick={() => void form.setFieldValue('finishTypes', [...finishes, { id: '', name: '', retired: false }])}>
            Add finish type
          </Button>
        </div>
      </Stack>
    </Grid>
  );
}

/** The item's brands, chosen from the library's (retired ones only when already chosen). */
function BrandPicker({ brands, form }: { brands: Brand[]; form: FormikProps<ItemFormValues> }) {
  const chosen = form.values.brandIds;
  const options = brands.filter((brand) => !brand.retired || chosen.includes(brand.id));
  const value = chosen.map((id) => brands.find((brand) => brand.id === id)).filter((brand): brand is Brand => brand !== undefined);
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      getOptionLabel={(brand) => brand.name}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      onChange={(_event, next) => void form.setFieldValue('brandIds', next.map((brand) => brand.id))}
      renderInput={(params) => <TextField {...params} label="Brands" placeholder="Choose brands" />}
    />
  );
}
