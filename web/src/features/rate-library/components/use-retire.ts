import type { Brand, Price, RateItem, Unit, UsageArea } from '@app/shared-types/rate-library';
import { RATE_LIBRARY_MESSAGES } from '@app/shared-types/rate-library';
import { serverMessage } from '../../../lib/api-errors';
import { useToast } from '../../../lib/toast';
import { useUpdateBrand } from '../api/save-brand';
import { useUpdateItem } from '../api/save-item';
import { useUpdatePrice } from '../api/save-price';
import { useUpdateUnit } from '../api/save-unit';
import { useUpdateUsageArea } from '../api/save-usage-area';

/**
 * Retire and restore, for every kind of entry: the entry as read, sent back
 * with `retired` flipped at its version (a stale one is refused and said so).
 * Retired entries stay in the library; the builder stops offering them.
 */
export function useRetire() {
  const { toast } = useToast();
  const area = useUpdateUsageArea();
  const item = useUpdateItem();
  const unit = useUpdateUnit();
  const brand = useUpdateBrand();
  const price = useUpdatePrice();

  const run = async (label: string, retired: boolean, write: () => Promise<unknown>) => {
    try {
      await write();
      toast({ title: RATE_LIBRARY_MESSAGES.saved, description: `${label} ${retired ? 'retired' : 'restored'}` });
    } catch (error) {
      toast({ variant: 'destructive', title: RATE_LIBRARY_MESSAGES.saveFailed, description: serverMessage(error) });
    }
  };

  return {
    area: (entry: UsageArea) =>
      run(`Usage area '${entry.name}'`, !entry.retired, () =>
        area.mutateAsync({ id: entry.id, name: entry.name, sortOrder: entry.sortOrder, retired: !entry.retired, version: entry.version }),
      ),
    item: (entry: RateItem) =>
      run(`Item '${entry.itemName}'`, !entry.retired, () =>
        item.mutateAsync({
          id: entry.id,
          usageAreaId: entry.usageAreaId,
          itemName: entry.itemName,
          unitId: entry.unitId,
          finishTypes: entry.finishTypes,
          brandIds: entry.brandIds,
          retired: !entry.retired,
          version: entry.version,
        }),
      ),
    unit: (entry: Unit) => run(`Unit '${entry.name}'`, !entry.retired, () => unit.mutateAsync({ id: entry.id, name: entry.name, retired: !entry.retired, version: entry.version })),
    brand: (entry: Brand) =>
      run(`Brand '${entry.name}'`, !entry.retired, () =>
        brand.mutateAsync({ id: entry.id, name: entry.name, suggested: entry.suggested, retired: !entry.retired, version: entry.version }),
      ),
    price: (entry: Price, label: string) =>
      run(`Price of ${label}`, !entry.retired, () =>
        price.mutateAsync({ id: entry.id, price: entry.price, costPrice: entry.costPrice, retired: !entry.retired, version: entry.version }),
      ),
  };
}

export type Retire = ReturnType<typeof useRetire>;
