import { RATE_LIBRARY_MESSAGES, unitInputSchema, type Unit } from '@app/shared-types/rate-library';
import { EntityForm, EntityFormDialog } from '../../../components/entity-form-dialog';
import { FormField } from '../../../components/form-fields';
import { useCreateUnit, useUpdateUnit } from '../api/save-unit';

const TITLE_ID = 'unit-dialog-title';

/** Add Unit / Rename Unit. Items refer to a unit by id, so a rename shows on every item at once. */
export function UnitDialog({ open, unit, onClose }: { open: boolean; unit: Unit | null; onClose: () => void }) {
  const create = useCreateUnit();
  const update = useUpdateUnit();
  return (
    <EntityFormDialog<Unit> open={open} onClose={onClose} titleId={TITLE_ID} maxWidth="sm" id={unit?.id ?? null} record={unit ?? undefined} editTitle="Edit Unit" noun="unit">
      {(loaded, reload) => (
        <EntityForm<{ name: string }, Unit>
          titleId={TITLE_ID}
          title={loaded ? 'Edit Unit' : 'Add Unit'}
          initialValues={{ name: loaded?.name ?? '' }}
          validationSchema={unitInputSchema}
          save={({ name }) => (loaded ? update.mutateAsync({ id: loaded.id, name, retired: loaded.retired, version: loaded.version }) : create.mutateAsync({ name, retired: false }))}
          savedToast={(saved) => ({ title: RATE_LIBRARY_MESSAGES.saved, description: `Unit '${saved.name}' saved` })}
          errorTitle={RATE_LIBRARY_MESSAGES.saveFailed}
          submitLabel={loaded ? 'Save Changes' : 'Add Unit'}
          submittingLabel="Saving..."
          versioned={loaded ? { id: loaded.id, noun: 'unit', labels: { name: 'Name' }, toValues: (current) => ({ name: current.name }), onReload: reload } : undefined}
          onClose={onClose}
        >
          <FormField name="name" label="Unit" required autoFocus autoComplete="off" size={12} />
        </EntityForm>
      )}
    </EntityFormDialog>
  );
}
