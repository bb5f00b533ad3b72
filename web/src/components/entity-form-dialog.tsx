import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Formik, type FormikErrors, type FormikHelpers, type FormikProps, type FormikValues } from 'formik';
import { Fragment, useState, type ReactNode } from 'react';
import type { AnyObjectSchema } from 'yup';
import { serverMessage, staleCurrent } from '../lib/api-errors';
import { serverFieldErrors } from '../lib/form-errors';
import { useToast } from '../lib/toast';
import { ErrorState } from './error-state';
import { FormDialog } from './form-dialog';
import { FormShell, serverErrorsStatus } from './form-fields';
import { LoadingState } from './loading-state';
import { changedFields, useStaleSave } from './stale-save';

/**
 * The entity form kit: a dialog that loads the record to edit (or adds a new
 * one), a Formik form with sections and actions, and one versioned save. A
 * stale save (409 with the record as saved now) shows what changed, field by
 * field, and offers to reload.
 */

/** A heading between groups of fields in a form's grid, then the group. */
export function FormSection({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <>
      <Grid size={12}>
        <Typography variant="overline" component="h3" color="text.secondary" sx={{ display: 'block', mt: 1, lineHeight: 2 }}>
          {title}
        </Typography>
      </Grid>
      {children}
    </>
  );
}

interface Versioned {
  id: string;
  version: number;
}

/** How the form saves a record with a version (an edit): a 409 carrying the current record is a stale save. */
export interface VersionedSave<V, T> {
  id: string;
  noun: string;
  /** The label of each field the form edits, for the list of changes. */
  labels: Record<string, string>;
  toValues: (current: T) => V;
  onReload: (current: T) => void;
}

export interface EntityFormProps<V extends FormikValues, T> {
  titleId: string;
  title: string;
  initialValues: V;
  validationSchema?: AnyObjectSchema;
  validate?: (values: V) => FormikErrors<V>;
  validateOnChange?: boolean;
  /** Calls the API; rejects with its ApiError. */
  save: (values: V) => Promise<T>;
  /** The toast of a successful save. */
  savedToast: (saved: T, values: V) => { title: string; description: string };
  /** The title of the toast of a failed save ('Error updating vendor'). */
  errorTitle: string;
  submitLabel: string;
  submittingLabel: string;
  /** Maps the server's field names to the form's, when they differ. */
  fieldErrors?: (fields: Record<string, string>) => Record<string, string>;
  /** A failure the form explains itself (a duplicate phone under the phone field). */
  onFailed?: (error: unknown, helpers: FormikHelpers<V>) => void;
  /** Set when editing a record with a version. */
  versioned?: VersionedSave<V, T>;
  onSaved?: (saved: T) => void;
  onClose: () => void;
  /** The fields, in a Grid container; a function gets the form's state. */
  children: ReactNode | ((form: FormikProps<V>) => ReactNode);
  /** Rendered beside the form, not in it (a nested dialog, whose submit must not submit this form). */
  beside?: (form: FormikProps<V>) => ReactNode;
}

/** A form in a FormDialog: title, stale-save notice, the fields, Cancel and the submit button. */
export function EntityForm<V extends FormikValues, T>(props: EntityFormProps<V, T>) {
  const { toast } = useToast();
  const { versioned } = props;
  const stale = useStaleSave<T>();

  const submit = async (values: V, helpers: FormikHelpers<V>) => {
    helpers.setStatus(undefined);
    try {
      const saved = await props.save(values);
      toast(props.savedToast(saved, values));
      props.onSaved?.(saved);
      props.onClose();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) helpers.setStatus(serverErrorsStatus(props.fieldErrors ? props.fieldErrors(fields) : fields));
      else props.onFailed?.(error, helpers);
      if (versioned) stale.caught(error, staleCurrent<T & Versioned>(error, versioned.id), (current) => changedFields(versioned.toValues(current), values, versioned.labels));
      toast({ variant: 'destructive', title: props.errorTitle, description: serverMessage(error) });
    }
  };

  return (
    <Formik<V>
      initialValues={props.initialValues}
      validationSchema={props.validationSchema}
      validate={props.validate}
      validateOnChange={props.validateOnChange}
      onSubmit={submit}
    >
      {(form) => (
        <>
          <FormShell>
            <DialogTitle id={props.titleId}>{props.title}</DialogTitle>
            <DialogContent dividers>
              {versioned && stale.notice(versioned.noun, (current) => current && versioned.onReload(current))}
              <Grid container spacing={2}>
                {typeof props.children === 'function' ? props.children(form) : props.children}
              </Grid>
            </DialogContent>
            <DialogActions sx={{ px: 3, py: 2 }}>
              <Button onClick={props.onClose} disabled={form.isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={form.isSubmitting || stale.isStale}>
                {form.isSubmitting ? props.submittingLabel : props.submitLabel}
              </Button>
            </DialogActions>
          </FormShell>
          {props.beside?.(form)}
        </>
      )}
    </Formik>
  );
}

interface EntityFormDialogProps<T extends Versioned> {
  open: boolean;
  onClose: () => void;
  titleId: string;
  maxWidth?: 'sm' | 'md';
  /** The record to edit; null adds a new one. */
  id: string | null;
  /** The record as the app has it now (undefined while it loads). */
  record: T | undefined;
  /** Why it could not be loaded. */
  error?: unknown;
  /** 'Edit Vendor', shown while the record loads. */
  editTitle: string;
  /** 'vendor', for 'Loading vendor...'. */
  noun: string;
  /** Told the record as saved now when the form reloads after a stale save (to update a cache). */
  onReload?: (current: T) => void;
  /**
   * The form, for the record as it was loaded (null adds): the dialog keeps
   * that version while the form is open, so a refetch never resets what is
   * being typed; `reload` starts the form again from a newer version.
   */
  children: (loaded: T | null, reload: (current: T) => void) => ReactNode;
}

/** An add/edit dialog: loads the record to edit, shows loading and load errors, and remounts the form per version. */
export function EntityFormDialog<T extends Versioned>(props: EntityFormDialogProps<T>) {
  return (
    <FormDialog open={props.open} onClose={props.onClose} titleId={props.titleId} maxWidth={props.maxWidth}>
      <Editor {...props} />
    </FormDialog>
  );
}

function Editor<T extends Versioned>({ id, record, error, titleId, editTitle, noun, onClose, onReload, children }: EntityFormDialogProps<T>) {
  const [loaded, setLoaded] = useState<T | null>(null);
  if (record && record.id === id && loaded?.id !== record.id) setLoaded(record);
  const reload = (current: T) => {
    onReload?.(current);
    setLoaded(current);
  };

  if (id === null) return <>{children(null, reload)}</>;
  if (!loaded || loaded.id !== id) {
    return (
      <>
        <DialogTitle id={titleId}>{editTitle}</DialogTitle>
        <DialogContent dividers>
          {error ? <ErrorState message={`Could not load this ${noun}. ${serverMessage(error)}`} /> : <LoadingState label={`Loading ${noun}...`} />}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </>
    );
  }
  return <Fragment key={loaded.version}>{children(loaded, reload)}</Fragment>;
}
