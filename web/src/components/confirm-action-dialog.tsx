import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';

interface ConfirmActionDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  pending?: boolean;
  /** A word the user must type before the action is allowed (a step that replaces data, e.g. a restore). */
  typeToConfirm?: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Asks before a step that cannot be taken back quietly (sending a quote below the margin, marking it approved,
 * restoring a backup with `typeToConfirm`); ConfirmDeleteDialog is the one for deleting.
 */
export function ConfirmActionDialog({ open, title, message, confirmLabel, pending, typeToConfirm, onCancel, onConfirm }: ConfirmActionDialogProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  // Asked afresh each time the dialog opens.
  if (!open && typed !== '') setTyped('');
  const allowed = !typeToConfirm || typed === typeToConfirm;
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{message}</DialogContentText>
        {typeToConfirm && (
          <TextField
            label={`Type ${typeToConfirm} to confirm`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            fullWidth
            margin="normal"
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={pending || !allowed}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
