import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import * as yup from 'yup';
import { ANY_BRAND, RATE_LIBRARY_MESSAGES, priceInputSchema, type Price, type RateItem, type RateLibrary } from '@app/shared-types/rate-library';
import { EntityForm, EntityFormDialog } from '../../../components/entity-form-dialog';
import { FormField } from '../../../components/form-fields';
import { useCreatePrice, useUpdatePrice } from '../api/save-price';
import { brandLabel, unitName } from '../model';

const TITLE_ID = 'price-dialog-title';

interface Values {
  finishId: string;
  brandId: string;
  price: string;
  costPrice: string;
}

const moneySchema = priceInputSchema.pick(['price', 'costPrice']);
const newPriceSchema = moneySchema.shape({ finishId: yup.string().required('Choose a finish type') });

const toValues = (price: Price): Values => ({ finishId: price.finishId, brandId: price.brandId, price: String(price.price), costPrice: String(price.costPrice) });

/**
 * Add Price (a finish, a brand or any brand, price and cost) / Reprice (price
 * and cost only: what a price is for never changes). Rupees per unit.
 */
export function PriceDialog({ open, item, price, library, onClose }: { open: boolean; item: RateItem; price: Price | null; library: RateLibrary; onClose: () => void }) {
  const create = useCreatePrice();
  const update = useUpdatePrice();
  const finishOptions = item.finishTypes.filter((finish) => !finish.retired).map((finish) => ({ value: finish.id, label: finish.name }));
  const brandOptions = [
    { value: ANY_BRAND, label: 'Any brand' },
    ...library.brands.filter((brand) => !brand.retired).map((brand) => ({ value: brand.id, label: item.brandIds.includes(brand.id) ? `${brand.name} (item's brand)` : brand.name })),
  ];
  return (
    <EntityFormDialog<Price> open={open} onClose={onClose} titleId={TITLE_ID} maxWidth="sm" id={price?.id ?? null} record={price ?? undefined} editTitle="Reprice" noun="price">
      {(loaded, reload) => (
        <EntityForm<Values, Price>
          titleId={TITLE_ID}
          title={loaded ? `Reprice: ${item.itemName}` : `Add Price: ${item.itemName}`}
          initialValues={loaded ? toValues(loaded) : { finishId: finishOptions[0]?.value ?? '', brandId: ANY_BRAND, price: '', costPrice: '' }}
          validationSchema={loaded ? moneySchema : newPriceSchema}
          save={(values) => {
            const money = moneySchema.validateSync(values, { stripUnknown: true });
            return loaded
              ? update.mutateAsync({ id: loaded.id, ...money, retired: loaded.retired, version: loaded.version })
              : create.mutateAsync({ itemId: item.id, finishId: values.finishId, brandId: values.brandId, ...money, retired: false });
          }}
          savedToast={(saved) => ({ title: RATE_LIBRARY_MESSAGES.saved, description: `${item.itemName}: ₹${saved.price} per unit, cost ₹${saved.costPrice}` })}
          errorTitle={RATE_LIBRARY_MESSAGES.saveFailed}
          submitLabel={loaded ? 'Save Price' : 'Add Price'}
          submittingLabel="Saving..."
          versioned={loaded ? { id: loaded.id, noun: 'price', labels: { price: 'Price', costPrice: 'Cost price' }, toValues, onReload: reload } : undefined}
          onClose={onClose}
        >
          {loaded && (
            <Grid size={12}>
              <Typography color="text.secondary">
                {item.finishTypes.find((finish) => finish.id === loaded.finishId)?.name ?? 'Finish type'}, {brandLabel(library, loaded.brandId)}: rupees per {unitName(library, item.unitId)}
              </Typography>
            </Grid>
          )}
          {!loaded && <FormField name="finishId" label="Finish type" kind="select" options={finishOptions} />}
          {!loaded && <FormField name="brandId" label="Brand" kind="select" options={brandOptions} />}
          <FormField name="price" label="Price (₹ per unit)" kind="money" required autoFocus={Boolean(loaded)} />
          <FormField name="costPrice" label="Cost price (₹ per unit)" kind="money" required helperText="Staff only: never shown to clients" />
        </EntityForm>
      )}
    </EntityFormDialog>
  );
}
