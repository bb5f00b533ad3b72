import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Portal from '@mui/material/Portal';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { PointerEvent, Ref } from 'react';
import { TOAST_DURATION_MS, type ShownToast } from './toast';

export interface ToastViewProps {
  toast: ShownToast;
  open: boolean;
  /** How far the toast has been swiped right, while it is being swiped. */
  swipe: { startX: number; dx: number } | null;
  alertRef: Ref<HTMLDivElement>;
  onClose: (event: unknown, reason?: SnackbarCloseReason) => void;
  onExited: () => void;
  close: () => void;
  onPointerDown: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerMove: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerEnd: () => void;
}

/**
 * What a toast looks like: a Snackbar holding an Alert. A chunk of its own, which
 * ToastProvider loads when the first toast shows: no page's first paint needs it.
 */
export function ToastView({ toast, open, swipe, alertRef, onClose, onExited, close, onPointerDown, onPointerMove, onPointerEnd }: ToastViewProps) {
  const destructive = toast.variant === 'destructive';
  // Top centre on phones, bottom left on larger screens (see ToastProvider).
  // Read at once (noSsr): a toast only ever shows in the browser, and must not start in the wrong corner.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  return (
    // A portal of its own, made when the toast shows: a dialog open at that
    // moment hides the rest of the page from screen readers, not the toast.
    <Portal>
      <Snackbar
        open={open}
        autoHideDuration={TOAST_DURATION_MS}
        onClose={onClose}
        anchorOrigin={phone ? { vertical: 'top', horizontal: 'center' } : { vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ transition: { onExited } }}
        sx={{ maxWidth: { md: 420 }, width: { md: '100%' } }}
      >
        <Box
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          sx={{
            width: '100%',
            touchAction: 'pan-y',
            transform: swipe ? `translateX(${swipe.dx}px)` : undefined,
            opacity: swipe ? Math.max(0.3, 1 - swipe.dx / 200) : undefined,
            transition: swipe ? 'none' : 'transform 150ms ease-out',
          }}
        >
          <Alert
            ref={alertRef}
            tabIndex={-1}
            role={destructive ? 'alert' : 'status'}
            aria-live={destructive ? 'assertive' : 'polite'}
            severity={destructive ? 'error' : 'success'}
            variant="standard"
            onClose={close}
            sx={{
              width: '100%',
              alignItems: 'flex-start',
              border: 1,
              borderColor: destructive ? 'error.light' : 'success.light',
              boxShadow: '0 12px 32px rgba(30, 20, 10, 0.18)',
            }}
          >
            <AlertTitle sx={{ fontWeight: 700, mb: toast.description ? 0.5 : 0 }}>{toast.title}</AlertTitle>
            {toast.description}
          </Alert>
        </Box>
      </Snackbar>
    </Portal>
  );
}
