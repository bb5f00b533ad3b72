import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { FormikValues } from 'formik';
import { useState, type ReactNode } from 'react';
import { serverMessage } from '../lib/api-errors';
import { ChangesTable } from './changes-table';

/**
 * The one way a form saves a record with a version: a save refused with 409
 * because someone else saved first (the answer carries the record as saved
 * now) is a stale save. The form keeps the user's input and shows what
 * differs, field by field, with Reload to start from the saved version.
 */

/** One field a stale save would overwrite: the label, the value saved by someone else, and the one in the form. */
export interface FieldChange {
  label: string;
  theirs: string;
  yours: string;
}

function shown(value: unknown): string {
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  if (value === null || value === undefined || value === '') return '—';
  return String(value);
}

/** The labelled fields whose saved value (`theirs`) differs from the form's (`yours`), in label order. */
export function changedFields(theirs: FormikValues, yours: FormikValues, labels: Record<string, string>): FieldChange[] {
  return Object.entries(labels)
    .filter(([name]) => shown(theirs[name]) !== shown(yours[name]))
    .map(([name, label]) => ({ label, theirs: shown(theirs[name]), yours: shown(yours[name]) }));
}

/** A save refused because someone else saved first: what differs, and Reload to start from their version. */
export function StaleChanges({ message, noun, changes, onReload }: { message: string; noun: string; changes: FieldChange[]; onReload: () => void }) {
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}
      action={
        <Button color="inherit" size="small" onClick={onReload}>
          Reload
        </Button>
      }
    >
      {message} Reloading replaces your edits with the saved {noun}.
      {changes.length > 0 && (
        <ChangesTable
          label="What changed"
          columns={['Saved by someone else', 'Yours']}
          rows={changes.map((change) => ({ label: change.label, first: change.theirs, second: change.yours }))}
          sx={{ mt: 1, '& th, & td': { py: 0.25 } }}
        />
      )}
    </Alert>
  );
}

/** A stale save the form shows: the server's message, the record as saved now (when the answer had it), and what differs. */
interface Stale<T> {
  message: string;
  current: T | undefined;
  changes: FieldChange[];
}

/**
 * The stale-save state of a form (useStaleSave): `caught` after a failed save
 * keeps a stale one to show, `notice` renders it (nothing when there is none),
 * and `isStale` holds the form's save back until the user reloads.
 */
export function useStaleSave<T>() {
  const [stale, setStale] = useState<Stale<T> | null>(null);
  return {
    isStale: stale !== null,
    /**
     * After a failed save: `current` is the record as saved now when the
     * failure was a stale save (staleCurrent), and `changes` lists what differs
     * from the form. Answers whether it was one.
     */
    caught(error: unknown, current: T | undefined, changes: (current: T) => FieldChange[]): boolean {
      if (current === undefined) return false;
      setStale({ message: serverMessage(error), current, changes: changes(current) });
      return true;
    },
    /** Shows a stale save the form learnt of its own way (a 409 without the record: `current` undefined). */
    show(next: Stale<T>) {
      setStale(next);
    },
    clear() {
      setStale(null);
    },
    /** The notice, naming the record (`noun`); Reload clears it and calls `onReload` with the saved record. */
    notice(noun: string, onReload: (current: T | undefined) => void): ReactNode {
      if (!stale) return null;
      return (
        <StaleChanges
          message={stale.message}
          noun={noun}
          changes={stale.changes}
          onReload={() => {
            setStale(null);
            onReload(stale.current);
          }}
        />
      );
    },
  };
}
