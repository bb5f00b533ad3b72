import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

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
