import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@app/shared-types/format';
import { unitHasLength, unitHasWidth } from '@app/shared-types/quotations';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { FormTextField } from '../../../components/form-fields';
import { memoByValue } from '../../../lib/render-less';
import { useFinishTypes } from '../api/get-finish-types';
import { useItemDetails } from '../api/get-item-details';
import { useItems } from '../api/get-items';
import { getPriceQueryOptions } from '../api/get-price';
import {
  NO_FINISH_TYPES,
  brandOptions,
  liveRowTotal,
  missingDimension,
  priceLookupOf,
  withCurrent,
  withItem,
  withUsageArea,
  type RowValues,
} from '../model';
import { RowSelect } from './row-select';

interface QuotationRowEditorProps {
  index: number;
  row: RowValues;
  usageAreas: readonly string[];
  units: readonly string[];
  /** The last row cannot be removed (SPEC.md 5). */
  canRemove: boolean;
  /** Removes the row with this id. */
  onRemove: (id: string) => void;
  /** Puts `next` in place of the row with its id. */
  onChange: (next: RowValues) => void;
  /** An approved quote (issue 25): shown, not edited. */
  locked?: boolean;
}

const numberProps = (min: number, step: number) => ({ htmlInput: { min, step, inputMode: 'decimal' as const } });

/**
 * One row of the item table as a card (one per row on a phone, two lines on
 * a wide screen), with SPEC.md 4's behaviour: a usage area loads its items
 * and clears the row's choices; an item loads its details and finishes; a
 * finish type (or a brand while one is set) asks the library for a price.
 */
export const QuotationRowEditor = memoByValue(function QuotationRowEditor({ index, row, usageAreas, units, canRemove, onRemove, onChange, locked = false }: QuotationRowEditorProps) {
  const queryClient = useQueryClient();
  // The row as last chosen: a price that arrives after another choice is not applied over it.
  const latest = useRef(row);
  useEffect(() => {
    latest.current = row;
  }, [row]);

  const items = useItems(row.usageArea);
  const details = useItemDetails(row.usageArea, row.item);
  const finishes = useFinishTypes(row.usageArea, row.item);
  const name = (field: keyof RowValues) => `rows[${index}].${field}`;
  const label = `Row ${index + 1}`;
  const labelId = `quotation-row-${row.id}`;


  const fetchPrice = async (next: RowValues) => {
    const lookup = priceLookupOf(next);
    if (!lookup) return;
    try {
      const { price, costPrice } = await queryClient.fetchQuery(getPriceQueryOptions(lookup));
      const current = latest.current;
      // The row changed meanwhile (another finish, brand or item): that choice asks for its own price.
      if (current.finishType !== next.finishType || current.brand !== next.brand || current.item !== next.item) return;
      if (typeof price === 'number') onChange({ ...current, unitPrice: String(price), costPrice: costPrice ?? null });
    } catch {
      // No price for this choice (404) or the lookup failed: logged; the price stays as typed.
    }
  };

  const choose = (next: RowValues, askPrice: boolean) => {
    onChange(next);
    latest.current = next;
    if (askPrice) void fetchPrice(next);
  };

  const itemList = items.data ?? [];
  const finishList = finishes.isError ? [] : (finishes.data ?? []);
  const brands = brandOptions(details.data?.brands ?? [], details.data?.suggestedBrands ?? [], row.brand);
  const hasLength = unitHasLength(row.unit);
  const hasWidth = unitHasWidth(row.unit);
  const warning = locked ? null : missingDimension(row);

  return (
    <Card variant="outlined" component="section" aria-labelledby={labelId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography id={labelId} variant="subtitle2" component="h3">
          {label}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} aria-label={`${label} total`}>
            {formatMoney(liveRowTotal(row))}
          </Typography>
          {!locked && (
            <Tooltip title={canRemove ? '' : 'A quotation keeps at least one row'}>
              <Box component="span">
                <IconButton aria-label={`Remove row ${index + 1}`} onClick={() => onRemove(row.id)} disabled={!canRemove} size="small" color="error">
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Box>
            </Tooltip>
          )}
        </Stack>
      </Stack>
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <RowSelect
            name={name('usageArea')}
            label="Usage area"
            emptyLabel="Choose a usage area"
            disabled={locked}
            options={withCurrent(usageAreas, row.usageArea)}
            onChoose={(value) => choose(withUsageArea(row, value), false)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <RowSelect
            name={name('item')}
            label="Item"
            emptyLabel="Choose an item"
            disabled={locked || !row.usageArea}
            options={withCurrent(
              itemList.map((item) => item.itemName),
              row.item,
            )}
            onChoose={(value) => choose(withItem(row, value, itemList.find((item) => item.itemName === value)?.unit), false)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 2 }}>
          <RowSelect
            name={name('finishType')}
            label="Finish type"
            emptyLabel="Choose a finish"
            disabled={locked || !row.usageArea || !row.item}
            options={withCurrent(finishList, row.finishType)}
            noneText={NO_FINISH_TYPES}
            onChoose={(value) => choose({ ...row, finishType: value }, true)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 2 }}>
          <RowSelect
            name={name('brand')}
            label="Brand"
            emptyLabel="Any brand"
            disabled={locked || !row.usageArea || !row.item}
            options={brands}
            onChoose={(value) => choose({ ...row, brand: value }, row.finishType !== '')}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 4, md: 2 }}>
          <RowSelect name={name('unit')} label="Unit" disabled={locked} options={withCurrent(units, row.unit)} onChoose={(value) => choose({ ...row, unit: value }, false)} />
        </Grid>
        {hasLength && (
          <Grid size={{ xs: 6, sm: 4, md: 2 }}>
            <FormTextField name={name('length')} label="Length (ft)" type="number" size="small" fullWidth disabled={locked} slotProps={numberProps(0, 0.1)} />
          </Grid>
        )}
        {hasWidth && (
          <Grid size={{ xs: 6, sm: 4, md: 2 }}>
            <FormTextField name={name('width')} label="Width (ft)" type="number" size="small" fullWidth disabled={locked} slotProps={numberProps(0, 0.1)} />
          </Grid>
        )}
        <Grid size={{ xs: 6, sm: 4, md: 2 }}>
          <FormTextField name={name('quantity')} label="Quantity" type="number" size="small" fullWidth disabled={locked} slotProps={numberProps(1, 1)} />
        </Grid>
        <Grid size={{ xs: 6, sm: 4, md: 2 }}>
          <FormTextField name={name('unitPrice')} label="Unit price (₹)" type="number" size="small" fullWidth disabled={locked} slotProps={numberProps(0, 0.01)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 12, md: hasWidth ? 2 : hasLength ? 4 : 6 }}>
          <FormTextField name={name('remarks')} label="Remarks" size="small" fullWidth disabled={locked} />
        </Grid>
      </Grid>
      {warning && (
        <Alert severity="warning" sx={{ mt: 1.5, py: 0 }}>
          {warning}
        </Alert>
      )}
    </Card>
  );
});
