import { useState } from 'react';

/**
 * An add/edit dialog held in the screen's state (the screen has two, so the
 * URL's `?new=1` of useUrlDialog would open both). The id stays while the
 * dialog fades out, so it does not turn into an empty 'add' form on its way out.
 */
export function useEditDialog() {
  const [state, setState] = useState<{ open: boolean; id: string | null }>({ open: false, id: null });
  return {
    open: state.open,
    id: state.id,
    openNew: () => setState({ open: true, id: null }),
    openEdit: (id: string) => setState({ open: true, id }),
    close: () => setState((current) => ({ ...current, open: false })),
  };
}
