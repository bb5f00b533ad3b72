import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface DeleteLeadDialogProps {
  open: boolean;
  name: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a lead and its timeline are deleted for good. */
export function DeleteLeadDialog({ open, name, pending, onCancel, onConfirm }: DeleteLeadDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="delete-lead-title" aria-describedby="delete-lead-text">
      <DialogTitle id="delete-lead-title">Delete this lead?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-lead-text">
          {name} and the lead's whole timeline will be deleted. This cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={pending}>
          {pending ? 'Deleting...' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
