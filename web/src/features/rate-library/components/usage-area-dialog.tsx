import type { UsageArea } from '@app/shared-types/rate-library';
import { RATE_LIBRARY_MESSAGES, usageAreaInputSchema } from '@app/shared-types/rate-library';
import { EntityForm, EntityFormDialog } from '../../../components/entity-form-dialog';
import { FormField } from '../../../components/form-fields';
import { useCreateUsageArea, useUpdateUsageArea } from '../api/save-usage-area';

const TITLE_ID = 'usage-area-dialog-title';

interface Values {
  name: string;
  sortOrder: string;
}

const toValues = (area: UsageArea): Values => ({ name: area.name, sortOrder: String(area.sortOrder) });

/** Add Usage Area / Rename Usage Area: its name and where it sorts in the builder's list. */
export function UsageAreaDialog({ open, area, nextSortOrder, onClose }: { open: boolean; area: UsageArea | null; nextSortOrder: number; onClose: () => void }) {
  const create = useCreateUsageArea();
  const update = useUpdateUsageArea();
  return (
    <EntityFormDialog<UsageArea> open={open} onClose={onClose} titleId={TITLE_ID} maxWidth="sm" id={area?.id ?? null} record={area ?? undefined} editTitle="Edit Usage Area" noun="usage area">
      {(loaded, reload) => (
        <EntityForm<Values, UsageArea>
          titleId={TITLE_ID}
          title={loaded ? 'Edit Usage Area' : 'Add Usage Area'}
          initialValues={loaded ? toValues(loaded) : { name: '', sortOrder: String(nextSortOrder) }}
          validationSchema={usageAreaInputSchema}
          save={(values) => {
            const input = usageAreaInputSchema.validateSync(values);
            return loaded ? update.mutateAsync({ id: loaded.id, ...input, retired: loaded.retired, version: loaded.version }) : create.mutateAsync(input);
          }}
          savedToast={(saved) => ({ title: RATE_LIBRARY_MESSAGES.saved, description: loaded ? `Usage area '${saved.name}' saved` : `Usage area '${saved.name}' added` })}
          errorTitle={RATE_LIBRARY_MESSAGES.saveFailed}
          submitLabel={loaded ? 'Save Changes' : 'Add Usage Area'}
          submittingLabel="Saving..."
          versioned={loaded ? { id: loaded.id, noun: 'usage area', labels: { name: 'Name', sortOrder: 'Sort order' }, toValues, onReload: reload } : undefined}
          onClose={onClose}
        >
          <FormField name="name" label="Usage Area" required autoFocus autoComplete="off" size={{ xs: 12, sm: 8 }} />
          <FormField name="sortOrder" label="Sort order" kind="number" size={{ xs: 12, sm: 4 }} helperText="Lower comes first" />
        </EntityForm>
      )}
    </EntityFormDialog>
  );
}
