import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import { RATE_LIBRARY_MESSAGES, brandInputSchema, type Brand } from '@app/shared-types/rate-library';
import { EntityForm, EntityFormDialog } from '../../../components/entity-form-dialog';
import { FormField } from '../../../components/form-fields';
import { useCreateBrand, useUpdateBrand } from '../api/save-brand';

const TITLE_ID = 'brand-dialog-title';

interface Values {
  name: string;
  suggested: boolean;
}

const toValues = (brand: Brand): Values => ({ name: brand.name, suggested: brand.suggested });

/** Add Brand / Edit Brand: its name, and whether the builder suggests it (SPEC.md 9's hardware and paint brands). */
export function BrandDialog({ open, brand, onClose }: { open: boolean; brand: Brand | null; onClose: () => void }) {
  const create = useCreateBrand();
  const update = useUpdateBrand();
  return (
    <EntityFormDialog<Brand> open={open} onClose={onClose} titleId={TITLE_ID} maxWidth="sm" id={brand?.id ?? null} record={brand ?? undefined} editTitle="Edit Brand" noun="brand">
      {(loaded, reload) => (
        <EntityForm<Values, Brand>
          titleId={TITLE_ID}
          title={loaded ? 'Edit Brand' : 'Add Brand'}
          initialValues={loaded ? toValues(loaded) : { name: '', suggested: false }}
          validationSchema={brandInputSchema}
          save={(values) =>
            loaded ? update.mutateAsync({ id: loaded.id, ...values, retired: loaded.retired, version: loaded.version }) : create.mutateAsync({ ...values, retired: false })
          }
          savedToast={(saved) => ({ title: RATE_LIBRARY_MESSAGES.saved, description: `Brand '${saved.name}' saved` })}
          errorTitle={RATE_LIBRARY_MESSAGES.saveFailed}
          submitLabel={loaded ? 'Save Changes' : 'Add Brand'}
          submittingLabel="Saving..."
          versioned={loaded ? { id: loaded.id, noun: 'brand', labels: { name: 'Name', suggested: 'Suggested' }, toValues, onReload: reload } : undefined}
          onClose={onClose}
        >
          {(form) => (
            <>
              <FormField name="name" label="Brand" required autoFocus autoComplete="off" size={12} />
              <Grid size={12}>
                <FormControlLabel
                  control={<Checkbox checked={form.values.suggested} onChange={(event) => void form.setFieldValue('suggested', event.target.checked)} />}
                  label="Suggested in the quotation builder"
                />
              </Grid>
            </>
          )}
        </EntityForm>
      )}
    </EntityFormDialog>
  );
}
