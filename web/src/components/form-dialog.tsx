import Dialog from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useDialogDiscardGuard } from './discard-guard';

interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  /** The id of the dialog's title (its accessible name). */
  titleId: string;
  maxWidth?: 'sm' | 'md';
  children: ReactNode;
}

/**
 * The dialog every portal form opens in: full screen on phones, and laid out
 * so that a form between the paper and its content lets the content scroll
 * while the buttons stay in view. A click outside it or Escape asks 'Discard changes?' first when a
 * form in it has unsaved changes (discard-guard.tsx).
 */
export function FormDialog({ open, onClose, titleId, maxWidth = 'md', children }: FormDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const guard = useDialogDiscardGuard(onClose);
  return (
    <Dialog
      open={open}
      onClose={guard.close}
      fullScreen={fullScreen}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      // React events bubble out of a portal: a dialog opened from within another form
      // (New customer in the project form) must not submit that form too.
      onSubmit={(event) => event.stopPropagation()}
      slotProps={{ paper: { sx: { '& > form': { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 } } }, transition: { onExited: guard.exited } }}
    >
      {guard.provide(children)}
      {guard.question}
    </Dialog>
  );
}
