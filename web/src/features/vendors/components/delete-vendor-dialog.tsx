import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface DeleteVendorDialogProps {
  open: boolean;
  name: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a vendor is deleted for good, and says how to keep it instead. */
export function DeleteVendorDialog({ open, name, pending, onCancel, onConfirm }: DeleteVendorDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="delete-vendor-title" aria-describedby="delete-vendor-text">
      <DialogTitle id="delete-vendor-title">Delete this vendor?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-vendor-text">
          {name} will be deleted. This cannot be undone. To keep the vendor's details, mark it inactive or blacklisted
          instead.
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
