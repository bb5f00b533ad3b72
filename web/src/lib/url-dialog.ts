import { useState } from 'react';
import { withParam, useUrlSearchParams } from './url-params';

/**
 * A dialog whose open state lives in the URL, so reload and back work:
 * `?new=1` adds, `?<name>=<id>` edits. The id stays while the dialog fades
 * out after the URL dropped it, so it does not turn into an empty 'add' form
 * on its way out.
 */
export function useUrlDialog(name: string) {
  const [params, setParams] = useUrlSearchParams();
  const creating = params.get('new') === '1';
  const editing = params.get(name);
  const open = creating || editing !== null;
  const target = creating ? null : editing;
  const [shown, setShown] = useState(target);
  if (open && shown !== target) setShown(target);
  const set = (id: string | null, isNew: boolean) =>
    setParams((current) => withParam(withParam(current, 'new', isNew ? '1' : null), name, id));
  return {
    open,
    /** Adding a new record (?new=1). */
    creating,
    /** The record being edited; null while adding. */
    id: open ? target : shown,
    openNew: () => set(null, true),
    openEdit: (id: string) => set(id, false),
    close: () => set(null, false),
  };
}
