import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { isConflict, isForbidden, serverMessage } from '../lib/api-errors';
import { useToast } from '../lib/toast';

interface ConfirmDeleteDialogProps {
  open: boolean;
  title: string;
  message: string;
  /** The delete button's label ('Delete', 'Remove'). */
  action?: string;
  pending: boolean;
  /** Why the last attempt was refused, when it cannot succeed as things are (a customer with projects). */
  refusal?: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before something is deleted for good; shows why when the server refuses (a customer with projects). */
export function ConfirmDeleteDialog({ open, title, message, action = 'Delete', pending, refusal, onCancel, onConfirm }: ConfirmDeleteDialogProps) {
  const id = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{message}</DialogContentText>
        {refusal && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {refusal}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending}>
          {refusal ? 'Close' : 'Cancel'}
        </Button>
        {!refusal && (
          <Button color="error" variant="contained" onClick={onConfirm} disabled={pending}>
            {pending ? `${action === 'Delete' ? 'Deleting' : 'Removing'}...` : action}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

interface DeleteFlowOptions<T> {
  /** The delete mutation (react-query's useMutation of the record's id). */
  mutation: { mutateAsync: (id: string) => Promise<unknown>; isPending: boolean };
  /** 'Vendor': for 'Vendor deleted successfully!' and 'Error deleting vendor'. */
  noun: string;
  /** The record's name, in the toasts. */
  nameOf: (item: T) => string;
  /** The question's text, for the record (null while none was chosen yet). */
  message: (item: T | null) => string;
  /** What the error toast says on 403 instead of the server's words. */
  forbidden?: string;
  /** A 409 is a refusal to explain in the dialog (a customer with projects), not a failure to close on. */
  conflictIsRefusal?: boolean;
}

/** One delete flow: ask (ConfirmDeleteDialog), delete, toast the outcome. `ask(item)` opens it; render `dialog`. */
export function useDeleteFlow<T extends { id: string }>(options: DeleteFlowOptions<T>) {
  const { toast } = useToast();
  const [item, setItem] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { mutation, noun, nameOf } = options;

  const remove = async (target: T) => {
    try {
      await mutation.mutateAsync(target.id);
      toast({ title: `${noun} deleted successfully!`, description: nameOf(target) });
      setOpen(false);
    } catch (error) {
      const description = isForbidden(error) && options.forbidden ? options.forbidden : serverMessage(error);
      toast({ variant: 'destructive', title: `Error deleting ${noun.toLowerCase()}`, description });
      if (options.conflictIsRefusal && isConflict(error)) setRefusal(serverMessage(error));
      else setOpen(false);
    }
  };

  return {
    ask: (target: T) => {
      setItem(target);
      setRefusal(null);
      setOpen(true);
    },
    dialog: (
      <ConfirmDeleteDialog
        open={open}
        title={`Delete this ${noun.toLowerCase()}?`}
        message={options.message(item)}
        pending={mutation.isPending}
        refusal={refusal}
        onCancel={() => setOpen(false)}
        onConfirm={() => item && void remove(item)}
      />
    ),
  };
}
