import { createContext, useCallback, useContext, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBlocker, useLocation } from 'react-router';
import { ConfirmActionDialog } from './confirm-action-dialog';

/**
 * No typed work is lost without a word (issue 25): a form with unsaved changes asks 'Discard changes?'
 * before it goes, whether by a click outside its dialog or Escape (FormDialog), a move to another
 * screen or URL in the app (DiscardGuard's router blocker), or the tab closing (beforeunload).
 *
 * Every kit form reports whether it is dirty (FormShell calls useDirtyForm with Formik's state); a
 * scope collects the reports of the forms under it: the portal's (DiscardGuard, in its layout) and
 * each dialog's (FormDialog). A form that is being saved is not dirty: the save closes its dialog or
 * moves to the saved record's URL.
 */

/** A form's report: dirty or not, or null once it is gone; `inDialog` when a FormDialog holds it. */
type Report = (key: string, dirty: boolean | null, inDialog?: boolean) => void;

const ScopeContext = createContext<Report>(() => undefined);

/** Tells the scopes above that this form has (or no longer has) unsaved changes. */
export function useDirtyForm(dirty: boolean) {
  const report = useContext(ScopeContext);
  const key = useId();
  useEffect(() => report(key, dirty), [report, key, dirty]);
  useEffect(() => () => report(key, null), [report, key]);
}

/** The report of a form that keeps its own state (not Formik's): put it under the dialog's scope. */
export function DirtyReport({ dirty }: { dirty: boolean }) {
  useDirtyForm(dirty);
  return null;
}

/**
 * The dirty forms under a dialog; `isDirty()` is read when the user tries to leave, so a form's last
 * report counts. `release()` forgets them (the user chose to discard), here and above.
 */
function useDirtyScope() {
  const parent = useContext(ScopeContext);
  const dirtyForms = useRef(new Set<string>());
  const report = useCallback<Report>(
    (key, dirty) => {
      if (dirty) dirtyForms.current.add(key);
      else dirtyForms.current.delete(key);
      parent(key, dirty, true);
    },
    [parent],
  );
  const isDirty = useCallback(() => dirtyForms.current.size > 0, []);
  const release = useCallback(() => {
    for (const key of dirtyForms.current) parent(key, false, true);
    dirtyForms.current.clear();
  }, [parent]);
  return { isDirty, report, release };
}

/** A search parameter that picks a tab of the same screen: changing it leaves no form. */
const VIEW_PARAMS = new Set(['tab']);

/**
 * Whether a move to `next` (on the same path) takes a form away: a parameter the URL had when the
 * form opened (the dialog's ?vendor=<id>, the builder's ?quote=<id>, ?new=1) is dropped or changed.
 * Adding a parameter (a filter, another tab) leaves the form where it is.
 */
function leavesForm(opened: URLSearchParams, next: URLSearchParams): boolean {
  return [...opened].some(([name, value]) => !VIEW_PARAMS.has(name) && next.get(name) !== value);
}

/** The question, word for word (issue 25). */
export const DISCARD_TITLE = 'Discard changes?';
const DISCARD_MESSAGE = 'What you typed here has not been saved and will be lost.';

/** 'Discard changes?': Discard lets the form go, Cancel (or Escape) goes back to it. */
export function DiscardChangesDialog({ open, onDiscard, onKeep }: { open: boolean; onDiscard: () => void; onKeep: () => void }) {
  return <ConfirmActionDialog open={open} title={DISCARD_TITLE} message={DISCARD_MESSAGE} confirmLabel="Discard" onCancel={onKeep} onConfirm={onDiscard} />;
}

/**
 * The dialog side: `close(reason)` for MUI's Dialog onClose asks first when a form in `children`
 * is dirty and the user clicked the backdrop or pressed Escape.
 */
export function useDialogDiscardGuard(onClose: () => void) {
  const { isDirty, report, release } = useDirtyScope();
  const [asking, setAsking] = useState(false);
  const close = (_event: unknown, reason?: 'backdropClick' | 'escapeKeyDown') => {
    if (reason && isDirty()) setAsking(true);
    else onClose();
  };
  const provide = (children: ReactNode) => <ScopeContext.Provider value={report}>{children}</ScopeContext.Provider>;
  const question = (
    <DiscardChangesDialog
      open={asking}
      onKeep={() => setAsking(false)}
      onDiscard={() => {
        // Discarded: the close (often a move to the URL without the dialog) asks nothing more. The
        // question stays over the form until the dialog has faded out (`exited`) and goes with it:
        // closed first, it left the discarded form reachable (its buttons, by click and by role) for
        // the rest of the dialog's fade, 1 time in 3 (the e2e's 'Create Post' clicked the closing
        // form's submit button, not the page's, and the dialog did not open again).
        release();
        onClose();
      }}
    />
  );
  /** For the dialog's transition: gone, with its question. */
  const exited = () => setAsking(false);
  return { close, provide, question, exited };
}

/**
 * The portal's scope (its layout): while any form under it is dirty, a move to another location in
 * the app (a link, the sidebar, Back) that takes the form away asks first, and closing or reloading
 * the tab gets the browser's own question. A dialog's form asks on its own for a click outside and
 * Escape; here only when Back or Forward (or a link to another screen) would close it: the dialog's
 * own buttons (Cancel, a save) close it on purpose. Needs a data router (createBrowserRouter), as
 * useBlocker does.
 */
export function DiscardGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const here = useRef(location.search);
  // Before the forms of a new location report (their effects run after this one).
  useLayoutEffect(() => {
    here.current = location.search;
  }, [location.search]);
  /** Each form under the guard: dirty or not, and the URL's search parameters when it opened. */
  const forms = useRef(new Map<string, { dirty: boolean; inDialog: boolean; opened: URLSearchParams }>());
  const report = useCallback<Report>((key, dirty, inDialog = false) => {
    if (dirty === null) forms.current.delete(key);
    else forms.current.set(key, { dirty, inDialog, opened: forms.current.get(key)?.opened ?? new URLSearchParams(here.current) });
  }, []);
  const isDirty = useCallback(() => [...forms.current.values()].some((form) => form.dirty), []);
  const blocker = useBlocker(({ currentLocation, nextLocation, historyAction }) => {
    if (currentLocation.pathname !== nextLocation.pathname) return isDirty();
    const next = new URLSearchParams(nextLocation.search);
    return [...forms.current.values()].some((form) => form.dirty && (!form.inDialog || historyAction === 'POP') && leavesForm(form.opened, next));
  });
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!isDirty()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [isDirty]);
  const provided = useMemo(() => <ScopeContext.Provider value={report}>{children}</ScopeContext.Provider>, [report, children]);
  return (
    <>
      {provided}
      <DiscardChangesDialog open={blocker.state === 'blocked'} onKeep={() => blocker.reset?.()} onDiscard={() => blocker.proceed?.()} />
    </>
  );
}
